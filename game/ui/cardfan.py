"""A fan of overlapping cards drawn without the parts the next card covers (issue 13): in
WebAssembly alpha blits cost by the pixel, and a 16-card hand was most of a frame at 4x.
The pixels are those of every card blitted whole (each sprite's opaque part is checked
with a mask once)."""

from __future__ import annotations

import sys

import pygame

from . import gfx

_cores: dict[int, tuple] = {}  # id(sprite) -> (sprite, its opaque part sprite-relative or None)


def sprite_core(img, margin: int) -> pygame.Rect | None:
    """The part of a card sprite that is fully opaque (the card inset past its rounded
    corners and soft edge), checked pixel by pixel once per sprite; None if none is."""
    known = _cores.get(id(img))
    if known is not None and known[0] is img:  # the entry holds the sprite: its id is not reused
        return known[1]
    w, h = img.get_width() - 2 * margin, img.get_height() - 2 * margin
    inset = int(w * 0.075) + 3  # the corner radius (art: 7.5% of the width) and the edge
    core = pygame.Rect(margin + inset, margin + 2, w - 2 * inset, h - 4)
    if core.w <= 0 or core.h <= 0:
        core = None
    else:
        solid = pygame.mask.from_surface(img.subsurface(core), 254)
        if solid.count() != core.w * core.h:
            core = None
    if len(_cores) > 800:
        _cores.clear()
    _cores[id(img)] = (img, core)
    return core


def card_layers(cards) -> list:
    """(sprite, device position, device rect of its opaque part or None) for each of
    `cards`, a list of (card, logical rect, face_up, highlight, dim) drawn in order."""
    out = []
    for card, rect, face_up, highlight, dim in cards:
        d = gfx.card_rect(rect)
        img, m = gfx.card_sprite(card, d.w, face_up, highlight, dim)
        pos = (d.x - m, d.y - m)
        core = sprite_core(img, m)
        out.append((img, pos, core.move(pos) if core is not None else None))
    return out


CUT_COVERED = sys.platform == "emscripten"  # natively (SIMD blits) cutting costs more than it saves


def draw_overlapping(surf, layers) -> None:
    """Blit card_layers() in order, leaving out of each card what the next card's opaque
    part covers (it would be painted over): the same pixels, about 40% fewer blended in a
    hand fan (issue 13)."""
    for i, (img, pos, _core) in enumerate(layers):
        cover = layers[i + 1][2] if CUT_COVERED and i + 1 < len(layers) else None
        area = pygame.Rect(pos, img.get_size())
        if cover is None or not area.colliderect(cover):
            surf.blit(img, pos, special_flags=pygame.BLEND_PREMULTIPLIED)
            continue
        for piece in uncovered(area, cover):
            surf.blit(img, piece.topleft, piece.move(-pos[0], -pos[1]), special_flags=pygame.BLEND_PREMULTIPLIED)


def uncovered(a: pygame.Rect, b: pygame.Rect) -> list:
    """The parts of rect a outside rect b (up to four rects)."""
    c = a.clip(b)
    if c.w <= 0 or c.h <= 0:
        return [a]
    out = []
    if c.top > a.top:
        out.append(pygame.Rect(a.left, a.top, a.w, c.top - a.top))
    if c.bottom < a.bottom:
        out.append(pygame.Rect(a.left, c.bottom, a.w, a.bottom - c.bottom))
    if c.left > a.left:
        out.append(pygame.Rect(a.left, c.top, c.left - a.left, c.h))
    if c.right < a.right:
        out.append(pygame.Rect(c.right, c.top, a.right - c.right, c.h))
    return out
