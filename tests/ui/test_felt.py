"""The felt is made from tiles of its weave and a cached light (the start); the picture
must be the one the ~700 drawn lines and 2304 computed pixels made: the light exactly, the
weave's lines (a multiply and an add, not a blend) within one level of each colour."""

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
    got, drawn = pygame.image.tobytes(made, "RGB"), pygame.image.tobytes(_drawn_felt(*size), "RGB")
    assert max(abs(a - b) for a, b in zip(got, drawn)) <= 1


def test_the_light_between_the_lines_is_exact():
    """Away from the weave's lines the felt is the computed light, to the byte."""
    if not pygame.display.get_init():
        pygame.display.init()
    w, h = 390, 844
    made, drawn = felt.felt((w, h)), _drawn_felt(w, h)
    between = [(x, y) for y in range(0, h, 7) for x in range(w) if (x + y) % 6 and (x - y + h) % 6]
    assert all(made.get_at(p) == drawn.get_at(p) for p in between)
