"""The host's side of the fair shuffle (shuffle.py): its own value and commitment, the
guests' commitments, then their values, then the deal.  A mixin of `Host` (host.py).

Why waits: a guest who does not commit or reveal within `shuffle_wait_s` (gone, or
stalling) is left without a value, and the match begins without it; nothing a guest
does can keep the match from starting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import Match

from . import shuffle
from .lobby import GUEST, LOBBY, PLAY, SHUFFLE

if TYPE_CHECKING:
    from .peer import Visitor


class FairShuffle:
    def start(self) -> str | None:
        """Begin the match: the fair shuffle first (shuffle.py), then the deal."""
        if self.stage != LOBBY:
            return "started"
        self.nonce = shuffle.new_nonce(self.entropy)
        self.values, self.commitments = [None] * 3, [None] * 3
        own = shuffle.new_value(self.entropy)
        self.values[self.seat], self.commitments[self.seat] = own, shuffle.commitment(self.nonce, self.seat, own)
        self.stage, self.fair_step, self.fair_since = SHUFFLE, "commit", self.clock()
        for v in self._seated():
            self._send_start(v)
        self._fair_progress()
        return None

    def _on_commit(self, v: Visitor, body):
        seat, value = v.seat, body["commitment"]
        known = self.commitments[seat]
        if known is not None:
            return None if known == value else ("changed", "a commitment is made once")
        if self.stage != SHUFFLE or self.fair_step != "commit":
            return ("unexpected", "no commitment is asked for now")
        self.commitments[seat] = value
        self._fair_progress()
        return None

    def _on_reveal(self, v: Visitor, body):
        seat, value = v.seat, body["value"]
        if self.values[seat] is not None:
            return None if self.values[seat] == value else ("changed", "a value is revealed once")
        if self.stage != SHUFFLE or self.fair_step != "reveal" or self.commitments[seat] is None:
            return ("unexpected", "no value is asked for now")
        if not shuffle.opens(self.commitments[seat], self.nonce, seat, value):
            return ("wrong_value", "the value does not open the commitment")
        self.values[seat] = value
        self._fair_progress()
        return None

    def _guest_seats(self) -> list[int]:
        return [s for s in range(3) if self.lobby.seats[s].kind == GUEST]

    def _fair_progress(self) -> None:
        """On to the next step once no present guest is still awaited."""
        present = [s for s in self._guest_seats() if self.people[s].link is not None]
        if self.fair_step == "commit" and all(self.commitments[s] for s in present):
            self._reveal_round()
        elif self.fair_step == "reveal" and all(self.values[s] is not None for s in present if self.commitments[s]):
            self._deal()

    def _reveal_round(self) -> None:
        self.fair_step, self.fair_since = "reveal", self.clock()
        self._broadcast("commitments", {"commitments": list(self.commitments)})
        self._fair_progress()

    def _deal(self) -> None:
        """Every value is in (or awaited long enough): the match begins."""
        seed = shuffle.match_seed(self.nonce, self.values)
        self.match = Match.new(self.lobby.rules, seed=seed)
        self.stage, self.fair_step = PLAY, None
        self.turn_since = self.clock()
        for v in self._seated():
            self._snapshot(v)

    def _shuffle_timer(self, now: float) -> None:
        if self.stage == SHUFFLE and now - self.fair_since >= self.settings.shuffle_wait_s:
            if self.fair_step == "commit":
                self._reveal_round()
            else:
                self._deal()
