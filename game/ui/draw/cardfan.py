"""A fan of overlapping cards drawn without the parts the next card covers: in
WebAssembly alpha blits cost by the pixel, and a 16-card hand was most of a frame at 4x.
The pixels are those of every card blitted whole (each sprite's opaque part is checked
with a mask once, cardblit)."""

from __future__ import annotations

import sys

import pygame

from . import gfx
from .cardblit import blit_sprite, sprite_core, uncovered


def card_layers(cards) -> list:
    """(sprite, margin, device position, device rect of its opaque part or None) for each
    of `cards`, a list of (card, logical rect, face_up, highlight, dim) drawn in order."""
    out = []
    for card, rect, face_up, highlight, dim in cards:
        d = gfx.card_rect(rect)
        img, m = gfx.card_sprite(card, d.w, face_up, highlight, dim)
        pos = (d.x - m, d.y - m)
        core = sprite_core(img, m)
        out.append((img, m, pos, core.move(pos) if core is not None else None))
    return out


CUT_COVERED = sys.platform == "emscripten"  # natively (SIMD blits) cutting costs more than it saves


def draw_overlapping(surf, layers) -> None:
    """Blit card_layers() in order, leaving out of each card what the next card's opaque
    part covers (it would be painted over): the same pixels, about 40% fewer blended in a
    hand fan; each piece's opaque middle is copied (cardblit)."""
    for i, (img, m, pos, _core) in enumerate(layers):
        cover = layers[i + 1][3] if CUT_COVERED and i + 1 < len(layers) else None
        area = pygame.Rect(pos, img.get_size())
        if cover is None or not area.colliderect(cover):
            blit_sprite(surf, img, m, pos)
            continue
        for piece in uncovered(area, cover):
            blit_sprite(surf, img, m, pos, piece.move(-pos[0], -pos[1]))
