"""Message tables: every user-visible string goes through ``t(key, **fields)``.

``en.py`` is the reference table; ``pl.py``, ``ru.py``, ``bg.py`` hold the same keys (a key
missing there falls back to English).  Texts use ``str.format`` fields such as ``{name}``;
suit symbols ♠♥♦♣ inside a text are drawn as icons by the UI's text renderer.
"""

from __future__ import annotations

import importlib
import os
import sys

LANGUAGES = ("en", "pl", "ru", "bg")
LANGUAGE_NAMES = {"en": "English", "pl": "Polski", "ru": "Русский", "bg": "Български"}

_tables: dict[str, dict[str, str]] = {}
_current = "en"


def _table(code: str) -> dict[str, str]:
    if code not in _tables:
        try:
            module = importlib.import_module(f"game.i18n.{code}")
            _tables[code] = dict(getattr(module, "MESSAGES", {}))
        except Exception:  # a missing or broken translation never stops the game
            _tables[code] = {}
    return _tables[code]


def set_language(code: str | None) -> str:
    """Switch language (unknown codes fall back to English); returns the language used."""
    global _current
    code = (code or "en").lower()[:2]
    _current = code if code in LANGUAGES else "en"
    return _current


def language() -> str:
    return _current


def has(key: str) -> bool:
    return key in _table("en")


def t(key: str, **fields) -> str:
    text = _table(_current).get(key)
    if text is None:
        text = _table("en").get(key, key)
    if fields:
        try:
            return text.format(**fields)
        except (KeyError, IndexError, ValueError):
            try:
                return _table("en").get(key, key).format(**fields)
            except (KeyError, IndexError, ValueError):
                return text
    return text


def detect_language() -> str:
    """The system's (native) or the browser's (pygbag) language if we have it, else English."""
    candidates: list[str] = []
    if sys.platform == "emscripten":
        try:
            import platform as _platform  # pygbag's browser bridge

            nav = _platform.window.navigator
            candidates.append(str(nav.language))
        except Exception:
            pass
    else:
        for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
            value = os.environ.get(var)
            if value:
                candidates.extend(value.split(":"))
        try:
            import locale

            loc = locale.getlocale()[0]
            if loc:
                candidates.append(loc)
        except Exception:
            pass
    for cand in candidates:
        code = cand.strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"
