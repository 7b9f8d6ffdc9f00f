"""The two computer players' hands: a column of card backs beside each of their plates."""

from __future__ import annotations

import pygame

from .. import gfx
from .base import TableObject
from .layout import SMALL_W, W, by_side

_layers: dict = gfx.scaled_cache({})


def rotated_back(width):
    """A card back turned sideways, `width` logical (device pixels)."""
    key = ("rot", width, gfx.card_style())
    img = _layers.get(key)
    if img is None:
        img = pygame.transform.rotate(gfx.card_back(gfx.px(width)), 90)
        _layers[key] = img
    return img


def _column(n):
    """n backs in a column (cached per count and style)."""
    key = ("opp", n, gfx.card_style())
    layer = _layers.get(key)
    if layer is None:
        back = rotated_back(SMALL_W)
        step = min(16.0, 250 / max(1, n - 1)) * gfx.scale()
        pad = gfx.px(6)
        hgt = int(step * (n - 1) + back.get_height()) + 2 * pad
        layer = pygame.Surface((back.get_width() + 2 * pad, hgt), pygame.SRCALPHA)
        for i in range(n):
            layer.blit(back, (pad, int(pad + i * step)))
        if pygame.display.get_surface() is not None:
            layer = layer.convert_alpha()
        layer = layer.premul_alpha()
        _layers[key] = layer
    return layer


def warm_columns(budget_ms: float, largest: int = 16) -> bool:
    """Make the columns of 1..`largest` backs for at most about `budget_ms`, on frames that
    draw nothing (issue 13: each card an opponent plays needs the column one shorter, a
    new layer of up to 16 alpha blits that cost 4-7 ms at 4x in the frame it showed).
    True when all are made."""
    import time

    end = time.perf_counter() + budget_ms / 1000.0
    for n in range(largest, 0, -1):
        if ("opp", n, gfx.card_style()) not in _layers:
            _column(n)
            if time.perf_counter() > end:
                return False
    return True


def hand_anchor(seat: int, human: int) -> tuple[float, float]:
    """Where a seat's hand is: cards fly to and from here."""
    return by_side(seat, human, (640, 650), (119, 350), (W - 119, 350))


def _back_rects(n, total, anchor) -> list:
    """Logical rects of the first n backs of a column of `total` centred on `anchor` (the
    column's layout in _column, without its padding)."""
    h, w = gfx.card_size(SMALL_W)  # a back turned sideways
    step = min(16.0, 250 / max(1, total - 1))
    top = anchor[1] - (step * (total - 1) + h) / 2
    return [pygame.Rect(int(anchor[0] - w / 2), int(top + i * step), int(w) + 1, int(h) + 1) for i in range(n)]


class OpponentHands(TableObject):
    paint_margin = 6

    def seats(self):
        return [s for s in range(3) if s != self.table.human]

    def dealt(self):
        """While dealing (issue 13): the size of each column when dealt; else None.  The
        column is laid out for the whole hand and a back landing changes only its place."""
        slots = getattr(self.board, "slots", None)
        return len(slots) if slots is not None and self.board.dealing else None

    def state_key(self):
        return tuple(self.board.sizes[s] for s in self.seats()) + (gfx.card_style(), self.dealt())

    def paint_bounds(self):
        """One rect per column of backs (the two sit far apart)."""
        out = []
        total = self.dealt()
        for seat in self.seats():
            n = self.board.sizes[seat]
            anchor = hand_anchor(seat, self.table.human)
            if n > 0 and total is not None:
                rects = _back_rects(n, total, anchor)
                out.append(rects[0].unionall(rects).inflate(2 * self.paint_margin, 2 * self.paint_margin))
            elif n > 0:
                out.append(gfx.logical_rect(_column(n).get_rect(center=gfx.dev_pos(anchor))))
        return out

    def changed_bounds(self, old, new):
        """While dealing, the places of the backs that landed (None: the whole columns)."""
        total = new[-1]
        if total is None or old[-1] != total or old[-2] != new[-2]:
            return None
        out = []
        for seat, a, b in zip(self.seats(), old, new):
            rects = _back_rects(max(a, b), total, hand_anchor(seat, self.table.human))
            out += [r.inflate(2 * self.paint_margin, 2 * self.paint_margin) for r in rects[min(a, b):]]
        return out

    def draw(self, surf) -> None:
        total = self.dealt()
        for seat in self.seats():
            n = self.board.sizes[seat]
            anchor = hand_anchor(seat, self.table.human)
            if n > 0 and total is not None:  # each back where it will be in the dealt column
                back = rotated_back(SMALL_W)
                for r in _back_rects(n, total, anchor):
                    gfx.blit(surf, back, r.center, "center")
            elif n > 0:
                gfx.blit(surf, _column(n), anchor, "center", special_flags=pygame.BLEND_PREMULTIPLIED)
