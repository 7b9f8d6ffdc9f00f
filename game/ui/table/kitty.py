"""The kitty (four cards face down at the head of the table) and, while dealing, the deck."""

from __future__ import annotations

import pygame

from ..draw import gfx
from . import layout
from .base import TableObject


def kitty_slot(i: int) -> tuple[float, float]:
    lay = layout.now()
    step = round(lay.small_w * 0.62)
    x, y = lay.kitty_center
    return (x - 1.5 * step + i * step, y)


class Kitty(TableObject):
    steady = True  # its key is made of Table.inputs() alone
    paint_margin = 4
    def slot(self, i: int) -> tuple[float, float]:
        return kitty_slot(i)

    def state_key(self):
        return self.board.kitty

    def bounds(self):
        lay = layout.now()
        w, h = gfx.card_size(lay.small_w)
        step = round(lay.small_w * 0.62)
        return pygame.Rect(int(kitty_slot(0)[0] - w / 2), int(lay.kitty_center[1] - h / 2), int(3 * step + w), h)

    def draw(self, surf) -> None:
        img = gfx.card_back(gfx.px(layout.now().small_w))
        for i in range(self.board.kitty):
            gfx.blit(surf, img, kitty_slot(i), "center")


class Deck(TableObject):
    """The dealer's deck, shrinking as the cards fly out (only while dealing)."""

    layer = "top"

    def state_key(self):
        b = self.board  # what draw() shows: the height of the stack, not the count
        return b.dealing and b.deck > 0 and min(8, b.deck // 6 + 1)

    def bounds(self):
        lay = layout.now()
        cw, ch = gfx.card_size(lay.small_w)
        return pygame.Rect(lay.deck[0] - cw // 2 - 20, lay.deck[1] - ch // 2 - 20, cw + 40, ch + 40)

    def draw(self, surf) -> None:
        b = self.board
        if not (b.dealing and b.deck > 0) or not surf.get_clip().colliderect(gfx.dev_rect(self.bounds())):
            return
        lay = layout.now()
        cw, ch = gfx.card_size(lay.small_w)
        deck = lay.deck
        for i in range(min(8, b.deck // 6 + 1)):
            gfx.draw_card(surf, None, pygame.Rect(deck[0] - cw // 2 - i, deck[1] - ch // 2 - i, cw, ch), face_up=False, shadow=i == 0, read=False)
