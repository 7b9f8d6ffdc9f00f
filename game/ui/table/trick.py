"""The trick in the middle of the table: each seat's card in front of it, the winning card
glowing once the trick is complete."""

from __future__ import annotations

import pygame

from ...i18n import t
from .. import art, gfx
from .base import TableObject
from . import layout
from ...engine import Phase


class TrickArea(TableObject):
    def slot(self, seat: int) -> tuple[float, float]:
        lay = layout.now()
        (x, y), dx, dy = lay.trick_center, lay.trick_dx, lay.trick_dy
        return layout.by_side(seat, self.table.human, (x, y + dy), (x - dx, y - dy), (x + dx, y - dy))

    def card_rect(self, seat: int) -> pygame.Rect:
        cw, ch = gfx.card_size(layout.now().trick_w)
        r = pygame.Rect(0, 0, cw, ch)
        x, y = self.slot(seat)
        r.center = (int(x), int(y))
        return r

    def bounds(self):
        return self.card_rect(0).unionall([self.card_rect(1), self.card_rect(2)])

    def paint_bounds(self):
        """The cards with their glow and shadow, and the "leads" pill above a card."""
        return self.bounds().inflate(2 * 30, 2 * 34)

    def seat_bounds(self, seat: int) -> pygame.Rect:
        """What a seat's card paints (glow, shadow) and the pill above it."""
        return self.card_rect(seat).inflate(2 * 30, 2 * 34)

    def changed_bounds(self, old, new):
        """A card laid on the trick, a winner's glow, the pill moving: only those seats'
        places (issue 13); None (the whole trick) when cards are taken away."""
        (old_trick, old_win, old_lead), (trick, win, lead) = old, new
        if len(trick) < len(old_trick) or trick[:len(old_trick)] != old_trick:
            return None
        seats = {seat for seat, _card in trick[len(old_trick):]}
        if old_win != win or len(old_trick) != len(trick):  # the glow shows on a full trick
            seats |= {s for s in (old_win, win) if s is not None}
        if old_lead != lead:
            seats |= {s for s in (old_lead, lead) if s is not None}
        return [self.seat_bounds(seat) for seat in sorted(seats)]

    def leader(self):
        """The seat that leads the trick on the table (or is about to lead the next one)."""
        b, v = self.board, self.v
        if b.trick:
            return b.trick[0][0]
        if v.phase == Phase.PLAY and not self.table.timeline.busy and not b.dealing and not v.trick:
            return v.to_act
        return None

    def state_key(self):
        return (tuple(self.board.trick), self.board.trick_winner, self.leader())

    def draw(self, surf) -> None:
        b = self.board
        for seat, card in b.trick:
            glow = art.GOLD if seat == b.trick_winner and len(b.trick) == 3 else None
            gfx.draw_card(surf, card, self.card_rect(seat), highlight=glow)
        seat = self.leader()
        if seat is not None:
            r = self.card_rect(seat)
            label = t("table.leads")
            lay = layout.now()
            size = gfx.fit_size(label, lay.size("leads"), r.w + 40, True)
            label = gfx.ellipsize(label, size, r.w + 40, True)
            w = gfx.text_width(label, size, True)
            pill = pygame.Rect(0, 0, w + 16, size + 8)
            pill.midbottom = (r.centerx, r.top - 4)
            gfx.blit_panel(surf, pill, color=(40, 30, 8), edge=gfx.GOLD, radius=pill.h // 2, alpha=230, shadow=False, width=1)
            gfx.blit_text(surf, label, size, pill.center, gfx.GOLD, True, "center", box=pill)
