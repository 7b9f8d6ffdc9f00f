"""The real game offline: with the pygame-ce WebAssembly wheel (the same opt-in
as the webcheck browser test, WEBCHECK_WHEEL=/path/to/wheel), the game's own page runs
the game on Pyodide (tests/web/wheel_runtime_standin.js standing in for pygbag's runtime,
served from another origin), then reloads with the servers off and the browser offline
and reaches the title screen from the service worker's cache alone.
Screenshots: $SHOTS_DIR when it is set."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

from tests.web.browser_support import launch_chromium, need_browser, wasm_wheel
from tests.web.offline_support import CACHE_REPORT_JS, Server
from tests.web.test_offline import RESULTS, shots_dir

HERE = Path(__file__).resolve().parent
TAGGED_WHEEL = "pygame_ce-2.5.7-cp314-cp314-pyemscripten_2026_0_wasm32.whl"  # Pyodide reads the tag from the name
TITLE = "getattr(main, 'APP', None) is not None and main.APP.frames > 5 and main.APP.scene_name"


def _py(page, expr):
    return page.evaluate("async (e) => { try { return String(await window.py.runPythonAsync(e)); }"
                         " catch (err) { return 'ERROR: ' + err; } }", expr)


def _until_title(page, timeout_s=120):
    page.wait_for_function("window.state !== 'loading'", timeout=timeout_s * 1000)
    deadline = time.monotonic() + timeout_s
    scene = ""
    while time.monotonic() < deadline and page.evaluate("window.state") == "running":
        scene = _py(page, f"import main\nstr({TITLE})")
        if scene == "title":
            return scene
        time.sleep(0.3)
    raise AssertionError(f"no title screen: state={page.evaluate('window.state')} scene={scene!r}"
                         f" errors={page.evaluate('window.errors')[-5:]}")


def test_offline_reload_reaches_the_title_screen(tmp_path, web_build):
    wheel = wasm_wheel("offline reload of the real game skipped: set WEBCHECK_WHEEL=/path/to/the pygame-ce"
                       " WebAssembly wheel (cp314) to run it; the stand-in runtime tests cover the page")
    from playwright.sync_api import sync_playwright

    from tools.web.build import build
    from tools.web.wasm import pyodide_dir

    need_browser()
    runtime = tmp_path / "cdn" / "runtime"
    (runtime / "0.9.3").mkdir(parents=True)
    shutil.copy(HERE / "wheel_runtime_standin.js", runtime / "0.9.3" / "pythons.js")
    shutil.copytree(pyodide_dir(), runtime / "pyodide")
    shutil.copy(wheel, runtime / TAGGED_WHEEL)
    (tmp_path / "site").mkdir()
    site, cdn = Server(tmp_path / "site"), Server(tmp_path / "cdn")
    try:
        build(tmp_path / "site" / "web", tmp_path / "stage", web_build[1], cdn=f"{cdn.url}/runtime/0.9.3/")
        with sync_playwright() as p:
            browser = launch_chromium(p)
            context = browser.new_context(viewport={"width": 1280, "height": 720})
            page = context.new_page()
            page.goto(f"{site.url}/web/index.html?lang=bg")
            page.wait_for_selector("#infobox.ready", timeout=120_000)
            page.mouse.click(640, 500)
            assert _until_title(page) == "title"
            page.wait_for_function("['cached', 'failed'].includes(window.sw_state)", timeout=60_000)
            assert page.evaluate("window.sw_state") == "cached", page.evaluate("window.sw_cache")
            caches = page.evaluate(CACHE_REPORT_JS)
            cached = next(iter(caches.values()))
            RESULTS["pyodide_cache"] = {"bytes": cached["bytes"], "entries": len(cached["urls"])}
            for name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.mjs", TAGGED_WHEEL, "pythons.js"):
                assert any(u.endswith("/" + name) for u in cached["urls"]), name

            for server in (site, cdn):
                server.off = True
            context.set_offline(True)
            started = time.perf_counter()
            page.reload()
            page.wait_for_selector("#infobox.ready", timeout=120_000)
            page.mouse.click(640, 500)
            assert _until_title(page) == "title"
            RESULTS["pyodide_offline_title_s"] = round(time.perf_counter() - started, 1)
            assert site.hits_while_off == [] and cdn.hits_while_off == []
            time.sleep(1.0)
            shots = shots_dir()
            if shots:
                page.screenshot(path=str(shots / "offline-reload-title.png"))
            assert not [e for e in page.evaluate("window.errors") if "Traceback" in e]
            browser.close()
    finally:
        site.close()
        cdn.close()
