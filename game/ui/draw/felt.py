"""The table's green felt: a soft light in the middle, a vignette and a fine weave (drawn
once per window size)."""

from __future__ import annotations

import math

import pygame

from .palette import FELT_DARK, FELT_LIGHT

_felt_cache: dict[tuple, pygame.Surface] = {}


def _light() -> pygame.Surface:
    """64x36: the soft light in the middle and the vignette (smoothscaled to the window).
    A pixel's colour depends only on its distance from the centre, so a row only on its
    |dy| (rows above and below the centre repeat) and a pixel on |dx| within it.  Each
    colour is worked out without a loop of its own (the same arithmetic, so the same bytes):
    on a cheap phone this was most of the felt's ~150 ms in the title's first frame."""
    cx, cy = 32, 15
    d0, d1, d2 = FELT_DARK[0], FELT_DARK[1], FELT_DARK[2]
    r0, r1, r2 = FELT_LIGHT[0] - d0, FELT_LIGHT[1] - d1, FELT_LIGHT[2] - d2
    hypot = math.hypot
    rows: dict[int, bytes] = {}
    for dy in {abs(y - cy) for y in range(36)}:
        colours = []
        for dx in range(cx + 1):  # |x - cx| runs over 0..32 for x in 0..63
            k = 1 - hypot(dx / 40, dy / 26)
            if k < 0.0:
                k = 0.0
            k = k * k * (3 - 2 * k)
            share = 0.15 + 0.85 * k
            colours.append(bytes((int(d0 + r0 * share), int(d1 + r1 * share), int(d2 + r2 * share))))
        rows[dy] = b"".join([colours[cx - x] for x in range(cx)] + colours[:64 - cx])
    small = pygame.Surface((64, 36))
    small.blit(pygame.image.frombytes(b"".join([rows[abs(y - cy)] for y in range(36)]), (64, 36), "RGB"), (0, 0))
    return small


# The weave's lines as a multiply and an add: black 9/255 over the felt's colours is a
# multiply by 244/255, white 7/255 a multiply by 249/255 and 7 added, each within one level
# of the blend (tests/ui/test_felt.py).  Two opaque blits of the window cost ~30 ms with the
# CPU slowed 10x in the browser, the blend of a translucent tile ~95 ms: a third of the
# felt, which the title's first frame makes.
BLACK_LINE, WHITE_LINE, WHITE_ADD = 244, 249, 7


def _weave_tiles(h: int, reps: int = 40) -> tuple[pygame.Surface, pygame.Surface]:
    """The weave over a (6*reps)-pixel square at the window's origin, as a tile to multiply
    by and one to add: white lines where x - y = -h (mod 6), black ones where x + y = 0
    (mod 6), black where both are.  A 6x6 cell copied along a row, the row down the tile."""
    tiles = []
    for plain, black, white in ((255, BLACK_LINE, WHITE_LINE), (0, 0, WHITE_ADD)):
        cell = pygame.Surface((6, 6))
        cell.fill((plain, plain, plain))
        for y in range(6):
            for x in range(6):
                if (x + y) % 6 == 0:
                    cell.set_at((x, y), (black, black, black))
                elif (x - y + h) % 6 == 0:
                    cell.set_at((x, y), (white, white, white))
        row = pygame.Surface((6 * reps, 6))
        row.fblits([(cell, (x, 0)) for x in range(0, 6 * reps, 6)])
        tile = pygame.Surface((6 * reps, 6 * reps))
        tile.fblits([(row, (0, y)) for y in range(0, 6 * reps, 6)])
        tiles.append(tile)
    return tiles[0], tiles[1]


def felt(size) -> pygame.Surface:
    """The table: green felt with a soft light in the middle, a vignette and a fine weave."""
    size = tuple(size)
    surf = _felt_cache.get(size)
    if surf is not None:
        return surf
    from .budget import making  # a budgeted first frame stops before it

    making()
    w, h = size
    surf = pygame.transform.smoothscale(_light(), (w, h))
    # fine weave: faint diagonal lines, one every 6 px each way; the pattern repeats every
    # 6 px, so a tile is laid over the felt instead of ~700 lines on a full-size layer
    darken, lift = _weave_tiles(h)
    tw, th = darken.get_size()
    places = [(x, y) for y in range(0, h, th) for x in range(0, w, tw)]
    surf.fblits([(darken, p) for p in places], pygame.BLEND_RGB_MULT)
    surf.fblits([(lift, p) for p in places], pygame.BLEND_RGB_ADD)
    surf = surf.convert() if pygame.display.get_surface() else surf
    _felt_cache[size] = surf
    return surf
