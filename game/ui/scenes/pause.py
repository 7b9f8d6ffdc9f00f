"""The pause menu over a game: resume, rules, settings, leave to the title (saved), export
the record, and whether the game is saved."""

from __future__ import annotations

import pygame

from ...i18n import t
from ..draw import gfx
from ..games.record_actions import pause_button
from ..registry import register
from ..scene import Scene
from ..widgets import Button
from ..window import screen


def panel_rect() -> pygame.Rect:
    """The menu's panel: a column of five buttons under the title, the save line at the bottom."""
    s = screen.safe()
    gap = 10 if s.h >= 560 else 6
    h = 48 + 5 * (52 + gap) + 56
    r = pygame.Rect(0, 0, min(440, s.w - 20), min(h, s.h - 12))
    r.center = s.center
    return r


@register("pause")
class PauseScene(Scene):
    name = "pause"
    overlay = True

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.build()

    def rebuild(self):
        self.build()

    def build(self):
        from ..menus.menu_layout import grid

        r = panel_rect()
        area = pygame.Rect(r.left + 20, r.top + 52, r.w - 40, r.h - 52 - 50)
        rects = grid(area, 5, 52 if area.h >= 5 * 58 else 44, 10 if area.h >= 5 * 62 else 6)
        self.widgets = [
            Button(rects[0], lambda: t("pause.resume"), self.back, name="resume", primary=True),
            Button(rects[1], lambda: t("menu.rules"), lambda: self.app.push_scene("rules"), name="rules"),
            Button(rects[2], lambda: t("menu.settings"), lambda: self.app.push_scene("settings"), name="settings"),
            Button(rects[3], lambda: t("pause.quit_to_menu"), self.leave, name="leave"),
            pause_button(self, rects[4]),  # export the game's record
        ]

    def leave(self):
        self.table.session.save()
        self.app.to_title()

    def draw(self, surf):
        r = panel_rect()
        gfx.blit_panel(surf, r, alpha=255)
        gfx.blit_text(surf, t("pause.title"), 30, (r.centerx, r.top + 10), gfx.GOLD, True, "midtop", width=r.w - 24, box=r)
        super().draw(surf)
        bottom = max(w.rect.bottom for w in self.widgets)
        self.app.notices.draw_save_line(surf, pygame.Rect(r.left + 12, bottom + 6, r.w - 24, r.bottom - bottom - 8))  # saved, or why not
