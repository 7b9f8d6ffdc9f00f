"""The score graph of the game-over screen: the three players' totals over the deals.

Why a module of its own: the data (``score_series``) is computed from the match alone, so a
test can check that the graph plots exactly the totals the score sheet shows, and the
drawing (``draw_score_graph``) is plain pygame through the scale-aware gfx helpers, so it
stays sharp at any window size; the axes get as many labels as they have room for.
"""

from __future__ import annotations

import pygame

from .draw import gfx

# One colour per seat, told apart on the felt and by colour-blind players (gold, sky blue,
# salmon: different in lightness as well as hue); the markers differ in shape too.
SEAT_COLOURS = ((236, 196, 92), (104, 176, 255), (255, 122, 110))
MARKERS = ("circle", "square", "diamond")
LABEL = 16  # axis labels (logical px: CSS px on a phone)
STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500)


def score_series(match) -> list[list[int]]:
    """Per seat: the total before the first finished deal, then after each one (so the last
    value is ``match.totals``).  A match started from a position begins at its own totals."""
    points = [d.points for d in match.deals if d.points is not None]
    start = [match.totals[s] - sum(p[s] for p in points) for s in range(3)]
    series = [[start[s]] for s in range(3)]
    for p in points:
        for s in range(3):
            series[s].append(series[s][-1] + p[s])
    return series


def value_ticks(low: int, high: int, most: int = 7) -> list[int]:
    """Round values from at most `low` to at least `high`, at most `most` (three at least: a
    value each side of 0) of them, 0 included."""
    most = max(3, most)
    low, high = min(low, 0), max(high, 0)
    if high == low:
        high = low + 1
    for step in STEPS:
        first, last = (low // step) * step, -((-high) // step) * step
        if (last - first) // step + 1 <= most:
            return list(range(first, last + 1, step))
    step = STEPS[-1]
    return list(range((low // step) * step, -((-high) // step) * step + 1, step))


def deal_ticks(deals: int, most: int = 12) -> list[int]:
    """Which deal numbers get a label on the x axis (1-based; every one when few)."""
    if deals <= 0:
        return []
    every = next(e for e in (1, 2, 3, 5, 6, 10, 15, 20, 30, 60, deals) if deals / e <= most)
    return [n for n in range(1, deals + 1) if n % every == 0 or n == 1]


def _marker(surf, kind: str, centre, colour, r: float) -> None:
    x, y = centre
    if kind == "square":
        gfx.rect(surf, colour, (x - r, y - r, 2 * r, 2 * r))
    elif kind == "diamond":
        pts = [gfx.dev_pos(p) for p in ((x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y))]
        pygame.draw.polygon(surf, colour, pts)
    else:
        gfx.circle(surf, colour, (x, y), r)


def draw_score_graph(surf, rect, series, names, label_deal: str = "", title: str = "") -> None:
    """Axes with value and deal labels, one line per seat in its colour, and a legend with
    each name and final total.  `rect` is logical (1280x720 design)."""
    rect = pygame.Rect(rect)
    top = rect.top
    if title:
        gfx.blit_text(surf, title, 20 if rect.w >= 500 else 16, (rect.left + 6, top), gfx.GOLD, True, width=rect.w - 12)
        top += 40 if rect.w >= 500 else 28
    # legend: swatch, marker, name, final total
    x = rect.left + 6
    for seat in range(3):
        colour = SEAT_COLOURS[seat]
        gfx.line(surf, colour, (x, top + 10), (x + 26, top + 10), 3)
        _marker(surf, MARKERS[seat], (x + 13, top + 10), colour, 4)
        size = 18 if rect.w >= 500 else 13
        total = f" {series[seat][-1]:+d}"
        name = gfx.ellipsize(names[seat], size, max(24, rect.w // 3 - 40 - gfx.text_width(total, size, True)), True)
        r = gfx.blit_text(surf, name + total, size, (x + 32, top), colour, True)
        x = max(r.right + 22, x + rect.w // 3)
    top += 34
    values = [v for s in series for v in s]
    # as many value labels as the axis has room for, a line and a gap each (a short axis on
    # a phone gets fewer, never labels over each other)
    plot_h = rect.bottom - top - 8 - 50
    ticks = value_ticks(min(values), max(values), most=max(3, min(7, plot_h // (gfx.line_height(LABEL, False, 0) + 4) + 1)))
    label_w = max(gfx.text_width(f"{v:+d}", LABEL) for v in ticks) + 10
    plot = pygame.Rect(rect.left + label_w, top + 8, rect.w - label_w - 12, plot_h)
    lo, hi = ticks[0], ticks[-1]
    deals = len(series[0]) - 1
    deal_label_w = gfx.text_width(str(max(1, deals)), LABEL) + 12

    def px(i: int) -> float:
        return plot.left + (plot.w * i / deals if deals else plot.w / 2)

    def py(v: float) -> float:
        return plot.bottom - (v - lo) * plot.h / (hi - lo)

    for v in ticks:  # value grid and labels
        y = py(v)
        gfx.line(surf, gfx.MUTED if v == 0 else (52, 96, 74), (plot.left, y), (plot.right, y), 2 if v == 0 else 1)
        gfx.blit_text(surf, f"{v:+d}" if v else "0", LABEL, (plot.left - 6, y), gfx.MUTED, False, "midright")
    gfx.line(surf, gfx.CREAM, (plot.left, plot.top), (plot.left, plot.bottom), 2)
    gfx.line(surf, gfx.CREAM, (plot.left, plot.bottom), (plot.right, plot.bottom), 2)
    for n in deal_ticks(deals, most=max(2, min(12, plot.w // deal_label_w))):  # deal numbers under the x axis
        x = px(n)
        gfx.line(surf, gfx.CREAM, (x, plot.bottom), (x, plot.bottom + 5), 1)
        gfx.blit_text(surf, str(n), LABEL, (x, plot.bottom + 7), gfx.MUTED, False, "midtop")
    if label_deal:
        gfx.blit_text(surf, label_deal, LABEL, (plot.centerx, plot.bottom + 27), gfx.MUTED, False, "midtop")
    radius = 4 if deals <= 24 else 0
    for seat in range(3):
        colour = SEAT_COLOURS[seat]
        pts = [(px(i), py(v)) for i, v in enumerate(series[seat])]
        for a, b in zip(pts, pts[1:]):
            gfx.line(surf, colour, a, b, 3)
        if radius:
            for p in pts[1:]:
                _marker(surf, MARKERS[seat], p, colour, radius)


__all__ = ["score_series", "draw_score_graph", "value_ticks", "deal_ticks", "SEAT_COLOURS"]
