"""What a guest's screens may show beyond its seat's `View`, read-only: the room's names,
the score sheet, the finished deals, the result, a seed for the hints.

Why: offline, the scenes read a few things from the `Match` itself (docs/ONLINE.md lists
them): its totals, its finished deals (the score sheet, the graph, the deal's analysis
with the hands face up, the statistics), its result, the number of actions taken (cache
keys) and its seed (the hints' evaluator).  A guest has no `Match`; this object answers
the same questions from what the host published, and only what a guest may know: a
deal's hidden cards only once that deal is over (as the offline score screen shows
them), and the match's seed only after the audit, when the match is over.
"""

from __future__ import annotations

from game.engine import Match
from game.engine.match import decide_winner

from ..engine import Phase
from .shuffle import match_seed


class GuestTable:
    def __init__(self, guest):
        self._guest = guest
        self._finished: Match | None = None

    # --- from the view and the room --------------------------------------------------------
    @property
    def rules(self):
        view = self._guest.view
        return view.rules if view else (self._guest.lobby.rules if self._guest.lobby else None)

    @property
    def phase(self) -> str | None:
        return self._guest.view.phase if self._guest.view else None

    @property
    def deal_number(self) -> int | None:
        return self._guest.view.deal_number if self._guest.view else None

    @property
    def totals(self) -> tuple[int, int, int]:
        return self._guest.view.totals if self._guest.view else (0, 0, 0)

    @property
    def names(self) -> tuple[str, str, str] | None:
        return self._guest.lobby.names() if self._guest.lobby else None

    @property
    def actions_taken(self) -> int:
        """The match's number of actions so far (offline: ``len(match.history)``)."""
        return self._guest.at or 0

    @property
    def hint_seed(self) -> int:
        """This device's own seed for the hints (offline the match's seed, which a guest
        must not have): the same decision gets the same hint on this device."""
        return self._guest.hint_seed

    # --- finished deals ---------------------------------------------------------------------
    @property
    def deals(self) -> tuple:
        """The finished deals in full (`Deal`s: hands as dealt, kitty, exchange,
        discards, tricks, points), in order, as far as they have arrived."""
        records = self._guest.deal_records
        out = []
        for number in range(len(records)):
            if number not in records:
                break
            out.append(records[number])
        return tuple(out)

    @property
    def points(self) -> list[tuple[int, int, int]]:
        return [d.points for d in self.deals]

    def history(self) -> list[dict]:
        """The score sheet's rows, the same dicts as the offline session's ``history()``."""
        return [{"number": d.number, "dealer": d.dealer, "declarer": d.declarer, "contract": d.contract,
                 "targets": tuple(d.targets), "taken": tuple(d.tricks_taken), "points": tuple(d.points)}
                for d in self.deals]

    def score_series(self) -> list[list[int]]:
        """Each seat's total before the first deal and after each finished one (the graph)."""
        series = [[0] for _ in range(3)]
        for p in self.points:
            for s in range(3):
                series[s].append(series[s][-1] + p[s])
        return series

    def deal_match(self, number: int) -> Match | None:
        """A fresh engine `Match` of finished deal `number` (its ``deals`` hold that deal
        alone), for the deal's analysis; None while that deal has not been published."""
        deal = self._guest.deals.get(number)
        if deal is None:
            return None
        return deal.replay(self.rules)[0]

    # --- the end --------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == Phase.GAME_OVER

    def result(self) -> tuple[int | None, str | None]:
        """(winner, tie-break) as offline, once the match is over and every deal is in."""
        deals = self.deals
        if not self.is_over() or not deals or len(deals) != self.rules.deals:
            return None, None
        return decide_winner(self.totals, list(deals))

    def winner(self) -> int | None:
        return self.result()[0]

    def finished_match(self) -> Match | None:
        """The whole match, rebuilt from the published values and deals once the audit
        passed (for the record, the replay and the statistics); None before."""
        guest = self._guest
        if not guest.audit_result or guest.audit_values is None:
            return None
        if self._finished is None:
            match = Match.new(self.rules, seed=match_seed(guest.nonce, guest.audit_values))
            for number in range(self.rules.deals):
                for action in guest.deals[number].actions:
                    match.apply(action)
            self._finished = match
        return self._finished


class CarriedTable(GuestTable):
    """The table of a match begun fairly and dealt by the host from a late seat's next deal
    on (host/after_late.py): the fair deals' records, audited on this device, then the host's
    deals as they end.  `before` is the fair seat's table (its deals' replays, for their
    analysis; None when this device no longer has them)."""

    def __init__(self, guest, before=None):
        super().__init__(guest)
        self._before = before

    def deal_match(self, number: int) -> Match | None:
        if number in self._guest.deals:
            return super().deal_match(number)
        return self._before.deal_match(number) if self._before is not None else None

    def finished_match(self) -> Match | None:
        """None: no engine Match plays the late deal (the house rule scored it), nor does one
        seed deal both the fair deals and the host's."""
        return None
