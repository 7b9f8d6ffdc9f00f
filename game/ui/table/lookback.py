"""Look back during a deal (key B or the button): the score sheet with the contracts still
owed, every finished trick of this deal in order, and the declarer's own discards when the
human is the declarer.

Each trick is a row of three cards in a column per seat, the seats named over the columns
in the order they sit at the table (left, the human, right): who played which card is read
without reading a word per card; the led card carries the "led" tag (as on the table) and
the winning card glows gold.  The cards are as large as the room allows and never smaller
than a phone can read (MIN_CARD_W); what does not fit goes on pages, turned with the
arrows beside the tricks' heading (on screen, or the arrow keys).

Everything comes from the human's View (finished tricks are public; ``view.discards`` is
None unless the human declared), so no hidden card can appear here.  The last trick alone:
overlay.py (a tap on the trick or a pile, right click, key L).
"""

from __future__ import annotations

import math

import pygame

from ... import i18n
from ...i18n import t
from .. import art
from ..draw import gfx
from ..loop.input import input_words
from ..scoresheet import draw_owed, draw_sheet
from ..widgets import Button
from . import layout
from .base import TableObject
from .trick import TAG_OVER, draw_led_tag, led_tag

MIN_CARD_W = 44  # logical px: a trick's card in Look back, its corner's rank and suit readable on a phone
MAX_CARD_W = 84  # as large as the last trick's (overlay.py)
NUMBER_W = 26  # the trick's number before its cards
NAME_SIZE = 12  # the seats' names over the columns (two lines at most)
HEAD_H = 44  # the tricks' heading: its words and the page arrows
ARROW_W = 48
SHEET_ROW = 22  # the score sheet's row at most
NUMBER_H = 18  # the trick's number over its cards (laid across)
ROW_GAP = 6  # between two tricks' rows (laid down)
SEAT_GAP = 4  # between two seats' rows of cards (laid across)
BLOCK_GAP = 8  # between two blocks of tricks (laid across)


def arrow(direction: int):
    """A page arrow's picture: a triangle pointing left (-1) or right (1)."""
    def draw(surf, r, fg):
        w = 10
        cx, cy = r.centerx, r.centery
        points = [(cx + direction * w, cy), (cx - direction * w // 1.2, cy - w), (cx - direction * w // 1.2, cy + w)]
        pygame.draw.polygon(surf, fg, [gfx.dev_pos(p) for p in points])
    return draw


def shorten(text: str, size: int, width: int) -> str:
    """`text` cut with an ellipsis to fit `width` at `size` (names may be long)."""
    return gfx.ellipsize(text, size, width)


def seat_order(human: int) -> list[int]:
    """The seats as they sit at the table from the human's chair: left, the human, right."""
    return sorted(range(3), key=lambda seat: layout.by_side(seat, human, 1, 0, 2))


def name_lines(name: str, width: int) -> list[str]:
    """A seat's name in at most two lines of `width` (whole, unless a single word is wider)."""
    if gfx.text_width(name, NAME_SIZE) <= width:
        return [name]
    lines = gfx.wrap(name, NAME_SIZE, width)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return [shorten(line, NAME_SIZE, width) for line in lines]


def draw_names(surf, names: list[str], centres: list[int], top: int, width: int, box) -> int:
    """Each name centred at its x, from `top`; returns the bottom of the tallest."""
    lh = gfx.line_height(NAME_SIZE, False, 1)
    bottom = top
    for name, x in zip(names, centres):
        for i, line in enumerate(name_lines(name, width)):
            r = gfx.blit_text(surf, line, NAME_SIZE, (x, top + i * lh), gfx.CREAM, False, "midtop", box=box)
            bottom = max(bottom, r.bottom)
    return bottom


def tag_size() -> int:
    """The led tag's words here: a size under the table's."""
    return max(gfx.MIN_TEXT, layout.now().size("leads") - 1)


def tag_width() -> int:
    """The logical width of the led tag with its word alone."""
    return math.ceil(led_tag(None, tag_size()).get_width() / gfx.scale())


def places(deals: int = 18, discards: bool = False) -> dict:
    """The panel, the score sheet, the tricks' area and the row of the human's discards
    (an empty rect without them): side by side lying, the sheet above the tricks standing
    (no taller than its `deals` rows need: the tricks take the rest).  The discards lie
    under the tricks, on a low window under the sheet (the tricks need the whole height)."""
    lay = layout.now()
    panel = lay.sheet
    inner = panel.inflate(-24, -20)
    head = 34 if lay.wide else 28
    close_h = 22
    row_h = gfx.card_size(MIN_CARD_W)[1] + 8 if discards else 0
    if lay.tall:
        needs = 48 + SHEET_ROW * deals + 40  # its heading (names in two lines), a row per deal, the totals (scoresheet.draw_sheet)
        sheet_h = max(90, min(needs, 260, (inner.h - head - close_h) * 30 // 100))
        sheet = pygame.Rect(inner.left, inner.top + head, inner.w, sheet_h)
        tricks = pygame.Rect(inner.left, sheet.bottom + 8, inner.w, inner.bottom - close_h - sheet.bottom - 8 - row_h)
        below = pygame.Rect(inner.left, tricks.bottom, inner.w, row_h)
    else:
        sheet_w = min(440, inner.w * 40 // 100)
        low = not lay.wide
        sheet = pygame.Rect(inner.left, inner.top + head, sheet_w, inner.h - head - close_h - (120 if lay.wide else row_h))
        tricks = pygame.Rect(sheet.right + 20, inner.top + head - 8, inner.right - sheet.right - 20, inner.h - head - close_h + 8 - (0 if low else row_h))
        below = pygame.Rect(sheet.left, sheet.bottom, sheet.w, row_h) if low else pygame.Rect(tricks.left, tricks.bottom, tricks.w, row_h)
    return {"panel": panel, "sheet": sheet, "tricks": tricks, "discards": below}


class Grid:
    """How the tricks lie in the tricks' area, cards `card_w` wide, in blocks of `per_block`
    tricks: "down" a trick a row under the seats' names (the blocks side by side), or
    "across" a trick a column beside the seats' names (the blocks one under the other: a
    low window's short area)."""

    def __init__(self, area: pygame.Rect, count: int, names: list[str]):
        self.area = area
        self.names_w = max(gfx.text_width(word, NAME_SIZE) for name in names for word in name.split() or [""]) + 8
        self.names_h = 2 * gfx.line_height(NAME_SIZE, False, 1) + 4
        self.top = area.top + HEAD_H + 4
        self.way, self.card_w, self.blocks, self.per_block = self._choose(count)

    def col_w(self, card_w: int) -> int:
        """A trick's card column: the card and a led tag's overhang (the word alone at least)."""
        return max(card_w + 2 * TAG_OVER, tag_width()) + 6

    def _fit(self, way: str, card_w: int) -> tuple[int, int]:
        """(blocks, tricks a block) for cards `card_w` wide laid `way`."""
        ch = gfx.card_size(card_w)[1]
        room_w, room_h = self.area.w, self.area.bottom - self.top
        if way == "down":
            block_w = NUMBER_W + 3 * max(self.col_w(card_w), self.names_w) + 12
            return max(1, (room_w + 12) // block_w), max(0, (room_h - self.names_h) // (ch + ROW_GAP))
        block_h = self.across_h(card_w)
        return max(0, (room_h + BLOCK_GAP) // (block_h + BLOCK_GAP)), max(0, (room_w - self.names_w) // self.col_w(card_w))

    @staticmethod
    def across_h(card_w: int) -> int:
        """A block's height laid across: the tricks' numbers, then a row of cards per seat."""
        return NUMBER_H + 3 * (gfx.card_size(card_w)[1] + SEAT_GAP) - SEAT_GAP

    def _choose(self, count: int) -> tuple[str, int, int, int]:
        """The largest cards that show every trick on one page, else the smallest readable
        ones laid the way that shows the most tricks a page."""
        best = None
        for card_w in range(MAX_CARD_W, MIN_CARD_W - 1, -2):
            for way in ("down", "across"):
                blocks, per_block = self._fit(way, card_w)
                if blocks * per_block >= count:
                    return way, card_w, blocks, per_block
                if card_w == MIN_CARD_W and (best is None or blocks * per_block > best[2] * best[3]):
                    best = (way, card_w, blocks, per_block)
        return best if best[2] * best[3] else ("down", MIN_CARD_W, 1, 1)  # no room even for one: one a page

    @property
    def per_page(self) -> int:
        return self.blocks * self.per_block

    def block_rect(self, b: int) -> pygame.Rect:
        a = self.area
        if self.way == "down":
            w = (a.w + 12) // self.blocks - 12
            return pygame.Rect(a.left + b * (w + 12), self.top, w, a.bottom - self.top)
        h = self.across_h(self.card_w)
        return pygame.Rect(a.left, self.top + b * (h + BLOCK_GAP), a.w, h)

    def seat_place(self, b: int, column: int) -> tuple[int, int]:
        """Where the name of the seat in `column` (0..2) of block b goes: (x, y) of its
        middle top ("down"), of its left middle ("across")."""
        r = self.block_rect(b)
        if self.way == "down":
            col = (r.w - NUMBER_W) // 3
            return (r.left + NUMBER_W + column * col + col // 2, r.top)
        ch = gfx.card_size(self.card_w)[1]
        return (r.left, r.top + NUMBER_H + column * (ch + SEAT_GAP) + ch // 2)

    def number_pos(self, k: int) -> tuple[tuple[int, int], str]:
        """(position, anchor) of the k-th trick's number on the page."""
        if self.way == "down":
            return (self.block_rect(k // self.per_block).left + NUMBER_W - 4, self.card_rect(k, 0).centery), "midright"
        return (self.card_rect(k, 0).centerx, self.block_rect(k // self.per_block).top + NUMBER_H // 2), "center"

    def card_rect(self, k: int, column: int) -> pygame.Rect:
        """The card of the seat in `column` (0..2) of the k-th trick on the page."""
        cw, ch = gfx.card_size(self.card_w)
        b, j = divmod(k, self.per_block)
        r = pygame.Rect(0, 0, cw, ch)
        block = self.block_rect(b)
        if self.way == "down":
            r.midtop = (self.seat_place(b, column)[0], block.top + self.names_h + j * (ch + ROW_GAP))
        else:
            col = self.col_w(self.card_w)
            r.midtop = (block.left + self.names_w + j * col + col // 2, block.top + NUMBER_H + column * (ch + SEAT_GAP))
        return r


class LookBack(TableObject):
    layer = "top"
    paint_margin = 14  # the panel's shadow

    def __init__(self, table):
        super().__init__(table)
        self.visible = False
        self.page = 0
        self._buttons = [Button((0, 0, ARROW_W, HEAD_H), "", lambda: self.turn(-1), name="lookback_prev", icon=arrow(-1)),
                         Button((0, 0, ARROW_W, HEAD_H), "", lambda: self.turn(1), name="lookback_next", icon=arrow(1))]

    def toggle(self) -> None:
        self.visible = not self.visible
        self.page = 0

    def state_key(self):
        v = self.v
        return self.visible and (v.deal_number, len(v.tricks), v.discards, i18n.language(), self.page)

    def bounds(self):
        return layout.now().sheet

    # --- what is shown (tests read these) -------------------------------------------------
    def rows(self) -> list[tuple[int, int, tuple, int]]:
        """(number, leader, cards in play order, winner) for each finished trick of the deal."""
        return [(i + 1, tr.leader, tuple(tr.cards), tr.winner) for i, tr in enumerate(self.v.tricks)]

    def own_discards(self) -> tuple:
        """The human's discards, only when the human declared and has discarded."""
        v = self.v
        return tuple(v.discards) if v.discards and v.declarer == self.table.human else ()

    def shown_cards(self) -> set:
        cards = {c for _, _, cs, _ in self.rows() for c in cs}
        return cards | set(self.own_discards())

    # --- pages ------------------------------------------------------------------------
    def places(self) -> dict:
        return places(len(self.table.session.history()), bool(self.own_discards()))

    def grid(self) -> Grid:
        order = seat_order(self.table.human)
        return Grid(self.places()["tricks"], len(self.v.tricks), [self.table.seat_name(s) for s in order])

    def pages(self) -> int:
        return max(1, -(-len(self.v.tricks) // self.grid().per_page))

    def turn(self, step: int) -> None:
        self.page = max(0, min(self.pages() - 1, self.page + step))

    def arrows(self) -> list[tuple[str, pygame.Rect | None]]:
        """(name, rect) of the page arrows; None where there is no page that way."""
        if not self.visible or self.pages() <= 1:
            return [(b.name, None) for b in self._buttons]
        area = self.places()["tricks"]
        nxt = pygame.Rect(area.right - ARROW_W, area.top, ARROW_W, HEAD_H)
        prev = pygame.Rect(nxt.left - 8 - self._page_label_w() - 8 - ARROW_W, area.top, ARROW_W, HEAD_H)
        return [("lookback_prev", prev if self.page > 0 else None), ("lookback_next", nxt if self.page < self.pages() - 1 else None)]

    def _page_label(self) -> str:
        return f"{self.page + 1} / {self.pages()}"

    def _page_label_w(self) -> int:
        return gfx.text_width(f"{self.pages()} / {self.pages()}", 15, True)

    def turn_at(self, pos) -> bool:
        """A tap on a page arrow turns the page (True); any other tap is not for it."""
        for (_name, r), step in zip(self.arrows(), (-1, 1)):
            if r is not None and r.collidepoint(pos):
                self.turn(step)
                return True
        return False

    # --- drawing ---------------------------------------------------------------------
    def draw(self, surf) -> None:
        if not self.visible:
            return
        v, session, lay = self.v, self.table.session, layout.now()
        p = self.places()
        panel, sheet = p["panel"], p["sheet"]
        gfx.fill_overlay(surf, (0, 0, lay.w, lay.h), (0, 0, 0, 120))
        gfx.blit_panel(surf, panel, alpha=250)
        title = t("lookback.title", deal=v.deal_number + 1, total=v.deals_total)
        size = 24 if lay.wide else 17
        gfx.blit_text(surf, title, gfx.fit_size(title, size, panel.w - 40, True), (panel.centerx, panel.top + 10), gfx.GOLD, True, "midtop",
                      width=panel.w - 40, box=panel)
        draw_sheet(surf, session, sheet, highlight_last=False)
        if lay.wide:
            draw_owed(surf, session, (sheet.left, sheet.bottom + 16))
        self._draw_tricks(surf, p["tricks"])
        gfx.blit_text(surf, t(input_words("lookback.close")), 13, (panel.right - 12, panel.bottom - 6), gfx.MUTED, False, "bottomright",
                      width=panel.w - 24, box=panel)

    def _draw_heading(self, surf, area) -> None:
        """The tricks' heading, and the page arrows with "page / pages" at its right end."""
        paged = self.pages() > 1
        right = area.right - (2 * ARROW_W + self._page_label_w() + 24 if paged else 0)
        head = t("lookback.tricks")
        size = gfx.fit_size(head, 18 if layout.now().wide else 15, right - area.left, True)
        gfx.blit_text(surf, head, size, (area.left, area.top + HEAD_H // 2), gfx.GOLD, True, "midleft", width=right - area.left, box=area)
        if not paged:
            return
        for button, (_name, r) in zip(self._buttons, self.arrows()):
            if r is not None:
                button.rect = r
                button.draw(surf)
        nxt = pygame.Rect(area.right - ARROW_W, area.top, ARROW_W, HEAD_H)
        label_x = nxt.left - 8 - self._page_label_w() // 2
        gfx.blit_text(surf, self._page_label(), 15, (label_x, area.top + HEAD_H // 2), gfx.CREAM, True, "center", box=area)

    def _draw_tricks(self, surf, area) -> None:
        human, name = self.table.human, self.table.seat_name
        rows = self.rows()
        self.page = max(0, min(self.pages() - 1, self.page))
        self._draw_heading(surf, area)
        if not rows:
            gfx.blit_text(surf, t("lookback.no_tricks"), 14, (area.left, area.top + HEAD_H + 4), gfx.MUTED, width=area.w, box=area)
        order = seat_order(human)
        grid = self.grid()
        shown = rows[self.page * grid.per_page:(self.page + 1) * grid.per_page]
        names = [name(s) for s in order]
        for b in range(-(-len(shown) // grid.per_block)):
            places = [grid.seat_place(b, c) for c in range(3)]
            if grid.way == "down":
                draw_names(surf, names, [x for x, _y in places], places[0][1], max(grid.col_w(grid.card_w), grid.names_w) - 4, area)
            else:
                self._draw_row_names(surf, names, places, grid.names_w - 6, area)
        size = tag_size()
        for k, (number, leader, cards, winner) in enumerate(shown):
            pos, anchor = grid.number_pos(k)
            gfx.blit_text(surf, f"{number}.", 13, pos, gfx.CREAM, True, anchor)
            for i, c in enumerate(cards):
                seat = (leader + i) % 3
                gfx.draw_card(surf, c, grid.card_rect(k, order.index(seat)), highlight=art.GOLD if seat == winner else None, shadow=False)
            draw_led_tag(surf, cards[0], grid.card_rect(k, order.index(leader)), size)
        self._draw_discards(surf, self.places()["discards"])

    @staticmethod
    def _draw_row_names(surf, names, places, width, box) -> None:
        """The seats' names before their rows of cards (laid across), each in two lines at most."""
        lh = gfx.line_height(NAME_SIZE, False, 1)
        for name, (x, y) in zip(names, places):
            lines = name_lines(name, width)
            for i, line in enumerate(lines):
                gfx.blit_text(surf, line, NAME_SIZE, (x, y - len(lines) * lh // 2 + i * lh), gfx.CREAM, False, box=box)

    def _draw_discards(self, surf, row) -> None:
        discards = self.own_discards()
        if not discards:
            return
        cw, ch = gfx.card_size(MIN_CARD_W)
        y = row.bottom - ch - 4
        label = t("lookback.discards")
        width = row.w - 4 * (cw + 4) - 12
        lines = gfx.wrap(label, 13, width, True)[:2]
        lh = gfx.line_height(13, True, 1)
        for i, line in enumerate(lines):
            gfx.blit_text(surf, line, 13, (row.left, y + ch // 2 - len(lines) * lh // 2 + i * lh), gfx.CREAM, True, width=width)
        x = row.left + max(gfx.text_width(line, 13, True) for line in lines) + 12
        for i, c in enumerate(discards):
            gfx.draw_card(surf, c, pygame.Rect(x + i * (cw + 4), y, cw, ch), shadow=False)
