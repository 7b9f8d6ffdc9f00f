"""Statistics across games (game/storage/stats.py): games played and won per preset and opponent
strength, points per deal as declarer and as defender by contract (every finished deal,
of the game in progress too, which is named), the best and worst game, hints and undos
used; and a reset that asks first.

Why it reloads on entering: the game-over scene records a game into storage, and another
window may have too; the stored statistics are the truth.
"""

from __future__ import annotations

import pygame

from ...i18n import t
from ..draw import gfx
from ..games import stats_keeper
from ..menus import menu_page
from ..menus.menu_page import Block, Paged
from ..menus.stats_tables import MIN_COLUMN, StatsTables
from ..registry import register
from ..scene import Scene
from ..widgets import Button


@register("stats")
class StatsScene(StatsTables, Paged, Scene):
    name = "stats"

    def __init__(self, app):
        super().__init__(app)
        self.stats = stats_keeper.load(app)
        self.confirming = False
        self.build()

    def enter(self):
        self.stats = stats_keeper.load_with_game(self.app)  # the game in progress counted as it stands
        self.build()

    def rebuild(self):
        page = self.page
        self.build()
        self.show_page(page)

    def build(self):
        if self.confirming:
            self.widgets = [
                Button((0, 0, 280, 52), lambda: t("stats.reset_yes"), self.do_reset, name="reset_yes"),
                Button((0, 0, 280, 52), lambda: t("stats.reset_no"), self.cancel, name="reset_no", primary=True),
            ]
        else:
            self.widgets = [
                Button((0, 0, 280, 52), lambda: t("common.back"), self.back, name="back", primary=True),
                *menu_page.arrow_buttons(self),
                Button((0, 0, 280, 52), lambda: t("stats.reset"), self.ask_reset, name="reset"),
            ]
            self.widgets[-1].enabled = not self.stats.empty()
        self.focus = None
        self.layout()

    def extra_key(self):
        return (self.confirming, self.stats.to_json(), self.page, self.pages)

    def ask_reset(self):
        self.confirming = True
        self.build()

    def cancel(self):
        self.confirming = False
        self.build()

    def do_reset(self):
        self.stats = stats_keeper.reset(self.app)
        self.confirming = False
        self.page = 0
        self.build()

    def back(self):
        if self.confirming:
            self.cancel()
        else:
            self.app.pop()

    # --- places ------------------------------------------------------------------------
    def layout(self):
        """The bar; the three tables in one or two columns and as many pages as they need."""
        if self.confirming:
            places = menu_page.bar(["wide", "wide"])
            for w, r in zip(self.widgets, places["rects"]):
                w.rect = r
            self.pages, self._blocks, self._label = 1, [], None
            self.area = menu_page.content_rect(places["top"])
            self.show_page(0)
            return
        least = menu_page.widest_word([t("common.back"), t("stats.reset")])
        for kinds in (["wide", "wide"], ["wide", "prev", "next", "wide"]):
            places = menu_page.bar(kinds, least)
            self.area = menu_page.content_rect(places["top"])
            cols = menu_page.columns_for(self.area, MIN_COLUMN)
            shares = [0.44, 0.56] if cols == 2 else None  # the deals' table has more columns
            widths = [int((self.area.w - 24) * f) for f in shares] if shares else [self.area.w]
            self._blocks = [*self.games_blocks(widths[0], self.area.h),
                            Block(self.foot_height, draw=self.draw_foot, name="foot"),
                            *self.deals_blocks(widths[-1], self.area.h, new_column=cols == 2)]
            self.pages, self._columns = menu_page.flow(self._blocks, self.area, cols, 10, 24, shares)
            if self.pages == 1:
                break
        back, prev, nxt, reset = self.widgets
        if self.pages == 1:
            back.rect, reset.rect = places["rects"]
        else:
            back.rect, prev.rect, nxt.rect, reset.rect = places["rects"]
        prev.visible = nxt.visible = self.pages > 1
        self._label = places["label"]
        menu_page.centre(self._blocks, self.area, self.pages)
        self.show_page(self.page)

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surf):
        self.draw_background(surf)
        menu_page.draw_title(surf, t("stats.title"))
        if self.confirming:  # the question alone, above its answers
            r = pygame.Rect(0, 0, min(640, self.area.w), min(self.area.h, 140))
            r.center = self.area.center
            gfx.flat_panel(surf, r, color=(70, 24, 28), edge=gfx.BRIGHT_RED)
            inner = r.inflate(-40, -24)
            text_h = gfx.wrapped_height(t("stats.reset_ask"), 20, inner.w, True)
            gfx.blit_wrapped(surf, t("stats.reset_ask"), 20, pygame.Rect(inner.left, inner.centery - text_h // 2, inner.w, text_h), gfx.CREAM, True,
                             align="center", max_lines=max(1, inner.h // gfx.line_height(20, True)))
        for b in self._blocks:
            if b.page == self.page:
                gfx.flat_panel(surf, b.rect)
                b.draw(surf)
        super().draw(surf)
        self.draw_page_label(surf, self._label)
