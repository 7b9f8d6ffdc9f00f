"""Deadlines for drawing: a screen's first frame made over several frames.

Every place that makes a cached picture (text, panel, card sprite, felt, backdrop) calls
``making()`` first (a text's first width calls ``measuring()``); under a deadline
(``set_deadline``) it raises ``OutOfTime`` once the time is up and this pass has made at
least one picture, so every pass makes progress and the next pass finds what this one made
in the caches.  Pure Python, no pygame.
"""

from __future__ import annotations

import time

from ... import perf


class OutOfTime(Exception):
    """A drawing made under a deadline (``set_deadline``) ran past it before a new cached
    picture; drawn again next frame, it finds what this pass made in the caches."""


_deadline: float | None = None  # perf_counter() time after which no new picture is made
_made = 0  # pictures made in this pass (the first is always made: every pass progresses)
_widths = False  # does a text's first width count as a picture (set_deadline's `widths`)?
_parts = False  # may a big picture stop between its parts (set_deadline's `parts`)?


def set_deadline(when: float | None, widths: bool = False, parts: bool = False) -> None:
    """Make cached pictures only until `when` (None: no limit) in the drawing that follows.
    `widths`: a text's first width counts as a picture too: for a screen built and drawn
    off screen (the warm-up), whose passes are cheap; in a frame's passes it does not (a
    table's pass redraws its layer: a panel wrapping its words, one width a pass, took
    forty frames).  `parts`: a big picture (a panel) may stop between its parts and go on
    in the next pass: for a screen's whole passes; not for the table's objects, each drawn
    again whole once stopped inside (they make big pictures ahead)."""
    global _deadline, _made, _widths, _parts
    _deadline, _made = when, 0
    _widths, _parts = widths and when is not None, parts and when is not None


def take_deadline() -> float | None:
    """The deadline set for this drawing, now lifted (give it back with set_deadline): a
    caller that can stop only between its own parts checks it there (the table's layer)."""
    global _deadline
    when, _deadline = _deadline, None
    return when


def measuring() -> None:
    """Called before a text's width is worked out: a picture under a deadline that counts
    widths (set_deadline(..., widths=True)), nothing otherwise."""
    if _widths:
        making()


def making() -> None:
    """Called before a cached picture (text, panel, card, felt) is made: raises OutOfTime
    past the deadline, once this pass has made at least one."""
    global _made
    if _deadline is not None:
        if _made and time.perf_counter() > _deadline:
            raise OutOfTime
        _made += 1
    perf.picture_made()


def past_deadline() -> bool:
    """Is there a deadline and has it passed? (for work that stops only between its parts)"""
    return _deadline is not None and time.perf_counter() > _deadline


def between_parts() -> bool:
    """Should a big picture stop after this part (a deadline with `parts`, and it has passed)?"""
    return _parts and past_deadline()
