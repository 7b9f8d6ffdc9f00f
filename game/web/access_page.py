"""The page's side of screen-reader play: the Access layer's snapshot to the page's hidden
mirror (assets/web/access.js), and what the player asked for there back to the game.

The contract (docs/ACCESSIBILITY.md): the Access layer calls ``publish(snapshot)`` and
``take_actions()`` once a frame, in the browser, while screen-reader mode is on; it asks
``wanted()`` whether the page wants that mode (``?a11y=1``, or the mirror's "Play with a
screen reader" button) and ``prefers_reduced_motion()`` for the page's media query.

As game/web/bridge.py: each call is one ``window.eval`` of a small self-contained script
whose arguments are JSON literals, and the page's answers wait in the page until polled.
No callbacks, no threads, nothing blocks.  Natively (``sys.platform != "emscripten"``)
each function is a harmless no-op: nothing is sent, nothing comes back, the page wants
nothing.  Nothing here raises: a page without the mirror, or an odd answer, is the same as
no answer.
"""

from __future__ import annotations

import json
import sys
import time

WEB = sys.platform == "emscripten"

ACTION_TYPES = ("card", "button", "read")
READS = ("hand", "trick", "last_trick", "scores", "turn", "contract", "repeat")
ID_MAX = 64  # characters of a card's or a widget's id: longer is not one of ours
ACTIONS_MAX = 32  # actions taken from the page in one call: more is not a player's typing
ASK_EVERY_S = 0.5  # how often the page is asked again while its answer does not change much

_RENDER = """(function (snapshot) {
  var a = window.g358access;
  return a ? a.render(snapshot) : "absent";
})(@ARGS@)"""
_TAKE = """(function () { var a = window.g358access; return a ? a.take() : ""; })()"""
_WANTED = """(function () { var a = window.g358access; return a && a.wanted() ? "1" : "0"; })()"""
_REDUCED_MOTION = """(function () {
  try { return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "1" : "0"; }
  catch (e) { return ""; }
})()"""


def _eval(script: str) -> str:
    """Run a script in the page; its result as a Python string ("" for none)."""
    import platform

    result = platform.window.eval(script)
    return "" if result is None else str(result)


class _Sent:
    """What the page was last given, to send a snapshot only when it changed."""

    state: dict | None = None  # a copy of the last snapshot the page rendered
    text = ""  # its JSON
    absent_at: float | None = None  # when the page last had no mirror (asked again later)


_sent = _Sent()


def publish(state: dict) -> None:
    """Send the snapshot to the page's mirror; cheap when it has not changed."""
    if not WEB or not isinstance(state, dict):
        return
    if _sent.state is not None and state == _sent.state:
        return
    try:
        text = json.dumps(state, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError):  # not JSON: the contract's snapshot never is
        return
    if text == _sent.text:
        return
    now = time.monotonic()
    if _sent.absent_at is not None and now - _sent.absent_at < ASK_EVERY_S:
        return  # the page has no mirror (yet): access.js loads with the page
    try:
        answer = _eval(_RENDER.replace("@ARGS@", text))  # the JSON is the script's literal
    except Exception:  # no window or no eval: as if the page had no mirror
        answer = "absent"
    if answer == "ok":
        _sent.state, _sent.text, _sent.absent_at = json.loads(text), text, None
    else:
        _sent.absent_at = now


def take_actions() -> list[dict]:
    """What the player asked for in the mirror since the last call, checked (see
    `parse_actions`); [] natively."""
    if not WEB:
        return []
    try:
        raw = _eval(_TAKE)
    except Exception:
        return []
    return parse_actions(raw)


def parse_actions(raw: str) -> list[dict]:
    """The page's JSON list of actions, each kept only in the contract's shape:
    {"type": "card"|"button", "id": str} or {"type": "read", "what": one of READS}.
    Anything else is left out, saying so on stderr; never raises."""
    if not raw:
        return []
    try:
        items = json.loads(raw)
    except ValueError:
        items = None
    if not isinstance(items, list):
        print("[3-5-8] screen reader mirror: unreadable actions ignored", file=sys.stderr)
        return []
    actions = [action for action in map(_checked, items[:ACTIONS_MAX]) if action is not None]
    if len(actions) < len(items):
        print(f"[3-5-8] screen reader mirror: {len(items) - len(actions)} odd action(s) ignored", file=sys.stderr)
    return actions


def _checked(item) -> dict | None:
    if not isinstance(item, dict):
        return None
    kind = item.get("type")
    if kind in ("card", "button"):
        ident = item.get("id")
        if isinstance(ident, str) and 0 < len(ident) <= ID_MAX and ident.isprintable():
            return {"type": kind, "id": ident}
    elif kind == "read" and item.get("what") in READS:
        return {"type": "read", "what": item["what"]}
    return None


def prefers_reduced_motion() -> bool | None:
    """The page's ``prefers-reduced-motion: reduce``; None natively or when unknown."""
    if not WEB:
        return None
    try:
        answer = _eval(_REDUCED_MOTION)
    except Exception:
        return None
    return {"1": True, "0": False}.get(answer)


class _Wanted:
    """The page's answer to "screen-reader mode?", asked at most every ASK_EVERY_S: the
    Access layer may ask every frame, at no cost to players who never turn it on."""

    by_address: bool | None = None  # ?a11y=1 (read once: the address does not change)
    yes = False  # once the page asked, it stays asked
    asked_at: float | None = None


_wanted = _Wanted()


def wanted() -> bool:
    """The page asks for screen-reader mode: ``?a11y=1`` in its address, or the player
    pressed the mirror's "Play with a screen reader" button.  False natively."""
    if not WEB:
        return False
    if _wanted.by_address is None:
        _wanted.by_address = _address_asks()
    if _wanted.by_address or _wanted.yes:
        return True
    now = time.monotonic()
    if _wanted.asked_at is not None and now - _wanted.asked_at < ASK_EVERY_S:
        return False
    _wanted.asked_at = now
    try:
        _wanted.yes = _eval(_WANTED) == "1"
    except Exception:
        _wanted.yes = False
    return _wanted.yes


def _address_asks() -> bool:
    """``a11y`` in the page's query, checked as the launch parameters check it."""
    try:
        import platform

        from game.web.params import check_value, parse_qsl

        query = str(platform.window.location.search or "").lstrip("?")
        values = [value for key, value in parse_qsl(query) if key.strip().lower() == "a11y"]
        return bool(values) and check_value("a11y", values[-1].strip()) is True
    except Exception:  # no window, no address: not asked
        return False
