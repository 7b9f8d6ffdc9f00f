"""A computer player that raises, or answers a move that is not legal, must not stall the
game, and must not hide either: the table plays a legal card for it, logs the error with
its traceback, and tells the player once."""

import logging

from .helpers import advance_until, table_for


class BrokenPlayer:
    def __init__(self):
        self.calls = 0

    def think(self, view, budget_ms=8.0):
        self.calls += 1
        raise RuntimeError("search exploded")


class IllegalPlayer:
    def think(self, view, budget_ms=8.0):
        return "0 declare XX"  # not an action of this view


def _play(app, seat, moves):
    """Frames until seat 1 and seat 2 together made `moves` moves (the human's turns are
    played by the autopilot's rule: the first legal action)."""
    match = app.scene.session.match
    start = len(match.history)
    for _ in range(3000):
        if len(match.history) >= start + moves or match.is_over():
            break
        if match.to_act == 0 and app.scene.table.v.to_act == 0 and not app.scene.table.timeline.busy:
            app.scene.table.act(match.legal_actions()[0])
        app.step(events=[], dt=1 / 60)
    return len(match.history) - start


def test_a_player_that_raises_is_logged_and_told_once(make_app, caplog):
    app = make_app()
    match = advance_until(lambda m: m.phase == "play" and m.to_act == 1)
    table_for(app, match)
    broken = BrokenPlayer()
    app.scene.session.players[1] = broken
    with caplog.at_level(logging.ERROR):
        assert _play(app, 1, 9) >= 9  # the game goes on
    assert broken.calls >= 3
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR and "search exploded" in (r.exc_text or r.getMessage() + str(r.exc_info))]
    assert errors and errors[0].exc_info is not None  # logged with its traceback
    told = [n for n in app.notices.shown if "computer" in n.text.lower()]
    assert len(told) == 1
    told_before = app.notices._serial
    _play(app, 1, 6)
    assert not [n for n in app.notices.shown if "computer" in n.text.lower() and n.serial > told_before]  # once


def test_a_player_that_answers_an_illegal_move_is_logged_and_told(make_app, caplog):
    app = make_app()
    match = advance_until(lambda m: m.phase == "play" and m.to_act == 2)
    table_for(app, match)
    app.scene.session.players[2] = IllegalPlayer()
    with caplog.at_level(logging.ERROR):
        assert _play(app, 2, 3) >= 3
    assert any("0 declare XX" in r.getMessage() for r in caplog.records)
    assert any("computer" in n.text.lower() for n in app.notices.shown)
