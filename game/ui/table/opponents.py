"""The two other players' hands: a column of card backs below each of their plates on a
wide table, a row of backs beside (lying) or below (standing) the plate on a phone."""

from __future__ import annotations

import pygame

from ..draw import cardblit, gfx
from . import layout
from .base import TableObject

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
    """n backs in a column (cached per count, width and style)."""
    small = layout.now().small_w
    key = ("opp", n, small, gfx.card_style())
    layer = _layers.get(key)
    if layer is None:
        back = rotated_back(small)
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


def _row(n: int, place: pygame.Rect) -> tuple:
    """n backs side by side as one premultiplied picture (cached per count, place, scale and
    style) and its device top-left: the same pixels as the backs blitted one by one over
    the table, but one blit whose opaque middle is copied (cardblit) instead of up to
    sixteen blended ones (~7 ms at 4x in the browser for each card an opponent plays)."""
    key = ("row", n, tuple(place), gfx.scale(), gfx.card_style())
    hit = _layers.get(key)
    if hit is None:
        rects = _row_rects(n, n, place)
        back = gfx.card_back(gfx.px(rects[0].w))
        spots = [gfx.dev_pos(r.topleft) for r in rects]
        left, top = spots[0][0], min(y for _x, y in spots)
        width = spots[-1][0] + back.get_width() - left
        layer = pygame.Surface((width, back.get_height()), pygame.SRCALPHA)
        for x, y in spots:
            layer.blit(back, (x - left, y - top))
        if pygame.display.get_surface() is not None:
            layer = layer.convert_alpha()
        hit = _layers[key] = (layer.premul_alpha(), (left, top), cardblit.corner_inset(back.get_width()))
    return hit


def warm_backs(budget_ms: float, largest: int = 20) -> bool:
    """Make the columns (on a phone, the rows) of 1..`largest` backs for at most about
    `budget_ms`, on frames that draw nothing (each card an opponent plays needs the one a
    back shorter, a new layer of up to 16 alpha blits: 4-7 ms at 4x in the frame it showed).
    True when all are made."""
    import time

    end = time.perf_counter() + budget_ms / 1000.0
    lay = layout.now()
    for side in ("left", "right"):
        kind, place = lay.backs.get(side, ("column", None))
        for n in range(largest, 0, -1):
            if kind == "column" and ("opp", n, lay.small_w, gfx.card_style()) not in _layers:
                _column(n)
            elif kind != "column" and ("row", n, tuple(place), gfx.scale(), gfx.card_style()) not in _layers:
                layer, _pos, inset = _row(n, place)
                cardblit.prepare(layer, 0, inset)  # its opaque middle too: found where it was first drawn, a pass over its pixels
            else:
                continue
            if time.perf_counter() > end:
                return False
    return True


def hand_anchor(seat: int, human: int) -> tuple[float, float]:
    """Where a seat's hand is: cards fly to and from here."""
    lay = layout.now()
    where = layout.side(seat, human)
    if where == "bottom":
        area = lay.hand_area
        return (area.centerx, lay.hand_top(16) + 40)
    kind, place = lay.backs[where]
    return place if kind == "column" else place.center


def _back_rects(n, total, seat, human) -> list:
    """Logical rects of the first n backs of a hand of `total` (a column: _column's layout
    without its padding; a row: backs side by side, overlapped to fit the row's rect)."""
    lay = layout.now()
    kind, place = lay.backs[layout.side(seat, human)]
    if kind == "column":
        h, w = gfx.card_size(lay.small_w)  # a back turned sideways
        step = min(16.0, 250 / max(1, total - 1))
        top = place[1] - (step * (total - 1) + h) / 2
        return [pygame.Rect(int(place[0] - w / 2), int(top + i * step), int(w) + 1, int(h) + 1) for i in range(n)]
    return _row_rects(n, total, place)


def _row_rects(n, total, place) -> list:
    """The first n backs of a row of `total` in the logical rect `place`, overlapped to fit."""
    w, h = gfx.card_size(place.h / 1.4)
    step = min(w * 0.5, (place.w - w) / max(1, total - 1))
    left = place.centerx - (step * (total - 1) + w) / 2
    return [pygame.Rect(int(left + i * step), place.top, w, h) for i in range(n)]


class OpponentHands(TableObject):
    steady = True  # its key is made of Table.inputs() alone
    paint_margin = 6

    def seats(self):
        return [s for s in range(3) if s != self.table.human]

    def dealt(self):
        """While dealing: the size of each column when dealt; else None.  The
        column is laid out for the whole hand and a back landing changes only its place."""
        slots = getattr(self.board, "slots", None)
        return len(slots) if slots is not None and self.board.dealing else None

    def state_key(self):
        return tuple(self.board.sizes[s] for s in self.seats()) + (gfx.card_style(), self.dealt())

    def paint_bounds(self):
        """One rect per hand of backs (the two sit far apart)."""
        out = []
        total = self.dealt()
        for seat in self.seats():
            n = self.board.sizes[seat]
            if n > 0:
                rects = _back_rects(n, total if total is not None else n, seat, self.table.human)
                out.append(rects[0].unionall(rects).inflate(2 * self.paint_margin + 4, 2 * self.paint_margin + 4))
        return out

    def changed_bounds(self, old, new):
        """While dealing, the places of the backs that landed (None: the whole hands)."""
        total = new[-1]
        if total is None or old[-1] != total or old[-2] != new[-2]:
            return None
        out = []
        for seat, a, b in zip(self.seats(), old, new):
            rects = _back_rects(max(a, b), total, seat, self.table.human)
            out += [r.inflate(2 * self.paint_margin, 2 * self.paint_margin) for r in rects[min(a, b):]]
        return out

    def draw(self, surf) -> None:
        total = self.dealt()
        lay = layout.now()
        for seat in self.seats():
            n = self.board.sizes[seat]
            if n <= 0:
                continue
            kind, place = lay.backs[layout.side(seat, self.table.human)]
            if kind == "column" and total is None:
                gfx.blit(surf, _column(n), place, "center", special_flags=pygame.BLEND_PREMULTIPLIED)
                continue
            if total is None:
                layer, pos, inset = _row(n, place)
                cardblit.blit_sprite(surf, layer, 0, pos, inset=inset)
                continue
            rects = _back_rects(n, total if total is not None else n, seat, self.table.human)
            if kind == "column":  # each back where it will be in the dealt column
                back = rotated_back(lay.small_w)
                for r in rects:
                    gfx.blit(surf, back, r.center, "center")
            else:
                back = gfx.card_back(gfx.px(rects[0].w))
                for r in rects:
                    gfx.blit(surf, back, r.topleft)
