"""The online screens' frame: the menus' own (game/ui/menus/menu_page.py: the title at the top,
the content poured into one or two columns and pages, the buttons in a bar along the
bottom), with the pieces these screens share: a paragraph, a full-width button, a row (a
name's field, a choice), a QR code with its text.

Why rebuilt on change: what these screens show comes from the network (someone joins, a
code is ready, a link fails); `content_key()` says what the screen shows, and when it
changes the screen is built again with the focus, the page and a field being typed in
kept.
"""

from __future__ import annotations

import pygame

from ...i18n import t
from ..draw import gfx
from ..menus import menu_page
from ..menus.menu_page import Block, Paged
from ..menus.menu_rows import arrangement, label_size, row_height, value_height
from ..scene import Scene
from ..widgets import Button
from ..window import screen

PAD = 16  # the panel around a column's blocks
COL_GAP = 24 + 2 * PAD
TEXT = 16


class OnlineMenu(Paged, Scene):
    online = None  # the OnlineGame this screen shows (connection.py), or None

    def __init__(self, app):
        super().__init__(app)
        self._content = None
        self.build()

    # --- what a screen says ------------------------------------------------------------
    def title(self) -> str:
        return ""

    def make_widgets(self) -> None:
        """Create the content's widgets (kept as attributes for blocks())."""

    def blocks(self, width: int) -> list[Block]:
        return []

    def bar_buttons(self) -> list[Button]:
        return [Button((0, 0, 200, 52), lambda: t("common.back"), self.back, name="back")]

    def content_key(self):
        """What the screen shows besides its widgets' states (a change builds it again)."""
        return None

    # --- building and laying out --------------------------------------------------------
    def build(self) -> None:
        self.make_widgets()
        self.bar = self.bar_buttons()
        self.arrows = menu_page.arrow_buttons(self)
        self.widgets = [*self.content_widgets(), *self.bar, *self.arrows]
        self.layout()
        self._content = self.content_key()

    def content_widgets(self) -> list:
        return []

    def layout(self) -> None:
        least = menu_page.widest_word([b.text() for b in self.bar])
        n = len(self.bar)
        for kinds in (["wide"] * n, ["wide", "prev", "next", *(["wide"] * (n - 1))]):
            places = menu_page.bar(kinds, least)
            area = menu_page.content_rect(places["top"]).inflate(-2 * PAD, -2 * PAD)
            self.pages, self._columns, self._blocks = menu_page.pour(self.blocks, area, (1, 2), 300, menu_page.row_gap(),
                                                                     COL_GAP, one_max=620)
            if self.pages == 1:
                break
        menu_page.centre(self._blocks, area, self.pages)
        rects = places["rects"]
        if self.pages > 1:
            self.bar[0].rect = rects[0]
            for w, r in zip(self.arrows, rects[1:3]):
                w.rect = r
            for w, r in zip(self.bar[1:], rects[3:]):
                w.rect = r
        else:
            for w, r in zip(self.bar, rects):
                w.rect = r
        for w in self.arrows:
            w.visible = self.pages > 1
        self._label = places["label"]
        self.show_page(min(self.page, self.pages - 1))

    def rebuild(self) -> None:
        """Built again (language, shape, or what the screen shows changed): the page, the
        focus and a field being typed in are kept, by name."""
        page = self.page
        if self.keeping_focus(self.build) is None:
            self.show_page(min(page, self.pages - 1))

    def relayout(self) -> None:
        self.rebuild()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.content_key() != self._content:
            self.rebuild()

    def extra_key(self):
        return (self.page, self.pages, self._content)

    # --- drawing -----------------------------------------------------------------------
    def draw(self, surf) -> None:
        self.draw_background(surf)
        menu_page.draw_title(surf, self.title())
        shown = [b for b in self._blocks if b.page == self.page]
        menu_page.draw_blocks(surf, shown, self._columns, PAD)
        super().draw(surf)
        self.draw_page_label(surf, self._label)


# --- blocks --------------------------------------------------------------------------------
def text_block(text, colour=gfx.CREAM, size: int = TEXT, name: str = "", bold: bool = False, align: str = "left") -> Block:
    """A paragraph (`text` a str or a callable giving one)."""
    def words():
        return text() if callable(text) else text

    def height(width):
        return gfx.wrapped_height(words(), size, width, bold, 2)

    def draw(surf, r):
        gfx.blit_wrapped(surf, words(), size, r, colour, bold=bold, line_gap=2, align=align)

    return Block(height, draw=draw, name=name)


def head_block(text: str, name: str = "") -> Block:
    return text_block(text, gfx.MUTED, 18, name, bold=True)


def button_block(button: Button, new_column: bool = False) -> Block:
    def place(r):
        button.rect = pygame.Rect(r.left, r.top, r.w, r.h)

    return Block(lambda w: 52, place, widgets=[button], new_column=new_column, name=button.name)


def row_block(widget, labels, values, new_column: bool = False) -> Block:
    """A RowField or RowChoice: its label beside the value where it fits, else above."""
    def height(width):
        stacked, _ = arrangement(width, labels, values)
        return row_height(stacked)

    def place(r):
        stacked, label_w = arrangement(r.w, labels, values)
        widget.stacked, widget.label_w, widget.label_size = stacked, label_w, label_size(r.w)
        widget.rect = pygame.Rect(r.left, r.top, r.w, row_height(stacked))

    return Block(height, place, widgets=[widget], new_column=new_column, name=widget.name)


def buttons_block(buttons: list, name: str = "") -> Block:
    """Buttons side by side in one row (two or three short ones)."""
    def place(r):
        n = len(buttons)
        w = (r.w - (n - 1) * 8) // n
        for i, b in enumerate(buttons):
            b.rect = pygame.Rect(r.left + i * (w + 8), r.top, w, value_height())

    return Block(lambda w: value_height(), place, widgets=list(buttons), name=name)


_broken: dict[tuple, list[str]] = {}


def char_lines(text: str, size: int, width: int) -> list[str]:
    """A link or a code (one long word) cut into lines of as many characters as fit."""
    key = (text, size, width)
    if key not in _broken:
        lines, line = [], ""
        for ch in text:
            if line and gfx.text_width(line + ch, size) > width:
                lines.append(line)
                line = ""
            line += ch
        if len(_broken) > 64:
            _broken.clear()
        _broken[key] = lines + ([line] if line else [])
    return _broken[key]


def code_text_block(text_of, name: str = "code", lines: int = 4) -> Block:
    """A link or a code on a light box, cut anywhere (it is one long word, and a space put
    into it would be copied by hand too); its end shortened with an ellipsis past `lines`."""
    size = 14
    lh = gfx.line_height(size, False, 2)

    def height(width):
        return max(1, min(lines, len(char_lines(text_of() or "…", size, width - 24)))) * lh + 14

    def draw(surf, r):
        gfx.rect(surf, (250, 246, 232), r, border_radius=8)
        inner = r.inflate(-24, -14)
        cut = char_lines(text_of() or "…", size, inner.w)
        shown = max(1, inner.h // lh)
        if len(cut) > shown:
            cut = cut[:shown - 1] + [gfx.ellipsize("".join(cut[shown - 1:]), size, inner.w)]
        for i, line in enumerate(cut):
            gfx.blit_text(surf, line, size, (inner.left, inner.top + i * lh), gfx.INK, light_bg=True, width=inner.w, box=r)

    return Block(height, draw=draw, name=name)


def qr_block(text_of, name: str = "qr", largest: int = 260) -> Block:
    """The QR code of `text_of()` (nothing while it is not ready), square, centred."""
    from . import qr

    def height(width):
        return min(width, largest, max(120, screen.safe().h // 3))

    def draw(surf, r):
        side = min(r.w, r.h)
        box = pygame.Rect(0, 0, side, side)
        box.midtop = r.midtop
        qr.draw(surf, text_of() or "", box)

    return Block(height, draw=draw, name=name)
