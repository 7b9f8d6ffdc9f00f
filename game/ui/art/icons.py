"""Decorations and icons: glow, veil and shadow for cards, text badges and contract icons."""

from __future__ import annotations

import math

import pygame

from .core import (
    EDGE,
    GOLD,
    PAPER,
    WHITE,
    draw_shape,
    finish_picture,
    fit_text,
    misc_cache,
    mix_colour,
    pixel_size,
    remember,
    rounded_rect,
    suit_colour,
)


def highlight(size, colour=GOLD) -> pygame.Surface:
    """A glowing ring for a card of ``size``; blit at (x - m, y - m), m = glow_margin(size)."""
    w, h = pixel_size(size)
    colour = tuple(colour)[:3]
    key = ("hl", w, h, colour)
    surf = misc_cache.get(key)
    if surf is None:
        m = glow_margin((w, h))
        k = 2
        W, H = (w + 2 * m) * k, (h + 2 * m) * k
        big = pygame.Surface((W, H), pygame.SRCALPHA)
        big.fill((*colour, 0))
        radius = w * 0.075 * k
        steps = max(2, m)
        for i in range(steps, 0, -1):  # soft outer glow
            a = int(150 * (1 - i / (steps + 1)) ** 2)
            r = pygame.Rect(0, 0, W, H).inflate(-2 * k * (m - i), -2 * k * (m - i))
            layer = pygame.Surface((W, H), pygame.SRCALPHA)
            layer.fill((*colour, 0))
            rounded_rect(layer, (*colour, a), r, radius + i * k, 0)
            big.blit(layer, (0, 0))
        card = pygame.Rect(m * k, m * k, w * k, h * k)
        big.fill((*colour, 0), card.inflate(-4 * k, -4 * k))  # keep the centre clear
        rounded_rect(big, (*colour, 0), card.inflate(-2 * k, -2 * k), radius, 0)
        ring = max(2, int(w * 0.035)) * k
        rounded_rect(big, (*colour, 255), card.inflate(ring // 2, ring // 2), radius + ring / 4, ring)
        surf = remember(misc_cache, key, finish_picture(big, (w + 2 * m, h + 2 * m)))
    return surf


def glow_margin(size) -> int:
    w, _ = pixel_size(size)
    return max(3, int(w * 0.07))


def draw_highlight(surface: pygame.Surface, rect, colour=GOLD) -> None:
    """Glow ring around the card at ``rect`` (draw after the card)."""
    rect = pygame.Rect(rect)
    m = glow_margin(rect.size)
    surface.blit(highlight(rect.size, colour), (rect.x - m, rect.y - m))


def dim(size, alpha: int = 120) -> pygame.Surface:
    """A translucent veil the shape of a card (for cards that may not be played)."""
    w, h = pixel_size(size)
    key = ("dim", w, h, alpha)
    surf = misc_cache.get(key)
    if surf is None:
        k = 3
        big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
        big.fill((30, 34, 44, 0))
        rounded_rect(big, (30, 34, 44, alpha), big.get_rect(), w * 0.075 * k)
        surf = remember(misc_cache, key, finish_picture(big, (w, h)))
    return surf


def draw_dim(surface: pygame.Surface, rect, alpha: int = 120) -> None:
    rect = pygame.Rect(rect)
    surface.blit(dim(rect.size, alpha), rect)


def shadow(size, alpha: int = 90) -> pygame.Surface:
    """A soft shadow for a card; blit at (x - m + dx, y - m + dy), m = glow_margin(size)."""
    w, h = pixel_size(size)
    key = ("shadow", w, h, alpha)
    surf = misc_cache.get(key)
    if surf is None:
        m = glow_margin((w, h))
        small = pygame.Surface((max(1, (w + 2 * m) // 4), max(1, (h + 2 * m) // 4)), pygame.SRCALPHA)
        small.fill((0, 0, 0, 0))
        rounded_rect(small, (0, 0, 0, alpha), pygame.Rect(m // 4, m // 4, w // 4, h // 4), w * 0.02)
        surf = pygame.transform.smoothscale(small, (w + 2 * m, h + 2 * m))
        surf = pygame.transform.smoothscale(pygame.transform.smoothscale(surf, small.get_size()),
                                            (w + 2 * m, h + 2 * m))
        surf = remember(misc_cache, key, surf)
    return surf


def draw_shadow(surface: pygame.Surface, rect, offset=(2, 3), alpha: int = 90) -> None:
    rect = pygame.Rect(rect)
    m = glow_margin(rect.size)
    surface.blit(shadow(rect.size, alpha), (rect.x - m + offset[0], rect.y - m + offset[1]))


def badge(text: str, height: int, fg=WHITE, bg=(40, 70, 140)) -> pygame.Surface:
    """A rounded pill with bold ``text`` (e.g. "NT", "MT"), ``height`` px tall."""
    height = max(8, int(height))
    key = ("badge", text, height, tuple(fg), tuple(bg))
    surf = misc_cache.get(key)
    if surf is None:
        k = 3
        txt = fit_text(text, height * 0.5 * k, fg, 10 ** 6)
        W = max(height * k, txt.get_width() + height * k * 0.7)
        big = pygame.Surface((int(W), height * k), pygame.SRCALPHA)
        big.fill((*bg[:3], 0))
        rounded_rect(big, bg, big.get_rect(), height * k // 2)
        rounded_rect(big, mix_colour(bg, (255, 255, 255), 0.35), big.get_rect(), height * k // 2, max(1, k))
        big.blit(txt, txt.get_rect(center=big.get_rect().center))
        surf = remember(misc_cache, key, finish_picture(big, (int(W / k), height)))
    return surf


_CONTRACT_BADGE = {"NT": (40, 70, 140), "MT": (120, 50, 130)}


def contract_icon(contract: str, height: int, style: str = "classic", label: str | None = None) -> pygame.Surface:
    """Icon for a contract: a suit on a white tile, or an "NT"/"MT" badge (its text is
    `label` when given: the abbreviation in the player's language)."""
    height = max(8, int(height))
    if contract in _CONTRACT_BADGE:
        return badge(label or contract, height, WHITE, _CONTRACT_BADGE[contract])
    suit = "SHDC".index(contract)
    key = ("contract", suit, height, style)
    surf = misc_cache.get(key)
    if surf is None:
        k = 3
        big = pygame.Surface((height * k, height * k), pygame.SRCALPHA)
        big.fill((255, 255, 255, 0))
        rounded_rect(big, PAPER, big.get_rect(), height * k * 0.22)
        rounded_rect(big, EDGE, big.get_rect(), height * k * 0.22, max(1, k))
        s = height * k * 0.68
        draw_shape(big, suit, height * k / 2, height * k / 2, s, suit_colour(suit, style))
        surf = remember(misc_cache, key, finish_picture(big, (height, height)))
    return surf



# --- the hand's marks: one shape per meaning, never a border ---------------------------
# (the keyboard's focus ring is the one border a card of the hand gets; the trick's winner
# glows gold on the trick)
MARKS = {"hint": (46, 150, 70), "picked": (40, 110, 200), "kitty": (225, 110, 10)}


def mark(kind: str, height: int) -> pygame.Surface:
    """A round badge `height` px across for a card of the hand: "hint" (a star: the card
    the hint suggests), "picked" (a tick: a discard chosen), "kitty" (a plus: a card the
    kitty brought)."""
    height = max(8, int(height))
    key = ("mark", kind, height)
    surf = misc_cache.get(key)
    if surf is None:
        k = 4
        size = height * k
        big = pygame.Surface((size, size), pygame.SRCALPHA)
        big.fill((255, 255, 255, 0))
        c = size / 2
        pygame.draw.circle(big, (255, 255, 255), (c, c), c)
        pygame.draw.circle(big, MARKS[kind], (c, c), c - max(2, size * 0.08))
        line = max(2, int(size * 0.13))
        if kind == "hint":
            pts = []
            for i in range(10):
                r = size * (0.30 if i % 2 == 0 else 0.13)
                a = -math.pi / 2 + i * math.pi / 5
                pts.append((c + r * math.cos(a), c + r * math.sin(a) + size * 0.02))
            pygame.draw.polygon(big, WHITE, pts)
        elif kind == "picked":
            pygame.draw.lines(big, WHITE, False, [(size * 0.28, size * 0.52), (size * 0.44, size * 0.68), (size * 0.73, size * 0.34)], line)
        else:
            pygame.draw.line(big, WHITE, (c, size * 0.27), (c, size * 0.73), line)
            pygame.draw.line(big, WHITE, (size * 0.27, c), (size * 0.73, c), line)
        surf = remember(misc_cache, key, finish_picture(big, (height, height)))
    return surf


def crown(height: int) -> pygame.Surface:
    """A gold crown `height` px tall (the winner's moment)."""
    height = max(8, int(height))
    key = ("crown", height)
    surf = misc_cache.get(key)
    if surf is None:
        k = 4
        w, h = int(height * 1.5) * k, height * k
        big = pygame.Surface((w, h), pygame.SRCALPHA)
        big.fill((255, 200, 40, 0))
        base = h * 0.92
        pts = [(w * 0.08, base), (w * 0.04, h * 0.3), (w * 0.3, h * 0.58), (w * 0.5, h * 0.14), (w * 0.7, h * 0.58),
               (w * 0.96, h * 0.3), (w * 0.92, base)]
        pygame.draw.polygon(big, (196, 146, 28), pts)
        inner = [(x + (w * 0.5 - x) * 0.06, y + (h * 0.6 - y) * 0.08) for x, y in pts]
        pygame.draw.polygon(big, GOLD, inner)
        for x, y in ((w * 0.04, h * 0.3), (w * 0.5, h * 0.14), (w * 0.96, h * 0.3)):
            pygame.draw.circle(big, (250, 230, 140), (x, y), h * 0.09)
        pygame.draw.rect(big, (196, 146, 28), (w * 0.08, base - h * 0.16, w * 0.84, h * 0.16))
        surf = remember(misc_cache, key, finish_picture(big, (w // k, h // k)))
    return surf
