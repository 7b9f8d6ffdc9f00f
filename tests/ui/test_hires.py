"""Rendering at the window's real pixel size: the logical canvas follows the window's shape
(a logical pixel is a window pixel up to the reference design, larger beyond it), no
letterbox, and everything is drawn at window resolution."""

import pygame

from game.ui.draw import gfx
from game.ui.window import screen
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
    assert app.window.get_size() == (1920, 1080) and screen.size() == (1280, 720)
    assert app.display.render_scale == 1.5 and gfx.scale() == 1.5
    # the hand's cards were rendered 1.5x as wide as their logical width (no resampling)
    card, rect = next((c, r) for c, r in scene.table.hand.card_rects() if c is not None)
    assert any(k[0] == card.index and k[1] == gfx.px(rect.w) for k in gfx._composites)
    assert gfx.dev_text("Menu", 20).get_height() > gfx.text("Menu", 20).get_height() * 1.3
    from game.ui.autopilot import Autopilot

    assert Autopilot(app).click("menu")
    app.step(dt=1 / 60)
    assert app.scene_name == "pause"


def test_cached_table_matches_a_fresh_render(make_app):
    app = make_app(size=(1000, 620))
    scene = _play_table(app)
    kept = pygame.image.tobytes(app.window, "RGB")
    scene.invalidate()
    app.painter.always_redraw = True
    app.step(dt=1 / 60)
    assert pygame.image.tobytes(app.window, "RGB") == kept


def test_a_resize_lays_the_table_out_for_the_new_shape_without_bars(make_app):
    app = make_app()
    scene = _play_table(app)
    hand = set(scene.table.board.hand)
    for size, portrait in (((1920, 1080), False), ((800, 450), False), ((390, 844), True), ((1280, 720), False), ((1100, 900), False)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.step(dt=1 / 60)
        assert app.window.get_size() == size and app.display.offset == (0, 0)
        assert screen.portrait() == portrait
        assert scene.table.compositor.still.surface.get_size() == size
        # the felt reaches every corner: no letterbox
        for corner in ((1, 1), (size[0] - 2, size[1] - 2)):
            assert app.window.get_at(corner)[1] > 30
        # every card of the hand is inside the window, the game goes on with the same cards
        for _c, r in scene.table.hand.card_rects():
            assert screen.current().rect.contains(r)
        assert set(scene.table.board.hand) == hand
    assert app.scene_name == "play"


def test_the_native_window_may_be_narrow_and_tall(make_app):
    app = make_app()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(300, 500), w=300, h=500))
    app.step(dt=1 / 60)
    assert app.window.get_size() == (360, 640)  # the portrait minimum, not widened to 800
    assert screen.portrait()
