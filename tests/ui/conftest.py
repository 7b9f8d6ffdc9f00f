import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import pytest

FAST = {"language": "en", "speed": "instant", "strength": "random", "sound": False, "trick_hold": "short"}


@pytest.fixture
def make_app(tmp_path):
    from game.ui.app import App

    def make(size=(1280, 720), settings=None, params=None, storage_dir=None):
        import pygame

        if pygame.display.get_init():
            pygame.event.clear()
        return App(size=size, storage_dir=str(storage_dir or tmp_path), settings={**FAST, **(settings or {})}, params=params)

    yield make
    import gc

    gc.unfreeze()  # an App made to act as the browser's freezes what was loaded at its first game


@pytest.fixture
def drawn_text(monkeypatch):
    """Every string the scenes draw in the next frames."""
    from game.ui.draw import gfx

    seen = []
    real = gfx.blit_text

    def spy(surf, s, *args, **kwargs):
        seen.append(s)
        return real(surf, s, *args, **kwargs)

    monkeypatch.setattr(gfx, "blit_text", spy)
    return seen
