"""The pass-and-play cover: a full screen that hides the table until the person
named takes the device and asks for their cards ("I am NAME, show my cards", click or
Enter).  Pushed over the table by the phase scene when a different human is to decide
(the rule is in game/ui/games/seats.py); opaque, so nothing of the table shows beneath it."""

from __future__ import annotations

import pygame

from ...i18n import t
from ..draw import gfx
from ..menus import menu_page
from ..registry import register
from ..scene import Scene
from ..widgets import Button
from ..window import screen

BUTTON_H = 60  # the one button: wider and taller than the bar's, two lines of a long name
MIDDLE = 0.56  # the button's centre, down the window: where the trick lies at the table


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
        self.widgets = [Button(self.button_rect(), label, self.accept, name="show_cards", primary=True, size=24, icon=self.draw_label)]

    def draw_label(self, surf, r, fg) -> None:
        """The button's label: one line where it fits at a good size, else two lines at a
        size a person reads from arm's length (a long name)."""
        text, inner = t("handover.show", name=self.person), r.w - 24
        size = gfx.fit_size(text, 24, inner, True, 18)
        lines = [text]
        if gfx.text_width(text, size, True) > inner:
            for size in range(20, 13, -1):
                wrapped = gfx.wrap(text, size, inner, True)
                if len(wrapped) <= 2 and len(wrapped) * gfx.line_height(size, True, 2) + 6 <= r.h:
                    lines = wrapped
                    break
        lh = gfx.line_height(size, True, 2)
        y = r.centery - lh * len(lines) // 2 + lh // 2
        for line in lines:
            gfx.blit_text(surf, line, size, (r.centerx, y), fg, True, "center", width=inner, box=r)
            y += lh

    def button_rect(self) -> pygame.Rect:
        """Under the cover's text, in the middle band of the window where the trick lies
        at the table: a second tap on it cannot play a card from the hand or press a button
        of the table's bar (both at the bottom)."""
        s = screen.safe()
        panel = self.panel_rect()
        r = pygame.Rect(0, 0, min(480, s.w - 2 * menu_page.BAR_MARGIN), BUTTON_H)
        r.midtop = (s.centerx, max(panel.bottom + 16, s.top + int(s.h * MIDDLE) - BUTTON_H // 2))
        r.bottom = min(r.bottom, s.bottom - menu_page.BAR_MARGIN)
        return r

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

    @staticmethod
    def low() -> bool:
        """A low window (a phone lying): the cover says less, in smaller letters, so that
        its button stays in the middle band."""
        return screen.safe().h < 480

    def lines(self, width: int) -> list[tuple]:
        """What the cover says, top to bottom: (text, size, colour, bold, at most lines, gap above)."""
        v = self.table.v
        big, low = screen.current().compact > 0.5, self.low()
        deal = (t("table.deal", deal=v.deal_number + 1, deals=v.deals_total), 18 if big else 15, gfx.MUTED, True, 1, 0)
        text = t("handover.title", name=self.person)
        size = 40 if big else 22 if low else 26
        one_line = gfx.fit_size(text, size, width, True, size * 3 // 4)  # one line a little smaller rather than a word alone
        title = (text, one_line if gfx.text_width(text, one_line, True) <= width else size, gfx.GOLD, True, 2 if low else 3, 8 if low else 14)
        turn = (t("handover.turn", name=self.person), 22 if big else 18, gfx.CREAM, True, 2, 12)
        note = (t("handover.note", name=self.person), 18 if big else 15 if low else 16, gfx.CREAM, False, 3 if low else 4, 8 if low else 14)
        return [deal, title, note] if low else [deal, title, turn, note]

    def keys(self, width: int):
        """The keys' line, where a keyboard is likely (not on a phone)."""
        return None if menu_page.phone() else (t("handover.keys"), 16 if width >= 600 else 14)

    def panel_rect(self) -> pygame.Rect:
        """The text's panel, sized to its lines, ending above the band of the button."""
        s = screen.safe()
        w = min(800, s.w - 20)
        inner_w = w - 2 * self.pad(w)
        h = 2 * self.margin() + sum(line[5] + self.height(line, inner_w) for line in self.lines(inner_w))
        keys = self.keys(w)
        if keys:
            h += 12 + gfx.line_height(keys[1])
        bottom = max(s.top + 10 + h, s.top + int(s.h * MIDDLE) - BUTTON_H // 2 - 16)
        r = pygame.Rect(0, 0, w, h)
        r.midbottom = (s.centerx, bottom)
        r.top = max(r.top, s.top + 10)
        r.h = min(r.h, bottom - r.top)
        return r

    @staticmethod
    def pad(width: int) -> int:
        return 40 if width >= 600 else 18

    def margin(self) -> int:
        """Above the first line and below the last."""
        return 14 if self.low() else 22

    @staticmethod
    def height(line, width: int) -> int:
        text, size, _colour, bold, most, _gap = line
        return min(most, len(gfx.wrap(text, size, width, bold))) * gfx.line_height(size, bold, 2)

    def draw(self, surf) -> None:
        gfx.blit_felt(surf)
        panel = self.panel_rect()
        gfx.blit_panel(surf, panel, alpha=255)
        pad = self.pad(panel.w)
        y = panel.top + self.margin()
        for text, size, colour, bold, most, gap in self.lines(panel.w - 2 * pad):
            y += gap
            box = pygame.Rect(panel.left + pad, y, panel.w - 2 * pad, panel.bottom - y)
            y = gfx.blit_wrapped(surf, text, size, box, colour, bold, line_gap=2, align="center", max_lines=most)
        keys = self.keys(panel.w)
        if keys and panel.bottom - y >= 12 + gfx.line_height(keys[1]):
            gfx.blit_text(surf, keys[0], keys[1], (panel.centerx, panel.bottom - 14), gfx.DIM, False, "midbottom", width=panel.w - 2 * pad, box=panel)
        super().draw(surf)
