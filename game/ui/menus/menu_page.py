"""The frame the menus share on any window shape (game/ui/window/screen.py): the title at the top,
the content between, the buttons in one bar along the bottom (the score screens' pattern,
within a thumb's reach on a phone), and pages when the content does not fit the window:
arrows in the bar, Page Up / Page Down, Home / End, the wheel or a swipe turn them, and the
keyboard's focus turns to the page of the widget it reaches.

A page's content is a list of `Block`s (a heading and its rows, a paragraph, a table) that
`flow` pours into one or two columns and as many pages as they need, so no scene shrinks
its text below the floor to fit a small window."""

from __future__ import annotations

import time

import pygame

from ..draw import gfx
from ..widgets import Button
from ..window import screen

TITLE_TOP = 14  # the title's top under the safe area's, as on the score screens
BAR_H, BAR_GAP, BAR_MARGIN = 52, 10, 12  # the bottom bar (menu_layout.bottom_bar's numbers)
ARROW_W = 48  # a page arrow: a button a finger hits
PAGE_LABEL_W = 40  # "2 / 3" between the arrows
WIDE_MIN = 80  # a labelled button narrower than this: the arrows get a row of their own
SWIPE = 48  # logical px a finger must travel to turn a page
WHEEL_PAUSE = 0.3  # s: one turn per movement of the wheel (a notch arrives as two events)


def phone() -> bool:
    """A phone's window (either way up): small enough that its keyboard covers half of it."""
    shape = screen.current()
    return min(shape.w, shape.h) < 500


def title_size() -> int:
    s = screen.safe()
    return 38 if s.w >= 900 and s.h >= 560 else 24


def title_bottom() -> int:
    return screen.safe().top + TITLE_TOP + gfx.line_height(title_size(), True, 0)


def draw_title(surf, text: str) -> None:
    s = screen.safe()
    gfx.blit_text(surf, text, title_size(), (s.centerx, s.top + TITLE_TOP), gfx.GOLD, True, "midtop", shadow=True, width=s.w - 24)


def draw_blocks(surf, blocks, columns, pad: int) -> None:
    """A page's blocks, each column's on a panel of its own (`pad` around them)."""
    for col in columns:
        inside = [b.rect for b in blocks if col.left <= b.rect.left < col.right]
        if inside:
            top, bottom = min(r.top for r in inside), max(r.bottom for r in inside)
            gfx.blit_panel(surf, pygame.Rect(col.left - pad, top - pad, col.w + 2 * pad, bottom - top + 2 * pad))
    for b in blocks:
        b.draw(surf)


def side_margin() -> int:
    """The content's margin left and right (menu_layout.two_panels' margin)."""
    return 40 if screen.safe().w >= 1000 else 10


def widest_word(labels, size: int = 14) -> int:
    """A labelled button's least width: its longest word on a line of its own (a label
    wraps onto two lines but never cuts a word)."""
    return max((gfx.text_width(w, size, True) for label in labels for w in label.split()), default=0) + 24


def bar(kinds: list[str], min_wide: int = WIDE_MIN) -> dict:
    """Places in the bottom bar for buttons of these kinds, left to right: "wide" (a labelled
    button), "prev" and "next" (the page arrows, with the page's number between them).
    Returns {"rects": [...], "label": rect of the page number or None, "top": the bar's top}.
    When the labelled buttons would be narrower than `min_wide`, the arrows take a row above
    them."""
    s = screen.safe()
    room = pygame.Rect(s.left + BAR_MARGIN, 0, s.w - 2 * BAR_MARGIN, BAR_H)
    arrows = [k for k in kinds if k in ("prev", "next")]
    wide = [k for k in kinds if k == "wide"]
    gaps = (len(kinds) - 1) * BAR_GAP + (PAGE_LABEL_W if arrows else 0) - (BAR_GAP if arrows else 0)
    wide_w = (room.w - len(arrows) * ARROW_W - gaps) // max(1, len(wide))
    rows = [kinds]
    if arrows and wide and wide_w < max(WIDE_MIN, min_wide):
        rows = [arrows, wide]
    rects: dict[int, pygame.Rect] = {}
    label = None
    bottom = s.bottom - BAR_MARGIN
    for row in reversed(rows):
        top = bottom - BAR_H
        n_wide = row.count("wide")
        has_arrows = any(k in ("prev", "next") for k in row)
        gaps = (len(row) - 1) * BAR_GAP + ((PAGE_LABEL_W - BAR_GAP) if has_arrows else 0)
        fixed = sum(ARROW_W for k in row if k != "wide")
        w = min(280, (room.w - fixed - gaps) // max(1, n_wide)) if n_wide else 0
        total = fixed + n_wide * w + gaps
        x = room.centerx - total // 2
        for k in row:
            i = next(j for j, kk in enumerate(kinds) if kk == k and j not in rects)
            width = w if k == "wide" else ARROW_W
            rects[i] = pygame.Rect(x, top, width, BAR_H)
            x += width
            if k == "prev":
                label = pygame.Rect(x, top, PAGE_LABEL_W, BAR_H)
                x += PAGE_LABEL_W
            else:
                x += BAR_GAP
        bottom = top - BAR_GAP
    return {"rects": [rects[i] for i in range(len(kinds))], "label": label, "top": bottom + BAR_GAP}


def content_rect(bar_top: int) -> pygame.Rect:
    """Between the title and the bar, inside the side margins."""
    s = screen.safe()
    m = side_margin()
    top = title_bottom() + 10
    return pygame.Rect(s.left + m, top, s.w - 2 * m, max(1, bar_top - 14 - top))


def row_gap() -> int:
    """Between two rows of a page: more air on a window near the reference design's size."""
    return 14 if screen.current().compact >= 0.75 else 10


def centre(blocks: list, area: pygame.Rect, pages: int) -> None:
    """One page with room to spare: its blocks moved down to the middle of `area`."""
    if pages != 1 or not blocks:
        return
    spare = area.bottom - max(b.rect.bottom for b in blocks)
    if spare > 40:
        for b in blocks:
            b.place(b.rect.move(0, spare // 2))


def columns_for(area: pygame.Rect, min_width: int = 340, gap: int = 24) -> int:
    """Two columns where each is at least `min_width` wide, else one."""
    return 2 if area.w >= 2 * min_width + gap else 1


# --- blocks poured into columns and pages ----------------------------------------------------
class Block:
    """A piece of a page: `height(width)` logical px; `place(rect)` puts its widgets;
    `draw(surf, rect)` draws its text.  `new_column`: a section that starts a column (or a
    page) of its own when the current one has something in it."""

    def __init__(self, height, place=None, draw=None, widgets=(), new_column=False, name="", optional=False):
        self.height, self._place, self._draw = height, place, draw
        self.widgets = list(widgets)
        self.new_column = new_column
        self.optional = optional  # left out rather than given a column or page of its own
        self.name = name
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.page = 0

    def place(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        if self._place:
            self._place(self.rect)
        for w in self.widgets:
            w.page = self.page

    def draw(self, surf) -> None:
        if self._draw:
            self._draw(surf, self.rect)


def flow(blocks: list[Block], area: pygame.Rect, columns: int, gap: int = 10, col_gap: int = 24, shares=None) -> tuple[int, list[pygame.Rect]]:
    """Pour the blocks top to bottom into `columns` columns of `area` (equal, or by
    `shares` of the width), a new page when the columns are full; places each block and
    returns (pages, the columns' rects on a page)."""
    room = area.w - (columns - 1) * col_gap
    shares = shares if shares and len(shares) == columns else [1 / columns] * columns
    cols, x = [], area.left
    for c, share in enumerate(shares):
        w = int(room * share) if c < columns - 1 else area.right - x
        cols.append(pygame.Rect(x, area.top, w, area.h))
        x += w + col_gap
    page, col, y = 0, 0, area.top
    for b in blocks:
        h = min(area.h, b.height(cols[col].w))
        if y > area.top and (b.new_column or y + h > area.bottom):
            if b.optional:
                b.page = -1
                continue
            col, y = col + 1, area.top
            if col >= columns:
                page, col = page + 1, 0
            h = min(area.h, b.height(cols[col].w))
        b.page = page
        b.place(pygame.Rect(cols[col].left, y, cols[col].w, h))
        y += h + gap
    return page + 1, cols


def pour(make_blocks, area: pygame.Rect, columns=(1, 2), min_width: int = 250, gap: int = 10, col_gap: int = 24, one_max: int = 0) -> tuple:
    """The blocks `make_blocks(column width)` makes, poured into whichever number of
    `columns` (each at least `min_width` wide; one column at most `one_max` wide, centred)
    takes the fewest pages (the fewer columns on a tie).  Returns (pages, columns' rects,
    blocks)."""
    def region(n):
        if n > 1 or not one_max or area.w <= one_max:
            return area
        return pygame.Rect(area.centerx - one_max // 2, area.top, one_max, area.h)

    best, last = None, None
    for n in columns:
        col_w = (region(n).w - (n - 1) * col_gap) // n
        if n > 1 and col_w < min_width:
            continue
        blocks = make_blocks(col_w)
        pages, cols = flow(blocks, region(n), n, gap, col_gap)
        last = n
        if best is None or pages < best[0]:
            best = (pages, cols, blocks, n)
        if pages == 1:
            break
    if best[3] != last:  # the widgets are where the last try put them: pour the best again
        n = best[3]
        blocks = make_blocks((region(n).w - (n - 1) * col_gap) // n)
        best = (*flow(blocks, region(n), n, gap, col_gap), blocks, n)
    return best[:3]


# --- the page arrows -------------------------------------------------------------------------
def _arrow(direction: int):
    def draw(surf, r, fg):
        w = 10
        cx, cy = r.centerx, r.centery
        pts = [(cx + direction * w, cy), (cx - direction * w // 1.2, cy - w), (cx - direction * w // 1.2, cy + w)]
        pygame.draw.polygon(surf, fg, [gfx.dev_pos(p) for p in pts])
    return draw


def arrow_buttons(scene) -> list[Button]:
    return [Button((0, 0, ARROW_W, BAR_H), "", lambda: scene.turn(-1), name="page_prev", icon=_arrow(-1)),
            Button((0, 0, ARROW_W, BAR_H), "", lambda: scene.turn(1), name="page_next", icon=_arrow(1))]


class Paged:
    """Mixed into a Scene before Scene: pages of widgets (a widget's `page`, None for the
    bar's) and the keys, wheel and swipes that turn them."""

    page = 0
    pages = 1
    _press = None
    _wheel_at = -1.0

    def show_page(self, page: int) -> None:
        self.page = max(0, min(self.pages - 1, page))
        for w in self.widgets:
            p = getattr(w, "page", None)
            if p is not None:
                w.visible = p == self.page
        for w in self.widgets:
            if w.name == "page_prev":
                w.enabled = self.page > 0
            elif w.name == "page_next":
                w.enabled = self.page < self.pages - 1
        self.page_shown()

    def page_shown(self) -> None:
        """The page changed (a scene lays out what depends on it)."""

    def turn(self, step: int) -> bool:
        before = self.page
        self.show_page(self.page + step)
        if self.page == before:
            return False
        w = self.widgets[self.focus] if self.focus is not None and self.focus < len(self.widgets) else None
        if w is not None and getattr(w, "page", None) is not None:  # the focus was on the page left
            first = next((x for x in self.widgets if getattr(x, "page", None) == self.page and x.enabled and x.focusable), None)
            if first is not None and w.focused:
                self.set_focus(first)
            else:
                w.focused, self.focus = False, None
        return True

    # the focus goes to widgets on every page, and turns to the page of the one it reaches
    def focusables(self) -> list:
        return [w for w in self.widgets if w.enabled and w.focusable and (w.visible or getattr(w, "page", None) is not None)]

    def move_focus(self, step: int) -> None:
        super().move_focus(step)
        w = self.widgets[self.focus] if self.focus is not None and self.focus < len(self.widgets) else None
        if w is not None and getattr(w, "page", None) not in (None, self.page):
            self.show_page(w.page)

    def set_focus(self, widget) -> None:
        super().set_focus(widget)
        if widget is not None and getattr(widget, "page", None) not in (None, self.page):
            self.show_page(widget.page)

    def page_key(self, inp) -> bool:
        k = inp.key
        if k == pygame.K_PAGEDOWN:
            return self.turn(1) or True
        if k == pygame.K_PAGEUP:
            return self.turn(-1) or True
        if k == pygame.K_HOME and not self.editing_field():
            return self.turn(-self.pages) or True
        if k == pygame.K_END and not self.editing_field():
            return self.turn(self.pages) or True
        return False

    def editing_field(self):
        from ..widgets import TextField

        return next((w for w in self.widgets if isinstance(w, TextField) and w.editing), None)

    def key(self, inp) -> None:
        if self.pages > 1 and self.page_key(inp):
            return
        super().key(inp)

    def handle(self, inp) -> None:
        if inp.kind == "wheel":
            now = time.monotonic()
            if self.pages > 1 and inp.key and now - self._wheel_at > WHEEL_PAUSE:
                self._wheel_at = now
                self.turn(-1 if inp.key > 0 else 1)
            return
        if inp.kind == "click":
            on_widget = any(w.hit(inp.pos) for w in self.widgets)
            self._press = None if on_widget else inp.pos
        elif inp.kind == "release":
            start, self._press = self._press, None
            if start is not None and inp.pos is not None and self.pages > 1:
                dx, dy = inp.pos[0] - start[0], inp.pos[1] - start[1]
                if max(abs(dx), abs(dy)) >= SWIPE:  # a swipe up or left: the next page
                    self.turn(1 if (dy if abs(dy) >= abs(dx) else dx) < 0 else -1)
            return
        super().handle(inp)

    def draw_page_label(self, surf, rect) -> None:
        if rect is not None and self.pages > 1:
            text = f"{self.page + 1} / {self.pages}"
            gfx.blit_text(surf, text, gfx.fit_size(text, 16, rect.w - 4, True), rect.center, gfx.CREAM, True, "center", box=rect)
