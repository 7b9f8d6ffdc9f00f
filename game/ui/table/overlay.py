"""The last-trick overlay: the previous trick's three cards with who played them and who
won it (right click, key L or the button)."""

from __future__ import annotations

import pygame

from ...i18n import t
from .. import art, gfx
from .base import TableObject
from .layout import H, W

PANEL = pygame.Rect(390, 190, 500, 250)


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
        return PANEL

    def paint_bounds(self):
        return None if self.visible else pygame.Rect(0, 0, 0, 0)  # the veil covers the table

    def draw(self, surf) -> None:
        if not self.visible:
            return
        v, name = self.v, self.table.seat_name
        gfx.fill_overlay(surf, (0, 0, W, H), (0, 0, 0, 110))
        r = PANEL
        gfx.blit_panel(surf, r, alpha=255)
        if not v.tricks:
            gfx.blit_text(surf, t("table.no_last_trick"), 22, r.center, gfx.CREAM, True, "center")
            return
        tr = v.tricks[-1]
        gfx.blit_text(surf, t("table.last_trick_title", name=name(tr.winner)), 22, (r.centerx, r.top + 14), gfx.GOLD, True, "midtop")
        for i, c in enumerate(tr.cards):
            seat = tr.seat_of(i)
            x = r.left + 90 + i * 160
            cw, ch = gfx.card_size(84)
            cr = pygame.Rect(0, 0, cw, ch)
            cr.center = (x, r.top + 140)
            gfx.draw_card(surf, c, cr, highlight=art.GOLD if seat == tr.winner else None)
            gfx.blit_text(surf, name(seat), 15, (x, cr.bottom + 6), gfx.CREAM, False, "midtop")
