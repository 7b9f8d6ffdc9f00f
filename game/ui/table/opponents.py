"""The two computer players' hands: a column of card backs beside each of their plates."""

from __future__ import annotations

import pygame

from .. import gfx
from .base import TableObject
from .layout import SMALL_W, W, by_side

_layers: dict = gfx.scaled_cache({})


def rotated_back(width):
    """A card back turned sideways, `width` logical (device pixels)."""
    key = ("rot", width, gfx.card_style())
    img = _layers.get(key)
    if img is None:
        img = pygame.transform.rotate(gfx.card_back(gfx.px(width)), 90)
        _layers[key] = img
    return img


def _column(n):
    """n backs in a column (cached per count and style)."""
    key = ("opp", n, gfx.card_style())
    layer = _layers.get(key)
    if layer is None:
        back = rotated_back(SMALL_W)
        step = min(16.0, 250 / max(1, n - 1)) * gfx.scale()
        pad = gfx.px(6)
        hgt = int(step * (n - 1) + back.get_height()) + 2 * pad
        layer = pygame.Surface((back.get_width() + 2 * pad, hgt), pygame.SRCALPHA)
        for i in range(n):
            layer.blit(back, (pad, int(pad + i * step)))
        if pygame.display.get_surface() is not None:
            layer = layer.convert_alpha()
        layer = layer.premul_alpha()
        _layers[key] = layer
    return layer


def hand_anchor(seat: int, human: int) -> tuple[float, float]:
    """Where a seat's hand is: cards fly to and from here."""
    return by_side(seat, human, (640, 650), (119, 350), (W - 119, 350))


class OpponentHands(TableObject):
    def seats(self):
        return [s for s in range(3) if s != self.table.human]

    def state_key(self):
        return tuple(self.board.sizes[s] for s in self.seats()) + (gfx.card_style(),)

    def paint_bounds(self):
        """One rect per column of backs (the two sit far apart)."""
        out = []
        for seat in self.seats():
            n = self.board.sizes[seat]
            if n > 0:
                out.append(gfx.logical_rect(_column(n).get_rect(center=gfx.dev_pos(hand_anchor(seat, self.table.human)))))
        return out

    def draw(self, surf) -> None:
        for seat in self.seats():
            n = self.board.sizes[seat]
            if n > 0:
                gfx.blit(surf, _column(n), hand_anchor(seat, self.table.human), "center", special_flags=pygame.BLEND_PREMULTIPLIED)
