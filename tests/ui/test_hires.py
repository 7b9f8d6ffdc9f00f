"""Rendering at the window's real pixel size: layout and input stay in 1280x720 logical
coordinates, the canvas and everything drawn on it are at device resolution."""

import pygame

from game.ui import gfx
from tests.ui.helpers import advance_until, table_for


def _play_table(app):
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and len(m.trick) == 2)
    scene = table_for(app, m)
    scene.table.hand.hover = next(iter(scene.table.legal_cards()))
    app.step(dt=1 / 60)
    return scene


def test_large_window_renders_at_device_resolution(make_app):
    app = make_app(size=(1920, 1080))
    scene = _play_table(app)
    assert app.canvas.get_size() == (1920, 1080)
    assert app.render_scale == 1.5 and gfx.scale() == 1.5
    # the hand's cards were rendered 1.5x as wide as their logical width (no resampling)
    card, rect = next((c, r) for c, r in scene.table.hand.card_rects() if c is not None)
    assert any(k[0] == card.index and k[1] == gfx.px(rect.w) for k in gfx._composites)
    # text is rendered at the device font size
    assert gfx.dev_text("Menu", 20).get_height() > gfx.text("Menu", 20).get_height() * 1.3
    # clicks still land in logical coordinates
    from game.ui.autopilot import Autopilot

    assert Autopilot(app).click("menu")
    app.step(dt=1 / 60)
    assert app.scene_name == "pause"


def test_cached_table_matches_a_fresh_render_when_scaled(make_app):
    app = make_app(size=(1000, 620))
    scene = _play_table(app)
    kept = pygame.image.tobytes(app.canvas, "RGB")
    scene.invalidate()
    app.always_redraw = True
    app.step(dt=1 / 60)
    assert pygame.image.tobytes(app.canvas, "RGB") == kept


def test_resize_rebuilds_the_canvas_and_scaled_layers(make_app, monkeypatch):
    from game.ui import window as app_module

    monkeypatch.setattr(app_module, "RESIZE_SETTLE", 0.0)
    app = make_app()
    scene = _play_table(app)
    assert app.canvas.get_size() == (1280, 720) and gfx.scale() == 1.0
    for size in ((1920, 1080), (800, 450), (1280, 720), (1100, 900)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.step(dt=1 / 60)
        assert app.window.get_size() == size
        w, h = int(1280 * app.scale), int(720 * app.scale)
        if size != (1280, 720):
            assert app.canvas.get_size() == (w, h)
            assert abs(gfx.scale() - app.scale) < 0.01
        assert scene.table.compositor.still.surface.get_size() in ((w, h), size)
        # the letterboxed picture is in the window: the felt shows at the centre
        cx, cy = app.to_window((640, 300))
        assert app.window.get_at((cx, cy))[1] > 40


def test_dragging_a_resize_stretches_the_last_frame_until_it_settles(make_app):
    import time

    from game.ui import window as app_module

    app = make_app()
    _play_table(app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900))
    app.step(dt=1 / 60)
    assert app.window.get_size() == (1600, 900)
    assert app.canvas.get_size() == (1280, 720)  # not re-rendered yet: stretched
    cx, cy = app.to_window((640, 300))
    assert app.window.get_at((cx, cy))[1] > 40
    time.sleep(app_module.RESIZE_SETTLE + 0.02)
    app.step(dt=1 / 60)
    assert app.canvas.get_size() == (1600, 900) and gfx.scale() == 1.25
