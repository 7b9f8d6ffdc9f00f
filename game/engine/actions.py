"""Actions and their text notation: ``declare H``, ``give QH``, ``discard 2C``, ``play AS``."""

from __future__ import annotations

from typing import NamedTuple

from .cards import CARDS, Card, plain, shown
from .errors import InvalidNotation
from .rules import ALL_CONTRACTS, parse_contract

DECLARE, GIVE, DISCARD, PLAY = "declare", "give", "discard", "play"
KINDS = (DECLARE, GIVE, DISCARD, PLAY)


class Action:
    """One decision of a player.  Interned: ``Action.play(card) is Action.parse('play AS')``."""

    __slots__ = ("kind", "card", "contract", "_text")

    def __init__(self, kind: str, card: Card | None = None, contract: str | None = None):
        if kind not in KINDS:
            raise InvalidNotation(f"not an action kind: {shown(kind)} (declare, give, discard or play)")
        if kind == DECLARE:
            if card is not None or contract not in ALL_CONTRACTS:
                raise InvalidNotation(f"declare needs a contract (S, H, D, C, NT or MT), not {shown(contract)}")
        elif not isinstance(card, Card) or contract is not None:
            raise InvalidNotation(f"{kind} needs one card, not {shown(card)}")
        self.kind = kind
        self.card = card
        self.contract = contract
        self._text = f"{kind} {contract if card is None else card}"

    @staticmethod
    def play(card) -> "Action":
        return _PLAY[Card.parse(card).index]

    @staticmethod
    def give(card) -> "Action":
        return _GIVE[Card.parse(card).index]

    @staticmethod
    def discard(card) -> "Action":
        return _DISCARD[Card.parse(card).index]

    @staticmethod
    def declare(contract: str) -> "Action":
        return _DECLARE[parse_contract(contract)]

    @staticmethod
    def parse(text: "str | Action") -> "Action":
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise InvalidNotation(f"not an action: {shown(text)}")
        parts = plain(text, "an action").split(" ")
        if len(parts) != 2 or not parts[1] or parts[0].lower() not in KINDS:
            raise InvalidNotation(
                f"not an action: {shown(text)} (write 'declare H', 'give QH', 'discard 2C' or 'play AS', "
                "one space between the words)"
            )
        kind, arg = parts[0].lower(), parts[1]
        if kind == DECLARE:
            return Action.declare(arg)
        return _BY_KIND[kind][Card.parse(arg).index]

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Action({self._text!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Action) and self._text == other._text

    def __hash__(self) -> int:
        return hash(self._text)

    def __reduce__(self):
        return (Action.parse, (self._text,))


_PLAY = tuple(Action(PLAY, c) for c in CARDS)
_GIVE = tuple(Action(GIVE, c) for c in CARDS)
_DISCARD = tuple(Action(DISCARD, c) for c in CARDS)
_DECLARE = {c: Action(DECLARE, contract=c) for c in ALL_CONTRACTS}
_BY_KIND = {PLAY: _PLAY, GIVE: _GIVE, DISCARD: _DISCARD}


class Event(NamedTuple):
    """Something that happened when an action was applied, for animation and logs.

    Events may name hidden cards (the card a receiver returned): show a person only what
    their view allows.
    """

    kind: str
    seat: int | None = None
    card: Card | None = None
    data: object = None

    def __str__(self) -> str:
        parts = [self.kind]
        if self.seat is not None:
            parts.append(f"seat {self.seat}")
        if self.card is not None:
            parts.append(str(self.card))
        if self.data is not None:
            parts.append(str(self.data))
        return " ".join(parts)
