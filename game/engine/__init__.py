"""The 3-5-8 rules engine: pure Python, no pygame.

Value types (``Card``, ``Action``, ``RuleSet``), one state object (``Match``) with
``legal_actions()`` / ``apply()``, per-seat ``View``s, and text notation for everything.
Around it: ``save`` (the JSON save format), ``history`` (rebuild, undo, the replay cursor)
and ``formats`` (the text record and share codes), which import ``Match`` and are never
imported by it.
"""

# Each name is loaded from its module when first asked for (PEP 562), not when the package
# is: the title needs the cards alone, and the whole engine (the match, its views and
# deals) was a tenth of a cheap phone's start before the title showed.
_HOMES = {
    "actions": ("Action", "Event"),
    "cards": ("CARDS", "SUIT_MASKS", "SUIT_NAMES", "SUIT_SYMBOLS", "SUITS", "Card", "cards_of", "format_cards", "mask_of",
              "parse_cards"),
    "deal": ("Deal", "ExchangeStep", "Trick", "check_seat"),
    "errors": ("IllegalAction", "InvalidNotation", "InvalidPosition", "InvalidRules", "RecordError", "Refusal",
               "SaveError"),
    "match": ("Match",),
    "phases": ("Phase",),
    "rules": ("ALL_CONTRACTS", "MT", "NT", "TRUMP_CONTRACTS", "RuleSet", "parse_contract", "trump_of"),
    "view": ("View",),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str):
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # asked once: a plain attribute from then on
    return value


def __dir__() -> list:
    return sorted({*globals(), *_HOME_OF})


__all__ = [
    "Action", "Event", "IllegalAction", "Refusal", "CARDS", "SUIT_MASKS", "SUIT_NAMES", "SUIT_SYMBOLS", "SUITS",
    "Card", "InvalidNotation", "cards_of", "format_cards", "mask_of", "parse_cards", "Deal", "ExchangeStep",
    "Trick", "check_seat", "InvalidPosition", "Match", "Phase", "SaveError", "RecordError", "ALL_CONTRACTS", "MT",
    "NT", "TRUMP_CONTRACTS", "InvalidRules", "RuleSet", "parse_contract", "trump_of", "View",
]
