"""Our page template in headless Chromium, offline: pygbag's runtime (pythons.js and the
WebAssembly interpreter) is replaced by a stub served locally, so this checks the page
itself: loading screen, language, start prompt, user gesture, reveal of the canvas."""

from __future__ import annotations

import functools
import http.server
import threading

import pytest

from tests.web.browser_support import launch_chromium, need_browser, wasm_wheel

STUB_PYTHONS_JS = """
// stand-in for pygbag's pythons.js: what the page's own script relies on
window.MM = { UME: false };
window.stub_loaded = true;
window.window_resize = () => { window.resized = (window.resized || 0) + 1; };
"""


@pytest.fixture(scope="module")
def page_server(tmp_path_factory, web_build):
    need_browser()
    from tools.web.build import build

    root = tmp_path_factory.mktemp("pagecheck")
    (root / "cdn").mkdir()
    (root / "cdn" / "pythons.js").write_text(STUB_PYTHONS_JS)

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_port}"
    build(root / "web", root / "stage", web_build[1], cdn=f"{base}/cdn/")
    yield base
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser(page_server):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch_chromium(p)
        yield b
        b.close()


def _open(browser, url, size=(1280, 720)):
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_function("window.stub_loaded === true", timeout=20_000)
    return page, errors


def test_loading_screen_in_the_games_colours(browser, page_server):
    page, errors = _open(browser, f"{page_server}/web/index.html")
    assert page.title() == "3-5-8"
    assert page.is_visible("#loader") and page.is_visible("#progress")
    assert page.inner_text("#status") == "Loading\u2026"
    bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert bg == "rgb(11, 59, 35)"  # felt green under the gradient
    h1 = page.evaluate("getComputedStyle(document.querySelector('#loader h1')).color")
    assert h1 == "rgb(212, 175, 55)"  # gold
    assert not errors
    page.close()


def test_language_from_the_address(browser, page_server):
    page, errors = _open(browser, f"{page_server}/web/index.html?lang=pl&rules=blato")
    assert page.evaluate("document.documentElement.lang") == "pl"
    assert page.inner_text("#status") == "Wczytywanie\u2026"
    page.evaluate("loader_say('ready')")
    assert page.inner_text("#infobox") == "Kliknij lub dotknij, aby zacz\u0105\u0107"
    assert not errors
    page.close()


def test_start_prompt_click_and_reveal(browser, page_server):
    page, errors = _open(browser, f"{page_server}/web/index.html")
    page.evaluate("loader_say('ready')")
    assert page.inner_text("#infobox") == "Click or tap to start"
    assert page.evaluate("window.MM.UME") is False
    page.mouse.click(640, 500)  # the user gesture that lets sound play
    assert page.evaluate("window.MM.UME") is True
    # the game sets its display mode: the canvas gets a size and the loader goes away
    page.evaluate("const c = document.getElementById('canvas'); c.width = 1280; c.height = 720;")
    page.wait_for_function("document.getElementById('loader').hidden === true", timeout=5_000)
    assert page.evaluate("window.resized") >= 1
    assert not errors
    page.close()


@pytest.mark.parametrize("size", [(740, 360), (1920, 1080), (800, 1000)])
def test_canvas_fills_the_frame(browser, page_server, size):
    page, errors = _open(browser, f"{page_server}/web/index.html", size)
    box = page.evaluate("(() => { const r = document.getElementById('canvas').getBoundingClientRect();"
                        " return [r.x, r.y, r.width, r.height]; })()")
    assert box == [0, 0, size[0], size[1]]
    assert page.evaluate("document.documentElement.scrollHeight") <= size[1]  # nothing scrolls
    assert not errors
    page.close()


def test_error_is_shown_not_swallowed(browser, page_server):
    page, _ = _open(browser, f"{page_server}/web/index.html")
    page.evaluate("setTimeout(() => { throw new Error('boom'); }, 0)")
    page.wait_for_function("document.getElementById('infobox').textContent.includes('boom')", timeout=5_000)
    assert "could not start" in page.inner_text("#infobox")
    page.close()


# --- and the page when the runtime does not come, languages ----

COULD_NOT_LOAD = {
    "en": ("The game could not be loaded. Check the connection and try again.", "Try again"),
    "pl": ("Nie uda\u0142o si\u0119 wczyta\u0107 gry. Sprawd\u017a po\u0142\u0105czenie i spr\u00f3buj ponownie.",
           "Spr\u00f3buj ponownie"),
    "ru": ("\u041d\u0435 \u0443\u0434\u0430\u043b\u043e\u0441\u044c \u0437\u0430\u0433\u0440\u0443\u0437\u0438\u0442\u044c"
           " \u0438\u0433\u0440\u0443. \u041f\u0440\u043e\u0432\u0435\u0440\u044c\u0442\u0435 \u043f\u043e\u0434\u043a\u043b"
           "\u044e\u0447\u0435\u043d\u0438\u0435 \u0438 \u043f\u043e\u043f\u0440\u043e\u0431\u0443\u0439\u0442\u0435"
           " \u0441\u043d\u043e\u0432\u0430.", "\u041f\u043e\u0432\u0442\u043e\u0440\u0438\u0442\u044c"),
    "bg": ("\u0418\u0433\u0440\u0430\u0442\u0430 \u043d\u0435 \u043c\u043e\u0436\u0430 \u0434\u0430 \u0441\u0435"
           " \u0437\u0430\u0440\u0435\u0434\u0438. \u041f\u0440\u043e\u0432\u0435\u0440\u0435\u0442\u0435 \u0432\u0440"
           "\u044a\u0437\u043a\u0430\u0442\u0430 \u0438 \u043e\u043f\u0438\u0442\u0430\u0439\u0442\u0435 \u043e\u0442"
           "\u043d\u043e\u0432\u043e.", "\u041e\u043f\u0438\u0442\u0430\u0439\u0442\u0435 \u043e\u0442\u043d\u043e\u0432\u043e"),
}


def _shots():
    from tests.web.test_offline import shots_dir

    return shots_dir()


@pytest.mark.parametrize("lang", sorted(COULD_NOT_LOAD))
def test_blocked_runtime_says_so_and_retries(browser, page_server, lang):
    """The CDN is unreachable or blocked: a translated message and a Retry button, not an
    endless "Loading..."; Retry loads the page again (and works once the runtime comes)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, service_workers="block")
    try:
        context.route("**/cdn/pythons.js", lambda route: route.abort("blockedbyclient"))
        page = context.new_page()
        page.goto(f"{page_server}/web/index.html?lang={lang}")
        page.wait_for_selector("#retry", timeout=5_000)
        message, retry = COULD_NOT_LOAD[lang]
        assert page.inner_text("#infobox").startswith(message)
        assert page.inner_text("#retry") == retry
        assert page.inner_text("#status") == ""  # no "Loading..." left behind
        shots = _shots()
        if shots:
            page.screenshot(path=str(shots / f"could-not-load-{lang}.png"))
        context.unroute("**/cdn/pythons.js")
        page.click("#retry")
        page.wait_for_function("window.stub_loaded === true", timeout=10_000)
        assert not page.is_visible("#retry")
    finally:
        context.close()


def test_runtime_that_never_gets_going_times_out_with_retry(browser, page_server):
    """pythons.js arrives but the interpreter never does (a file blocked, the CDN stalls)."""
    context = browser.new_context(service_workers="block")
    try:
        context.add_init_script("window.loader_timeout_ms = 1200;")
        context.route("**/cdn/pythons.js", lambda route: route.fulfill(
            status=200, content_type="text/javascript", body="window.MM = { UME: false }; window.stub_loaded = true;"))
        page = context.new_page()
        page.goto(f"{page_server}/web/index.html?lang=bg")
        page.wait_for_function("window.stub_loaded === true", timeout=5_000)
        assert page.inner_text("#status") == "\u0417\u0430\u0440\u0435\u0436\u0434\u0430\u043d\u0435\u2026"
        page.wait_for_selector("#retry", timeout=6_000)
        assert page.inner_text("#infobox").startswith(COULD_NOT_LOAD["bg"][0])
    finally:
        context.close()


def test_waiting_for_the_click_is_not_a_timeout(browser, page_server):
    context = browser.new_context(service_workers="block")
    try:
        context.add_init_script("window.loader_timeout_ms = 600;")
        page = context.new_page()
        page.goto(f"{page_server}/web/index.html")
        page.wait_for_function("window.stub_loaded === true", timeout=5_000)
        page.evaluate("loader_say('ready')")
        page.wait_for_timeout(1_500)
        assert page.inner_text("#infobox") == "Click or tap to start"
        assert not page.is_visible("#retry")
    finally:
        context.close()


@pytest.mark.parametrize("bad", ["constructor", "__proto__", "toString", "hasOwnProperty", "xx"])
def test_language_lookup_uses_own_properties(browser, page_server, bad):
    """?lang=constructor once showed "undefined" and a bare "error"."""
    page, errors = _open(browser, f"{page_server}/web/index.html?lang={bad}")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.inner_text("#status") == "Loading\u2026"
    assert page.inner_text("#subtitle") == "Sergeant Major \u00b7 Blato \u00b7 the three-player trick-taking game"
    page.evaluate("loader_say('error', 'boom')")
    assert page.inner_text("#infobox").startswith("The game could not start: boom")
    page.evaluate("loader_say('constructor')")  # an unknown key shows as itself, not as a function
    assert "undefined" not in page.inner_text("#loader") and "function" not in page.inner_text("#loader")
    assert not errors
    page.close()


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "bg"])
def test_subtitle_is_the_games_own_in_every_language(browser, page_server, lang):
    """the loader's subtitle was English in every language."""
    import importlib

    expected = importlib.import_module(f"game.i18n.{lang}").MESSAGES["app.subtitle"]
    page, errors = _open(browser, f"{page_server}/web/index.html?lang={lang}")
    assert page.inner_text("#subtitle") == expected
    assert not errors
    page.close()


def test_interpreter_abort_fails_at_once_other_rejections_do_not(browser, page_server):
    """A damaged or missing main.wasm ends in Emscripten's "Aborted(...)": say so without
    waiting for the timeout; a refused audio probe (a rejected play()) is no failure."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(f"{page_server}/web/index.html?lang=ru")
        page.wait_for_function("window.stub_loaded === true", timeout=5_000)
        page.evaluate("() => { Promise.reject(new DOMException('play() failed', 'NotAllowedError')); }")
        page.wait_for_timeout(300)
        assert not page.is_visible("#retry")
        page.evaluate("() => { Promise.reject(new Error('Aborted(CompileError: expected magic word 00 61 73 6d)')); }")
        page.wait_for_selector("#retry", timeout=3_000)
        assert page.inner_text("#infobox").startswith(COULD_NOT_LOAD["ru"][0])
        assert "Aborted(CompileError" in page.inner_text("#infobox .detail")
    finally:
        context.close()


# --- the page on a phone: edge to edge, upright and sideways, the game's page script ------

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
CANVAS_BOX = "(() => { const r = document.getElementById('canvas').getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })()"


def _phone(browser, url):
    context = browser.new_context(service_workers="block", **PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_function("window.stub_loaded === true", timeout=20_000)
    return context, page, errors


def _page_script():
    from game.ui.window.page import SCRIPT

    return SCRIPT


def test_the_page_fills_a_phone_upright_and_sideways(browser, page_server):
    """The canvas is the whole page on a phone held upright and turned, whatever its pixel
    size (the game draws at a pixel budget, not at the page's own pixels), and nothing
    scrolls, bounces or keeps pythons.js's 16:9 fit."""
    context, page, errors = _phone(browser, f"{page_server}/web/index.html")
    try:
        viewport = page.evaluate("document.querySelector('meta[name=viewport]').content")
        assert "viewport-fit=cover" in viewport and "width=device-width" in viewport
        assert page.evaluate("[innerWidth, innerHeight]") == [390, 844]  # not a 980-px desktop layout
        assert page.evaluate("config.user_canvas_managed") == 1
        assert page.evaluate("getComputedStyle(document.body).overscrollBehaviorY") == "none"
        page.evaluate("const c = document.getElementById('canvas'); c.width = 489; c.height = 1059;")
        assert page.evaluate(CANVAS_BOX) == [0, 0, 390, 844]
        page.set_viewport_size({"width": 844, "height": 390})  # turned
        page.evaluate("const c = document.getElementById('canvas'); c.width = 1059; c.height = 489;")
        page.wait_for_timeout(250)  # pythons.js's own fit would come 100 ms after the resize
        assert page.evaluate(CANVAS_BOX) == [0, 0, 844, 390]
        assert page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]") == [844, 390]
        assert not errors
    finally:
        context.close()


def test_the_games_page_script_measures_the_page_and_its_turn(browser, page_server):
    """What the game polls (game/ui/window/page.py's script, evaluated as the game evaluates it):
    the canvas's CSS size, the device pixel ratio and the safe-area insets, measured again
    after a turn; the page's own canvas styles are left alone."""
    context, page, errors = _phone(browser, f"{page_server}/web/index.html")
    try:
        before = page.evaluate("document.getElementById('canvas').getAttribute('style')")
        assert page.evaluate(_page_script()) == "ok"
        assert page.evaluate(_page_script()) == "ok"  # a second run changes nothing
        assert page.evaluate("g358_page()") == "390 844 3 0 0 0 0"
        assert page.evaluate("document.getElementById('canvas').getAttribute('style')") == before
        assert page.evaluate("document.querySelectorAll('#g358-safe-area').length") == 1  # the page's own probe
        page.set_viewport_size({"width": 844, "height": 390})
        page.wait_for_function("g358_page() === '844 390 3 0 0 0 0'", timeout=5_000)
        # Chromium's phone emulation has no notch: pad the probe as env() would on an iPhone
        page.evaluate("document.getElementById('g358-safe-area').style.padding = '0px 34px 21px 47px'")
        page.evaluate("dispatchEvent(new Event('resize'))")
        assert page.evaluate("g358_page()") == "844 390 3 47 0 34 21"
        assert not errors
    finally:
        context.close()


def test_a_page_without_the_games_template_is_made_to_fit_too(browser, page_server):
    """An embedding page or the webcheck harness: no viewport meta (a phone would lay it out
    980 px wide) and a canvas shown at its pixel size; the game's script makes the canvas
    the page's size and the page a phone's width."""
    context = browser.new_context(service_workers="block", **PHONE)
    try:
        page = context.new_page()
        page.set_content("<html><body style='margin:0'><canvas id='canvas' width='1280' height='720'"
                         " style='display:block'></canvas></body></html>")
        assert page.evaluate("innerWidth") >= 980  # laid out like a desktop page (wider still for a wide canvas)
        assert page.evaluate(_page_script()) == "ok"
        page.wait_for_function("innerWidth === 390", timeout=5_000)
        assert page.evaluate(CANVAS_BOX) == [0, 0, 390, 844]
        assert page.evaluate("g358_page()") == "390 844 3 0 0 0 0"
        page.set_viewport_size({"width": 844, "height": 390})
        page.wait_for_function("g358_page() === '844 390 3 0 0 0 0'", timeout=5_000)
        assert page.evaluate(CANVAS_BOX) == [0, 0, 844, 390]
    finally:
        context.close()


def test_the_manifest_lets_the_phone_turn(page_server):
    import json
    import urllib.request

    with urllib.request.urlopen(f"{page_server}/web/manifest.webmanifest") as r:
        assert json.loads(r.read())["orientation"] == "any"


# --- the real game in its own page on a phone: upright, turned mid-game --------------------

def _black_bars(png: bytes) -> dict:
    """Rows (top, bottom) and columns (left, right) of the screenshot that are black edge to
    edge, as shares of its height and width."""
    import io

    import pygame

    shot = pygame.image.load(io.BytesIO(png), "shot.png")
    w, h = shot.get_size()

    def black_row(y):
        return all(shot.get_at((x, y))[:3] == (0, 0, 0) for x in range(0, w, max(1, w // 24)))

    def black_col(x):
        return all(shot.get_at((x, y))[:3] == (0, 0, 0) for y in range(0, h, max(1, h // 24)))

    def run(indices, test):
        n = 0
        for i in indices:
            if not test(i):
                break
            n += 1
        return n

    return {"top": run(range(h), black_row) / h, "bottom": run(range(h - 1, -1, -1), black_row) / h,
            "left": run(range(w), black_col) / w, "right": run(range(w - 1, -1, -1), black_col) / w}


def test_the_real_game_fills_a_phone_and_follows_a_turn_mid_game(tmp_path, web_build, browser):
    """The game on Pyodide in its own page (the wheel's stand-in runtime), a phone of 390x844
    CSS px at DPR 3: the canvas is the page upright and sideways (no black bar), the game
    lays out for each shape, a turn in the middle of a deal keeps the game, and a card
    clicked sideways is the card played."""
    wheel = wasm_wheel("the real game on a phone skipped: set WEBCHECK_WHEEL=/path/to/the pygame-ce WebAssembly"
                       " wheel (cp314) to run it; the stand-in runtime tests cover the page")
    import shutil

    from tests.web.offline_support import Server
    from tests.web.test_offline_wheel import HERE, TAGGED_WHEEL, _py, _until_title
    from tools.web.build import build
    from tools.web.wasm import driver_source, pyodide_dir

    runtime = tmp_path / "cdn" / "runtime"
    (runtime / "0.9.3").mkdir(parents=True)
    shutil.copy(HERE / "wheel_runtime_standin.js", runtime / "0.9.3" / "pythons.js")
    shutil.copytree(pyodide_dir(), runtime / "pyodide")
    shutil.copy(wheel, runtime / TAGGED_WHEEL)
    (tmp_path / "site").mkdir()
    site, cdn = Server(tmp_path / "site"), Server(tmp_path / "cdn")
    shots = _shots()

    def until(page, expr, timeout_s=120):
        import time

        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            got = _py(page, f"import main\nstr(bool({expr}))")
            if got == "True":
                return
            assert not got.startswith("ERROR"), got
            time.sleep(0.2)
        raise AssertionError(f"timed out: {expr}; scene {_py(page, 'main.APP.scene_name')}")

    def state(page):
        import json

        return json.loads(_py(page, "import json, main\napp = main.APP\njson.dumps({'window': list(app.window.get_size()),"
                                    " 'shape': [app.shape.w, app.shape.h], 'scene': app.scene_name,"
                                    " 'table': id(getattr(app.scene, 'table', None)),"
                                    " 'history': [str(a) for a in app.scene.table.session.match.history]"
                                    " if getattr(app.scene, 'table', None) else []})"))

    def filled(page, size, name):
        assert page.evaluate(CANVAS_BOX) == [0, 0, *size]
        png = page.screenshot()
        if shots:
            (shots / f"phone-{name}.png").write_bytes(png)
        bars = _black_bars(png)
        assert max(bars.values()) <= 0.05, bars

    try:
        build(tmp_path / "site" / "web", tmp_path / "stage", web_build[1], cdn=f"{cdn.url}/runtime/0.9.3/")
        # the module's Chromium: a second sync Playwright cannot start while its loop runs
        context = browser.new_context(service_workers="block", **PHONE)
        try:
            page = context.new_page()
            page.goto(f"{site.url}/web/index.html?lang=ru&seed=7")
            page.wait_for_selector("#infobox.ready", timeout=120_000)
            page.mouse.click(195, 600)
            assert _until_title(page) == "title"
            _py(page, driver_source())
            now = state(page)
            assert now["shape"] == [390, 844] and now["window"][0] < now["window"][1]
            filled(page, (390, 844), "title-upright")
            until(page, "main._web_drive('trick_on_table')", 240)  # a game started, cards played
            before = state(page)
            assert before["shape"] == [390, 844] and before["history"]
            filled(page, (390, 844), "play-upright")
            page.set_viewport_size({"width": 844, "height": 390})  # the phone turned mid-deal
            # drawn at the new shape (then frames with nothing new are skipped: a finished trick waits for a tap)
            until(page, "main.APP.shape.w == 844 and main.APP.painter.last_draw != 'preparing'")
            after = state(page)
            assert after["window"][0] > after["window"][1] and after["shape"] == [844, 390]
            assert after["table"] == before["table"], "the turn lost the table"
            assert after["history"][:len(before["history"])] == before["history"], "the turn changed the game"
            filled(page, (844, 390), "play-sideways")
            # the human's next card, clicked on the hand laid out sideways
            until(page, "main.APP.scene.my_turn() and main.APP.scene.v.phase == 'play' and len(main.APP.scene.legal_cards()) > 1", 240)
            played = _py(page, "import main, pygame\napp = main.APP\nscene = app.scene\nlegal = scene.legal_cards()\n"
                               "card, rect = [(c, r) for c, r in scene.card_rects() if c in legal][-1]\n"
                               "main._played_before = len(scene.session.match.history)\n"
                               "x, y = app.to_window(rect.center)\n"
                               "for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):\n"
                               "    pygame.event.post(pygame.event.Event(kind, pos=(x, y), button=1, touch=False))\n"
                               "str(card)")
            assert not played.startswith("ERROR"), played
            until(page, "len(main.APP.scene.session.match.history) > main._played_before")
            first = _py(page, "import main\nstr(main.APP.scene.session.match.history[main._played_before].card)")
            assert first == played, "the click played another card"
            page.set_viewport_size({"width": 390, "height": 844})  # and back upright
            until(page, "main.APP.shape.w == 390 and main.APP.painter.last_draw != 'preparing'")
            assert state(page)["table"] == before["table"]
            filled(page, (390, 844), "play-upright-again")
            assert not [e for e in page.evaluate("window.errors") if "Traceback" in e]
        finally:
            context.close()
    finally:
        site.close()
        cdn.close()
