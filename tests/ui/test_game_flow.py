"""Whole games through the real scenes, clicked by the autopilot like a user."""

import pygame
import pytest

from game.ui.autopilot import Autopilot, post_click


def test_full_game_through_ui(make_app):
    app = make_app()
    pilot = Autopilot(app, seed=7)
    assert pilot.run(until="game_over", max_frames=40000), f"stuck in {app.scene_name}"
    m = app.scene.session.match
    assert m.phase == "game_over" and len(m.deals) == 18
    assert {"title", "new_game", "declare", "kitty", "play", "score"} <= pilot.scenes_seen
    # play again starts a fresh game
    assert pilot.click("play_again")
    app.step(dt=1 / 60)
    assert app.scene_name in ("deal", "declare", "exchange")
    assert not app.scene.session.match.history


def test_short_blato_game_small_window(make_app):
    """A 3-deal blato game at the smallest supported window: clicks are scaled."""
    app = make_app(size=(800, 450))
    from game.engine import RuleSet

    app.games.start(seed=3, rules=RuleSet.preset("blato", deals=3))
    pilot = Autopilot(app, seed=3)
    assert pilot.run(until="game_over", max_frames=20000)
    assert len(app.scene.session.match.deals) == 3


def test_classic_short_game(make_app):
    from game.engine import RuleSet

    app = make_app()
    app.games.start(seed=4, rules=RuleSet.preset("classic", deals=6))
    pilot = Autopilot(app, seed=4)
    assert pilot.run(until="game_over", max_frames=30000)


def test_animations_play_and_click_skips(make_app):
    app = make_app(settings={"speed": "normal"})
    app.games.start(seed=12)
    scene = app.scene
    assert scene.name == "deal" and scene.timeline.busy
    for _ in range(10):
        app.step(dt=1 / 60)
    assert scene.timeline.busy and scene.table.board.sprites
    post_click(app, (640, 360))
    app.step(dt=1 / 60)
    assert app.scene_name != "deal" and app.scene.table is scene.table
    assert not scene.table.board.sprites


def test_new_game_scene_options(make_app):
    app = make_app()
    pilot = Autopilot(app)
    assert pilot.click("new_game")
    app.step(dt=1 / 60)
    assert app.scene_name == "new_game"
    assert pilot.click("preset_classic")
    app.step(dt=1 / 60)
    assert app.scene.preset == "classic" and app.scene.options["declare_on"] == 16
    # classic + declarer sees 6 cards is not playable: start is disabled, reason shown
    app.scene.set_option("declare_on", 6)
    app.scene.validate()
    assert app.scene.rules is None and app.scene.error
    assert not [n for n, _ in app.scene.targets() if n == "start"]
    app.scene.set_option("declare_on", 16)
    # names are typed
    assert pilot.click("name_0")
    app.step(dt=1 / 60)
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Zoë"))
    app.step(dt=1 / 60)
    assert app.scene.names[0] == "Zoë"
    assert pilot.click("start")
    app.step(dt=1 / 60)
    assert app.scene.session.names[0] == "Zoë"
    assert app.scene.session.match.rules.preset_name == "classic"


def test_keyboard_only_menus_and_play(make_app):
    app = make_app()
    from game.ui.autopilot import post_key

    post_key(pygame.K_DOWN)  # focus "New game"
    post_key(pygame.K_RETURN)
    app.step(dt=1 / 60)
    assert app.scene_name == "new_game"
    for _ in range(40):  # tab to Start
        w = app.scene.focused_widget()
        if w is not None and w.name == "start":
            break
        post_key(pygame.K_TAB)
        app.step(dt=1 / 60)
    post_key(pygame.K_RETURN)
    app.step(dt=1 / 60)
    assert hasattr(app.scene, "table")
    # play with arrows + Enter only until the first trick is complete
    for _ in range(3000):
        app.step(dt=1 / 60)
        assert app.scene_name != "pause", "a key opened the pause menu"
        scene = app.scene
        v = scene.v
        if v.phase == "play" and v.tricks:
            break
        if app.guide.holds(scene.table):  # a first-time tip waits for a key, whoever's turn it is
            post_key(pygame.K_RETURN)
            continue
        if scene.timeline.busy or v.to_act != scene.human:
            continue
        if v.phase == "declare":
            post_key(pygame.K_TAB)
            post_key(pygame.K_RETURN)
        elif v.phase == "discard" and len(scene.table.hand.selected) == 4:
            for _ in range(30):
                w = scene.focused_widget()
                if w is not None and w.name == "discard" and w.focused:
                    break
                post_key(pygame.K_TAB)
                app.step(dt=1 / 60)
            post_key(pygame.K_RETURN)
        else:
            post_key(pygame.K_RIGHT)
            post_key(pygame.K_RETURN)
    assert scene.v.tricks, "no trick completed with the keyboard alone"


def test_touch_tap_counts_once(make_app):
    """A tap arrives as a finger event and an emulated mouse press: one click only."""
    app = make_app()
    r = dict(app.scene.targets())["settings"]
    wx, wy = app.to_window(r.center)
    ww, wh = app.window.get_size()
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=wx / ww, y=wy / wh, dx=0.0, dy=0.0, finger_id=1, touch_id=1, pressure=1.0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(wx, wy), button=1))
    app.step(dt=1 / 60)
    assert app.scene_name == "settings"
    # the tap must not also have hit whatever lies under it on the settings page
    assert len(app.scenes) == 2


def test_main_loop_recovers_from_a_scene_error(make_app):
    """The real loop (App.run) survives a bug in a scene: back to the title, game kept."""
    import asyncio

    app = make_app()
    app.games.start(seed=2)
    table = app.scene

    def broken(dt):
        raise RuntimeError("boom")

    table.update = broken
    title = app.scenes[0]
    original = title.update

    def stop_after(dt):
        original(dt)
        app.running = False

    title.update = stop_after
    asyncio.run(app.run())
    assert app.scene_name == "title" and "boom" in app.notice
    assert app.storage.has_game()


def test_one_deal_against_the_real_ai(make_app):
    """The shipped default opponents (search players thinking in 8 ms slices) through the UI."""
    app = make_app(settings={"strength": "normal"})
    app.games.start(seed=31)
    pilot = Autopilot(app, seed=31)
    assert pilot.run(until="score", max_frames=20000), app.scene_name
    assert len(app.scenes[1].session.match.deals) == 1


@pytest.mark.slow
def test_full_game_fast_animations_easy_ai(make_app):
    app = make_app(settings={"strength": "easy", "speed": "fast"})
    app.games.start(seed=17)
    pilot = Autopilot(app, seed=17)
    assert pilot.run(until="game_over", max_frames=200000)


def test_skipped_frames_never_leave_a_stale_picture(make_app):
    """Frames whose key is unchanged are not redrawn; any visible change must redraw."""
    app = make_app()
    app.step(dt=1 / 60)
    before = pygame.image.tobytes(app.window, "RGB")
    app.step(dt=1 / 60)
    assert pygame.image.tobytes(app.window, "RGB") == before  # idle: same picture
    r = dict(app.scene.targets())["settings"]
    post_click(app, r.center)  # also a hover change on the way
    app.step(dt=1 / 60)
    assert app.scene_name == "settings"
    assert pygame.image.tobytes(app.window, "RGB") != before
    # a redraw from scratch gives the same picture as the one kept
    kept = pygame.image.tobytes(app.window, "RGB")
    app.painter.always_redraw = True
    app.step(dt=1 / 60)
    assert pygame.image.tobytes(app.window, "RGB") == kept


def test_automation_helpers(make_app):
    app = make_app()
    assert app.autoplay("score", max_frames=20000) == "score"
    report = app.profile(frames=5, top=3, full=True)
    assert "ms/frame" in report


def test_cached_table_layer_matches_a_fresh_render(make_app):
    from tests.ui.helpers import advance_until, table_for

    app = make_app()
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and len(m.trick) == 2)
    scene = table_for(app, m)
    scene.table.hand.hover = next(iter(scene.table.legal_cards()))
    app.step(dt=1 / 60)
    kept = pygame.image.tobytes(app.window, "RGB")
    scene.invalidate()
    app.painter.always_redraw = True
    app.step(dt=1 / 60)
    assert pygame.image.tobytes(app.window, "RGB") == kept
