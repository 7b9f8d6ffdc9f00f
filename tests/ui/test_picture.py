"""The browser's render size (setting "picture"): at the reduced size the game
draws straight into a 960x540 window, clicks land where they would at 1280x720, every
partial frame equals a full redraw, Auto switches only when the presents are slow, the
size never changes while a game is open, and the setting round-trips and rejects bad values.

The browser is simulated headless: ``game.ui.app.WEB`` patched on before the App is made
(the window, the prepared first frames and the settings row follow it)."""

import itertools

import pygame
import pytest

from game.ui.constants import DEFAULT_SETTINGS, SPEEDS, STRENGTHS
from game.ui.settings_check import check_settings
from game.ui.window import page, picture
from tests.ui.helpers import advance_until, table_for
from tests.ui.test_compositor import _difference, _full_redraw, _play_and_compare, _shown

SMOOTH = picture.SMOOTH_SIZE


@pytest.fixture
def web_app(make_app, monkeypatch):
    import game.ui.app as app_module

    monkeypatch.setattr(app_module, "WEB", True)

    def make(settings=None, **kw):
        app = make_app(settings=settings, **kw)
        assert app.web
        return app

    return make


def _clock(ms_per_present):
    """A fake clock that moves `ms_per_present` between the two readings of a present."""
    return itertools.count(0.0, ms_per_present / 1000.0).__next__


def _frames(app, n):
    for _ in range(n):
        app.step(events=[], dt=1 / 60)


def _click_window(app, wx, wy):
    """A real mouse press at window pixels (what SDL reports in the browser)."""
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=(wx, wy), **extra))
    app.step(dt=1 / 60)


def _first_table_frame(app, limit=200):
    """Step until the table's first frame is on screen (in the browser it is made over
    several frames when it takes longer than the budget: on a busy machine, too)."""
    for _ in range(limit):
        if getattr(app.scene, "first_drawn", False) and getattr(app.scene, "table", None) is not None:
            return  # (drawn already: with its card pictures made by an earlier test, at once)
        app.step(events=[], dt=1 / 60)
    raise AssertionError(f"the table's first frame never came: {app.painter.last_draw} {app.scene_name}")


def _at_reduced_size(logical_point):
    """Where a logical point is on the 960x540 window, worked out by hand."""
    f = SMOOTH[0] / 1280
    return round(logical_point[0] * f), round(logical_point[1] * f)


# --- the reduced size ----------------------------------------------------------------------
def test_smooth_draws_straight_into_a_smaller_window(web_app):
    app = web_app(settings={"picture": "smooth"})
    _frames(app, 1)
    assert app.window.get_size() == SMOOTH and app.display.direct
    assert app.display.render_scale == pytest.approx(0.75) and app.display.scale == pytest.approx(0.75)
    assert app.screenshot().get_size() == SMOOTH


def test_sharp_keeps_1280x720_and_natively_the_setting_changes_nothing(web_app, make_app, monkeypatch):
    app = web_app(settings={"picture": "sharp"})
    _frames(app, 4)
    assert app.window.get_size() == (1280, 720)
    import game.ui.app as app_module

    monkeypatch.setattr(app_module, "WEB", False)
    native = make_app(settings={"picture": "smooth"})
    _frames(native, 4)
    assert native.window.get_size() == (1280, 720) and native.display.render_scale == 1.0


def test_clicks_land_on_the_intended_button_and_card(web_app):
    app = web_app(settings={"picture": "smooth"})
    _frames(app, 3)
    new_game = dict(app.scene.targets())["new_game"]
    _click_window(app, *_at_reduced_size(new_game.center))
    assert app.scene_name == "new_game"
    app.pop()
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and len(m.legal_actions()) > 1)
    scene = table_for(app, m)
    assert app.window.get_size() == SMOOTH
    _frames(app, 60)  # the table's first frame (prepared over frames in the browser)
    legal = [a.card for a in m.legal_actions()]
    card = legal[len(legal) // 2]
    rect = dict(scene.table.hand.targets())[f"card:{card}"]
    before = len(m.history)
    _click_window(app, *_at_reduced_size(rect.center))
    assert len(m.history) == before + 1 and m.history[before].card == card, "the click played another card"


def test_every_drawn_frame_at_the_reduced_size_equals_a_full_redraw(web_app):
    from game.ui.autopilot import Autopilot

    app = web_app(settings={"picture": "smooth", "speed": "fast"})
    _frames(app, 2)
    app.games.start(seed=11)
    assert app.window.get_size() == SMOOTH
    _first_table_frame(app)
    app.painter.redraw()  # one whole frame compared too (a window opened at its size needs none)
    counts = _play_and_compare(app, Autopilot(app, seed=11), 700)
    assert counts["partial"] > 100 and counts["full"] >= 1, counts


def test_dealt_frames_at_the_reduced_size_equal_a_full_redraw(web_app):
    app = web_app(settings={"picture": "smooth", "speed": "normal"})
    _frames(app, 2)
    app.games.start(seed=7)
    drawn = 0
    for _ in range(600):
        app.step(events=[], dt=1 / 60)
        table = getattr(app.scene, "table", None)
        if table is None or app.painter.last_draw not in ("partial", "full") or app.stack.visible() != [app.scene]:
            continue
        if not table.board.dealing:
            if table.board.sizes[table.human]:
                break
            continue
        drawn += 1
        diff = _difference(_shown(app), _full_redraw(app))
        assert diff is None, f"{app.painter.last_draw} deal frame {app.frames} differs from a full redraw in {diff}"
    assert drawn > 30 and _shown(app).get_size() == SMOOTH


# --- Auto ----------------------------------------------------------------------------------
def test_auto_switches_when_the_empty_windows_presents_are_slow(web_app, monkeypatch):
    monkeypatch.setattr(picture.Picture, "clock", staticmethod(_clock(7.5)))
    app = web_app()
    assert app.settings["picture"] == "auto"
    # decided before the title's first frame: the empty window presented PROBES times
    assert app.picture.auto == "smooth" and app.picture.samples == [pytest.approx(7.5)] * picture.PROBES
    assert app.window.get_size() == SMOOTH and app.frames == 0
    _frames(app, 1)
    assert app.window.get_size() == SMOOTH and app.painter.last_draw == "full"
    assert app.settings["picture"] == "auto"  # the choice is for this session, not stored
    _frames(app, 30)
    assert app.window.get_size() == SMOOTH and len(app.picture.samples) == picture.PROBES


def _presents(*ms, then=None):
    """A fake clock whose successive presents take `ms` (two readings each), then `then` ms
    each (None: no more readings)."""
    readings, now = [], 0.0
    for d in ms:
        readings += [now, now + d / 1000.0]
        now += d / 1000.0
    more = () if then is None else itertools.chain.from_iterable((now + 1 + k, now + 1 + k + then / 1000.0) for k in itertools.count())
    return itertools.chain(readings, more).__next__


@pytest.mark.parametrize("ms, choice", [((1.5, 8.9, 6.7), "smooth"), ((9.0, 1.5, 1.4), "sharp"), ((2.0, 7.0, 1.8), "sharp"),
                                        ((1.4, 4.2, 4.5), "smooth"), ((1.1, 0.9, 29.7, 1.2, 20.1), "smooth"),
                                        ((1.5, 1.3, 1.4, 16.2, 1.6), "sharp")])
def test_auto_goes_by_two_slow_presents_not_a_lucky_or_unlucky_one(web_app, monkeypatch, ms, choice):
    """Quick presents between the pauses of a slow device (measured at 4x: 1.5, 8.9, 6.7 ms;
    at 10x: 1.1, 0.9, 29.7 ms) are not taken for a fast one, nor one slow present on a fast
    device for a slow one."""
    monkeypatch.setattr(picture.Picture, "clock", staticmethod(_presents(*ms, then=1.5)))
    app = web_app()
    assert app.picture.auto == choice
    assert app.window.get_size() == (SMOOTH if choice == "smooth" else (1280, 720))


def test_a_lucky_probe_is_corrected_by_the_menus_slow_presents(web_app, monkeypatch):
    """Quick presents of the empty window, then the title's presents are slow: Auto
    turns to Smooth after watching them, still on the title; quick ones keep Sharp."""
    monkeypatch.setattr(picture.Picture, "clock", staticmethod(_presents(1.4, 1.5, 1.3, 1.2, 1.4, then=7.0)))
    app = web_app()
    assert app.picture.auto == "sharp" and app.window.get_size() == (1280, 720)
    _frames(app, picture.WATCHED + 3)
    assert app.picture.auto == "smooth" and app.window.get_size() == SMOOTH and app.scene_name == "title"
    assert len(app.picture.watched) == picture.WATCHED


def _opened(monkeypatch) -> list:
    """The sizes the window is opened at from now on."""
    sizes = []
    set_mode = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_mode", lambda size, *a, **k: (sizes.append(tuple(size)),
                                                                           set_mode(size, *a, **k))[1])
    return sizes


def test_autos_choice_is_kept_and_a_later_start_opens_at_it_untimed(web_app, monkeypatch):
    """A cheap phone's first start opens the window at Sharp, times it and opens it again at
    Smooth; its next start opens it once, at Smooth, and times nothing."""
    monkeypatch.setattr(picture.Picture, "clock", staticmethod(_clock(7.5)))
    opened = _opened(monkeypatch)
    first = web_app()
    assert opened == [(1280, 720), SMOOTH] and first.picture.auto == "smooth"
    _frames(first, 30)  # kept on a frame that draws nothing
    assert first.storage.load_settings()["picture_auto"] == "smooth"

    monkeypatch.setattr(picture.Picture, "clock", staticmethod(_clock(1.0)))  # would say Sharp
    opened.clear()
    later = web_app()
    assert opened == [SMOOTH] and later.picture.auto == "smooth" and later.picture.samples == []
    _frames(later, 3)
    assert later.window.get_size() == SMOOTH and later.scene_name == "title"


def test_a_kept_sharp_is_still_watched_and_choosing_auto_again_times_anew(web_app, monkeypatch):
    monkeypatch.setattr(picture.Picture, "clock", staticmethod(_clock(1.0)))
    first = web_app()
    _frames(first, picture.WATCHED + 20)  # quick presents: Sharp, kept
    assert first.picture.auto == "sharp" and first.storage.load_settings()["picture_auto"] == "sharp"

    monkeypatch.setattr(picture.Picture, "clock", staticmethod(_presents(then=7.0)))  # slow from now on
    opened = _opened(monkeypatch)
    later = web_app()
    assert opened == [(1280, 720)] and later.picture.samples == []  # opened at the kept Sharp, untimed
    _frames(later, picture.WATCHED + 3)
    assert later.picture.auto == "smooth" and later.window.get_size() == SMOOTH  # the menus' slow presents
    _frames(later, 30)
    assert later.storage.load_settings()["picture_auto"] == "smooth"

    later.push_scene("settings")
    later.set_setting("picture", "auto")  # chosen again: forgotten, the next start times again
    assert later.storage.load_settings()["picture_auto"] is None


def test_a_chosen_budget_opens_the_window_once_at_its_size(web_app, monkeypatch):
    opened = _opened(monkeypatch)
    for setting, size in (("sharp", (1280, 720)), ("smooth", SMOOTH)):
        opened.clear()
        web_app(settings={"picture": setting})
        assert opened == [size], setting


def test_auto_keeps_1280x720_when_presents_are_quick(web_app, monkeypatch):
    monkeypatch.setattr(picture.Picture, "clock", staticmethod(_clock(2.0)))
    app = web_app()
    _frames(app, 6)
    assert app.picture.auto == "sharp" and app.window.get_size() == (1280, 720)
    assert app.picture.samples == [pytest.approx(2.0)] * picture.PROBES


def test_auto_chosen_later_times_the_window_as_if_it_were_1280x720(web_app, monkeypatch):
    """Smooth at the start, Auto chosen on the settings screen: the 960x540 window's
    presents count for the area of a 1280x720 one."""
    monkeypatch.setattr(picture.Picture, "clock", staticmethod(_clock(3.0)))
    app = web_app(settings={"picture": "smooth"})
    assert app.picture.samples == [] and app.window.get_size() == SMOOTH
    app.push_scene("settings")
    app.set_setting("picture", "auto")
    _frames(app, 1)
    assert app.picture.samples == [pytest.approx(3.0 * 16 / 9)] * picture.PROBES  # 5.3 ms: slow
    assert app.picture.auto == "smooth" and app.window.get_size() == SMOOTH


def test_auto_times_nothing_natively(make_app, monkeypatch):
    monkeypatch.setattr(picture.Picture, "clock", staticmethod(_clock(50.0)))
    app = make_app()
    _frames(app, 6)
    assert app.picture.samples == [] and app.picture.auto is None and app.window.get_size() == (1280, 720)


def test_the_size_never_changes_while_a_game_is_open(web_app, monkeypatch):
    monkeypatch.setattr(picture.Picture, "clock", staticmethod(_clock(9.0)))
    app = web_app(settings={"speed": "fast"})
    assert app.window.get_size() == SMOOTH
    app.games.start(seed=3)
    _frames(app, 40)
    app.set_setting("picture", "sharp")
    _frames(app, 2)
    assert app.window.get_size() == SMOOTH, "switched in the middle of a game"
    app.push_scene("pause", app.scene.table)
    app.push_scene("settings")
    _frames(app, 2)
    assert app.window.get_size() == SMOOTH, "switched under a paused game"
    app.to_title()
    _frames(app, 1)
    assert app.window.get_size() == (1280, 720) and app.painter.last_draw == "full"
    app.set_setting("picture", "auto")  # Auto's choice is kept for the session
    _frames(app, 1)
    assert app.window.get_size() == SMOOTH and app.picture.samples == [pytest.approx(9.0)] * picture.PROBES


# --- the setting ---------------------------------------------------------------------------
def test_the_setting_round_trips_through_the_settings_screen(web_app, tmp_path):
    app = web_app(settings={"picture": "auto"}, storage_dir=tmp_path)
    _frames(app, 3)
    app.push_scene("settings")
    _frames(app, 1)
    row = dict(app.scene.targets())["set_picture"]
    assert app.window.get_size() == (1280, 720)  # Auto: quick presents headless
    _click_window(app, row.right - 20, row.centery)
    assert app.settings["picture"] == "sharp"  # auto -> sharp -> smooth
    _frames(app, 1)
    assert app.window.get_size() == (1280, 720)
    _click_window(app, row.right - 20, row.centery)
    assert app.settings["picture"] == "smooth"
    _frames(app, 1)
    assert app.window.get_size() == SMOOTH
    back = next(w for w in app.scene.widgets if w.name == "set_picture").value_rect()
    _click_window(app, *_at_reduced_size((back.left + 20, back.centery)))  # the "<" at 960x540
    assert app.settings["picture"] == "sharp" and app.window.get_size() == (1280, 720)
    _click_window(app, row.right - 20, row.centery)
    assert app.settings["picture"] == "smooth" and app.window.get_size() == SMOOTH
    again = web_app(storage_dir=tmp_path)
    assert again.settings["picture"] == "smooth"
    assert again.storage.load_settings()["picture"] == "smooth"


def test_the_settings_row_shows_only_in_the_browser(web_app, make_app, monkeypatch):
    app = web_app()
    app.push_scene("settings")
    assert "set_picture" in dict(app.scene.targets())
    import game.ui.app as app_module

    monkeypatch.setattr(app_module, "WEB", False)
    native = make_app()
    native.push_scene("settings")
    assert "set_picture" not in dict(native.scene.targets())


@pytest.mark.parametrize("bad", ["huge", 960, None, ["smooth"], {"a": 1}, True])
def test_a_bad_stored_value_falls_back_to_auto(bad, web_app, tmp_path):
    settings, reset = check_settings({"picture": bad, "speed": "fast"}, DEFAULT_SETTINGS, SPEEDS, STRENGTHS)
    assert settings["picture"] == "auto" and reset == ["picture"] and settings["speed"] == "fast"
    from game.storage.store import Storage

    Storage(str(tmp_path)).save_settings({**DEFAULT_SETTINGS, "language": "en", "picture": bad})
    app = web_app(storage_dir=tmp_path)
    _frames(app, 3)
    assert app.settings["picture"] == "auto" and app.window.get_size() == (1280, 720)
    assert app.storage.load_settings()["picture"] == "auto"  # the repaired settings are stored


def test_a_size_changed_on_the_title_prepares_the_new_game_screen_again(web_app, monkeypatch):
    """The new-game screen's first frame, made ahead at 1280x720, is made again at the new
    size when Auto turns to Smooth on the title."""
    monkeypatch.setattr(picture.Picture, "clock", staticmethod(_presents(1.4, 1.5, 1.3, 1.2, 1.4, then=7.0)))
    app = web_app()
    from game.ui.loop import warmup

    monkeypatch.setattr(warmup, "IDLE_PREPARE_MS", 10_000.0)  # the screen made in one step here
    app.warmup.steps = ["scene:new_game", "game.ai"]
    _frames(app, 3)
    assert app.window.get_size() == (1280, 720) and "scene:new_game" not in app.warmup.steps  # made at 1280x720
    for _ in range(picture.WATCHED + 3):
        _frames(app, 1)
        if app.window.get_size() == SMOOTH:
            break
    assert app.window.get_size() == SMOOTH
    assert app.warmup.steps[0] == "scene:new_game"  # the next idle frame makes it again


# --- the page's shape: a phone upright, turned, its insets --------------------------------
class FakePage:
    """What game/ui/window/page.py would read from the page: changed by the test to turn the phone."""

    def __init__(self, css, dpr=3.0, insets=(0, 0, 0, 0)):
        self.now = page.PageSize(css, dpr, insets)
        self.reads = 0

    def read(self):
        self.reads += 1
        return self.now

    def turn(self, css=None, insets=(0, 0, 0, 0)):
        w, h = self.now.css
        self.now = page.PageSize(css or (h, w), self.now.dpr, insets)


@pytest.fixture
def phone(web_app, monkeypatch):
    def make(css=(390, 844), dpr=3.0, insets=(0, 0, 0, 0), settings=None, **kw):
        fake = FakePage(css, dpr, insets)
        monkeypatch.setattr(page, "read", fake.read)
        return web_app(settings=settings, **kw), fake

    return make


def _budget_size(css, pixels):
    """The window for a page of `css` at a budget of `pixels`, worked out by hand."""
    ratio = (pixels / (css[0] * css[1])) ** 0.5
    return round(css[0] * ratio), round(css[1] * ratio)


def _turned(app, fake, css=None) -> list:
    """Turn the phone and step until the page has been read again; how each frame drew."""
    fake.turn(css)
    drawn = []
    for _ in range(page.POLL_FRAMES + 1):
        app.step(events=[], dt=1 / 60)
        drawn.append(app.painter.last_draw)
    return drawn


def _click_logical(app, point):
    """A press at the window pixels of a logical point, as SDL reports it in the browser."""
    _click_window(app, round(point[0] * app.display.render_scale), round(point[1] * app.display.render_scale))


@pytest.mark.parametrize("quality, size", [("sharp", _budget_size((390, 844), 1280 * 720)), ("smooth", (390, 844))])
def test_a_phone_page_is_drawn_in_its_own_shape_at_the_pixel_budget(phone, quality, size):
    """Sharp: 1280x720's pixels (653x1412); Smooth: the page's own pixels, one per CSS px
    (960x540's budget would give 489x1059: a third more to present on a slow phone)."""
    app, _ = phone(settings={"picture": quality})
    _frames(app, 2)
    assert app.window.get_size() == size
    assert app.shape.size == (390, 844) and app.shape.portrait  # a logical px is a CSS px
    assert app.display.render_scale == pytest.approx(app.window.get_width() / 390)
    assert app.screenshot().get_size() == app.window.get_size()


def test_the_device_pixel_ratio_caps_the_picture(phone):
    """A page of 1920x1080 CSS px on a screen of DPR 1 draws 1280x720 Sharp (the page scales
    it up); a small page on a DPR-1 screen is never drawn above its own pixels."""
    app, _ = phone(css=(1920, 1080), dpr=1.0, settings={"picture": "sharp"})
    assert app.window.get_size() == (1280, 720) and app.shape.size == (1280, 720)
    small, _ = phone(css=(640, 360), dpr=1.0, settings={"picture": "sharp"})
    assert small.window.get_size() == (640, 360) and small.display.render_scale == 1.0


def test_the_pages_safe_area_insets_reach_the_layout(phone):
    app, _ = phone(insets=(0, 47, 0, 34))
    _frames(app, 1)
    assert app.shape.safe == pygame.Rect(0, 47, 390, 844 - 47 - 34)


def test_turning_the_phone_on_the_title_lays_it_out_sideways_and_clicks_land(phone):
    app, fake = phone(settings={"picture": "smooth"})
    _frames(app, 3)
    upright = dict(app.scene.targets())["new_game"]
    _turned(app, fake)
    assert app.window.get_size() == (844, 390)  # Smooth: a phone's own pixels, turned
    assert app.shape.size == (844, 390) and not app.shape.portrait
    sideways = dict(app.scene.targets())["new_game"]
    assert sideways != upright  # the title laid out again for the new shape
    assert app.shape.rect.contains(sideways)
    _click_logical(app, sideways.center)
    assert app.scene_name == "new_game"


def test_turning_the_phone_mid_game_keeps_the_game_and_its_budget(phone, monkeypatch):
    """The page's shape changes the window in the middle of a game (the budget stays
    Smooth although Sharp was chosen meanwhile); the same table goes on, nothing is lost,
    and a click on a card of the hand laid out sideways plays that card."""
    app, fake = phone(settings={"picture": "smooth", "speed": "fast"})
    _frames(app, 2)
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and len(m.legal_actions()) > 2)
    scene = table_for(app, m)
    table = scene.table
    _first_table_frame(app)
    app.set_setting("picture", "sharp")  # waits for the menus
    history = list(m.history)
    upright = dict(table.hand.targets())
    drawn = _turned(app, fake)
    assert app.window.get_size() == (844, 390), "the budget changed mid-game"  # Smooth's, not Sharp's 1059x489
    assert app.shape.size == (844, 390)
    assert app.scene.table is table and table.session.match is m and list(m.history) == history
    assert "full" in drawn and "preparing" not in drawn  # the new shape drawn at once, whole
    sideways = dict(table.hand.targets())
    assert set(sideways) == set(upright) and sideways != upright  # the same cards, laid out again
    assert all(app.shape.rect.contains(r) for r in sideways.values())
    legal = [a.card for a in m.legal_actions()]
    card = legal[len(legal) // 2]
    _click_logical(app, sideways[f"card:{card}"].center)
    assert len(m.history) == len(history) + 1 and m.history[-1].card == card, "the click played another card"
    _turned(app, fake)  # and back upright
    assert app.window.get_size() == (390, 844) and app.shape.portrait
    assert app.scene.table is table
    app.to_title()
    _frames(app, 1)
    assert app.window.get_size() == _budget_size((390, 844), 1280 * 720)  # the new budget at the menus


def test_the_page_is_read_every_few_frames_not_every_frame(phone):
    app, fake = phone()
    before = fake.reads
    _frames(app, page.POLL_FRAMES * 3)
    assert 1 <= fake.reads - before <= 4


@pytest.mark.parametrize("text", ["", "ok", "390 844 3 0 0 0", "390 844 3 0 0 0 0 0", "nan 844 3 0 0 0 0",
                                  "-390 844 3 0 0 0 0", "0 844 3 0 0 0 0", "390 844 3 0 -5 0 0", "1e9 844 3 0 0 0 0"])
def test_an_unreadable_answer_from_the_page_changes_nothing(text):
    assert page.parse(text) is None


def test_the_pages_answer_is_read_as_css_size_ratio_and_insets():
    got = page.parse("390 844 3 0 47.4 0 34")
    assert got == page.PageSize((390.0, 844.0), 3.0, (0, 47, 0, 34))
    assert page.parse("390 844 99 0 0 0 0").dpr == 1.0  # an absurd ratio: as if 1
    assert page.read() is None  # natively nothing is read


# --- a new game's first frame in the browser: the deal is seen ------------------------------
def test_the_first_table_frame_after_start_shows_the_deal_not_its_end(web_app):
    """In the browser a screen's first frame is made over several frames when it takes
    longer than its budget (a slow phone: every frame here runs out of time at once, so each
    makes one picture or one table object).  Those frames show nothing; the game must not
    run on behind them: the first frame on screen is the deal's start, and the cards are
    then seen flying, not a table already waiting for the declaration."""
    from game.ui.draw import gfx

    app = web_app(settings={"speed": "normal", "picture": "sharp"})
    _frames(app, 2)
    app.first_frames.prepare_budget_ms = 0.001  # as if every frame were out of time as soon as it began
    gfx._composites.clear()  # no card picture made yet
    app.games.start(seed=7)
    waited, drew = 0, None
    while drew not in ("full", "partial"):  # (the title's last frame may have drawn: its fan of cards)
        app.step(events=[], dt=0.1)  # 100 ms frames: a slow device
        waited, drew = waited + 1, app.painter.last_draw
        assert waited < 400, "the table's first frame never came"
    table = app.scene.table
    assert waited > 5  # made over several frames indeed
    assert app.scene_name == "deal" and table.board.dealing, f"the first frame showed {app.scene_name}"
    slots = table.hand.dealt_slots()[0]  # the human's cards as they will land: made before it showed
    width = gfx.card_rect(table.hand.slot_rects(len(slots))[0]).w
    assert slots and all(gfx.has_card_sprite(c, width, True, None, False) for c in slots if c is not None)
    seen = 0
    for _ in range(30):
        app.step(events=[], dt=1 / 30)
        if app.painter.last_draw in ("full", "partial") and table.board.sprites:
            seen += 1
    assert seen >= 10, "the cards of the deal were not seen flying"


def test_an_unchanged_menu_is_not_drawn_again_in_the_browser(web_app, make_app, monkeypatch):
    """Natively an unchanged picture is drawn again twice a second; in the browser the
    canvas keeps it, and drawing a menu again was a task of ~100 ms at 4x."""
    app = web_app()
    _frames(app, 3)
    for _ in range(5):
        app.painter.drawn_at -= 1.0  # as if a second had passed
        app.step(events=[], dt=1 / 60)
        assert app.painter.last_draw == "skipped"
    import game.ui.app as app_module

    monkeypatch.setattr(app_module, "WEB", False)
    native = make_app()
    _frames(native, 3)
    native.painter.drawn_at -= 1.0
    native.step(events=[], dt=1 / 60)
    assert native.painter.last_draw == "full"


@pytest.mark.parametrize("css, quality", [((390, 844), "smooth"), ((844, 390), "sharp"), ((360, 640), "smooth")])
def test_a_phones_table_paints_inside_its_bounds_and_every_frame_equals_a_redraw(phone, css, quality):
    """On a phone's shape and pixel ratio (scales of 1.25 to 1.67): every table object,
    the cards in flight most of all (their reach is their picture, not a fixed margin),
    paints only inside its paint bounds, and every frame drawn in parts equals a full
    redraw, through a deal and the tricks after it."""
    from game.ui.autopilot import Autopilot
    from tests.ui.test_compositor import _paints_inside

    app, _ = phone(css=css, settings={"picture": quality, "speed": "fast"})
    _frames(app, 2)
    app.games.start(seed=5)
    _first_table_frame(app)
    pilot = Autopilot(app, seed=5)
    flights = 0
    for frame in range(500):
        pilot.step()
        scene = app.scene
        if not hasattr(scene, "draw_dirty") or frame % 7:
            continue
        still, tops = scene.table.layers(scene.objects(), scene.widgets)
        for item in still + tops:
            outside = _paints_inside(item, app.window.get_size())
            assert outside is None, f"{type(item).__name__} in {scene.name} painted outside its paint_bounds(): {outside}"
        flights += len(scene.table.board.sprites)
    assert flights > 10
    counts = _play_and_compare(app, pilot, 300)
    assert counts["partial"] > 30, counts


def test_autos_second_thought_waits_for_a_screen_not_drawn_yet(web_app, monkeypatch):
    """Auto's probe said Sharp; the menus' presents then turn out slow while the new-game
    screen shows.  Switching there would draw that screen again whole in one frame (a task
    of ~1 s at 4x): the switch waits and comes with the game's start, whose table's first
    frame is made at the new size anyway."""
    monkeypatch.setattr(picture.Picture, "clock", staticmethod(_presents(1.4, 1.5, 1.3, 1.2, 1.4, then=7.0)))
    app = web_app(settings={"speed": "normal"})
    _frames(app, 1)
    app.push_scene("new_game")
    _frames(app, picture.WATCHED + 20)  # watched there: slow
    assert app.picture.auto == "smooth" and app.picture.due
    assert app.window.get_size() == (1280, 720) and app.scene_name == "new_game"
    app.games.start(seed=3)
    for _ in range(200):  # (in the browser a game started early waits for its modules)
        _frames(app, 1)
        if app.scene_name != "new_game":
            break
    assert app.window.get_size() == SMOOTH and not app.picture.due
    _first_table_frame(app)
    assert app.scene_name == "deal" and app.screenshot().get_size() == SMOOTH
