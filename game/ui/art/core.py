"""Shared ground of the card art: sizes, colours, the suit shapes, caches and the
supersample-then-smooth-scale finish every picture goes through."""

from __future__ import annotations

import math

import pygame

from game.ui.draw import fonts

CARD_RATIO = 1.4  # height / width (poker cards are 63 x 88 mm)

WHITE = (255, 255, 255)
GOLD = (255, 200, 40)
SELECT = (90, 200, 255)
HINT = (120, 230, 120)
KITTY = (255, 140, 20)  # the kitty's cards in the declarer's hand: orange, far from the felt
WARN = (235, 70, 60)

_INK = {
    "classic": ((28, 28, 34), (204, 22, 38), (204, 22, 38), (28, 28, 34)),
    "four_colour": ((28, 28, 34), (204, 22, 38), (22, 92, 205), (18, 132, 58)),
}
PAPER = (253, 252, 248)
EDGE = (140, 140, 150)
CREAM = (255, 247, 228)
GOLD_DARK = (196, 146, 28)
GOLD_LIGHT = (250, 210, 90)
BACK_COLOURS = {
    "blue": ((22, 52, 122), (48, 92, 178), (230, 236, 250)),
    "red": ((132, 20, 32), (186, 50, 60), (250, 232, 232)),
    "green": ((16, 90, 56), (40, 140, 90), (230, 248, 236)),
}

_CACHE_LIMIT = 700
COMPACT_BELOW = 60  # cards narrower than this get the large-index compact face


def card_size(width: float) -> tuple[int, int]:
    """(w, h) of a card ``width`` pixels wide."""
    w = max(8, int(round(width)))
    return w, int(round(w * CARD_RATIO))


def pixel_size(size) -> tuple[int, int]:
    if isinstance(size, (int, float)):
        return card_size(size)
    w, h = size
    return max(8, int(w)), max(8, int(h))


def suit_colour(suit: int, style: str = "classic") -> tuple[int, int, int]:
    """The ink colour of ``suit`` (0..3 = S,H,D,C) in ``style``."""
    return _INK.get(style, _INK["classic"])[suit]


# ---------------------------------------------------------------------------------------
# Suit shapes, in a unit square (y down).  Each is a list of ("poly", points) or
# ("circle", (cx, cy), r).


def _heart_points(n: int = 72) -> list[tuple[float, float]]:
    raw = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    xs = [p[0] for p in raw]
    ys = [p[1] for p in raw]
    x0, x1, y0 = min(xs), max(xs), min(ys)
    scale = 1.0 / (x1 - x0)
    return [((x - x0) * scale, (y - y0) * scale) for x, y in raw]  # width 1, height ~0.9


def _stem(y0: float, half_top: float, half_base: float, n: int = 10) -> list[tuple[float, float]]:
    left, right = [], []
    for i in range(n + 1):
        s = i / n
        half = half_top + (half_base - half_top) * s ** 2.4
        y = y0 + (1.0 - y0) * s
        left.append((0.5 - half, y))
        right.append((0.5 + half, y))
    return left + right[::-1]


def _quad(p0, c, p1, n=8):
    pts = []
    for i in range(n):
        t = i / n
        a, b, d = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        pts.append((a * p0[0] + b * c[0] + d * p1[0], a * p0[1] + b * c[1] + d * p1[1]))
    return pts


def _build_shapes():
    heart = _heart_points()
    h_height = max(p[1] for p in heart)
    off = (1.0 - h_height) / 2
    heart_shape = [("poly", [(0.02 + x * 0.96, off + y * 0.96 + 0.02) for x, y in heart])]

    # spade: an upside-down heart plus a flared stem
    bw = 0.9
    body = [(0.5 + (x - 0.5) * bw, (h_height - y) * bw) for x, y in heart]
    body_h = h_height * bw
    spade_shape = [("poly", body), ("poly", _stem(body_h * 0.62, 0.035, 0.2))]

    # club: three leaves, a knot and a stem
    r = 0.205
    club_shape = [
        ("circle", (0.5, 0.235), r),
        ("circle", (0.265, 0.565), r),
        ("circle", (0.735, 0.565), r),
        ("poly", [(0.5, 0.3), (0.34, 0.52), (0.5, 0.68), (0.66, 0.52)]),
        ("poly", _stem(0.5, 0.04, 0.2)),
    ]

    # diamond: a rhombus with slightly concave sides
    top, right, bottom, left = (0.5, 0.0), (0.91, 0.5), (0.5, 1.0), (0.09, 0.5)
    ctr = (0.5, 0.5)

    def bent(a, b):
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        return (mx + (ctr[0] - mx) * 0.12, my + (ctr[1] - my) * 0.12)

    pts = (_quad(top, bent(top, right), right) + _quad(right, bent(right, bottom), bottom)
           + _quad(bottom, bent(bottom, left), left) + _quad(left, bent(left, top), top))
    diamond_shape = [("poly", pts)]
    return (spade_shape, heart_shape, diamond_shape, club_shape)


_SHAPES = _build_shapes()


def draw_shape(surf: pygame.Surface, suit: int, cx: float, cy: float, size: float,
                colour, flip: bool = False) -> None:
    """Draw suit ``suit`` (aliased: callers supersample) centred on (cx, cy), ``size`` tall."""
    x0, y0 = cx - size / 2, cy - size / 2
    for item in _SHAPES[suit]:
        if item[0] == "poly":
            pts = [(x0 + x * size, y0 + ((1 - y) if flip else y) * size) for x, y in item[1]]
            pygame.draw.polygon(surf, colour, pts)
        else:
            (ux, uy), ur = item[1], item[2]
            if flip:
                uy = 1 - uy
            pygame.draw.circle(surf, colour, (x0 + ux * size, y0 + uy * size), ur * size)


# ---------------------------------------------------------------------------------------
# Caches and small helpers

_suit_cache: dict[tuple, pygame.Surface] = {}
misc_cache: dict[tuple, pygame.Surface] = {}


def remember(cache: dict, key, surf: pygame.Surface) -> pygame.Surface:
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = surf
    return surf


def _ss_factor(w: int) -> int:
    if w <= 60:
        return 4
    if w <= 160:
        return 3
    return 2


def blank_card(w: int, h: int, paper) -> tuple[pygame.Surface, int]:
    """(supersampled blank card, factor k): a grey edge and `paper` inside, rounded; the
    faces and the backs draw on it and finish it with finish_card."""
    k = _ss_factor(w)
    W, H = w * k, h * k
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    big.fill((*EDGE, 0))
    radius = W * 0.075
    rounded_rect(big, EDGE, big.get_rect(), radius)
    edge = max(k, int(round(W * 0.008)))
    rounded_rect(big, paper, big.get_rect().inflate(-2 * edge, -2 * edge), radius - edge)
    return big, k


def finish_picture(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(big, size)


def finish_card(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Scale a supersampled card down and make its inside fully opaque again
    (smoothscale loses a little alpha)."""
    surf = pygame.transform.smoothscale(big, size)
    w, h = size
    mask = pygame.Surface(size, pygame.SRCALPHA)
    mask.fill((0, 0, 0, 0))
    rounded_rect(mask, (0, 0, 0, 255), pygame.Rect(1, 1, w - 2, h - 2), w * 0.075 - 1)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return surf


def suit_surface(suit: int, height: int, colour=None, flip: bool = False) -> pygame.Surface:
    """An antialiased suit shape ``height`` px square (cached)."""
    height = max(4, int(height))
    colour = tuple(colour) if colour is not None else suit_colour(suit)
    key = (suit, height, colour, flip)
    surf = _suit_cache.get(key)
    if surf is None:
        k = _ss_factor(height * 2)
        big = pygame.Surface((height * k, height * k), pygame.SRCALPHA)
        big.fill((*colour[:3], 0))
        draw_shape(big, suit, height * k / 2, height * k / 2, height * k * 0.98, colour, flip)
        surf = remember(_suit_cache, key, finish_picture(big, (height, height)))
    return surf


def draw_suit(surface: pygame.Surface, suit: int, rect, colour=None) -> pygame.Rect:
    """Draw the suit shape fitted and centred in ``rect``; returns the area drawn."""
    rect = pygame.Rect(rect)
    side = min(rect.w, rect.h)
    icon = suit_surface(suit, side, colour)
    r = icon.get_rect(center=rect.center)
    surface.blit(icon, r)
    return r


def _text(text: str, px: float, colour, bold: bool = True) -> pygame.Surface:
    """Text whose capital letters are about ``px`` tall (DejaVu caps are ~0.73 em)."""
    return fonts.font(max(4, int(round(px / 0.73))), bold).render(text, True, colour)


def fit_text(text: str, cap_px: float, colour, max_w: float, bold: bool = True) -> pygame.Surface:
    s = _text(text, cap_px, colour, bold)
    # trim the font's internal leading so the glyphs fill the surface height
    bounds = s.get_bounding_rect()
    if bounds.w and bounds.h:
        s = s.subsurface(bounds).copy()
    if s.get_width() > max_w:
        s = pygame.transform.smoothscale(s, (max(1, int(max_w)), s.get_height()))
    return s


def rounded_rect(surf, colour, rect, radius, width=0):
    pygame.draw.rect(surf, colour, rect, width, border_radius=max(0, int(radius)))



def mix_colour(a, b, t):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


