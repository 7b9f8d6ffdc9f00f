"""The layout check on every screen: each scene and table phase, at the seven sizes, in the
four languages, keeps the floors (text at least 12 CSS px, targets at least 44, nothing
read or pressed under anything else, nothing cut, no black bar).  And the check itself
finds what it exists to find, so a clean run means something."""

from __future__ import annotations

import io

import pygame
import pytest

from game.ui import gfx, screen
from tools import layout_check


def test_every_scene_at_every_size_in_every_language_keeps_the_floors():
    out = io.StringIO()
    found = layout_check.run(out=out)
    assert layout_check.renders >= len(layout_check.SIZES) * len(layout_check.LANGS) * len(layout_check.SCENES)
    problems = [f"{w}x{h} {lang} {name}: {p}" for ((w, h), lang, name), ps in sorted(found.items()) for p in ps]
    assert problems == [], "\n".join(problems[:40])


# --- the check finds what it is for -------------------------------------------------------------
class _Shape:
    """A window's shape as the check reads it: its logical rect and CSS px per logical px."""

    def __init__(self, size=(390, 844), css=1.0):
        self.rect = pygame.Rect((0, 0), size)
        self.css = css


def _window(size=(390, 844), color=(20, 90, 50)):
    surf = pygame.Surface(size)
    surf.fill(color)
    return surf


def test_text_under_twelve_css_pixels_is_a_breach():
    shape = _Shape(css=0.5)  # a logical pixel drawn as half a CSS pixel (a large design on a phone)
    items = [("text", pygame.Rect(10, 10, 100, 20), {"text": "Minimum tricks", "size": 20})]
    assert any(p.startswith("small text") for p in layout_check.breaches(items, shape, _window()))
    items = [("text", pygame.Rect(10, 10, 100, 30), {"text": "Minimum tricks", "size": 24})]
    assert layout_check.breaches(items, shape, _window()) == []


def test_a_target_under_44_css_pixels_is_a_breach():
    items = [("target", pygame.Rect(10, 10, 40, 60), {"name": "back"})]
    assert any(p.startswith("small target") for p in layout_check.breaches(items, _Shape(), _window()))
    items = [("target", pygame.Rect(10, 10, screen.MIN_TARGET, 60), {"name": "back"})]
    assert layout_check.breaches(items, _Shape(), _window()) == []


def test_overlapping_words_and_buttons_are_breaches():
    items = [("target", pygame.Rect(10, 10, 200, 50), {"name": "again"}),
             ("target", pygame.Rect(100, 30, 200, 50), {"name": "replay"})]
    assert any(p.startswith("overlap") for p in layout_check.breaches(items, _Shape(), _window()))
    items = [("text", pygame.Rect(10, 10, 120, 20), {"text": "Anna", "size": 16}),
             ("text", pygame.Rect(60, 15, 120, 20), {"text": "leads", "size": 16})]
    assert any(p.startswith("overlap") for p in layout_check.breaches(items, _Shape(), _window()))


def test_text_outside_the_window_or_its_box_is_cut():
    items = [("text", pygame.Rect(300, 10, 200, 20), {"text": "Показать таблицу счёта", "size": 16})]
    assert any(p.startswith("cut") for p in layout_check.breaches(items, _Shape(), _window()))
    items = [("text", pygame.Rect(10, 10, 200, 20), {"text": "Boris", "size": 16, "box": (10, 10, 100, 20)})]
    assert any(p.startswith("cut") for p in layout_check.breaches(items, _Shape(), _window()))


def test_a_letterbox_is_a_black_bar():
    window = _window()
    window.fill((0, 0, 0), pygame.Rect(0, 0, 390, 300))  # a 16:9 picture shown in the middle of a phone
    window.fill((0, 0, 0), pygame.Rect(0, 544, 390, 300))
    found = [p for p in layout_check.breaches([], _Shape(), window) if p.startswith("bar")]
    assert len(found) == 2
    assert layout_check.breaches([], _Shape(), _window()) == []


def test_what_a_real_scene_draws_is_what_the_check_reads(make_app):
    """A scene drawn at a phone's size notes its text and its buttons; one shrunk under the
    floor by hand is reported."""
    app = make_app(size=(390, 844), settings={"language": "pl"})
    app.step(dt=1 / 60)
    items = layout_check.render(app)
    assert any(k == "target" for k, _, _ in items) and any(k == "text" for k, _, _ in items)
    assert layout_check.breaches(items, app.shape, app.window) == []
    gfx.start_record()
    try:
        gfx.blit_text(app.window, "Zagraj ponownie", 8, (20, 20), gfx.CREAM)
    finally:
        tiny = gfx.stop_record()
    assert any(p.startswith("small text") for p in layout_check.breaches(tiny, app.shape, app.window))


@pytest.mark.parametrize("size", [(360, 640), (640, 360)])
def test_the_check_passes_the_sizes_it_is_asked_for(size):
    out = io.StringIO()
    found = layout_check.run(sizes=(size,), langs=("bg",), scenes=("title", "play"), out=out)
    assert found == {} and layout_check.renders == 2
