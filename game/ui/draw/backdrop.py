"""A page's backdrop: the felt with large panels on it, made once per size and
scale as one opaque picture, a part at a time under a drawing deadline."""

from __future__ import annotations

import pygame

from . import gfx
from .budget import OutOfTime, making, past_deadline

_backdrops: dict[tuple, pygame.Surface] = {}
_backdrop_parts: dict[tuple, tuple] = {}  # a backdrop being made: (surface, panels drawn on it)


def blit_backdrop(surf, panels=()) -> None:
    """The felt with these logical panels (default look) on it, made once per size and
    scale as one opaque picture: a page is then one plain blit instead of the felt and
    large translucent panels (~130 ms a score page at 4x in WebAssembly)."""
    key = (surf.get_size(), gfx.scale(), tuple(tuple(pygame.Rect(r)) for r in panels))
    page = _backdrops.get(key)
    if page is not None and gfx.recording():  # drawn before: the layout check still sees its panels
        for r in panels:
            gfx.note("panel", gfx.logical_rect(gfx.dev_rect(r)), over=False)
    if page is None:
        page, done = _backdrop_parts.pop(key, (None, -1))
        if page is None:
            making()
            page = pygame.Surface(surf.get_size())
            if pygame.display.get_surface() is not None:
                page = page.convert()
        first = done
        while done < len(panels):  # the felt, then each panel: a deadline may stop it between two
            _backdrop_parts[key] = (page, done)  # kept if OutOfTime comes before this step's blit
            if done > first and past_deadline():
                raise OutOfTime
            if done >= 0:
                gfx.blit_panel(page, panels[done])
            else:
                gfx.blit_felt(page)
            done += 1
        _backdrop_parts.pop(key, None)
        if len(_backdrops) > 8:
            _backdrops.clear()
        _backdrops[key] = page
    surf.blit(page, (0, 0))
