"""A hint's reason (game/ai/reasons.py) in the player's words.

The reasoning names facts (cards, suits, seats, contracts, counts); this puts them into the
sentence ``why.<code>`` of the message tables, each fact written the way the rest of the
game writes it (format.py), so a card reads the same in a hint as on the table.
"""

from __future__ import annotations

from . import t
from .format import card_label, contract_label, decimal, suit_symbol

_SUITS = ("suit", "led")
_SEATS = ("seat", "winner_seat")
_CONTRACTS = ("contract", "other")


def _field(key: str, value, names) -> str:
    if key in _SUITS:
        return suit_symbol(value)
    if key in _SEATS:
        return names[value]
    if key in _CONTRACTS:
        return contract_label(value)
    if isinstance(value, (tuple, list)):
        return ", ".join(card_label(c) for c in value)
    if hasattr(value, "pretty"):
        return card_label(value)
    return str(value)


def sentence(reason, names) -> str:
    """The reason (and its second sentence, if any) in the current language; `names` are
    the seats' names."""
    fields = {key: _field(key, value, names) for key, value in reason.facts.items()}
    text = t(f"why.{reason.code}", **fields)
    if reason.extra is not None:
        text += " " + sentence(reason.extra, names)
    return text


def figures(tricks: float, points: float) -> str:
    """The evaluator's figures behind the reason, as a short aside."""
    return t("why.figures", tricks=decimal(tricks), points=decimal(points, sign=True))


__all__ = ["sentence", "figures"]
