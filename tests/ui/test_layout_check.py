"""The layout check on every screen: each scene and table phase, at the seven sizes, in the
four languages, keeps the floors (text at least 12 CSS px, targets at least 44, nothing
read or pressed under anything else, nothing cut, no black bar).  And the check itself
finds what it exists to find, so a clean run means something."""

from __future__ import annotations

import io

import pygame
import pytest

from game.ui.draw import gfx
from game.ui.window import screen
from tools.ui import layout_check


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


# --- cut: a label that loses what it is read for ---------------------------------------------
def _shortened(text, full, **info):
    return ("text", pygame.Rect(10, 10, 120, 20), {"text": text, "full": full, "size": 16, **info})


@pytest.mark.parametrize("shown, full, lost", [
    ("Declarer: Bart…", "Declarer: Bartholomew Xy", "a name"),
    ("Bartholomew…", "Bartholomew Xy", "a name"),
    ("10 / ma…", "10 / max 8", "a number"),
    ("Rozdanie 6 z 18 · Stan…", "Rozdanie 6 z 18 · Standardowe", None),  # the numbers whole: the preset's name may go
    ("Deal 6 of…", "Deal 6 of 18", "a number"),
])
def test_a_label_shortened_past_a_name_or_a_number_is_cut(shown, full, lost):
    found = [p for p in layout_check.breaches([_shortened(shown, full)], _Shape(), _window()) if p.startswith("cut")]
    assert [p.rsplit("it loses ", 1)[-1] for p in found] == ([] if lost is None else [lost])


def test_a_buttons_word_shortened_is_cut_a_long_description_is_not():
    button = ("target", pygame.Rect(10, 10, 80, 48), {"name": "hint"})
    label = ("text", pygame.Rect(14, 24, 70, 16), {"text": "Podpo…", "full": "Podpowiedź", "size": 14, "box": (10, 10, 80, 48)})
    found = layout_check.breaches([button, label], _Shape(), _window())
    assert any(p.startswith("cut") and p.endswith("a button's word") for p in found)
    about = _shortened("The declarer names the…", "The declarer names the contract and takes the kitty")
    assert layout_check.breaches([about], _Shape(), _window()) == []


def test_what_is_drawn_shortened_is_noted_with_what_it_said(make_app):
    app = make_app(size=(390, 844))
    gfx.start_record()
    try:
        gfx.blit_text(app.window, "Rozgrywa: Bartholomew Xy", 16, (10, 10), width=90)
        gfx.blit_text(app.window, "Rozgrywa", 16, (10, 40), width=200)
    finally:
        items = gfx.stop_record()
    assert items[0][2]["full"] == "Rozgrywa: Bartholomew Xy" and items[0][2]["text"].endswith("…")
    assert items[1][2]["full"] is None
    assert any("it loses a name" in p for p in layout_check.breaches(items, app.shape, app.window))


# --- covered: a bubble or a panel over what the step needs -------------------------------------
def test_a_bubble_over_a_button_or_what_the_step_needs_is_covered():
    button = ("target", pygame.Rect(10, 700, 120, 48), {"name": "discard"})
    need = ("need", pygame.Rect(200, 100, 60, 30), {"what": "tricks against the target"})
    bubble = ("panel", pygame.Rect(0, 80, 390, 700), {"over": True})
    found = layout_check.breaches([button, need, bubble], _Shape(), _window())
    assert sum(p.startswith("covered") for p in found) == 2
    toast = ("panel", pygame.Rect(0, 80, 390, 700), {"over": "passing"})  # a message for a moment
    assert not any(p.startswith("covered") for p in layout_check.breaches([button, need, toast], _Shape(), _window()))
    beside = ("panel", pygame.Rect(0, 300, 390, 200), {"over": True})
    assert layout_check.breaches([button, need, beside], _Shape(), _window()) == []


def test_a_veil_leaves_a_bubbles_spots_needed():
    spot = ("need", pygame.Rect(10, 600, 370, 200), {"what": "the bubble's spot", "spot": True})
    plate = ("need", pygame.Rect(10, 60, 180, 70), {"what": "tricks against the target"})
    veil = ("veil", pygame.Rect(0, 0, 390, 844), {})
    bubble = ("panel", pygame.Rect(10, 40, 370, 620), {"over": True})
    found = [p for p in layout_check.breaches([spot, plate, veil, bubble], _Shape(), _window()) if p.startswith("covered")]
    assert len(found) == 1 and "the bubble's spot" in found[0]  # what the veil dims is not needed now


# --- today's screens: nothing cut, nothing covered on a phone --------------------------------
@pytest.mark.parametrize("size", [(390, 844), (360, 640), (844, 390)])
def test_the_status_and_the_buttons_are_whole_on_a_phone(size):
    """The tricks against the limit, the declarer's name, the kitty's four buttons, the
    score sheet's headings, the game over's buttons and the title's saved game: in English
    and in Polish, nothing of them cut, nothing the step needs covered."""
    out = io.StringIO()
    found = layout_check.run(sizes=(size,), langs=("en", "pl"), out=out,
                             scenes=("play", "kitty", "score", "game_over", "title", "tip:minimum", "tip:must_trump", "look_back"))
    problems = [f"{lang} {name}: {p}" for (_css, lang, name), ps in sorted(found.items()) for p in ps if p.startswith(("cut", "covered"))]
    assert problems == [], "\n".join(problems[:40])


def test_the_tips_are_checked_over_the_moment_they_are_shown_at(make_app):
    from game.ui.coach import tips

    app = make_app(size=(390, 844))
    pos = layout_check.positions()
    for tip in tips.TIPS:
        assert layout_check._set_up(app, f"tip:{tip}", pos), tip
        assert tip in tips.all_due(app.scene.table)
