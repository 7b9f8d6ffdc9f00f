"""The pause menu over a game: resume, rules, settings, leave to the title (saved), export
the record, and whether the game is saved."""

from __future__ import annotations

import pygame

from ...i18n import t
from .. import gfx
from ..registry import register
from ..scene import Scene
from ..widgets import Button
from ..record_actions import pause_button  # issue 9d

W, H = 1280, 720


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
        x, w = W // 2 - 170, 340
        self.widgets = [
            Button((x, 250, w, 56), lambda: t("pause.resume"), self.back, name="resume", primary=True),
            Button((x, 320, w, 52), lambda: t("menu.rules"), lambda: self.app.push_scene("rules"), name="rules"),
            Button((x, 384, w, 52), lambda: t("menu.settings"), lambda: self.app.push_scene("settings"), name="settings"),
            Button((x, 448, w, 52), lambda: t("pause.quit_to_menu"), self.leave, name="leave"),
            pause_button(self, (x, 560, w, 48)),  # issue 9d: export the game's record
        ]

    def leave(self):
        self.table.session.save()
        self.app.to_title()

    def draw(self, surf):
        r = pygame.Rect(W // 2 - 220, 150, 440, 478)  # issue 9d: room for "Export record"
        gfx.blit_panel(surf, r, alpha=255)
        gfx.blit_text(surf, t("pause.title"), 40, (W // 2, 172), gfx.GOLD, True, "midtop")
        super().draw(surf)
        self.app.notices.draw_save_line(surf, pygame.Rect(W // 2 - 210, 504, 420, 44))  # issue 10: saved, or why not
