"""What the tests of real links need: a network interface WebRTC can use, aiortc,
headless Chromium on a locally served page that loads the shim, a local Nostr relay
standing in for the public ones, and a way to drive `PageLink` in a real page.

Each need that is missing skips the test with the reason."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import http.server
import shutil
import socket
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "assets" / "web"
TEST_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>links</title></head>
<body><script src="p2p.js"></script></body></html>
"""


def network_interface() -> str | None:
    """An address of a non-loopback interface, or None: WebRTC offers no loopback
    candidates (RFC 8445), so two peers on one machine meet only through a real one."""
    try:
        import ifaddr  # aioice's own way to list interfaces (installed with aiortc)

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str) and not ip.ip.startswith("127.") and not ip.ip.startswith("169.254."):
                    return ip.ip
    except ImportError:
        pass
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the route's interface
        address = s.getsockname()[0]
        if not address.startswith("127."):
            return address
    return None


def need_network() -> None:
    if network_interface() is None:
        pytest.skip("WebRTC needs a non-loopback network interface, and this machine has none")


def need_aiortc() -> None:
    need_network()
    from game.online.links.native import native_problem

    problem = native_problem()
    if problem:
        pytest.skip(f"aiortc is not installed ({problem})")


def need_chromium():
    """Playwright's sync API with the system's Chromium, or a skip saying what is missing."""
    need_network()
    if not shutil.which("chromium"):
        pytest.skip("no chromium on PATH (Debian's /usr/bin/chromium runs the browser link tests)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed (it is in the dev extra)")
    return sync_playwright


class PageWindow:
    """Stands for ``platform.window`` in a real page: `eval` runs the script there."""

    def __init__(self, page):
        self.page = page

    def eval(self, script: str):
        return self.page.evaluate(script)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@contextlib.contextmanager
def served_page(folder: Path):
    """The shim, its vendored library and a test page that loads the shim, served over
    HTTP on 127.0.0.1 as the built site serves them (same relative paths)."""
    shutil.copy2(WEB / "p2p.js", folder / "p2p.js")
    shutil.copytree(WEB / "vendor", folder / "vendor", dirs_exist_ok=True)
    (folder / "links.html").write_text(TEST_PAGE, encoding="utf-8")
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/links.html"
    finally:
        server.shutdown()
        server.server_close()


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


def launch_chromium(playwright):
    return playwright.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)


def open_pages(playwright, url: str, count: int):
    """One headless Chromium with `count` pages in separate contexts (separate devices:
    no shared storage), each on `url` with the shim loaded."""
    browser = launch_chromium(playwright)
    pages = []
    for _ in range(count):
        page = browser.new_context().new_page()
        page.goto(url)
        page.wait_for_function("!!window.g358p2p")
        pages.append(page)
    return browser, pages


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def nostr_relay(folder: Path, start_timeout_s: float = 60.0):
    """A local Nostr relay (tools/online/local_relay.py) standing in for the public relays;
    yields its ws:// address.  Skips when nostr-relay is not installed."""
    from tools.online.local_relay import RelayMissing, local_relay

    try:
        relay = local_relay(folder, start_timeout_s)
        address = relay.__enter__()
    except RelayMissing as exc:
        pytest.skip(str(exc))
    try:
        yield address
    finally:
        relay.__exit__(None, None, None)


def until(condition, timeout_s: float, step_s: float = 0.02, what: str = "condition"):
    """Poll `condition` (as a game frame would) until it is true; its value."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} not met within {timeout_s} s")
        time.sleep(step_s)


class LoopThread:
    """An asyncio loop on a thread of its own, for the tests that drive a browser (with
    Playwright's sync API) and aiortc at once; the game itself runs both on one loop."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, fn, *args, timeout_s: float = 30.0):
        """fn(*args) on the loop's thread (aiortc's objects belong to it); its result."""
        async def call():
            return fn(*args)

        return asyncio.run_coroutine_threadsafe(call(), self.loop).result(timeout_s)

    def stop(self):
        async def drain():
            await asyncio.sleep(0.2)

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(drain(), self.loop).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def report(name: str, **figures) -> None:
    """Print figures a test measured (pytest -s shows them; -rA lists them too)."""
    print(f"[links] {name}: " + ", ".join(f"{k}={v}" for k, v in figures.items()), file=sys.stderr)

