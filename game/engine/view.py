"""View: exactly what one seat may know.  Players and scenes see the game only through it."""

from __future__ import annotations

from .actions import Action
from .cards import Card, format_cards
from .deal import ExchangeStep, Trick, check_seat
from .rules import RuleSet
from .values import value_type


@value_type(frozen=True)
class View:
    seat: int
    rules: RuleSet
    phase: str
    to_act: int | None
    deal_number: int
    deals_total: int
    dealer: int
    declarer: int
    contract: str | None
    trump: int  # suit index, -1 when there is none (yet)
    hand: tuple[Card, ...]  # in hand order; the declarer sees only declare_on cards while declaring
    hand_mask: int
    hand_sizes: tuple[int, int, int]
    kitty: tuple[Card, ...] | None  # the declarer's, after declaring; None for the others
    discards: tuple[Card, ...] | None  # likewise
    trick: tuple[tuple[int, Card], ...]  # cards on the table, in play order
    leader: int  # seat that led (or will lead) the current trick
    tricks: tuple[Trick, ...]  # finished tricks of this deal
    tricks_taken: tuple[int, int, int]
    targets: tuple[int, int, int]
    totals: tuple[int, int, int]
    previous_points: tuple[int, int, int]
    used: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    exchange_plan: tuple[tuple[int, int], ...]
    exchange: tuple[ExchangeStep, ...]
    played_mask: int  # every card played face up this deal, the current trick included
    legal: tuple[Action, ...]

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    @property
    def led_suit(self) -> int:
        return self.trick[0][1].suit if self.trick else -1

    @property
    def minimum(self) -> bool:
        return self.contract == "MT"

    def declarations_left(self, seat: int) -> int:
        """How many more times `seat` will name a contract, this deal's included if still open."""
        check_seat(seat)
        first = self.deal_number + (1 if self.contract is not None else 0)
        return sum(
            1 for d in range(first, self.deals_total)
            if self.rules.declarer_of((self.dealer + d - self.deal_number) % 3) == seat
        )

    def owed(self, seat: int) -> tuple[str, ...]:
        """Contracts `seat` still has to declare (contracts_once), in the rules' order."""
        check_seat(seat)
        if not self.rules.contracts_once:
            return ()
        return tuple(c for c in self.rules.contracts if c not in self.used[seat])

    def __str__(self) -> str:
        lines = [
            f"seat {self.seat} | deal {self.deal_number + 1}/{self.deals_total} | phase {self.phase} | to act {self.to_act}",
            f"dealer {self.dealer} declarer {self.declarer} contract {self.contract or '-'} targets {self.targets}",
            f"hand: {format_cards(self.hand)}",
            f"table: {' '.join(f'{s}:{c}' for s, c in self.trick) or '-'} | tricks {self.tricks_taken} | totals {self.totals}",
        ]
        if self.kitty is not None:
            lines.append(f"kitty: {format_cards(self.kitty)} discards: {format_cards(self.discards or ())}")
        return "\n".join(lines)
