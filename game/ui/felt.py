"""The table's green felt: a soft light in the middle, a vignette and a fine weave (drawn
once per window size)."""

from __future__ import annotations

import math

import pygame

from .palette import FELT_DARK, FELT_LIGHT

_felt_cache: dict[tuple, pygame.Surface] = {}


def felt(size) -> pygame.Surface:
    """The table: green felt with a soft light in the middle, a vignette and a fine weave."""
    size = tuple(size)
    surf = _felt_cache.get(size)
    if surf is not None:
        return surf
    from .budget import making  # issue 13: a budgeted first frame stops before it

    making()
    w, h = size
    small = pygame.Surface((64, 36))
    cx, cy = 32, 15
    for y in range(36):
        for x in range(64):
            d = math.hypot((x - cx) / 40, (y - cy) / 26)
            k = max(0.0, 1 - d)
            k = k * k * (3 - 2 * k)
            col = [int(FELT_DARK[i] + (FELT_LIGHT[i] - FELT_DARK[i]) * (0.15 + 0.85 * k)) for i in range(3)]
            small.set_at((x, y), col)
    surf = pygame.transform.smoothscale(small, (w, h))
    # fine weave: faint diagonal lines
    weave = pygame.Surface((w, h), pygame.SRCALPHA)
    for x in range(-h, w, 6):
        pygame.draw.line(weave, (255, 255, 255, 7), (x, 0), (x + h, h))
    for x in range(0, w + h, 6):
        pygame.draw.line(weave, (0, 0, 0, 9), (x, 0), (x - h, h))
    surf.blit(weave, (0, 0))
    surf = surf.convert() if pygame.display.get_surface() else surf
    _felt_cache[size] = surf
    return surf
