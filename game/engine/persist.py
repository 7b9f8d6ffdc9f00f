"""A match in and out of text: the JSON save (record.py), the text record (gamerecord.py),
copies and undo (undo.py).  A mixin of Match; the work is in those modules."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .match import Match


class MatchRecords:
    def record(self) -> dict:
        """Rules, seed, starting position and actions: everything needed to replay exactly."""
        from .record import make_record
        return make_record(self)

    @classmethod
    def replay(cls, record: dict) -> "Match":
        from .record import replay
        return replay(record)

    def to_json(self) -> str:
        from .record import dumps
        return dumps(self)

    @classmethod
    def from_json(cls, text) -> "Match":
        from .record import loads
        return loads(text)

    def copy(self) -> "Match":
        return type(self).replay(self.record())

    def __str__(self) -> str:
        lines = [f"{self.rules.preset_name} game, seed {self.seed}, deal {self.deal_number + 1}/{self.rules.deals}, phase {self.phase}"]
        lines += [d.summary() for d in self.deals]
        lines.append(f"totals: {' '.join(f'{t:+d}' for t in self.totals)}")
        return "\n".join(lines)

    # --- issue 9: text records and undo (gamerecord.py, undo.py) -------------------------
    def to_record(self, **info) -> str:
        """The game as a text record (docs/RECORD.md); info: names, strengths, date, hints, undos."""
        from .gamerecord import write_record
        return write_record(self, **info)

    @classmethod
    def from_record(cls, text) -> "Match":
        """Replay a text record; RecordError (a ValueError naming the line) if it is bad."""
        from .gamerecord import read_record
        return read_record(text).match

    def undo(self, seat: int, skip_forced: bool = True) -> "Match":
        """A NEW match at `seat`'s previous decision, with every later action taken back."""
        from .undo import undo
        return undo(self, seat, skip_forced)
