"""Contact sheet of the card art: all 52 faces + backs in both styles, for review.

    python -m tools.shots.card_art [width] [out.png]     (default 90 px cards, /tmp/cards.png)
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from game.engine.cards import Card
from game.ui import art
from game.ui.constants import CARD_STYLES


def sheet(width: int = 90) -> pygame.Surface:
    w, h = art.card_size(width)
    gap = max(4, w // 10)
    cols = 14
    rows = 8
    surf = pygame.Surface((cols * (w + gap) + gap, rows * (h + gap) + gap))
    surf.fill((24, 92, 58))
    for block, style in enumerate(CARD_STYLES):
        ca = art.CardArt(style)
        for suit in range(4):
            for rank in range(2, 15):
                x = gap + (rank - 2) * (w + gap)
                y = gap + (block * 4 + suit) * (h + gap)
                surf.blit(ca.face(Card.of(rank, suit), (w, h)), (x, y))
        x = gap + 13 * (w + gap)
        for i, colour in enumerate(("blue", "red")):
            y = gap + (block * 4 + i) * (h + gap)
            surf.blit(ca.back((w, h), colour), (x, y))
        y = gap + (block * 4 + 2) * (h + gap)
        r = pygame.Rect(x, y, w, h)
        art.draw_shadow(surf, r)
        surf.blit(ca.face(Card.of(14, 1), (w, h)), r)
        art.draw_highlight(surf, r)
        r = pygame.Rect(x, y + h + gap, w, h)
        surf.blit(ca.face(Card.of(9, 3), (w, h)), r)
        art.draw_dim(surf, r)
    return surf


def main(argv: list[str]) -> int:
    width = int(argv[1]) if len(argv) > 1 else 90
    out = argv[2] if len(argv) > 2 else "/tmp/cards.png"
    pygame.init()
    pygame.display.set_mode((1, 1))
    pygame.image.save(sheet(width), out)
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
