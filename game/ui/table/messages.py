"""The prompt and messages line: what the human is asked to do (above the hand), a refusal
or note (the toast) and the table's announcements (the banner: contract named, trick won,
cards passed)."""

from __future__ import annotations

import pygame

from ...engine import Phase
from ...i18n import t
from ..draw import gfx
from ..widgets import Toast
from . import layout
from .base import TableObject
from .once import once_a_drawing


def current_receiver(v):
    done = len(v.exchange)
    return v.exchange_plan[done][1] if done < len(v.exchange_plan) else None


class PromptLine(TableObject):
    steady = True  # its key is made of Table.inputs() alone
    def __init__(self, table):
        super().__init__(table)
        self.drawn: list[pygame.Rect] = []  # logical rects of the last drawing
        self._rects = (None, None, [])  # (layout, what else they depend on, the line rects): asked every frame by the state key

    def text(self) -> str:
        table, v = self.table, self.v
        if self.board.dealing:
            return t("table.dealing")
        seat = v.to_act
        if v.phase == Phase.GAME_OVER or seat is None:
            return ""
        name = table.seat_name(seat)
        recv = current_receiver(v)
        recv_name = table.seat_name(recv) if recv is not None else ""
        if seat != table.human:
            if v.phase == Phase.DECLARE:
                return t("declare.waiting", name=name)
            if v.phase == Phase.EXCHANGE:
                return t("exchange.waiting", giver=name, receiver=recv_name)
            if v.phase == Phase.DISCARD:
                return t("kitty.waiting", name=name)
            return t("table.thinking", name=name)
        if v.phase == Phase.PLAY:
            return t("play.prompt_lead") if not v.trick else t("play.prompt")
        if v.phase == Phase.DISCARD:
            return t("kitty.prompt", chosen=len(table.hand.selected))
        if v.phase == Phase.EXCHANGE:
            left = sum(1 for g, _ in v.exchange_plan if g == table.human) - sum(1 for s in v.exchange if s.giver == table.human)
            return t("exchange.prompt", receiver=recv_name, left=left)
        return ""  # declare: the panel asks

    @once_a_drawing
    def shown(self) -> str:
        if self.table.timeline.busy and not self.board.dealing:
            return ""
        text = self.text()
        table = self.table
        if text and table.you is None and self.v.to_act == table.human and not self.board.dealing:
            return t("handover.prompt_named", name=table.seat_name(table.human), prompt=text)
        return text

    def state_key(self):
        # where it lies too: over a hand being dealt it moves up as the rows grow
        return (self.shown(), tuple(self.bounds()))

    def lines(self) -> tuple[int, list[str]]:
        """(size, lines): one line, or wrapped onto two (then three) within the hand's width."""
        msg = self.shown()
        lay = layout.now()
        size, room = lay.size("prompt"), lay.prompt_width
        if not msg or gfx.text_width(msg, size, True) <= room:
            return size, [msg] if msg else []
        size = max(gfx.MIN_TEXT + 2, size - 2)
        return size, gfx.wrap(msg, size, room, True)[:3]

    def line_rects(self) -> list[pygame.Rect]:
        """Each line's logical rect: the last line sits just above the hand (above its
        lifted cards), on a dark band wide enough for every line.  Worked out again only when
        the words, the layout, the text's scale or the hand's size change."""
        lay = layout.now()
        key = (self.shown(), gfx.scale(), self.table.hand.room())
        was_lay, was_key, rects = self._rects
        if was_lay is not lay or was_key != key:
            rects = self._line_rects(lay)
            self._rects = (lay, key, rects)
        return [r.copy() for r in rects]

    def _line_rects(self, lay) -> list[pygame.Rect]:
        size, lines = self.lines()
        lh = gfx.line_height(size, True, 2)
        bottom = lay.prompt_over(self.table.hand.room()) - 6
        cx = lay.hand_area.centerx if not lay.tall else lay.w // 2
        out = []
        for i, line in enumerate(lines):
            r = pygame.Rect(0, 0, gfx.text_width(line, size, True), lh)
            r.midbottom = (cx, bottom - (len(lines) - 1 - i) * lh)
            out.append(r)
        return out

    @once_a_drawing
    def bounds(self):
        """The line (or lines) above the hand, with the dark band behind them (an empty rect
        when there is no prompt)."""
        rects = self.line_rects()
        if not rects:
            return pygame.Rect(0, 0, 0, 0)
        return rects[0].unionall(rects).inflate(36, 12)

    def draw(self, surf) -> None:
        self.drawn = []
        rects = self.line_rects()
        if not rects:
            return
        size, lines = self.lines()
        band = self.bounds()
        gfx.fill_overlay(surf, band, (0, 0, 0, 90))
        for line, r in zip(lines, rects):
            self.drawn.append(gfx.blit_text(surf, line, size, r.center, gfx.CREAM, True, "center", width=layout.now().prompt_width, box=band))


class Messages(TableObject):
    """The banner (announcements) and the toast (refusals and notes), over everything."""

    layer = "top"

    def __init__(self, table):
        super().__init__(table)
        self.banner = Toast()
        self.toast = Toast()
        self.drawn: list[pygame.Rect] = []  # logical rects of the last drawing

    def update(self, dt: float) -> None:
        self.banner.update(dt)
        self.toast.update(dt)

    def state_key(self):
        toast = self.toast.active and (self.toast.message, self.toast.kind, self.toast_center())
        return (self.banner.active and self.banner.message, toast)

    def paint_bounds(self):
        """The banner and the toast with their panels' shadows."""
        out = []
        for toast, center in ((self.banner, self.banner_center()), (self.toast, None)):
            if toast.active:
                out.append(toast.rect(center or self.toast_center()).inflate(28, 28))
        return out

    @staticmethod
    def banner_center():
        lay = layout.now()
        return (lay.w // 2, lay.banner_y)

    def toast_center(self):
        """Just above the prompt line (never over it), or on the prompt's line when there
        is no prompt."""
        lay = layout.now()
        prompt = self.table.prompt.drawn
        cx = lay.w // 2
        if not prompt:
            return (cx, lay.prompt_bottom - 20)
        top = min(r.top for r in prompt) - 6  # the prompt's backing strip
        return (cx, top - 6 - self.toast.rect((0, 0)).h // 2)

    def draw(self, surf) -> None:
        self.drawn = [r for r in (self.banner.draw(surf, self.banner_center()), self.toast.draw(surf, self.toast_center())) if r]
