"""The end of a game by keyboard: Enter pressed again and again to hurry the last tricks
must not start a new game before the result has been seen.  The game-over screen takes
Enter as Play again only after a moment, and at once on a button the player moved to."""

import pygame

from game.engine import RuleSet
from game.ui.autopilot import post_key
from game.ui.scenes.score import READ_SECONDS

from .helpers import advance_until, table_for


def _enter(app):
    post_key(pygame.K_RETURN)
    app.step(dt=1 / 60)


def _last_trick(make_app):
    m = advance_until(lambda m: m.deal_number == 2 and m.phase == "play" and m.to_act == 0 and len(m.current.tricks) == 15,
                      rules=RuleSet.preset("standard", deals=3))
    app = make_app()
    table_for(app, m)
    return app, m


def test_enter_held_down_through_the_last_trick_leaves_the_result_on_screen(make_app):
    app, m = _last_trick(make_app)
    for _ in range(int(0.9 * READ_SECONDS * 60)):  # Enter, Enter, Enter... as the last cards go
        _enter(app)
    assert m.is_over()
    assert app.scene_name == "game_over" and app.scene.session.match is m, "the result is still shown"
    for _ in range(int(READ_SECONDS * 60)):
        app.step(dt=1 / 60)
    _enter(app)  # read: now Enter means Play again
    assert app.scene_name != "game_over" and app.scene.session.match is not m


def test_a_button_chosen_with_the_keys_acts_at_once(make_app):
    app, m = _last_trick(make_app)
    for _ in range(600):
        if app.scene_name == "game_over":
            break
        _enter(app)
    post_key(pygame.K_TAB)
    app.step(dt=1 / 60)
    chosen = app.scene.focused_widget()
    assert chosen is not None and chosen.name == "menu"
    _enter(app)
    assert app.scene_name == "title"
