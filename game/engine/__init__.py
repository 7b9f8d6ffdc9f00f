"""The 3-5-8 rules engine: pure Python, no pygame.

Value types (``Card``, ``Action``, ``RuleSet``), one state object (``Match``) with
``legal_actions()`` / ``apply()``, per-seat ``View``s, and text notation for everything.
"""

from .actions import Action, Event, IllegalAction
from .cards import (CARDS, SUIT_MASKS, SUIT_NAMES, SUIT_SYMBOLS, SUITS, Card, InvalidNotation, cards_of,
                    format_cards, mask_of, parse_cards)
from .deal import DealRecord, ExchangeStep, InvalidPosition, TrickRecord
from .match import Match
from .record import SaveError
from .rules import ALL_CONTRACTS, MT, NT, TRUMP_CONTRACTS, InvalidRules, RuleSet, parse_contract, trump_of
from .view import View

__all__ = [
    "Action", "Event", "IllegalAction", "CARDS", "SUIT_MASKS", "SUIT_NAMES", "SUIT_SYMBOLS", "SUITS", "Card",
    "InvalidNotation", "cards_of", "format_cards", "mask_of", "parse_cards", "DealRecord", "ExchangeStep",
    "TrickRecord", "InvalidPosition", "Match", "SaveError", "ALL_CONTRACTS", "MT", "NT", "TRUMP_CONTRACTS", "InvalidRules",
    "RuleSet", "parse_contract", "trump_of", "View",
]
