"""The base of every table object (one thing on the felt: the hand fan, a plate, the trick...).

A table object owns its layout (logical 1280x720 coordinates), its hit-testing and its
drawing, and reads only the human seat's `View` (``table.v``) and what the table is showing
mid-animation (``table.board``).  Its contract with the scenes and the compositor:

- ``layer``: "base" objects are drawn into the cached still picture of the table, "top"
  objects over it every frame (cards in flight, messages, overlays).
- ``state_key()``: a hashable value that changes whenever the object's picture would.  The
  compositor (compositor.py) redraws an object, and only the area it paints, only when its
  key changed: a picture that changes while the key stays the same is left stale.
- ``bounds()``: the object's logical rect (hit-testing); ``paint_bounds()`` the logical
  rect it may paint, or a list of rects (``bounds()`` grown by ``paint_margin`` for shadows
  and glows; None: anywhere, so any change of it redraws the whole table).  It must hold every pixel the
  object paints: a test draws each object alone and checks.
- ``steady``: True when the key is made only of what ``Table.inputs()`` holds (the view, the
  board, the human's picks, the layout...); the table then asks for it only in a frame
  where those changed.  An object with timers or its own state stays False (asked every
  frame).
- ``changed_bounds(old_key, new_key)`` (optional): the logical rects a change of key
  repaints when that is less than all of ``paint_bounds()`` (the hand being dealt: the
  slot a card lands in); None: all of it.
- ``hit(pos)``: True if a logical point is on the object.
- ``draw(surf)``: paint onto the device-sized surface through the gfx helpers.
- ``update(dt)``: per-frame timers (most objects have none).
"""

from __future__ import annotations


class TableObject:
    layer = "base"
    visible = True
    steady = False  # the key is made only of Table.inputs(): asked when they change
    paint_margin = 0  # logical pixels painted around bounds() (shadows, glows)

    def __init__(self, table):
        self.table = table

    @property
    def v(self):
        return self.table.v

    @property
    def board(self):
        return self.table.board

    def bounds(self):
        return None

    def paint_bounds(self):
        r = self.bounds()
        return None if r is None else r.inflate(2 * self.paint_margin, 2 * self.paint_margin)

    def hit(self, pos) -> bool:
        r = self.bounds()
        return r is not None and r.collidepoint(pos)

    def state_key(self):
        return None

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf) -> None:
        raise NotImplementedError
