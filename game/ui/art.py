"""Card art drawn by the program: faces, backs, suit shapes, highlights (no images, no fonts
for suits).  Everything is rendered for the exact pixel size asked for (supersampled, then
smooth-scaled, so edges are antialiased) and cached, so it is sharp at any window size.

    from game.ui.art import CardArt, card_size, draw_suit, suit_colour

    art = CardArt("classic")              # or "four_colour" (S black, H red, D blue, C green)
    w, h = card_size(90)                  # (90, 126): the card aspect ratio is 1.4
    screen.blit(art.face(card, (w, h)), pos)   # card: game.engine.cards.Card; size: (w, h) or w
    screen.blit(art.back((w, h)), pos)    # art.back(size, colour="red") for the red back
    art.style = "four_colour"             # switch style at any time (cache is per style)
    art.prewarm((w, h), budget_ms=4)      # optional, once per frame: True when all are cached

    # per-card decorations; `rect` is the card's pygame.Rect on screen
    draw_shadow(screen, rect)             # soft drop shadow (call before blitting the card)
    draw_highlight(screen, rect)          # golden glow ring: a legal / selected card
    draw_highlight(screen, rect, colour=SELECT)  # other colours: GOLD, SELECT, HINT, WARN
    draw_dim(screen, rect)                # grey veil over an illegal card

    # HUD helpers
    draw_suit(screen, suit, rect, colour)  # suit shape (0..3 = S,H,D,C) fitted into rect
    draw_suit(screen, suit, rect)          # colour defaults to suit_colour(suit, "classic")
    suit_colour(suit, style) -> (r, g, b)
    suit_surface(suit, height, colour) -> Surface   # cached antialiased suit icon
    contract_icon(contract, height, style="classic") -> Surface
        # "S","H","D","C" -> suit on a small white tile; "NT"/"MT" -> a text badge
    badge(text, height, fg=WHITE, bg=(40, 70, 140)) -> Surface   # rounded text pill

Surfaces returned are shared cache entries: blit them, never draw on them.
"""

from __future__ import annotations

import math

import pygame

from game.ui import fonts

CARD_RATIO = 1.4  # height / width (poker cards are 63 x 88 mm)
STYLES = ("classic", "four_colour")

WHITE = (255, 255, 255)
GOLD = (255, 200, 40)
SELECT = (90, 200, 255)
HINT = (120, 230, 120)
WARN = (235, 70, 60)

_INK = {
    "classic": ((28, 28, 34), (204, 22, 38), (204, 22, 38), (28, 28, 34)),
    "four_colour": ((28, 28, 34), (204, 22, 38), (22, 92, 205), (18, 132, 58)),
}
_PAPER = (253, 252, 248)
_EDGE = (140, 140, 150)
_CREAM = (255, 247, 228)
_GOLD_DARK = (196, 146, 28)
_GOLD_LIGHT = (250, 210, 90)
_BACKS = {
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


def _size(size) -> tuple[int, int]:
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


def _draw_shape(surf: pygame.Surface, suit: int, cx: float, cy: float, size: float,
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
_misc_cache: dict[tuple, pygame.Surface] = {}


def _remember(cache: dict, key, surf: pygame.Surface) -> pygame.Surface:
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


def _finish(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(big, size)


def _finish_card(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Scale a supersampled card down and make its inside fully opaque again
    (smoothscale loses a little alpha)."""
    surf = pygame.transform.smoothscale(big, size)
    w, h = size
    mask = pygame.Surface(size, pygame.SRCALPHA)
    mask.fill((0, 0, 0, 0))
    _rounded(mask, (0, 0, 0, 255), pygame.Rect(1, 1, w - 2, h - 2), w * 0.075 - 1)
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
        _draw_shape(big, suit, height * k / 2, height * k / 2, height * k * 0.98, colour, flip)
        surf = _remember(_suit_cache, key, _finish(big, (height, height)))
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


def _fit_text(text: str, cap_px: float, colour, max_w: float, bold: bool = True) -> pygame.Surface:
    s = _text(text, cap_px, colour, bold)
    # trim the font's internal leading so the glyphs fill the surface height
    bounds = s.get_bounding_rect()
    if bounds.w and bounds.h:
        s = s.subsurface(bounds).copy()
    if s.get_width() > max_w:
        s = pygame.transform.smoothscale(s, (max(1, int(max_w)), s.get_height()))
    return s


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


def _rounded(surf, colour, rect, radius, width=0):
    pygame.draw.rect(surf, colour, rect, width, border_radius=max(0, int(radius)))


class CardArt:
    """Renders and caches card faces and backs for one style ("classic" or "four_colour")."""

    def __init__(self, style: str = "classic", back_colour: str = "blue"):
        self.style = style
        self.back_colour = back_colour if back_colour in _BACKS else "blue"
        self._faces: dict[tuple, pygame.Surface] = {}

    @property
    def style(self) -> str:
        return self._style

    @style.setter
    def style(self, value: str) -> None:
        value = {"four_color": "four_colour", "four": "four_colour"}.get(value, value)
        self._style = value if value in STYLES else "classic"

    # -- public -------------------------------------------------------------------------
    def face(self, card, size) -> pygame.Surface:
        """The face of ``card`` (anything with .suit 0..3 and .rank 2..14) at ``size``."""
        w, h = _size(size)
        key = (card.suit, card.rank, w, h, self.style)
        surf = self._faces.get(key)
        if surf is None:
            surf = _remember(self._faces, key, self._render_face(card.suit, card.rank, w, h))
        return surf

    def back(self, size, colour: str | None = None) -> pygame.Surface:
        """The card back at ``size`` (colour "blue", "red" or "green")."""
        w, h = _size(size)
        colour = colour if colour in _BACKS else self.back_colour
        key = ("back", colour, w, h)
        surf = self._faces.get(key)
        if surf is None:
            surf = _remember(self._faces, key, _render_back(w, h, colour))
        return surf

    def clear(self) -> None:
        self._faces.clear()

    def prewarm(self, size, budget_ms: float = 4.0) -> bool:
        """Render not-yet-cached faces (and the back) at ``size`` for up to ``budget_ms``;
        True once all 52 are cached.  Call once per frame to spread the work (browser)."""
        import time

        from game.engine.cards import CARDS

        w, h = _size(size)
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
        k = _ss_factor(w)
        W, H = w * k, h * k
        big = pygame.Surface((W, H), pygame.SRCALPHA)
        big.fill((*_EDGE, 0))
        radius = W * 0.075
        _rounded(big, _EDGE, big.get_rect(), radius)
        edge = max(k, int(round(W * 0.008)))
        _rounded(big, _PAPER, big.get_rect().inflate(-2 * edge, -2 * edge), radius - edge)
        ink = suit_colour(suit, self.style)

        if w < COMPACT_BELOW:
            self._compact(big, suit, rank, W, H, ink)
            return _finish_card(big, (w, h))
        self._corners(big, suit, rank, W, H, ink)
        if rank <= 10:
            self._pips(big, suit, rank, W, H, ink)
        elif rank == 14:
            self._ace(big, suit, W, H, ink)
        else:
            self._court(big, suit, rank, W, H, ink)
        return _finish_card(big, (w, h))

    def _corners(self, big, suit, rank, W, H, ink):
        label = {11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))
        cap = W * 0.16
        col_w = W * 0.2
        txt = _fit_text(label, cap, ink, col_w * (0.95 if rank == 10 else 0.9))
        pip = int(W * 0.125)
        corner = pygame.Surface((int(col_w), int(txt.get_height() + pip + W * 0.04)), pygame.SRCALPHA)
        corner.fill((*ink, 0))
        corner.blit(txt, txt.get_rect(midtop=(col_w / 2, 0)))
        _draw_shape(corner, suit, col_w / 2, txt.get_height() + W * 0.035 + pip / 2, pip, ink)
        x, y = W * 0.025, W * 0.05
        big.blit(corner, (x, y))
        big.blit(pygame.transform.rotate(corner, 180),
                 (W - x - corner.get_width(), H - y - corner.get_height()))

    def _compact(self, big, suit, rank, W, H, ink):
        """Small cards: a big rank and suit top left (what shows in a fanned hand) and a
        large suit, or a court emblem on its band colour, bottom right."""
        label = {11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank))
        col_w = W * 0.42
        txt = _fit_text(label, W * 0.3, ink, col_w * (1.0 if rank == 10 else 0.8))
        cx = W * 0.06 + col_w / 2
        big.blit(txt, txt.get_rect(midtop=(cx, W * 0.07)))
        ps = W * 0.3
        _draw_shape(big, suit, cx, W * 0.07 + txt.get_height() + W * 0.06 + ps / 2, ps, ink)
        box = pygame.Rect(0, 0, int(W * 0.5), int(W * 0.5))
        box.bottomright = (int(W * 0.9), int(H - W * 0.1))
        if rank in _EMBLEMS:
            band_col = _mix(ink, (0, 0, 0), 0.1) if sum(ink) > 120 else (54, 58, 78)
            _rounded(big, band_col, box, W * 0.05)
            _rounded(big, _GOLD_DARK, box, W * 0.05, max(1, int(W * 0.02)))
            emb = pygame.Rect(box.x, box.y + box.h * 0.12, box.w, int(box.h * 0.76))
            sub = pygame.Surface(emb.size, pygame.SRCALPHA)
            sub.fill((0, 0, 0, 0))
            _EMBLEMS[rank](sub, sub.get_rect().inflate(int(sub.get_width() * 0.5), 0), band_col)
            big.blit(sub, emb)
        else:
            _draw_shape(big, suit, box.centerx, box.centery, box.w * (1.0 if rank == 14 else 0.9), ink)

    def _pips(self, big, suit, rank, W, H, ink):
        size = W * (0.2 if rank <= 3 else 0.185 if rank <= 8 else 0.16)
        margin = 0.12 if rank <= 8 else 0.105
        top, bottom = H * margin + size / 2, H * (1 - margin) - size / 2
        cols = {-1: W * 0.335, 0: W * 0.5, 1: W * 0.665}
        for col, row in _PIPS[rank]:
            y = top + (bottom - top) * row
            _draw_shape(big, suit, cols[col], y, size, ink, flip=row > 0.5)

    def _ace(self, big, suit, W, H, ink):
        size = W * 0.56
        cx, cy = W / 2, H / 2
        if suit == 0:  # the ace of spades gets a decorated medallion
            pygame.draw.circle(big, _GOLD_LIGHT, (cx, cy), W * 0.36)
            pygame.draw.circle(big, _PAPER, (cx, cy), W * 0.345)
            pygame.draw.circle(big, ink, (cx, cy), W * 0.33, max(1, int(W * 0.01)))
            size = W * 0.46
        _draw_shape(big, suit, cx, cy, size, ink)

    def _court(self, big, suit, rank, W, H, ink):
        panel = pygame.Rect(int(W * 0.235), int(H * 0.085), int(W * 0.53), int(H * 0.83))
        rad = W * 0.03
        line = max(2, int(W * 0.012))
        band_col = _mix(ink, (0, 0, 0), 0.1) if sum(ink) > 120 else (54, 58, 78)
        _rounded(big, _CREAM, panel, rad)
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
            pygame.draw.line(big, _GOLD_DARK, (panel.x, y), (panel.right - 1, y), line)
        # a row of small lozenges along each band's inner edge
        n = 7
        lz = panel.w / n
        for i in range(n):
            cx = panel.x + lz * (i + 0.5)
            for cy in (top_band.bottom - band_h * 0.1, bot_band.top + band_h * 0.1):
                d = lz * 0.26
                pygame.draw.polygon(big, _GOLD_LIGHT, [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)])
        # emblems: drawn on an upright band surface, flipped for the bottom band
        emb = pygame.Surface(top_band.size, pygame.SRCALPHA)
        emb.fill((0, 0, 0, 0))
        _EMBLEMS[rank](emb, pygame.Rect(0, 0, top_band.w, int(band_h * 0.8)), band_col)
        big.blit(emb, top_band)
        big.blit(pygame.transform.rotate(emb, 180), bot_band)
        # the centre: a big letter over a suit shape
        centre = pygame.Rect(panel.x, top_band.bottom, panel.w, bot_band.top - top_band.bottom)
        letter = {11: "J", 12: "Q", 13: "K"}[rank]
        txt = _fit_text(letter, centre.h * 0.5, ink, centre.w * 0.7)
        ps = centre.h * 0.22
        gap = centre.h * 0.06
        total = txt.get_height() + gap + ps
        top = centre.centery - total / 2
        big.blit(txt, txt.get_rect(midtop=(centre.centerx, top)))
        _draw_shape(big, suit, centre.centerx, top + txt.get_height() + gap + ps / 2, ps, ink)
        # frame: suit-ink outer line, gold inner line
        _rounded(big, ink, panel, rad, line)
        _rounded(big, _GOLD_DARK, panel.inflate(-3 * line, -3 * line), rad * 0.6, max(1, line // 2))


def _mix(a, b, t):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


# ---------------------------------------------------------------------------------------
# Court emblems, drawn in gold inside ``r`` (the upper part of a band).


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
    _outline_poly(s, pts, _GOLD_LIGHT, _GOLD_DARK, r.h * 0.045)
    for i in range(n):
        py = top_y + (r.h * 0.1 if i in (0, n - 1) else 0)
        pygame.draw.circle(s, _GOLD_LIGHT, (x0 + w * i / (n - 1), py), r.h * 0.08)
        pygame.draw.circle(s, _GOLD_DARK, (x0 + w * i / (n - 1), py), r.h * 0.08, max(1, int(r.h * 0.03)))
    band = pygame.Rect(0, 0, int(w), int(r.h * 0.22))
    band.midbottom = (cx, base_y)
    pygame.draw.rect(s, _GOLD_DARK, band)
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
        pygame.draw.circle(s, _GOLD_DARK, (lx, band.top - rad * 0.35), rad + r.h * 0.04)
    for lx, rad in lobes:
        pygame.draw.circle(s, _GOLD_LIGHT, (lx, band.top - rad * 0.35), rad)
    for lx, rad in lobes:  # pearls
        py = band.top - rad * 0.35 - rad - r.h * 0.07
        pygame.draw.circle(s, (252, 252, 252), (lx, py), r.h * 0.075)
        pygame.draw.circle(s, _GOLD_DARK, (lx, py), r.h * 0.075, max(1, int(r.h * 0.025)))
    pygame.draw.rect(s, _GOLD_DARK, band, border_radius=band.h // 3)
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
    for d, n, base, guard, blade in parts:
        _outline_poly(s, blade, steel, steel_dark, outline)
        pygame.draw.line(s, steel_dark, guard, blade[2], max(1, outline))  # the fuller
    for d, n, base, guard, blade in parts:
        pygame.draw.line(s, (110, 70, 30), base, guard, max(2, int(hw * 1.6)))  # grip
        g = r.h * 0.17
        pygame.draw.line(s, _GOLD_DARK, (guard[0] - n[0] * g, guard[1] - n[1] * g),
                         (guard[0] + n[0] * g, guard[1] + n[1] * g), max(2, int(hw * 1.7)))
        pygame.draw.line(s, _GOLD_LIGHT, (guard[0] - n[0] * g * 0.9, guard[1] - n[1] * g * 0.9),
                         (guard[0] + n[0] * g * 0.9, guard[1] + n[1] * g * 0.9), max(1, int(hw * 0.8)))
        pygame.draw.circle(s, _GOLD_DARK, base, hw * 1.5)
        pygame.draw.circle(s, _GOLD_LIGHT, base, hw * 1.1)


_EMBLEMS = {11: _swords_jack, 12: _crown_queen, 13: _crown_king}


# ---------------------------------------------------------------------------------------
# Back


def _render_back(w: int, h: int, colour: str) -> pygame.Surface:
    k = _ss_factor(w)
    W, H = w * k, h * k
    dark, light, paper = _BACKS[colour]
    big = pygame.Surface((W, H), pygame.SRCALPHA)
    big.fill((*_EDGE, 0))
    radius = W * 0.075
    _rounded(big, _EDGE, big.get_rect(), radius)
    edge = max(k, int(round(W * 0.008)))
    _rounded(big, paper, big.get_rect().inflate(-2 * edge, -2 * edge), radius - edge)
    inner = big.get_rect().inflate(-int(W * 0.14), -int(W * 0.14))
    field = pygame.Surface(inner.size, pygame.SRCALPHA)
    field.fill((0, 0, 0, 0))
    _rounded(field, dark, field.get_rect(), W * 0.04)
    # diamond lattice
    step = W * 0.115
    lw = max(1, int(W * 0.012))
    n = int((inner.w + inner.h) / step) + 2
    for i in range(-n, n + 1):
        x = i * step
        pygame.draw.line(field, light, (x, 0), (x + inner.h, inner.h), lw)
        pygame.draw.line(field, light, (x, 0), (x - inner.h, inner.h), lw)
    # dots in the middle of each lozenge: grid points (m, n) * step / 2 with m + n odd
    dot = _mix(light, paper, 0.3)
    for n in range(int(2 * inner.h / step) + 2):
        for m in range(int(2 * inner.w / step) + 2):
            if (m + n) % 2:
                pygame.draw.circle(field, dot, (m * step / 2, n * step / 2), W * 0.011)
    # mask the lattice to the rounded field
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    mask.fill((0, 0, 0, 0))
    _rounded(mask, (255, 255, 255, 255), mask.get_rect(), W * 0.04)
    field.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(field, inner)
    # frame lines
    _rounded(big, _GOLD_DARK, inner, W * 0.04, max(1, int(W * 0.012)))
    _rounded(big, dark, inner.inflate(int(W * 0.05), int(W * 0.05)), W * 0.055, max(1, int(W * 0.008)))
    # central medallion with the four suits
    cx, cy = W / 2, H / 2
    R = W * 0.25
    pygame.draw.circle(big, _GOLD_DARK, (cx, cy), R + W * 0.025)
    pygame.draw.circle(big, _GOLD_LIGHT, (cx, cy), R + W * 0.012)
    pygame.draw.circle(big, dark, (cx, cy), R)
    pygame.draw.circle(big, _mix(dark, light, 0.5), (cx, cy), R * 0.9, max(1, int(W * 0.006)))
    ps = R * 0.44
    off = R * 0.45
    for suit, (dx, dy) in zip(range(4), ((0, -1), (1, 0), (0, 1), (-1, 0))):
        _draw_shape(big, suit, cx + dx * off, cy + dy * off, ps, paper)
    return _finish_card(big, (w, h))


# ---------------------------------------------------------------------------------------
# Decorations


def highlight(size, colour=GOLD) -> pygame.Surface:
    """A glowing ring for a card of ``size``; blit at (x - m, y - m), m = glow_margin(size)."""
    w, h = _size(size)
    colour = tuple(colour)[:3]
    key = ("hl", w, h, colour)
    surf = _misc_cache.get(key)
    if surf is None:
        m = glow_margin((w, h))
        k = 2
        W, H = (w + 2 * m) * k, (h + 2 * m) * k
        big = pygame.Surface((W, H), pygame.SRCALPHA)
        big.fill((*colour, 0))
        radius = w * 0.075 * k
        steps = max(2, m)
        for i in range(steps, 0, -1):  # soft outer glow
            a = int(150 * (1 - i / (steps + 1)) ** 2)
            r = pygame.Rect(0, 0, W, H).inflate(-2 * k * (m - i), -2 * k * (m - i))
            layer = pygame.Surface((W, H), pygame.SRCALPHA)
            layer.fill((*colour, 0))
            _rounded(layer, (*colour, a), r, radius + i * k, 0)
            big.blit(layer, (0, 0))
        card = pygame.Rect(m * k, m * k, w * k, h * k)
        big.fill((*colour, 0), card.inflate(-4 * k, -4 * k))  # keep the centre clear
        _rounded(big, (*colour, 0), card.inflate(-2 * k, -2 * k), radius, 0)
        ring = max(2, int(w * 0.035)) * k
        _rounded(big, (*colour, 255), card.inflate(ring // 2, ring // 2), radius + ring / 4, ring)
        surf = _remember(_misc_cache, key, _finish(big, (w + 2 * m, h + 2 * m)))
    return surf


def glow_margin(size) -> int:
    w, _ = _size(size)
    return max(3, int(w * 0.07))


def draw_highlight(surface: pygame.Surface, rect, colour=GOLD) -> None:
    """Glow ring around the card at ``rect`` (draw after the card)."""
    rect = pygame.Rect(rect)
    m = glow_margin(rect.size)
    surface.blit(highlight(rect.size, colour), (rect.x - m, rect.y - m))


def dim(size, alpha: int = 120) -> pygame.Surface:
    """A translucent veil the shape of a card (for cards that may not be played)."""
    w, h = _size(size)
    key = ("dim", w, h, alpha)
    surf = _misc_cache.get(key)
    if surf is None:
        k = 3
        big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
        big.fill((30, 34, 44, 0))
        _rounded(big, (30, 34, 44, alpha), big.get_rect(), w * 0.075 * k)
        surf = _remember(_misc_cache, key, _finish(big, (w, h)))
    return surf


def draw_dim(surface: pygame.Surface, rect, alpha: int = 120) -> None:
    rect = pygame.Rect(rect)
    surface.blit(dim(rect.size, alpha), rect)


def shadow(size, alpha: int = 90) -> pygame.Surface:
    """A soft shadow for a card; blit at (x - m + dx, y - m + dy), m = glow_margin(size)."""
    w, h = _size(size)
    key = ("shadow", w, h, alpha)
    surf = _misc_cache.get(key)
    if surf is None:
        m = glow_margin((w, h))
        small = pygame.Surface((max(1, (w + 2 * m) // 4), max(1, (h + 2 * m) // 4)), pygame.SRCALPHA)
        small.fill((0, 0, 0, 0))
        _rounded(small, (0, 0, 0, alpha), pygame.Rect(m // 4, m // 4, w // 4, h // 4), w * 0.02)
        surf = pygame.transform.smoothscale(small, (w + 2 * m, h + 2 * m))
        surf = pygame.transform.smoothscale(pygame.transform.smoothscale(surf, small.get_size()),
                                            (w + 2 * m, h + 2 * m))
        surf = _remember(_misc_cache, key, surf)
    return surf


def draw_shadow(surface: pygame.Surface, rect, offset=(2, 3), alpha: int = 90) -> None:
    rect = pygame.Rect(rect)
    m = glow_margin(rect.size)
    surface.blit(shadow(rect.size, alpha), (rect.x - m + offset[0], rect.y - m + offset[1]))


def badge(text: str, height: int, fg=WHITE, bg=(40, 70, 140)) -> pygame.Surface:
    """A rounded pill with bold ``text`` (e.g. "NT", "MT"), ``height`` px tall."""
    height = max(8, int(height))
    key = ("badge", text, height, tuple(fg), tuple(bg))
    surf = _misc_cache.get(key)
    if surf is None:
        k = 3
        txt = _fit_text(text, height * 0.5 * k, fg, 10 ** 6)
        W = max(height * k, txt.get_width() + height * k * 0.7)
        big = pygame.Surface((int(W), height * k), pygame.SRCALPHA)
        big.fill((*bg[:3], 0))
        _rounded(big, bg, big.get_rect(), height * k // 2)
        _rounded(big, _mix(bg, (255, 255, 255), 0.35), big.get_rect(), height * k // 2, max(1, k))
        big.blit(txt, txt.get_rect(center=big.get_rect().center))
        surf = _remember(_misc_cache, key, _finish(big, (int(W / k), height)))
    return surf


_CONTRACT_BADGE = {"NT": (40, 70, 140), "MT": (120, 50, 130)}


def contract_icon(contract: str, height: int, style: str = "classic") -> pygame.Surface:
    """Icon for a contract: a suit on a white tile, or an "NT"/"MT" badge."""
    height = max(8, int(height))
    if contract in _CONTRACT_BADGE:
        return badge(contract, height, WHITE, _CONTRACT_BADGE[contract])
    suit = "SHDC".index(contract)
    key = ("contract", suit, height, style)
    surf = _misc_cache.get(key)
    if surf is None:
        k = 3
        big = pygame.Surface((height * k, height * k), pygame.SRCALPHA)
        big.fill((255, 255, 255, 0))
        _rounded(big, _PAPER, big.get_rect(), height * k * 0.22)
        _rounded(big, _EDGE, big.get_rect(), height * k * 0.22, max(1, k))
        s = height * k * 0.68
        _draw_shape(big, suit, height * k / 2, height * k / 2, s, suit_colour(suit, style))
        surf = _remember(_misc_cache, key, _finish(big, (height, height)))
    return surf
