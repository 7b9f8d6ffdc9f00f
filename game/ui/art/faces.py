"""Card faces: corner indices, pip layouts, aces, the compact face for small cards, and
court cards (their emblems come from court.py).  CardArt renders and caches them."""

from __future__ import annotations

import pygame

from ..constants import CARD_STYLES
from .backs import render_back
from .core import (
    BACK_COLOURS,
    COMPACT_BELOW,
    CREAM,
    GOLD_DARK,
    GOLD_LIGHT,
    PAPER,
    blank_card,
    draw_shape,
    finish_card,
    fit_text,
    mix_colour,
    pixel_size,
    remember,
    rounded_rect,
    suit_colour,
)
from .court import EMBLEMS

# ---------------------------------------------------------------------------------------
# Pip layouts: (column, row) with column in {-1, 0, 1} and row in 0..1 of the pip area.

_PIPS = {
    2: [(0, 0), (0, 1)],
    3: [(0, 0), (0, 0.5), (0, 1)],
    4: [(-1, 0), (1, 0), (-1, 1), (1, 1)],
    5: [(-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)],
    6: [(-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    7: [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    8: [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)],
    9: [(-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5), (-1, 2 / 3), (1, 2 / 3),
        (-1, 1), (1, 1)],
    10: [(-1, 0), (1, 0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3), (-1, 2 / 3), (1, 2 / 3),
         (0, 5 / 6), (-1, 1), (1, 1)],
}



class CardArt:
    """Renders and caches card faces and backs for one style ("classic" or "four_colour")."""

    def __init__(self, style: str = "classic", back_colour: str = "blue"):
        self.style = style
        self.back_colour = back_colour if back_colour in BACK_COLOURS else "blue"
        self._faces: dict[tuple, pygame.Surface] = {}

    @property
    def style(self) -> str:
        return self._style

    @style.setter
    def style(self, value: str) -> None:
        value = {"four_color": "four_colour", "four": "four_colour"}.get(value, value)
        self._style = value if value in CARD_STYLES else "classic"

    # -- public -------------------------------------------------------------------------
    def face(self, card, size) -> pygame.Surface:
        """The face of ``card`` (anything with .suit 0..3 and .rank 2..14) at ``size``."""
        w, h = pixel_size(size)
        key = (card.suit, card.rank, w, h, self.style)
        surf = self._faces.get(key)
        if surf is None:
            surf = remember(self._faces, key, self._render_face(card.suit, card.rank, w, h))
        return surf

    def back(self, size, colour: str | None = None) -> pygame.Surface:
        """The card back at ``size`` (colour "blue", "red" or "green")."""
        w, h = pixel_size(size)
        colour = colour if colour in BACK_COLOURS else self.back_colour
        key = ("back", colour, w, h)
        surf = self._faces.get(key)
        if surf is None:
            surf = remember(self._faces, key, render_back(w, h, colour))
        return surf

    def clear(self) -> None:
        self._faces.clear()

    def prewarm(self, size, budget_ms: float = 4.0) -> bool:
        """Render not-yet-cached faces (and the back) at ``size`` for up to ``budget_ms``;
        True once all 52 are cached.  Call once per frame to spread the work (browser)."""
        import time

        from game.engine.cards import CARDS

        w, h = pixel_size(size)
        end = time.perf_counter() + budget_ms / 1000
        self.back((w, h))
        for card in CARDS:
            if (card.suit, card.rank, w, h, self._style) not in self._faces:
                if time.perf_counter() > end:
                    return False
                self.face(card, (w, h))
        return True

    # -- faces --------------------------------------------------------------------------
    def _render_face(self, suit: int, rank: int, w: int, h: int) -> pygame.Surface:
        big, k = blank_card(w, h, PAPER)
        W, H = w * k, h * k
        ink = suit_colour(suit, self.style)

        if w < COMPACT_BELOW:
            self._compact(big, suit, rank, W, H, ink)
            return finish_card(big, (w, h))
        self._corners(big, suit, rank, W, H, ink)
        if rank <= 10:
            self._pips(big, suit, rank, W, H, ink)
        elif rank == 14:
            self._ace(big, suit, W, H, ink)
        else:
            self._court(big, suit, rank, W, H, ink)
        return finish_card(big, (w, h))

    def _corners(self, big, suit, rank, W, H, ink):
        label = {11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))
        cap = W * 0.16
        col_w = W * 0.2
        txt = fit_text(label, cap, ink, col_w * (0.95 if rank == 10 else 0.9))
        pip = int(W * 0.125)
        corner = pygame.Surface((int(col_w), int(txt.get_height() + pip + W * 0.04)), pygame.SRCALPHA)
        corner.fill((*ink, 0))
        corner.blit(txt, txt.get_rect(midtop=(col_w / 2, 0)))
        draw_shape(corner, suit, col_w / 2, txt.get_height() + W * 0.035 + pip / 2, pip, ink)
        x, y = W * 0.025, W * 0.05
        big.blit(corner, (x, y))
        big.blit(pygame.transform.rotate(corner, 180),
                 (W - x - corner.get_width(), H - y - corner.get_height()))

    def _compact(self, big, suit, rank, W, H, ink):
        """Small cards: a big rank and suit top left (what shows in a fanned hand) and a
        large suit, or a court emblem on its band colour, bottom right."""
        label = {11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))
        col_w = W * 0.42
        txt = fit_text(label, W * 0.3, ink, col_w * (1.0 if rank == 10 else 0.8))
        cx = W * 0.06 + col_w / 2
        big.blit(txt, txt.get_rect(midtop=(cx, W * 0.07)))
        ps = W * 0.3
        draw_shape(big, suit, cx, W * 0.07 + txt.get_height() + W * 0.06 + ps / 2, ps, ink)
        box = pygame.Rect(0, 0, int(W * 0.5), int(W * 0.5))
        box.bottomright = (int(W * 0.9), int(H - W * 0.1))
        if rank in EMBLEMS:
            band_col = mix_colour(ink, (0, 0, 0), 0.1) if sum(ink) > 120 else (54, 58, 78)
            rounded_rect(big, band_col, box, W * 0.05)
            rounded_rect(big, GOLD_DARK, box, W * 0.05, max(1, int(W * 0.02)))
            emb = pygame.Rect(box.x, box.y + box.h * 0.12, box.w, int(box.h * 0.76))
            sub = pygame.Surface(emb.size, pygame.SRCALPHA)
            sub.fill((0, 0, 0, 0))
            EMBLEMS[rank](sub, sub.get_rect().inflate(int(sub.get_width() * 0.5), 0), band_col)
            big.blit(sub, emb)
        else:
            draw_shape(big, suit, box.centerx, box.centery, box.w * (1.0 if rank == 14 else 0.9), ink)

    def _pips(self, big, suit, rank, W, H, ink):
        size = W * (0.2 if rank <= 3 else 0.185 if rank <= 8 else 0.16)
        margin = 0.12 if rank <= 8 else 0.105
        top, bottom = H * margin + size / 2, H * (1 - margin) - size / 2
        cols = {-1: W * 0.335, 0: W * 0.5, 1: W * 0.665}
        for col, row in _PIPS[rank]:
            y = top + (bottom - top) * row
            draw_shape(big, suit, cols[col], y, size, ink, flip=row > 0.5)

    def _ace(self, big, suit, W, H, ink):
        size = W * 0.56
        cx, cy = W / 2, H / 2
        if suit == 0:  # the ace of spades gets a decorated medallion
            pygame.draw.circle(big, GOLD_LIGHT, (cx, cy), W * 0.36)
            pygame.draw.circle(big, PAPER, (cx, cy), W * 0.345)
            pygame.draw.circle(big, ink, (cx, cy), W * 0.33, max(1, int(W * 0.01)))
            size = W * 0.46
        draw_shape(big, suit, cx, cy, size, ink)

    def _court(self, big, suit, rank, W, H, ink):
        panel = pygame.Rect(int(W * 0.235), int(H * 0.085), int(W * 0.53), int(H * 0.83))
        rad = W * 0.03
        line = max(2, int(W * 0.012))
        band_col = mix_colour(ink, (0, 0, 0), 0.1) if sum(ink) > 120 else (54, 58, 78)
        rounded_rect(big, CREAM, panel, rad)
        band_h = int(panel.h * 0.25)
        top_band = pygame.Rect(panel.x, panel.y, panel.w, band_h)
        bot_band = pygame.Rect(panel.x, panel.bottom - band_h, panel.w, band_h)
        for band in (top_band, bot_band):
            pygame.draw.rect(big, band_col, band,
                             border_top_left_radius=int(rad) if band is top_band else 0,
                             border_top_right_radius=int(rad) if band is top_band else 0,
                             border_bottom_left_radius=int(rad) if band is bot_band else 0,
                             border_bottom_right_radius=int(rad) if band is bot_band else 0)
        # gold rules between bands and the centre
        for y in (top_band.bottom, bot_band.top):
            pygame.draw.line(big, GOLD_DARK, (panel.x, y), (panel.right - 1, y), line)
        # a row of small lozenges along each band's inner edge
        n = 7
        lz = panel.w / n
        for i in range(n):
            cx = panel.x + lz * (i + 0.5)
            for cy in (top_band.bottom - band_h * 0.1, bot_band.top + band_h * 0.1):
                d = lz * 0.26
                pygame.draw.polygon(big, GOLD_LIGHT, [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)])
        # emblems: drawn on an upright band surface, flipped for the bottom band
        emb = pygame.Surface(top_band.size, pygame.SRCALPHA)
        emb.fill((0, 0, 0, 0))
        EMBLEMS[rank](emb, pygame.Rect(0, 0, top_band.w, int(band_h * 0.8)), band_col)
        big.blit(emb, top_band)
        big.blit(pygame.transform.rotate(emb, 180), bot_band)
        # the centre: a big letter over a suit shape
        centre = pygame.Rect(panel.x, top_band.bottom, panel.w, bot_band.top - top_band.bottom)
        letter = {11: "J", 12: "Q", 13: "K"}[rank]
        txt = fit_text(letter, centre.h * 0.5, ink, centre.w * 0.7)
        ps = centre.h * 0.22
        gap = centre.h * 0.06
        total = txt.get_height() + gap + ps
        top = centre.centery - total / 2
        big.blit(txt, txt.get_rect(midtop=(centre.centerx, top)))
        draw_shape(big, suit, centre.centerx, top + txt.get_height() + gap + ps / 2, ps, ink)
        # frame: suit-ink outer line, gold inner line
        rounded_rect(big, ink, panel, rad, line)
        rounded_rect(big, GOLD_DARK, panel.inflate(-3 * line, -3 * line), rad * 0.6, max(1, line // 2))
