"""The Hint button follows the table: when a computer's card is still flying and the player
skips the animation (a click or Enter), the turn that follows has the Hint button lit, as
the H key's hint is there to be had."""

import pygame

from game.ui.autopilot import post_key

from .helpers import advance_until, table_for


def test_the_hint_button_is_lit_on_my_turn_after_a_skipped_animation(make_app):
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 2 and len(m.trick) == 1)
    app = make_app(settings={"speed": "normal"})
    scene = table_for(app, m)
    for _ in range(600):  # the computer at seat 2 thinks, then its card flies
        app.step(dt=1 / 60)
        if scene.table.timeline.busy:
            break
    assert scene.table.timeline.busy and m.to_act == 0
    post_key(pygame.K_RETURN)  # skip the flight
    app.step(dt=1 / 60)
    app.step(dt=1 / 60)
    hint = app.scene.widget("hint")
    assert app.scene.my_turn() and app.scene.table.hint.available()
    assert hint.enabled, "the button is greyed although a hint can be had"
    post_key(pygame.K_h)
    app.step(dt=1 / 60)
    assert app.scene.table.hint.thinking or app.scene.table.hint.evaluation is not None
