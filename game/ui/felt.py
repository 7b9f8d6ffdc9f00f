"""The table's green felt: a soft light in the middle, a vignette and a fine weave (drawn
once per window size)."""

from __future__ import annotations

import math

import pygame

from .palette import FELT_DARK, FELT_LIGHT

_felt_cache: dict[tuple, pygame.Surface] = {}


def _light() -> pygame.Surface:
    """64x36: the soft light in the middle and the vignette (smoothscaled to the window).
    A pixel's colour depends only on its distance from the centre: one per (|dx|, |dy|)."""
    cx, cy = 32, 15
    colours: dict[tuple[int, int], bytes] = {}
    rows = []
    for y in range(36):
        row = []
        for x in range(64):
            key = (abs(x - cx), abs(y - cy))
            col = colours.get(key)
            if col is None:
                d = math.hypot(key[0] / 40, key[1] / 26)
                k = max(0.0, 1 - d)
                k = k * k * (3 - 2 * k)
                col = colours[key] = bytes(int(FELT_DARK[i] + (FELT_LIGHT[i] - FELT_DARK[i]) * (0.15 + 0.85 * k)) for i in range(3))
            row.append(col)
        rows.append(b"".join(row))
    small = pygame.Surface((64, 36))
    small.blit(pygame.image.frombytes(b"".join(rows), (64, 36), "RGB"), (0, 0))
    return small


def _weave_tile(h: int, reps: int = 40) -> pygame.Surface:
    """The weave over a (6*reps)-pixel square at the window's origin: white 7/255 where
    x - y = -h (mod 6), black 9/255 where x + y = 0 (mod 6), black where both are (the
    lines drawn in that order, each pixel set, not blended)."""
    cell = pygame.Surface((6, 6), pygame.SRCALPHA)
    for y in range(6):
        for x in range(6):
            if (x + y) % 6 == 0:
                cell.set_at((x, y), (0, 0, 0, 9))
            elif (x - y + h) % 6 == 0:
                cell.set_at((x, y), (255, 255, 255, 7))
    tile = pygame.Surface((6 * reps, 6 * reps), pygame.SRCALPHA)
    for y in range(0, 6 * reps, 6):  # added onto a clear tile: an exact copy
        for x in range(0, 6 * reps, 6):
            tile.blit(cell, (x, y), special_flags=pygame.BLEND_RGBA_ADD)
    return tile


def felt(size) -> pygame.Surface:
    """The table: green felt with a soft light in the middle, a vignette and a fine weave."""
    size = tuple(size)
    surf = _felt_cache.get(size)
    if surf is not None:
        return surf
    from .budget import making  # issue 13: a budgeted first frame stops before it

    making()
    w, h = size
    surf = pygame.transform.smoothscale(_light(), (w, h))
    # fine weave: faint diagonal lines, one every 6 px each way; the pattern repeats every
    # 6 px, so a tile is blended over the felt instead of ~700 lines on a full-size layer
    tile = _weave_tile(h)
    tw, th = tile.get_size()
    for y in range(0, h, th):
        for x in range(0, w, tw):
            surf.blit(tile, (x, y))
    surf = surf.convert() if pygame.display.get_surface() else surf
    _felt_cache[size] = surf
    return surf
