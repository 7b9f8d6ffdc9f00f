"""A frame whose input and update took their time (a move applied: at 10x in the browser
8-13 ms before any drawing) leaves its drawing to the next frame, which draws what changed;
never two frames in a row, and a frame under the limit draws at once.  Natively every
frame draws at once."""

import time

from game.ui.loop import painter as painter_module

from .helpers import advance_until, table_for


def _my_turn(make_app):
    app = make_app(settings={"speed": "normal"})
    match = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and len(m.legal_actions()) > 1)
    table_for(app, match)
    for _ in range(60):  # the table's first frames, its pictures ahead
        app.step(events=[], dt=1 / 60)
    app.painter.worked_ms = painter_module.WORKED_MS  # as in the browser
    return app


def test_a_move_applied_in_a_long_update_is_drawn_in_the_next_frame(make_app, monkeypatch):
    app = _my_turn(make_app)
    scene = app.scene
    presented = []
    present = app.display.present
    monkeypatch.setattr(app.display, "present", lambda rects, picture: (presented.append(app.frames), present(rects, picture)))
    real_update = scene.update
    slow = {"frames": 2}

    def update(dt):
        if slow["frames"]:
            slow["frames"] -= 1
            time.sleep((painter_module.WORKED_MS + 2) / 1000.0)  # the update of a slow phone
        return real_update(dt)

    monkeypatch.setattr(scene, "update", update)
    played = scene.v.legal[0]
    assert scene.table.act(played)
    first = app.frames
    app.step(events=[], dt=1 / 60)
    assert app.painter.last_draw == "put off" and first not in presented  # the window kept its picture
    app.step(events=[], dt=1 / 60)  # slow again: drawn all the same (never two in a row)
    assert app.painter.last_draw == "partial" and first + 1 in presented  # what changed, not the whole window
    assert scene.table.board.sprites, "the card played is in flight"


def test_a_frame_under_the_limit_is_drawn_at_once(make_app):
    app = _my_turn(make_app)
    scene = app.scene
    app.painter.worked_ms = 60_000.0  # no frame here works that long
    assert scene.table.act(scene.v.legal[0])
    app.step(events=[], dt=1 / 60)
    assert app.painter.last_draw == "partial" and scene.table.board.sprites


def test_natively_a_long_update_is_drawn_at_once(make_app, monkeypatch):
    app = make_app()
    assert app.painter.worked_ms is None
    monkeypatch.setattr(app.painter, "frame_key", lambda: None)  # every frame draws
    start = time.perf_counter() - 1.0  # as if the frame had worked a second
    assert not app.painter.put_off(start)


def test_a_menus_long_frame_is_drawn_at_once(make_app, monkeypatch):
    """A menu's long update is a warm-up step, and its picture rarely changes: drawn at once."""
    app = make_app()
    app.painter.worked_ms = painter_module.WORKED_MS  # as in the browser
    assert app.scene_name == "title"
    assert not app.painter.put_off(time.perf_counter() - 1.0)  # as if the frame had worked a second
