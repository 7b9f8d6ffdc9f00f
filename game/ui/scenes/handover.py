"""The pass-and-play cover (issue 9e): a full screen that hides the table until the person
named takes the device and asks for their cards ("I am NAME, show my cards", click or
Enter).  Pushed over the table by the phase scene when a different human is to decide
(the rule is in game/ui/seats.py); opaque, so nothing of the table shows beneath it."""

from __future__ import annotations

import pygame

from ...i18n import t
from .. import gfx
from ..registry import register
from ..scene import Scene
from ..widgets import Button

W, H = 1280, 720


@register("handover")
class HandOverScene(Scene):
    name = "handover"

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.seat = table.cover_due()
        if self.seat is None:  # asked for without a cover due: the seat to act (a person)
            self.seat = table.v.to_act if table.v.to_act in table.session.human_seats else table.human
        self.build()

    @property
    def person(self) -> str:
        return self.table.seat_name(self.seat)

    def rebuild(self) -> None:
        self.build()

    def build(self) -> None:
        label = lambda: t("handover.show", name=self.person)
        self.widgets = [Button((W // 2 - 230, 430, 460, 70), label, self.accept, name="show_cards", primary=True, size=24)]

    def extra_key(self):
        return (self.seat, self.person)

    def accept(self) -> None:
        """The person named has the device: their cards are shown, the table goes on."""
        if self.app.scene is self:
            self.table.show_to(self.seat)
            self.app.pop()

    def back(self) -> None:
        """Esc: the pause menu (save, quit); the cover stays until accepted."""
        self.app.push_scene("pause", self.table)

    def draw(self, surf) -> None:
        gfx.blit_felt(surf)
        v = self.table.v
        panel = pygame.Rect(W // 2 - 400, 120, 800, 420)
        gfx.blit_panel(surf, panel, alpha=255)
        deal = t("table.deal", deal=v.deal_number + 1, deals=v.deals_total)
        gfx.blit_text(surf, deal, 18, (W // 2, panel.top + 22), gfx.MUTED, True, "midtop")
        title = t("handover.title", name=self.person)
        gfx.blit_text(surf, title, gfx.fit_size(title, 40, panel.w - 60, True), (W // 2, panel.top + 64), gfx.GOLD, True, "midtop", shadow=True)
        line = t("handover.turn", name=self.person)
        gfx.blit_text(surf, line, gfx.fit_size(line, 22, panel.w - 60, True), (W // 2, panel.top + 140), gfx.CREAM, True, "midtop")
        gfx.blit_wrapped(surf, t("handover.note", name=self.person), 18, pygame.Rect(panel.left + 60, panel.top + 190, panel.w - 120, 90), gfx.CREAM, align="center")
        super().draw(surf)
        gfx.blit_text(surf, t("handover.keys"), 16, (W // 2, panel.bottom - 14), gfx.DIM, False, "midbottom")
