"""A player's plate: name, roles (declarer, dealer), tricks taken against the target, the
running total; a gold edge on whoever is to act.  ThinkingDots animate on a computer
player's plate while it thinks."""

from __future__ import annotations

import pygame

from ...i18n import t
from .. import gfx
from .baked import BakedOnBackground
from .base import TableObject
from .layout import W, by_side


def plate_rect(seat: int, human: int) -> pygame.Rect:
    return by_side(seat, human, pygame.Rect(14, 596, 176, 112), pygame.Rect(14, 66, 210, 112), pygame.Rect(W - 14 - 210, 66, 210, 112))


class Plate(BakedOnBackground, TableObject):
    """Drawn once per state on the table's background and then copied (baked.py): the turn passing
    changes two plates with every card played."""

    def __init__(self, table, seat: int):
        super().__init__(table)
        self.seat = seat
        self._turn = None  # prebake(): the turn shown forced on or off while its picture is made

    def bounds(self):
        return plate_rect(self.seat, self.table.human)

    def paint_bounds(self):
        r = self.bounds()  # the panel's shadow falls right and down
        return pygame.Rect(r.x - 5, r.y - 3, r.w + 16, r.h + 17)

    def active(self) -> bool:
        if self._turn is not None:
            return self._turn
        table, v = self.table, self.v
        if table.timeline.busy:  # the view is from before the moves now animating
            return self.seat == self.board.trick_winner
        return v.to_act == self.seat and v.phase != "game_over" and not self.board.dealing

    def roles(self) -> list[str]:
        v = self.v
        out = []
        if self.seat == v.declarer:
            out.append(t("table.role.declarer"))
        if self.seat == v.dealer:
            out.append(t("table.role.dealer"))
        return out

    def tricks_text(self):
        """(text, colour) of tricks taken against the target, or None before a contract."""
        v = self.v
        if not (v.contract or v.phase != "declare"):
            return None
        target, taken = v.targets[self.seat], self.board.taken[self.seat]
        col = gfx.CREAM
        if v.contract == "MT":
            col = gfx.BRIGHT_RED if taken > target else gfx.CREAM
        elif taken >= target:
            col = (140, 230, 150)
        key = "table.tricks_min" if v.contract == "MT" else "table.tricks"
        return t(key, taken=taken, target=target), col

    def state_key(self):
        v = self.v
        return (self.seat, self.active(), self.table.seat_name(self.seat), v.declarer, v.dealer, v.contract, v.phase,
                v.targets[self.seat], self.board.taken[self.seat], v.totals[self.seat])

    def prebake(self, size) -> bool:
        """Make the picture of this plate with the turn on if it is off and off if it is
        on (what the next card played shows); True if there was nothing to make."""
        self._turn = not self.active()
        try:
            key = self.state_key()
            if self.baked(size, key):
                return True
            self._picture(size, key)
            return False
        finally:
            self._turn = None

    def draw_fresh(self, surf) -> None:
        r = self.bounds()
        active = self.active()
        gfx.blit_panel(surf, r, color=gfx.PANEL, edge=gfx.GOLD if active else gfx.PANEL_EDGE, radius=12, alpha=225, width=3 if active else 2)
        name = self.table.seat_name(self.seat)
        gfx.blit_text(surf, name, gfx.fit_size(name, 21, r.w - 76, True), (r.left + 12, r.top + 8), gfx.CREAM, True)
        roles = self.roles()
        if roles:  # one line if it fits at a readable size, else one role per line
            role = " · ".join(roles)
            lines = [role] if gfx.text_width(role, gfx.MIN_TEXT, True) <= r.w - 24 else roles
            size = min(gfx.fit_size(line, 14 if len(lines) == 1 else 13, r.w - 24, True) for line in lines)
            for i, line in enumerate(lines):
                gfx.blit_text(surf, line, size, (r.left + 12, r.top + 34 + i * (size + 2)), gfx.GOLD, True)
        tricks = self.tricks_text()
        if tricks:  # shrinks to stay on the plate (long "max" words)
            size = gfx.fit_size(tricks[0], 30, r.w - 24, True, 16)
            gfx.blit_text(surf, tricks[0], size, (r.left + 12, r.bottom - 8), tricks[1], True, "bottomleft")
        score = self.v.totals[self.seat]
        gfx.blit_text(surf, f"{score:+d}", 18, (r.right - 12, r.top + 11), gfx.GOLD if score > 0 else gfx.MUTED, True, "topright")


class ThinkingDots(TableObject):
    """• •• ••• on the plate of the computer player who is thinking."""

    layer = "top"

    def dots(self) -> int:
        table = self.table
        seat = table.thinking_seat
        if seat is None or seat == table.human or self.v.to_act != seat or self.board.dealing:
            return -1
        return int(table.time * 3) % 4

    def state_key(self):
        return self.dots()

    def bounds(self):
        seat = self.table.thinking_seat
        if seat is None or seat == self.table.human:
            return pygame.Rect(0, 0, 0, 0)
        return plate_rect(seat, self.table.human)

    def draw(self, surf) -> None:
        dots = self.dots()
        if dots > 0:
            r = plate_rect(self.table.thinking_seat, self.table.human)
            gfx.blit_text(surf, "•" * dots, 26, (r.right - 14, r.bottom - 10), gfx.GOLD, True, "bottomright")
