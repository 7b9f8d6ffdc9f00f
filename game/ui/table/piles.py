"""The tricks each seat has won this deal: a small stack of sideways backs with a count."""

from __future__ import annotations

import pygame

from .. import art, gfx
from .base import TableObject
from .layout import PILE_W, W, by_side
from .opponents import rotated_back


class WonPiles(TableObject):
    def pos(self, seat: int) -> tuple[float, float]:
        """Centre of the pile of tricks a seat has won."""
        return by_side(seat, self.table.human, (60, 556), (268, 122), (W - 268, 122))

    def state_key(self):
        return tuple(self.board.taken)

    def paint_bounds(self):
        """Each pile with its count badge."""
        out = []
        for seat in range(3):
            if self.board.taken[seat] > 0:
                x, y = self.pos(seat)
                out.append(pygame.Rect(int(x) - 40, int(y) - 64, 110, 100))
        return out

    def draw(self, surf) -> None:
        back = rotated_back(PILE_W)
        bh, bw = gfx.card_size(PILE_W)  # logical size of the card turned sideways
        for seat in range(3):
            n = self.board.taken[seat]
            if n <= 0:
                continue
            x, y = self.pos(seat)
            for i in range(min(n, 6)):
                gfx.blit(surf, back, (int(x), int(y - i * 3)), "center")
            badge = art.badge(str(n), gfx.px(22), gfx.INK, gfx.GOLD)
            gfx.blit(surf, badge, (int(x + bw // 2), int(y - min(n, 6) * 3 - bh // 2 + 4)), "center")
