"""Statistics across games: the data model, its update from a finished game, JSON that
is validated on load, and persistence next to the settings (game/storage/store.py).

Why validated: the file (or the browser's localStorage entry) can be edited or damaged;
a bad one is refused with a `StatsError` naming what is wrong, set aside, and the player
starts with fresh statistics instead of a crash or silently wrong numbers.

Kept per player of one device (the human seat of each game; in pass-and-play, call
``add_game`` once per human seat).  Every count is a whole number, so the JSON is exact.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from game.engine.names import LABEL_MAX, is_label
from game.engine.rules import ALL_CONTRACTS, RuleSet

FORMAT = "3-5-8 stats"
VERSION = 1
STATS_KEY = "stats"  # storage key: stats.json natively, three-five-eight:stats in localStorage
ROLES = ("declarer", "defender")
MAX_LABEL = LABEL_MAX  # a strength or a date: the one limit of game/engine/names.py
MAX_IDS = 200  # games remembered so that adding the same game twice counts it once


class StatsError(ValueError):
    """Statistics data that cannot be read; nothing is changed."""


@dataclass
class GameLine:
    """A best or worst game."""

    total: int
    won: bool
    preset: str
    strength: str
    date: str

    def to_dict(self) -> dict:
        return {"total": self.total, "won": self.won, "preset": self.preset, "strength": self.strength, "date": self.date}


@dataclass
class Stats:
    games: dict = field(default_factory=dict)  # (preset, strength) -> [played, won]
    deals: dict = field(default_factory=dict)  # (preset, role, contract) -> [deals, points, made]
    best: GameLine | None = None
    worst: GameLine | None = None
    hints: int = 0
    undos: int = 0
    counted: list = field(default_factory=list)  # ids of the latest games added

    # --- reading the numbers ----------------------------------------------------------
    def played(self, preset: str | None = None, strength: str | None = None) -> int:
        return sum(v[0] for (p, s), v in self.games.items() if preset in (None, p) and strength in (None, s))

    def won(self, preset: str | None = None, strength: str | None = None) -> int:
        return sum(v[1] for (p, s), v in self.games.items() if preset in (None, p) and strength in (None, s))

    def deal_average(self, role: str, contract: str, preset: str | None = None) -> float | None:
        """Mean points per deal in that role and contract, or None if never played."""
        n = pts = 0
        for (p, r, c), v in self.deals.items():
            if r == role and c == contract and preset in (None, p):
                n, pts = n + v[0], pts + v[1]
        return pts / n if n else None

    # --- updating ---------------------------------------------------------------------
    def add_game(self, match, seat: int, strength: str, hints: int = 0, undos: int = 0, date: str = "") -> bool:
        """Count a finished game for `seat` (opponents of `strength`); False if it was
        already counted (the same game and seat), nothing changes then."""
        if not match.is_over():
            raise ValueError("only a finished game is counted")
        if seat not in (0, 1, 2):
            raise ValueError(f"no seat {seat!r}: seats are 0, 1 and 2")
        strength, date = _label(strength, "strength"), _label(date or "?", "date")
        for value, name in ((hints, "hints"), (undos, "undos")):
            if type(value) is not int or value < 0:
                raise ValueError(f"{name} must be a whole number from 0, not {value!r}")
        game_id = f"{match.rules.preset_name}/{match.seed}/{len(match.history)}/{seat}"
        if game_id in self.counted:
            return False
        preset = match.rules.preset_name
        won = match.winner() == seat
        entry = self.games.setdefault((preset, strength), [0, 0])
        entry[0] += 1
        entry[1] += int(won)
        for deal in match.deals:
            role = "declarer" if deal.declarer == seat else "defender"
            d = self.deals.setdefault((preset, role, deal.contract), [0, 0, 0])
            d[0] += 1
            d[1] += deal.points[seat]
            d[2] += int(deal.points[seat] >= 0)
        line = GameLine(match.totals[seat], won, preset, strength, date)
        if self.best is None or line.total > self.best.total:
            self.best = line
        if self.worst is None or line.total < self.worst.total:
            self.worst = line
        self.hints += hints
        self.undos += undos
        self.counted = (self.counted + [game_id])[-MAX_IDS:]
        return True

    # --- JSON ---------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "format": FORMAT, "version": VERSION,
            "games": [[p, s, *v] for (p, s), v in sorted(self.games.items())],
            "deals": [[p, r, c, *v] for (p, r, c), v in sorted(self.deals.items())],
            "best": self.best.to_dict() if self.best else None,
            "worst": self.worst.to_dict() if self.worst else None,
            "hints": self.hints, "undos": self.undos, "counted": list(self.counted),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @staticmethod
    def from_json(text) -> "Stats":
        if not isinstance(text, (str, bytes)):
            raise StatsError("statistics are JSON text")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise StatsError("the statistics are damaged (not valid JSON)") from None
        return Stats.from_dict(data)

    @staticmethod
    def from_dict(data) -> "Stats":
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise StatsError("not 3-5-8 statistics")
        if data.get("version") != VERSION:
            raise StatsError(f"statistics version {data.get('version')!r} is not one this game reads ({VERSION})")
        extra = set(data) - {"format", "version", "games", "deals", "best", "worst", "hints", "undos", "counted"}
        if extra:
            raise StatsError(f"unknown statistics field {sorted(extra)[0]!r}")
        stats = Stats(hints=_count(data.get("hints"), "hints"), undos=_count(data.get("undos"), "undos"))
        for row in _rows(data.get("games"), "games", 4):
            preset, strength = _preset(row[0]), _checked_label(row[1], "games: strength")
            played, won = _count(row[2], "games played"), _count(row[3], "games won")
            if won > played or (preset, strength) in stats.games:
                raise StatsError(f"games row {row!r} is inconsistent")
            stats.games[(preset, strength)] = [played, won]
        for row in _rows(data.get("deals"), "deals", 6):
            preset, role, contract = _preset(row[0]), row[1], row[2]
            if role not in ROLES or contract not in ALL_CONTRACTS or (preset, role, contract) in stats.deals:
                raise StatsError(f"deals row {row!r} is not a role and contract of this game")
            n, made = _count(row[3], "deals"), _count(row[5], "deals made")
            points = row[4]
            if type(points) is not int or abs(points) > 16 * n or made > n:
                raise StatsError(f"deals row {row!r} is inconsistent")
            stats.deals[(preset, role, contract)] = [n, points, made]
        stats.best, stats.worst = _line(data.get("best"), "best"), _line(data.get("worst"), "worst")
        kept = (stats.best is not None, stats.worst is not None)
        if kept[0] != kept[1] or kept[0] != bool(stats.games) or (all(kept) and stats.worst.total > stats.best.total):
            raise StatsError("best and worst games do not fit the games played")
        counted = data.get("counted", [])
        if not isinstance(counted, list) or len(counted) > MAX_IDS or not all(isinstance(c, str) and len(c) < 100 for c in counted):
            raise StatsError("the list of counted games is damaged")
        stats.counted = list(counted)
        return stats


def _count(value, name: str) -> int:
    if type(value) is not int or not 0 <= value < 10**9:
        raise StatsError(f"{name} must be a whole number from 0, not {value!r}")
    return value


def _rows(value, name: str, width: int) -> list:
    if not isinstance(value, list) or not all(isinstance(r, list) and len(r) == width for r in value):
        raise StatsError(f"{name} must be a list of rows of {width}")
    return value


def _preset(value) -> str:
    if value not in RuleSet.PRESETS:
        raise StatsError(f"{value!r} is not a rule preset")
    return value


def _label(value, name: str) -> str:
    text = " ".join(str(value).split())
    if not is_label(text, MAX_LABEL):
        raise ValueError(f"{name} must be 1 to {MAX_LABEL} printable characters, not {value!r:.60}")
    return text


def _checked_label(value, name: str) -> str:
    if not isinstance(value, str):
        raise StatsError(f"{name} must be text, not {value!r}")
    try:
        text = _label(value, name)
    except ValueError as exc:
        raise StatsError(str(exc)) from None
    if text != value:
        raise StatsError(f"{name} {value!r} is not written as this game writes it")
    return text


def _line(value, name: str) -> GameLine | None:
    if value is None:
        return None
    if not isinstance(value, dict) or set(value) != {"total", "won", "preset", "strength", "date"}:
        raise StatsError(f"the {name} game is damaged")
    total = value["total"]
    if type(total) is not int or abs(total) > 16 * 60 or type(value["won"]) is not bool:
        raise StatsError(f"the {name} game is damaged")
    return GameLine(total, value["won"], _preset(value["preset"]), _checked_label(value["strength"], f"{name} strength"),
                    _checked_label(value["date"], f"{name} date"))


# --- persistence -------------------------------------------------------------------------
@dataclass
class StatsLoad:
    """What reading the stored statistics gave.  ``state``: "ok", "none" (nothing stored),
    "set_aside" (damaged, renamed out of the way: ``detail`` says where), "unreadable" (a
    folder, link or FIFO where the file belongs, no permission...: left where it is;
    ``detail`` is the reason code of game/storage_backends.reason_of) or "kept" (damaged
    but could not be moved: left where it is).  In the last two, ``stats`` are fresh and
    must not be saved: that would overwrite the only copy."""

    stats: Stats
    state: str
    detail: str = ""

    @property
    def writable(self) -> bool:
        return self.state in ("ok", "none", "set_aside")


def read_stats(storage) -> StatsLoad:
    """The stored statistics, or fresh ones and what happened to the stored ones."""
    from .backends import Unreadable, reason_of

    try:
        text = storage.backend.get(STATS_KEY)
    except Unreadable as exc:
        return StatsLoad(Stats(), "unreadable", exc.reason)
    except ValueError as exc:  # not UTF-8, or far too large: damage in the file itself
        return _set_aside(storage, str(exc) or type(exc).__name__)
    except Exception as exc:  # an unreadable store must not stop the game
        return StatsLoad(Stats(), "unreadable", reason_of(exc))
    if text is None:
        return StatsLoad(Stats(), "none")
    try:
        return StatsLoad(Stats.from_json(text), "ok")
    except Exception as exc:  # StatsError; anything else is damage too
        return _set_aside(storage, str(exc) or type(exc).__name__)


def _set_aside(storage, why: str) -> StatsLoad:
    try:
        where = storage.backend.set_aside(STATS_KEY)
    except Exception:  # cannot be moved (read-only...): left where it is
        return StatsLoad(Stats(), "kept", why)
    return StatsLoad(Stats(), "set_aside", f"{why} (set aside: {where})")


def load_stats(storage) -> tuple[Stats, str | None]:
    """(stats, problem): fresh statistics when there are none; when the stored ones cannot
    be used, `problem` says why and what became of them (read_stats tells it apart)."""
    got = read_stats(storage)
    if got.state in ("ok", "none"):
        return got.stats, None
    if got.state == "unreadable":
        return got.stats, f"statistics could not be read ({got.detail}): left as they are"
    if got.state == "kept":
        return got.stats, f"{got.detail} (could not be set aside: left as they are)"
    return got.stats, got.detail


def save_stats(storage, stats: Stats) -> bool:
    try:
        storage.backend.set(STATS_KEY, stats.to_json())
        return True
    except Exception as exc:  # a full disk or a blocked localStorage must not crash play
        storage.last_error = str(exc)
        return False


def reset_stats(storage) -> bool:
    """Forget all statistics (the statistics scene asks first)."""
    try:
        storage.backend.remove(STATS_KEY)
        return True
    except Exception as exc:
        storage.last_error = str(exc)
        return False


__all__ = ["Stats", "GameLine", "StatsError", "StatsLoad", "load_stats", "read_stats", "save_stats", "reset_stats",
           "STATS_KEY"]
