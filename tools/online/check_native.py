"""`tools.online.check --native`: the native window (aiortc, the `online` extra) hosts by
codes carried by hand and two browser pages join it; the three play a whole match.

Why a thread here: the check drives the browsers with Playwright's blocking API, and the
native App needs its own asyncio loop (aiortc's tasks run on it, as in the game, where the
App's one loop awaits each frame).  So the App runs its frames on a loop of its own in
this tool's second thread, and every look or click from the check is handed to that loop
between two frames (`NativeDevice.call`).  The game itself still has one loop, no threads.

The match is the shortest the rules allow: the standard preset with 3 deals (a match has
a multiple of 3 deals, from 3: each player deals equally often), set as the host's
new-game options before the room is made.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import threading
import time

from game.online.lobby import DEALINGS, HOST_DEALS
from tools.online.check_steps import every_click, median, pilot_at_table

SHORTEST = {"deals": 3}


class NativeDevice:
    """The native App on a loop of its own, stepped at 60 frames a second."""

    def __init__(self, folder: str, lang: str = "en"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the one JSON line
        self.name = "native"
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.running = True
        self.error: str | None = None
        self.app = self.call(self._make, folder, lang)
        asyncio.run_coroutine_threadsafe(self._frames(), self.loop)

    def _make(self, folder, lang):
        from game.ui.app import App
        from tools.online.page_driver import OnlineCheckDriver

        settings = {"language": lang, "sound": False, "preset": "standard", "options": SHORTEST, "strength": "random"}
        app = App(size=(1280, 720), storage_dir=folder, settings=settings)
        self.driver = OnlineCheckDriver(app, seed=9)
        return app

    async def _frames(self):
        while self.running:
            try:
                self.driver.frame(dt=1 / 60)
            except Exception as exc:  # reported by the check, which then stops
                import traceback

                self.error = traceback.format_exc()[-1500:]
                print(f"[online_check] native: {type(exc).__name__}: {exc}")
                return
            await asyncio.sleep(1 / 60)

    def call(self, fn, *args, timeout_s: float = 30.0):
        async def run():
            return fn(*args)

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout_s)

    def value(self, expression: str):
        """Evaluated with `app` and `oc` (the driver) in scope, as a page's expressions are."""
        return self.call(lambda: eval(expression, {"app": self.app, "oc": self.driver}))

    def wait(self, expression: str, timeout_s: float, what: str) -> None:
        deadline = time.monotonic() + timeout_s
        while not self.value(expression):
            if self.error:
                raise RuntimeError(f"native: {self.error}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"native: {what} not within {timeout_s:.0f} s")
            time.sleep(0.1)

    def close(self) -> None:
        """Leave the game (the links close as in the game), then end aiortc's tasks and the loop."""
        try:
            self.call(lambda: self.app.online.leave() if self.app.online is not None else None)
        except Exception:  # a game that is already gone has nothing to leave
            pass
        time.sleep(0.5)
        self.running = False

        async def finish():
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        try:
            asyncio.run_coroutine_threadsafe(finish(), self.loop).result(10)
        except Exception:  # best effort on the way out
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def join_by_codes(check, native, page, name: str) -> float:
    """The native host's offer to `page`, its answer back: the friend in the lobby."""
    native.wait("app.scene_name == 'codes' and app.scene.my_code()", 60, "the native offer code")
    offer = native.value("app.scene.my_code()")
    page.wait("main.APP.scene_name == 'title'", 60, "the title")
    page.value("main._oc.press('friends')")
    page.wait("'join_codes' in main._oc.targets()", 30, "Join by codes")
    page.value(f"main._oc.type('name', {name!r})")
    page.value("main._oc.press('join_codes')")
    page.wait("main.APP.scene_name == 'codes'", 30, "the codes screen")
    page.value(f"main.APP.scene.take_code({offer!r})")
    page.wait("main.APP.scene.my_code()", 60, "the answer code")
    answer = page.value("main.APP.scene.my_code()")
    native.call(lambda: native.app.scene.take_code(answer))
    page.wait("main.APP.scene_name == 'lobby'", 60, "the lobby by codes")
    native.wait("app.scene_name == 'lobby'", 60, "the native lobby")
    return round(page.value("main.APP.online.link.connect_s"), 2)


def run_native(check) -> None:
    result = check.result
    result.update(native=True, rejoin_ok=None, messages_refused=None, planted=None)  # the run by link checks those
    folder = tempfile.mkdtemp(prefix="online-check-native-")
    native = NativeDevice(folder, check.args.lang)
    try:
        problem = native.value("__import__('game.online.links.native', fromlist=['x']).native_problem()")
        if problem:
            raise RuntimeError(f"the native window cannot play online here: {problem}")
        first = check.open(check.device("friend"), check.site.url, 2)
        second = check.open(check.device("third"), check.site.url, 3)
        native.wait("app.scene_name == 'title'", 30, "the native title")
        native.call(lambda: native.driver.press("friends"))
        native.wait("'host_codes' in oc.targets()", 30, "Invite by codes")
        native.call(lambda: native.driver.type("name", "Nina"))
        native.call(lambda: native.driver.press("host_codes"))
        result["connect_s"]["codes"] = join_by_codes(check, native, first, "Gus")
        native.call(lambda: native.driver.press("add_by_codes"))
        result["connect_s"]["codes_second"] = join_by_codes(check, native, second, "Gia")
        for _ in range(len(DEALINGS)):  # the cards dealt by the host: this run checks the commit-reveal shuffle
            if native.value(f"app.online.lobby.dealing == {HOST_DEALS!r}"):
                break
            native.call(lambda: native.driver.press("dealing"))
            time.sleep(0.3)
        result["dealing"] = native.value("app.online.lobby.dealing")
        result["seats"] = native.value("[s.kind for s in app.online.lobby.seats]")
        result["rules"] = native.value("app.online.lobby.rules.to_dict()")
        native.call(lambda: native.driver.press("start"))
        native.wait("hasattr(app.scene, 'table')", 90, "the native table")
        pilot_at_table((first, second), 90)
        native.call(lambda: setattr(native.driver, "pilot_on", True))
        deals = SHORTEST["deals"]
        native.wait("app.online.host.match.is_over()", 300 * deals, "the whole match")
        for page in (first, second):
            page.wait("main.APP.scene_name == 'game_over'", 120, "the game-over screen")
        native.wait("app.scene_name == 'game_over'", 60, "the native game-over screen")
        result["deals_finished"] = native.value("len(app.online.host.match.deals)")
        result["match_over"] = True
        result["audits_passed"] = all(
            page.value("bool(main.APP.online.guest.audit_result) and not main.APP.online.guest.problems")
            for page in (first, second))
        samples = every_click((first, second))
        for clicker in (first, second):
            clicks = clicker.value("main._oc.clicks")
            landed = native.value("oc.landed")
            samples += [min(t for c, t in landed if c == card and t >= at) - at
                        for card, at in clicks if any(c == card and t >= at for c, t in landed)]
        result["click_to_card_ms"] = median(samples)
        result["click_samples"] = len(samples)
    finally:
        native.close()
        shutil.rmtree(folder, ignore_errors=True)
