"""Launch parameters: how a web page (or a command line) configures a game.

In the browser (pygbag, ``sys.platform == "emscripten"``) the parameters come from the
page's query string, so a site can embed a configured game::

    index.html?lang=pl&rules=blato&seed=7&strength=hard

Natively they come from the command line (``python main.py lang=pl --rules blato
--seed=7``) or from environment variables (``G358_LANG=pl G358_STRENGTH=hard``); the
command line wins over the environment.

``read_launch_params()`` returns a dict holding only the keys that were given *and* valid:
``lang`` (str), ``rules`` (preset name), ``seed`` (int), ``strength`` (str), ``ice``
(str: online play's STUN/TURN servers, game/online/links/ice.py), ``a11y`` (bool:
screen-reader mode asked for, ``?a11y=1``; 1/true/on/yes or 0/false/off/no; in the
browser the page's mirror, docs/ACCESSIBILITY.md). Anything
unknown or invalid is ignored with a one-line message on the browser console (or stderr),
never an exception: a mistyped link still starts the game with its defaults.

A game record to open in the replay viewer is read apart (``read_launch_record()``): the
page address ending in ``#record=CODE`` in the browser, ``--record FILE`` or
``record=CODE`` natively.

Pure Python, no pygame; safe to import anywhere.
"""

from __future__ import annotations

import os
import sys

__all__ = ["KEYS", "LANGUAGES", "RULES", "STRENGTHS", "check_value", "parse_query", "parse_argv",
           "read_launch_params", "validate"]

from ..i18n import LANGUAGES
from ..strengths import STRENGTHS

RULES = ("standard", "blato", "classic")  # RuleSet.PRESETS, without loading the engine at the start
KEYS = ("lang", "rules", "seed", "strength", "ice", "a11y")
ENV_PREFIX = "G358_"
SEED_MAX = 2**63 - 1
_EXAMPLES = {"lang": "pl", "rules": "blato", "seed": "7", "strength": "hard", "ice": "stun:stun.example.org",
             "a11y": "1"}
_YES = ("1", "true", "on", "yes")
_NO = ("0", "false", "off", "no")

# Query keys that the page runtime or test harnesses add; ignored without a message.
_QUIET_KEYS = frozenset({"wheel", "archive", "pace", "-i", "debug", "record", "perf"})  # record: read_launch_record; perf: game.perf


def _warn(message: str) -> None:
    """One line for the developer: the browser console under pygbag, else stderr."""
    text = f"[3-5-8] {message}"
    if sys.platform == "emscripten":
        try:
            import platform

            platform.window.console.warn(text)
            return
        except Exception:  # no console: fall back to stderr
            pass
    print(text, file=sys.stderr)


def _languages() -> tuple[str, ...]:
    """The languages the game ships: LANGUAGES plus any game/i18n/<code>.py module."""
    found = list(LANGUAGES)
    try:
        import pkgutil

        import game.i18n as i18n

        for info in pkgutil.iter_modules(i18n.__path__):
            name = info.name
            if len(name) in (2, 3) and name.isalpha() and name.islower() and name not in found:
                found.append(name)
    except Exception:  # i18n package absent or odd: keep the static list
        pass
    return tuple(found)


def parse_qsl(query: str) -> list[tuple[str, str]]:
    """``urllib.parse.parse_qsl(query, keep_blank_values=True)`` without importing
    urllib.parse unless a value is percent-encoded (in the browser that import
    was ~380 ms of the start at 4x slower CPU)."""
    if "%" in query:
        from urllib.parse import parse_qsl as real

        return real(query, keep_blank_values=True)
    pairs = []
    for part in query.split("&"):
        if not part:
            continue
        key, _, value = part.partition("=")
        pairs.append((key.replace("+", " "), value.replace("+", " ")))
    return pairs


def validate(raw: dict[str, str], source: str = "launch parameters") -> dict:
    """Check raw string values; keep the valid ones (typed), report the rest."""
    params: dict = {}
    for key, value in raw.items():
        key = key.strip().lower()
        value = value.strip()
        if key not in KEYS:
            if key not in _QUIET_KEYS and key:
                _warn(f"{source}: unknown parameter {key!r} ignored (known: {', '.join(KEYS)})")
            continue
        checked = _check(key, value)
        if checked is None:
            _warn(f"{source}: invalid {key}={value!r} ignored")
            continue
        params[key] = checked
    return params


def check_value(key: str, value: str):
    """One parameter's value checked and typed (str, int or bool); None when invalid."""
    return _check(key, value)


def _check(key: str, value: str):
    low = value.lower()
    if key == "lang":
        # "pl-PL" or "pl_PL" → "pl"
        code = low.replace("_", "-").split("-", 1)[0]
        return code if code in _languages() else None
    if key == "rules":
        return low if low in RULES else None
    if key == "strength":
        return low if low in STRENGTHS else None
    if key == "seed":
        # ASCII digits only: int() would also take "1_000", Arabic-Indic or full-width digits
        if not (value.isascii() and value.isdigit()) or len(value) > 20:
            return None
        seed = int(value, 10)
        return seed if 0 <= seed <= SEED_MAX else None
    if key == "ice":  # online play's STUN/TURN servers (game/online/links/ice.py)
        from game.online.links.ice import parse_ice

        return value if parse_ice(value) is not None else None
    if key == "a11y":  # screen-reader mode (the page's mirror, docs/ACCESSIBILITY.md)
        return True if low in _YES else False if low in _NO else None
    return None


def parse_query(query: str) -> dict:
    """Parse a query string such as ``?lang=pl&rules=blato`` (leading ``?`` optional)."""
    query = (query or "").lstrip("?")
    raw: dict[str, str] = {}
    for key, value in parse_qsl(query):
        raw[key] = value  # a repeated key: the last one wins
    return validate(raw, "page query")


def _is_option(item: str) -> bool:
    """Looks like the next option (``--lang``, ``lang=pl``) rather than a value."""
    return item.startswith("--") or ("=" in item and item.split("=", 1)[0].lstrip("-").lower() in KEYS)


def parse_argv(argv: list[str]) -> dict:
    """Parse ``key=value``, ``--key=value`` and ``--key value`` items; others are ignored.
    ``--seed`` with no value after it is reported by name, and the options after it
    still count (``--seed --lang pl`` keeps the language)."""
    raw: dict[str, str] = {}
    items = [str(item) for item in argv]
    i = 0
    while i < len(items):
        item = items[i]
        i += 1
        name = item.lstrip("-")
        if "=" in name:
            key, value = name.split("=", 1)
            raw[key] = value
        elif item.startswith("--") and name.lower() in KEYS:
            if i < len(items) and not _is_option(items[i]):
                raw[name] = items[i]
                i += 1
            else:
                _warn(f"command line: --{name} needs a value (e.g. --{name} {_EXAMPLES[name.lower()]}); ignored")
    # Only our keys are looked at on a command line: other flags belong to other tools.
    return validate({k: v for k, v in raw.items() if k.lower() in KEYS}, "command line")


def _parse_env(environ) -> dict:
    raw = {key: environ[ENV_PREFIX + key.upper()] for key in KEYS
           if ENV_PREFIX + key.upper() in environ}
    return validate(raw, "environment")


def _browser_query() -> str | None:
    """The page's ``location.search`` under pygbag, else None."""
    if sys.platform != "emscripten":
        return None
    try:
        import platform

        return str(platform.window.location.search or "")
    except Exception as exc:  # no window (worker, test runtime): no params
        _warn(f"cannot read the page address: {exc}")
        return ""


def read_launch_params(argv: list[str] | None = None, environ=None) -> dict:
    """The valid launch parameters: page query in the browser, else argv and environment."""
    query = _browser_query()
    if query is not None:
        return parse_query(query)
    params = _parse_env(os.environ if environ is None else environ)
    params.update(parse_argv(sys.argv[1:] if argv is None else argv))
    return params


# --- a game record to open in the replay viewer ------------------------------------
def parse_record_argv(argv: list[str]) -> dict:
    """``--record FILE`` / ``--record=FILE`` (a record file) or ``record=CODE`` (a share code or
    link) -> {"file": path} or {"code": code}; {} when absent.  Checked when opened."""
    items = [str(item) for item in argv]
    for i, item in enumerate(items):
        if item == "--record" and i + 1 < len(items):
            return {"file": items[i + 1]}
        if item.startswith("--record="):
            return {"file": item.split("=", 1)[1]}
        if item.startswith("record="):
            value = item.split("=", 1)[1]
            return {"file": value} if os.path.isfile(value) else {"code": value}
    if any(item == "--record" for item in items):
        _warn("command line: --record needs a file (e.g. --record game.358); ignored")
    return {}


def parse_record_fragment(fragment: str, query: str = "") -> dict:
    """A page's ``#record=CODE`` (or ``?record=CODE``) -> {"code": CODE}; {} when absent."""
    for part in ((fragment or "").lstrip("#"), (query or "").lstrip("?")):
        for key, value in parse_qsl(part):
            if key.strip().lower() == "record" and value.strip():
                return {"code": value.strip()}
    return {}


def read_launch_record(argv: list[str] | None = None) -> dict:
    """The record to open at start: the page's fragment or query in the browser, else the
    command line.  {"file": path}, {"code": code} or {}; never raises."""
    if sys.platform == "emscripten":
        try:
            import platform

            location = platform.window.location
            found = parse_record_fragment(str(location.hash or ""), str(location.search or ""))
        except Exception as exc:  # no window: nothing to open
            _warn(f"cannot read the page address: {exc}")
            found = {}
        # pygbag's loader also passes the fragment's words as sys.argv ("record=CODE")
        return found or {k: v for k, v in parse_record_argv(sys.argv[1:]).items() if k == "code"}
    return parse_record_argv(sys.argv[1:] if argv is None else argv)
