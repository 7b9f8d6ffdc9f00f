"""The emblems of the court cards: swords for the jack, crowns for the queen and the king."""

from __future__ import annotations

import math

import pygame

from .core import GOLD_DARK, GOLD_LIGHT


def _outline_poly(s, pts, fill, line, width):
    pygame.draw.polygon(s, fill, pts)
    pygame.draw.polygon(s, line, pts, max(1, int(width)))


def _crown_king(s, r, bg):
    """A five-pointed crown with jewels on its band."""
    cx, w = r.centerx, r.w * 0.62
    base_y, top_y = r.bottom - r.h * 0.06, r.y + r.h * 0.2
    x0, x1 = cx - w / 2, cx + w / 2
    n = 5
    pts = [(x0, base_y)]
    for i in range(n):
        px = x0 + w * i / (n - 1)
        if i:
            pts.append((px - w / (n - 1) / 2, base_y - r.h * 0.42))
        pts.append((px, top_y + (r.h * 0.1 if i in (0, n - 1) else 0)))
    pts.append((x1, base_y))
    _outline_poly(s, pts, GOLD_LIGHT, GOLD_DARK, r.h * 0.045)
    for i in range(n):
        py = top_y + (r.h * 0.1 if i in (0, n - 1) else 0)
        pygame.draw.circle(s, GOLD_LIGHT, (x0 + w * i / (n - 1), py), r.h * 0.08)
        pygame.draw.circle(s, GOLD_DARK, (x0 + w * i / (n - 1), py), r.h * 0.08, max(1, int(r.h * 0.03)))
    band = pygame.Rect(0, 0, int(w), int(r.h * 0.22))
    band.midbottom = (cx, base_y)
    pygame.draw.rect(s, GOLD_DARK, band)
    for i, col in enumerate(((220, 40, 50), (40, 110, 220), (40, 160, 90), (40, 110, 220), (220, 40, 50))):
        pygame.draw.circle(s, col, (cx + (i - 2) * w * 0.2, band.centery), band.h * 0.3)


def _crown_queen(s, r, bg):
    """A tiara: three rounded lobes topped with pearls on a jewelled band."""
    cx, w = r.centerx, r.w * 0.62
    base_y = r.bottom - r.h * 0.06
    band = pygame.Rect(0, 0, int(w), int(r.h * 0.2))
    band.midbottom = (cx, base_y)
    lobes = ((cx - w * 0.31, r.h * 0.22), (cx, r.h * 0.3), (cx + w * 0.31, r.h * 0.22))
    for lx, rad in lobes:
        pygame.draw.circle(s, GOLD_DARK, (lx, band.top - rad * 0.35), rad + r.h * 0.04)
    for lx, rad in lobes:
        pygame.draw.circle(s, GOLD_LIGHT, (lx, band.top - rad * 0.35), rad)
    for lx, rad in lobes:  # pearls
        py = band.top - rad * 0.35 - rad - r.h * 0.07
        pygame.draw.circle(s, (252, 252, 252), (lx, py), r.h * 0.075)
        pygame.draw.circle(s, GOLD_DARK, (lx, py), r.h * 0.075, max(1, int(r.h * 0.025)))
    pygame.draw.rect(s, GOLD_DARK, band, border_radius=band.h // 3)
    pygame.draw.circle(s, (200, 40, 120), (cx, band.centery), band.h * 0.32)
    for dx in (-0.3, 0.3):
        pygame.draw.circle(s, (252, 252, 252), (cx + dx * w, band.centery), band.h * 0.22)


def _swords_jack(s, r, bg):
    """Two crossed swords, points up: silver blades, gold guards and pommels."""
    cx, cy = r.centerx, r.centery + r.h * 0.07
    L = r.h * 1.08
    hw = r.h * 0.065
    steel, steel_dark = (232, 235, 242), (120, 126, 140)
    outline = max(1, int(r.h * 0.025))
    parts = []
    for sign in (-1, 1):
        ang = math.radians(46)
        d = (math.sin(ang) * sign, -math.cos(ang))
        n = (-d[1], d[0])
        base = (cx - d[0] * L * 0.46, cy - d[1] * L * 0.46)
        guard = (base[0] + d[0] * L * 0.22, base[1] + d[1] * L * 0.22)
        tip = (cx + d[0] * L * 0.54, cy + d[1] * L * 0.54)
        near_tip = (tip[0] - d[0] * hw * 2.2, tip[1] - d[1] * hw * 2.2)
        blade = [(guard[0] + n[0] * hw, guard[1] + n[1] * hw),
                 (near_tip[0] + n[0] * hw, near_tip[1] + n[1] * hw), tip,
                 (near_tip[0] - n[0] * hw, near_tip[1] - n[1] * hw),
                 (guard[0] - n[0] * hw, guard[1] - n[1] * hw)]
        parts.append((d, n, base, guard, blade))
    for _d, _n, _base, guard, blade in parts:
        _outline_poly(s, blade, steel, steel_dark, outline)
        pygame.draw.line(s, steel_dark, guard, blade[2], max(1, outline))  # the fuller
    for _d, n, base, guard, _blade in parts:
        pygame.draw.line(s, (110, 70, 30), base, guard, max(2, int(hw * 1.6)))  # grip
        g = r.h * 0.17
        pygame.draw.line(s, GOLD_DARK, (guard[0] - n[0] * g, guard[1] - n[1] * g),
                         (guard[0] + n[0] * g, guard[1] + n[1] * g), max(2, int(hw * 1.7)))
        pygame.draw.line(s, GOLD_LIGHT, (guard[0] - n[0] * g * 0.9, guard[1] - n[1] * g * 0.9),
                         (guard[0] + n[0] * g * 0.9, guard[1] + n[1] * g * 0.9), max(1, int(hw * 0.8)))
        pygame.draw.circle(s, GOLD_DARK, base, hw * 1.5)
        pygame.draw.circle(s, GOLD_LIGHT, base, hw * 1.1)


EMBLEMS = {11: _swords_jack, 12: _crown_queen, 13: _crown_king}

