"""The title screen: continue, new game, rules, settings, statistics and replays.  The
other menus are their own modules, loaded while the title waits (the start)."""

from __future__ import annotations

import pygame

from ...i18n import t
from ..draw import gfx
from ..games.saving import save_waiting
from ..loop.input import by_touch, input_words
from ..menus.menu_layout import grid
from ..menus.title_fan import TitleFan
from ..registry import register
from ..scene import Scene
from ..widgets import Button
from ..window import screen


@register("title")
class TitleScene(Scene):
    name = "title"

    def __init__(self, app):
        super().__init__(app)
        self.session = None
        self.info = ""
        self.fan = TitleFan()  # dealt in after the title's first frame

    def enter(self):
        self.refresh()

    def resume(self):
        self.refresh()

    def rebuild(self):
        self.refresh()

    def refresh(self):
        self.session = None
        save_waiting()  # the game just left may have a move not yet written
        if self.app.storage.may_have_game():  # a first visit has none: the engine is not loaded before the title shows
            from ..games.session import Session

            self.session, _error = Session.load(self.app.storage)  # a damaged save: the notices say so
        self.info = ""
        if self.session is not None:
            m = self.session.match
            self.info = t("menu.continue_info", deal=m.deal_number + 1, deals=m.rules.deals, preset=t(f"preset.{m.rules.preset_name}"))
        self.build()

    def places(self) -> dict:
        """The logo's block and the buttons' area: the logo above the buttons, or beside
        them on a low window (a phone lying)."""
        shape, s = screen.current(), screen.safe()
        low = not shape.portrait and shape.h < 560
        if low:
            logo = pygame.Rect(s.left, s.top, s.w * 45 // 100, s.h)
            buttons = pygame.Rect(logo.right, s.top + 12, s.right - logo.right - 12, s.h - 24)
        else:
            logo_h = min(330, max(200, s.h * 42 // 100))
            logo = pygame.Rect(s.left, s.top, s.w, logo_h)
            buttons = pygame.Rect(s.left + 16, logo.bottom + 6, s.w - 32, s.bottom - logo.bottom - 20)
        return {"logo": logo, "buttons": buttons, "low": low}

    def build(self):
        self.widgets = []
        entries = []
        if self.session is not None:
            entries.append(("continue", lambda: t("menu.continue"), self.do_continue, True))
        entries.append(("new_game", lambda: t("menu.new_game"), self.do_new, self.session is None))
        entries.append(("learn", lambda: t("menu.learn"), lambda: self.app.push_scene("learn"), False))
        entries.append(("friends", lambda: t("menu.friends"), lambda: self.app.push_scene("friends"), False))  # online play
        entries.append(("rules", lambda: t("menu.rules"), lambda: self.app.push_scene("rules"), False))
        entries.append(("settings", lambda: t("menu.settings"), lambda: self.app.push_scene("settings"), False))
        entries.append(("stats", lambda: t("menu.stats"), lambda: self.app.push_scene("stats"), False))
        entries.append(("replays", lambda: t("menu.replays"), lambda: self.app.push_scene("replays"), False))
        if not self.app.web:
            entries.append(("quit", lambda: t("menu.quit"), self.do_quit, False))
        area = self.places()["buttons"]
        footer = gfx.line_height(16) + 8
        if area.h - footer >= len(entries) * 58:  # room for the keys' footer under the buttons
            area = pygame.Rect(area.left, area.top, area.w, area.h - footer)
        rects = grid(area, len(entries), 52, 8 if area.h < 400 else 12)
        for (name, label, action, primary), r in zip(entries, rects):
            b = Button(r, label, action, name=name, primary=primary)
            if name == "continue":  # the deal whole, the preset's name only where it fits
                m = self.session.match
                b.sublabel = (self.info, t("table.deal", deal=m.deal_number + 1, deals=m.rules.deals))
                b.rect.h = max(b.rect.h, 52)
            if name == "learn":  # someone new (no game saved, the lesson not seen): it stands out
                b.selected = self.session is None and not self.app.settings.get("learned")
            self.widgets.append(b)
        if self.focus is not None and self.focus >= len(self.widgets):
            self.focus = None
    def extra_key(self):
        return (self.info, self.session is not None, len(self.widgets), by_touch(), self.fan.made())

    def warm_step(self) -> bool:
        return self.fan.make_next()

    def do_continue(self):
        if self.session is not None:
            session, self.session = self.session, None
            self.app.games.open(session)

    def do_new(self):
        self.app.first_frames.push_built("new_game")  # in the browser built over frames if the warm-up has not yet

    def do_quit(self):
        self.app.running = False

    def back(self):
        pass

    def draw(self, surf):
        self.draw_background(surf)
        p = self.places()
        logo = p["logo"]
        s = screen.safe()
        card_w = 92 if logo.h >= 300 and logo.w >= 600 else 64
        cards_y = logo.top + (logo.h * 30 // 100 if not p["low"] else logo.h * 26 // 100)
        self.fan.draw(surf, (logo.centerx, cards_y), card_w)
        title = t("app.title")
        size = gfx.fit_size(title, 72 if card_w == 92 else 52, logo.w - 32, True)
        y = cards_y + int(card_w * 0.9)
        r = gfx.blit_text(surf, title, size, (logo.centerx, y), gfx.GOLD, True, "midtop", shadow=True)
        sub = pygame.Rect(logo.left + 16, r.bottom + 4, logo.w - 32, logo.bottom - r.bottom - 8)
        gfx.blit_wrapped(surf, t("app.subtitle"), 16 if logo.w < 600 else 20, sub, gfx.MUTED, align="center", line_gap=2, max_lines=2)
        if self.app.notice:
            r = pygame.Rect(s.left + 12, s.top + 10, s.w - 24, 56)
            r.w = min(r.w, 860)
            r.centerx = s.centerx
            gfx.blit_panel(surf, r, color=(70, 24, 28), edge=gfx.BRIGHT_RED, radius=12, alpha=240)
            gfx.blit_wrapped(surf, self.app.notice, 14, r.inflate(-24, -10), gfx.CREAM, align="center", line_gap=2, max_lines=2)
        super().draw(surf)
        area = p["buttons"]
        bottom = max(w.rect.bottom for w in self.widgets)
        footer = t(input_words("menu.footer"))  # touch words on a touch screen
        if area.bottom - bottom >= gfx.line_height(16) + 6 and gfx.text_width(footer, 16) <= area.w:  # only where it has room
            gfx.blit_text(surf, footer, 16, (area.centerx, area.bottom), gfx.DIM, False, "midbottom")

    def click_empty(self, pos):
        self.app.notice = None
