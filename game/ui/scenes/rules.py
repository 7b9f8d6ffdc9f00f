"""The rules screen: the game's rules in the player's language, in tabs (basics, presets,
decisions, details)."""

from __future__ import annotations

import pygame

from ...i18n import t
from .. import gfx
from ..registry import register
from ..scene import Scene
from ..widgets import Button

W, H = 1280, 720


@register("rules")
class RulesScene(Scene):
    name = "rules"
    TABS = ("basics", "presets", "decisions", "details")

    def __init__(self, app):
        super().__init__(app)
        self.tab = "basics"
        self.build()

    def rebuild(self):
        self.build()

    def build(self):
        self.widgets = []
        for i, tab in enumerate(self.TABS):
            self.widgets.append(Button((110 + i * 268, 100, 256, 48), (lambda tab=tab: t(f"rules.tab.{tab}")), (lambda tab=tab: self._set(tab)), name=f"tab_{tab}", size=20))
        self.widgets.append(Button((W // 2 - 130, H - 84, 260, 56), lambda: t("common.back"), self.back, name="back", primary=True))

    def extra_key(self):
        return self.tab

    def _set(self, tab):
        self.tab = tab

    def draw(self, surf):
        self.draw_background(surf)
        gfx.blit_text(surf, t("rules.title"), 40, (W // 2, 26), gfx.GOLD, True, "midtop", shadow=True)
        for w in self.widgets:
            if w.name.startswith("tab_"):
                w.selected = w.name == f"tab_{self.tab}"
        box = pygame.Rect(110, 166, W - 220, 452)
        gfx.blit_panel(surf, box)
        inner = box.inflate(-44, -30)
        paras = t(f"rules.{self.tab}").split("\n")
        size = 19
        while size > 12:  # shrink until the page fits (translations run longer)
            lh = gfx.font(size).get_linesize()
            need = sum(len(gfx.wrap(p, size, inner.w - 20)) * lh + 8 for p in paras)
            if need <= inner.h:
                break
            size -= 1
        y = inner.top
        for para in paras:
            bullet = self.tab != "presets" and not para.endswith(":")
            rect = pygame.Rect(inner.left + (20 if bullet else 0), y, inner.w - (20 if bullet else 0), inner.bottom - y)
            if bullet:
                gfx.circle(surf, gfx.GOLD, (inner.left + 6, y + size // 2 + 2), 4)
            y = gfx.blit_wrapped(surf, para, size, rect, gfx.CREAM) + 8
        super().draw(surf)
