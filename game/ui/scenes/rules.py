"""The rules screen: the game's rules in the player's language, in tabs (basics, presets,
decisions, details).  The text keeps a readable size on every window and is cut into pages
where it does not fit: the arrows in the bar, Page Up / Page Down, left / right, the wheel or
a swipe turn them (game/ui/menus/menu_page.py).  The tabs sit above the text, or beside it on a
low window (a phone lying)."""

from __future__ import annotations

import pygame

from ...i18n import t
from ..draw import gfx
from ..menus import menu_page
from ..menus.menu_layout import grid
from ..menus.menu_page import Paged
from ..registry import register
from ..scene import Scene
from ..widgets import Button
from ..window import screen

PARA_GAP = 8  # between two paragraphs
BULLET = 20  # a bullet's indent
PAD = 18  # the text's panel around it


def paginate(lines: list, lh: int, height: int) -> list[list]:
    """Lines (paragraph, offset, text, ...) in pages `height` tall: a paragraph is never cut
    between two pages unless it is taller than a page (then it fills pages line by line),
    and a heading (a paragraph ending with ":") goes with the paragraph it heads."""
    paras: list[list] = []
    for line in lines:
        if line[1] == 0 or not paras:
            paras.append([])
        paras[-1].append(line)

    def height_of(page_lines) -> int:
        return sum(lh + (PARA_GAP if i and line[1] == 0 else 0) for i, line in enumerate(page_lines))

    pages: list[list] = [[]]
    for para in paras:
        page = pages[-1]
        if page and height_of(page + para) > height:  # not in the room left: a new page
            heading = page[-1] if page[-1][1] == 0 and page[-1][2].endswith(":") and len(page) > 1 else None
            carried = [heading] if heading is not None and height_of([heading] + para) <= height else []
            if carried:
                page.pop()
            pages.append(carried)
        for line in para:  # a paragraph taller than a page: filled line by line
            if pages[-1] and height_of(pages[-1] + [line]) > height:
                pages.append([])
            pages[-1].append(line)
    return pages


@register("rules")
class RulesScene(Paged, Scene):
    name = "rules"
    TABS = ("basics", "presets", "decisions", "details")

    def __init__(self, app):
        super().__init__(app)
        self.tab = "basics"
        self.build()

    def rebuild(self):
        mark = self.mark()
        self.build()
        self.show_mark(mark)

    def build(self):
        self.widgets = [Button((0, 0, 200, 48), (lambda tab=tab: t(f"rules.tab.{tab}")), (lambda tab=tab: self._set(tab)), name=f"tab_{tab}", size=20)
                        for tab in self.TABS]
        self.widgets += [Button((0, 0, 260, 52), lambda: t("common.back"), self.back, name="back", primary=True), *menu_page.arrow_buttons(self)]
        self.layout()

    def extra_key(self):
        return (self.tab, self.page, self.pages)

    def _set(self, tab):
        if tab != self.tab:
            self.tab = tab
            self.page = 0
            self.layout()

    # --- places ------------------------------------------------------------------------
    def low(self) -> bool:
        """A low window (a phone lying): the tabs in a column beside the text."""
        shape = screen.current()
        return not shape.portrait and shape.h < 560

    def layout(self):
        tabs = self.widgets[:len(self.TABS)]
        back, *arrows = self.widgets[len(self.TABS):]
        places = menu_page.bar(["wide", "prev", "next"])
        area = menu_page.content_rect(places["top"])
        if area.w > 1000:  # lines a reader's eye can follow
            area = pygame.Rect(area.centerx - 500, area.top, 1000, area.h)
        need = max(gfx.text_width(t(f"rules.tab.{tab}"), 18, True) for tab in self.TABS) + 28
        if self.low():
            column = pygame.Rect(area.left, area.top, max(130, min(240, need, area.w // 3)), area.h)
            rects = grid(column, len(tabs), 48, 8, column.w, cols=1)
            rects = [r.move(0, column.top - rects[0].top) for r in rects]
            self.box = pygame.Rect(column.right + 16, area.top, area.right - column.right - 16, area.h)
        else:
            cols = 4 if (area.w - 30) // 4 >= min(need, 240) else 2
            rows = len(tabs) // cols
            h = 48 if area.h >= 500 else 44
            strip = pygame.Rect(area.left, area.top, area.w, rows * h + (rows - 1) * 8)
            rects = grid(strip, len(tabs), h, 8, 260, cols=cols)
            self.box = pygame.Rect(area.left, strip.bottom + 12, area.w, area.bottom - strip.bottom - 12)
        for w, r in zip(tabs, rects):
            w.rect = r
            w.size = 20 if r.w >= 200 else 17
        self.paginate()
        if self.pages == 1:  # no arrows: the same bar's top, Back in the middle
            places = {**menu_page.bar(["wide"]), "label": None}
            places["rects"] += [pygame.Rect(0, 0, 0, 0)] * 2
        back.rect, arrows[0].rect, arrows[1].rect = places["rects"]
        self._label = places["label"]
        for w in arrows:
            w.visible = self.pages > 1
        self.show_page(self.page)

    # --- the text in pages -------------------------------------------------------------------
    def text_size(self) -> int:
        return screen.current().lerp(16, 19)

    def paginate(self) -> None:
        """The tab's paragraphs wrapped to the box and cut into pages of whole lines: each
        line is (paragraph, character offset, text, bullet?, indent)."""
        inner = self.box.inflate(-2 * PAD, -2 * PAD + 4)
        size = self.text_size()
        lh = gfx.line_height(size)
        lines = []
        for p, para in enumerate(t(f"rules.{self.tab}").split("\n")):
            bullet = self.tab != "presets" and not para.endswith(":")
            indent = BULLET if bullet else 0
            offset = 0
            for i, line in enumerate(gfx.wrap(para, size, inner.w - indent)):
                lines.append((p, offset, line, bullet and i == 0, indent))
                offset += len(line) + 1
        pages = paginate(lines, lh, inner.h)
        self.text_pages, self.pages, self.line_h, self.size, self.inner = pages, len(pages), lh, size, inner

    def mark(self):
        """Where the page shown starts in the text (kept when the window changes)."""
        pages = getattr(self, "text_pages", None)
        if not pages or self.page >= len(pages) or not pages[self.page]:
            return (0, 0)
        return pages[self.page][0][:2]

    def show_mark(self, mark) -> None:
        page = 0
        for i, lines in enumerate(self.text_pages):
            if lines and lines[0][:2] <= mark:
                page = i
        self.show_page(page)

    def relayout(self):
        mark = self.mark()
        super().relayout()
        self.show_mark(mark)

    # --- keys ---------------------------------------------------------------------------------
    def key(self, inp):
        if inp.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.pages > 1:  # a reader's keys: the page
            self.turn(-1 if inp.key == pygame.K_LEFT else 1)
            return
        super().key(inp)

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surf):
        self.draw_background(surf)
        menu_page.draw_title(surf, t("rules.title"))
        for w in self.widgets:
            if w.name.startswith("tab_"):
                w.selected = w.name == f"tab_{self.tab}"
        gfx.blit_panel(surf, self.box)
        inner, lh, size = self.inner, self.line_h, self.size
        y = inner.top
        for i, (_p, offset, line, bullet, indent) in enumerate(self.text_pages[self.page] if self.text_pages else []):
            if i and offset == 0:
                y += PARA_GAP
            if bullet:
                gfx.circle(surf, gfx.GOLD, (inner.left + 6, y + lh // 2), 4)
            gfx.blit_text(surf, line, size, (inner.left + indent, y), gfx.CREAM, width=inner.w - indent, box=self.box)
            y += lh
        super().draw(surf)
        self.draw_page_label(surf, self._label)
