"""A finished deal as the host publishes it to every guest when the deal is over, and the
checks a guest makes of it.

Why publish it: offline, a finished deal's hands are shown face up (the deal's analysis
from the score screen), and the score sheet, the analysis and the record of a finished
game need the deal.  Only what the rules cannot derive is sent (the hands as dealt, the
kitty, the position before the deal and the deal's actions); the guest replays it
through the engine, so a published deal that could not have happened is refused, and
every view the guest was sent during the deal must come out of the replay unchanged
(`differs_from_views`): a host that showed one deal and publishes another is caught.
Publishing a finished deal gives nothing of the next ones away: each deal is shuffled
from the match's secret seed and its own number (game/engine/deal.py).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from game.engine import Action, Card, Match, RuleSet, View

from ..engine import Phase
from .codec import MAX_DEALS, MAX_PASSES, MAX_TOTAL, Bad, action, cards, contract, fields, items, seat, three, view_to_json, whole

FIXED_ACTIONS = 1 + 4 + 48  # a contract, four discards, 48 cards played; plus one per pass
MAX_ACTIONS = FIXED_ACTIONS + MAX_PASSES
MAX_AT = MAX_DEALS * MAX_ACTIONS


def actions_in(deal) -> int:
    """How many actions a finished deal took (a lapsed pass and a forced return are none)."""
    return FIXED_ACTIONS + len(deal.exchange)


def view_digest(view: View) -> str:
    """A short fingerprint of a view, kept by a guest for every view it is sent."""
    text = json.dumps(view_to_json(view), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class FinishedDeal:
    number: int
    dealer: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]  # as dealt
    kitty: tuple[Card, ...]
    totals: tuple[int, int, int]  # before the deal
    used: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]  # contracts declared before it
    previous_points: tuple[int, int, int]  # of the deal before it
    actions: tuple[Action, ...]
    first_at: int  # actions the match had taken before this deal's first

    @property
    def at(self) -> int:
        """Actions the match had taken when this deal was over."""
        return self.first_at + len(self.actions)

    @staticmethod
    def of(match: Match, number: int) -> "FinishedDeal":
        """Deal `number` of `match` (finished), as the host publishes it."""
        deals = match.deals[:number + 1]
        deal = deals[number]
        before = deals[:number]
        first_at = sum(actions_in(d) for d in before)
        totals = tuple(sum(d.points[s] for d in before) for s in range(3))
        used = tuple(tuple(d.contract for d in before if d.declarer == s) for s in range(3))
        previous = before[-1].points if before else (0, 0, 0)
        actions = tuple(match.history[first_at:first_at + actions_in(deal)])
        return FinishedDeal(number, deal.dealer, deal.hands, deal.kitty, totals, used, tuple(previous), actions, first_at)

    def to_json(self) -> dict:
        return {
            "number": self.number, "dealer": self.dealer, "hands": [[str(c) for c in h] for h in self.hands],
            "kitty": [str(c) for c in self.kitty], "totals": list(self.totals), "used": [list(u) for u in self.used],
            "previous_points": list(self.previous_points), "actions": [str(a) for a in self.actions],
            "first_at": self.first_at,
        }

    @staticmethod
    def from_json(value) -> "FinishedDeal":
        """Strict shape and ranges (codec.Bad); `replay` checks it against the rules."""
        d = fields(value, ("number", "dealer", "hands", "kitty", "totals", "used", "previous_points", "actions", "first_at"),
                   "a finished deal")
        hands = three(d["hands"], cards, "hands", 16, "a hand")
        return FinishedDeal(
            number=whole(d["number"], 0, MAX_DEALS - 1, "the deal's number"), dealer=seat(d["dealer"], "dealer"),
            hands=hands, kitty=cards(d["kitty"], 4, "kitty"),
            totals=three(d["totals"], whole, "totals", -MAX_TOTAL, MAX_TOTAL, "a total"),
            used=three(d["used"], lambda u: tuple(contract(c) for c in items(u, MAX_DEALS, "used")), "used"),
            previous_points=three(d["previous_points"], whole, "previous_points", -13, 13, "previous points"),
            actions=tuple(action(a) for a in items(d["actions"], MAX_ACTIONS, "actions")),
            first_at=whole(d["first_at"], 0, MAX_AT, "first_at"),
        )

    # --- the guest's checks ----------------------------------------------------------------
    def start(self, rules: RuleSet) -> Match:
        """The deal before its first action, as the engine builds it (codec.Bad if the
        position is impossible).  The match it makes deals anything after this deal from
        seed 0: only this deal of it means anything."""
        try:
            return Match.from_position(rules, self.hands, self.kitty, self.dealer, self.number, self.totals,
                                       self.used, self.previous_points, seed=0)
        except ValueError as exc:
            raise Bad(f"deal {self.number + 1}: {exc}") from None

    def replay(self, rules: RuleSet, seat: int | None = None, digests: dict | None = None):
        """(the deal's match replayed, the first `at` whose view of `seat` differs from the
        digest kept for it, or None).  codec.Bad when an action is illegal or the deal
        does not end exactly with its last action."""
        return run_through(self.replay_steps(rules, seat, digests))

    def replay_steps(self, rules: RuleSet, seat: int | None = None, digests: dict | None = None):
        """`replay` as a generator that yields after each action (a guest runs it in
        slices: in a browser the whole deal would be one long frame)."""
        match = self.start(rules)
        differs = None
        last = len(self.actions)
        for i in range(last + 1):
            if i:
                try:
                    match.apply(self.actions[i - 1])
                except ValueError as exc:
                    raise Bad(f"deal {self.number + 1}, action {i}: {exc}") from None
                if len(match.deals) != int(i == last):
                    raise Bad(f"deal {self.number + 1} does not end with its last action")
            # the view after the last action is of the next deal (unless the match is over)
            final_of_match = match.phase == Phase.GAME_OVER
            if digests is not None and differs is None and (i < last or final_of_match):
                seen = digests.get(self.first_at + i)
                if seen is not None and seen != view_digest(match.view(seat)):
                    differs = self.first_at + i
            yield
        return match, differs


def run_through(steps):
    """The value a step generator returns, run to its end at once."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value
