"""Statistics across games (game/storage/stats.py): games played and won per preset and opponent
strength, points per deal as declarer and as defender by contract, the best and worst
game, hints and undos used; and a reset that asks first.

Why it reloads on entering: the game-over scene records a game into storage, and another
window may have too; the stored statistics are the truth.
"""

from __future__ import annotations

import pygame

from ...engine.rules import ALL_CONTRACTS
from ...i18n import language, t
from .. import gfx, stats_keeper
from ..registry import register
from ..scene import Scene
from ..widgets import Button

W, H = 1280, 720
GAMES = pygame.Rect(30, 86, 520, 430)
DEALS = pygame.Rect(566, 86, 684, 430)
FOOT = pygame.Rect(30, 528, 1220, 92)


def average_text(value: float | None) -> str:
    if value is None:
        return "—"
    text = f"{value:+.1f}".replace("-", "\u2212")
    return text.replace(".", ",") if language() in ("pl", "ru", "bg") else text


@register("stats")
class StatsScene(Scene):
    name = "stats"

    def __init__(self, app):
        super().__init__(app)
        self.stats = stats_keeper.load(app)
        self.confirming = False
        self.build()

    def enter(self):
        self.stats = stats_keeper.load(self.app)

    def rebuild(self):
        self.build()

    def build(self):
        if self.confirming:
            self.widgets = [
                Button((W // 2 - 290, H - 86, 280, 58), lambda: t("stats.reset_yes"), self.do_reset, name="reset_yes"),
                Button((W // 2 + 10, H - 86, 280, 58), lambda: t("stats.reset_no"), self.cancel, name="reset_no", primary=True),
            ]
        else:
            self.widgets = [
                Button((W // 2 + 10, H - 86, 280, 58), lambda: t("common.back"), self.back, name="back", primary=True),
                Button((W // 2 - 290, H - 86, 280, 58), lambda: t("stats.reset"), self.ask_reset, name="reset"),
            ]
            self.widgets[1].enabled = bool(self.stats.games)
        self.focus = None

    def extra_key(self):
        return (self.confirming, self.stats.to_json())

    def ask_reset(self):
        self.confirming = True
        self.build()

    def cancel(self):
        self.confirming = False
        self.build()

    def do_reset(self):
        self.stats = stats_keeper.reset(self.app)
        self.confirming = False
        self.build()

    def back(self):
        if self.confirming:
            self.cancel()
        else:
            self.app.pop()

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surf):
        self.draw_background(surf)
        gfx.blit_text(surf, t("stats.title"), 40, (W // 2, 20), gfx.GOLD, True, "midtop", shadow=True)
        for r in (GAMES, DEALS) if self.confirming else (GAMES, DEALS, FOOT):
            gfx.flat_panel(surf, r)
        if not self.stats.games:
            gfx.blit_wrapped(surf, t("stats.empty"), 20, GAMES.inflate(-60, -300), gfx.CREAM, align="center")
        self.draw_games(surf)
        self.draw_deals(surf)
        if self.confirming:  # the question takes the footer's place, next to its answers
            gfx.flat_panel(surf, FOOT, color=(70, 24, 28), edge=gfx.BRIGHT_RED)
            gfx.blit_wrapped(surf, t("stats.reset_ask"), 20, FOOT.inflate(-40, -30), gfx.CREAM, True, align="center")
        else:
            self.draw_foot(surf)
        super().draw(surf)

    def draw_games(self, surf):
        s = self.stats
        x, y = GAMES.left + 20, GAMES.top + 14
        gfx.blit_text(surf, t("stats.games"), 20, (x, y), gfx.GOLD, True)
        y += 36
        cols = (x, x + 250, x + 370, GAMES.right - 20)
        for c, key, anchor in zip(cols[1:], ("stats.played", "stats.won", "stats.rate"), ("topright",) * 3):
            gfx.blit_text(surf, t(key), gfx.fit_size(t(key), 15, 110, True), (c, y), gfx.MUTED, True, anchor)
        y += 26
        rows = sorted(s.games.items())
        lh = 26 if len(rows) <= 11 else max(16, 290 // len(rows))
        size = 17 if lh >= 24 else 14
        for (preset, strength), (played, won) in rows:
            label = f"{t(f'preset.{preset}')} · {_strength(strength)}"
            gfx.blit_text(surf, label, gfx.fit_size(label, size, 240), (cols[0], y), gfx.CREAM)
            self._numbers(surf, (played, won, _rate(won, played)), cols[1:], y, size, gfx.CREAM)
            y += lh
        if rows:
            gfx.line(surf, gfx.GOLD_DARK, (x, y + 2), (GAMES.right - 20, y + 2), 2)
            gfx.blit_text(surf, t("score.total"), size, (cols[0], y + 8), gfx.GOLD, True)
            self._numbers(surf, (s.played(), s.won(), _rate(s.won(), s.played())), cols[1:], y + 8, size, gfx.GOLD)

    @staticmethod
    def _numbers(surf, values, cols, y, size, colour):
        for c, v in zip(cols, values):
            gfx.blit_text(surf, str(v), size, (c, y), colour, True, "topright")

    def draw_deals(self, surf):
        s = self.stats
        x, y = DEALS.left + 20, DEALS.top + 14
        gfx.blit_text(surf, t("stats.deals"), 20, (x, y), gfx.GOLD, True)
        y += 36
        cols = (x + 330, x + 420, x + 560, DEALS.right - 20)
        for c, key in zip(cols, ("stats.as_declarer", "stats.count", "stats.as_defender", "stats.count")):
            gfx.blit_text(surf, t(key), gfx.fit_size(t(key), 15, 130, True), (c, y), gfx.MUTED, True, "topright")
        y += 30
        for contract in ALL_CONTRACTS:
            icon = gfx.contract_icon(contract, 26)
            gfx.blit(surf, icon, (x, y - 2))
            name = t(f"contract.{contract}").lstrip("♠♥♦♣ ")
            nx = x + gfx.logical(icon.get_width()) + 10
            gfx.blit_text(surf, name, gfx.fit_size(name, 18, cols[0] - 80 - nx), (nx, y), gfx.CREAM)
            for (value_col, count_col), role in zip(((cols[0], cols[1]), (cols[2], cols[3])), ("declarer", "defender")):
                n = sum(v[0] for (p, r, c), v in s.deals.items() if r == role and c == contract)
                gfx.blit_text(surf, average_text(s.deal_average(role, contract)), 18, (value_col, y), gfx.CREAM, True, "topright")
                gfx.blit_text(surf, str(n), 16, (count_col, y + 1), gfx.MUTED, False, "topright")
            y += 44
        gfx.blit_wrapped(surf, t("stats.deals_note"), 14, pygame.Rect(x, DEALS.bottom - 50, DEALS.w - 40, 44), gfx.DIM)

    def draw_foot(self, surf):
        s = self.stats
        x, y = FOOT.left + 24, FOOT.top + 14
        for i, (key, line) in enumerate((("stats.best", s.best), ("stats.worst", s.worst))):
            text = t(key) + ": " + (_game_line(line) if line else "—")
            gfx.blit_text(surf, text, gfx.fit_size(text, 17, 760), (x, y + i * 34), gfx.CREAM)
        for i, (key, value) in enumerate((("stats.hints", s.hints), ("stats.undos", s.undos))):
            text = t(key, count=value)
            gfx.blit_text(surf, text, gfx.fit_size(text, 17, 380), (FOOT.right - 24, y + i * 34), gfx.CREAM, False, "topright")


def _strength(name: str) -> str:
    key = f"strength.{name}"
    text = t(key)
    return name if text == key else text


def _rate(won: int, played: int) -> str:
    return f"{round(100 * won / played)}%" if played else "—"


def _game_line(line) -> str:
    result = t("stats.won_game") if line.won else t("stats.lost_game")
    return t("stats.game_line", total=f"{line.total:+d}", result=result, preset=t(f"preset.{line.preset}"),
             strength=_strength(line.strength), date=line.date)
