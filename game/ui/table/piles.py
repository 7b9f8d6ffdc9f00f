"""The tricks each seat has won this deal: a small stack of sideways backs with a count (at
its top right corner; under it where that corner would lie over an opponent's hand: a
phone's row of backs).  A tap on a pile shows the last trick (the play scene)."""

from __future__ import annotations

import pygame

from .. import art
from ..draw import gfx
from . import layout
from .base import TableObject
from .opponents import _back_rects, _layers, rotated_back

SHOWN = 6  # backs drawn in a pile at most
BADGES = 16  # counts a badge is made ahead for (a deal has 16 tricks)
TAP = 44  # logical px: the least side of the rect a tap on a pile hits


def _stack(k: int) -> pygame.Surface:
    """k sideways backs, each 3 logical px above the last, as one premultiplied picture
    (six separate alpha blits per pile cost ~1.5 ms at 4x in the browser)."""
    pile_w = layout.now().pile_w
    key = ("pile", k, pile_w, gfx.card_style())
    layer = _layers.get(key)
    if layer is None:
        back = rotated_back(pile_w)
        rise = [gfx.px(3 * i) for i in range(k)]
        layer = pygame.Surface((back.get_width(), back.get_height() + rise[-1]), pygame.SRCALPHA)
        for i in range(k):
            layer.blit(back, (0, rise[-1] - rise[i]))
        if pygame.display.get_surface() is not None:
            layer = layer.convert_alpha()
        layer = layer.premul_alpha()
        _layers[key] = layer
    return layer


def _badge_height() -> float:
    return max(18, layout.now().pile_w * 0.55)  # its number at least the text floor


def _badge(n: int) -> pygame.Surface:
    height = _badge_height()
    return gfx.labelled(art.badge(str(n), gfx.px(height), gfx.INK, gfx.GOLD), str(n), gfx.badge_text_size(height))


def warm_piles(budget_ms: float) -> bool:
    """Make the piles' pictures and count badges for at most about `budget_ms` on frames
    that draw nothing (a new badge at 4x took up to ~8 ms in the frame a trick was won).
    True when all are made."""
    import time

    end = time.perf_counter() + budget_ms / 1000.0
    for k in range(1, SHOWN + 1):
        _stack(k)
    for n in range(1, BADGES + 1):
        _badge(n)
        if time.perf_counter() > end:
            return False
    return True


class WonPiles(TableObject):
    steady = True  # its key is made of Table.inputs() alone

    def __init__(self, table):
        super().__init__(table)
        self._worked_out = (None, None, {})  # (layout, what else the places depend on, the places)
        self._hands = (None, [])  # (layout, scale and seat shown; the opponents' hands' rects)

    def _places(self) -> dict:
        """The piles' places and counts' centres as worked out for this layout, scale, card
        style, seat shown and counts.  Why: every repaint near the piles (a card leaving a
        phone's hand) asked each pile's corner against both opponents' hands again, half the
        time of repainting there in the browser."""
        lay, rest = layout.now(), (gfx.scale(), gfx.card_style(), self.table.human, tuple(self.board.taken))
        if self._worked_out[0] is not lay or self._worked_out[1] != rest:
            self._worked_out = (lay, rest, {})
        return self._worked_out[2]

    def _remembered(self, key: tuple, work_out):
        """What `work_out()` gives, worked out once for the piles as they stand (_places)."""
        places = self._places()
        got = places.get(key)
        if got is None:
            got = places[key] = work_out()
        return got

    def pos(self, seat: int) -> tuple[float, float]:
        """Centre of the pile of tricks a seat has won."""
        return layout.now().piles[layout.side(seat, self.table.human)]

    def state_key(self):
        return tuple(self.board.taken)

    def stack_rect(self, seat: int) -> pygame.Rect:
        """The logical rect of the pile of `seat`'s tricks as drawn now (its backs rise 3 px each)."""
        return gfx.logical_rect(self._stack_place(seat)[1])

    def _stack_place(self, seat: int) -> tuple[pygame.Surface, pygame.Rect]:
        """(picture, device rect) of `seat`'s pile."""
        stack, place = self._remembered(("stack", seat), lambda: self._work_out_stack_place(seat))
        return stack, place.copy()

    def _work_out_stack_place(self, seat: int) -> tuple[pygame.Surface, pygame.Rect]:
        back = rotated_back(layout.now().pile_w)
        stack = _stack(min(max(1, self.board.taken[seat]), SHOWN))
        cx, cy = gfx.dev_pos(tuple(map(int, self.pos(seat))))
        top = cy - back.get_height() // 2 - (stack.get_height() - back.get_height())
        return stack, stack.get_rect(topleft=(cx - back.get_width() // 2, top))

    def badge_center(self, seat: int) -> tuple[int, int]:
        """The count's place: the pile's top right corner, or under the pile's middle where
        that corner would lie over an opponent's hand (the two opponents' counts alike)."""
        return self._remembered(("badge", seat), lambda: self._work_out_badge_center(seat))

    def _work_out_badge_center(self, seat: int) -> tuple[int, int]:
        pile = self.stack_rect(seat)
        human = self.table.human
        alike = [s for s in range(3) if s != human] if seat != human else [seat]
        if any(self._corner_meets_a_hand(s) for s in alike):
            return (pile.centerx, pile.bottom - 3)
        return self._corner(pile)

    @staticmethod
    def _corner(pile: pygame.Rect) -> tuple[int, int]:
        return (pile.right - 2, pile.top + 4)

    def _corner_meets_a_hand(self, seat: int) -> bool:
        badge = pygame.Rect(0, 0, _badge_height() * 1.4, _badge_height())  # two digits
        badge.center = self._corner(self.stack_rect(seat))
        return any(badge.colliderect(hand) for hand in self.hands())

    def hands(self) -> list[pygame.Rect]:
        """Where the opponents' whole hands lie (a pile's count never goes there), worked
        out once per layout and seat shown (each trick won asked again: ~10 ms at 10x)."""
        human = self.table.human
        key = (layout.now(), gfx.scale(), human)
        if self._hands[0] != key:
            out = []
            for seat in range(3):
                if seat != human:
                    rects = _back_rects(16, 16, seat, human)
                    out.append(rects[0].unionall(rects))
            self._hands = (key, out)
        return self._hands[1]

    def badge_rect(self, seat: int) -> pygame.Rect:
        r = gfx.logical_rect(_badge(self.board.taken[seat]).get_rect())
        r.center = self.badge_center(seat)
        return r

    def tap_rect(self, seat: int) -> pygame.Rect:
        """What a tap on `seat`'s pile hits: the pile and its count, grown to a finger's size."""
        r = self.stack_rect(seat).union(self.badge_rect(seat)).inflate(2, 2)
        return r.inflate(max(0, TAP - r.w), max(0, TAP - r.h))

    def tap_rects(self) -> list[tuple[int, pygame.Rect]]:
        """(seat, rect) of each pile on the table."""
        return [(seat, self.tap_rect(seat)) for seat in range(3) if self.board.taken[seat] > 0]

    def paint_bounds(self):
        """Each pile with its count badge."""
        out = []
        for seat in range(3):
            if self.board.taken[seat] > 0:
                out.append(self.stack_rect(seat).inflate(4, 4).union(self.badge_rect(seat).inflate(4, 4)))
        return out

    def draw(self, surf) -> None:
        for seat in range(3):
            n = self.board.taken[seat]
            if n <= 0:
                continue
            stack, place = self._stack_place(seat)
            surf.blit(stack, place, special_flags=pygame.BLEND_PREMULTIPLIED)
            if gfx.recording():  # (what a check reads: worked out only for it)
                gfx.note("card", gfx.logical_rect(place))
                gfx.note("target", self.tap_rect(seat), name=f"pile:{seat}", card=True)
            gfx.blit(surf, _badge(n), self.badge_center(seat), "center")
