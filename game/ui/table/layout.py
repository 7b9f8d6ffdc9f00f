"""Where everything on the table goes, for the window's shape (game/ui/window/screen.py).

Three arrangements, chosen by the shape and fluid within it:

- **wide** (a landscape window at least 960x560 logical: desktops, tablets lying): the
  opponents' plates in the top corners with a column of their card backs below, the kitty
  at the head of the table, the trick in the middle, the hand along the bottom between the
  human's plate (bottom left) and the coach's buttons (a column, bottom right);
- **low** (a phone turned sideways, 640x360 to ~930x430, and small windows): the same
  places squeezed: the opponents' backs in a row beside their plates, the coach's buttons a
  2x2 block in the bottom right corner with the human's plate above it, the hand in as many
  rows as keep every card's strip at least a finger wide, the phase panels over the whole
  middle;
- **tall** (a phone held upright): Menu in the top left corner, the opponents' plates in
  the top corners with their backs below, the trick in the middle, the human's plate as a
  row above the hand, the hand in two or three rows, the buttons in a bar along the bottom
  within thumb reach.

``now()`` is the layout of the current shape (made once per shape).  Objects read their
places from it every time they lay out, so a new shape moves everything at once.
"""

from __future__ import annotations

import math

import pygame

from ...engine.values import field, value_type
from ..art.core import CARD_RATIO
from ..window import screen

CARD_W, SMALL_W, PILE_W = 92, 64, 40  # the reference design's card widths (1280x720 lying)
SUIT_ORDER = (0, 1, 3, 2)  # ♠ ♥ ♣ ♦: colours alternate in the hand
STRIP = screen.MIN_TARGET  # the visible strip of a card in the hand: a finger's width
ROW_PILE = 52  # the room a plate drawn as a row (the human's, standing) keeps at its right end for the won tricks


def side(seat: int, human: int) -> str:
    """Where a seat sits for the human: "bottom" (the human), "left" or "right"."""
    return ("bottom", "left", "right")[(seat - human) % 3]


def by_side(seat: int, human: int, bottom, left, right):
    """Pick the value for the seat's side."""
    return {"bottom": bottom, "left": left, "right": right}[side(seat, human)]


@value_type
class HandRows:
    """How n cards lie in the hand's area: rows of `per_row` (the last may be shorter),
    cards `w` wide, `step` apart in a row, rows `row_step` apart."""

    n: int
    per_row: int
    w: int
    step: float
    row_step: int
    lift: int

    @property
    def rows(self) -> int:
        return max(1, math.ceil(self.n / self.per_row)) if self.n else 1


@value_type
class TableLayout:
    kind: str  # "wide", "low" or "tall"
    w: int
    h: int
    safe: pygame.Rect
    top_bar: pygame.Rect
    menu: pygame.Rect
    card_w: int  # the hand's cards (at most)
    trick_w: int  # the trick's cards
    small_w: int  # the kitty, the deck, the opponents' backs
    pile_w: int  # a won trick lying sideways
    plates: dict  # side -> Rect
    plate_look: dict  # side -> "box" or "row"
    backs: dict  # side -> ("column", centre) or ("row", Rect)
    kitty_center: tuple
    deck: tuple
    trick_center: tuple
    trick_dx: int  # the left and right seats' cards this far left and right of the centre
    trick_dy: int  # ... and this far up, the human's card this far down: each toward its seat
    piles: dict  # side -> centre
    hand_area: pygame.Rect  # the rows sit on its bottom edge
    hand_max_w: int
    prompt_bottom: int  # the prompt line's bottom edge when the hand is full
    prompt_width: int
    banner_y: int
    coach: dict  # name -> Rect: hint, undo, look_back (and discard where it always has room)
    coach4: dict  # the same with the kitty's Discard button beside them
    panel: pygame.Rect  # the declare panel (no prompt shows with it)
    info: pygame.Rect  # the exchange panel (above the prompt)
    hint_bar: pygame.Rect
    sheet: pygame.Rect  # the last trick and the look-back panels
    text: dict = field(default_factory=dict)  # font sizes by role
    middle: pygame.Rect = field(default_factory=pygame.Rect)  # free felt around the trick (the deal's result lies there)
    # hand_rows() and highest_top() by hand size: pure, and asked by every plate's key in
    # every frame (32 hand_rows a call: ~5 ms a frame at 4x in the browser, uncached)
    memo: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def trick_caption_top(self) -> int:
        """Where the line under the trick starts (the winner's name): below the human's card."""
        return self.trick_center[1] + self.trick_dy + _ch(self.trick_w) // 2 + 6

    @property
    def tall(self) -> bool:
        return self.kind == "tall"

    @property
    def wide(self) -> bool:
        return self.kind == "wide"

    def hand_rows(self, n: int) -> HandRows:
        """The rows for n cards: one row while every card keeps a strip a finger wide,
        else two, else three; cards as wide as that leaves (up to ``hand_max_w``)."""
        got = self.memo.get(("rows", n))
        if got is None:
            got = self.memo[("rows", n)] = self._hand_rows(n)
        return got

    def _hand_rows(self, n: int) -> HandRows:
        area = self.hand_area.w
        least = max(STRIP, int(self.hand_max_w * 0.62))
        for rows in (1, 2, 3):
            per_row = max(1, math.ceil(max(1, n) / rows))
            w = min(self.hand_max_w, area - (per_row - 1) * STRIP)
            if w >= least or rows == 3:
                w = max(24, w)
                step = 0.0 if per_row == 1 else min(w * 0.72 if rows == 1 else w + 4, (area - w) / (per_row - 1))
                step = max(step, min(STRIP, (area - w) / max(1, per_row - 1)))
                lift = 0 if rows > 1 else max(10, int(round(w * 0.26)))
                return HandRows(n, per_row, int(w), step, STRIP + 4, lift)
        raise AssertionError("unreachable")

    def hand_top(self, n: int) -> int:
        """The top of the hand's first row (unlifted) for n cards."""
        rows = self.hand_rows(n)
        ch = int(round(rows.w * CARD_RATIO))
        return self.hand_area.bottom - ch - (rows.rows - 1) * rows.row_step

    def size(self, role: str) -> int:
        return self.text[role]

    def bottom_plate(self, n: int) -> pygame.Rect:
        """The human's plate for a hand of n cards: standing, a row just above the hand."""
        r = self.plates["bottom"]
        if self.kind != "tall":
            return r
        return pygame.Rect(r.left, self.highest_top(n) - 6 - r.h, r.w, r.h)

    def highest_top(self, n: int) -> int:
        """The highest the hand reaches from n cards until a whole hand (so what sits above
        it stays put as cards are played), lifted cards included."""
        got = self.memo.get(("top", n))
        if got is None:
            got = self.memo[("top", n)] = min(self.hand_top(k) - self.hand_rows(k).lift for k in range(max(1, n), max(n, 16) + 1))
        return got

    def prompt_over(self, n: int) -> int:
        """The prompt line's bottom edge over a hand of n cards."""
        if self.kind == "tall":
            return self.bottom_plate(n).top - 4
        return min(self.prompt_bottom, self.highest_top(n) - 6)


_cache: dict = {}


_last: list = [None, None]  # the shape asked last and its layout: most frames ask ten times or more


def now() -> TableLayout:
    """The layout of the current shape."""
    shape = screen.current()
    if shape is _last[0]:
        return _last[1]
    lay = _cache.get(shape)
    if lay is None:
        if len(_cache) > 8:
            _cache.clear()
        lay = _cache[shape] = (tall if shape.portrait else landscape)(shape)
    _last[:] = [shape, lay]
    return lay


def _ch(w: float) -> int:
    return int(round(w * CARD_RATIO))


def landscape(shape) -> TableLayout:
    W, H, S = shape.w, shape.h, shape.safe
    wide = W >= 960 and H >= 560
    lerp = shape.lerp
    tb = 52 if wide else 48
    mw = 112 if wide else 96
    menu = pygame.Rect(S.right - mw - 10, (tb - 44) // 2, mw, 44)
    card_w = lerp(56, 92)
    small_w = lerp(32, 64)
    pile_w = lerp(28, 40)
    text = {"bar": lerp(15, 20), "bar_small": lerp(13, 15), "name": lerp(15, 21), "role": 13 if not wide else 14,
            "tricks": lerp(18, 30), "score": lerp(14, 18), "prompt": lerp(15, 20), "panel_title": lerp(18, 30),
            "panel": lerp(14, 18), "leads": lerp(13, 15), "hint": lerp(14, 17)}
    if wide:
        bw = 172
        x = S.right - 14 - bw
        coach = {"hint": pygame.Rect(x, H - 214, bw, 44), "undo": pygame.Rect(x, H - 166, bw, 44),
                 "discard": pygame.Rect(x, H - 118, bw, 48), "look_back": pygame.Rect(x, H - 64, bw, 46)}
        pw, ph = 210, 112
        plates = {"left": pygame.Rect(S.left + 14, tb + 14, pw, ph), "right": pygame.Rect(S.right - 14 - pw, tb + 14, pw, ph),
                  "bottom": pygame.Rect(S.left + 14, H - 124, 176, 112)}
        hand_area = pygame.Rect(plates["bottom"].right + 10, 0, x - 14 - plates["bottom"].right - 10, S.bottom - 5)
        backs = {s: ("column", (plates[s].centerx, plates[s].bottom + lerp(150, 172))) for s in ("left", "right")}
        kitty_y = tb + 14 + _ch(small_w) // 2 + 4
        piles = {"left": (plates["left"].right + 44, plates["left"].top + 42), "right": (plates["right"].left - 44, plates["right"].top + 42),
                 "bottom": (plates["bottom"].centerx - 44, plates["bottom"].top - 40)}
    else:
        bw = 100
        x0, y0 = S.right - 8 - (2 * bw + 6), S.bottom - 6 - 94
        coach = {"hint": pygame.Rect(x0, y0, bw, 44), "undo": pygame.Rect(x0 + bw + 6, y0, bw, 44),
                 "look_back": pygame.Rect(x0, y0 + 50, bw, 44), "discard": pygame.Rect(x0 + bw + 6, y0 + 50, bw, 44)}
        pw, ph = lerp(150, 200), 80
        plates = {"left": pygame.Rect(S.left + 8, tb + 6, pw, ph), "right": pygame.Rect(S.right - 8 - pw, tb + 6, pw, ph),
                  "bottom": pygame.Rect(x0, y0 - 8 - ph, 2 * bw + 6, ph)}
        hand_area = pygame.Rect(S.left + 8, 0, x0 - 12 - S.left - 8, S.bottom - 6)
        kw = int(small_w + 3 * 0.62 * small_w)
        inner_l, inner_r = plates["left"].right + 8, plates["right"].left - 8
        fan_w = max(small_w, W // 2 - kw // 2 - 10 - inner_l)
        fan_h = _ch(small_w * 0.8)
        backs = {"left": ("row", pygame.Rect(inner_l, plates["left"].top, fan_w, fan_h)),
                 "right": ("row", pygame.Rect(inner_r - fan_w, plates["right"].top, fan_w, fan_h))}
        kitty_y = tb + 6 + _ch(small_w) // 2
        piles = {"left": (plates["left"].centerx, plates["left"].bottom + 26), "right": (plates["right"].centerx, plates["right"].bottom + 26),
                 "bottom": (plates["bottom"].left - 36, plates["bottom"].centery)}
    lay = TableLayout(
        kind="wide" if wide else "low", w=W, h=H, safe=S, top_bar=pygame.Rect(0, 0, W, tb), menu=menu,
        card_w=card_w, trick_w=card_w, small_w=small_w, pile_w=pile_w, plates=plates,
        plate_look={"left": "box", "right": "box", "bottom": "box"}, backs=backs,
        kitty_center=(W // 2, kitty_y), deck=(W // 2, 0), trick_center=(W // 2, 0),
        trick_dx=int(card_w * 1.22), trick_dy=int(card_w * 0.42), piles=piles, hand_area=hand_area, hand_max_w=card_w,
        prompt_bottom=0, prompt_width=min(hand_area.w, S.w - 40), banner_y=0, coach=coach, coach4=coach,
        panel=pygame.Rect(0, 0, 0, 0), info=pygame.Rect(0, 0, 0, 0), hint_bar=pygame.Rect(0, 0, 0, 0), sheet=pygame.Rect(0, 0, 0, 0), text=text)
    hand_top = lay.hand_top(16) - lay.hand_rows(16).lift
    lay.prompt_bottom = hand_top - 6
    prompt_h = 2 * text["prompt"] + 14
    middle_top = tb + 6
    middle_bottom = lay.prompt_bottom - prompt_h
    if wide:
        lay.trick_center = (W // 2, min(361, (kitty_y + _ch(small_w) // 2 + middle_bottom) // 2 + 20))
        lay.deck = (W // 2, lay.trick_center[1] - 61)
        lay.banner_y = kitty_y + 78
        lay.panel = pygame.Rect(W // 2 - 340, middle_top + 180 - 52 + 2, 680, 236)
        lay.panel.centery = (middle_top + lay.prompt_bottom) // 2
        lay.info = pygame.Rect(W // 2 - 390, lay.panel.top + 10, 780, middle_bottom - lay.panel.top - 10)
        lay.hint_bar = pygame.Rect(hand_area.left - 40, lay.prompt_bottom - 72 - 42, hand_area.w + 80, 42)
    else:
        ch = _ch(card_w)
        # the three cards side by side below the opponents' backs, the two others' raised
        # and the human's lowered as far as the room allows (each toward its seat)
        zone_top = max(place.bottom for _kind, place in backs.values()) + 6
        lay.trick_w = min(card_w, int((middle_bottom - zone_top) / 1.24 / CARD_RATIO))  # a low window: smaller, so the offsets show
        ch = _ch(lay.trick_w)
        dy = max(0, min(int(ch * 0.3), (middle_bottom - zone_top - ch) // 2))
        lay.trick_dx, lay.trick_dy = lay.trick_w + 14, dy
        lay.trick_center = (W // 2, max(zone_top + dy + ch // 2, min((zone_top + middle_bottom) // 2, middle_bottom - dy - ch // 2)))
        lay.deck = (W // 2, lay.trick_center[1])
        lay.banner_y = lay.trick_center[1]
        lay.panel = pygame.Rect(S.left + 8, middle_top, S.w - 16, lay.prompt_bottom + 2 - middle_top)
        lay.info = pygame.Rect(S.left + 8, middle_top, S.w - 16, middle_bottom - middle_top)
        lay.hint_bar = pygame.Rect(S.left + 8, lay.prompt_bottom - prompt_h - 4, hand_area.right - S.left - 8, prompt_h + 4)
    lay.sheet = pygame.Rect(S.left + 8, tb + 4, S.w - 16, H - tb - 10) if not wide else pygame.Rect(30, 60, W - 60, H - 96)
    if wide:
        left, right = piles["left"][0] + 50, piles["right"][0] - 50
        lay.middle = pygame.Rect(left, kitty_y - _ch(small_w) // 2, right - left, lay.prompt_bottom - (kitty_y - _ch(small_w) // 2))
    else:
        left, right = plates["left"].right + 8, plates["right"].left - 8
        bottom = min(lay.prompt_bottom, piles["bottom"][1] - int(64 * pile_w / 40) - 4)
        lay.middle = pygame.Rect(left, middle_top, right - left, bottom - middle_top)
    return lay


def tall(shape) -> TableLayout:
    W, H, S = shape.w, shape.h, shape.safe
    lerp = shape.lerp
    tb = 50
    menu = pygame.Rect(S.left + 6, (tb - 44) // 2, 96, 44)
    card_w = lerp(64, 92)
    small_w = lerp(24, 44)
    pile_w = lerp(26, 36)
    text = {"bar": 15, "bar_small": 13, "name": 15, "role": 13, "tricks": 18, "score": 15, "prompt": 15,
            "panel_title": 20, "panel": 14, "leads": 13, "hint": 14}
    gap = 8
    pw, ph = (S.w - 3 * gap) // 2, 70
    plates = {"left": pygame.Rect(S.left + gap, tb + 6, pw, ph), "right": pygame.Rect(S.right - gap - pw, tb + 6, pw, ph)}
    fan_h = _ch(small_w)
    backs = {s: ("row", pygame.Rect(plates[s].left, plates[s].bottom + 6, pw - 44, fan_h)) for s in ("left", "right")}
    backs["right"] = ("row", pygame.Rect(plates["right"].left + 44, plates["right"].bottom + 6, pw - 44, fan_h))
    pile_y = plates["left"].bottom + 25 + pile_w // 2  # a full pile's count badge just below the plate, never on it
    piles = {"left": (plates["left"].right - 20, pile_y), "right": (plates["right"].left + 20, pile_y)}
    bar_h = 48
    by = S.bottom - 6 - bar_h

    def bar(names, shares=None):
        """The buttons side by side, each with its share of the width (its words' length:
        a narrow phone's four buttons keep every word whole)."""
        shares = shares or (1,) * len(names)
        room = S.w - 2 * gap - (len(names) - 1) * 6
        out, x = {}, S.left + gap
        for name, share in zip(names, shares):
            bw = room * share // sum(shares)
            out[name] = pygame.Rect(x, by, bw, bar_h)
            x += bw + 6
        return out

    coach, coach4 = bar(("hint", "undo", "look_back")), bar(("hint", "undo", "discard", "look_back"), (30, 26, 20, 24))
    hand_area = pygame.Rect(S.left + 6, 0, S.w - 12, by - 8)
    lay = TableLayout(
        kind="tall", w=W, h=H, safe=S, top_bar=pygame.Rect(0, 0, W, tb), menu=menu, card_w=card_w, trick_w=lerp(52, 92), small_w=small_w,
        pile_w=pile_w, plates=plates, plate_look={"left": "box", "right": "box", "bottom": "row"}, backs=backs,
        kitty_center=(W // 2, 0), deck=(W // 2, 0), trick_center=(W // 2, 0), trick_dx=0, trick_dy=0, piles=piles,
        hand_area=hand_area, hand_max_w=card_w, prompt_bottom=0, prompt_width=S.w - 24, banner_y=0, coach=coach, coach4=coach4,
        panel=pygame.Rect(0, 0, 0, 0), info=pygame.Rect(0, 0, 0, 0), hint_bar=pygame.Rect(0, 0, 0, 0),
        sheet=pygame.Rect(S.left + 6, tb + 4, S.w - 12, by - tb - 10),
        text=text)
    hand_top = lay.hand_top(16)
    row = pygame.Rect(S.left + gap, hand_top - 6 - 44, S.w - 2 * gap, 44)
    plates["bottom"] = row
    piles["bottom"] = (row.right - ROW_PILE // 2, row.centery)  # in the room the row keeps at its right end
    lay.prompt_bottom = row.top - 4
    prompt_h = 2 * (text["prompt"] + 4) + 8
    zone_top = max(plates["left"].bottom + 6 + fan_h + 8, pile_y + pile_w // 2 + 6)
    zone_bottom = lay.prompt_bottom - prompt_h
    lay.kitty_center = (W // 2, zone_top + _ch(small_w) // 2)
    trick_w = lay.trick_w
    tch = _ch(trick_w)
    # the three cards side by side, the human's in the middle and lowered, the others' raised
    # (each toward its seat) as far as the room between the backs and the prompt allows
    dy = max(0, min(int(tch * 0.3), (zone_bottom - zone_top - tch) // 2))
    lay.trick_dx, lay.trick_dy = trick_w + 12, dy
    lay.trick_center = (W // 2, max(zone_top + dy + tch // 2, (zone_top + zone_bottom) // 2))
    lay.deck = (W // 2, lay.trick_center[1])
    lay.banner_y = lay.trick_center[1] - tch // 2 - 6
    lay.panel = pygame.Rect(S.left + gap, tb + 6, S.w - 2 * gap, lay.prompt_bottom - tb - 6)
    lay.info = pygame.Rect(S.left + gap, tb + 6, S.w - 2 * gap, zone_bottom - tb - 6)
    lay.hint_bar = pygame.Rect(S.left + gap, lay.prompt_bottom - prompt_h, S.w - 2 * gap, prompt_h + 48)
    lay.middle = pygame.Rect(S.left + gap, zone_top - 8, S.w - 2 * gap, lay.prompt_bottom - zone_top + 8)
    return lay


def mirror_x(x: float) -> float:
    return screen.current().w - x
