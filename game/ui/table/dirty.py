"""The device rects a drawing of the table repaints: where an object paints, and the dirty
rects of a frame joined where joining costs little (the compositor's geometry, apart from
its cached layers: compositor.py)."""

from __future__ import annotations

import pygame

from ..draw import gfx

FULL_SHARE = 0.55  # dirty rects covering more of the surface than this: redraw it whole
SLACK = 2  # device pixels around every painted rect (rounding of scaled positions)


def paint_rect(item, size) -> list | None:
    """An item's painted area in device pixels, clipped to the surface: a list of rects
    (``paint_bounds()`` may give one logical rect or a list), None: anywhere."""
    return device_rects(item.paint_bounds(), size)


def device_rects(bounds, size) -> list | None:
    """Logical rect(s) (None: anywhere) as device rects grown by SLACK, clipped to the surface."""
    if bounds is None:
        return None
    screen = pygame.Rect((0, 0), size)
    out = []
    for r in bounds if isinstance(bounds, (list, tuple)) else (bounds,):
        r = pygame.Rect(r)
        if r.w > 0 and r.h > 0:  # an empty rect paints nothing
            d = gfx.dev_rect(r).inflate(2 * SLACK, 2 * SLACK).clip(screen)
            if d.w > 0 and d.h > 0:
                out.append(d)
    return out


def touches(rects, d) -> bool:
    """Does an item painting over `rects` (None: anywhere) reach into the rect d?"""
    return rects is None or d.collidelist(rects) >= 0


def _area(r) -> int:
    return r.w * r.h


def merge(rects: list, size) -> list | None:  # rects: paint_rect() results
    """The rects clipped to the surface, overlapping ones joined where the join costs
    little more than the two; None when they cover so much of it that one full redraw is
    cheaper (or a rect is unbounded).  Rects may still overlap: each is redrawn whole."""
    out: list[pygame.Rect] = []
    screen = pygame.Rect((0, 0), size)
    flat = []
    for r in rects:
        if r is None:
            return None
        flat.extend(r)
    if len(flat) == 2:  # a card in flight's place before and now: most frames of play
        out = _merge_two(flat[0].clip(screen), flat[1].clip(screen))
        flat = ()
    for r in flat:
        r = r.clip(screen)
        if r.w <= 0 or r.h <= 0:
            continue
        joined = True
        while joined:  # grow r over the rects it touches while that stays cheap
            joined = False
            for i, o in enumerate(out):
                if o.contains(r):
                    r, joined = out.pop(i), True
                    break
                u = r.union(o)
                if r.colliderect(o) and _area(u) <= 1.25 * (_area(r) + _area(o) - _area(r.clip(o))):
                    r, joined = u, True
                    out.pop(i)
                    break
        out.append(r)
    if sum(r.w * r.h for r in out) > FULL_SHARE * size[0] * size[1]:
        return None
    return out


def _merge_two(a, b) -> list:
    """merge() of two rects already clipped, without its loops: the same rects."""
    if a.w <= 0 or a.h <= 0:
        return [b] if b.w > 0 and b.h > 0 else []
    if b.w <= 0 or b.h <= 0:
        return [a]
    if a.contains(b):
        return [a]
    if b.colliderect(a):
        u = b.union(a)
        if _area(u) <= 1.25 * (_area(b) + _area(a) - _area(b.clip(a))):
            return [u]
    return [a, b]
