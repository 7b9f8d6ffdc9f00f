"""Look back during a deal (key B or the button): the score sheet with the contracts still
owed, every finished trick of this deal in order with its leader and winner, and the
declarer's own discards when the human is the declarer.

Everything comes from the human's View (finished tricks are public; ``view.discards`` is
None unless the human declared), so no hidden card can appear here.  The last-trick overlay
(right click, key L) stays as it was.
"""

from __future__ import annotations

import pygame

from ... import i18n
from ...i18n import t
from .. import art, gfx
from ..scoresheet import draw_owed, draw_sheet
from . import layout
from .base import TableObject

ROWS = 8  # tricks per column (a deal has 16)
MINI_W = 30


def shorten(text: str, size: int, width: int) -> str:
    """`text` cut with an ellipsis to fit `width` at `size` (names may be long)."""
    return gfx.ellipsize(text, size, width)


def places() -> dict:
    """The panel, the score sheet and the tricks' area: side by side lying, the sheet above
    the tricks standing."""
    lay = layout.now()
    panel = lay.sheet
    inner = panel.inflate(-24, -20)
    head = 34 if lay.wide else 28
    close_h = 22
    if lay.tall:
        sheet_h = min(300, (inner.h - head - close_h) * 45 // 100)
        sheet = pygame.Rect(inner.left, inner.top + head, inner.w, sheet_h)
        tricks = pygame.Rect(inner.left, sheet.bottom + 12, inner.w, inner.bottom - close_h - sheet.bottom - 12)
    else:
        sheet_w = min(440, inner.w * 40 // 100)
        sheet = pygame.Rect(inner.left, inner.top + head, sheet_w, inner.h - head - close_h - (120 if lay.wide else 0))
        tricks = pygame.Rect(sheet.right + 30, inner.top + head, inner.right - sheet.right - 30, inner.h - head - close_h)
    return {"panel": panel, "sheet": sheet, "tricks": tricks}


class LookBack(TableObject):
    layer = "top"
    paint_margin = 14  # the panel's shadow

    def __init__(self, table):
        super().__init__(table)
        self.visible = False

    def toggle(self) -> None:
        self.visible = not self.visible

    def state_key(self):
        v = self.v
        return self.visible and (v.deal_number, len(v.tricks), v.discards, i18n.language())

    def bounds(self):
        return layout.now().sheet

    # --- what is shown (tests read these) -------------------------------------------------
    def rows(self) -> list[tuple[int, int, tuple, int]]:
        """(number, leader, cards in play order, winner) for each finished trick of the deal."""
        return [(i + 1, tr.leader, tuple(tr.cards), tr.winner) for i, tr in enumerate(self.v.tricks)]

    def own_discards(self) -> tuple:
        """The human's discards, only when the human declared and has discarded."""
        v = self.v
        return tuple(v.discards) if v.discards and v.declarer == self.table.human else ()

    def shown_cards(self) -> set:
        cards = {c for _, _, cs, _ in self.rows() for c in cs}
        return cards | set(self.own_discards())

    # --- drawing ---------------------------------------------------------------------
    def draw(self, surf) -> None:
        if not self.visible:
            return
        v, session, lay = self.v, self.table.session, layout.now()
        p = places()
        panel, sheet = p["panel"], p["sheet"]
        gfx.fill_overlay(surf, (0, 0, lay.w, lay.h), (0, 0, 0, 120))
        gfx.blit_panel(surf, panel, alpha=250)
        title = t("lookback.title", deal=v.deal_number + 1, total=v.deals_total)
        size = 24 if lay.wide else 17
        gfx.blit_text(surf, title, gfx.fit_size(title, size, panel.w - 40, True), (panel.centerx, panel.top + 10), gfx.GOLD, True, "midtop",
                      width=panel.w - 40, box=panel)
        draw_sheet(surf, session, sheet, highlight_last=False)
        if lay.wide:
            draw_owed(surf, session, (sheet.left, sheet.bottom + 16))
        self._draw_tricks(surf, p["tricks"])
        gfx.blit_text(surf, t("lookback.close"), 13, (panel.right - 12, panel.bottom - 6), gfx.MUTED, False, "bottomright",
                      width=panel.w - 24, box=panel)

    def _draw_tricks(self, surf, area) -> None:
        name = self.table.seat_name
        rows = self.rows()
        head = t("lookback.tricks")
        size = 18 if layout.now().wide else 15
        gfx.blit_text(surf, head, size, (area.left, area.top - 2), gfx.GOLD, True, width=area.w, box=area)
        top = area.top + size + 12
        if not rows:
            gfx.blit_text(surf, t("lookback.no_tricks"), 16 if size == 18 else 14, (area.left, top + 10), gfx.MUTED, width=area.w, box=area)
        discards = self.own_discards()
        cw, ch = gfx.card_size(MINI_W)
        bottom = area.bottom - (ch + 12 if discards else 0)
        row_h = max(ch + 2, min(54, (bottom - top) // ROWS))
        col_w = area.w // 2
        text_w = col_w - (28 + 3 * (MINI_W + 4)) - 12
        small = 13
        for k, (number, leader, cards, winner) in enumerate(rows):
            x = area.left + (k // ROWS) * col_w
            y = top + (k % ROWS) * row_h
            gfx.blit_text(surf, f"{number}.", small, (x + 22, y + ch // 2), gfx.CREAM, True, "midright")
            for i, c in enumerate(cards):
                seat = (leader + i) % 3
                r = pygame.Rect(x + 28 + i * (MINI_W + 4), y, cw, ch)
                gfx.draw_card(surf, c, r, highlight=art.GOLD if seat == winner else None, shadow=False)
            tx = x + 28 + 3 * (MINI_W + 4) + 8
            led = t("lookback.led", name=name(leader))
            won = t("lookback.won", name=name(winner))
            if row_h >= 2 * small + 8 and text_w >= 40:
                gfx.blit_text(surf, shorten(led, small, text_w), small, (tx, y + 2), gfx.CREAM)
                gfx.blit_text(surf, shorten(won, small, text_w), small, (tx, y + 4 + small + 2), gfx.GOLD)
            elif text_w >= 40:
                gfx.blit_text(surf, shorten(name(winner), small, text_w), small, (tx, y + ch // 2), gfx.GOLD, False, "midleft")
        if discards:
            y = area.bottom - ch - 4
            label = t("lookback.discards")
            r = gfx.blit_text(surf, label, 15 if size == 18 else 13, (area.left, y + ch // 2), gfx.CREAM, True, "midleft", width=area.w - 4 * (MINI_W + 4) - 12)
            x = r.right + 12
            for i, c in enumerate(discards):
                gfx.draw_card(surf, c, pygame.Rect(x + i * (MINI_W + 4), y, cw, ch), shadow=False)
