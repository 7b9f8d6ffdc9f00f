"""Frame timings for benchmarks: how long each frame and each think() slice took.

Off by default (the hooks then cost one global lookup per frame).  Turn it on with
``G358_PERF=1`` (or true, yes, on, in any case; natively ``G358_PERF=/path/frames.json``
also writes the recording there at exit), ``?perf=1`` on the page address, or ``game.perf.enable()`` from a script (what
``tools.web.perf`` does through the webcheck harness).  Hooks, all cheap no-ops while off:

    App.present()      perf.presented()                 this frame drew something
    in App.step()      perf.part(name)                  the frame's part `name` ends now (perf.recorder.PARTS)
    end of App.step()  perf.frame_done(self, start)     one frame: start .. now
    Player.think()     perf.think_slice(ms, budget_ms)  one slice of a computer player
    WarmUp.step()      perf.warm_step(step, ms)         one step of the warm-up (warmup.py)
    gfx's budget       perf.picture_made()              a cached picture (text, panel, card) made now

The time the first frame was presented is kept even while off (one comparison per
frame): the title appears before any script can switch the recorder on.  So are the
start's milestones (`start_mark`: main.py begun, pygame imported, the game's modules
imported, the App made): a handful of clock readings that say where the start went.
``snapshot()`` gives a JSON-ready dict; ``tools.web.perf`` turns it into the figures.
Pure Python, no pygame.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .recorder import FrameRecorder

ENV = "G358_PERF"
CAPACITY = 1 << 15  # frames kept (about nine minutes at 60 fps); older ones are overwritten
clock = time.perf_counter
RECORDER: FrameRecorder | None = None  # recorder.py's, while recording (imported then: not at the start)
_first_frame: tuple[float, str] | None = None  # (clock time, scene) of the first frame presented
_start_marks: list[tuple[str, float]] = []  # (milestone, clock time) of the start, in order
START_MARKS_KEPT = 16  # a start has a handful; a caller marking in a loop cannot grow it
_drawn = False


def enable(capacity: int = CAPACITY) -> FrameRecorder:
    """Start recording (a fresh recorder) and return it."""
    from .recorder import FrameRecorder

    global RECORDER
    RECORDER = FrameRecorder(capacity)
    return RECORDER


def disable() -> None:
    global RECORDER
    RECORDER = None


def presented() -> None:
    """Hook: the frame under way was drawn and presented."""
    global _drawn
    _drawn = True


# A frame's parts say where a slow frame went: each is the time from the mark before (or the
# frame's start) to its own; what follows the last mark is "rest".
def part(name: str) -> None:
    rec = RECORDER
    if rec is not None:  # (the mark kept as it is: a call less in each part of a measured frame)
        rec.marks.append((name, clock()))


def frame_done(app, start: float) -> None:
    """Hook at the end of a frame that began at `start` (clock seconds)."""
    global _drawn, _first_frame
    drawn, _drawn = _drawn, False
    if _first_frame is None and drawn:
        _first_frame = (clock(), getattr(app, "scene_name", ""))
    rec = RECORDER
    if rec is not None:
        rec.add_frame(start, clock(), drawn, getattr(app, "scene_name", ""))


def picture_made() -> None:
    """Hook: a cached picture is made in the frame under way (a frame that makes many is a
    frame whose pictures were not made ahead)."""
    rec = RECORDER
    if rec is not None:
        rec.pictures_now += 1


def warm_step(step: str, ms: float) -> None:
    """Hook: the warm-up took `step` (an import, a screen's first frame...) in `ms`: which of
    its steps make a browser task long."""
    rec = RECORDER
    if rec is not None:
        rec.add_warm_step(step, ms)


def think_slice(ms: float, budget_ms: float) -> None:
    """Hook: a computer player's think() worked `ms` for a budget of `budget_ms`."""
    rec = RECORDER
    if rec is not None:
        rec.add_slice(ms, budget_ms)


def first_frame() -> dict | None:
    """When the first frame was presented (clock ms) and which scene it showed."""
    if _first_frame is None:
        return None
    return {"clock_ms": round(_first_frame[0] * 1000.0, 3), "scene": _first_frame[1]}


def start_mark(name: str) -> None:
    """A milestone of the start reached now (kept even while off, as the first frame is)."""
    if len(_start_marks) < START_MARKS_KEPT:
        _start_marks.append((name, clock()))


def start_marks() -> list[dict]:
    """The start's milestones so far, in order: [{"name", "clock_ms"}]."""
    return [{"name": name, "clock_ms": round(when * 1000.0, 3)} for name, when in _start_marks]


def snapshot() -> dict | None:
    if RECORDER is None:
        return None
    return {**RECORDER.snapshot(), "first_frame": first_frame(), "start_marks": start_marks(),
            "clock_ms": round(clock() * 1000.0, 3)}


def _query_flag() -> bool:
    """?perf=1 (or any value but 0/false/no) on the page address, in the browser."""
    if sys.platform != "emscripten":
        return False
    try:
        import platform

        from ..web.params import parse_qsl  # not urllib.parse: ~380 ms of the start at 4x

        query = str(platform.window.location.search).lstrip("?")
        # a blank value does not count (as with urllib's parse_qsl, which drops blank pairs)
        return any(k == "perf" and v and v.lower() not in ("0", "false", "no") for k, v in parse_qsl(query))
    except Exception:  # no page (a harness without `window`): not asked for
        return False


ON_WORDS = ("1", "true", "yes", "on")
OFF_WORDS = ("0", "false", "no", "off")


def enable_from_launch(environ=None) -> FrameRecorder | None:
    """Switch recording on if the environment or the page address asks for it.  G358_PERF
    takes an on-word or an off-word in any case (1/true/yes/on, 0/false/no/off) or the path
    of a .json file to write the recording to when the program exits; anything else is said
    on stderr and records without writing (a stray word never becomes a file name)."""
    value = (os.environ if environ is None else environ).get(ENV, "").strip()
    if not value and not _query_flag():
        return None
    word = value.lower()
    if word in OFF_WORDS:
        return None
    rec = enable()
    if not value or word in ON_WORDS:
        return rec
    if word.endswith(".json"):
        import atexit

        atexit.register(write, value)
    else:
        print(f"[3-5-8] {ENV}={value!r} is neither on/off nor a .json path to write to: recording, not writing",
              file=sys.stderr)
    return rec


def write(path: str) -> None:
    """Write the recording as JSON (nothing when off); errors go to stderr, never up."""
    data = snapshot()
    if data is None:
        return
    try:
        import json
        import tempfile

        folder = os.path.dirname(os.path.abspath(path))
        fd, tmp = tempfile.mkstemp(prefix=".frames-", suffix=".tmp", dir=folder)  # never through a planted link
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError as exc:
        print(f"[3-5-8] perf: could not write {path}: {exc}", file=sys.stderr)
