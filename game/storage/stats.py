"""Statistics across games: the data model, its update from a finished game, JSON that
is validated on load, and persistence next to the settings (game/storage/store.py).

Why validated: the file (or the browser's localStorage entry) can be edited or damaged;
a bad one is refused with a `StatsError` naming what is wrong, set aside, and the player
starts with fresh statistics instead of a crash or silently wrong numbers.

Kept per player of one device (the human seat of each game; in pass-and-play, call
``add_game`` once per human seat).  Every count is a whole number, so the JSON is exact.

Every finished deal counts, not only finished games: a game in progress is kept as it
stands (``update_game``: its finished deals, hints and undos so far, replaced on each update
because an undo may take a deal back) and counted in every total but games played; when it
ends it becomes a game like any other, and a game left for another one keeps its deals
(``close_unfinished``).  Version 1 files (finished games only) are read as they are; a file
of a newer version is left untouched (``NewerStats``): a newer game wrote it.
"""

from __future__ import annotations

import json

from game.engine.names import LABEL_MAX, is_label
from game.engine.rules import ALL_CONTRACTS, RuleSet
from game.engine.values import field, value_type

FORMAT = "3-5-8 stats"
VERSION = 2
READABLE = (1, 2)  # version 1: no games in progress
STATS_KEY = "stats"  # storage key: stats.json natively, three-five-eight:stats in localStorage
ROLES = ("declarer", "defender")
MAX_LABEL = LABEL_MAX  # a strength or a date: the one limit of game/engine/names.py
MAX_IDS = 200  # games remembered so that adding the same game twice counts it once
MAX_OPEN = 6  # games in progress kept apart (pass-and-play: a game per person); older ones are closed
MAX_DEALS = 60  # the most deals a game has (game/engine/rules.py)
DEAL_POINTS = 16  # no deal gives a player more points, or takes more away


class StatsError(ValueError):
    """Statistics data that cannot be read; nothing is changed."""


class NewerStats(StatsError):
    """Statistics a newer version of the game wrote: read by none of this one, never replaced."""


@value_type
class GameLine:
    """A best or worst game."""

    total: int
    won: bool
    preset: str
    strength: str
    date: str

    def to_dict(self) -> dict:
        return {"total": self.total, "won": self.won, "preset": self.preset, "strength": self.strength, "date": self.date}


@value_type
class OpenGame:
    """A game not over (in progress, or left before its end): what it has counted so far."""

    preset: str
    strength: str
    date: str
    deals: list  # [role, contract, points] of each finished deal
    hints: int = 0
    undos: int = 0

    def to_dict(self, game_id: str) -> dict:
        return {"id": game_id, "preset": self.preset, "strength": self.strength, "date": self.date,
                "deals": [list(d) for d in self.deals], "hints": self.hints, "undos": self.undos}


def open_id(match, seat: int) -> str:
    """A game in progress and a seat of it, the same from its first move to its last."""
    return f"{match.rules.preset_name}/{match.seed}/{seat}"


@value_type
class Stats:
    games: dict = field(default_factory=dict)  # (preset, strength) -> [played, won]
    deals: dict = field(default_factory=dict)  # (preset, role, contract) -> [deals, points, made]
    best: GameLine | None = None
    worst: GameLine | None = None
    hints: int = 0  # of the games closed (finished or left); hints_used() adds the open ones'
    undos: int = 0
    counted: list = field(default_factory=list)  # ids of the latest games added
    open: dict = field(default_factory=dict)  # open_id -> OpenGame, oldest first
    unfinished: int = 0  # games left before their end (their deals are in `deals`)
    before: dict = field(default_factory=dict)  # open_id -> [deals, hints, undos] of a game in progress before a reset: not counted

    # --- reading the numbers ----------------------------------------------------------
    def played(self, preset: str | None = None, strength: str | None = None) -> int:
        return sum(v[0] for (p, s), v in self.games.items() if preset in (None, p) and strength in (None, s))

    def won(self, preset: str | None = None, strength: str | None = None) -> int:
        return sum(v[1] for (p, s), v in self.games.items() if preset in (None, p) and strength in (None, s))

    def deal_rows(self):
        """(preset, role, contract, deals, points, made) of the closed games and the open ones."""
        for (p, r, c), v in self.deals.items():
            yield p, r, c, *v
        for game in self.open.values():
            for r, c, points in game.deals:
                yield game.preset, r, c, 1, points, int(points >= 0)

    def deal_average(self, role: str, contract: str, preset: str | None = None) -> float | None:
        """Mean points per deal in that role and contract, or None if never played."""
        n = pts = 0
        for p, r, c, deals, points, _made in self.deal_rows():
            if r == role and c == contract and preset in (None, p):
                n, pts = n + deals, pts + points
        return pts / n if n else None

    def deal_count(self, role: str, contract: str) -> int:
        return sum(row[3] for row in self.deal_rows() if row[1] == role and row[2] == contract)

    def deal_made(self, role: str, contract: str) -> int:
        """Deals in that role and contract where the player took the tricks they needed."""
        return sum(row[5] for row in self.deal_rows() if row[1] == role and row[2] == contract)

    def deals_counted(self) -> int:
        return sum(row[3] for row in self.deal_rows())

    def hints_used(self) -> int:
        return self.hints + sum(g.hints for g in self.open.values())

    def undos_used(self) -> int:
        return self.undos + sum(g.undos for g in self.open.values())

    def empty(self) -> bool:
        return not (self.games or self.deals or self.open or self.hints or self.undos or self.unfinished)

    # --- updating ---------------------------------------------------------------------
    def update_game(self, match, seat: int, strength: str, hints: int = 0, undos: int = 0, date: str = "") -> bool:
        """Count the game as it stands for `seat`: a finished one once (add_game); one in
        progress by its finished deals, hints and undos so far, in place of what was counted
        of it before.  False when nothing changed."""
        if match.is_over():
            return self.add_game(match, seat, strength, hints, undos, date)
        strength, date = _checked_args(seat, strength, date, hints, undos)
        preset = match.rules.preset_name
        key = open_id(match, seat)
        deals, hints, undos = self._since_reset(key, match.deals, hints, undos)
        game = OpenGame(preset, strength, date, [list(_deal_row(deal, seat)) for deal in deals], hints, undos)
        if self.open.get(key) == game:
            return False
        self.open.pop(key, None)
        self.open[key] = game  # the newest last
        while len(self.open) > MAX_OPEN:
            self._close(next(iter(self.open)))
        return True

    def _since_reset(self, key: str, deals, hints: int, undos: int) -> tuple[list, int, int]:
        """What of a game is counted: what came after a reset made while it was played."""
        before = self.before.get(key)
        if before is None:
            return list(deals), hints, undos
        return list(deals)[before[0]:], max(0, hints - before[1]), max(0, undos - before[2])

    def reset(self) -> "Stats":
        """Fresh statistics that go on counting the games in progress from now on only."""
        fresh = Stats()
        for key, game in self.open.items():
            was = self.before.get(key, [0, 0, 0])
            fresh.before[key] = [was[0] + len(game.deals), was[1] + game.hints, was[2] + game.undos]
        return fresh

    def close_unfinished(self, keep=()) -> bool:
        """Close the open games but those in `keep` (the game that can still be resumed):
        their deals, hints and undos stay counted, as a game left unfinished."""
        gone = [key for key in self.open if key not in keep]
        for key in gone:
            self._close(key)
        stale = [key for key in self.before if key not in keep]
        for key in stale:
            del self.before[key]
        return bool(gone or stale)

    def _close(self, key: str) -> None:
        game = self.open.pop(key)
        for role, contract, points in game.deals:
            d = self.deals.setdefault((game.preset, role, contract), [0, 0, 0])
            d[0] += 1
            d[1] += points
            d[2] += int(points >= 0)
        self.hints += game.hints
        self.undos += game.undos
        self.unfinished += 1

    def add_game(self, match, seat: int, strength: str, hints: int = 0, undos: int = 0, date: str = "") -> bool:
        """Count a finished game for `seat` (opponents of `strength`) in place of what was
        counted of it while in progress; False if it was already counted (the same game and
        seat), nothing changes then."""
        if not match.is_over():
            raise ValueError("only a finished game is counted")
        strength, date = _checked_args(seat, strength, date, hints, undos)
        game_id = f"{match.rules.preset_name}/{match.seed}/{len(match.history)}/{seat}"
        key = open_id(match, seat)
        was_open = self.open.pop(key, None) is not None
        if game_id in self.counted:
            return was_open
        deals, hints, undos = self._since_reset(key, match.deals, hints, undos)
        self.before.pop(key, None)
        preset = match.rules.preset_name
        won = match.winner() == seat
        entry = self.games.setdefault((preset, strength), [0, 0])
        entry[0] += 1
        entry[1] += int(won)
        for deal in deals:
            role, contract, points = _deal_row(deal, seat)
            d = self.deals.setdefault((preset, role, contract), [0, 0, 0])
            d[0] += 1
            d[1] += points
            d[2] += int(points >= 0)
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
            "open": [game.to_dict(key) for key, game in self.open.items()], "unfinished": self.unfinished,
            "before": [[key, *counts] for key, counts in self.before.items()],
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
        version = data.get("version")
        if type(version) is int and version > VERSION:
            raise NewerStats(f"statistics version {version} was written by a newer version of the game")
        if version not in READABLE:
            raise StatsError(f"statistics version {version!r} is not one this game reads ({VERSION})")
        known = {"format", "version", "games", "deals", "best", "worst", "hints", "undos", "counted"}
        extra = set(data) - known - ({"open", "unfinished", "before"} if version >= 2 else set())
        if extra:
            raise StatsError(f"unknown statistics field {sorted(extra)[0]!r}")
        stats = Stats(hints=_count(data.get("hints"), "hints"), undos=_count(data.get("undos"), "undos"),
                      unfinished=_count(data.get("unfinished", 0), "unfinished games"))
        stats.open = _open_games(data.get("open", []))
        stats.before = _before(data.get("before", []))
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
            if type(points) is not int or abs(points) > DEAL_POINTS * n or made > n:
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


def _checked_args(seat, strength, date, hints, undos) -> tuple[str, str]:
    """The strength and date as kept; ValueError for a seat or a count out of range."""
    if seat not in (0, 1, 2):
        raise ValueError(f"no seat {seat!r}: seats are 0, 1 and 2")
    for value, name in ((hints, "hints"), (undos, "undos")):
        if type(value) is not int or value < 0:
            raise ValueError(f"{name} must be a whole number from 0, not {value!r}")
    return _label(strength, "strength"), _label(date or "?", "date")


def _deal_row(deal, seat: int) -> tuple[str, str, int]:
    """(role, contract, points) of a finished deal for `seat`."""
    return "declarer" if deal.declarer == seat else "defender", deal.contract, deal.points[seat]


def _open_games(value) -> dict:
    if not isinstance(value, list) or len(value) > MAX_OPEN:
        raise StatsError("the games in progress are damaged")
    games = {}
    for item in value:
        if not isinstance(item, dict) or set(item) != {"id", "preset", "strength", "date", "deals", "hints", "undos"}:
            raise StatsError("a game in progress is damaged")
        key = item["id"]
        if not isinstance(key, str) or not 0 < len(key) < 100 or key in games:
            raise StatsError("a game in progress has no id of its own")
        deals = item["deals"]
        if not isinstance(deals, list) or len(deals) > MAX_DEALS:
            raise StatsError("the deals of a game in progress are damaged")
        for row in deals:
            if (not isinstance(row, list) or len(row) != 3 or row[0] not in ROLES or row[1] not in ALL_CONTRACTS
                    or type(row[2]) is not int or abs(row[2]) > DEAL_POINTS):
                raise StatsError(f"a deal of a game in progress is damaged: {row!r:.80}")
        games[key] = OpenGame(_preset(item["preset"]), _checked_label(item["strength"], "strength in progress"),
                              _checked_label(item["date"], "date in progress"), [list(r) for r in deals],
                              _count(item["hints"], "hints in progress"), _count(item["undos"], "undos in progress"))
    return games


def _before(value) -> dict:
    rows = _rows(value, "before", 4)
    if len(rows) > MAX_OPEN:
        raise StatsError("the games counted from a reset are damaged")
    before = {}
    for key, deals, hints, undos in rows:
        if not isinstance(key, str) or not 0 < len(key) < 100 or key in before:
            raise StatsError("a game counted from a reset has no id of its own")
        before[key] = [_count(deals, "deals before a reset"), _count(hints, "hints before a reset"), _count(undos, "undos before a reset")]
    return before


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
@value_type
class StatsLoad:
    """What reading the stored statistics gave.  ``state``: "ok", "none" (nothing stored),
    "set_aside" (damaged, renamed out of the way: ``detail`` says where), "unreadable" (a
    folder, link or FIFO where the file belongs, no permission...: left where it is;
    ``detail`` is the reason code of game/storage_backends.reason_of), "kept" (damaged
    but could not be moved: left where it is) or "newer" (written by a newer version of the
    game: left where it is).  In the last three, ``stats`` are fresh and must not be saved:
    that would overwrite the only copy."""

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
    except NewerStats as exc:
        return StatsLoad(Stats(), "newer", str(exc))
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
    if got.state in ("kept", "newer"):
        return got.stats, f"{got.detail} (left as they are)" if got.state == "newer" else f"{got.detail} (could not be set aside: left as they are)"
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


__all__ = ["Stats", "GameLine", "OpenGame", "StatsError", "NewerStats", "open_id", "StatsLoad", "load_stats", "read_stats", "save_stats", "reset_stats",
           "STATS_KEY"]
