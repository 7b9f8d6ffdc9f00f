"""What one deal consists of: records kept for the score sheet, replays and views."""

from __future__ import annotations

import random
from typing import NamedTuple

from .cards import CARDS, Card, format_cards, shown
from .errors import InvalidPosition
from .values import field, value_type


def check_seat(seat) -> int:
    """Seats are exactly the ints 0, 1 and 2 (not 1.0, not True)."""
    if type(seat) is not int or seat not in (0, 1, 2):
        raise InvalidPosition(f"no seat {shown(seat)}: seats are the whole numbers 0, 1 and 2")
    return seat


class Trick(NamedTuple):
    leader: int
    cards: tuple[Card, ...]  # in play order, the leader's first
    winner: int

    def seat_of(self, i: int) -> int:
        return (self.leader + i) % 3

    def __str__(self) -> str:
        return f"{self.leader}: {format_cards(self.cards)} -> {self.winner}"


class ExchangeStep(NamedTuple):
    """One pass of the exchange: the giver's card and the card the receiver gave back.

    In a view, ``given`` and ``returned`` are None for a seat that took no part.
    """

    giver: int
    receiver: int
    given: Card | None
    returned: Card | None


@value_type
class Deal:
    """One deal from the deal to the score; finished ones live in ``Match.deals``."""

    number: int
    dealer: int
    declarer: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]  # as dealt
    kitty: tuple[Card, ...]
    contract: str | None = None
    targets: tuple[int, int, int] = (0, 0, 0)
    exchange_plan: tuple[tuple[int, int], ...] = ()
    exchange: list[ExchangeStep] = field(default_factory=list)
    discards: list[Card] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    tricks_taken: list[int] = field(default_factory=lambda: [0, 0, 0])
    points: tuple[int, int, int] | None = None

    def summary(self) -> str:
        pts = " ".join(f"{p:+d}" for p in self.points) if self.points else "-"
        return (
            f"deal {self.number + 1}: dealer {self.dealer}, declarer {self.declarer}, "
            f"contract {self.contract or '-'}, tricks {'/'.join(map(str, self.tricks_taken))}, points {pts}"
        )


def shuffled_deal(seed: int, number: int, dealer: int):
    """The hands and kitty of deal `number` of a seeded game: one card at a time from the
    dealer's left, the last four face down.  Depends only on (seed, number)."""
    deck = list(CARDS)
    random.Random(f"358/{seed}/{number}").shuffle(deck)
    hands: list[list[Card]] = [[], [], []]
    for i in range(48):
        hands[(dealer + 1 + i) % 3].append(deck[i])
    return hands, deck[48:]


def first_dealer(seed: int) -> int:
    return random.Random(f"358/{seed}/dealer").randrange(3)
