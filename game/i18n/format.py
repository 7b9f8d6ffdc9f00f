"""Player-facing formatting in one place: numbers with the language's decimal mark, suit
symbols, card and contract labels, and the sentence for a refused action.

Why here and not in the screens: the same number or card appears on the table, in hints,
the analysis, statistics and the replay captions, and must read the same everywhere and
in every language.  Nothing here imports pygame.
"""

from __future__ import annotations

from . import language, t

SUIT_SYMBOLS = "♠♥♦♣"  # drawn as icons by the UI's text renderer wherever they appear in a text
_COMMA_LANGUAGES = ("pl", "ru", "bg")


def decimal(value: float, places: int = 1, sign: bool = False) -> str:
    """``value`` with `places` decimals and the language's decimal mark (a comma in pl, ru
    and bg); with `sign`, a leading + or a true minus sign (−)."""
    text = f"{abs(value) if sign else value:.{places}f}"
    if language() in _COMMA_LANGUAGES:
        text = text.replace(".", ",")
    if sign:
        text = ("−" if round(value, places) < 0 else "+") + text
    return text


def suit_symbol(suit: int) -> str:
    return SUIT_SYMBOLS[suit]


def card_label(card) -> str:
    """A card as players write it: rank then suit symbol, 10 for a ten (``10♥``)."""
    return card.pretty()


def contract_label(contract: str) -> str:
    """A contract's name with its suit symbol (``♥ Hearts``, ``No trumps``)."""
    return t(f"contract.{contract}")


def contract_name(contract: str) -> str:
    """A contract's name without the symbol, for places that draw the suit icon beside it."""
    return contract_label(contract).lstrip(SUIT_SYMBOLS + " ")


def refusal(exc, **names) -> str:
    """The sentence for an ``IllegalAction`` in the player's language, from its code and
    fields (never from its English message).  ``names`` gives names the engine does not
    know, such as the ``name`` of the seat whose turn it is."""
    fields = dict(getattr(exc, "fields", {}) or {})
    for key in ("suit", "trump"):
        if isinstance(fields.get(key), int):
            fields[key] = SUIT_SYMBOLS[fields[key]]
    if "contract" in fields:
        fields["contract"] = contract_label(fields["contract"])
    code = str(getattr(exc, "code", "bad_notation"))
    return t(f"refusal.{code}", **fields, **names)


__all__ = ["SUIT_SYMBOLS", "decimal", "suit_symbol", "card_label", "contract_label", "contract_name", "refusal"]
