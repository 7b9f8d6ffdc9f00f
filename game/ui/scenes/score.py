"""Deal result with the running score sheet, and the game-over screen."""

from __future__ import annotations

import pygame

from ...i18n import t
from .. import art, gfx
from ..scene import Scene
from ..widgets import Button

W, H = 1280, 720


def draw_sheet(surf, session, rect, highlight_last=True) -> None:
    """Score sheet: one row per finished deal (deal, declarer, contract, points), totals."""
    rows = session.history()
    names = session.names
    x = rect.left
    cols = [x + 10, x + 70, x + 210, x + 300]
    pw = (rect.right - 10 - cols[3]) // 3
    pcols = [cols[3] + i * pw for i in range(3)]
    y = rect.top
    head = 16
    for i, key in enumerate(("score.deal", "score.declarer", "score.contract")):
        label = t(key)
        gfx.blit_text(surf, label, gfx.fit_size(label, head, cols[i + 1] - cols[i] - 8, True, 9), (cols[i], y), gfx.MUTED, True)
    for i in range(3):
        nm = names[i]
        while gfx.text_width(nm, head, True) > pw - 8 and len(nm) > 3:
            nm = nm[:-1]
        gfx.blit_text(surf, nm, head, (pcols[i] + pw - 8, y), gfx.MUTED, True, "topright")
    y += 24
    gfx.line(surf, gfx.PANEL_EDGE, (rect.left, y - 3), (rect.right, y - 3), 1)
    avail = rect.bottom - y - 34
    lh = max(14, min(22, avail // max(1, len(rows)))) if rows else 22
    size = 15 if lh >= 18 else 13
    for k, row in enumerate(rows):
        last = highlight_last and k == len(rows) - 1
        if last:
            gfx.fill_overlay(surf, (rect.left, y - 2, rect.w, lh), (255, 220, 120, 40))
        gfx.blit_text(surf, str(row["number"] + 1), size, (cols[0] + 16, y), gfx.CREAM, False, "midtop")
        nm = names[row["declarer"]]
        while gfx.text_width(nm, size) > 130 and len(nm) > 3:
            nm = nm[:-1]
        gfx.blit_text(surf, nm, size, (cols[1], y), gfx.CREAM)
        if row["contract"]:
            icon = art.contract_icon(row["contract"], gfx.px(max(12, lh - 4)), gfx.card_style())
            gfx.blit(surf, icon, (cols[2], y - 1))
        for i in range(3):
            p = row["points"][i]
            col = (140, 230, 150) if p > 0 else (gfx.BRIGHT_RED if p < 0 else gfx.MUTED)
            gfx.blit_text(surf, f"{p:+d}", size, (pcols[i] + pw - 8, y), col, last, "topright")
        y += lh
    gfx.line(surf, gfx.GOLD_DARK, (rect.left, y + 2), (rect.right, y + 2), 2)
    totals = session.match.totals
    gfx.blit_text(surf, t("score.total"), 18, (cols[0], y + 8), gfx.GOLD, True)
    for i in range(3):
        gfx.blit_text(surf, f"{totals[i]:+d}", 18, (pcols[i] + pw - 8, y + 8), gfx.GOLD, True, "topright")


def draw_owed(surf, session, pos) -> int:
    """Contracts each player still has to declare (contracts-once rule)."""
    view = session.view()
    x, y = pos
    if not view.rules.contracts_once:
        return y
    gfx.blit_text(surf, t("score.owed"), 18, (x, y), gfx.GOLD, True)
    y += 30
    for seat in range(3):
        gfx.blit_text(surf, session.names[seat], 17, (x, y + 2), gfx.CREAM)
        left = view.owed(seat)
        cx = x + 150
        if not left:
            gfx.blit_text(surf, t("score.owed_none"), 17, (cx, y + 2), gfx.MUTED)
        for c in left:
            icon = art.contract_icon(c, gfx.px(24), gfx.card_style())
            gfx.blit(surf, icon, (cx, y))
            cx += gfx.logical(icon.get_width()) + 6
        y += 32
    return y


def draw_result(surf, session, row, rect) -> int:
    """The deal's result per player: target, tricks, points."""
    x, y = rect.left, rect.top
    cols = [x, x + 170, x + 250, x + 330]
    for c, key, width in zip(cols, ("score.player", "score.target", "score.taken", "score.points"), (160, 74, 74, 120)):
        gfx.blit_text(surf, t(key), gfx.fit_size(t(key), 16, width, True, 9), (c, y), gfx.MUTED, True)
    y += 28
    for seat in range(3):
        nm = session.names[seat]
        gfx.blit_text(surf, nm, 20, (cols[0], y), gfx.CREAM, seat == row["declarer"])
        target = row["targets"][seat]
        tgt = t("table.tricks_min", taken="", target=target).lstrip(" /") if row["contract"] == "MT" else str(target)
        gfx.blit_text(surf, tgt, 20, (cols[1], y), gfx.CREAM)
        gfx.blit_text(surf, str(row["taken"][seat]), 20, (cols[2], y), gfx.CREAM)
        p = row["points"][seat]
        col = (140, 230, 150) if p > 0 else (gfx.BRIGHT_RED if p < 0 else gfx.MUTED)
        gfx.blit_text(surf, f"{p:+d}", 22, (cols[3], y), col, True)
        y += 32
    return y


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

    def extra_key(self):
        return len(self.session.history())

    def back(self):
        self.app.pop()

    def draw(self, surf):
        gfx.blit_felt(surf)
        rows = self.session.history()
        row = rows[-1] if rows else None
        title = t("score.title", deal=(row["number"] + 1) if row else 0)
        gfx.blit_text(surf, title, 38, (W // 2, 18), gfx.GOLD, True, "midtop", shadow=True)
        left = pygame.Rect(40, 80, 520, 540)
        right = pygame.Rect(590, 80, 650, 540)
        gfx.blit_panel(surf, left)
        gfx.blit_panel(surf, right)
        if row:
            c = row["contract"]
            icon = art.contract_icon(c, gfx.px(34), gfx.card_style())
            gfx.blit(surf, icon, (left.left + 24, left.top + 20))
            gfx.blit_text(surf, t(f"contract.{c}").lstrip("♠♥♦♣ "), 22, (left.left + 24 + gfx.logical(icon.get_width()) + 12, left.top + 26), gfx.CREAM, True)
            gfx.blit_text(surf, t("table.declarer", name=self.session.names[row["declarer"]]), 17, (left.left + 24, left.top + 66), gfx.MUTED)
            y = draw_result(surf, self.session, row, pygame.Rect(left.left + 24, left.top + 104, left.w - 48, 160))
            draw_owed(surf, self.session, (left.left + 24, y + 24))
        gfx.blit_text(surf, t("score.sheet"), 20, (right.left + 20, right.top + 14), gfx.GOLD, True)
        draw_sheet(surf, self.session, pygame.Rect(right.left + 14, right.top + 48, right.w - 28, right.h - 60))
        super().draw(surf)


class GameOverScene(Scene):
    name = "game_over"

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.build()
        app.sound("win" if session.match.winner() == session.human else "lose")

    def rebuild(self):
        self.build()

    def build(self):
        self.widgets = [
            Button((W // 2 + 20, H - 86, 280, 58), lambda: t("over.play_again"), self.play_again, name="play_again", primary=True),
            Button((W // 2 - 300, H - 86, 280, 58), lambda: t("over.menu"), self.to_menu, name="menu"),
        ]

    def extra_key(self):
        return len(self.session.history())

    def play_again(self):
        s = self.session
        self.app.start_new_game(rules=s.match.rules, names=s.names, strength=s.strength)

    def to_menu(self):
        self.app.to_title()

    def back(self):
        self.to_menu()

    def draw(self, surf):
        gfx.blit_felt(surf)
        m = self.session.match
        winner, tiebreak = m.result()
        gfx.blit_text(surf, t("over.title"), 40, (W // 2, 14), gfx.GOLD, True, "midtop", shadow=True)
        left = pygame.Rect(40, 76, 520, 550)
        right = pygame.Rect(590, 76, 650, 550)
        gfx.blit_panel(surf, left)
        gfx.blit_panel(surf, right)
        if winner is not None:
            msg = t("over.you_win") if winner == self.session.human else t("over.winner", name=self.session.names[winner])
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
        gfx.blit_text(surf, t("score.sheet"), 20, (right.left + 20, right.top + 14), gfx.GOLD, True)
        draw_sheet(surf, self.session, pygame.Rect(right.left + 14, right.top + 48, right.w - 28, right.h - 60), highlight_last=False)
        super().draw(surf)
