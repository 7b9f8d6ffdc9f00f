"""A cursor over a finished (or saved) game for the replay viewer: forward and back by
action, by trick and by deal, with the whole position (all hands) at every stop.

Why a cursor and not a list of positions: a game has ~1,000 actions, and a Match per
action would cost megabytes, while replaying a whole game to step back costs ~15 ms
natively (more in the browser).  So going forward applies one action, and going back
copies the snapshot kept at the start of the deal and applies at most one deal's actions.
Copies share the finished deals' records: a deal's record is only ever changed while it is
the match's current deal, and a scored deal never is again, so copying them (most of a late
snapshot) was wasted time when the viewer opens.
"""

from __future__ import annotations

import copy

from .gamerecord import fresh_start


def _copy(match):
    """A copy of `match` to play on, sharing its finished deals' records (never changed
    again once scored) rather than copying them."""
    return copy.deepcopy(match, {id(d): d for d in match.deals})


class ReplayCursor:
    """``position`` is how many of the game's actions have been applied (0..len(actions))."""

    def __init__(self, match):
        self.actions = list(match.history)
        self._deal_starts: list[int] = []  # action index where each deal's first action is
        self._trick_ends: list[int] = []  # action count after each finished trick (and deal ends)
        self._snapshots: dict = {}  # action index of each deal start -> the match there (never played on)
        m = fresh_start(match)
        deal = -1
        for i, action in enumerate(self.actions):
            if m.deal_number != deal:
                deal = m.deal_number
                self._deal_starts.append(i)
                self._snapshots[i] = _copy(m)
            tricks_before = (len(m.deals), len(m.current.tricks))
            m.apply(action)
            if (len(m.deals), len(m.current.tricks)) != tricks_before:
                self._trick_ends.append(i + 1)
        self._snapshots.setdefault(0, fresh_start(match))
        self.position = 0
        self.match = _copy(self._snapshots[0])

    # --- where the cursor can stop -------------------------------------------------------
    @property
    def end(self) -> int:
        return len(self.actions)

    def _stops(self, kind: str) -> list[int]:
        if kind == "action":
            return list(range(self.end + 1))
        if kind == "trick":
            return sorted({0, self.end, *self._trick_ends, *self._deal_starts})
        if kind == "deal":
            return sorted({0, self.end, *self._deal_starts})
        raise ValueError(f"step by action, trick or deal, not {kind!r}")

    def forward(self, by: str = "action") -> bool:
        """Move to the next stop; False (and no move) at the end."""
        later = [p for p in self._stops(by) if p > self.position]
        return self.goto(later[0]) if later else False

    def back(self, by: str = "action") -> bool:
        """Move to the previous stop; False (and no move) at the start."""
        earlier = [p for p in self._stops(by) if p < self.position]
        return self.goto(earlier[-1]) if earlier else False

    def goto(self, position: int) -> bool:
        """Show the game after `position` actions."""
        if type(position) is not int or not 0 <= position <= self.end:
            raise ValueError(f"position must be 0..{self.end}, not {position!r}")
        if position < self.position:
            base = max(s for s in self._snapshots if s <= position)
            self.match = _copy(self._snapshots[base])
            self.position = base
        while self.position < position:
            self.match.apply(self.actions[self.position])
            self.position += 1
        return True

    # --- what the viewer shows -----------------------------------------------------------
    @property
    def last_action(self):
        """The action that led here (None at the start)."""
        return self.actions[self.position - 1] if self.position else None

    @property
    def deal_number(self) -> int:
        return self.match.deal_number


__all__ = ["ReplayCursor"]
