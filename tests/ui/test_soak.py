"""Random input soak: random clicks, touches, keys, text and resizes across all scenes,
mixed with autopilot moves so the game scenes are reached too.  No exception allowed."""

import random

import pygame
import pytest

from game.ui.autopilot import Autopilot

KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_SPACE,
        pygame.K_ESCAPE, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_l, pygame.K_a, pygame.K_KP_ENTER]


def random_event(rng, app):
    ww, wh = app.window.get_size()
    r = rng.random()
    if r < 0.45:
        pos = (rng.randrange(-20, ww + 20), rng.randrange(-20, wh + 20))
        button = rng.choice([1, 1, 1, 1, 3, 4, 5, 2])
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]
    if r < 0.55:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=(rng.randrange(ww), rng.randrange(wh)), rel=(0, 0), buttons=(0, 0, 0))]
    if r < 0.62:
        return [pygame.event.Event(pygame.FINGERDOWN, x=rng.random(), y=rng.random(), dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0),
                pygame.event.Event(pygame.FINGERUP, x=rng.random(), y=rng.random(), dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0)]
    if r < 0.9:
        k = rng.choice(KEYS)
        return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=rng.choice([0, 0, pygame.KMOD_SHIFT]), unicode="", scancode=0)]
    if r < 0.96:
        return [pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(["a", "Ж", "ł", "♥", " ", "123"]))]
    if r < 0.98:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False)]
    size = rng.choice([(1280, 720)] * 4 + [(800, 450), (1024, 768), (640, 360), (1600, 900)])
    return [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])]


def soak(make_app, n_events, seed, speed="instant"):
    app = make_app(settings={"speed": speed})
    rng = random.Random(seed)
    pilot = Autopilot(app, seed=seed)
    seen = set()
    for _i in range(n_events):
        if rng.random() < 0.35:
            pilot.decide()
            app.step(dt=1 / 60)
        else:
            app.step(events=random_event(rng, app), dt=rng.choice([0.0, 1 / 60, 0.05]))
        seen.add(app.scene_name)
        if not app.running:  # "Quit" was clicked: note it and carry on
            seen.add("quit")
            app.running = True
        assert app.scene is not None
    return seen


def test_random_input_soak(make_app):
    seen = soak(make_app, 2500, seed=1)
    assert len(seen) >= 4, seen


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 3, 4])
def test_random_input_soak_long(make_app, seed):
    seen = soak(make_app, 30000, seed=seed, speed="fast")
    assert len(seen) >= 6, seen
