"""The game embedded on another site, in real Chromium: a page served from one origin
(127.0.0.1) frames a page of another site (localhost, another port).  The frame's
``localStorage`` is refused there (a SecurityError, as it was with the README's embed
snippet), and the storage bar the game shows then (game/web/bridge.py's own script, run as the
game runs it) offers a link that opens the game's page in a tab of its own and a button
that asks the Storage Access API; the browser's answer is left where the game polls it.

The game itself is not built here (tests/ui/test_embedded_storage.py plays the browser for
the Python side); this checks the part only a browser can: the refusal and the page script."""

from __future__ import annotations

import functools
import http.server
import threading

import pytest

from game.web import bridge

from .browser_support import launch_chromium, need_browser

LABELS = {"text": "This embedded game cannot keep your games.", "open": "Open the game in its own page",
          "allow": "Keep my games here", "close": "Close"}
FRAME = """<!doctype html><html><body style="margin:0"><script>
window.refused = "";
try { window.localStorage.getItem("three-five-eight:settings"); } catch (e) { window.refused = e.name; }
</script></body></html>"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def two_sites(tmp_path):
    """(host page URL, frame URL): the same folder served at two origins of two sites."""
    servers = []
    for _ in range(2):
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(tmp_path)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
    frame = f"http://localhost:{servers[1].server_address[1]}/frame.html?lang=en"
    (tmp_path / "frame.html").write_text(FRAME)
    (tmp_path / "host.html").write_text(f'<!doctype html><html><body><iframe src="{frame}" width="960" height="540">'
                                        "</iframe></body></html>")
    yield f"http://127.0.0.1:{servers[0].server_address[1]}/host.html", frame
    for server in servers:
        server.shutdown()
        server.server_close()


def test_the_storage_bar_in_a_frame_of_another_site(two_sites):
    need_browser()
    from playwright.sync_api import sync_playwright

    host, frame_url = two_sites
    with sync_playwright() as p:
        browser = launch_chromium(p)
        try:
            page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
            page.goto(host)
            page.wait_for_function("document.querySelector('iframe').contentWindow !== null")
            frame = next(f for f in page.frames if f.url == frame_url)
            frame.wait_for_function("window.refused !== undefined")
            if frame.evaluate("window.refused") != "SecurityError":
                pytest.skip("this Chromium lets a frame of another site use localStorage: nothing is refused")
            assert frame.evaluate(bridge._call(bridge._STORAGE_BAR, LABELS)) == "shown"
            assert frame.evaluate(bridge._call(bridge._STORAGE_BAR, LABELS)) == "shown"  # once, not twice
            assert frame.locator("#g358-storage").count() == 1
            link = frame.locator("#g358-storage-open")
            assert link.get_attribute("target") == "_blank" and link.get_attribute("href") == frame_url
            for target in ("#g358-storage-open", "#g358-storage-allow", "#g358-storage-close"):
                box = frame.locator(target).bounding_box()
                assert box["height"] >= 44 and box["width"] >= 44, target  # touch targets
            frame.click("#g358-storage-allow")  # a real click: the user activation the API needs
            frame.wait_for_function("window.g358_storage_access === 'granted' || window.g358_storage_access === 'denied'",
                                    timeout=10_000)
            state = frame.evaluate("window.g358_storage_access")
            if state == "denied":  # the link to the game's own page stays
                assert frame.locator("#g358-storage-open").count() == 1
                assert frame.locator("#g358-storage-allow").count() == 0
            else:
                assert frame.locator("#g358-storage").count() == 0
        finally:
            browser.close()
