"""A card tapped while a computer is to play is refused ("Wait: it is Boris's turn."), and
that refusal goes as soon as the turn is the player's: it must not stay above "Your turn"
for the rest of its three seconds."""

from __future__ import annotations

import pytest

from game.engine import Phase


def _computer_to_play(make_app):
    app = make_app(settings={"speed": "normal"})
    app.games.start(seed=7)
    for _ in range(6000):
        app.step(dt=1 / 60)
        table = getattr(app.scene, "table", None)
        if table is None or table.timeline.busy:
            continue
        v, human = table.v, table.session.human
        if v.phase == Phase.PLAY and v.to_act not in (None, human) and v.hand:
            return app
    pytest.fail("no computer's turn in the play")


def test_the_refusal_of_a_card_out_of_turn_goes_when_the_turn_is_the_players(make_app):
    app = _computer_to_play(make_app)
    table = app.scene.table
    app.scene.click_card(table.v.hand[0])
    assert table.toast.active and "turn" in table.toast.message
    for _ in range(600):
        app.step(dt=1 / 60)
        if table.v.to_act == table.session.human:
            break
    assert table.v.to_act == table.session.human
    app.step(dt=1 / 60)
    assert not table.toast.active


def test_a_refusal_with_no_end_of_its_own_stays_its_time(make_app):
    app = _computer_to_play(make_app)
    table = app.scene.table
    table.refuse("Not now.")
    for _ in range(60):
        app.step(dt=1 / 60)
    assert table.toast.active and table.toast.message == "Not now."
