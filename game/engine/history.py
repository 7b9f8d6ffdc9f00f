"""A match's history: rebuilt from its start, cut back (undo), stepped through (the replay
viewer's cursor).  One way to rebuild, used by all of them.

Why by replay: the match's state is the rules applied to its action list, so the state
before any action is exactly the replay of the list cut just before it.  Nothing has to
be reversed by hand, and the result is the same match a save would restore.  A replay of
a whole 18-deal game costs a few milliseconds natively.
"""

from __future__ import annotations

from .deal import check_seat
from .match import Match


def replayed(match: Match, length: int) -> Match:
    """A new match: this one's first `length` actions replayed from the same rules, seed
    and starting position; ``replayed(m, 0)`` is the match before its first action."""
    if type(length) is not int or not 0 <= length <= len(match.history):
        raise ValueError(f"length must be 0..{len(match.history)}, not {length!r}")
    return Match.from_dict({**match.to_dict(), "actions": [str(a) for a in match.history[:length]]})


def decisions(match: Match, seat: int, skip_forced: bool = True) -> list[int]:
    """Indices into ``match.history`` of `seat`'s actions, oldest first; with skip_forced,
    only those where the seat had more than one legal action (a forced card was no decision)."""
    check_seat(seat)
    m = replayed(match, 0)
    out = []
    for i, action in enumerate(match.history):
        if m.to_act == seat and (not skip_forced or len(m.legal_actions()) > 1):
            out.append(i)
        m.apply(action)
    return out


def can_undo(match: Match, seat: int, skip_forced: bool = True) -> bool:
    return bool(decisions(match, seat, skip_forced))


def undo(match: Match, seat: int, skip_forced: bool = True) -> Match:
    """A new match at `seat`'s latest decision, before it was taken (the given match is
    unchanged).  Raises ValueError when the seat has no decision to take back."""
    points = decisions(match, seat, skip_forced)
    if not points:
        raise ValueError(f"seat {seat} has no decision to undo")
    return replayed(match, points[-1])


class ReplayCursor:
    """The replay viewer's cursor over a game: forward and back by action, by trick and by
    deal, with the whole position (all hands) at every stop.  ``position`` is how many of
    the game's actions have been applied (0..len(actions)).

    Why a cursor and not a list of positions: a game has ~1,000 actions, and a Match per
    action would cost megabytes, while replaying a whole game to step back costs ~15 ms
    natively (more in the browser).  So going forward applies one action, and going back
    copies the snapshot kept at the start of the deal and applies at most one deal's actions.
    """

    def __init__(self, match: Match, finished_only: bool = False):
        """`finished_only`: a game in progress is stepped through to the end of its last
        finished deal, no further (a review shows nothing of the deal being played).
        ``partial`` then says that the position at the end has a deal dealt whose cards
        nobody may see yet."""
        self.actions = list(match.history)
        self._deal_starts: list[int] = []  # action index where each deal's first action is
        self._trick_ends: list[int] = []  # action count after each finished trick (and deal ends)
        self._snapshots: dict = {}  # action index of each deal start -> the match there (never played on)
        self.partial = finished_only and not match.is_over()
        if self.partial:  # the actions up to the last finished deal's last one
            self.actions = self.actions[:self._finished_length(match)]
        start = replayed(match, 0)
        m = start.copy()
        deal = -1
        for i, action in enumerate(self.actions):
            if m.deal_number != deal:
                deal = m.deal_number
                self._deal_starts.append(i)
                self._snapshots[i] = m.copy()
            tricks_before = (len(m.deals), len(m.current.tricks))
            m.apply(action)
            if (len(m.deals), len(m.current.tricks)) != tricks_before:
                self._trick_ends.append(i + 1)
        self._snapshots.setdefault(0, start)
        self.position = 0
        self.match = self._snapshots[0].copy()

    @staticmethod
    def _finished_length(match: Match) -> int:
        """How many of the match's actions end its last finished deal (0: none is finished)."""
        if not match.deals:
            return 0
        m, wanted = replayed(match, 0), len(match.deals)
        for i, action in enumerate(match.history):
            m.apply(action)
            if len(m.deals) == wanted:
                return i + 1
        return len(match.history)

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
            self.match = self._snapshots[base].copy()
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


__all__ = ["replayed", "decisions", "can_undo", "undo", "ReplayCursor"]
