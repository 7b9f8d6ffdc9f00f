"""The coach's veil: the screen dimmed except over the spots, drawn as rects that do not
overlap (the spots' rects with the colour key, the rest with one opacity)."""

import pygame

from game.ui.coach import bubble
from game.ui.draw import gfx


def _scene(size):
    surf = pygame.Surface(size)
    for x in range(0, size[0], 7):
        pygame.draw.line(surf, ((x * 5) % 256, (x * 11) % 256, 90), (x, 0), (x, size[1]), 3)
    return surf


def test_the_parts_cover_the_window_once_with_overlapping_spots():
    size = (390, 844)
    holes = [(10, 10, 100, 60), (60, 40, 100, 60), (300, 800, 200, 100), (-20, 500, 60, 30)]
    plain, keyed = bubble.veil_parts(size, holes)
    parts = plain + keyed
    assert sum(r.w * r.h for r in parts) == size[0] * size[1]
    assert not any(a.colliderect(b) for i, a in enumerate(parts) for b in parts[i + 1:])
    window = pygame.Rect((0, 0), size)
    assert all(window.contains(r) for r in parts)
    assert all(any(pygame.Rect(h).contains(r) for h in holes) for r in keyed)
    assert not any(pygame.Rect(h).colliderect(r) for h in holes for r in plain)


def test_the_veil_in_parts_is_the_keyed_veil_drawn_whole(make_app):
    """The same pixels as blending the keyed picture over the whole window, within one step
    of a colour channel (SDL's two blends round apart)."""
    make_app(size=(390, 844))
    spots = [pygame.Rect(40, 300, 120, 80), pygame.Rect(120, 340, 100, 100)]
    size = (390, 844)
    gfx.set_scale(1.0)
    parts = _scene(size)
    bubble.draw_veil(parts, spots)
    whole = _scene(size)
    veil = bubble._veils[(size, tuple(tuple(gfx.dev_rect(r.inflate(8, 8))) for r in spots))][0]
    whole.blit(veil, (0, 0))
    a, b = pygame.image.tobytes(parts, "RGB"), pygame.image.tobytes(whole, "RGB")
    assert max(abs(x - y) for x, y in zip(a, b)) <= 1
    inside = pygame.Rect(spots[0].center, (1, 1))
    assert parts.get_at(inside.topleft) == _scene(size).get_at(inside.topleft)  # a spot shows through
    assert parts.get_at((7, 5)) != _scene(size).get_at((7, 5))  # the rest is dimmed
