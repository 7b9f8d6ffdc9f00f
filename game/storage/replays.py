"""Games kept for Replays: every finished game of this device, kept when it ends, and every
game opened from a code, a link or a file ("imported"), each as its share code with what
the list says of it (game/records/listing.py).  Stored like the statistics, next to the
settings: a file natively, the page's localStorage in the browser.

Why a share code: a game of 18 deals is about 1.3 kB as a code (15 kB as a record), so a
hundred games fit the browser's storage with room to spare; the code is read (and checked
through the rules) when the game is opened.

A damaged list is set aside (kept for a person to look at) and the games in it that can
still be read are kept; one that cannot be read where it lies (a folder in its place, no
permission) or that a newer version wrote is left as it is and never written over.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..records.listing import Summary

FORMAT = "3-5-8 replays"
VERSION = 1
REPLAYS_KEY = "replays"  # replays.json natively, three-five-eight:replays in localStorage
MAX_KEPT = 100  # the oldest game goes when a new one comes
MAX_CODE = 200_000  # a share code of 60 deals is about 5 kB
ORIGINS = ("played", "imported")


@dataclass(frozen=True)
class Kept:
    code: str
    origin: str  # "played" (a game of this device) or "imported"
    summary: Summary

    def to_dict(self) -> dict:
        return {"code": self.code, "origin": self.origin, **self.summary.to_dict()}

    @staticmethod
    def from_dict(data) -> "Kept":
        if not isinstance(data, dict):
            raise ValueError("a kept game is damaged")
        code, origin = data.get("code"), data.get("origin")
        if not isinstance(code, str) or not 0 < len(code) <= MAX_CODE or not code.isascii() or origin not in ORIGINS:
            raise ValueError("a kept game's code is damaged")
        return Kept(code, origin, Summary.from_dict({k: v for k, v in data.items() if k not in ("code", "origin")}))


@dataclass
class KeptLoad:
    """What reading the kept games gave; ``state`` as in game/storage/stats.StatsLoad:
    "ok", "none", "set_aside" (damaged: moved aside, the readable games kept), "unreadable",
    "kept" (damaged, could not be moved) or "newer".  Only the first three may be written."""

    games: list = field(default_factory=list)
    state: str = "none"
    detail: str = ""

    @property
    def writable(self) -> bool:
        return self.state in ("ok", "none", "set_aside")


def parse(text) -> tuple[list, int]:
    """(games that could be read, how many could not); ValueError when the text is no list
    of kept games at all; LookupError when a newer version wrote it."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError("the kept games are damaged (not valid JSON)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("games"), list):
        raise ValueError("not 3-5-8 kept games")
    version = data.get("version")
    if type(version) is int and version > VERSION:
        raise LookupError(f"kept games version {version} was written by a newer version of the game")
    if version != VERSION:
        raise ValueError(f"kept games version {version!r} is not one this game reads")
    games, bad = [], 0
    for item in data["games"][:MAX_KEPT]:
        try:
            games.append(Kept.from_dict(item))
        except ValueError:
            bad += 1
    return games, bad + max(0, len(data["games"]) - MAX_KEPT)


def to_json(games) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, "games": [g.to_dict() for g in games[:MAX_KEPT]]}, sort_keys=True)


def read_kept(storage) -> KeptLoad:
    """The kept games, newest first, or none and what became of the stored ones."""
    from .backends import Unreadable, reason_of

    try:
        text = storage.backend.get(REPLAYS_KEY)
    except Unreadable as exc:
        return KeptLoad([], "unreadable", exc.reason)
    except ValueError as exc:  # not UTF-8, or far too large: damage
        return _set_aside(storage, [], str(exc) or type(exc).__name__)
    except Exception as exc:
        return KeptLoad([], "unreadable", reason_of(exc))
    if text is None:
        return KeptLoad([], "none")
    try:
        games, bad = parse(text)
    except LookupError as exc:
        return KeptLoad([], "newer", str(exc))
    except Exception as exc:
        return _set_aside(storage, [], str(exc) or type(exc).__name__)
    if bad:
        return _set_aside(storage, games, f"{bad} kept games could not be read")
    return KeptLoad(games, "ok")


def _set_aside(storage, games: list, why: str) -> KeptLoad:
    """The stored list moved out of the way whole, and the games that could be read written
    back: nothing is lost, and the next start is quiet."""
    try:
        where = storage.backend.set_aside(REPLAYS_KEY)
    except Exception:  # cannot be moved (read-only...): left where it is, never written over
        return KeptLoad(games, "kept", why)
    if games:
        save_kept(storage, games)
    return KeptLoad(games, "set_aside", f"{why} (set aside: {where})")


def save_kept(storage, games) -> bool:
    try:
        storage.backend.set(REPLAYS_KEY, to_json(games))
        return True
    except Exception as exc:  # a full disk or a full localStorage must not stop the game
        storage.last_error = str(exc)
        return False


def with_game(games: list, kept: Kept) -> list | None:
    """The list with `kept` first (the newest), or None when that game is kept already."""
    same = kept.summary.same_game()
    if any(g.code == kept.code or g.summary.same_game() == same and g.summary.seed is not None for g in games):
        return None
    return [kept, *games][:MAX_KEPT]


__all__ = ["Kept", "KeptLoad", "REPLAYS_KEY", "read_kept", "save_kept", "with_game", "parse", "to_json"]
