"""The session's part for the coach (issue 9b): hints and undos counted, saved with the game
(the game record's Undos header and the statistics read them), and undo itself.

A mixin so the Session's own code (names, seats, saving) stays as it was."""

from __future__ import annotations

from ..engine.history import can_undo, undo
from ..storage.store import DamagedSave
from .players import make_player


def _count(data: dict, key: str) -> int:
    value = data.get(key, 0)
    if type(value) is not int or value < 0:
        raise DamagedSave(f"the saved {key} {value!r} is not a whole number of 0 or more")
    return value


class CoachCounters:
    hints_used = 0
    undos_used = 0

    def coach_fields(self) -> dict:
        return {"hints_used": self.hints_used, "undos_used": self.undos_used}

    def load_coach_fields(self, data: dict) -> None:
        """Counters from a save; DamagedSave if one is not a count (the match stays as loaded)."""
        hints, undos = _count(data, "hints_used"), _count(data, "undos_used")
        self.hints_used, self.undos_used = hints, undos

    def can_undo(self) -> bool:
        return can_undo(self.match, self.human)

    def undo(self) -> bool:
        """Back to the human's previous decision (the computer players' moves after it are
        undone too), the computer players started afresh, the save written.  False, and
        nothing changed, when there is no decision to take back."""
        try:
            match = undo(self.match, self.human)
        except ValueError:
            return False
        self.match = match
        seed = getattr(match, "seed", None) or 0
        for seat in list(self.players):
            self.players[seat] = make_player(self.strength, seed=(hash((seed, seat, len(match.history))) & 0x7FFFFFFF))
        self.undos_used += 1
        self.save()
        return True
