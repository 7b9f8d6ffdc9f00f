"""Where the replay viewer puts things, for the window's shape (game/ui/window/screen.py).

The viewer shows more than a game does (every hand face up, the kitty beside the trick, a
caption, six step buttons, export and share) and takes no cards from the player, so it has
places of its own rather than the table's (table/layout.py), in the same three
arrangements and with the same habits:

- **wide** (a desktop): the top bar with Close where the game has Menu, the other two
  seats in the top corners with their cards in a row under their names, the kitty between
  them, the trick in the middle, the bottom seat's cards large above one bar of buttons;
- **low** (a phone lying): the top bar as in the game, the buttons in a block at the right
  (where the game's coach buttons are; one move at a time nearest the thumb), the other
  two side by side, their hands as compact rows of ranks by suit, the kitty and the trick
  beside each other, the bottom seat's cards along the bottom;
- **tall** (a phone upright): Close top left with Export and Share beside it, the deal and
  the move under them, the other hands as compact rows, the trick, the bottom seat's cards,
  and the step buttons in a bar of two rows at the bottom, within thumb reach.

``places()`` is made once per shape; everything the viewer draws reads it each time.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ..art.core import CARD_RATIO
from ..draw import gfx
from ..menus.menu_layout import bottom_bar
from ..window import screen
from . import layout

STEPS = (("deal", -1), ("trick", -1), ("action", -1), ("action", 1), ("trick", 1), ("deal", 1))
ROWS_GAP = 6


def step_name(by: str, direction: int) -> str:
    return f"{'next' if direction > 0 else 'back'}_{by}"


@dataclass
class SeatPlace:
    """A seat's block: its name strip and where its cards lie (``card_w`` 0: the hand as
    rows of ranks by suit inside the strip's panel, which is then ``box``)."""

    strip: pygame.Rect
    cards: pygame.Rect
    card_w: int
    box: pygame.Rect  # the panel drawn behind the strip (and the rows of ranks)


@dataclass
class ReplayPlaces:
    kind: str  # "wide", "low" or "tall"
    w: int
    h: int
    top_bar: pygame.Rect | None  # the game's top bar (wide, low); None: the header (tall)
    header: pygame.Rect | None  # tall: the deal and the move, the contract, under the buttons
    seats: dict  # side -> SeatPlace
    kitty: pygame.Rect  # the kitty (or the discards): a label over a row of cards
    kitty_w: int
    trick_center: tuple
    trick_dx: int
    trick_dy: int
    trick_w: int
    caption: pygame.Rect  # what the last move did (and, lying, the move's number)
    ring: pygame.Rect  # the oval on the felt the trick lies on
    keys: pygame.Rect | None  # the keys' line (a desktop only)
    buttons: dict  # name -> Rect: close, export, share and the six steps
    text: dict = field(default_factory=dict)  # font sizes by role
    short_labels: bool = False  # Export and Share by their short names

    def size(self, role: str) -> int:
        return self.text[role]


def _ch(w: float) -> int:
    return int(round(w * CARD_RATIO))


def rank_rows_height(lines: int, size: int) -> int:
    """How tall a hand written as `lines` rows of ranks is."""
    return lines * gfx.line_height(size, True, 2)


def ring(centre, trick_w: int, room: pygame.Rect) -> pygame.Rect:
    """The trick's oval: the game's proportions, inside `room` (beside the buttons lying)."""
    k = trick_w / 92
    w = min(int(520 * k), 2 * min(centre[0] - room.left, room.right - centre[0]))
    h = min(int(300 * k), 2 * min(centre[1] - room.top, room.bottom - centre[1]))
    r = pygame.Rect(0, 0, max(0, w), max(0, h))
    r.center = centre
    return r


_cache: dict = {}


def places() -> ReplayPlaces:
    shape = screen.current()
    got = _cache.get(shape)
    if got is None:
        if len(_cache) > 8:
            _cache.clear()
        lay = layout.now()
        got = _cache[shape] = (tall if lay.tall else wide if lay.wide else low)(shape, lay)
    return got


def wide(shape, lay) -> ReplayPlaces:
    S, W, H = shape.safe, shape.w, shape.h
    lerp = shape.lerp
    text = {"name": lerp(15, 19), "role": 14, "score": lerp(15, 18), "tricks": lerp(15, 20), "caption": lerp(16, 19),
            "small": 14, "ranks": 16, "label": 15}
    bar = bottom_bar(8, h=48, max_w=190)
    names = [step_name(*s) for s in STEPS] + ["export", "share"]
    buttons = dict(zip(names, bar))
    short = bar[0].w < 170  # "Export", "Share" rather than shrunk long names
    buttons["close"] = lay.menu
    bar_top = min(r.top for r in bar)
    keys = pygame.Rect(S.left + 20, bar_top - 26, S.w - 40, 20)
    m = 14
    strip_h = 36
    # the bottom seat: its strip over a row of large cards, above the keys' line
    me_w = lerp(64, 82)
    me_cards = pygame.Rect(S.left + 120, keys.top - 4 - _ch(me_w), S.w - 240, _ch(me_w))
    me_strip = pygame.Rect(me_cards.left, me_cards.top - 6 - strip_h, me_cards.w, strip_h)
    seats = {"bottom": SeatPlace(me_strip, me_cards, me_w, me_strip)}
    # the other two in the top corners: a strip, their cards in a row under it
    top = lay.top_bar.bottom + 12
    half = (S.w - 3 * m) // 2
    opp_w = lerp(44, 56)
    for side, left in (("left", S.left + m), ("right", S.right - m - half)):
        strip = pygame.Rect(left, top, half, strip_h)
        seats[side] = SeatPlace(strip, pygame.Rect(left, strip.bottom + 6, half, _ch(opp_w)), opp_w, strip)
    below_opps = seats["left"].cards.bottom
    caption = pygame.Rect(S.left + 20, me_strip.top - 10 - 2 * gfx.line_height(text["caption"], True, 2), S.w - 40,
                          2 * gfx.line_height(text["caption"], True, 2))
    # the kitty under the other hands, in the middle; the trick between it and the caption
    kitty_w = lerp(36, 48)
    kitty = pygame.Rect(W // 2 - 130, below_opps + 8, 260, 20 + _ch(kitty_w))
    trick_w = lerp(52, 76)
    dy = int(trick_w * 0.3)
    zone_top, zone_bottom = kitty.bottom + 6, caption.top - 4
    room = zone_bottom - zone_top
    if _ch(trick_w) + dy + 28 > room:  # a short window: the cards smaller, side by side
        trick_w = max(40, int((room - 28) / CARD_RATIO))
        dy = 0
    centre = (W // 2, zone_top + 24 + (room - 24) // 2)
    return ReplayPlaces("wide", W, H, lay.top_bar, None, seats, kitty, kitty_w, centre, int(trick_w * 1.22), dy, trick_w,
                        caption, ring(centre, trick_w, pygame.Rect(S.left, below_opps, S.w, me_strip.top - below_opps)), keys, buttons,
                        text, short_labels=short)


def rank_layout(cards, size: int, width: int) -> list:
    """Lines of [(item, x), ...], an item a suit (an int: its sign is written) or a card
    (its rank): suits in the hand's order, each kept whole on one line while it fits
    there, a new line (its sign again) where a suit runs over."""
    groups: list = []
    for c in cards:
        if not groups or groups[-1][0] != c.suit:
            groups.append((c.suit, []))
        groups[-1][1].append(c)
    space = max(4, size // 3)
    suit_w = gfx.text_width("♠", size, True) + 2
    lines: list = []
    x = 0
    for suit, cs in groups:
        whole = suit_w + sum(gfx.text_width(c.rank_label, size, True) + space for c in cs)
        if not lines or x + 2 * space + whole > width:
            lines.append([(suit, 0)])
            x = suit_w
        else:
            x += 2 * space
            lines[-1].append((suit, x))
            x += suit_w
        for c in cs:
            w = gfx.text_width(c.rank_label, size, True)
            if x + w > width:  # a suit longer than a line goes on, its sign written again
                lines.append([(suit, 0)])
                x = suit_w
            lines[-1].append((c, x))
            x += w + space
    return lines


WIDEST = None  # the widest hand a seat can hold: twenty cards, tens and court cards of every suit


def rank_lines_needed(size: int, width: int) -> int:
    """Rows of ranks the widest hand needs in `width`, so a seat's block never changes
    height with its cards."""
    global WIDEST
    if WIDEST is None:
        from ...engine.cards import Card

        WIDEST = [Card.of(rank, suit) for suit in range(4) for rank in (14, 13, 12, 11, 10)]
    return len(rank_layout(WIDEST, size, width))


def low(shape, lay) -> ReplayPlaces:
    S, W, H = shape.safe, shape.w, shape.h
    text = {"name": 14, "role": 13, "score": 14, "tricks": 14, "caption": 15, "small": 13, "ranks": 15, "label": 13}
    # the buttons: a block of two columns at the right, the smallest steps at the bottom
    bw = max(96, min(124, (S.w - 420) // 2))
    gap = 6
    x0 = S.right - 8 - (2 * bw + gap)
    rows = (("export", "share"), ("back_deal", "next_deal"), ("back_trick", "next_trick"), ("back_action", "next_action"))
    bh = max(screen.MIN_TARGET, min(52, (S.bottom - 6 - lay.top_bar.bottom - 8 - 3 * gap) // 4))
    y0 = S.bottom - 6 - 4 * bh - 3 * gap
    buttons = {"close": lay.menu}
    for r, pair in enumerate(rows):
        for c, name in enumerate(pair):
            buttons[name] = pygame.Rect(x0 + c * (bw + gap), y0 + r * (bh + gap), bw, bh)
    left, right = S.left + 8, x0 - 12
    width = right - left
    top = lay.top_bar.bottom + 6
    # the other two: a panel each with the name line over the hand in rows of ranks, side by
    # side where there is room, one row of ranks where the widest hand fits one
    strip_h = 24
    half = (width - ROWS_GAP) // 2
    size = min(range(13, 16), key=lambda z: (rank_lines_needed(z, half - 20), -z))  # the fewest rows, then the largest
    text["ranks"] = size
    rows_h = rank_rows_height(rank_lines_needed(size, half - 20), size)
    seats = {}
    for i, side in enumerate(("left", "right")):
        x = left + i * (half + ROWS_GAP)
        box = pygame.Rect(x, top, half, strip_h + 10 + rows_h)
        seats[side] = SeatPlace(pygame.Rect(x, top, half, strip_h + 4), pygame.Rect(x + 10, top + strip_h + 4, half - 20, rows_h), 0, box)
    y = box.bottom + ROWS_GAP
    # the caption (the move's number at its right), under them
    caption = pygame.Rect(left, y, width, gfx.line_height(text["caption"], True, 2))
    # the bottom seat along the bottom: a strip over a row of cards
    me_w = 48 if S.bottom - caption.bottom >= 200 else 40
    me_cards = pygame.Rect(left, S.bottom - 6 - _ch(me_w), width, _ch(me_w))
    me_strip = pygame.Rect(left, me_cards.top - 4 - strip_h, width, strip_h)
    seats["bottom"] = SeatPlace(me_strip, me_cards, me_w, me_strip)
    # between them: the trick, the kitty at its left, their cards' tops level
    zone_top, zone_bottom = caption.bottom + 4, me_strip.top - 6
    pill = 22
    trick_w = max(36, min(72, int((zone_bottom - zone_top - pill) / CARD_RATIO)))
    kitty_w = max(30, min(44, trick_w - 8))
    label_h = gfx.line_height(text["label"], True, 2)
    kitty_room = 4 * kitty_w + 3 * 4  # four cards side by side
    trick_x = left + kitty_room + 16 + (width - kitty_room - 16) // 2
    cards_top = zone_top + pill + max(0, (zone_bottom - zone_top - pill - _ch(trick_w)) // 2)
    centre = (trick_x, cards_top + _ch(trick_w) // 2)
    kitty = pygame.Rect(left, cards_top - label_h, kitty_room, label_h + _ch(kitty_w))
    room = pygame.Rect(left, caption.top, width, me_strip.top - caption.top)
    return ReplayPlaces("low", W, H, lay.top_bar, None, seats, kitty, kitty_w, centre, trick_w + 10, 0, trick_w,
                        caption, ring(centre, trick_w, room), None, buttons, text, short_labels=True)


def tall(shape, lay) -> ReplayPlaces:
    S, W, H = shape.safe, shape.w, shape.h
    roomy = S.h >= 760  # a tall phone: larger text and cards in the same places
    text = {"name": 15 if roomy else 14, "role": 13, "score": 15 if roomy else 14, "tricks": 15 if roomy else 14,
            "caption": 16 if roomy else 15, "small": 13, "ranks": 17 if roomy else 15, "label": 13, "head": 14}
    gap = 8
    # the top row: Close at the left (where the game has Menu), Export and Share at the right
    close = pygame.Rect(lay.menu)
    bw = min(120, (S.right - gap - close.right - 2 * gap) // 2)
    buttons = {"close": close, "share": pygame.Rect(S.right - gap - bw, close.top, bw, close.h)}
    buttons["export"] = buttons["share"].move(-(bw + gap), 0)
    head_line = gfx.line_height(text["head"], True, 2)
    header = pygame.Rect(S.left + gap, close.bottom + 16, S.w - 2 * gap, 2 * head_line)  # clear of the buttons' shadows
    # the step buttons: two rows at the bottom, back above forward
    bar = bottom_bar(6, h=46, gap=6, margin=8)
    for (by, d), r in zip(STEPS, bar):
        buttons[step_name(by, d)] = r
    bar_top = min(r.top for r in bar)
    # the other two: a panel each, the name line over the hand in rows of ranks
    strip_h = 24
    seats = {}
    y = header.bottom + 6
    rows_h = rank_rows_height(rank_lines_needed(text["ranks"], S.w - 2 * gap - 20), text["ranks"])
    for side in ("left", "right"):
        box = pygame.Rect(S.left + gap, y, S.w - 2 * gap, strip_h + 10 + rows_h)
        seats[side] = SeatPlace(pygame.Rect(box.left, y, box.w, strip_h + 4), pygame.Rect(box.left + 10, y + strip_h + 4, box.w - 20, rows_h), 0, box)
        y = box.bottom + ROWS_GAP
    # the bottom seat over the bar: a strip over its cards (in two rows on a narrow phone)
    room = bar_top - 10 - y
    me_w = max(40, min(76, int(room * 0.26 / CARD_RATIO)))
    me_cards = pygame.Rect(S.left + gap, bar_top - 10 - _ch(me_w), S.w - 2 * gap, _ch(me_w))
    me_strip = pygame.Rect(me_cards.left, me_cards.top - 6 - strip_h, me_cards.w, strip_h)
    seats["bottom"] = SeatPlace(me_strip, me_cards, me_w, me_strip)
    # the caption under the other hands, then the trick, the kitty under the trick
    caption = pygame.Rect(S.left + gap, y + 2, S.w - 2 * gap, 2 * gfx.line_height(text["caption"], True, 2))
    zone_top, zone_bottom = caption.bottom + 8, me_strip.top - 6
    kitty_w = 30 if zone_bottom - zone_top < 200 else 36
    kitty = pygame.Rect(S.left + gap, zone_bottom - 18 - _ch(kitty_w), S.w - 2 * gap, 18 + _ch(kitty_w))
    trick_room = kitty.top - 6 - zone_top - 28  # the "leads" pill above the cards
    trick_w = max(36, min(int((S.w - 2 * gap - 24) / 3), int(trick_room / CARD_RATIO), 88))
    centre = (W // 2, zone_top + 28 + trick_room // 2)
    room = pygame.Rect(S.left, caption.top, S.w, me_strip.top - caption.top)
    return ReplayPlaces("tall", W, H, None, header, seats, kitty, kitty_w, centre, trick_w + 12, 0, trick_w,
                        caption, ring(centre, trick_w, room), None, buttons, text, short_labels=True)
