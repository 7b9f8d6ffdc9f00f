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
from .base import TableObject
from .layout import H, W

PANEL = pygame.Rect(30, 60, 1220, 624)
SHEET = pygame.Rect(56, 112, 440, 372)
TRICKS_X = 530
COLUMN_W = 350
ROWS = 8  # tricks per column (a deal has 16)
ROW_H = 54
MINI_W = 30


def shorten(text: str, size: int, width: int) -> str:
    """`text` cut with an ellipsis to fit `width` at `size` (names may be long)."""
    if gfx.text_width(text, size) <= width:
        return text
    while len(text) > 1 and gfx.text_width(text + "…", size) > width:
        text = text[:-1]
    return text + "…"


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
        return PANEL

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

        v, session = self.v, self.table.session
        gfx.fill_overlay(surf, (0, 0, W, H), (0, 0, 0, 120))
        gfx.blit_panel(surf, PANEL, alpha=250)
        title = t("lookback.title", deal=v.deal_number + 1, total=v.deals_total)
        gfx.blit_text(surf, title, gfx.fit_size(title, 24, PANEL.w - 40, True), (PANEL.centerx, PANEL.top + 12), gfx.GOLD, True, "midtop")
        draw_sheet(surf, session, SHEET, highlight_last=False)
        draw_owed(surf, session, (SHEET.left, SHEET.bottom + 16))
        gfx.line(surf, gfx.PANEL_EDGE, (TRICKS_X - 16, SHEET.top), (TRICKS_X - 16, PANEL.bottom - 16), 1)
        self._draw_tricks(surf)
        gfx.blit_text(surf, t("lookback.close"), 13, (PANEL.right - 16, PANEL.bottom - 8), gfx.MUTED, False, "bottomright")

    def _draw_tricks(self, surf) -> None:
        name = self.table.seat_name
        rows = self.rows()
        head = t("lookback.tricks")
        gfx.blit_text(surf, head, 18, (TRICKS_X, SHEET.top - 2), gfx.GOLD, True)
        top = SHEET.top + 30
        if not rows:
            gfx.blit_text(surf, t("lookback.no_tricks"), 16, (TRICKS_X, top + 10), gfx.MUTED)
        cw, ch = gfx.card_size(MINI_W)
        text_w = COLUMN_W - (28 + 3 * (MINI_W + 4)) - 12
        for k, (number, leader, cards, winner) in enumerate(rows):
            x = TRICKS_X + (k // ROWS) * COLUMN_W
            y = top + (k % ROWS) * ROW_H
            gfx.blit_text(surf, f"{number}.", 15, (x + 22, y + ch // 2), gfx.CREAM, True, "midright")
            for i, c in enumerate(cards):
                seat = (leader + i) % 3
                r = pygame.Rect(x + 28 + i * (MINI_W + 4), y, cw, ch)
                gfx.draw_card(surf, c, r, highlight=art.GOLD if seat == winner else None, shadow=False)
            tx = x + 28 + 3 * (MINI_W + 4) + 8
            led = t("lookback.led", name=name(leader))
            won = t("lookback.won", name=name(winner))
            gfx.blit_text(surf, shorten(led, 13, text_w), 13, (tx, y + 2), gfx.CREAM)
            gfx.blit_text(surf, shorten(won, 13, text_w), 13, (tx, y + 20), gfx.GOLD)
        discards = self.own_discards()
        if discards:
            y = PANEL.bottom - 22 - ch
            label = t("lookback.discards")
            gfx.blit_text(surf, label, 15, (TRICKS_X, y + ch // 2), gfx.CREAM, True, "midleft")
            x = TRICKS_X + gfx.text_width(label, 15, True) + 12
            for i, c in enumerate(discards):
                gfx.draw_card(surf, c, pygame.Rect(x + i * (MINI_W + 4), y, cw, ch), shadow=False)
