"""When a move is saved: natively at once (~1 ms), in the browser on a later frame.

In the browser a move's save (~3 ms with the CPU slowed 4x: the stored game read back and
checked, the new one checksummed and written) waits for a frame that draws nothing, or
SAVE_WITHIN_S at most, instead of landing in a frame of the move's animation.
A module of its own, apart from the session: the App asks it every frame from the start,
before any game, or the engine, is loaded.
"""

from __future__ import annotations

import sys
import time

SAVE_LATER = sys.platform == "emscripten"
# A move starts an animation whose frames all draw for ~0.25-0.4 s (more on a slow phone):
# waited 0.25 s, three saves in four landed in one of them (5-9 ms of a drawn frame at 10x);
# at 1 s nearly all wait for the frames that draw nothing after it.  A tab closed in that
# second reopens the game one move earlier.
SAVE_WITHIN_S = 1.0
_waiting: list = []  # [session, since]: the one session whose last move is not saved yet


def save_waiting(idle: bool = True) -> None:
    """Write the move waiting to be saved, if any, when the frame drew nothing (`idle`) or it
    has waited SAVE_WITHIN_S.  The App calls it every frame; loading a game calls it first."""
    if _waiting and (idle or time.perf_counter() - _waiting[1] >= SAVE_WITHIN_S):
        _waiting[0].save()


def moved(session) -> None:
    """A move was made in `session`: saved now, or (in the browser) kept for a later frame,
    another game's move still waiting written first."""
    if not SAVE_LATER:
        session.save()
    elif not _waiting or _waiting[0] is not session:
        if _waiting:
            _waiting[0].save()  # (clears it)
        _waiting[:] = [session, time.perf_counter()]


def before_save(session) -> None:
    """`session` is being saved: nothing of it waits any more, and another game's move that
    did is written first (this save is the newer one)."""
    if _waiting:
        other = _waiting[0]
        _waiting.clear()
        if other is not session:
            other.save()
