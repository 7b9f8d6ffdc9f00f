"""What the Replays list says of a game: its date, rules, result and players, read from a
record (a game kept when it ended, or opened from a code) or from a record file's headers.

Why headers only for a file: a list of forty files is read each time the screen opens, and
replaying each game through the rules would take a moment; the whole record is read (and
checked) when the player opens it.  What a file's headers say is shown only through the
name rule's cleaning and the known presets, so a hand-edited file lists as "?" where it
lies, never as anything the screen cannot draw.  Pure Python: the browser lists kept games.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from ..engine.names import UNKNOWN, clean_name, is_label

LABEL = 24  # a date or a strength as listed
HEAD_BYTES = 200_000  # a record of 60 deals is about 60 kB: enough to count its deals
MAX_POINTS = 100_000  # a total beyond this is not a game's
PRESETS = ("standard", "blato", "classic")  # game/engine/rules.py RuleSet.PRESETS, without importing the rules

_HEADER = re.compile(r'\[([A-Za-z][A-Za-z0-9]*) "((?:[^"\\]|\\["\\])*)"\]')
_DEAL = re.compile(r"^deal \d+:", re.MULTILINE)


@dataclass(frozen=True)
class Summary:
    """A game as the list names it.  ``winner`` and ``totals`` are None for a game not over."""

    date: str
    preset: str  # one of PRESETS, or "?"
    names: tuple
    strengths: tuple  # "human" for a person, a computer's strength, or "?"
    totals: tuple | None
    winner: int | None
    deals: int  # finished deals in it
    seed: int | None  # None: a record of a game in progress (no seed)

    def same_game(self) -> tuple:
        """What tells one game from another (not its hints, not where it is kept)."""
        return self.preset, self.seed, self.names, self.totals, self.deals

    def person(self) -> int | None:
        """The one seat a person played (the player's own game), else None."""
        people = [seat for seat, s in enumerate(self.strengths) if s == "human"]
        return people[0] if len(people) == 1 else None

    def to_dict(self) -> dict:
        return {"date": self.date, "preset": self.preset, "names": list(self.names), "strengths": list(self.strengths),
                "totals": list(self.totals) if self.totals is not None else None, "winner": self.winner,
                "deals": self.deals, "seed": self.seed}

    @staticmethod
    def from_dict(data) -> "Summary":
        """A stored summary; ValueError when it is not one this game wrote."""
        if not isinstance(data, dict) or set(data) != {"date", "preset", "names", "strengths", "totals", "winner", "deals", "seed"}:
            raise ValueError("not a game's summary")
        names, strengths, totals = data["names"], data["strengths"], data["totals"]
        if not (isinstance(names, list) and len(names) == 3 and all(isinstance(n, str) and clean_name(n, UNKNOWN) == n for n in names)):
            raise ValueError("a summary's names are damaged")
        if not (isinstance(strengths, list) and len(strengths) == 3 and all(_label(s) == s for s in strengths)):
            raise ValueError("a summary's strengths are damaged")
        if totals is not None and not (isinstance(totals, list) and len(totals) == 3 and all(_points(p) for p in totals)):
            raise ValueError("a summary's totals are damaged")
        winner, deals, seed = data["winner"], data["deals"], data["seed"]
        if winner not in (None, 0, 1, 2) or type(winner) is bool or (winner is None) != (totals is None):
            raise ValueError("a summary's result is damaged")
        if type(deals) is not int or not 0 <= deals <= 60 or (seed is not None and (type(seed) is not int or seed < 0)):
            raise ValueError("a summary's deals or seed are damaged")
        if data["preset"] not in (*PRESETS, "?") or _label(data["date"]) != data["date"]:
            raise ValueError("a summary's rules or date are damaged")
        return Summary(data["date"], data["preset"], tuple(names), tuple(strengths), tuple(totals) if totals is not None else None,
                       winner, deals, seed)


def _label(value) -> str:
    text = " ".join(str(value).split())[:LABEL] if isinstance(value, str) else ""
    return text if text and is_label(text, LABEL) else "?"


def _points(value) -> bool:
    return type(value) is int and abs(value) <= MAX_POINTS


def of_record(record) -> Summary:
    """The summary of a record that was read (and so checked through the rules)."""
    match = record.match
    over = match.is_over()
    return Summary(_label(record.date), match.rules.preset_name if match.rules.preset_name in PRESETS else "?",
                   tuple(clean_name(n, UNKNOWN) for n in record.names), tuple(_label(s) for s in record.strengths),
                   tuple(match.totals) if over else None, match.winner() if over else None, len(match.deals),
                   None if record.seedless else match.seed)


def of_text(text: str) -> Summary | None:
    """What a record's headers say (None: no record's headers at all); nothing is replayed."""
    headers = {}
    for raw in text.lstrip("\ufeff").splitlines():
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        got = _HEADER.fullmatch(line)
        if not got:
            break
        headers.setdefault(got.group(1), re.sub(r"\\(.)", r"\1", got.group(2)))
    if headers.get("Game") != "3-5-8":
        return None
    totals = _signed(headers.get("Totals", ""))
    result = headers.get("Result", "*")
    winner = int(result) if result in ("0", "1", "2") and totals is not None else None
    seed = headers.get("Seed", "")
    return Summary(_label(headers.get("Date", "?")), headers.get("Preset") if headers.get("Preset") in PRESETS else "?",
                   tuple(clean_name(headers.get(f"Name{s}", ""), UNKNOWN) for s in range(3)),
                   tuple(_label(headers.get(f"Strength{s}", "?")) for s in range(3)),
                   totals if winner is not None else None, winner, min(60, len(_DEAL.findall(text))),
                   int(seed) if seed.isdigit() and len(seed) < 12 else None)


def _signed(text: str) -> tuple | None:
    parts = text.split()
    if len(parts) != 3 or not all(re.fullmatch(r"[+-]?\d{1,6}", p) for p in parts):
        return None
    return tuple(int(p) for p in parts)


_files: dict = {}  # path -> ((mtime, size), Summary | None): a file is read again only when it changed


def of_file(path: str) -> Summary | None:
    """The summary of a record file (its headers), or None when it is no record."""
    from ..files import read_regular

    try:
        st = os.stat(path, follow_symlinks=False)
        stamp = (st.st_mtime_ns, st.st_size)
        if path in _files and _files[path][0] == stamp:
            return _files[path][1]
        data = read_regular(path, HEAD_BYTES)
        summary = of_text(data[:HEAD_BYTES].decode("utf-8", "replace"))
    except (OSError, ValueError):
        return None
    if len(_files) > 400:
        _files.clear()
    _files[path] = (stamp, summary)
    return summary
