"""The still layer's keys, asked only when what they are made of changed.

A *steady* table object (``steady = True``, base.py) has a key made only of the table's
inputs (``Table.inputs()``: the view, the board, the human's picks, the layout...).  While
the inputs and the objects are those of the last frame, its key is last frame's: most
frames of play move only cards in flight, and asking every object was a third of a frame's
drawing.  The others (buttons, phase panels, objects with timers) are asked every frame.
"""

from __future__ import annotations

import os

# The steady objects are asked all the same at least this often: a key that read something
# the inputs leave out would then be stale for half a second at most, not for good.
FULL_KEYS_EVERY = 30
# Tests turn this on (tests/conftest.py): every frame the steady objects are asked anyway and
# a key that changed while the inputs did not is an error naming the object.
CHECK = os.environ.get("G358_CHECK_STEADY") == "1"


class SteadyKeyMissed(AssertionError):
    """A steady object's key changed while the table's inputs stayed the same."""


class SteadyKeys:
    """The keys of one table's still items, frame after frame."""

    def __init__(self):
        self.last = None  # (inputs, (items, their ids), their keys, frame they were all asked)
        self.unsteady: list[int] = []  # where the items asked every frame are among them

    def forget(self) -> None:
        """Ask them all next frame (the layer was dropped, the seat shown changed)."""
        self.last = None

    @property
    def asked_at(self) -> int | None:
        """The frame in which every item was last asked (tests)."""
        return None if self.last is None else self.last[3]

    def keys(self, still: list, inputs: tuple, frame: int) -> list:
        """The items' keys this frame, given the table's inputs now."""
        # the items as ids: the last frame's are held here, so no new object has their id
        items, last = (still, tuple(map(id, still))), self.last
        if last is None or last[0] != inputs or last[1][1] != items[1] or frame - last[3] >= FULL_KEYS_EVERY:
            keys = [o.state_key() for o in still]
            self.last = (inputs, items, keys, frame)
            self.unsteady = [i for i, o in enumerate(still) if not o.steady]
            return keys
        keys = list(last[2])
        for i in self.unsteady:  # (the same items as when they were counted)
            keys[i] = still[i].state_key()
        if CHECK:
            for o, key in zip(still, keys):
                if o.steady and o.state_key() != key:
                    raise SteadyKeyMissed(f"{type(o).__name__}'s key changed with the table's inputs the same: "
                                          f"{key!r} -> {o.state_key()!r}")
        self.last = (inputs, items, keys, last[3])
        return keys
