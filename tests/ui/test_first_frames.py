"""A new screen's first frame made over several frames: in the browser the App
makes new text, panels and cards only for ``prepare_budget_ms`` per frame; until a pass
finishes, nothing is presented and the window keeps its last picture; the frame then shown
is exactly the one a single whole drawing makes."""

import time

import pygame
import pytest

from game.ui.draw import backdrop, cardfan, gfx

from .helpers import click_named


def _bytes(surf) -> bytes:
    return pygame.image.tobytes(surf, "RGB")


def _cold(app) -> None:
    """Forget every cached picture and the warm-up, so that a screen starts from nothing."""
    from game.ui.scenes.new_game import NewGameScene

    app.warmup.faces, app.warmup.steps = [], []
    NewGameScene._first_frame = None  # the kept new-game picture (an earlier test may have made it)
    gfx._text_cache.clear()
    gfx._panel_cache.clear()
    gfx._composites.clear()


def _steps_until_drawn(app, limit=2000) -> list[str]:
    modes = []
    for _ in range(limit):
        app.step(events=[], dt=1 / 60)
        modes.append(app.painter.last_draw)
        if app.painter.last_draw != "preparing":
            break
    return modes


def test_a_screen_made_one_picture_per_frame_shows_only_when_whole(make_app):
    app = make_app()
    app.step(events=[], dt=1 / 60)
    title = _bytes(app.screenshot())
    _cold(app)
    app.first_frames.prepare_budget_ms = 1e-6  # every pass makes one new picture, then stops
    app.push_scene("new_game")
    app.step(events=[], dt=1 / 60)
    assert app.painter.last_draw == "preparing"
    assert _bytes(app.screenshot()) == title  # the old picture stays while the new one is made
    modes = _steps_until_drawn(app)
    assert modes[-1] == "full" and modes.count("preparing") >= 10, modes
    shown = _bytes(app.screenshot())
    whole = pygame.Surface(app.window.get_size())
    app.painter.draw(whole)  # the same screen drawn in one go
    assert shown == _bytes(whole)
    assert shown != title
    app.step(events=[], dt=1 / 60)  # drawn once: later frames are not made again
    assert app.painter.last_draw in ("skipped", "full")


def test_a_game_table_made_over_frames_equals_its_whole_drawing(make_app):
    """The table's first frame (its cached still layer half drawn when time ran out) ends
    up exactly as a whole drawing; the game plays on meanwhile."""
    app = make_app(settings={"speed": "normal"})
    app.step(events=[], dt=1 / 60)
    _cold(app)
    app.first_frames.prepare_budget_ms = 1e-6
    app.games.start(seed=5)
    modes = _steps_until_drawn(app)
    assert modes.count("preparing") >= 10 and modes[-1] == "full", modes
    shown = _bytes(app.screenshot())
    whole = pygame.Surface(app.window.get_size())
    app.scene.invalidate()
    app.painter.draw(whole)
    assert shown == _bytes(whole)


def test_natively_a_new_screen_is_drawn_in_its_first_frame(make_app):
    app = make_app()
    assert app.first_frames.prepare_budget_ms is None
    app.step(events=[], dt=1 / 60)
    _cold(app)
    click_named(app, "new_game")
    assert app.scene_name == "new_game" and app.painter.last_draw == "full"


def test_a_backdrop_is_the_felt_and_its_panels_drawn_one_by_one(make_app):
    """The score pages' cached backdrop (one opaque blit) shows the very pixels of the felt
    and the panels drawn in turn, at 1x and at a device scale."""
    from game.ui.scenes.score import panels as score_panels

    make_app()
    for size in ((1280, 720), (1600, 900)):
        gfx.set_scale(size[0] / 1280)
        for panels in (score_panels(2), score_panels(7)):
            fast, slow = pygame.Surface(size), pygame.Surface(size)
            backdrop.blit_backdrop(fast, panels)
            backdrop.blit_backdrop(fast, panels)  # from the cache the second time
            gfx.blit_felt(slow)
            for r in panels:
                gfx.blit_panel(slow, r)
            assert _bytes(fast) == _bytes(slow)
            backdrop._backdrops.clear()  # made again one part per pass, as under a spent deadline
            gfx._panel_cache.clear()
            passes, step = 0, pygame.Surface(size)
            while True:
                passes += 1
                gfx.set_deadline(0.0)
                try:
                    backdrop.blit_backdrop(step, panels)
                    break
                except gfx.OutOfTime:
                    pass
                finally:
                    gfx.set_deadline(None)
            assert passes >= 3 and _bytes(step) == _bytes(slow)
    gfx.set_scale(1.0)


def test_frames_that_draw_nothing_make_the_hands_card_pictures_ahead(make_app):
    """On the human's turn the hand is drawn from pictures already made while nothing was
    drawn: no card picture is made in the frame that shows the playable cards."""
    from game.ui.scenes.table_scene import TableScene

    from .helpers import advance_until, table_for

    app = make_app()
    match = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and len(m.legal_actions()) < len(m.view(0).hand))
    table_for(app, match)
    app.step(events=[], dt=1 / 60)
    gfx._composites.clear()
    for _ in range(200):  # the human's turn: nothing moves, frames are skipped
        app.step(events=[], dt=1 / 60)
    assert isinstance(app.scene, TableScene) and app.painter.last_draw == "skipped"
    made = len(gfx._composites)
    assert made >= 2 * len(app.scene.v.hand)
    hand = app.scene.table.hand
    assert hand.choosing() and hand.table.legal_cards() != set(app.scene.v.hand)  # some cards dimmed
    hand.draw(pygame.Surface(app.window.get_size()))
    assert len(gfx._composites) == made  # the hand was drawn from pictures made ahead


def test_a_game_started_at_once_loads_the_rest_on_frames_that_draw_nothing(make_app):
    """Started before the title's warm-up ran, the game goes on with it at the table on
    frames that draw nothing: the modules and sounds one a frame, the next screens' first
    frames a few ms a frame (taken up again where the time ran out)."""
    from game.ui.loop import warmup

    app = make_app()
    app.step(events=[], dt=1 / 60)
    app.games.start(seed=3)
    assert any(not s.startswith("scene:") for s in app.warmup.steps) and "scene:score" in app.warmup.steps
    _cold(app)
    app.warmup.steps = ["game.ui.scenes.score", "scene:score"]
    app.warmup.faces = [92, 84, 64]
    backdrop._backdrops.clear()
    warmup.IDLE_PREPARE_MS, saved = 1e-6, warmup.IDLE_PREPARE_MS  # one picture a frame
    try:
        seen = []
        for _ in range(300):
            app.step(events=[], dt=1 / 60)
            seen.append(list(app.warmup.steps))
            if not app.warmup.steps:
                break
    finally:
        warmup.IDLE_PREPARE_MS = saved
    assert app.warmup.steps == []
    assert sum(1 for s in seen if s == ["scene:score"]) >= 3  # the score page took several frames
    assert len(backdrop._backdrops) == 1 and not backdrop._backdrop_parts
    assert app.warmup.faces  # then the card faces, a few ms a frame
    for _ in range(2000):
        app.step(events=[], dt=1 / 60)
        if not app.warmup.faces:
            break
    assert app.warmup.faces == []


def test_a_hand_drawn_without_its_covered_parts_equals_every_card_drawn_whole(make_app, monkeypatch):
    """The hand fan leaves out of each card what the next card's opaque part covers; the
    pixels are those of every card blitted whole, with lifted, dimmed, glowing and
    face-down cards, at 1x and at a device scale."""
    import random

    from game.engine.cards import parse_cards
    from game.ui import art
    from game.ui.draw import cardblit

    make_app()
    monkeypatch.setattr(cardfan, "CUT_COVERED", True)  # as in the browser
    monkeypatch.setattr(cardblit, "OPAQUE_MIDDLE", True)
    rng = random.Random(4)
    deck = parse_cards("AS KS QS JS 10S 9S 8S 7S AH KH QH JH 10H 9H 8H 7H AD KD QD JD 10D 9D")
    for scale, n in ((1.0, 16), (1.25, 12), (1.0, 5), (0.8, 2)):
        gfx.set_scale(scale)
        size = (int(1280 * scale), int(720 * scale))
        cards, x = [], 200
        for i in range(n):
            lift = rng.choice((0, 0, 24, 10))
            card = None if rng.random() < 0.15 else deck[i]
            look = rng.choice(((None, False), (None, True), (art.GOLD, False), (art.SELECT, False), (art.KITTY, False)))
            cards.append((card, pygame.Rect(x, 560 - lift, 92, 132), card is not None, *look))
            x += rng.choice((30, 47, 64, 100))
        fast, slow = pygame.Surface(size), pygame.Surface(size)
        gfx.blit_felt(fast)
        gfx.blit_felt(slow)
        cardfan.draw_overlapping(fast, cardfan.card_layers(cards))
        for card, r, face_up, highlight, dim in cards:  # each card one premultiplied blit, whole
            d = gfx.card_rect(r)
            img, m = gfx.card_sprite(card, d.w, face_up, highlight, dim)
            slow.blit(img, (d.x - m, d.y - m), special_flags=pygame.BLEND_PREMULTIPLIED)
        assert _bytes(fast) == _bytes(slow)
        assert any(core is not None for _img, _m, _pos, core in cardfan.card_layers(cards))  # something was left out
    gfx.set_scale(1.0)


def test_the_parts_of_a_rect_outside_another():
    a = pygame.Rect(0, 0, 10, 10)
    for b in (pygame.Rect(3, 3, 4, 4), pygame.Rect(5, -2, 10, 20), pygame.Rect(20, 20, 2, 2), pygame.Rect(-1, -1, 12, 12)):
        parts = cardfan.uncovered(a, b)
        covered = {(x, y) for x in range(10) for y in range(10) if b.collidepoint(x, y)}
        cells = [(x, y) for p in parts for x in range(p.left, p.right) for y in range(p.top, p.bottom)]
        assert len(cells) == len(set(cells))  # no overlap
        assert set(cells) == {(x, y) for x in range(10) for y in range(10)} - covered


def test_the_new_game_screens_prepared_first_frame_is_kept_and_equals_a_drawing(make_app, monkeypatch):
    """The title's warm-up draws the new-game screen off screen and keeps the picture; the
    screen's first frame is that picture (no panel drawn), pixel for pixel what drawing it
    makes; a changed screen (another preset) is drawn, not taken from it."""
    from game.ui import registry
    from game.ui.scenes.new_game import NewGameScene

    app = make_app()
    app.step(events=[], dt=1 / 60)
    monkeypatch.setattr(NewGameScene, "_first_frame", None)
    app.warmup.prepare_scene("new_game")
    assert NewGameScene._first_frame is not None
    panels = []
    real_panel = gfx.blit_panel
    monkeypatch.setattr(gfx, "blit_panel", lambda *a, **k: (panels.append(1), real_panel(*a, **k)))
    kept = pygame.Surface(app.window.get_size())
    registry.create("new_game", app).draw(kept)
    assert panels == []  # one blit of the kept picture
    kept_again = pygame.Surface(app.window.get_size())
    registry.create("new_game", app).draw(kept_again)
    monkeypatch.setattr(NewGameScene, "_first_frame", None)
    drawn = pygame.Surface(app.window.get_size())
    registry.create("new_game", app).draw(drawn)
    assert panels  # drawn this time
    assert _bytes(kept) == _bytes(drawn) == _bytes(kept_again)
    app.warmup.prepare_scene("new_game")
    other = registry.create("new_game", app)
    other.set_preset("blato")
    panels.clear()
    other.draw(pygame.Surface(app.window.get_size()))
    assert panels  # not the kept picture: the preset differs


def test_a_table_in_play_made_over_frames_makes_the_hand_a_few_cards_a_pass(make_app):
    """A table shown in the middle of a deal (a loaded game): its first frame, made over
    frames, makes the hand's card pictures a part per pass and ends up exactly as a whole
    drawing."""
    from .helpers import advance_until, table_for

    app = make_app()
    app.step(events=[], dt=1 / 60)
    match = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and len(m.view(0).hand) >= 12)
    _cold(app)
    app.first_frames.prepare_budget_ms = 1e-6
    table_for(app, match)
    modes = _steps_until_drawn(app)
    assert modes.count("preparing") >= 12 + 10 and modes[-1] == "full", modes  # a pass per card, then the objects
    shown = _bytes(app.screenshot())
    whole = pygame.Surface(app.window.get_size())
    app.scene.invalidate()
    app.painter.draw(whole)
    assert shown == _bytes(whole)


def test_a_tables_first_frame_made_over_passes_makes_each_plates_picture_once(make_app, monkeypatch):
    """Out of time in a table's first frame, the next pass goes on where the still layer
    stopped and the players' plates keep their pictures: dropped at every pass, three
    translucent panels and their words were blended again in every frame of it."""
    from game.ui.table.plates import Plate

    from .helpers import advance_until, table_for

    app = make_app()
    app.step(events=[], dt=1 / 60)
    match = advance_until(lambda m: m.phase == "play" and m.to_act == 0)
    _cold(app)
    app.first_frames.prepare_budget_ms = 1e-6
    baked = []  # each plate's picture made whole (a pass out of time inside one makes it again)
    fresh = Plate.draw_fresh

    def draw_fresh(plate, surf):
        fresh(plate, surf)
        baked.append(plate.seat)

    monkeypatch.setattr(Plate, "draw_fresh", draw_fresh)
    table_for(app, match)
    modes = _steps_until_drawn(app)
    assert modes.count("preparing") >= 10 and modes[-1] == "full", modes
    assert len(baked) == len(set(baked)) == 3, baked
    shown = _bytes(app.screenshot())
    whole = pygame.Surface(app.window.get_size())
    app.scene.invalidate()
    app.painter.draw(whole)
    assert shown == _bytes(whole)


def test_a_frame_whose_time_went_before_drawing_leaves_the_new_screen_to_the_next(make_app, monkeypatch):
    """In the browser a game's first frame opened the game (its session, table and scene)
    and then drew: a task over 100 ms at 4x.  A frame already past its budget before
    drawing draws nothing; the next frame draws (never two such frames in a row)."""
    import time

    app = make_app()
    app.step(events=[], dt=1 / 60)
    app.first_frames.prepare_budget_ms = 5.0
    slow = [True]
    update = app.notices.update

    def busy(dt):  # this frame's work before drawing takes its whole budget
        if slow[0]:
            time.sleep(0.01)
        update(dt)

    monkeypatch.setattr(app.notices, "update", busy)
    app.push_scene("new_game")
    made = len(gfx._text_cache)
    app.step(events=[], dt=1 / 60)
    assert app.painter.last_draw == "preparing" and len(gfx._text_cache) == made  # nothing drawn, nothing made
    app.step(events=[], dt=1 / 60)  # busy again, but it was put off once: it draws now
    assert len(gfx._text_cache) > made or app.painter.last_draw == "full"
    slow[0] = False
    assert _steps_until_drawn(app)[-1] == "full"


def test_a_frame_busy_before_drawing_takes_no_warm_up_step(make_app, monkeypatch):
    """The warm-up loads one module or makes one picture a menu frame; on a frame whose own
    work (a click that starts a game) already took its time it waits for the next."""
    import time

    import game.ui.app as app_module

    app = make_app()
    app.step(events=[], dt=1 / 60)
    app.step(events=[], dt=1 / 60)
    update = app.notices.update
    busy = [True]
    # a busy frame far over the bar, a quiet one far under it, on a loaded machine too
    monkeypatch.setattr(app_module, "BUSY_FRAME_MS", 100.0)

    def work(dt):
        if busy[0]:
            time.sleep(0.15)
        update(dt)

    monkeypatch.setattr(app.notices, "update", work)
    assert app.warmup.steps
    taken = []  # the warm-up's steps, and the title's own (its fan of cards, a card a step)
    for owner in (app.warmup, app.scene):
        name = "step" if owner is app.warmup else "warm_step"
        real = getattr(owner, name)
        monkeypatch.setattr(owner, name, lambda *a, real=real, **k: taken.append(real) or real(*a, **k))
    app.step(events=[], dt=1 / 60)
    assert taken == []
    busy[0] = False
    app.step(events=[], dt=1 / 60)
    assert taken


def _new_game_out_of_time(make_app, monkeypatch):
    """An App opening the new-game screen from nothing, out of time as soon as a frame
    begins, and the clip of every drawing of its scenes: (frame, rect); (0, 0) in size for
    a pass with every blit clipped away."""
    app = make_app()
    app.step(events=[], dt=1 / 60)
    _cold(app)
    app.first_frames.prepare_budget_ms = 1e-6
    clips = []
    real = app.painter.draw_stack

    def draw_stack(surf):
        clips.append((app.frames, surf.get_clip()))
        return real(surf)

    monkeypatch.setattr(app.painter, "draw_stack", draw_stack)
    app.push_scene("new_game")
    return app, clips


def test_a_first_frame_makes_its_pictures_with_every_blit_clipped_away_then_lands_a_band_at_a_time(make_app, monkeypatch):
    """Passes that run out of time spend it making pictures, not copying the ones made
    already (a menu's translucent panels blended again every frame); the drawing that
    lands is made from the caches a band of the window a frame (blended whole, those panels
    were 50-70 ms at 4x in the browser), and shown once whole: what one drawing makes."""
    app, clips = _new_game_out_of_time(make_app, monkeypatch)
    modes = _steps_until_drawn(app)
    assert modes[-1] == "full" and modes.count("preparing") >= 10, modes
    landing = [(frame, clip) for frame, clip in clips if clip.size != (0, 0)]
    w, h = app.window.get_size()
    assert len(clips) >= 10 and [clip for _, clip in landing] == [pygame.Rect(0, h * i // 3, w, h * (i + 1) // 3 - h * i // 3) for i in range(3)], clips
    assert len({frame for frame, _ in landing}) == 3  # out of time at once: a band a frame, then shown whole
    shown = _bytes(app.screenshot())
    whole = pygame.Surface(app.window.get_size())
    app.painter.draw(whole)
    assert shown == _bytes(whole)


def test_a_screen_that_changes_while_its_bands_land_is_drawn_whole_as_it_now_is(make_app, monkeypatch):
    """Bands drawn in earlier frames are kept only while the screen is unchanged: the pointer
    moving onto a button between two bands makes the next frame draw every band again, as
    the screen now is, and show it."""
    app, clips = _new_game_out_of_time(make_app, monkeypatch)
    for _ in range(2000):
        app.step(events=[], dt=1 / 60)
        if any(clip.size != (0, 0) for _, clip in clips):
            break
    assert app.painter.last_draw == "preparing"  # one band landed, two to come
    name, rect = next((n, r) for n, r in app.scene.targets() if n == "start")
    moved = pygame.event.Event(pygame.MOUSEMOTION, pos=app.to_window(rect.center), rel=(0, 0), buttons=(0, 0, 0))
    frame = app.frames
    app.step(events=[moved], dt=1 / 60)
    if app.painter.last_draw == "preparing":  # the hovered button's picture was still to make
        assert _steps_until_drawn(app)[-1] == "full"
    after = [c for f, c in clips if f >= frame and c.size != (0, 0)]
    assert len(after) >= 3 and {c.y for c in after[-3:]} == {c.y for _, c in clips if c.size != (0, 0)}  # every band again
    assert app.scene.widgets[[w.name for w in app.scene.widgets].index("start")].hover
    whole = pygame.Surface(app.window.get_size())
    app.painter.draw(whole)
    assert _bytes(app.screenshot()) == _bytes(whole)


def test_in_the_browser_the_kept_new_game_picture_is_the_screens_first_frame(make_app, monkeypatch):
    """The warm-up keeps a picture of the new-game screen; made over frames in the browser,
    its first frame is that picture: the pass with every blit clipped away does not use it
    up, so the drawing that lands blends none of its ~20 panels."""
    from game.ui.scenes.new_game import NewGameScene

    app = make_app()
    app.step(events=[], dt=1 / 60)
    app.first_frames.prepare_budget_ms = 30.0
    monkeypatch.setattr(NewGameScene, "_first_frame", None)
    app.warmup.prepare_scene("new_game")  # as the title's warm-up does
    assert NewGameScene._first_frame is not None
    panels = []
    real_panel = gfx.blit_panel
    monkeypatch.setattr(gfx, "blit_panel", lambda *a, **k: (panels.append(1), real_panel(*a, **k)))
    app.push_scene("new_game")
    assert _steps_until_drawn(app)[-1] == "full"
    assert panels == []
    assert _bytes(app.screenshot()) == _bytes(NewGameScene._first_frame[1])


def test_a_frame_whose_input_opened_a_new_screen_leaves_its_update_and_drawing_to_the_next(make_app, monkeypatch):
    """A click that starts a game builds its session, table and scene; the scene's first
    update (the deal set out) and its first drawing come a frame later, never two in a row."""
    import time

    from game.ui import registry
    from game.ui.scenes.new_game import NewGameScene

    start = NewGameScene.start

    def slow_start(self):  # the game's construction takes the frame's budget
        start(self)
        time.sleep(0.015)

    monkeypatch.setattr(NewGameScene, "start", slow_start)
    deal = registry.scene_class("deal")
    updates = []
    update = deal.update
    monkeypatch.setattr(deal, "update", lambda self, dt: (updates.append(dt), update(self, dt))[1])
    app = make_app(settings={"speed": "normal"})
    app.step(events=[], dt=1 / 60)
    app.first_frames.prepare_budget_ms = 5.0
    app.push_scene("new_game")
    _steps_until_drawn(app)
    click_named(app, "start")
    assert app.scene_name == "deal"
    assert updates == [] and app.painter.last_draw == "preparing"
    app.step(events=[], dt=1 / 60)  # this one updates, and draws or goes on making the first frame
    assert updates == [0.0]


def test_a_screen_laid_out_under_a_deadline_measures_one_new_width_a_try(make_app):
    """Laying out the new-game screen for the first time measures ~100 texts: under the
    warm-up's deadline each try measures at least one more and stops, and the screen built
    at last is the one built without a deadline.  Under a frame's deadline widths are free."""
    import time

    from game.ui import registry
    from game.ui.draw import budget

    app = make_app()
    app.step(events=[], dt=1 / 60)
    gfx._width_cache.clear()
    gfx._text_cache.clear()
    tries = 0
    while True:
        tries += 1
        known = len(gfx._width_cache)
        budget.set_deadline(time.perf_counter() - 1.0, widths=True)  # already past: one new width a try
        try:
            scene = registry.create("new_game", app)
            break
        except budget.OutOfTime:
            assert len(gfx._width_cache) == known + 1
        finally:
            budget.set_deadline(None)
        assert tries < 1000
    assert tries > 20
    assert dict(scene.targets()) == dict(registry.create("new_game", app).targets())
    gfx._width_cache.clear()
    budget.set_deadline(time.perf_counter() - 1.0)
    try:
        registry.create("new_game", app)  # a frame's deadline: widths do not stop it
    finally:
        budget.set_deadline(None)


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)])
def test_frames_that_draw_nothing_make_the_exchange_panel_ahead(make_app, size):
    """The exchange's panel is a big translucent picture: made on frames that draw nothing
    during play, not in the frame it first shows in."""
    from game.ui.table.panels import ExchangePanel

    from .helpers import advance_until, table_for

    app = make_app(size=size)
    playing = advance_until(lambda m: m.phase == "play" and m.to_act == 0)
    table_for(app, playing)
    gfx._panel_cache.clear()
    for _ in range(300):  # the human's turn: frames draw nothing
        app.step(events=[], dt=1 / 60)
    assert app.painter.last_draw == "skipped"
    made = {key[0] for key in gfx._panel_cache}  # the panels' sizes
    exchanging = advance_until(lambda m: m.phase == "exchange" and m.to_act == 0)
    table_for(app, exchanging)
    panel = next(o for o in app.scene.objects() if isinstance(o, ExchangePanel))
    assert tuple(gfx.dev_rect(panel.bounds()).size) in made


@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_a_big_panel_made_ahead_takes_one_part_a_call_and_equals_one_made_at_once(make_app, scale):
    """A phone's phase panel fills the table's middle: made whole on one frame that drew
    nothing it was a browser task of ~90 ms with the CPU slowed 10x.  Made ahead it takes a
    part a call (shadow, panel, alpha, opaque middle), and the picture is the same."""
    from game.ui.draw import cardblit

    make_app(size=(390, 844))
    gfx.set_scale(scale)
    rect = pygame.Rect(10, 80, 370, 520)
    gfx._panel_cache.clear()
    gfx._panels_begun.clear()
    calls = 0
    while not gfx.make_panel(rect):
        calls += 1
        assert calls < 10
    assert calls == 4  # the shadow, the panel, its alpha made ready, its opaque middle
    key = next(iter(gfx._panel_cache))
    ahead = gfx._panel_cache[key]
    assert cardblit.prepared(ahead) and not gfx._panels_begun
    gfx._panel_cache.clear()
    at_once = gfx.cached_panel(*key[:7])  # its size and style as make_panel asked
    assert at_once is not ahead and pygame.image.tobytes(at_once, "RGBA") == pygame.image.tobytes(ahead, "RGBA")
    gfx._panel_cache.clear()
    gfx.make_panel(rect)  # begun, then asked for whole (the panel showed first): finished at once
    assert not gfx._panel_cache and gfx._panels_begun
    finished = gfx.cached_panel(*key[:7])
    assert not gfx._panels_begun and pygame.image.tobytes(finished, "RGBA") == pygame.image.tobytes(ahead, "RGBA")
    gfx.set_scale(1.0)


def test_a_big_panel_asked_for_in_a_frames_drawing_goes_on_over_passes_once_time_is_up(make_app):
    """A menu page's panel made whole in the frame it first showed in was a browser task of
    120-150 ms with the CPU slowed 10x.  Under a screen's deadline it makes a part, then more
    only while there is time: a spent deadline ends the pass (the next goes on where it
    stopped); with time left, or for a table's object (which makes its big panels ahead),
    it is made at once; the picture is the same."""
    make_app(size=(390, 844))
    size = (370, 640)
    gfx._panel_cache.clear()
    gfx._panels_begun.clear()
    at_once = gfx.cached_panel(size)
    gfx._panel_cache.clear()
    passes = 0
    while True:
        passes += 1
        gfx.set_deadline(0.0, parts=True)  # spent before the pass begins: one part a pass
        try:
            over_passes = gfx.cached_panel(size)
            break
        except gfx.OutOfTime:
            assert not gfx._panel_cache and gfx._panels_begun
        finally:
            gfx.set_deadline(None)
        assert passes < 10
    assert passes == 3  # the shadow, the panel, then its alpha made ready and kept
    assert not gfx._panels_begun
    assert pygame.image.tobytes(over_passes, "RGBA") == pygame.image.tobytes(at_once, "RGBA")
    for deadline, parts in ((time.perf_counter() + 60.0, True), (0.0, False)):  # time enough; a table object's
        gfx._panel_cache.clear()
        gfx.set_deadline(deadline, parts=parts)
        try:  # made in one pass
            assert pygame.image.tobytes(gfx.cached_panel(size), "RGBA") == pygame.image.tobytes(at_once, "RGBA")
        finally:
            gfx.set_deadline(None)


def test_a_game_that_waited_for_its_modules_starts_in_a_frame_without_a_warm_up_step(make_app, monkeypatch):
    """In the browser a game asked for early waits for the table's modules, one a frame; it
    starts in a frame of its own, not in the one that imported the last of them (the two
    together were one task of ~140 ms at 4x)."""
    import sys

    from game.ui.loop import warmup

    monkeypatch.setattr(warmup, "TABLE_PARTS", (*warmup.TABLE_PARTS, "colorsys"))
    monkeypatch.delitem(sys.modules, "colorsys", raising=False)  # one module still to load
    app = make_app(settings={"speed": "normal"})
    app.web, app.first_frames.prepare_budget_ms = True, 8.0
    app.step(events=[], dt=1 / 60)
    steps = []
    warm_step = app.warmup.step
    monkeypatch.setattr(app.warmup, "step", lambda *a, **k: steps.append(app.frames) or warm_step(*a, **k))
    app.games.start(seed=3)
    assert app.games.waiting and app.scene_name == "title"
    for _ in range(400):  # each module compiled, then imported, one a frame
        app.step(events=[], dt=1 / 60)
        if app.scene_name != "title":
            break
    started = app.frames - 1  # the frame that opened the game
    assert app.scene_name == "deal" and "colorsys" in sys.modules
    assert steps and started not in steps, (steps, started)


def test_in_the_browser_the_first_game_leaves_what_was_loaded_out_of_collections(make_app, monkeypatch):
    """What the page loaded before its first game (modules, tables, caches) lives as long as
    the page: frozen once, the collector no longer scans it in play; natively nothing."""
    import gc

    app = make_app()
    app.step(events=[], dt=1 / 60)
    app.games.start(seed=3)
    assert gc.get_freeze_count() == 0
    try:
        app.web = True
        app.games.start(seed=4)
        frozen = gc.get_freeze_count()
        assert frozen > 0
        app.games.start(seed=5)  # once: later games' objects are collected as usual
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()


def test_in_the_browser_the_new_game_screen_is_built_over_frames_while_the_title_stays(make_app):
    """Laid out for the first time (its ~100 texts measured) the new-game screen was one
    task of 100-180 ms at 4x in the frame the title's button was pressed: it is built under
    each frame's budget, the title staying until it is; natively it opens at once."""
    from .helpers import click_named

    app = make_app()
    app.step(events=[], dt=1 / 60)
    app.warmup.steps = []  # the warm-up has not built it yet
    gfx._width_cache.clear()
    app.first_frames.prepare_budget_ms = 1e-6  # each frame measures one new width
    click_named(app, "new_game")
    frames = 1
    while app.scene_name == "title" and frames < 2000:
        app.step(events=[], dt=1 / 60)
        frames += 1
    assert app.scene_name == "new_game" and frames > 20
    assert app.scene.targets()  # a whole screen
    native = make_app()
    native.step(events=[], dt=1 / 60)
    gfx._width_cache.clear()
    click_named(native, "new_game")
    assert native.scene_name == "new_game"
