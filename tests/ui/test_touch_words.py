"""Words that say how to do something follow how the player plays: "tap" on a touch
screen (a finger pressed last), keys on a keyboard (a key or a real mouse pressed last)."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import t
from game.ui.autopilot import post_click, post_key
from tests.ui.helpers import advance_until, table_for
from tools.ui import layout_check


def _tap(app, pos) -> None:
    """A finger on the window at a logical point, as a touch screen sends it (the finger,
    then its emulated mouse press, which the game drops)."""
    wx, wy = app.to_window(pos)
    ww, wh = app.window.get_size()
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=wx / ww, y=wy / wh, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(wx, wy), button=1, touch=True))
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=wx / ww, y=wy / wh, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=0.0))
    app.step(dt=1 / 60)


def _words(app) -> list[str]:
    return [info["text"] for kind, _r, info in layout_check.render(app) if kind == "text"]


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "bg"])
def test_the_title_says_tap_after_a_touch_and_keys_after_a_key(make_app, lang):
    app = make_app(size=(1280, 720), settings={"language": lang})
    app.step(dt=1 / 60)
    _tap(app, (2, app.shape.h // 2))  # on the felt, beside the buttons
    words = _words(app)
    assert t("menu.footer.touch") in words and t("menu.footer") not in words
    post_key(pygame.K_DOWN)
    app.step(dt=1 / 60)
    words = _words(app)
    assert t("menu.footer") in words and t("menu.footer.touch") not in words


def test_look_back_opened_by_a_finger_says_how_a_finger_closes_it(make_app):
    app = make_app(size=(390, 844))
    scene = table_for(app, advance_until(lambda m: m.phase == "play" and m.to_act == 0 and len(m.current.tricks) >= 2))
    app.step(dt=1 / 60)
    _tap(app, dict(scene.targets())["look_back"].center)
    assert scene.table.lookback.visible
    words = _words(app)
    assert t("lookback.close.touch") in words and t("lookback.close") not in words
    _tap(app, (app.shape.w // 2, app.shape.h // 2))  # a tap closes it
    assert not scene.table.lookback.visible


def test_look_back_opened_by_the_mouse_names_the_keys(make_app):
    app = make_app(size=(1280, 720))
    scene = table_for(app, advance_until(lambda m: m.phase == "play" and m.to_act == 0 and len(m.current.tricks) >= 2))
    app.step(dt=1 / 60)
    post_click(app, dict(scene.targets())["look_back"].center)
    app.step(dt=1 / 60)
    assert scene.table.lookback.visible
    assert t("lookback.close") in _words(app)


def test_the_replays_keys_line_shows_only_to_a_keyboards_player(make_app):
    from game.records.library import record_of
    from game.ui.games.session import Session
    from tests.ui.helpers import finished_match

    app = make_app(size=(1280, 720))
    app.push_scene("replay", record_of(Session(finished_match(), ["You", "Anna", "Boris"], "random", storage=app.storage)))
    app.step(dt=1 / 60)
    post_key(pygame.K_RIGHT)
    app.step(dt=1 / 60)
    assert t("replay.keys") in _words(app)
    _tap(app, (app.shape.w // 2, app.shape.h // 2))  # on the felt
    assert t("replay.keys") not in _words(app)
