"""The felt, the oval where tricks are played and the top bar's strip: one opaque picture."""

from __future__ import annotations

import pygame

from ..draw import gfx
from . import layout
from .base import TableObject

_layers: dict = gfx.scaled_cache({})  # device-sized pictures: dropped when the scale changes


def picture(size) -> pygame.Surface:
    """The background at a device size (made once per size, scale and layout)."""
    lay = layout.now()
    key = (tuple(size), lay.kind, lay.trick_center, lay.card_w, tuple(lay.top_bar))
    bg = _layers.get(key)
    if bg is None:
        bg = gfx.felt(size).copy()
        k = lay.trick_w / 92
        ring = pygame.Surface((gfx.px(520 * k), gfx.px(300 * k)), pygame.SRCALPHA)
        pygame.draw.ellipse(ring, (255, 255, 255, 14), ring.get_rect())
        pygame.draw.ellipse(ring, (255, 255, 255, 28), ring.get_rect(), max(1, gfx.px(2)))
        gfx.blit(bg, ring, lay.trick_center, "center")
        bar = lay.top_bar
        overlay = gfx.overlay(gfx.dev_rect(bar).size, (6, 28, 20, 200))
        bg.blit(overlay, gfx.dev_rect(bar))  # not fill_overlay: no veil for the layout check
        gfx.line(bg, gfx.GOLD_DARK, (0, bar.bottom), (bar.right, bar.bottom), 2)  # (a copy of the felt: in the window's format)
        if len(_layers) > 6:
            _layers.clear()
        _layers[key] = bg
    return bg


class Background(TableObject):
    steady = True  # its key is made of Table.inputs() alone
    def state_key(self):
        return 0  # never changes (the size is part of the table's cache key)

    def draw(self, surf) -> None:
        surf.blit(picture(surf.get_size()), (0, 0))
