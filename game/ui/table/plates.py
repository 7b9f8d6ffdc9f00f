"""A player's plate: name, roles (declarer, dealer), tricks taken against the target, the
running total; a gold edge on whoever is to act.  ThinkingDots animate on a computer
player's plate while it thinks."""

from __future__ import annotations

import pygame

from ...engine import Phase
from ...i18n import t
from ..draw import gfx
from ..widgets import fit_first
from . import layout
from .baked import BakedOnBackground
from .base import TableObject
from .once import once_a_drawing


def plate_rect(seat: int, human: int) -> pygame.Rect:
    return layout.now().plates[layout.side(seat, human)]


def plate_look(seat: int, human: int) -> str:
    """"box" (name over roles over tricks) or "row" (one strip: the human's, standing)."""
    return layout.now().plate_look[layout.side(seat, human)]


def deal_in_play(table) -> bool:
    """The deal is being played (its status is what the player reads), not yet over: no
    deal's result and no winner's moment lie over the table."""
    board = table.board
    return table.v.phase in (Phase.EXCHANGE, Phase.DISCARD, Phase.PLAY) and board.verdict is None and board.celebration is None


SIGN_H = 22  # a deal's points shown by a plate (+1, -2): the sign's height


def sign_rect(plate: pygame.Rect, look: str) -> pygame.Rect:
    """Where a plate shows the points a deal just brought: a box's bottom right corner (the
    room the thinking dots use; no one thinks then), or just above a row's right end."""
    if look == "row":  # above the total (the won tricks lie right of it)
        return pygame.Rect(plate.right - layout.ROW_PILE - 64, plate.top - 4 - SIGN_H, 64, SIGN_H)
    return pygame.Rect(plate.right - DOTS_W - 6, plate.bottom - SIGN_H - 6, DOTS_W, SIGN_H)


class Plate(BakedOnBackground, TableObject):
    """Drawn once per state on the table's background and then copied (baked.py): the turn passing
    changes two plates with every card played."""
    steady = True  # its key is made of Table.inputs() alone

    def __init__(self, table, seat: int):
        super().__init__(table)
        self.seat = seat
        self._turn = None  # prebake(): the turn shown forced on or off while its picture is made
        self._won = 0  # prebake(): tricks shown on top of those taken (the trick it is winning)

    @once_a_drawing
    def bounds(self):
        if layout.side(self.seat, self.table.human) == "bottom":  # standing, it sits just above the hand
            return layout.now().bottom_plate(self.table.hand.room())
        return plate_rect(self.seat, self.table.human)

    def sign_rect(self) -> pygame.Rect:
        return sign_rect(self.bounds(), plate_look(self.seat, self.table.human))

    def paint_bounds(self):
        r = self.bounds()  # the panel's shadow falls right and down
        return pygame.Rect(r.x - 5, r.y - 3, r.w + 16, r.h + 17)

    def pile_left(self) -> int:
        """The left edge of this seat's pile of won tricks (with its count's badge)."""
        x = layout.now().piles[layout.side(self.seat, self.table.human)][0]
        return int(x - gfx.card_size(layout.now().pile_w)[1] // 2)

    def active(self) -> bool:
        if self._turn is not None:
            return self._turn
        table, v = self.table, self.v
        if table.timeline.busy:  # the view is from before the moves now animating
            return self.seat == self.board.trick_winner
        return v.to_act == self.seat and v.phase != Phase.GAME_OVER and not self.board.dealing

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
        said = Plate.tricks_texts(self)  # the replay's seat blocks borrow it (table/replay.py)
        return None if said is None else (said[0][0], said[1])

    def tricks_texts(self, taken: int | None = None):
        """(texts, colour) of `taken` tricks (None: those the board shows taken) against the
        target, the same said shorter and shorter (the numbers always whole), or None before
        a contract."""
        v = self.v
        if not (v.contract or v.phase != Phase.DECLARE):
            return None
        target = v.targets[self.seat]
        taken = self.board.taken[self.seat] if taken is None else taken
        col = gfx.CREAM
        if v.contract == "MT":
            col = gfx.BRIGHT_RED if taken > target else gfx.CREAM
        elif taken >= target:
            col = (140, 230, 150)
        if v.contract == "MT":
            return [t("table.tricks_min", taken=taken, target=target), t("table.tricks_min_short", taken=taken, target=target)], col
        return [t("table.tricks", taken=taken, target=target)], col

    @once_a_drawing
    def state_key(self):
        v = self.v
        return (self.seat, tuple(self.bounds()), self.active(), self.table.seat_name(self.seat), v.declarer, v.dealer, v.contract, v.phase,
                v.targets[self.seat], self.taken(), self.board.totals[self.seat])

    def taken(self) -> int:
        """The tricks this seat has taken, as the plate shows them."""
        return self.board.taken[self.seat] + self._won

    def prebake(self, size) -> bool:
        """Make the picture of this plate's next state, one per call: the turn on if it is
        off and off if it is on (what the next card played shows), and while tricks are
        played its count one up, turn off and on (what a trick it wins shows as it is
        gathered: each was a picture made in the frame it showed, ~10 ms at 10x in the
        browser, and a finished trick is often tapped away before a frame draws nothing).
        Those stay made until the seat wins a trick.  True if there was nothing to make."""
        turn = not self.active()
        states = [(turn, 0)] + ([(False, 1), (True, 1)] if self.v.phase == Phase.PLAY else [])
        try:
            for self._turn, self._won in states:
                key = self.state_key()
                if not self.baked(size, key):
                    self._picture(size, key)
                    return False
            return True
        finally:
            self._turn, self._won = None, 0

    def draw_fresh(self, surf) -> None:
        r = self.bounds()
        active = self.active()
        gfx.blit_panel(surf, r, color=gfx.PANEL, edge=gfx.GOLD if active else gfx.PANEL_EDGE, radius=12, alpha=225, width=3 if active else 2)
        if plate_look(self.seat, self.table.human) == "row":
            self._draw_row(surf, r)
        else:
            self._draw_box(surf, r)

    def _score(self) -> tuple[str, tuple]:
        score = self.board.totals[self.seat]  # changes as the deal's points land (verdict.py)
        return f"{score:+d}", gfx.GOLD if score > 0 else gfx.MUTED

    def _draw_row(self, surf, r) -> None:
        """One strip: name and roles left, tricks, score, the won tricks right.  The name
        and the tricks are never shortened: the name takes what it needs, the tricks the rest."""
        lay = layout.now()
        score_text, score_col = self._score()
        ssize, nsize = lay.size("score"), lay.size("name")
        pad = 10
        end = min(r.right - layout.ROW_PILE, self.pile_left() - 6)  # the won tricks' pile lies at the row's right end
        gfx.blit_text(surf, score_text, ssize, (end, r.centery), score_col, True, "midright", box=r)
        right = end - gfx.text_width(score_text, ssize, True) - 12
        name = self.table.seat_name(self.seat)
        roles = self.roles()
        role = " · ".join(roles)
        nfit = gfx.fit_size(name, nsize, (right - r.left - pad) // 2, True, gfx.MIN_TEXT)
        left_w = max(gfx.text_width(name, nfit, True), gfx.text_width(role, lay.size("role"), True) if roles else 0)
        tricks = self.tricks_texts(self.taken())
        if tricks:
            room = right - (r.left + pad + min(left_w, (right - r.left - pad) // 2) + 10)
            text, tsize = fit_first(tricks[0], lay.size("tricks"), room, True, 14)
            tr = gfx.blit_text(surf, text, tsize, (right, r.centery), tricks[1], True, "midright", width=room, box=r)
            if deal_in_play(self.table):
                gfx.note("need", tr, what="tricks against the target")
            right = tr.left - 10
        width = right - r.left - pad
        if roles:
            gfx.blit_text(surf, name, nfit, (r.left + pad, r.top + 4), gfx.CREAM, True, width=width, box=r)
            gfx.blit_text(surf, role, lay.size("role"), (r.left + pad, r.bottom - 4), gfx.GOLD, True, "bottomleft", width=width, box=r)
        else:
            gfx.blit_text(surf, name, nfit, (r.left + pad, r.centery), gfx.CREAM, True, "midleft", width=width, box=r)

    def _draw_box(self, surf, r) -> None:
        """Name over roles over tricks; the score right of the name, or right of the roles
        when a long name needs the whole width (a name is never shortened)."""
        lay = layout.now()
        score_text, score_col = self._score()
        ssize, nsize = lay.size("score"), lay.size("name")
        score_w = gfx.text_width(score_text, ssize, True)
        pad = 10 if r.h < 100 else 12
        name = self.table.seat_name(self.seat)
        roles = self.roles()
        name_w = r.w - 2 * pad - score_w - 8
        size = gfx.fit_size(name, nsize, name_w, True, max(gfx.MIN_TEXT + 2, nsize - 4))
        score_down = gfx.text_width(name, size, True) > name_w  # the score moves to the roles' line
        if score_down:
            name_w = r.w - 2 * pad
            size = gfx.fit_size(name, nsize, name_w, True, gfx.MIN_TEXT)
        gfx.blit_text(surf, name, size, (r.left + pad, r.top + pad - 4), gfx.CREAM, True, width=name_w, box=r)
        rsize = lay.size("role")
        top = r.top + pad - 4 + gfx.line_height(size, True, 0) + 1
        gfx.blit_text(surf, score_text, ssize, (r.right - pad, (top - 1) if score_down else (r.top + pad - 1)), score_col, True, "topright", box=r)
        role_w = r.w - 2 * pad - (score_w + 8 if score_down else 0)
        tricks = self.tricks_texts(self.taken())
        if tricks:  # the tricks taken, bottom left (long "max" words: shorter words, the numbers whole)
            width = r.w - 2 * pad - DOTS_W
            text, tsize = fit_first(tricks[0], lay.size("tricks"), width, True, 14)
            bottom = r.bottom - pad + 4
            tr = gfx.blit_text(surf, text, tsize, (r.left + pad, bottom), tricks[1], True, "bottomleft", width=width, box=r)
            if deal_in_play(self.table):
                gfx.note("need", tr, what="tricks against the target")
            room = bottom - gfx.line_height(tsize, True, 0) - top
        else:
            room = r.bottom - pad - top
        if roles:  # one line if it fits, else one role per line while there is room
            role = " · ".join(roles)
            lines = [role] if gfx.text_width(role, rsize, True) <= role_w or len(roles) == 1 else roles
            lh = rsize + 2
            if len(lines) * lh > room:
                lines = [role]
            for i, line in enumerate(lines):
                gfx.blit_text(surf, line, rsize, (r.left + pad, top + i * lh), gfx.GOLD, True, width=role_w, box=r)


DOTS_W = 44  # room kept right of the tricks for the thinking dots


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
        if dots > 0:  # bottom right, in the room the tricks leave them (never over the count)
            r = plate_rect(self.table.thinking_seat, self.table.human)
            gfx.blit_text(surf, "•" * dots, 20, (r.right - 10, r.bottom - 8), gfx.GOLD, True, "bottomright", box=r)
