"""The title screen: continue, new game, rules, settings, statistics and replays.  The
other menus are their own modules, loaded while the title waits (issue 13: the start)."""

from __future__ import annotations

import pygame

from ...i18n import t
from ...engine import Card
from .. import gfx
from ..registry import register
from ..scene import Scene
from ..session import Session
from ..widgets import Button

W, H = 1280, 720


def _title_cards(surf, center, width=96, spread=14):
    """The game's three numbers as a fan of cards: 3♠ 5♥ 8♦."""
    cards = [Card.parse("3S"), Card.parse("5H"), Card.parse("8D")]
    cw, ch = gfx.card_size(width)
    for i, c in enumerate(cards):
        ang = (1 - i) * spread
        img = pygame.transform.rotozoom(gfx.card_face(c, gfx.px(width)), ang, 1.0)
        x = center[0] + (i - 1) * width * 0.62
        y = center[1] + abs(i - 1) * 10
        gfx.blit(surf, img, (x, y), "center")


@register("title")
class TitleScene(Scene):
    name = "title"

    def __init__(self, app):
        super().__init__(app)
        self.session = None
        self.info = ""
        self._cards = None

    def enter(self):
        self.refresh()

    def resume(self):
        self.refresh()

    def rebuild(self):
        self.refresh()

    def refresh(self):
        self.session, _error = Session.load(self.app.storage)  # issue 10: a damaged save: the notices say so
        self.info = ""
        if self.session is not None:
            m = self.session.match
            self.info = t("menu.continue_info", deal=m.deal_number + 1, deals=m.rules.deals, preset=t(f"preset.{m.rules.preset_name}"))
        self.build()

    def build(self):
        self.widgets = []
        x, w = W // 2 - 170, 340
        y = 380
        if self.session is not None:
            b = Button((x, y, w, 62), lambda: t("menu.continue"), self.do_continue, name="continue", primary=True)
            b.sublabel = self.info
            self.widgets.append(b)
            y += 76
        self.widgets.append(Button((x, y, w, 52), lambda: t("menu.new_game"), self.do_new, name="new_game", primary=self.session is None))
        y += 64
        self.widgets.append(Button((x, y, w, 52), lambda: t("menu.rules"), lambda: self.app.push_scene("rules"), name="rules"))
        y += 64
        self.widgets.append(Button((x, y, w, 52), lambda: t("menu.settings"), lambda: self.app.push_scene("settings"), name="settings"))
        y += 64
        if not self.app.web:
            self.widgets.append(Button((x, y, w, 52), lambda: t("menu.quit"), self.do_quit, name="quit"))
        self.widgets.append(Button((W - 290, H - 84, 250, 52), lambda: t("menu.stats"), lambda: self.app.push_scene("stats"), name="stats"))  # issue 9c
        self.widgets.append(Button((W - 290, H - 148, 250, 52), lambda: t("menu.replays"), lambda: self.app.push_scene("replays"), name="replays"))  # issue 9d
        if self.focus is not None and self.focus >= len(self.widgets):
            self.focus = None

    def extra_key(self):
        return (self.info, self.session is not None, len(self.widgets))

    def do_continue(self):
        if self.session is not None:
            session, self.session = self.session, None
            self.app.open_game(session)

    def do_new(self):
        self.app.push_scene("new_game")

    def do_quit(self):
        self.app.running = False

    def back(self):
        pass

    def draw(self, surf):
        self.draw_background(surf)
        _title_cards(surf, (W // 2, 150), 92)
        gfx.blit_text(surf, t("app.title"), 72, (W // 2, 250), gfx.GOLD, True, "midtop", shadow=True)
        gfx.blit_text(surf, t("app.subtitle"), 20, (W // 2, 326), gfx.MUTED, False, "midtop")
        if self.app.notice:
            r = pygame.Rect(W // 2 - 430, 16, 860, 56)
            gfx.blit_panel(surf, r, color=(70, 24, 28), edge=gfx.BRIGHT_RED, radius=12, alpha=240)
            gfx.blit_wrapped(surf, self.app.notice, 17, r.inflate(-24, -12), gfx.CREAM, align="center")
        super().draw(surf)
        gfx.blit_text(surf, t("menu.footer"), 16, (W // 2, H - 14), gfx.DIM, False, "midbottom")

    def click_empty(self, pos):
        self.app.notice = None
