"""Deal result with the running score sheet, and the game-over screen."""

from __future__ import annotations

import pygame

from ...i18n import t
from ...i18n.format import contract_name
from ..draw import gfx
from ..draw.backdrop import blit_backdrop
from ..games import stats_keeper
from ..games.record_actions import game_over_buttons, keep_finished
from ..graph import draw_score_graph, score_series
from ..menus.menu_layout import bar_top, bottom_bar, two_panels
from ..registry import register
from ..scene import Scene
from ..scoresheet import draw_owed, draw_result, draw_sheet
from ..widgets import Button
from ..window import screen

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
READ_SECONDS = 1.5  # the game-over screen takes Enter as Play again only after this


def title_size() -> int:
    return 38 if screen.safe().w >= 900 and screen.safe().h >= 560 else 24


def panels(buttons: int) -> tuple[pygame.Rect, pygame.Rect]:
    """The deal (or result) panel and the sheet (or graph) panel above the buttons' bar."""
    s = screen.safe()
    top = s.top + 14 + gfx.line_height(title_size(), True, 0) + 10
    return two_panels(top, bar_top(buttons) - 14, 0.42 if not screen.portrait() else 0.47)


def place(widgets) -> None:
    """The buttons along the bottom, in their order."""
    for w, r in zip(widgets, bottom_bar(len(widgets))):
        w.rect = r


@register("score")
class ScoreScene(Scene):
    name = "score"

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        stats_keeper.record_deals(app, session)  # every finished deal counts, the game over or not
        self.build()

    def rebuild(self):
        self.build()

    def build(self):
        self.widgets = [Button((0, 0, 280, 52), lambda: t("analysis.button"), self.analyse, name="analysis"),
                        Button((0, 0, 280, 52), lambda: t("score.next"), self.back, name="next", primary=True)]
        place(self.widgets)

    def analyse(self):
        """The deal just finished, analysed (back here with Esc or Back)."""
        rows = self.session.history()
        if rows:
            self.app.push_scene("analysis", self.session, [rows[-1]["number"]])

    def extra_key(self):
        return len(self.session.history())

    def back(self):
        self.app.pop()

    def key(self, inp):
        if inp.key == pygame.K_ESCAPE:  # never the next deal: Esc means "away", the menu over the game
            self.open_menu()
        else:
            super().key(inp)

    def open_menu(self):
        """The pause menu (resume, rules, settings, leave) over this screen; Resume comes back here."""
        table = next((s.table for s in reversed(self.app.scenes[:-1]) if getattr(s, "table", None) is not None), None)
        if table is not None:
            self.app.push_scene("pause", table)

    @staticmethod
    def prepare(app, surf, keep: bool = True) -> None:
        """Make the sheet's panels and headings before a game (their first drawing is slow
        in the browser); the rows are drawn when there are some.  Nothing is kept."""
        sheet_panels = panels(2)
        blit_backdrop(surf, sheet_panels)
        gfx.blit_text(surf, t("score.sheet"), 20, (sheet_panels[1].left + 20, sheet_panels[1].top + 14), gfx.GOLD, True)
        Button(bottom_bar(2)[1], lambda: t("score.next"), None, primary=True).draw(surf)

    def draw(self, surf):
        self.blit_page(surf, len(self.session.history()), self.draw_page)
        super().draw(surf)

    def draw_page(self, surf):
        left, right = panels(len(self.widgets))
        blit_backdrop(surf, (left, right))  # the felt and both panels: one blit
        s = screen.safe()
        rows = self.session.history()
        row = rows[-1] if rows else None
        title = t("learn.practice_result") if getattr(self.session, "practice", False) else t("score.title", deal=(row["number"] + 1) if row else 0)
        gfx.blit_text(surf, title, gfx.fit_size(title, title_size(), s.w - 24, True), (s.centerx, s.top + 14), gfx.GOLD, True, "midtop", shadow=True,
                      width=s.w - 24)
        small = left.w < 480 or left.h < 330
        if row:
            c = row["contract"]
            pad = 12 if small else 24
            x = left.left + pad
            if c is not None:
                icon = gfx.contract_icon(c, 26 if small else 34)
                gfx.blit(surf, icon, (left.left + pad, left.top + pad - 4))
                x += gfx.logical(icon.get_width()) + 10
            name = contract_name(c) if c is not None else t("deal_end.no_contract")  # ended before anyone declared
            gfx.blit_text(surf, name, gfx.fit_size(name, 17 if small else 22, left.right - pad - x, True), (x, left.top + pad), gfx.CREAM, True,
                          width=left.right - pad - x)
            y = left.top + pad + (30 if small else 42)
            who = t("table.declarer", name=self.session.names[row["declarer"]])
            gfx.blit_text(surf, who, gfx.fit_size(who, 14 if small else 17, left.w - 2 * pad), (left.left + pad, y), gfx.MUTED, width=left.w - 2 * pad)
            y = draw_result(surf, self.session, row, pygame.Rect(left.left + pad, y + (24 if small else 38), left.w - 2 * pad, 160))
            if left.bottom - y > 150:
                draw_owed(surf, self.session, (left.left + pad, y + 16), left.w - 2 * pad)
        gfx.blit_text(surf, t("score.sheet"), 17 if small else 20, (right.left + 14, right.top + 10), gfx.GOLD, True)
        draw_sheet(surf, self.session, pygame.Rect(right.left + 10, right.top + 40, right.w - 20, right.h - 48))


@register("game_over")
class GameOverScene(Scene):
    name = "game_over"

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.show_graph = True  # the right panel: the score graph, or the score sheet
        self.enter_released = False  # Enter seen up since the screen came (takes_enter)
        self.recorded = stats_keeper.record_game(app, session)  # counted once per game
        keep_finished(app, session)  # and kept for Replays
        self.build()
        app.sound("win" if session.match.winner() in session.human_seats else "lose")  # any person

    def rebuild(self):
        self.build()

    def build(self):
        # one bar of buttons (two or three rows on a phone): nothing laid over anything
        self.widgets = [
            Button((0, 0, 280, 52), lambda: t("over.menu"), self.to_menu, name="menu"),
            Button((0, 0, 280, 52), lambda: t("analysis.button_game"), self.analyse, name="analysis"),
            *game_over_buttons(self, self.session),  # replay, export, share
            Button((0, 0, 280, 52), lambda: t("over.show_sheet") if self.show_graph else t("over.show_graph"),
                   self.toggle_graph, name="graph_toggle", size=18),
            Button((0, 0, 280, 52), lambda: t("over.play_again"), self.play_again, name="play_again", primary=True),
        ]
        place(self.widgets)

    def analyse(self):
        self.app.push_scene("analysis", self.session, None)

    def toggle_graph(self):
        self.show_graph = not self.show_graph

    def key(self, inp):
        if inp.key == pygame.K_g:
            self.toggle_graph()
        elif inp.key in ENTER and not self.takes_enter():
            return  # an Enter meant for the last trick's animations: the result is read first
        else:
            super().key(inp)

    def update(self, dt):
        super().update(dt)
        if not self.enter_released and not any(pygame.key.get_pressed()[k] for k in ENTER):
            self.enter_released = True

    def takes_enter(self) -> bool:
        """Enter means Play again once the result has been on screen a moment (READ_SECONDS)
        and Enter has been let go since it came (a held key repeats); at once on a button
        the player chose with the arrows or Tab."""
        focused = self.focused_widget()
        if focused is not None and focused.focused:
            return True
        return self.time >= READ_SECONDS and self.enter_released

    def graph_series(self) -> list[list[int]]:
        """What the graph plots: each seat's total before the first deal and after each."""
        return score_series(self.session.match)

    def extra_key(self):
        return (len(self.session.history()), self.show_graph)

    def play_again(self):
        s = self.session
        if hasattr(s, "play_again"):  # online: a new room (game/ui/online/sessions.py)
            return s.play_again()
        self.app.games.start(rules=s.match.rules, names=s.names, strength=s.strength, humans=s.human_seats)

    def to_menu(self):
        self.app.to_title()

    def back(self):
        self.to_menu()

    def draw(self, surf):
        self.blit_page(surf, (len(self.session.history()), self.show_graph), self.draw_page)
        super().draw(surf)

    def draw_page(self, surf):
        m = self.session.match
        winner, tiebreak = m.result()
        left, right = panels(len(self.widgets))
        blit_backdrop(surf, (left, right))  # the felt and both panels: one blit
        s = screen.safe()
        gfx.blit_text(surf, t("over.title"), title_size(), (s.centerx, s.top + 14), gfx.GOLD, True, "midtop", shadow=True, width=s.w - 24)
        small = left.w < 480 or left.h < 400
        pad = 12 if small else 24
        y = left.top + (10 if small else 24)
        if winner is not None:
            you = winner == self.session.human and not self.session.shared  # names with several people
            msg = t("over.you_win") if you else t("over.winner", name=self.session.names[winner])
            size = 20 if small else 36
            gfx.blit_text(surf, msg, gfx.fit_size(msg, size, left.w - 2 * pad, True), (left.centerx, y), gfx.GOLD, True, "midtop", width=left.w - 2 * pad)
            y += gfx.line_height(size, True, 0) + 4
            why = t(f"over.tiebreak.{tiebreak}")
            tsize = 14 if small else 18
            if left.bottom - y - gfx.wrapped_height(why, tsize, left.w - 2 * pad, False, 2) >= 3 * 36 + 8:  # the podium first
                y = gfx.blit_wrapped(surf, why, tsize, pygame.Rect(left.left + pad, y, left.w - 2 * pad, 60),
                                     gfx.CREAM, align="center", line_gap=2, max_lines=2) + 6
        # podium: players by total
        order = sorted(range(3), key=lambda s: (s != winner, -m.totals[s]))
        row_h = max(30, min(56, (left.bottom - y - 8) // 3 - 8))
        size = 24 if row_h >= 50 else 16
        for place_no, seat in enumerate(order, 1):
            r = pygame.Rect(left.left + pad, y, left.w - 2 * pad, row_h)
            gfx.blit_panel(surf, r, color=(40, 80, 56) if place_no == 1 else gfx.PANEL, edge=gfx.GOLD if place_no == 1 else gfx.PANEL_EDGE, radius=10, shadow=False)
            gfx.blit_text(surf, f"{place_no}.", size, (r.left + 12, r.centery), gfx.GOLD, True, "midleft", box=left)
            total = f"{m.totals[seat]:+d}"
            tw = gfx.text_width(total, size + 2, True)
            name, room = self.session.names[seat], r.w - 40 - size * 2 - tw
            gfx.blit_text(surf, name, gfx.fit_size(name, size, room, True), (r.left + 16 + size * 2, r.centery), gfx.CREAM, True, "midleft",
                          width=room, box=left)
            gfx.blit_text(surf, total, size + 2, (r.right - 12, r.centery), gfx.CREAM, True, "midright", box=left)
            y += row_h + (14 if row_h >= 50 else 6)
        rows = self.session.history()
        if rows and left.bottom - y >= 170:
            heading = t("score.title", deal=rows[-1]["number"] + 1)
            gfx.blit_text(surf, heading, gfx.fit_size(heading, 17, left.w - 2 * pad, True), (left.left + pad, y + 2), gfx.GOLD, True, width=left.w - 2 * pad)
            draw_result(surf, self.session, rows[-1], pygame.Rect(left.left + pad, y + 32, left.w - 2 * pad, 120))
        inner = pygame.Rect(right.left + 12, right.top + 10, right.w - 24, right.h - 18)
        if self.show_graph:
            draw_score_graph(surf, inner, self.graph_series(), self.session.names, t("graph.deals"), t("graph.title"))
        else:
            gfx.blit_text(surf, t("score.sheet"), 17 if small else 20, (inner.left + 6, inner.top + 4), gfx.GOLD, True)
            draw_sheet(surf, self.session, pygame.Rect(inner.left, inner.top + 36, inner.w, inner.h - 40), highlight_last=False)
