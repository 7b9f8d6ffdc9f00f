"""The tricks each seat has won this deal: a small stack of sideways backs with a count."""

from __future__ import annotations

import pygame

from .. import art, gfx
from . import layout
from .base import TableObject
from .opponents import _layers, rotated_back

SHOWN = 6  # backs drawn in a pile at most
BADGES = 16  # counts a badge is made ahead for (a deal has 16 tricks)


def _stack(k: int) -> pygame.Surface:
    """k sideways backs, each 3 logical px above the last, as one premultiplied picture
    (six separate alpha blits per pile cost ~1.5 ms at 4x in the browser)."""
    pile_w = layout.now().pile_w
    key = ("pile", k, pile_w, gfx.card_style())
    layer = _layers.get(key)
    if layer is None:
        back = rotated_back(pile_w)
        rise = [gfx.px(3 * i) for i in range(k)]
        layer = pygame.Surface((back.get_width(), back.get_height() + rise[-1]), pygame.SRCALPHA)
        for i in range(k):
            layer.blit(back, (0, rise[-1] - rise[i]))
        if pygame.display.get_surface() is not None:
            layer = layer.convert_alpha()
        layer = layer.premul_alpha()
        _layers[key] = layer
    return layer


def _badge(n: int) -> pygame.Surface:
    height = max(18, layout.now().pile_w * 0.55)  # its number at least the text floor
    return gfx.labelled(art.badge(str(n), gfx.px(height), gfx.INK, gfx.GOLD), str(n), gfx.badge_text_size(height))


def warm_piles(budget_ms: float) -> bool:
    """Make the piles' pictures and count badges for at most about `budget_ms` on frames
    that draw nothing (a new badge at 4x took up to ~8 ms in the frame a trick was won).
    True when all are made."""
    import time

    end = time.perf_counter() + budget_ms / 1000.0
    for k in range(1, SHOWN + 1):
        _stack(k)
    for n in range(1, BADGES + 1):
        _badge(n)
        if time.perf_counter() > end:
            return False
    return True


class WonPiles(TableObject):
    def pos(self, seat: int) -> tuple[float, float]:
        """Centre of the pile of tricks a seat has won."""
        return layout.now().piles[layout.side(seat, self.table.human)]

    def state_key(self):
        return tuple(self.board.taken)

    def paint_bounds(self):
        """Each pile with its count badge."""
        out = []
        for seat in range(3):
            if self.board.taken[seat] > 0:
                x, y = self.pos(seat)
                k = layout.now().pile_w / 40
                out.append(pygame.Rect(int(x - 40 * k), int(y - 64 * k), int(110 * k) + 2, int(100 * k) + 2))
        return out

    def draw(self, surf) -> None:
        pile_w = layout.now().pile_w
        bh, bw = gfx.card_size(pile_w)  # logical size of the card turned sideways
        back = rotated_back(pile_w)
        for seat in range(3):
            n = self.board.taken[seat]
            if n <= 0:
                continue
            x, y = self.pos(seat)
            k = min(n, SHOWN)
            stack = _stack(k)
            cx, cy = gfx.dev_pos((int(x), int(y)))
            top = cy - back.get_height() // 2 - (stack.get_height() - back.get_height())
            surf.blit(stack, (cx - back.get_width() // 2, top), special_flags=pygame.BLEND_PREMULTIPLIED)
            gfx.blit(surf, _badge(n), (int(x + bw // 2), int(y - k * 3 - bh // 2 + 4)), "center")
            gfx.note("card", gfx.logical_rect(stack.get_rect(topleft=(cx - back.get_width() // 2, top))))
