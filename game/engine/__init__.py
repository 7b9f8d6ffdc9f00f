"""The 3-5-8 rules engine: pure Python, no pygame.

Value types (``Card``, ``Action``, ``RuleSet``), one state object (``Match``) with
``legal_actions()`` / ``apply()``, per-seat ``View``s, and text notation for everything.
Around it: ``save`` (the JSON save format), ``history`` (rebuild, undo, the replay cursor)
and ``formats`` (the text record and share codes), which import ``Match`` and are never
imported by it.
"""

from .actions import Action, Event
from .cards import CARDS, SUIT_MASKS, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, cards_of, format_cards, mask_of, parse_cards
from .deal import Deal, ExchangeStep, Trick, check_seat
from .errors import IllegalAction, InvalidNotation, InvalidPosition, InvalidRules, RecordError, Refusal, SaveError
from .match import Match
from .phases import Phase
from .rules import ALL_CONTRACTS, MT, NT, TRUMP_CONTRACTS, RuleSet, parse_contract, trump_of
from .view import View

__all__ = [
    "Action", "Event", "IllegalAction", "Refusal", "CARDS", "SUIT_MASKS", "SUIT_NAMES", "SUIT_SYMBOLS", "SUITS",
    "Card", "InvalidNotation", "cards_of", "format_cards", "mask_of", "parse_cards", "Deal", "ExchangeStep",
    "Trick", "check_seat", "InvalidPosition", "Match", "Phase", "SaveError", "RecordError", "ALL_CONTRACTS", "MT",
    "NT", "TRUMP_CONTRACTS", "InvalidRules", "RuleSet", "parse_contract", "trump_of", "View",
]
