"""The settings screen: one row per setting, and a sample of the card style."""

from __future__ import annotations

import pygame

from ... import i18n
from ...i18n import t
from ...engine import Card
from .. import art, gfx
from ..constants import SPEEDS, STRENGTHS
from ..picture import PICTURES
from ..registry import register
from ..scene import Scene
from ..widgets import Button, Choice

W, H = 1280, 720


ROW_TOP, ROW_H = 128, 54  # the settings rows (seven since issue 9b)
WEB_ROW_TOP, WEB_ROW_H = 118, 44  # in the browser: eight, with the picture (issue 13)


@register("settings")
class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app):
        super().__init__(app)
        self.build()

    def rebuild(self):
        self.build()

    def build(self):
        st = self.app.settings
        x, w = 250, 780
        self.row_top, self.row_h = (WEB_ROW_TOP, WEB_ROW_H) if self.app.web else (ROW_TOP, ROW_H)
        y = self.row_top
        self.widgets = []
        rows = [
            ("language", "settings.language", list(i18n.LANGUAGES), lambda v: i18n.LANGUAGE_NAMES.get(v, v)),
            ("speed", "settings.speed", list(SPEEDS), lambda v: t(f"speed.{v}")),
            ("sound", "settings.sound", [True, False], lambda v: t("common.on") if v else t("common.off")),
            ("card_style", "settings.card_style", list(art.STYLES), lambda v: t("style.four_color" if v in ("four_colour", "four_color") else f"style.{v}")),
            ("undo", "settings.undo", [True, False], lambda v: t("common.on") if v else t("common.off")),  # issue 9b
            ("autoplay", "settings.autoplay", [True, False], lambda v: t("common.on") if v else t("common.off")),
            ("strength", "settings.strength", list(STRENGTHS), lambda v: t(f"strength.{v}")),
        ]
        if self.app.web:  # issue 13: the render size; natively the window's own resolution
            rows.insert(-1, ("picture", "settings.picture", list(PICTURES), self.picture_text))
        self.rows = len(rows)
        for key, label, values, fmt in rows:
            self.widgets.append(
                Choice((x, y, w, self.row_h - 8), (lambda label=label: t(label)), values, (lambda key=key: i18n.language() if key == "language" else st.get(key)),
                       (lambda v, key=key: self.app.set_setting(key, v)), fmt, name=f"set_{key}", label_w=360)
            )
            y += self.row_h
        self.widgets.append(Button((W // 2 - 130, H - 84, 260, 60), lambda: t("common.back"), self.back, name="back", primary=True))

    def picture_text(self, value) -> str:
        """Auto shows what it chose once it has (issue 13)."""
        auto = self.app.picture.auto
        if value == "auto" and auto:
            return t("picture.auto_chose", choice=t(f"picture.{auto}"))
        return t(f"picture.{value}")

    def draw(self, surf):
        self.draw_background(surf)
        gfx.blit_text(surf, t("settings.title"), 44, (W // 2, 40), gfx.GOLD, True, "midtop", shadow=True)
        gfx.blit_panel(surf, pygame.Rect(210, 112, 860, 514))
        super().draw(surf)
        bottom = self.row_top + self.rows * self.row_h - 8
        gfx.blit_text(surf, t("settings.strength_note"), 16, (250 + 360, bottom + 4), gfx.DIM)
        if self.app.web:  # what the picture setting does (issue 13)
            bottom = gfx.blit_wrapped(surf, t("settings.picture_note"), 15, pygame.Rect(250, bottom + 24, 780, 44), gfx.DIM) - 22
        # a sample of the card style
        for i, c in enumerate(("AS", "KH", "QD", "JC")):
            gfx.draw_card(surf, Card.parse(c), pygame.Rect(W // 2 - 128 + i * 66, bottom + 30, 60, 84))
