"""The page as an installable app that plays offline, in headless Chromium with
a stand-in for pygbag's runtime served from another origin (like its CDN).

First visit online, then the servers are switched off and the browser set offline: the
reload must come whole from the service worker (page, game archive, runtime files); a
new build is announced without reloading a running game and replaces the cache at the
next start, keeping localStorage; the manifest is one Chromium accepts.
Screenshots go to $SHOTS_DIR when it is set (for review; none otherwise).
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from tests.web.browser_support import launch_chromium, need_browser
from tests.web.offline_support import ASK_BUILD_JS, CACHE_REPORT_JS, Server, write_fake_runtime
from tools.web.build import NAME, RUNTIME_VERSION
from tools.web.check import manifest_problems, service_worker_lists

RESULTS: dict = {}  # cached sizes, printed by conftest's terminal summary


def shots_dir() -> Path | None:
    """Where to keep review screenshots: $SHOTS_DIR if set (none otherwise)."""
    if not os.environ.get("SHOTS_DIR"):
        return None
    path = Path(os.environ["SHOTS_DIR"])
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return path


@pytest.fixture(scope="module")
def servers(tmp_path_factory, web_build):
    need_browser()
    root = tmp_path_factory.mktemp("offline")
    (root / "site").mkdir()
    (root / "cdn" / "cdn").mkdir(parents=True)
    write_fake_runtime(root / "cdn" / "cdn")
    site, cdn = Server(root / "site"), Server(root / "cdn")
    yield site, cdn, f"{cdn.url}/cdn/{RUNTIME_VERSION}/", web_build[1]
    site.close()
    cdn.close()


def _build(servers, folder: str, main_py: Path) -> Path:
    from tools.web.build import build

    site, _, cdn_url, _ = servers
    return build(site.root / folder, site.root / f"{folder}-stage", main_py, cdn=cdn_url)


@pytest.fixture(scope="module")
def browser(servers):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch_chromium(p)
        yield b
        b.close()


def _first_visit(context, url):
    """Open the page online, click to start, wait until the service worker holds it all."""
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector("#infobox.ready", timeout=20_000)
    page.mouse.click(640, 500)
    page.wait_for_function("window.stub_loaded === true", timeout=20_000)
    page.wait_for_function("['cached', 'failed'].includes(window.sw_state)", timeout=30_000)
    assert page.evaluate("window.sw_state") == "cached", page.evaluate("window.sw_cache")
    assert page.evaluate("window.sw_cache.missed") == []
    # the worker has claimed the page (its activation may finish after it answered the page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=20_000)
    return page, errors


STATE_JS = """async () => {
    const r = await navigator.serviceWorker.getRegistration();
    const c = navigator.serviceWorker.controller;
    return { page: window.sw_state, update_shown: !!document.getElementById("update"),
             controller: c && [c.state, c.scriptURL], active: r.active && r.active.state,
             waiting: r.waiting && r.waiting.state, installing: r.installing && r.installing.state,
             caches: await caches.keys() };
}"""


def _poll(get, good, timeout_s=20.0):
    """get() until good(value) or the time is up; returns the last value. A page that is
    reloading meanwhile (the update taken at the start) is asked again."""
    from playwright.sync_api import Error

    deadline = time.monotonic() + timeout_s
    value = None
    while True:
        try:
            value = get()
        except Error as exc:  # "execution context was destroyed": the page reloaded
            value = exc
        if not isinstance(value, Exception) and good(value) or time.monotonic() > deadline:
            return value
        time.sleep(0.2)


def _switch(servers, off: bool):
    for s in servers[:2]:
        s.off = off
        s.hits_while_off.clear()


def test_offline_reload_comes_from_the_service_worker(browser, servers):
    site, cdn, _, main_py = servers
    web = _build(servers, "web", main_py)
    sw = service_worker_lists(web)
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        page, errors = _first_visit(context, f"{site.url}/web/index.html?lang=pl")
        caches = page.evaluate(CACHE_REPORT_JS)
        cache_name = next(iter(caches))
        assert list(caches) == [cache_name] and cache_name.endswith(" " + sw["BUILD"])
        cached = caches[cache_name]
        for rel in sw["APP_FILES"]:
            if not rel.endswith(".apk"):
                assert f"{site.url}/web/{rel}" in cached["urls"], rel
        for url in sw["RUNTIME_FILES"]:  # the other origin's files, the rewritten wheel included
            assert url in cached["urls"], url
        RESULTS["stub_cache"] = {"bytes": cached["bytes"], "entries": len(cached["urls"])}

        _switch(servers, off=True)
        context.set_offline(True)
        served = []
        page.on("response", lambda r: served.append((r.url, r.from_service_worker, r.status)))
        page.reload()
        page.wait_for_selector("#infobox.ready", timeout=20_000)
        assert page.inner_text("#infobox") == "Kliknij lub dotknij, aby zacz\u0105\u0107"
        shots = shots_dir()
        if shots:
            page.screenshot(path=str(shots / "offline-reload-stub.png"))
        page.mouse.click(640, 500)
        page.wait_for_function("window.stub_loaded === true || window.stub_error", timeout=20_000)
        assert page.evaluate("window.stub_error") is None
        fetched = page.evaluate("window.stub_fetched")
        archive = (web / f"{NAME}.tar.gz").read_bytes()
        assert fetched["archive"] == len(archive) and bytes(fetched["archive_head"]) == archive[:16]
        assert site.hits_while_off == [] and cdn.hits_while_off == []
        by_url = {url: (from_sw, status) for url, from_sw, status in served}
        for url in (f"{site.url}/web/index.html?lang=pl", f"{site.url}/web/{NAME}.tar.gz", sw["RUNTIME_FILES"][0]):
            assert by_url.get(url) == (True, 200), (url, by_url)
        assert not errors
    finally:
        context.close()
        _switch(servers, off=False)


def test_new_build_replaces_the_cache_at_the_next_start(browser, servers, tmp_path):
    site, cdn, _, main_py = servers
    web = _build(servers, "upd", main_py)
    old = service_worker_lists(web)
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        page, errors = _first_visit(context, f"{site.url}/upd/index.html?lang=ru")
        page.evaluate("localStorage.setItem('three-five-eight.test-save', 'deal 7 of 18')")
        page.evaluate("window.still_the_same_game = true")

        changed = tmp_path / "main.py"
        changed.write_text(main_py.read_text(encoding="utf-8") + "\n# build 2\n", encoding="utf-8")
        _build(servers, "upd", changed)
        new = service_worker_lists(web)
        assert new["BUILD"] != old["BUILD"]

        cdn.off = True  # the new build must take the runtime over from the old cache
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.wait_for_selector("#update", timeout=20_000)
        assert page.inner_text("#update span") == ("\u0413\u043e\u0442\u043e\u0432\u0430 \u043d\u043e\u0432\u0430\u044f"
                                                  " \u0432\u0435\u0440\u0441\u0438\u044f: \u043e\u043d\u0430 \u0437\u0430"
                                                  "\u043f\u0443\u0441\u0442\u0438\u0442\u0441\u044f \u043f\u0440\u0438"
                                                  " \u0441\u043b\u0435\u0434\u0443\u044e\u0449\u0435\u043c \u043e\u0442"
                                                  "\u043a\u0440\u044b\u0442\u0438\u0438 \u0438\u0433\u0440\u044b.")
        shots = shots_dir()
        if shots:
            page.screenshot(path=str(shots / "update-ready-banner.png"))
        # never mid-game: the running page was not reloaded and still runs the old build
        assert page.evaluate("window.still_the_same_game") is True
        assert page.evaluate(ASK_BUILD_JS)["build"] == old["BUILD"]

        page.reload()  # the next start takes the new build (one automatic reload at the start prompt)
        taken = _poll(lambda: page.evaluate(ASK_BUILD_JS)["build"], lambda b: b == new["BUILD"], timeout_s=40.0)
        if taken != new["BUILD"]:  # the whole state, not a truncated repr
            pytest.fail(f"the new build was not taken: {json.dumps(page.evaluate(STATE_JS))}")
        page.wait_for_selector("#infobox.ready", timeout=20_000)
        # the old cache goes while the new worker activates (the page may be up a moment before)
        caches = _poll(lambda: page.evaluate(CACHE_REPORT_JS), lambda c: len(c) == 1)
        assert len(caches) == 1 and next(iter(caches)).endswith(" " + new["BUILD"])
        cached = next(iter(caches.values()))["urls"]
        assert all(url in cached for url in new["RUNTIME_FILES"])  # copied over while the CDN was down
        archive = (web / f"{NAME}.tar.gz").read_bytes()
        fetched = page.evaluate("window.stub_fetched")
        assert fetched["archive"] == len(archive)
        served = page.evaluate(f"fetch('{NAME}.tar.gz').then((r) => r.arrayBuffer())"
                               ".then((b) => Array.from(new Uint8Array(b)).length)")
        assert served == len(archive)
        assert page.evaluate("localStorage.getItem('three-five-eight.test-save')") == "deal 7 of 18"
        assert not errors
    finally:
        context.close()
        cdn.off = False


def test_manifest_is_valid_and_its_icons_exist(browser, servers):
    site, _, _, main_py = servers
    web = _build(servers, "web", main_py) if not (site.root / "web" / "sw.js").is_file() else site.root / "web"
    assert manifest_problems(web) == []
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{site.url}/web/index.html")
        cdp = context.new_cdp_session(page)
        result = cdp.send("Page.getAppManifest")
        assert result["url"] == f"{site.url}/web/manifest.webmanifest"
        assert result.get("errors") == [], result.get("errors")
        data = json.loads(result["data"])
        assert data["name"] and data["short_name"] == "3-5-8" and data["display"] == "fullscreen"
        assert data["start_url"] == "./index.html"
        assert page.evaluate("document.querySelector('meta[name=theme-color]').content") == data["theme_color"]
        for icon in data["icons"]:
            response = page.request.get(f"{site.url}/web/{icon['src']}")
            assert response.status == 200 and response.headers["content-type"] == "image/png"
            size = int(icon["sizes"].split("x")[0])
            assert page.evaluate(f"""async () => {{ const b = await createImageBitmap(await (await fetch("{icon['src']}")).blob());
                                      return [b.width, b.height]; }}""") == [size, size]
        purposes = {i["purpose"] for i in data["icons"]}
        assert purposes == {"any", "maskable"}
        shots = shots_dir()
        if shots:
            shutil.copy(web / "icon-maskable-512.png", shots / "icon-maskable-512.png")
            shutil.copy(web / "icon-512.png", shots / "icon-512.png")
    finally:
        context.close()


def test_archive_digest_is_part_of_the_build_id(servers, tmp_path):
    """A build with a different game gets a different cache name; an identical one the same."""
    _, _, _, main_py = servers
    first = service_worker_lists(_build(servers, "id-a", main_py))["BUILD"]
    again = service_worker_lists(_build(servers, "id-b", main_py))["BUILD"]
    assert first == again
    other = tmp_path / "main.py"
    other.write_text(main_py.read_text(encoding="utf-8") + "\n# another build\n", encoding="utf-8")
    changed = service_worker_lists(_build(servers, "id-c", other))["BUILD"]
    assert changed != first


def _wait_for_update_banner(page):
    """Wait for the "new version is ready" banner; if it never comes, fail with the page's
    and the service workers' state, which says why."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_selector("#update", timeout=20_000)
    except PlaywrightTimeout:
        pytest.fail(f"no update banner; state: {page.evaluate(STATE_JS)}")


def test_no_takeover_while_another_tab_plays(browser, servers, tmp_path):
    """Two tabs: one plays, the other is reopened at the start prompt after a new build came
    out. The playing tab must not be swapped under its game: the new build waits (the
    reopened tab says a new version is ready)."""
    site, _, _, main_py = servers
    web = _build(servers, "tabs", main_py)
    old = service_worker_lists(web)["BUILD"]
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        playing, _ = _first_visit(context, f"{site.url}/tabs/index.html")
        playing.evaluate("window.still_the_same_game = true")
        changed = tmp_path / "main.py"
        changed.write_text(main_py.read_text(encoding="utf-8") + "\n# build 2\n", encoding="utf-8")
        _build(servers, "tabs", changed)
        playing.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        _wait_for_update_banner(playing)
        other = context.new_page()
        other.goto(f"{site.url}/tabs/index.html")
        other.wait_for_selector("#infobox.ready", timeout=20_000)
        _wait_for_update_banner(other)  # told, not switched
        assert playing.evaluate("window.still_the_same_game") is True
        assert playing.evaluate(ASK_BUILD_JS)["build"] == old
        assert other.evaluate(ASK_BUILD_JS)["build"] == old
    finally:
        context.close()
