"""Card backs: a woven pattern in two colour sets (blue, red)."""

from __future__ import annotations

import pygame

from .core import BACK_COLOURS, GOLD_DARK, GOLD_LIGHT, blank_card, draw_shape, finish_card, mix_colour, rounded_rect


def render_back(w: int, h: int, colour: str) -> pygame.Surface:
    dark, light, paper = BACK_COLOURS[colour]
    big, k = blank_card(w, h, paper)
    W, H = w * k, h * k
    inner = big.get_rect().inflate(-int(W * 0.14), -int(W * 0.14))
    field = pygame.Surface(inner.size, pygame.SRCALPHA)
    field.fill((0, 0, 0, 0))
    rounded_rect(field, dark, field.get_rect(), W * 0.04)
    # diamond lattice
    step = W * 0.115
    lw = max(1, int(W * 0.012))
    n = int((inner.w + inner.h) / step) + 2
    for i in range(-n, n + 1):
        x = i * step
        pygame.draw.line(field, light, (x, 0), (x + inner.h, inner.h), lw)
        pygame.draw.line(field, light, (x, 0), (x - inner.h, inner.h), lw)
    # dots in the middle of each lozenge: grid points (m, n) * step / 2 with m + n odd
    dot = mix_colour(light, paper, 0.3)
    for n in range(int(2 * inner.h / step) + 2):
        for m in range(int(2 * inner.w / step) + 2):
            if (m + n) % 2:
                pygame.draw.circle(field, dot, (m * step / 2, n * step / 2), W * 0.011)
    # mask the lattice to the rounded field
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    mask.fill((0, 0, 0, 0))
    rounded_rect(mask, (255, 255, 255, 255), mask.get_rect(), W * 0.04)
    field.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(field, inner)
    # frame lines
    rounded_rect(big, GOLD_DARK, inner, W * 0.04, max(1, int(W * 0.012)))
    rounded_rect(big, dark, inner.inflate(int(W * 0.05), int(W * 0.05)), W * 0.055, max(1, int(W * 0.008)))
    # central medallion with the four suits
    cx, cy = W / 2, H / 2
    R = W * 0.25
    pygame.draw.circle(big, GOLD_DARK, (cx, cy), R + W * 0.025)
    pygame.draw.circle(big, GOLD_LIGHT, (cx, cy), R + W * 0.012)
    pygame.draw.circle(big, dark, (cx, cy), R)
    pygame.draw.circle(big, mix_colour(dark, light, 0.5), (cx, cy), R * 0.9, max(1, int(W * 0.006)))
    ps = R * 0.44
    off = R * 0.45
    for suit, (dx, dy) in zip(range(4), ((0, -1), (1, 0), (0, 1), (-1, 0))):
        draw_shape(big, suit, cx + dx * off, cy + dy * off, ps, paper)
    return finish_card(big, (w, h))


