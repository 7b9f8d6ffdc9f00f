"""Saved game and settings: a JSON file natively, ``localStorage`` in the browser.

Native location: ``$THREE_FIVE_EIGHT_DATA`` if set (tests point it at a temp dir), else
``$XDG_DATA_HOME/three-five-eight`` or ``~/.local/share/three-five-eight`` (on Windows
``%APPDATA%/three-five-eight``).  In pygbag (``sys.platform == "emscripten"``) the same
keys live in the page's ``localStorage``.  Files are written atomically (see
``storage_backends``).

When the browser refuses ``localStorage`` (the game embedded in a page of another site,
where third-party storage is blocked), everything is kept in memory: ``keeps`` is False and
the event ``storage_refused`` lets the UI say so once and ask for storage access;
``use_browser_storage`` moves the game over when the page is given it.

Nothing here raises into the game.  What the player must hear about is queued as events
(``take_events()``; the UI's notices show them): a save that failed (and why), the first
save that worked again, another window saving over this one's game, a damaged save or
settings file set aside, a save that cannot be read.

The saved game is one JSON object, checksummed as a whole: the caller's fields (the match,
names, seat, strength) plus ``version``, ``generation`` and ``writer``.  Each window has its
own writer id; a save carries a generation one higher than the one it replaces.  Two
windows on one folder: the last writer wins, and a window that replaces a save another
window wrote after its own last look is told so (once per other window).
"""

from __future__ import annotations

import json
import os
import random
import sys

from .backends import FileBackend, LocalStorageBackend, MemoryBackend, Unreadable, reason_of

APP_DIR = "three-five-eight"
ENV_VAR = "THREE_FIVE_EIGHT_DATA"
GAME_KEY = "game"
SETTINGS_KEY = "settings"
SAVE_VERSION = 2
READABLE_VERSIONS = (1, 2)  # version 1: no checksum of its own (the match inside has one)
ENVELOPE = ("version", "generation", "writer", "checksum")

# kept importable under their old names
_FileBackend, _LocalStorageBackend, _MemoryBackend = FileBackend, LocalStorageBackend, MemoryBackend


class DamagedSave(ValueError):
    """The stored game is not a whole, valid save of this game."""


def default_dir() -> str:
    env = os.environ.get(ENV_VAR)
    if env:
        return env
    if os.name == "nt" and os.environ.get("APPDATA"):
        return os.path.join(os.environ["APPDATA"], APP_DIR)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, APP_DIR)


def checksum(body: dict) -> str:
    """A saved game's seal (game/engine/save.py's), loaded with the first game saved or read:
    a first visit's start, which reads only the settings, does without it."""
    from ..engine.save import checksum as seal

    return seal(body)


def _new_writer_id() -> str:
    try:
        return os.urandom(6).hex()
    except Exception:  # a runtime without os.urandom: the clock and a PRNG
        return f"{random.Random().getrandbits(48):012x}"


def _browser_backend():
    """The page's localStorage, or memory when the browser refuses it (reading the property,
    or using it, raises a SecurityError in a blocked third-party frame)."""
    try:
        backend = LocalStorageBackend()
        backend.probe()
        return backend
    except Exception:  # refused: the Storage's event tells the player
        return MemoryBackend()


def _whole(value) -> bool:
    return type(value) is int and 0 <= value < 2**63


class Storage:
    """Settings and the one saved game.  ``directory`` overrides the native location;
    ``directory=":memory:"`` keeps everything in memory."""

    def __init__(self, directory: str | None = None, backend=None):
        if backend is not None:
            self.backend = backend
        elif directory == ":memory:":
            self.backend = MemoryBackend()
        elif directory is None and sys.platform == "emscripten":
            self.backend = _browser_backend()
        else:
            self.backend = FileBackend(directory or default_dir())
        self.writer = _new_writer_id()  # this window
        self.last_error: str | None = None  # the last failure's own words (for logs)
        self.save_problem: str | None = None  # why the game is not saved now: a reason code
        self._events: list[tuple[str, str]] = []
        self._generation = 0  # the highest generation this window has seen or written
        self._seen: tuple[int, str] | None = None  # (generation, writer) of the save last seen
        self._told_about: set[str] = set()  # other windows already reported
        # the browser refused localStorage: nothing outlives the page (told once, see notices)
        self.refused = directory is None and backend is None and isinstance(self.backend, MemoryBackend)
        if self.refused:
            self._event("storage_refused")

    @property
    def keeps(self) -> bool:
        """Does what is stored outlive this page or process?  (Not in memory.)"""
        return not isinstance(self.backend, MemoryBackend)

    def use_browser_storage(self, local_storage) -> bool:
        """The page was given storage (the Storage Access API): keep everything there from
        now on.  What memory holds is copied where the browser holds nothing under that key
        (a save the full page made is not replaced behind the player's back: the next move's
        save replaces it, and says so).  False if that storage refuses too."""
        if self.keeps:
            return True
        try:
            target = LocalStorageBackend(local_storage)
            target.probe()
            for key, text in list(self.backend.data.items()):
                if target.get(key) is None:
                    target.set(key, text)
        except Exception as exc:  # still refused: stay in memory
            self.last_error = str(exc)
            return False
        self.backend, self.refused = target, False
        self._event("storage_kept")
        return True

    # --- events for the player ------------------------------------------------------
    def take_events(self) -> list[tuple[str, str]]:
        """(kind, detail) since the last call: save_failed (reason), saved_again,
        save_replaced, game_set_aside (where), game_unreadable (reason),
        settings_set_aside (where), settings_unreadable (reason), settings_failed (reason),
        storage_refused, storage_kept."""
        events, self._events = self._events, []
        return events

    def _event(self, kind: str, detail: str = "") -> None:
        self._events.append((kind, detail))

    def tell(self, kind: str, detail: str = "") -> None:
        """An event of the caller's own for the notices (the session: names_replaced)."""
        self._event(kind, detail)

    # --- settings -------------------------------------------------------------------
    def load_settings(self) -> dict:
        """The stored settings; {} when there are none.  A damaged file is set aside
        (event settings_set_aside) so the next start is quiet."""
        try:
            text = self.backend.get(SETTINGS_KEY)
            if text is None:
                return {}
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("settings are not an object")
            return data
        except Unreadable as exc:
            self._event("settings_unreadable", exc.reason)  # not damage: left where it is, never replaced
            return {}
        except Exception:
            self._event("settings_set_aside", self._set_aside(SETTINGS_KEY))
            return {}

    def save_settings(self, settings: dict) -> bool:
        try:
            self.backend.set(SETTINGS_KEY, json.dumps(settings, sort_keys=True))
            return True
        except Exception as exc:  # a full disk or a blocked localStorage must not crash play
            self.last_error = str(exc)
            self._event("settings_failed", reason_of(exc))
            return False

    # --- the saved game ---------------------------------------------------------------
    def has_game(self) -> bool:
        return self._game_stored(unreadable=False)

    def may_have_game(self) -> bool:
        """False only when the storage is sure no game is saved (a first visit): a save
        that cannot be read now counts, so that loading it says why."""
        return self._game_stored(unreadable=True)

    def _game_stored(self, unreadable: bool) -> bool:
        """Whether a game is saved; `unreadable` when the storage cannot tell now."""
        try:
            return self.backend.get(GAME_KEY) is not None
        except Exception:
            return unreadable

    def load_game_raw(self) -> dict | None:
        """The saved game's fields (without the envelope), or None when there is none.
        Raises Unreadable when it cannot be read now, DamagedSave when it is not whole."""
        text = self.backend.get(GAME_KEY)
        if text is None:
            return None
        data = self._open(text)
        self._seen = (data.get("generation", 0), data.get("writer", ""))
        self._generation = max(self._generation, self._seen[0])
        return {k: v for k, v in data.items() if k not in ENVELOPE}

    @staticmethod
    def _open(text: str) -> dict:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise DamagedSave("the save is not valid JSON (damaged or cut short)") from None
        if not isinstance(data, dict) or data.get("version") not in READABLE_VERSIONS:
            raise DamagedSave("not a saved game of a version this game reads")
        if "match" not in data:
            raise DamagedSave("the save holds no match")
        if data["version"] >= 2:
            body = {k: v for k, v in data.items() if k != "checksum"}
            if data.get("checksum") != checksum(body):
                raise DamagedSave("the save is damaged or was edited (checksum mismatch)")
            if not _whole(data.get("generation")) or not isinstance(data.get("writer"), str):
                raise DamagedSave("the save's generation or writer is malformed")
        return data

    def peek_game(self) -> dict | None:
        """The saved game's fields, only read (the statistics count its finished deals), or
        None when there is none.  Nothing is set aside or remembered: a save that cannot be
        read raises (Unreadable, DamagedSave...) and Continue tells the player about it."""
        text = self.backend.get(GAME_KEY)
        if text is None:
            return None
        return {k: v for k, v in self._open(text).items() if k not in ENVELOPE}

    def _peek(self) -> tuple[int, str] | None:
        """(generation, writer) of the save stored now, or None (none, damaged, unreadable)."""
        try:
            text = self.backend.get(GAME_KEY)
            if text is None:
                return None
            data = self._open(text)
            return data.get("generation", 0), data.get("writer", "")
        except Exception:
            return None

    def save_game(self, data: dict) -> bool:
        """Store the game; False (and events) if that failed.  Never raises."""
        try:
            stored = self._peek()
            if stored is not None:
                self._generation = max(self._generation, stored[0])
                other = stored[1] != self.writer and stored != self._seen
                if other and stored[1] not in self._told_about:
                    self._told_about.add(stored[1])
                    self._event("save_replaced")
            body = {k: v for k, v in data.items() if k not in ENVELOPE}
            body.update(version=SAVE_VERSION, generation=self._generation + 1, writer=self.writer)
            body["checksum"] = checksum(body)
            self.backend.set(GAME_KEY, json.dumps(body))
        except Exception as exc:
            self.last_error = str(exc)
            reason = reason_of(exc)
            if self.save_problem is None:
                self._event("save_failed", reason)
            self.save_problem = reason
            return False
        self._generation += 1
        self._seen = (self._generation, self.writer)
        if self.save_problem is not None:
            self.save_problem = None
            self._event("saved_again")
        return True

    def clear_game(self) -> None:
        """Remove the save of a finished game: only this window's own (another window's
        game in progress is never removed)."""
        stored = self._peek()
        if stored is not None and stored[1] != self.writer and stored[1]:
            return
        try:
            self.backend.remove(GAME_KEY)
        except Exception:
            pass
        self.save_problem = None

    def set_aside_game(self) -> str:
        where = self._set_aside(GAME_KEY)
        self._event("game_set_aside", where)
        return where

    def _set_aside(self, key: str) -> str:
        try:
            return self.backend.set_aside(key)
        except Exception:
            return self.backend.describe()  # cannot move it (read-only): leave it as it is

    def report_unreadable(self, exc: BaseException) -> None:
        self._event("game_unreadable", reason_of(exc))

    def describe(self) -> str:
        return self.backend.describe()
