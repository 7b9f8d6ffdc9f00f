"""Natively the start leaves out of App() what the title does not need: the rest of
pygame.init() (the mixer's audio device, the timer) is the warm-up's first step on the
title's idle frames, and a sound played before that still plays (the mixer opens then).
In the browser it all comes before the title's first frame (one long task, not on the title)."""

from __future__ import annotations

import pygame


def _fresh():
    # earlier tests may have left the mixer open (not pygame.quit(): the game's font cache
    # is forgotten through pygame.register_quit, which pygame calls only once)
    pygame.mixer.quit()
    assert not pygame.mixer.get_init()


def test_the_mixer_opens_on_the_titles_idle_frames_not_before_the_first(make_app):
    _fresh()
    app = make_app(settings={"sound": True})
    assert not pygame.mixer.get_init()
    app.step()  # the title's first frame
    assert app.scene_name == "title" and not pygame.mixer.get_init()
    for _ in range(20):
        app.step()
    assert pygame.mixer.get_init()  # the warm-up's first step: pygame.init()
    assert pygame.time.get_ticks() > 0  # the timer the editing cursor blinks by


def test_a_sound_before_the_warm_up_is_still_played(make_app):
    _fresh()
    app = make_app(settings={"sound": True})
    app.sound("click")
    assert pygame.mixer.get_init()
    assert app._sound._sounds.get("click") is not None
    assert pygame.mixer.get_busy()  # playing


def test_in_the_browser_the_window_loads_no_icon_file(make_app, monkeypatch):
    """The page has its own icon: neither the game's icon-32.png nor pygame's default
    (which set_mode loads through pygame.pkgdata, importing importlib.resources' readers:
    ~70 ms of the start with the CPU slowed 4x) is loaded for the browser's window."""
    import pygame.pkgdata

    import game.ui.app as app_module

    pygame.display.quit()  # forgets an icon set by an earlier window
    loaded = []
    monkeypatch.setattr(app_module, "WEB", True)
    real_get, real_load = pygame.pkgdata.getResource, pygame.image.load
    monkeypatch.setattr(pygame.pkgdata, "getResource", lambda *a, **k: loaded.append(a) or real_get(*a, **k))
    monkeypatch.setattr(pygame.image, "load", lambda *a, **k: loaded.append(a) or real_load(*a, **k))
    app = make_app()
    assert app.web and app.window is not None
    assert loaded == []


def test_in_the_browser_the_mixer_opens_before_the_titles_first_frame(make_app, monkeypatch):
    import game.ui.app as app_module

    _fresh()
    monkeypatch.setattr(app_module, "WEB", True)
    app = make_app(settings={"sound": True})
    assert pygame.mixer.get_init() and app.frames == 0
    assert "pygame" not in app.warmup.steps


def test_the_click_sound_is_loaded_before_the_warm_up_compiles_anything(make_app):
    """A button's click sound was loaded by the title's first tap (~50 ms of that frame with
    the browser's CPU slowed 10x): the warm-up loads it right after starting pygame."""
    _fresh()
    app = make_app(settings={"sound": True})
    app.step()
    for _ in range(40):
        if any(s.startswith("compile:") for s in app.warmup.steps[:1]):
            break  # the next step compiles the first module
        app.step()
    assert "click" in app._sound._sounds
