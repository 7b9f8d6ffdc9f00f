"""Runs inside each game page of `tools.online.check` (its source is evaluated in the page's
interpreter once the game has started): presses the game's own buttons with pygame events,
as a person's clicks would arrive, lets an autopilot play this page's seat, and notes the
moments the check measures.

Why a frame hook: the page runs the game's one async loop; the hook is called by it at the
start of every frame (`APP.step` wrapped), so the autopilot decides and the landings are
seen exactly when the game's own frame runs, with no second loop and no waiting.

Everything the check reads is under `main._oc` (`OnlineCheckDriver`):
- `press(name)`: click the top scene's target of that name (False when it is not there);
- `type(field, text)`: click a text field, empty it, type;
- `pilot_on`: the autopilot plays this page's seat (off: this person waits);
- `clicks`: (card, ms since the epoch) for each card this page's person clicked;
- `landed`: (card, ms since the epoch) each time a card landed on this page's trick;
- `fair`: a FairWatch once `watch_fair()` was called (`tools.online.check --fair`).
"""

import gc
import json
import sys
import time

import pygame

from game.engine import Phase
from game.online.fair.tracker import DEALING
from game.ui.autopilot import Autopilot, post_click

SLOW_FRAME_MS = 33.0  # a frame longer than two at 60 Hz is one a person may see stutter
SLOW_KEPT = 40  # the slow frames described one by one (the first ones of each deal)
LONG_STEPS_KEPT = 16  # the longest steps of the fair work kept
UNSLICED_MS = 150.0  # a deal's end waiting this long for a slice of the fair work is a wait the station chose
FAIR_WORK_MS = 1.0  # a frame whose fair work ran this long is one of fair work, called the group or not


def _now_ms() -> float:
    return time.time() * 1000.0  # Date.now() in the page: the same clock on every page of the machine


class _Pilot(Autopilot):
    def __init__(self, app, driver, seed):
        super().__init__(app, seed=seed)
        self.driver = driver

    def click(self, name) -> bool:
        done = super().click(name)
        if done and str(name).startswith("card:") and self.app.scene_name != "lobby":
            view = getattr(self.app.scene, "v", None)
            if view is not None and view.phase == Phase.PLAY:
                self.driver.clicks.append((str(name).split(":", 1)[1], _now_ms()))
        return done


def fair_side(app):
    """(the fair station, this seat's FairSeat) of a fairly dealt game on this device; Nones
    before the match begins or in a host-dealt game."""
    online = app.online
    side = online and (online.host or online.guest)
    station = getattr(side, "fair", None)
    if station is None:
        return None, None
    return station, station.seats.get(online.seat)


class FairWatch:
    """The moments of fair dealing on this page, each noted (ms since the epoch) at the end
    of the frame in which it happened: `started` (the room left its lobby: Start taken),
    and per deal n `out[n]` (this seat's tracker took deal n's last card), `audited[n]` (this
    device's verdict on deal n is in) and `hand[n]` (deal n's hand opened to this seat: the
    frame its screens take it).  And the game's frames (App.step: events, the online poll,
    drawing, then the fair slice) in which the fair work ran, that is, called the page's
    group (fair dealing's cryptography: PageGroup.calls went up) or worked FAIR_WORK_MS or
    more without it: how many, the longest, how many over SLOW_FRAME_MS, and where the
    longest was; and every frame since Start."""

    def __init__(self):
        self.started = None
        self.out: dict = {}
        self.revealed: dict = {}  # deal -> when this device had every seat's reveal of it (its audit could begin)
        self.ready_at_out: dict = {}  # deal -> how far this device had prepared the next deal when this one was played out
        self.audited: dict = {}
        self.hand: dict = {}
        # deal n -> its end from played out to deal n+1's hand: [frames, frames with a slice of
        # the fair work, the longest stretch of ms without one, the ms the stretches over
        # UNSLICED_MS took in all]: the frames a deal's end waits for the work to be let in
        self.ends: dict = {}
        self._unsliced_since = None
        self.frames = self.slow = self.frames_all = self.slow_all = 0
        self.longest_ms = self.longest_all_ms = 0.0
        self.longest_at = None  # [screen, the tracker's phase, deal] of the longest frame of fair work
        self.longest = self.longest_all = None  # the longest frame of fair work and of all, described
        self.slow_list: dict = {}  # deal -> its first SLOW_KEPT frames over SLOW_FRAME_MS, described
        self.screens: list = []  # the frames that changed the screen and the two after each, described
        self.long_steps: list = []  # the longest steps of the fair work: [ms, its JS calls' ms, where from, where to]
        self.collections: dict = {}  # generation -> [count, ms in all, the longest ms] of Python's collector since Start
        self.link_calls: dict = {}  # the links' calls into the page (send, news...) -> [count, ms in all, the longest ms]
        self._collecting = None
        self._parts = None
        gc.callbacks.append(self._collector)
        self._changed = 0

    @staticmethod
    def calls(app) -> int:
        """The Python-to-JS calls of this device's group so far: the page's one group, the
        lobby's warm-up calls included (a frame that makes the station is not one of fair
        work for the calls the lobby made before it)."""
        station, _ = fair_side(app)
        if station is not None:
            return getattr(station.group, "calls", 0)
        from game.online.fair.backend import default_group

        return getattr(default_group(), "calls", 0) if app.online is not None and app.online.lobby is not None \
            and app.online.lobby.dealing == "fair" else 0

    def before(self, app) -> dict:
        """What a frame's description starts from: the group's calls, the fair work's
        seconds, the modules loaded; the group's calls of the frame are timed one by one,
        and the frame's parts (`parts`: the input, the online poll, drawing, presenting, the
        save) each timed as a whole."""
        station, _ = fair_side(app)
        if station is not None and hasattr(station.group, "_call") and not hasattr(station.group, "_oc_timed"):
            self._time_calls(station.group)
        self._time_parts(app)
        if station is not None and not hasattr(station, "_oc_steps"):
            self._time_steps(station)
        self._time_links()
        self._js = []
        self._parts = {}
        return {"calls": self.calls(app), "busy": getattr(station, "busy_s", 0.0), "modules": len(sys.modules),
                "scene": app.scene_name}

    def _time_steps(self, station) -> None:
        """Each step of the fair work timed, with where its generator stopped before and
        after it: the longest ones (`long_steps`) say which step a slice could not cut."""
        run = station._keeper.run
        watch = self

        class Timed:
            def __init__(self, job):
                self.job, self.at = job, _where(job)

            def __iter__(self):
                return self

            def __next__(self):
                t0, calls = time.perf_counter(), len(getattr(watch, "_js", ()))
                try:
                    return next(self.job)
                finally:
                    ms = (time.perf_counter() - t0) * 1000.0
                    at, self.at = self.at, _where(self.job)
                    js = getattr(watch, "_js", [])[calls:]
                    watch.note_step(ms, at, self.at, round(sum(m for _, m in js), 1))

        station._keeper.run = lambda job, *args, **kwargs: run(Timed(job), *args, **kwargs)
        station._oc_steps = True

    def profile(self, app) -> None:
        """From now on the fair work runs under cProfile (`profiled()` reads it): slower, for
        finding what a long step does, never for the figures."""
        import cProfile

        station, _ = fair_side(app)
        if station is None or hasattr(station, "_oc_profile"):
            return
        station._oc_profile = profile = cProfile.Profile()
        work = station.work

        def profiled_work():
            profile.enable()
            try:
                work()
            finally:
                profile.disable()

        station.work = profiled_work

    @staticmethod
    def profiled(app, top: int = 30) -> str:
        import io
        import pstats

        station, _ = fair_side(app)
        profile = getattr(station, "_oc_profile", None)
        if profile is None:
            return ""
        out = io.StringIO()
        for order in ("tottime", "cumulative"):
            pstats.Stats(profile, stream=out).sort_stats(order).print_stats(top)
        return out.getvalue()

    def _collector(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._collecting = time.perf_counter()
        elif self._collecting is not None and self.started is not None:
            ms = (time.perf_counter() - self._collecting) * 1000.0
            seen = self.collections.setdefault(str(info.get("generation")), [0, 0.0, 0.0])
            seen[0] += 1
            seen[1] = round(seen[1] + ms, 1)
            seen[2] = round(max(seen[2], ms), 1)
            if self._parts is not None:
                self._parts["gc"] = round(self._parts.get("gc", 0.0) + ms, 1)

    def note_step(self, ms: float, before: str, after: str, js_ms: float) -> None:
        if len(self.long_steps) < LONG_STEPS_KEPT or ms > self.long_steps[-1][0]:
            self.long_steps.append([round(ms, 1), js_ms, before, after])
            self.long_steps.sort(key=lambda s: -s[0])
            del self.long_steps[LONG_STEPS_KEPT:]

    def _time_parts(self, app) -> None:
        import game.ui.app as app_module

        for label, owner, attr in (("input", app, "dispatch"), ("poll", app.online, "poll"), ("draw", app.painter, "draw"),
                                   ("present", app.display, "present"), ("save", app_module, "save_waiting")):
            if owner is None or getattr(getattr(owner, attr), "_oc_part", False):
                continue
            setattr(owner, attr, self._timed_part(label, getattr(owner, attr)))

    def _timed_part(self, label: str, part):
        def timed(*args, **kwargs):
            t0 = time.perf_counter()
            try:
                return part(*args, **kwargs)
            finally:
                parts = getattr(self, "_parts", None)
                if parts is not None:
                    parts[label] = round(parts.get(label, 0.0) + (time.perf_counter() - t0) * 1000.0, 1)

        timed._oc_part = True
        return timed

    def _time_links(self) -> None:
        """Each call of the links into the page timed by its name (a send to a guest was a
        step of 15-40 ms at 4x CPU slowdown): `link_calls`."""
        from game.online.links.page import PageBridge

        if hasattr(PageBridge, "_oc_timed"):
            return
        call, tally = PageBridge.call, self.link_calls

        def timed(bridge, name: str, *args) -> str:
            t0 = time.perf_counter()
            try:
                return call(bridge, name, *args)
            finally:
                ms = (time.perf_counter() - t0) * 1000.0
                seen = tally.setdefault(name, [0, 0.0, 0.0])
                seen[0] += 1
                seen[1] = round(seen[1] + ms, 1)
                seen[2] = round(max(seen[2], ms), 1)

        PageBridge.call, PageBridge._oc_timed = timed, True
        PageBridge().window.eval(_JS_TIMING)

    def _time_calls(self, group) -> None:
        call = group._call

        def timed(script: str) -> str:
            t0 = time.perf_counter()
            try:
                return call(script)
            finally:
                kind = script.split("(", 1)[0].rsplit(".", 1)[-1]
                self._js.append((kind, (time.perf_counter() - t0) * 1000.0))

        group._call, group._oc_timed = timed, True

    def describe(self, app, start: dict, frame_ms: float) -> dict:
        """One frame: its ms, the fair work's ms in it (Station.work), the page's group calls
        in it (ms, and how many of each: install, submit, step), modules imported, how it
        was drawn, and where (screen before and after, the tracker's phase and deal)."""
        station, seat = fair_side(app)
        js = getattr(self, "_js", [])
        kinds: dict = {}
        for kind, _ms in js:
            kinds[kind] = kinds.get(kind, 0) + 1
        return {"ms": round(frame_ms, 1), "fair_ms": round((getattr(station, "busy_s", 0.0) - start["busy"]) * 1000, 1),
                "js_ms": round(sum(ms for _, ms in js), 1), "js": kinds, "parts": dict(getattr(self, "_parts", {})),
                "imports": len(sys.modules) - start["modules"],
                "draw": app.painter.last_draw, "at": [start["scene"], app.scene_name, seat and seat.tracker.phase,
                                              seat and seat.tracker.deal_number],
                "t": round(_now_ms() - self.started) if self.started else None}

    def frame(self, app, start: dict, frame_ms: float) -> None:
        now = _now_ms()
        if self.started is None and app.online is not None and app.online.started():
            self.started = now
        if self.started is not None:
            self.frames_all += 1
            self.slow_all += frame_ms > SLOW_FRAME_MS
            if frame_ms > self.longest_all_ms:
                self.longest_all = self.describe(app, start, frame_ms)
            self.longest_all_ms = max(self.longest_all_ms, frame_ms)
            changed = start["scene"] != app.scene_name
            if (changed or self._changed) and len(self.screens) < SLOW_KEPT:  # a new screen and its next two frames
                self.screens.append(self.describe(app, start, frame_ms))
            self._changed = 2 if changed else max(0, self._changed - 1)
            if frame_ms > SLOW_FRAME_MS:
                about = self.describe(app, start, frame_ms)
                kept = self.slow_list.setdefault(str(about["at"][3]), [])
                if len(kept) < SLOW_KEPT:
                    kept.append(about)
        station, seat = fair_side(app)
        worked_ms = (getattr(station, "busy_s", 0.0) - start["busy"]) * 1000.0
        if station is not None and (self.calls(app) > start["calls"] or worked_ms >= FAIR_WORK_MS):
            self.frames += 1
            self.slow += frame_ms > SLOW_FRAME_MS
            if frame_ms > self.longest_ms:
                phase = seat.tracker.phase if seat is not None else None
                self.longest_ms, self.longest_at = frame_ms, [app.scene_name, phase, seat and seat.tracker.deal_number]
                self.longest = self.describe(app, start, frame_ms)
        if seat is None:
            return
        t = seat.tracker
        d = seat.device.d
        if len(d.reveals) == 3:
            self.revealed.setdefault(d.number, now)
        for n in range(len(seat.device.verdicts)):
            self.audited.setdefault(n, now)
        if t.phase != DEALING:
            self.hand.setdefault(t.deal_number, now)
        if t.phase == DEALING and t.deal_number - 1 in self.out:  # the end of the deal before
            self._note_end(str(t.deal_number - 1), now, worked_ms > 0)
        for n in range(t.deal_number + 1 if t.phase == Phase.GAME_OVER else t.deal_number):
            if n not in self.out:
                self.out[n] = now
                self.ready_at_out[n] = _ready(seat.device)

    def _note_end(self, deal: str, now: float, sliced: bool) -> None:
        """One frame of deal `deal`'s end (`ends`): a stretch without a slice runs from its
        first frame to the next frame with one."""
        end = self.ends.setdefault(deal, [0, 0, 0.0, 0.0])
        end[0] += 1
        end[1] += sliced
        since = self._unsliced_since
        if since is not None and since[0] != deal:
            since = None  # (a stretch of the deal before)
        if sliced:
            if since is not None:
                gap = now - since[1]
                end[2] = round(max(end[2], gap), 1)
                end[3] = round(end[3] + (gap if gap > UNSLICED_MS else 0.0), 1)
            self._unsliced_since = None
        elif since is None:
            self._unsliced_since = (deal, now)

    def marks(self, app) -> dict:
        """The moments and frames above, and `slice_ms`: the longest slice of fair work in one
        frame (Station.longest_ms), the frame's other work left out."""
        station, _ = fair_side(app)
        return {"slice_ms": round(station.longest_ms, 1) if station is not None else None, "started": self.started, "out": _listed(self.out), "ready_at_out": _listed(self.ready_at_out), "ends": self.ends, "revealed": _listed(self.revealed), "audited": _listed(self.audited),
                "hand": _listed(self.hand), "frames": self.frames, "slow": self.slow,
                "longest_ms": round(self.longest_ms, 1), "longest_at": self.longest_at, "frames_all": self.frames_all, "slow_all": self.slow_all,
                "longest_all_ms": round(self.longest_all_ms, 1), "longest": self.longest, "longest_all": self.longest_all,
                "slow_list": self.slow_list, "screens": self.screens, "long_steps": self.long_steps,
                "collections": self.collections, "link_calls": self.link_calls, "link_js": _js_timing()}

    @staticmethod
    def report(app) -> dict | None:
        """This seat's verdicts (None: the deal's audit passed; else [seat, trick, reason]),
        its totals, whether every deal is checked, and what its device refused or doubted."""
        _, seat = fair_side(app)
        if seat is None:
            return None
        side = app.online.host or app.online.guest
        problems = [str(p) for p in getattr(side, "problems", ())]
        problems += [f"refused {code}: {n}" for code, n in getattr(side, "refused", {}).items()]
        return {"seat": seat.seat, "verdicts": [None if v is None else [v.seat, v.trick, v.reason]
                                                for v in seat.device.verdicts],
                "breaches": [[n, v.seat, v.trick] for n, v in seat.breaches], "totals": list(seat.tracker.totals),
                "match_checked": seat.match_checked(), "problems": problems}


# The shim's own time in each of its calls (the rest of `link_calls` is the bridge's way there)
_JS_TIMING = """(() => {
    const shim = window.g358p2p;
    if (!shim || window.__oc_link_js) return;
    const tally = window.__oc_link_js = {};
    for (const name of ["send", "poll", "pollRoom"]) {
        const call = shim[name];
        shim[name] = function (...args) {
            const t0 = performance.now();
            try { return call.apply(this, args); } finally {
                const ms = performance.now() - t0, seen = tally[name] || (tally[name] = [0, 0, 0]);
                seen[0] += 1; seen[1] += ms; seen[2] = Math.max(seen[2], ms);
            }
        };
    }
})()"""


def _js_timing() -> dict:
    from game.online.links.page import PageBridge

    text = PageBridge().window.eval("JSON.stringify(window.__oc_link_js || {})")
    return {name: [n, round(ms, 1), round(most, 1)] for name, (n, ms, most) in json.loads(str(text)).items()}


def _ready(device) -> dict:
    """How far a device had made the next deal ready: its own secrets, and the decks shuffled
    ahead (all of them: the dealing waits only for the audit and the keys)."""
    ahead = device.ahead
    return {"secrets": device.next_secrets is not None, "decks": len(ahead.decks) if ahead is not None else 0}


def _where(job) -> str:
    """file:line where a generator (through the ones it delegates to) is stopped, after the
    place in the caller that asked the page's group (a step between two of the group's calls
    is the caller's Python: the group's own line alone would not say whose)."""
    places = []
    while job is not None and getattr(job, "gi_frame", None) is not None:
        frame = job.gi_frame
        places.append(f"{frame.f_code.co_filename.rsplit('/game/', 1)[-1]}:{frame.f_lineno}")
        job = getattr(job, "gi_yieldfrom", None)
    if not places:
        return "-"
    callers = [p for p in places[:-1] if "page_group.py" not in p and "ops.py" not in p]
    if "page_group.py" in places[-1] and callers:
        return f"{callers[-1]}>{places[-1].rsplit('/', 1)[-1]}"
    return places[-1]


def _listed(marks: dict) -> list:
    return [marks.get(n) for n in range(max(marks) + 1)] if marks else []


class OnlineCheckDriver:
    def __init__(self, app, seed: int = 0):
        self.app = app
        self.pilot = _Pilot(app, self, seed)
        self.pilot_on = False
        self.clicks: list[tuple[str, float]] = []
        self.landed: list[tuple[str, float]] = []
        self._on_board: set = set()
        self.fair: FairWatch | None = None
        self.frames = 0
        self._step = app.step
        app.step = self.step  # App.run calls self.step(): this frame hook runs first

    def step(self, *args, **kwargs):
        self.frames += 1
        if self.pilot_on and self.app.online is not None:
            try:
                self.pilot.decide()
            except Exception as exc:  # the pilot is the check's, never the game's problem
                print(f"[online_check] pilot: {type(exc).__name__}: {exc}")
        start = None
        if self.fair is not None:
            try:
                start = self.fair.before(self.app)
            except Exception as exc:  # the watch is the check's, never the game's problem
                print(f"[online_check] fair watch: {type(exc).__name__}: {exc}")
        t0 = time.perf_counter()
        running = self._step(*args, **kwargs)
        if start is not None:
            try:
                self.fair.frame(self.app, start, (time.perf_counter() - t0) * 1000.0)
            except Exception as exc:  # the watch is the check's, never the game's problem
                print(f"[online_check] fair watch: {type(exc).__name__}: {exc}")
        board = getattr(getattr(self.app.scene, "table", None), "board", None)
        on_board = set(getattr(board, "trick", ()) or ())
        for _seat, card in on_board - self._on_board:
            self.landed.append((str(card), _now_ms()))
        self._on_board = on_board
        return running

    def frame(self, dt: float) -> bool:
        """One frame of a native App (the page's own loop calls `step` itself)."""
        return self.step(dt=dt)

    def watch_fair(self) -> bool:
        if self.fair is None:
            self.fair = FairWatch()
        return True

    def targets(self) -> list[str]:
        return [n for n, _ in self.app.scene.targets()] if self.app.scene is not None else []

    def press(self, name: str, back: bool = False) -> bool:
        """`back`: at the target's left edge (a choice's previous value)."""
        for n, r in self.app.scene.targets():
            if n == name:
                post_click(self.app, (r.left + 4, r.centery) if back else r.center)
                return True
        return False

    def type(self, field: str, text: str) -> bool:
        if not self.press(field):
            return False
        for _ in range(30):
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(pygame.event.Event(kind, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        return True


def _install(seed: int = 0) -> str:
    import main

    if getattr(main, "_oc", None) is None:
        main._oc = OnlineCheckDriver(main.APP, seed)
    return "ready"


try:
    import main

    main._oc_install = _install
except ImportError:  # natively (tools/online/check_native.py) there is no page's main to hook
    pass
