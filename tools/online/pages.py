"""The built game served locally as one site, and game pages in headless Chromium, for
`tools.online.check`.

Why a site of its own: pygbag's page loads CPython from a CDN these machines cannot reach,
so the game runs as the webcheck harness runs it (Pyodide with the pygame-ce WebAssembly
wheel, the build's archive unpacked as pygbag does), from the harness's page.  That page
alone has no shim and no fair-dealing glue, so `index.html` here is the harness's page
with the built page's own lines `<script src="p2p.js" defer></script>` and
`<script src="fair.js" type="module"></script>`, and `p2p.js`, `vendor/`, `fair.js` and the
noble-curves bundle it imports are the built site's files at the same relative paths: each
game page gets the shim and the group exactly as the real page has them.  The wheel and
the archive are written into the page (no query), so the invitation link opens as it is:
`http://127.0.0.1:PORT/index.html#room=...&key=...`.

The one thing added is the stand-in for the rendezvous network: the game asks the shim
for rooms with no relay list (Trystero's public Nostr relays); a small script run after
the shim hands it the local relay's address instead.  Nothing else of the shim changes.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

from tools.web.site import HarnessSite, python_value, run_python
from tools.web.wasm import CHROMIUM_ARGS

SHIM_LINE = '<script src="p2p.js" defer></script>'
FAIR_LINE = '<script src="fair.js" type="module"></script>'  # fair dealing's group (game/online/fair/page_group.py)
LINKED = ("p2p.js", "vendor", "fair.js", "noble-ed25519.min.js")  # the built site's files the lines load
RELAYS = """<script>
// the local stand-in for the public Nostr relays (tools/online/pages.py): rooms the game
// opens with no relay list of its own go through these
document.addEventListener("DOMContentLoaded", () => {
    const shim = window.g358p2p, relays = %s;
    for (const name of ["host", "join"]) {
        const real = shim[name];
        shim[name] = (room, key, ice, own, wait) => real(room, key, ice, own && own.length ? own : relays, wait);
    }
});
</script>"""


def last_error(lines: list[str], since: int = 0) -> str | None:
    """The exception line ("Type: message") of the newest traceback among `lines[since:]`
    (the page's stderr, one line each), None when there is none.  Why: the game prints a
    traceback and goes back to its title (App.recover) or drops its online game, so a check
    waiting for a screen would only time out, saying nothing of the cause."""
    starts = [i for i in range(since, len(lines)) if lines[i].startswith("Traceback (most recent call last)")]
    if not starts:
        return None
    for line in lines[starts[-1] + 1:]:
        if line and not line[0].isspace():
            return line
    return None


def console_line(text: str, location: dict) -> str:
    """A console message as kept for the diagnosis; a resource that failed to load is named
    by its address (Chromium's message alone does not say which)."""
    url = (location or {}).get("url")
    return f"{text}: {url}" if url and text.startswith("Failed to load resource") else text


class Site(HarnessSite):
    """build/web served on 127.0.0.1 with the shim, the fair-dealing group and the relay
    stand-in (see the module's note)."""

    def __init__(self, web: Path, wheel: Path, webcheck: Path, relays: list[str]):
        super().__init__(web, wheel, webcheck, f"{SHIM_LINE}\n{FAIR_LINE}\n{RELAYS % json.dumps(relays)}", LINKED,
                         ("p2p.js", "vendor/trystero-nostr.js", "fair.js", "noble-ed25519.min.js"), "online-check-")


def launch(playwright):
    return playwright.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)


class GamePage:
    """One device: a browser context of its own (its own storage) with the game's page."""

    def __init__(self, browser, name: str, locale: str = "en-US", cpu_slowdown: float = 1.0,
                 size: tuple[int, int] = (1280, 720)):
        self.name = name
        self.cpu_slowdown = cpu_slowdown
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=locale)
        self.page = None
        self.console: list[str] = []
        self.load_s = 0.0
        self.errors_at_load = 0  # the page's stderr lines once its game ran (a traceback after them fails a wait)

    def open(self, url: str, driver_source: str, seed: int, timeout_s: float = 240.0) -> GamePage:
        """Open `url` (a fresh page in this device), wait for the game's first frames and
        install the check's driver."""
        if self.page is not None:
            self.page.close()
        self.page = page = self.context.new_page()
        page.on("console", lambda m: self.console.append(console_line(m.text, m.location)))
        page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
        if self.cpu_slowdown > 1:
            self.throttle(self.cpu_slowdown)
        t0 = time.perf_counter()
        page.goto(url)
        page.wait_for_function("window.state !== 'loading'", timeout=timeout_s * 1000)
        self.wait("getattr(__import__('main'), 'APP', None) is not None and __import__('main').APP.frames > 3",
                  timeout_s, "the game's first frames")
        self.load_s = time.perf_counter() - t0
        self.errors_at_load = self.page.evaluate("(window.errors || []).length")
        result = self.py(driver_source + f"\nmain._oc_install({seed})")
        if result != "ready":
            raise RuntimeError(f"{self.name}: the driver did not install: {result}")
        return self

    def throttle(self, rate: float) -> None:
        """Chromium's CPU throttling of this page (1: none)."""
        self.page.context.new_cdp_session(self.page).send("Emulation.setCPUThrottlingRate", {"rate": rate})

    def py(self, expression: str) -> str:
        """A Python expression (or a block ending in one) run in the page's interpreter; its
        value as text ("ERROR: ..." when it raised)."""
        return run_python(self.page, expression)

    def value(self, expression: str):
        """A JSON-able Python value from the page."""
        return python_value(self.page, expression, lambda detail: RuntimeError(f"{self.name}: {detail}"))

    def wait(self, expression: str, timeout_s: float, what: str, step_s: float = 0.25):
        """Until `expression` is true in the page; fails at once, saying its error, once the
        game has printed a traceback (see `failure`)."""
        deadline = time.monotonic() + timeout_s
        while True:
            state = self.page.evaluate("window.state")
            if state == "crashed":
                raise RuntimeError(f"{self.name}: the game crashed: {self.page.evaluate('window.errors')[-5:]}")
            raw = self.py(f"str(bool({expression}))") if state == "running" else "False"
            if raw == "True":
                return
            error = self.failure()
            if error is not None:
                raise RuntimeError(f"{self.name}: the game failed before {what}: {error}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name}: {what} not within {timeout_s:.0f} s ({raw[-600:]})")
            time.sleep(step_s)

    def failure(self) -> str | None:
        """The error of a traceback the game printed since it ran (None: none).  Why: it
        printed it as it went back to its title (App.recover) or dropped its online game, so
        what a wait waits for will not come; the click that caused it may have been handled
        before the wait began."""
        printed = self.page.evaluate("(window.errors || []).length")
        since = self.errors_at_load if printed >= self.errors_at_load else 0  # fewer: the page was reloaded
        return last_error(self.page.evaluate("window.errors"), since) if printed > since else None

    def last_error(self) -> str | None:
        """The exception line of the newest traceback the game printed (None: none)."""
        try:
            return last_error(self.page.evaluate("window.errors || []"))
        except Exception:  # a closed page has none left to show
            return None

    def errors(self) -> list[str]:
        """Tracebacks the game printed (the page keeps stderr's lines)."""
        try:
            lines = self.page.evaluate("window.errors || []")
        except Exception:  # a closed page has none left to show
            return []
        return [line for line in lines if "Traceback" in line or "Error" in line]

    def shot(self, path: Path, quality: int = 70) -> None:
        self.page.screenshot(path=str(path), type="jpeg", quality=quality)

    def close(self) -> None:
        self.context.close()
