"""Our page template in headless Chromium, offline: pygbag's runtime (pythons.js and the
WebAssembly interpreter) is replaced by a stub served locally, so this checks the page
itself: loading screen, language, start prompt, user gesture, reveal of the canvas."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading

import pytest

STUB_PYTHONS_JS = """
// stand-in for pygbag's pythons.js: what the page's own script relies on
window.MM = { UME: false };
window.stub_loaded = true;
window.window_resize = () => { window.resized = (window.resized || 0) + 1; };
"""


@pytest.fixture(scope="module")
def page_server(tmp_path_factory, web_build):
    from tools.web_wasm import ensure_env

    reason = ensure_env(install=not os.environ.get("WEB_TESTS_NO_INSTALL"))
    if reason:
        pytest.skip(f"browser test: {reason}")
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

    from tools.web_wasm import CHROMIUM_ARGS

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
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
