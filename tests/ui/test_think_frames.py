"""Frames where a computer player thinks: a frame that runs a think() slice
does not also present a new picture when it can be avoided (the thinking dots' next step
or the move found are shown in a frame without thinking), and thinking never waits for
long."""

from game.ui.table import table as table_module

from .helpers import advance_until, table_for


class SlowPlayer:
    """Needs `calls` slices for its decision; notes the frame of each slice."""

    def __init__(self, app, calls):
        self.app, self.calls, self.frames = app, calls, []

    def think(self, view, budget_ms=8.0):
        self.frames.append(self.app.frames)
        return view.legal[0] if len(self.frames) >= self.calls else None


def _computer_to_play(make_app, calls):
    app = make_app(settings={"speed": "normal"})
    match = advance_until(lambda m: m.phase == "play" and m.to_act == 1 and len(m.legal_actions()) > 1)
    table_for(app, match)
    player = SlowPlayer(app, calls)
    app.scene.session.players[1] = player
    return app, player


def test_no_frame_both_thinks_and_presents_while_the_dots_move(make_app):
    app, player = _computer_to_play(make_app, calls=90)  # about 1.5 s of thinking: the dots step 4-5 times
    presented, played_at = set(), None
    for _ in range(400):
        before = len(app.scene.session.match.history)
        app.step(events=[], dt=1 / 60)
        if app.painter.last_draw in ("full", "partial") and app.painter.dirty_rects != []:
            presented.add(app.frames - 1)
        if played_at is None and len(app.scene.session.match.history) > before:
            played_at = app.frames - 1
            break
    assert len(player.frames) == 90 and played_at is not None
    thought = set(player.frames)
    dots_steps = [f for f in presented if player.frames[0] < f < player.frames[-1]]
    assert len(dots_steps) >= 3  # the dots did move while it thought
    assert not thought & presented
    assert played_at not in thought  # the move is applied (and shown) in a frame of its own


def test_thinking_waits_at_most_a_few_frames_for_pictures(make_app, monkeypatch):
    """A picture that changes every frame does not stop the computer player: it thinks at
    least every MAX_HELD + 1 frames."""
    app, player = _computer_to_play(make_app, calls=40)
    monkeypatch.setattr(app.painter, "frame_key", lambda: None)  # every frame presents
    for _ in range(400):
        app.step(events=[], dt=1 / 60)
        if len(player.frames) >= 40:
            break
    gaps = [b - a for a, b in zip(player.frames, player.frames[1:])]
    assert len(player.frames) == 40 and max(gaps) == table_module.MAX_HELD + 1
