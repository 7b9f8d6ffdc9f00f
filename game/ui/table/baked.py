"""Objects that lie on the bare background, kept as opaque pictures per state.

In WebAssembly a blended pixel costs ~100 ns at 4x and a copied one ~2 ns: a player's
plate (a translucent panel and four lines of text) took ~3 ms to draw, and two plates
change with every card played (whose turn it is).  An object with this mixin is drawn
once per state onto a copy of the table's background where it lies, and from then on
copied.  The pixels are those of drawing it on the table, provided only the background
is drawn under its paint_bounds() before it (tests/ui/test_baked.py checks this for every seat).  The
picture of the next likely state is made on a frame that draws nothing (``prebake``)."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from ... import i18n
from ..draw import gfx
from .background import picture as background
from .dirty import SLACK  # device pixels around the painted rect, as the compositor repaints it

_scratch: dict[tuple, pygame.Surface] = {}  # size -> a surface to draw a picture on, in place


def scratch(size) -> pygame.Surface:
    surf = _scratch.get(tuple(size))
    if surf is None:
        _scratch.clear()
        surf = _scratch[tuple(size)] = gfx.opaque(size)
    return surf


class BakedOnBackground:
    """Mixin for a TableObject: ``draw_fresh(surf)`` paints it; ``draw`` copies the
    picture of its current state (made on first use, the last ``keep`` kept)."""

    keep = 6

    def _pictures(self) -> OrderedDict:
        pics = self.__dict__.get("_baked")
        if pics is None:
            pics = self.__dict__["_baked"] = OrderedDict()
        return pics

    def _area(self, size) -> pygame.Rect:
        """The device rect the object may paint, as the compositor grows it."""
        return gfx.dev_rect(self.paint_bounds()).inflate(2 * SLACK, 2 * SLACK).clip(pygame.Rect((0, 0), size))

    @staticmethod
    def _full_key(size, area, key) -> tuple:
        return (tuple(size), tuple(area), gfx.scale(), i18n.language(), gfx.card_style(), key)

    def _picture(self, size, key):
        """(picture, device top-left) of this state at this size and place, made if missing."""
        pics = self._pictures()
        area = self._area(size)
        full = self._full_key(size, area, key)
        hit = pics.get(full)
        if hit is not None:
            pics.move_to_end(full)
            return hit
        if area.w <= 0 or area.h <= 0:
            return None
        work = scratch(size)
        work.blit(background(size), area, area)
        work.set_clip(area)
        try:
            self.draw_fresh(work)
        finally:
            work.set_clip(None)
        hit = pics[full] = (work.subsurface(area).copy(), area.topleft)
        while len(pics) > self.keep:
            pics.popitem(last=False)
        return hit

    def draw(self, surf) -> None:
        hit = self._picture(surf.get_size(), self.state_key())
        if hit is None:
            self.draw_fresh(surf)
        else:
            surf.blit(*hit)

    def forget(self) -> None:
        """Drop the pictures (the table is being drawn afresh)."""
        self._pictures().clear()

    def baked(self, size, key) -> bool:
        """Is the picture of state `key` at this size made?"""
        return self._full_key(size, self._area(size), key) in self._pictures()
