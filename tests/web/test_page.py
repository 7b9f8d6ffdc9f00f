"""Our page template in headless Chromium, offline: pygbag's runtime (pythons.js and the
WebAssembly interpreter) is replaced by a stub served locally, so this checks the page
itself: loading screen, language, start prompt, user gesture, reveal of the canvas."""

from __future__ import annotations

import functools
import http.server
import threading

import pytest

from tests.web.browser_support import launch_chromium, need_browser

STUB_PYTHONS_JS = """
// stand-in for pygbag's pythons.js: what the page's own script relies on
window.MM = { UME: false };
window.stub_loaded = true;
window.window_resize = () => { window.resized = (window.resized || 0) + 1; };
"""


@pytest.fixture(scope="module")
def page_server(tmp_path_factory, web_build):
    need_browser()
    from tools.build_web import build

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


# --- issue 10 item 9 and issue 8: the page when the runtime does not come, languages ----

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
    """Issue 8: the loader's subtitle was English in every language."""
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
