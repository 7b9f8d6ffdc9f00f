"""Saved game and settings: a JSON file natively, ``localStorage`` in the browser.

Native location: ``$THREE_FIVE_EIGHT_DATA`` if set (tests point it at a temp dir), else
``$XDG_DATA_HOME/three-five-eight`` or ``~/.local/share/three-five-eight`` (on Windows
``%APPDATA%/three-five-eight``).  In pygbag (``sys.platform == "emscripten"``) the same
keys live in the page's ``localStorage``.

A damaged save is never fatal: ``load_game`` sets it aside (renamed with a ``.damaged``
suffix) and reports where it went.
"""

from __future__ import annotations

import json
import os
import sys
import time

APP_DIR = "three-five-eight"
ENV_VAR = "THREE_FIVE_EIGHT_DATA"
GAME_KEY = "game"
SETTINGS_KEY = "settings"
SAVE_VERSION = 1


def default_dir() -> str:
    env = os.environ.get(ENV_VAR)
    if env:
        return env
    if os.name == "nt" and os.environ.get("APPDATA"):
        return os.path.join(os.environ["APPDATA"], APP_DIR)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, APP_DIR)


class _FileBackend:
    def __init__(self, directory: str):
        self.directory = directory

    def _path(self, key: str) -> str:
        return os.path.join(self.directory, f"{key}.json")

    def get(self, key: str) -> str | None:
        try:
            with open(self._path(key), encoding="utf-8") as f:
                return f.read()
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError):
            return "\0unreadable"

    def set(self, key: str, text: str) -> None:
        os.makedirs(self.directory, exist_ok=True)
        path = self._path(key)
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)  # atomic: a crash mid-write never leaves half a save

    def remove(self, key: str) -> None:
        try:
            os.remove(self._path(key))
        except FileNotFoundError:
            pass

    def set_aside(self, key: str) -> str:
        src = self._path(key)
        dst = f"{src}.damaged-{time.strftime('%Y%m%d-%H%M%S')}"
        n = 1
        while os.path.exists(dst):
            n += 1
            dst = f"{src}.damaged-{time.strftime('%Y%m%d-%H%M%S')}-{n}"
        try:
            os.replace(src, dst)
        except OSError:
            self.remove(key)
        return dst

    def describe(self) -> str:
        return self.directory


class _LocalStorageBackend:
    PREFIX = "three-five-eight:"

    def __init__(self, storage=None):
        if storage is None:
            import platform as _platform  # pygbag's browser bridge

            storage = _platform.window.localStorage
        self.ls = storage

    @staticmethod
    def _missing(value) -> bool:
        # pygbag's proxy, Pyodide's JsNull/JsUndefined and plain JS strings all mean "absent"
        return value is None or type(value).__name__ in ("JsNull", "JsUndefined") or str(value) in ("null", "undefined", "jsnull", "None")

    def get(self, key: str) -> str | None:
        value = self.ls.getItem(self.PREFIX + key)
        if self._missing(value):
            return None
        return str(value)

    def set(self, key: str, text: str) -> None:
        self.ls.setItem(self.PREFIX + key, text)

    def remove(self, key: str) -> None:
        self.ls.removeItem(self.PREFIX + key)

    def set_aside(self, key: str) -> str:
        value = self.get(key)
        dst = f"{self.PREFIX}{key}.damaged"
        if value is not None:
            try:
                self.ls.setItem(dst, value)
            except Exception:
                pass
        self.remove(key)
        return f"localStorage {dst}"

    def describe(self) -> str:
        return "localStorage"


class _MemoryBackend:
    """For tests and when nothing else works: lives as long as the process."""

    def __init__(self):
        self.data: dict[str, str] = {}

    def get(self, key):
        return self.data.get(key)

    def set(self, key, text):
        self.data[key] = text

    def remove(self, key):
        self.data.pop(key, None)

    def set_aside(self, key):
        if key in self.data:
            self.data[key + ".damaged"] = self.data.pop(key)
        return "memory"

    def describe(self):
        return "memory"


class Storage:
    """Settings and the one saved game.  ``directory`` overrides the native location;
    ``directory=":memory:"`` keeps everything in memory."""

    def __init__(self, directory: str | None = None, backend=None):
        if backend is not None:
            self.backend = backend
        elif directory == ":memory:":
            self.backend = _MemoryBackend()
        elif directory is None and sys.platform == "emscripten":
            try:
                self.backend = _LocalStorageBackend()
            except Exception:
                self.backend = _MemoryBackend()
        else:
            self.backend = _FileBackend(directory or default_dir())
        self.last_error: str | None = None

    # --- settings -------------------------------------------------------------------
    def load_settings(self) -> dict:
        try:
            text = self.backend.get(SETTINGS_KEY)
            if text is None:
                return {}
            data = json.loads(text)
            return data if isinstance(data, dict) else {}
        except Exception:
            return {}

    def save_settings(self, settings: dict) -> bool:
        try:
            self.backend.set(SETTINGS_KEY, json.dumps(settings, sort_keys=True))
            return True
        except Exception as exc:  # a full disk or a blocked localStorage must not crash play
            self.last_error = str(exc)
            return False

    # --- the saved game ---------------------------------------------------------------
    def has_game(self) -> bool:
        try:
            return self.backend.get(GAME_KEY) is not None
        except Exception:
            return False

    def load_game_raw(self) -> dict | None:
        """The saved game's JSON object, or None; raises ValueError if unreadable."""
        text = self.backend.get(GAME_KEY)
        if text is None:
            return None
        data = json.loads(text)  # ValueError on damage
        if not isinstance(data, dict) or data.get("version") != SAVE_VERSION or "match" not in data:
            raise ValueError("not a saved game of this version")
        return data

    def save_game(self, data: dict) -> bool:
        try:
            self.backend.set(GAME_KEY, json.dumps({"version": SAVE_VERSION, **data}))
            return True
        except Exception as exc:
            self.last_error = str(exc)
            return False

    def clear_game(self) -> None:
        try:
            self.backend.remove(GAME_KEY)
        except Exception:
            pass

    def set_aside_game(self) -> str:
        try:
            return self.backend.set_aside(GAME_KEY)
        except Exception:
            self.clear_game()
            return self.backend.describe()

    def describe(self) -> str:
        return self.backend.describe()
