"""A move saved after its first frames (the browser's way: the save is ~3 ms there with the
CPU slowed 4x, and the frame that starts a move's animation is the longest of the move).

What a player must never see: a move lost by a tab closed a moment later (it is written
on the first frame that draws nothing, or within SAVE_WITHIN_S of frames that all draw),
a game resumed without its last move, or a new game overwritten by the last move of the
game before it.  Natively every move is saved at once (tested everywhere else).
"""

from __future__ import annotations

import json

import pytest

from game.engine import Match
from game.ui.games import saving
from game.ui.games.session import Session


@pytest.fixture
def later(monkeypatch):
    monkeypatch.setattr(saving, "SAVE_LATER", True)
    saving._waiting.clear()
    yield
    saving._waiting.clear()


def _stored_history(app) -> int:
    """How many moves the stored game holds."""
    data = app.storage.load_game_raw()
    return len(Match.from_json(data["match"]).history)


def _move(app) -> int:
    """One of the human's legal moves, applied through the table; the moves made so far."""
    table = app.scene.table
    view = table.session.view()
    assert table.act(view.legal[0])
    return len(table.session.match.history)


def _at_the_table(make_app):
    app = make_app(settings={"speed": "normal"})
    app.games.start(seed=7)
    for _ in range(2000):  # the deal flies, the computer players bid, until it is the human's turn
        app.step(dt=1 / 60)
        view = app.scene.table.session.view() if hasattr(app.scene, "table") else None
        if view is not None and view.to_act == app.scene.table.session.human and view.legal and not app.scene.table.timeline.busy:
            return app
    pytest.fail("the human never had a turn")


def test_a_move_is_saved_on_the_first_frame_that_draws_nothing(make_app, later):
    app = _at_the_table(make_app)
    before = _stored_history(app)
    moves = _move(app)
    assert _stored_history(app) == before  # not in the frame of the move itself
    for _ in range(600):
        app.step(dt=1 / 60)
        if app.painter.last_draw == "skipped":
            break
    assert app.painter.last_draw == "skipped"
    assert _stored_history(app) >= moves


def test_a_move_is_saved_within_its_time_while_every_frame_draws(make_app, later, monkeypatch):
    app = _at_the_table(make_app)
    now = [saving.time.perf_counter()]
    monkeypatch.setattr(saving.time, "perf_counter", lambda: now[0])
    moves = _move(app)
    app.painter.always_redraw = True  # every frame draws (a long animation)
    app.step(dt=1 / 60)
    assert _stored_history(app) < moves
    now[0] += saving.SAVE_WITHIN_S
    app.step(dt=1 / 60)
    assert _stored_history(app) >= moves


def test_continue_right_after_leaving_resumes_with_the_last_move(make_app, later):
    app = _at_the_table(make_app)
    moves = _move(app)
    app.to_title()
    assert app.games.continue_saved()
    assert len(app.scenes[-1].table.session.match.history) >= moves


def test_a_new_game_is_not_overwritten_by_the_last_move_of_the_one_before(make_app, later):
    app = _at_the_table(make_app)
    _move(app)
    app.to_title()
    app.games.start(seed=8)
    for _ in range(5):
        app.step(dt=1 / 60)
    stored = json.loads(app.storage.backend.get("game"))
    assert Match.from_json(stored["match"]).seed == app.scenes[-1].table.session.match.seed
    assert saving._waiting == [] or saving._waiting[0] is app.scenes[-1].table.session


def test_natively_a_move_is_saved_at_once(make_app):
    app = _at_the_table(make_app)
    assert _move(app) == _stored_history(app)
    assert isinstance(app.scene.table.session, Session)


def test_a_game_saved_after_another_games_waiting_move_stays_the_saved_one(later):
    """Whatever the screens do in between: the newer save is never replaced by an older
    game's move written late."""
    from game.storage.store import Storage

    storage = Storage(":memory:")
    old = Session.new(seed=7, storage=storage)
    old.save()
    seat = old.match.to_act
    old.apply(old.match.view(seat).legal[0])  # waits to be saved
    assert saving._waiting[0] is old
    new = Session.new(seed=8, storage=storage)
    new.save()
    saving.save_waiting(idle=True)
    assert Match.from_json(storage.load_game_raw()["match"]).seed == 8
