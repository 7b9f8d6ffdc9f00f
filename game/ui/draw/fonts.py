"""Fonts shipped with the game (DejaVu Sans subset: Latin, Polish, Cyrillic, suit symbols).

    from game.ui.draw.fonts import font, render
    f = font(24)                 # pygame.font.Font, cached per (size, bold)
    f = font(24, bold=True)
    surf = render("Hello", 24, (255, 255, 255), bold=False)   # cached text surface

The files are found by ``game.resources`` (``game/assets/fonts`` when installed, the
checkout's ``assets/fonts`` otherwise).  If they are missing (a broken install) the loader
falls back to pygame's default font instead of crashing; ``resources.loaded()`` tells which.
"""

from __future__ import annotations

import pygame

from ... import resources

FONT_DIR = resources.asset_dir("fonts")
REGULAR = FONT_DIR / "DejaVuSans-subset.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold-subset.ttf"

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_texts: dict[tuple, pygame.Surface] = {}
_TEXT_CACHE_LIMIT = 600


def _forget_fonts() -> None:
    """Font objects die with pygame.quit(); a later pygame.init() needs fresh ones."""
    _fonts.clear()
    _texts.clear()


pygame.register_quit(_forget_fonts)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game font at ``size`` pixels (cached)."""
    size = max(4, int(size))
    key = (size, bool(bold))
    f = _fonts.get(key)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        path = BOLD if bold else REGULAR
        try:
            f = pygame.font.Font(str(path), size)
            resources.note("font:bold" if bold else "font:regular", path)
        except (OSError, FileNotFoundError, pygame.error):
            f = pygame.font.Font(None, int(size * 1.3))
            f.set_bold(bold)
            resources.note("font:bold" if bold else "font:regular", None)
        _fonts[key] = f
    return f


def render(text: str, size: int, colour=(255, 255, 255), bold: bool = False) -> pygame.Surface:
    """Antialiased text on a transparent surface, cached by (text, size, colour, bold)."""
    key = (text, int(size), tuple(colour), bool(bold))
    surf = _texts.get(key)
    if surf is None:
        if len(_texts) >= _TEXT_CACHE_LIMIT:
            _texts.clear()
        surf = font(size, bold).render(text, True, colour)
        _texts[key] = surf
    return surf
