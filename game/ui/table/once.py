"""What a drawing works out once: a table object's geometry asked again within the same drawing.

A frame of the table asks its objects for their keys, then the compositor asks them where
they paint and has them draw, once for each rect it repaints.  The same places (the
hand's card rects and the room it is laid out for, the trick's card places, the prompt's
band, the contract badge's rect) were worked out again at each of those questions: in a
move's frames, dozens of times, which in the browser at 10x is a good part of the frame.
Nothing changes between the first question and the end of the drawing (drawing reads the
game, it never moves it), so a method marked ``@once_a_drawing`` answers from what it
worked out the first time; outside a drawing (input, update, tests asking directly) it
works it out every time.

The table opens its memo when the frame's keys are asked (``Table._keys``) and closes it
when the drawing ends; answers kept in a frame are never given in the next one (a frame
whose keys were asked may draw nothing and close nothing).  With
``G358_CHECK_STEADY=1`` (the tests) every answer is worked out again and must equal the kept
one: a method that read something the drawing changes, or a caller that changed a kept
answer, is an error naming the method.
"""

from __future__ import annotations

import functools
import os

CHECK = os.environ.get("G358_CHECK_STEADY") == "1"
_MISSING = object()


class MemoMissed(AssertionError):
    """A kept answer no longer equals the one worked out afresh within the same drawing."""


class DrawingMemo:
    """The answers kept during one drawing of one table."""

    def __init__(self, app):
        self.app = app
        self.answers: dict | None = None  # None: no drawing under way
        self.frame = -1  # the frame the answers were kept in

    def open(self) -> None:
        self.answers, self.frame = {}, self.app.frames

    def close(self) -> None:
        self.answers = None


def once_a_drawing(method):
    """A table object's method (arguments hashable) answered once a drawing: see the module."""
    name = method.__qualname__

    @functools.wraps(method)
    def answer(obj, *args):
        memo = getattr(obj.table, "memo", None)  # (a replay's table, a test's stand-in: none)
        answers = None if memo is None else memo.answers  # (no method call: dozens of times a frame)
        if answers is None or memo.frame != memo.app.frames:  # no drawing, or one of a frame before
            return method(obj, *args)
        key = (obj, name, args)
        got = answers.get(key, _MISSING)
        if got is _MISSING:
            got = answers[key] = method(obj, *args)
        elif CHECK:
            fresh = method(obj, *args)
            if fresh != got:
                raise MemoMissed(f"{name}{args!r} changed within one drawing: {got!r} -> {fresh!r}")
        return got

    return answer
