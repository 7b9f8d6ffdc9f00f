"""The winner's moment at the end of a game, on the table before the game-over screen: the
winner's name big, their total, and confetti falling for a moment (as long as the speed
setting makes it; a tap or a key goes on at once; none with reduced motion).  ``board.celebration`` is
(winner, since, duration), set by the animator (``game_over``)."""

from __future__ import annotations

import math
import random

import pygame

from ... import i18n
from ...i18n import t
from .. import art
from ..draw import gfx
from . import layout
from .base import TableObject

PIECES = 16  # about as many rects to redraw a step as cards in flight while dealing
COLOURS = ((236, 196, 92), (214, 48, 56), (120, 220, 140), (90, 170, 255), (246, 240, 224))
FPS = 20  # the confetti moves in steps of 1/FPS s (its key changes no faster: a frame between draws nothing)


def _pieces() -> list[tuple]:
    """(x share, delay share, fall share, sway, phase, colour) of each piece: the same every game."""
    rng = random.Random(358)
    return [(rng.random(), rng.random() * 0.35, 0.55 + rng.random() * 0.4, 8 + rng.random() * 22, rng.random() * math.tau,
             COLOURS[i % len(COLOURS)]) for i in range(PIECES)]


PIECE_PLAN = _pieces()


class Celebration(TableObject):
    layer = "top"

    def shown(self):
        return self.board.celebration

    def frame(self):
        """The confetti's step now (None before or after the moment; 0 throughout with
        reduced motion, when no confetti falls)."""
        c = self.shown()
        if c is None:
            return None
        if self.still():
            return 0
        return int(max(0.0, self.table.time - c[1]) * FPS)

    def still(self) -> bool:
        access = getattr(self.table.app, "access", None)
        return access is not None and access.reduced_motion()

    def state_key(self):
        c = self.shown()
        if c is None:
            return None
        winner = c[0]
        return (winner, self.table.seat_name(winner), self.total(), self.frame())

    def total(self) -> int:
        return self.board.totals[self.shown()[0]]

    # --- the panel -----------------------------------------------------------------------
    def texts(self) -> tuple[str, str, str]:
        winner = self.shown()[0]
        table = self.table
        title = t("over.you_win") if winner == table.you else t("over.winner", name=table.seat_name(winner))
        return title, t("moment.total", points=f"{self.total():+d}"), t("moment.skip")

    def sizes(self) -> tuple[int, int, int]:
        lay = layout.now()
        big = 44 if lay.wide else (30 if lay.tall else 28)
        return big, max(18, big * 2 // 3), 14

    def title_lines(self, width: int) -> tuple[int, list[str]]:
        """The winner's line as big as fits the width (down to 24), wrapped onto two lines
        below that."""
        title = self.texts()[0]
        big = self.sizes()[0]
        size = gfx.fit_size(title, big, width, True, min(big, 24))
        if gfx.text_width(title, size, True) <= width:
            return size, [title]
        return size, gfx.wrap(title, size, width, True)[:2]

    def crown_h(self) -> int:
        return 40 if layout.now().wide else 28

    def panel_rect(self) -> pygame.Rect:
        """The panel, centred on the trick (worked out once per winner and shape)."""
        winner = self.shown()[0]
        key = (winner, self.table.seat_name(winner), self.total(), i18n.language(), layout.now().w, layout.now().h)
        cached = getattr(self, "_panel", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        r = self._panel_now()
        self._panel = (key, r)
        return r

    def _panel_now(self) -> pygame.Rect:
        lay = layout.now()
        w = min(lay.safe.w - 24, 560)
        big, mid, small = self.sizes()
        size, lines = self.title_lines(w - 32)
        h = 14 + self.crown_h() + 4 + len(lines) * gfx.line_height(size, True, 0) + 8 + gfx.line_height(mid, True, 0) + 10 + gfx.line_height(small, False, 0) + 14
        r = pygame.Rect(0, 0, w, h)
        r.center = (lay.w // 2, lay.trick_center[1])
        return r.clamp(lay.safe)

    # --- the confetti --------------------------------------------------------------------
    def piece_rects(self) -> list[tuple[pygame.Rect, tuple]]:
        """(logical rect, colour) of each piece falling now (worked out once per step: the
        compositor asks for every rect it redraws)."""
        c = self.shown()
        if c is None or self.still():
            return []
        key = (c, self.frame(), layout.now().w, layout.now().h, gfx.scale())
        cached = getattr(self, "_pieces", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        out = self._pieces_now(c)
        self._pieces = (key, out)
        return out

    def _pieces_now(self, c) -> list[tuple[pygame.Rect, tuple]]:
        lay = layout.now()
        age = self.frame() / FPS
        duration = max(0.5, c[2])
        out = []
        for share, delay, fall, sway, phase, colour in PIECE_PLAN:
            k = (age / duration - delay) / fall
            if not 0.0 <= k <= 1.0:
                continue
            x = share * lay.w + sway * math.sin(phase + k * 6)
            y = -16 + k * (lay.h + 32)
            w = 2 + int(9 * abs(math.cos(phase + k * 9)))
            r = pygame.Rect(0, 0, w, 14)
            r.center = (int(x), int(y))
            out.append((r, colour, gfx.dev_rect(r)))
        return out

    def paint_bounds(self):
        if self.shown() is None:
            return pygame.Rect(0, 0, 0, 0)
        return [self.panel_rect().inflate(16, 16)] + [r.inflate(4, 4) for r, _c, _d in self.piece_rects()]

    def draw(self, surf) -> None:
        if self.shown() is None:
            return
        clip = surf.get_clip()
        for _r, colour, d in self.piece_rects():  # opaque little rectangles: no blending
            if clip.colliderect(d):  # a dirty rect redraws the pieces in it, not all of them
                surf.fill(colour, d)
        box = self.panel_rect()
        if not clip.colliderect(gfx.dev_rect(box.inflate(16, 16))):
            return
        gfx.blit_panel(surf, box, color=gfx.PANEL, edge=gfx.GOLD, radius=18, alpha=245, width=3, over=True)
        _title, total, skip = self.texts()
        big, mid, small = self.sizes()
        size, lines = self.title_lines(box.w - 32)
        gfx.blit(surf, art.crown(gfx.px(self.crown_h())), (box.centerx, box.top + 14), "midtop")
        y = box.top + 14 + self.crown_h() + 4
        for line in lines:
            gfx.blit_text(surf, line, size, (box.centerx, y), gfx.GOLD, True, "midtop", shadow=True, width=box.w - 32, box=box)
            y += gfx.line_height(size, True, 0)
        y += 8
        gfx.blit_text(surf, total, mid, (box.centerx, y), gfx.CREAM, True, "midtop", width=box.w - 32, box=box)
        y += gfx.line_height(mid, True, 0) + 10
        gfx.blit_text(surf, skip, small, (box.centerx, y), gfx.MUTED, False, "midtop", width=box.w - 32, box=box)
