"""The title's fan of cards: the game's three numbers, 3♠ 5♥ 8♦.  The title shows without
it and it is dealt in, a card at a time, once the warm-up has loaded the card art: in
the browser the card art's modules and three faces were ~0.3 s of a cheap phone's start,
spent before anything showed.  The turned pictures are kept, so the title shown again (a
game left, a menu closed) has the whole fan at once."""

from __future__ import annotations

import sys

import pygame

from ...engine.cards import Card
from ..draw import gfx

FAN = ("3S", "5H", "8D")
SPREAD = 14  # degrees each card is turned from the one beside it
KEPT_FANS = 4  # the fans kept (a width and a card style each): a resize makes another

_made: dict[tuple[int, str], list[pygame.Surface]] = {}  # (width in device px, style) -> the cards turned so far


class TitleFan:
    """Where the fan stands (its centre and card width, logical px) and how much of it is made."""

    def __init__(self):
        self.center = (0, 0)
        self.width = 64
        self._key: tuple[int, str] | None = None  # set by the first drawing: the device's card width, the style
        self._faced: tuple | None = None  # (key, card) whose face is made and not yet laid in the fan
        self._failed = False  # making a card failed: the title goes on without its fan

    def draw(self, surf, center, width: int) -> None:
        """The cards made so far, at `center` with cards `width` logical px wide."""
        self.center, self.width = center, width
        self._key = (gfx.px(width), gfx.card_style())
        for i, img in enumerate(_made.get(self._key, ())):
            x = center[0] + (i - 1) * width * 0.62
            y = center[1] + abs(i - 1) * 10
            gfx.blit(surf, img, (x, y), "center")

    def made(self) -> int:
        """How many of the fan's cards show (part of the title's frame key)."""
        return len(_made.get(self._key, ())) if self._key else 0

    def make_next(self) -> bool:
        """A step of the fan: the next card's face, then that card turned and laid in the
        fan (the title drawn again); a step each, as together with the title's drawing they
        were a task of 106-120 ms at 10x.  False when nothing was done: all are made, the
        title has not been drawn yet, or the card art is not loaded yet (the warm-up loads it
        early).  A fan that cannot be made is decoration lost, never the title."""
        key = self._key
        if key is None or self._failed or len(_made.get(key, ())) == len(FAN) or "game.ui.art.faces" not in sys.modules:
            return False
        if key not in _made and len(_made) >= KEPT_FANS:
            _made.clear()
        cards = _made.setdefault(key, [])
        i = len(cards)
        try:
            face = gfx.card_face(Card.parse(FAN[i]), key[0])  # made once: the art keeps it
            if self._faced != (key, i):
                self._faced = (key, i)
                return True
            cards.append(pygame.transform.rotozoom(face, (1 - i) * SPREAD, 1.0))
        except Exception:
            self._failed = True
        return True
