"""The last-trick overlay: the previous trick's three cards in the order the seats sit at
the table, each seat's name under its card, the led card tagged "led" (as on the table),
the winning card glowing and the winner said in words ("you won it" for the human), shown
by a tap on the trick or on a won pile, a right click, key L or the button."""

from __future__ import annotations

import pygame

from ...i18n import t
from .. import art
from ..draw import gfx
from . import layout
from .base import TableObject
from .lookback import draw_names, name_lines, seat_order
from .trick import draw_led_tag


def panel_rect(content_h: int = 250) -> pygame.Rect:
    """The last trick's panel, `content_h` tall (at most the room under the top bar): up to
    500 wide in the middle, narrower on a phone."""
    lay = layout.now()
    w = min(500, lay.safe.w - 16)
    h = min(content_h, lay.h - lay.top_bar.bottom - 16)
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
        return self.places()["panel"]

    def paint_bounds(self):
        return None if self.visible else pygame.Rect(0, 0, 0, 0)  # the veil covers the table

    def title(self, trick) -> str:
        if trick.winner == self.table.you:
            return t("table.last_trick_yours")
        return t("table.last_trick_title", name=self.table.seat_name(trick.winner))

    def places(self) -> dict:
        """The panel fitted to what it shows: the title's lines, the cards' size, the names'
        lines and where each part starts."""
        lay = layout.now()
        w = panel_rect().w
        size = 22 if w >= 480 else 17
        if not self.v.tricks:
            return {"panel": panel_rect(), "size": size}
        lines = gfx.wrap(self.title(self.v.tricks[-1]), size, w - 24, True)[:2]  # two lines rather than a name cut short
        lh = gfx.line_height(size, True, 2)
        col = (w - 20) // 3
        names = [self.table.seat_name(seat) for seat in seat_order(self.table.human)]
        names_h = max(len(name_lines(n, col - 8)) for n in names) * gfx.line_height(12, False, 1)
        head = 14 + len(lines) * lh
        room = lay.h - lay.top_bar.bottom - 16 - head - 6 - names_h - 14
        cw, ch = gfx.card_size(min(84, col - 20, room / 1.4))
        panel = panel_rect(head + ch + 6 + names_h + 14)
        return {"panel": panel, "size": size, "lines": lines, "lh": lh, "col": col, "names": names, "card": (cw, ch),
                "top": panel.top + head}

    def draw(self, surf) -> None:
        if not self.visible:
            return
        v = self.v
        lay = layout.now()
        gfx.fill_overlay(surf, (0, 0, lay.w, lay.h), (0, 0, 0, 110))
        p = self.places()
        r, size = p["panel"], p["size"]
        gfx.blit_panel(surf, r, alpha=255)
        if not v.tricks:
            gfx.blit_text(surf, t("table.no_last_trick"), size, r.center, gfx.CREAM, True, "center", width=r.w - 24, box=r)
            return
        tr = v.tricks[-1]
        for i, line in enumerate(p["lines"]):
            gfx.blit_text(surf, line, size, (r.centerx, r.top + 10 + i * p["lh"]), gfx.GOLD, True, "midtop", width=r.w - 24, box=r)
        order = seat_order(self.table.human)
        col, (cw, ch), top = p["col"], p["card"], p["top"]
        xs = [r.left + 10 + col * i + col // 2 for i in range(3)]
        for i, c in enumerate(tr.cards):
            seat = tr.seat_of(i)
            cr = pygame.Rect(0, 0, cw, ch)
            cr.midtop = (xs[order.index(seat)], top)
            gfx.draw_card(surf, c, cr, highlight=art.GOLD if seat == tr.winner else None)
            if i == 0:  # the led card: "led" and the led suit, as on the table
                draw_led_tag(surf, c, cr, max(13, lay.size("leads")))
        draw_names(surf, p["names"], xs, top + ch + 6, col - 8, r)
