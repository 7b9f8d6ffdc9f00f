"""The felt, the oval where tricks are played and the top bar's strip: one opaque picture."""

from __future__ import annotations

import pygame

from .. import gfx
from .base import TableObject
from .layout import TOP_BAR, W

_layers: dict = gfx.scaled_cache({})  # device-sized pictures: dropped when the scale changes


def picture(size) -> pygame.Surface:
    """The background at a device size (made once per size and scale)."""
    size = tuple(size)
    bg = _layers.get(size)
    if bg is None:
        bg = gfx.felt(size).copy()
        ring = pygame.Surface((gfx.px(520), gfx.px(300)), pygame.SRCALPHA)
        pygame.draw.ellipse(ring, (255, 255, 255, 14), ring.get_rect())
        pygame.draw.ellipse(ring, (255, 255, 255, 28), ring.get_rect(), max(1, gfx.px(2)))
        gfx.blit(bg, ring, (640, 360), "center")
        gfx.fill_overlay(bg, (0, 0, W, TOP_BAR), (6, 28, 20, 200))
        gfx.line(bg, gfx.GOLD_DARK, (0, TOP_BAR), (W, TOP_BAR), 2)
        if pygame.display.get_surface() is not None:
            bg = bg.convert()
        _layers[size] = bg
    return bg


class Background(TableObject):
    def state_key(self):
        return 0  # never changes (the size is part of the table's cache key)

    def draw(self, surf) -> None:
        surf.blit(picture(surf.get_size()), (0, 0))
