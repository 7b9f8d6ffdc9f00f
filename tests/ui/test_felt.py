"""The felt is made from a tile of its weave and a cached light (the start); the
picture must be exactly the one the ~700 drawn lines and 2304 computed pixels made."""

import math

import pygame
import pytest

from game.ui.draw import felt
from game.ui.draw.palette import FELT_DARK, FELT_LIGHT


def _drawn_felt(w, h):
    """The felt as it was drawn before: every pixel of the light, every line of the weave."""
    small = pygame.Surface((64, 36))
    cx, cy = 32, 15
    for y in range(36):
        for x in range(64):
            d = math.hypot((x - cx) / 40, (y - cy) / 26)
            k = max(0.0, 1 - d)
            k = k * k * (3 - 2 * k)
            small.set_at((x, y), [int(FELT_DARK[i] + (FELT_LIGHT[i] - FELT_DARK[i]) * (0.15 + 0.85 * k)) for i in range(3)])
    surf = pygame.transform.smoothscale(small, (w, h))
    weave = pygame.Surface((w, h), pygame.SRCALPHA)
    for x in range(-h, w, 6):
        pygame.draw.line(weave, (255, 255, 255, 7), (x, 0), (x + h, h))
    for x in range(0, w + h, 6):
        pygame.draw.line(weave, (0, 0, 0, 9), (x, 0), (x - h, h))
    surf.blit(weave, (0, 0))
    return surf


@pytest.mark.parametrize("size", [(1280, 720), (960, 540), (1000, 562), (1001, 563), (1500, 843), (13, 7)])
def test_the_felt_is_the_drawn_felt(size):
    if not pygame.display.get_init():
        pygame.display.init()
    made = felt.felt(size)
    assert made.get_size() == size
    assert pygame.image.tobytes(made, "RGB") == pygame.image.tobytes(_drawn_felt(*size), "RGB")
