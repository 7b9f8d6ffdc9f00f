"""The last-trick overlay: the previous trick's three cards with who played them and who
won it (right click, key L or the button)."""

from __future__ import annotations

import pygame

from ...i18n import t
from .. import art, gfx
from . import layout
from .base import TableObject


def panel_rect() -> pygame.Rect:
    """The last trick's panel: 500x250 in the middle, narrower on a phone."""
    lay = layout.now()
    w = min(500, lay.safe.w - 16)
    h = min(250, lay.h - lay.top_bar.bottom - 16)
    r = pygame.Rect(0, 0, w, h)
    r.center = (lay.w // 2, (lay.top_bar.bottom + lay.h) // 2)
    return r


class LastTrickOverlay(TableObject):
    layer = "top"

    def __init__(self, table):
        super().__init__(table)
        self.visible = False

    def toggle(self) -> None:
        self.visible = not self.visible and bool(self.v.tricks)

    def state_key(self):
        return self.visible and len(self.v.tricks)

    def bounds(self):
        return panel_rect()

    def paint_bounds(self):
        return None if self.visible else pygame.Rect(0, 0, 0, 0)  # the veil covers the table

    def draw(self, surf) -> None:
        if not self.visible:
            return
        v, name = self.v, self.table.seat_name
        lay = layout.now()
        gfx.fill_overlay(surf, (0, 0, lay.w, lay.h), (0, 0, 0, 110))
        r = panel_rect()
        gfx.blit_panel(surf, r, alpha=255)
        size = 22 if r.w >= 480 else 17
        if not v.tricks:
            gfx.blit_text(surf, t("table.no_last_trick"), size, r.center, gfx.CREAM, True, "center", width=r.w - 24, box=r)
            return
        tr = v.tricks[-1]
        gfx.blit_text(surf, t("table.last_trick_title", name=name(tr.winner)), size, (r.centerx, r.top + 12), gfx.GOLD, True, "midtop",
                      width=r.w - 24, box=r)
        col = (r.w - 20) // 3
        cw, ch = gfx.card_size(min(84, col - 20, (r.h - 90) / 1.4))
        for i, c in enumerate(tr.cards):
            seat = tr.seat_of(i)
            x = r.left + 10 + col * i + col // 2
            cr = pygame.Rect(0, 0, cw, ch)
            cr.midtop = (x, r.top + 26 + size)
            gfx.draw_card(surf, c, cr, highlight=art.GOLD if seat == tr.winner else None)
            gfx.blit_text(surf, name(seat), 15 if col > 120 else 13, (x, cr.bottom + 6), gfx.CREAM, False, "midtop", width=col - 6, box=r)
