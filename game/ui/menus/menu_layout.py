"""Places for the menus' buttons and panels on any window shape (game/ui/window/screen.py): a
column, or a grid of as many columns as the height needs, inside a rect."""

from __future__ import annotations

import math

import pygame

from ..window import screen


def grid(area, n: int, h: int = 52, gap: int = 10, max_w: int = 340, cols: int | None = None) -> list[pygame.Rect]:
    """n button rects, row by row, centred in `area`: one column while they fit its height,
    else two or three; each at most `max_w` wide and `h` tall (never under a target)."""
    area = pygame.Rect(area)
    h = max(screen.MIN_TARGET, h)
    if cols is None:
        cols = 1
        while cols < 3 and math.ceil(n / cols) * (h + gap) - gap > area.h:
            cols += 1
    rows = math.ceil(n / cols) if n else 0
    w = min(max_w, (area.w - (cols - 1) * gap) // cols)
    total_w = cols * w + (cols - 1) * gap
    total_h = rows * (h + gap) - gap
    x0 = area.centerx - total_w // 2
    y0 = area.top + max(0, (area.h - total_h) // 2)
    return [pygame.Rect(x0 + (i % cols) * (w + gap), y0 + (i // cols) * (h + gap), w, h) for i in range(n)]


def bottom_bar(n: int, h: int = 52, gap: int = 10, max_w: int = 280, margin: int = 12) -> list[pygame.Rect]:
    """n buttons side by side along the bottom of the safe area (a second row when they do
    not fit one at a readable width)."""
    s = screen.safe()
    per_row = n
    while per_row > 1 and (s.w - 2 * margin - (per_row - 1) * gap) // per_row < 100:
        per_row -= 1
    rows = math.ceil(n / per_row)
    area = pygame.Rect(s.left + margin, s.bottom - margin - rows * (h + gap) + gap, s.w - 2 * margin, rows * (h + gap) - gap)
    return grid(area, n, h, gap, max_w, cols=per_row)


def bar_top(n: int, h: int = 52, gap: int = 10, margin: int = 12) -> int:
    """The top of bottom_bar(n)'s buttons."""
    return min(r.top for r in bottom_bar(n, h, gap, margin=margin)) if n else screen.safe().bottom


def two_panels(top: int, bottom: int, split: float = 0.42, gap: int = 24) -> tuple[pygame.Rect, pygame.Rect]:
    """Two panels between `top` and `bottom`: side by side lying, one above the other
    standing (the first takes `split` of the room)."""
    s = screen.safe()
    m = 40 if s.w >= 1000 else 10
    if screen.portrait():
        h = bottom - top
        first = pygame.Rect(s.left + m, top, s.w - 2 * m, int(h * split) - gap // 2)
        return first, pygame.Rect(first.left, first.bottom + gap, first.w, bottom - first.bottom - gap)
    w = s.w - 2 * m
    first = pygame.Rect(s.left + m, top, int(w * split) - gap // 2, bottom - top)
    return first, pygame.Rect(first.right + gap, top, s.right - m - first.right - gap, bottom - top)
