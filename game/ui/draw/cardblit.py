"""Blitting a card picture with its opaque middle copied, not blended.

A card sprite (gfx.card_sprite: shadow, face, glow, veil, premultiplied alpha) is mostly
opaque: only its rim (rounded corners, soft edge, shadow, glow) needs blending.  In
WebAssembly an alpha blit costs by the pixel (no SIMD), so the middle is kept as an
opaque picture and copied, and only the rim is blended, less its fully transparent part:
the same pixels (an opaque premultiplied pixel blended over anything is itself, a
transparent one changes nothing).  Measured at 4x in the browser: a whole 85x113 card
blended 0.93 ms, its 53x93 middle copied 0.017 ms.
Natively (SIMD blits) one whole blit is cheaper than five pieces, so it is on in the
browser only.  Pure pygame: gfx and the card fan both build on it."""

from __future__ import annotations

import math
import sys

import pygame

from .budget import making

OPAQUE_MIDDLE = sys.platform == "emscripten"
_cores: dict[int, tuple] = {}  # id(sprite) -> (sprite, opaque part or None, its opaque copy, the part not transparent)


def corner_inset(width: int) -> int:
    """How far in from a card's side its middle is opaque: the corner radius (art: 7.5% of
    the width) and the edge."""
    return int(width * 0.075) + 3


def _known(img) -> tuple | None:
    known = _cores.get(id(img))
    if known is not None and known[0] is img and (known[2] is not None or known[1] is None or not OPAQUE_MIDDLE):
        return known  # the entry holds the sprite (its id is not reused), with its copy if one is needed
    return None


def _core(img, margin: int, inset: int | None = None) -> tuple:
    known = _known(img)
    if known is not None:
        return known
    making()  # a picture of its own (a pass over every pixel; a big panel's: ~20 ms at 4x): under a deadline, its own pass
    w, h = img.get_width() - 2 * margin, img.get_height() - 2 * margin
    if inset is None:
        inset = corner_inset(w)
    core = pygame.Rect(margin + inset, margin + 2, w - 2 * inset, h - 4)
    picture = None
    if core.w <= 0 or core.h <= 0:
        core = None
    else:
        solid = pygame.mask.from_surface(img.subsurface(core), 254)  # alpha 255 only
        if solid.count() != core.w * core.h:
            core = None
        elif OPAQUE_MIDDLE:  # natively no copy is kept: one whole blit is cheaper there
            picture = pygame.Surface(core.size)  # premultiplied and opaque: these are the pixels
            picture.blit(img, (0, 0), core, special_flags=pygame.BLEND_PREMULTIPLIED)
            if pygame.display.get_surface() is not None:
                picture = picture.convert()
    if len(_cores) > 800:
        _cores.clear()
    seen = img.get_bounding_rect()  # outside it every pixel is transparent: blending them changes nothing
    known = _cores[id(img)] = (img, core, picture, seen)
    return known


def sprite_core(img, margin: int) -> pygame.Rect | None:
    """The part of a card sprite that is fully opaque (the card inset past its rounded
    corners and soft edge), checked pixel by pixel once per sprite; None if none is."""
    return _core(img, margin)[1]


def prepare(img, margin: int, inset: int | None = None) -> None:
    """Check a sprite's opaque part ahead (a frame that draws nothing), not when drawn."""
    _core(img, margin, inset)


def prepared(img) -> bool:
    """Whether the sprite's opaque part has been checked (prepare)."""
    return _known(img) is not None


def blit_sprite(surf, img, margin: int, pos, area: pygame.Rect | None = None, inset: int | None = None) -> None:
    """Blit `area` of the sprite (sprite-relative; None: all of it) with its top-left at
    device `pos` (where the whole sprite's top-left would be), pixel for pixel as one
    premultiplied blit.  `inset`: how far in from the left and right the opaque part may
    start (None: a card's corner radius; a row of cards has corners only at its ends)."""
    core = _core(img, margin, inset) if OPAQUE_MIDDLE else None
    whole = img.get_rect() if core is None else core[3]  # the shadow's transparent margin left out
    area = whole if area is None else area.clip(whole)
    if area.w <= 0 or area.h <= 0:
        return
    middle = area.clip(core[1]) if core is not None and core[1] is not None else None
    if middle is None or middle.w <= 0 or middle.h <= 0:
        surf.blit(img, (pos[0] + area.x, pos[1] + area.y), area, special_flags=pygame.BLEND_PREMULTIPLIED)
        return
    c = core[1]
    surf.blit(core[2], (pos[0] + middle.x, pos[1] + middle.y), middle.move(-c.x, -c.y))
    for rim in uncovered(area, middle):
        surf.blit(img, (pos[0] + rim.x, pos[1] + rim.y), rim, special_flags=pygame.BLEND_PREMULTIPLIED)


def scaled_middle(img, margin: int, size) -> pygame.Rect | None:
    """The part of `img` scaled to `size` (pygame.transform.scale) that is sure to come
    from its opaque middle: the middle scaled, one pixel in on every side."""
    core = sprite_core(img, margin) if OPAQUE_MIDDLE else None
    if core is None:
        return None
    kx, ky = size[0] / img.get_width(), size[1] / img.get_height()
    left, top = math.ceil(core.left * kx) + 1, math.ceil(core.top * ky) + 1
    right, bottom = math.floor(core.right * kx) - 1, math.floor(core.bottom * ky) - 1
    return pygame.Rect(left, top, right - left, bottom - top) if right > left and bottom > top else None


def blit_scaled(surf, img, pos, middle: pygame.Rect | None) -> None:
    """Blit a picture made this frame (a card growing or shrinking in flight) at device
    `pos`, its opaque `middle` (scaled_middle) copied and the rest blended."""
    if middle is None:
        surf.blit(img, pos, special_flags=pygame.BLEND_PREMULTIPLIED)
        return
    surf.blit(img.subsurface(middle).convert(), (pos[0] + middle.x, pos[1] + middle.y))  # alpha dropped: a copy
    for rim in uncovered(img.get_rect(), middle):
        surf.blit(img, (pos[0] + rim.x, pos[1] + rim.y), rim, special_flags=pygame.BLEND_PREMULTIPLIED)


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
