"""Draw the game icon: a fan of three cards (3, 5 and 8) on a round green table.

    python -m tools.assets.icon        # writes assets/icon.png (128x128) and assets/icon-32.png
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from game.engine.cards import Card
from game.ui import art

ASSETS = Path(__file__).resolve().parents[2] / "assets"


def icon(size: int = 256) -> pygame.Surface:
    k = 2  # draw at twice the size, scale down
    S = size * k
    surf = pygame.Surface((S, S), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    # table: a rounded green square with a lighter centre
    pygame.draw.rect(surf, (14, 70, 44), surf.get_rect(), border_radius=int(S * 0.2))
    for i in range(12):
        t = i / 11
        col = (int(14 + 22 * t), int(70 + 50 * t), int(44 + 28 * t))
        pygame.draw.circle(surf, col, (S / 2, S * 0.58), S * (0.5 - 0.3 * t))
    mask = pygame.Surface((S, S), pygame.SRCALPHA)
    mask.fill((0, 0, 0, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), surf.get_rect(), border_radius=int(S * 0.2))
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(surf, (196, 146, 28), surf.get_rect(), max(2, S // 64), border_radius=int(S * 0.2))
    ca = art.CardArt("classic")
    cw = int(S * 0.36)
    cards = (("3H", 24), ("5S", 0), ("8D", -24))
    pivot = (S / 2, S * 0.98)
    for text, angle in cards:
        face = ca.face(Card.parse(text), cw)
        shadowed = pygame.Surface((face.get_width() + 16, face.get_height() + 16), pygame.SRCALPHA)
        shadowed.fill((0, 0, 0, 0))
        art.draw_shadow(shadowed, pygame.Rect(8, 8, *face.get_size()), offset=(3, 5), alpha=110)
        shadowed.blit(face, (8, 8))
        rotated = pygame.transform.rotozoom(shadowed, angle, 1.0)
        # rotate about a pivot below the cards (a hand of cards)
        v = pygame.math.Vector2(0, -S * 0.55).rotate(-angle)
        centre = (pivot[0] + v.x, pivot[1] + v.y)
        surf.blit(rotated, rotated.get_rect(center=centre))
    return pygame.transform.smoothscale(surf, (size, size))


def main(argv: list[str]) -> int:
    pygame.init()
    pygame.display.set_mode((1, 1))
    big = icon(128)
    pygame.image.save(big, str(ASSETS / "icon.png"))
    pygame.image.save(icon(32), str(ASSETS / "icon-32.png"))
    for name in ("icon.png", "icon-32.png"):
        print(f"assets/{name}: {(ASSETS / name).stat().st_size / 1024:.1f} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
