"""Deadlines for drawing: a screen's first frame made over several frames.

Every place that makes a cached picture (text, panel, card sprite, felt, backdrop) or a
text's width calls ``making()`` first; under a deadline (``set_deadline``) it raises ``OutOfTime`` once the
time is up and this pass has made at least one picture, so every pass makes progress and
the next pass finds what this one made in the caches.  Pure Python, no pygame.
"""

from __future__ import annotations

import time


class OutOfTime(Exception):
    """A drawing made under a deadline (``set_deadline``) ran past it before a new cached
    picture; drawn again next frame, it finds what this pass made in the caches."""


_deadline: float | None = None  # perf_counter() time after which no new picture is made
_made = 0  # pictures made in this pass (the first is always made: every pass progresses)


def set_deadline(when: float | None) -> None:
    """Make cached pictures only until `when` (None: no limit) in the drawing that follows."""
    global _deadline, _made
    _deadline, _made = when, 0


def take_deadline() -> float | None:
    """The deadline set for this drawing, now lifted (give it back with set_deadline): a
    caller that can stop only between its own parts checks it there (the table's layer)."""
    global _deadline
    when, _deadline = _deadline, None
    return when


def making() -> None:
    """Called before a cached picture (text, panel, card, felt) is made: raises OutOfTime
    past the deadline, once this pass has made at least one."""
    global _made
    if _deadline is not None:
        if _made and time.perf_counter() > _deadline:
            raise OutOfTime
        _made += 1


def past_deadline() -> bool:
    """Is there a deadline and has it passed? (for work that stops only between its parts)"""
    return _deadline is not None and time.perf_counter() > _deadline
