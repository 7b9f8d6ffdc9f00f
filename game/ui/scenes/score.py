"""Deal result with the running score sheet, and the game-over screen."""

from __future__ import annotations

import pygame

from ...i18n import t
from .. import gfx, stats_keeper
from ..backdrop import blit_backdrop  # issue 13
from ..graph import draw_score_graph, score_series
from ..registry import register
from ..scene import Scene
from ..scoresheet import draw_owed, draw_result, draw_sheet
from ..widgets import Button
from ..record_actions import game_over_buttons  # issue 9d

W, H = 1280, 720


SHEET_PANELS = (pygame.Rect(40, 80, 520, 540), pygame.Rect(590, 80, 650, 540))  # the deal, the sheet
OVER_PANELS = (pygame.Rect(40, 76, 520, 550), pygame.Rect(590, 76, 650, 550))  # the result, the graph or sheet


@register("score")
class ScoreScene(Scene):
    name = "score"

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.build()

    def rebuild(self):
        self.build()

    def build(self):
        self.widgets = [Button((W // 2 - 140, H - 86, 280, 58), lambda: t("score.next"), self.back, name="next", primary=True)]
        self.widgets.append(Button((W // 2 - 440, H - 86, 280, 58), lambda: t("analysis.button"), self.analyse, name="analysis"))  # issue 9c

    def analyse(self):
        """The deal just finished, analysed (back here with Esc or Back)."""
        rows = self.session.history()
        if rows:
            self.app.push_scene("analysis", self.session, [rows[-1]["number"]])

    def extra_key(self):
        return len(self.session.history())

    def back(self):
        self.app.pop()

    @staticmethod
    def prepare(app, surf) -> None:
        """Make the sheet's panels and headings before a game (their first drawing is slow
        in the browser); the rows are drawn when there are some."""
        blit_backdrop(surf, SHEET_PANELS)
        gfx.blit_text(surf, t("score.sheet"), 20, (SHEET_PANELS[1].left + 20, SHEET_PANELS[1].top + 14), gfx.GOLD, True)
        Button((W // 2 - 140, H - 86, 280, 58), lambda: t("score.next"), None, primary=True).draw(surf)

    def draw(self, surf):
        self.blit_page(surf, len(self.session.history()), self.draw_page)
        super().draw(surf)

    def draw_page(self, surf):
        blit_backdrop(surf, SHEET_PANELS)  # the felt and both panels: one blit
        rows = self.session.history()
        row = rows[-1] if rows else None
        title = t("score.title", deal=(row["number"] + 1) if row else 0)
        gfx.blit_text(surf, title, 38, (W // 2, 18), gfx.GOLD, True, "midtop", shadow=True)
        left, right = SHEET_PANELS
        if row:
            c = row["contract"]
            icon = gfx.contract_icon(c, 34)
            gfx.blit(surf, icon, (left.left + 24, left.top + 20))
            gfx.blit_text(surf, t(f"contract.{c}").lstrip("♠♥♦♣ "), 22, (left.left + 24 + gfx.logical(icon.get_width()) + 12, left.top + 26), gfx.CREAM, True)
            gfx.blit_text(surf, t("table.declarer", name=self.session.names[row["declarer"]]), 17, (left.left + 24, left.top + 66), gfx.MUTED)
            y = draw_result(surf, self.session, row, pygame.Rect(left.left + 24, left.top + 104, left.w - 48, 160))
            draw_owed(surf, self.session, (left.left + 24, y + 24))
        gfx.blit_text(surf, t("score.sheet"), 20, (right.left + 20, right.top + 14), gfx.GOLD, True)
        draw_sheet(surf, self.session, pygame.Rect(right.left + 14, right.top + 48, right.w - 28, right.h - 60))


@register("game_over")
class GameOverScene(Scene):
    name = "game_over"

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.show_graph = True  # the right panel: the score graph, or the score sheet
        self.recorded = stats_keeper.record_game(app, session)  # issue 9c: counted once per game
        self.build()
        app.sound("win" if session.match.winner() in session.human_seats else "lose")  # issue 9e: any person

    def rebuild(self):
        self.build()

    def build(self):
        self.widgets = [
            Button((W // 2 + 170, H - 86, 280, 58), lambda: t("over.play_again"), self.play_again, name="play_again", primary=True),
            Button((W // 2 - 450, H - 86, 280, 58), lambda: t("over.menu"), self.to_menu, name="menu"),
            Button((W // 2 - 140, H - 86, 280, 58), lambda: t("analysis.button_game"), self.analyse, name="analysis"),
            Button((1240 - 230, 86, 214, 40), lambda: t("over.show_sheet") if self.show_graph else t("over.show_graph"),
                   self.toggle_graph, name="graph_toggle", size=18),
        ]
        self.widgets += game_over_buttons(self, self.session)  # issue 9d: replay, export, share

    def analyse(self):
        self.app.push_scene("analysis", self.session, None)

    def toggle_graph(self):
        self.show_graph = not self.show_graph

    def key(self, inp):
        if inp.key == pygame.K_g:
            self.toggle_graph()
        else:
            super().key(inp)

    def graph_series(self) -> list[list[int]]:
        """What the graph plots: each seat's total before the first deal and after each."""
        return score_series(self.session.match)

    def extra_key(self):
        return (len(self.session.history()), self.show_graph)

    def play_again(self):
        s = self.session
        self.app.start_new_game(rules=s.match.rules, names=s.names, strength=s.strength, humans=s.human_seats)

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
        left, right = OVER_PANELS
        blit_backdrop(surf, OVER_PANELS)  # the felt and both panels: one blit
        gfx.blit_text(surf, t("over.title"), 40, (W // 2, 14), gfx.GOLD, True, "midtop", shadow=True)
        if winner is not None:
            you = winner == self.session.human and not self.session.shared  # issue 9e: names with several people
            msg = t("over.you_win") if you else t("over.winner", name=self.session.names[winner])
            gfx.blit_text(surf, msg, 36, (left.centerx, left.top + 24), gfx.GOLD, True, "midtop")
            gfx.blit_wrapped(surf, t(f"over.tiebreak.{tiebreak}"), 18, pygame.Rect(left.left + 24, left.top + 80, left.w - 48, 60), gfx.CREAM, align="center")
        # podium: players by total
        order = sorted(range(3), key=lambda s: (s != winner, -m.totals[s]))
        y = left.top + 150
        for place, seat in enumerate(order, 1):
            r = pygame.Rect(left.left + 40, y, left.w - 80, 56)
            gfx.blit_panel(surf, r, color=(40, 80, 56) if place == 1 else gfx.PANEL, edge=gfx.GOLD if place == 1 else gfx.PANEL_EDGE, radius=10, shadow=False)
            gfx.blit_text(surf, f"{place}.", 24, (r.left + 16, r.centery), gfx.GOLD, True, "midleft")
            gfx.blit_text(surf, self.session.names[seat], 24, (r.left + 60, r.centery), gfx.CREAM, True, "midleft")
            gfx.blit_text(surf, f"{m.totals[seat]:+d}", 26, (r.right - 16, r.centery), gfx.CREAM, True, "midright")
            y += 70
        rows = self.session.history()
        if rows:
            gfx.blit_text(surf, t("score.title", deal=rows[-1]["number"] + 1), 17, (left.left + 40, y + 2), gfx.GOLD, True)
            draw_result(surf, self.session, rows[-1], pygame.Rect(left.left + 40, y + 32, left.w - 80, 120))
        if self.show_graph:
            draw_score_graph(surf, pygame.Rect(right.left + 14, right.top + 14, right.w - 28, right.h - 24), self.graph_series(),
                             self.session.names, t("graph.deals"), t("graph.title"))
        else:
            gfx.blit_text(surf, t("score.sheet"), 20, (right.left + 20, right.top + 14), gfx.GOLD, True)
            draw_sheet(surf, self.session, pygame.Rect(right.left + 14, right.top + 48, right.w - 28, right.h - 60), highlight_last=False)
