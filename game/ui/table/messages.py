"""The prompt and messages line: what the human is asked to do (above the hand), a refusal
or note (the toast) and the table's announcements (the banner: contract named, trick won,
cards passed)."""

from __future__ import annotations

import pygame

from ...i18n import t
from .. import gfx
from ..widgets import Toast
from .base import TableObject

PROMPT_Y = 530
BANNER_Y = 206


def current_receiver(v):
    done = len(v.exchange)
    return v.exchange_plan[done][1] if done < len(v.exchange_plan) else None


class PromptLine(TableObject):
    def __init__(self, table):
        super().__init__(table)
        self.drawn: list[pygame.Rect] = []  # logical rects of the last drawing

    def text(self) -> str:
        table, v = self.table, self.v
        if self.board.dealing:
            return t("table.dealing")
        seat = v.to_act
        if v.phase == "game_over" or seat is None:
            return ""
        name = table.seat_name(seat)
        recv = current_receiver(v)
        recv_name = table.seat_name(recv) if recv is not None else ""
        if seat != table.human:
            if v.phase == "declare":
                return t("declare.waiting", name=name)
            if v.phase == "exchange":
                return t("exchange.waiting", giver=name, receiver=recv_name)
            if v.phase == "discard":
                return t("kitty.waiting", name=name)
            return t("table.thinking", name=name)
        if v.phase == "play":
            return t("play.prompt_lead") if not v.trick else t("play.prompt")
        if v.phase == "discard":
            return t("kitty.prompt", chosen=len(table.hand.selected))
        if v.phase == "exchange":
            left = sum(1 for g, _ in v.exchange_plan if g == table.human) - sum(1 for s in v.exchange if s.giver == table.human)
            return t("exchange.prompt", receiver=recv_name, left=left)
        return ""  # declare: the panel asks

    def shown(self) -> str:
        if self.table.timeline.busy and not self.board.dealing:
            return ""
        text = self.text()
        table = self.table
        if text and table.you is None and self.v.to_act == table.human and not self.board.dealing:
            return t("handover.prompt_named", name=table.seat_name(table.human), prompt=text)  # issue 9e
        return text

    def state_key(self):
        return self.shown()

    def bounds(self):
        """The line (or lines) above the hand, with its backing strip and shadow (an empty
        rect when there is no prompt)."""
        msg = self.shown()
        if not msg:
            return pygame.Rect(0, 0, 0, 0)
        img = gfx.text(msg, 20, gfx.CREAM, True)
        if img.get_width() > 860:
            lines = gfx.wrap(msg, 18, 860, True)
            width = max(gfx.text_width(line, 18, True) for line in lines)
            return pygame.Rect(640 - width // 2 - 2, 518 - 11 * len(lines) - 2, width + 8, 22 * len(lines) + 10)
        return img.get_rect(center=(640, PROMPT_Y)).inflate(40, 16)

    def draw(self, surf) -> None:
        self.drawn = []
        msg = self.shown()
        if not msg:
            return
        img = gfx.text(msg, 20, gfx.CREAM, True)
        if img.get_width() > 860:
            lines = gfx.wrap(msg, 18, 860, True)
            y = 518 - 11 * len(lines)
            for line in lines:
                self.drawn.append(gfx.blit_text(surf, line, 18, (640, y), gfx.CREAM, True, "midtop", shadow=True))
                y += 22
            return
        r = img.get_rect(center=(640, PROMPT_Y))
        gfx.fill_overlay(surf, r.inflate(36, 12), (0, 0, 0, 90))
        self.drawn.append(gfx.blit_text(surf, msg, 20, r.center, gfx.CREAM, True, "center"))


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
        for toast, center in ((self.banner, (640, BANNER_Y)), (self.toast, None)):
            if toast.active:
                out.append(toast.rect(center or self.toast_center()).inflate(28, 28))
        return out

    def toast_center(self):
        """Just above the prompt line (never over it), or on the prompt's line when there
        is no prompt."""
        prompt = self.table.prompt.drawn
        if not prompt:
            return (640, PROMPT_Y)
        top = min(r.top for r in prompt) - 6  # the prompt's backing strip
        return (640, top - 6 - self.toast.rect((0, 0)).h // 2)

    def draw(self, surf) -> None:
        self.drawn = [r for r in (self.banner.draw(surf, (640, BANNER_Y)), self.toast.draw(surf, self.toast_center())) if r]
