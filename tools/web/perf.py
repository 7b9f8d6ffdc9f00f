"""Frame benchmark in a real browser: a seeded game played through the UI in headless
Chromium (WebAssembly), with the frame, long-task and think() figures it produced.

    python -m tools.web.perf --wheel WHEEL [--cpu-slowdown 4] [--deals 2] [--web build/web]
                             [--size 390x844 --mobile --scale 3]
                             [--seed 7] [--strength normal] [--out /tmp/358-perf] [--json]
    python -m tools.web.perf --summarize FILE        # figures of a saved recording
    python -m tools.web.perf --wheel WHEEL --profile ...  # and where the drawing's time goes

`--size WxH` is the page's size in CSS px (default 1280x720, a desktop window); `--mobile`
emulates a phone (touch, a mobile viewport) and `--scale` its device pixel ratio: a phone
held upright is `--size 390x844 --mobile --scale 3`, turned `--size 844x390 ...`.

It builds the web version into a temporary folder (or uses --web), then runs the shared
webcheck harness (../shared/webcheck/run.py, paced like pygbag: `await asyncio.sleep(0)`
resumes at the next animation frame) with a steps script that, inside the game's
interpreter: switches on the frame recorder (game/perf.py), registers a PerformanceObserver
for Chromium's 'longtask' entries (main-thread tasks over 50 ms, as the page sees them),
starts a game (standard rules, Normal speed, the chosen opponents, --seed) and plays the
human seat with game.ui.autopilot, one decision per animation frame, until the score sheet
of deal --deals has shown for a moment.  The recording goes to OUT/perf.json.

Printed: page open -> title (and the game's own part, from the archive unpacked to the
title's first frame), the start of the game (frames from Start to the table's first frame
on screen, which scene that frame showed and how many frames of the deal were drawn: the
cards seen flying), drawn frames (App.step() of frames that drew: median / p95 / p99 /
max, share over 16.7 and 33 ms), all frames and the frame interval (start to start, which
includes the browser's own work), browser tasks over 50 ms during play and from the title's
first frame on (the warm-up on the title included), and the computer
players' think() slices (median / p95 / max, and how many ran past 1x and 2x their budget).
The render size (setting "picture", game/ui/window/picture.py): the window has the page's shape
at a pixel budget (Sharp: 1280x720's pixels, Smooth: 960x540's); with Auto the App times
five presents of its empty window at the Sharp budget before the title's first frame and,
if two are slow, draws at the Smooth budget from that first frame on.  The steps script
loads its driver (compiling it and importing the autopilot, one task of ~150 ms at 4x) as
soon as the App exists, so that the tasks counted from the title's first frame on are the
game's own, and starts the game once the title has drawn more than two frames, as it always
has, so the runs stay comparable with older ones (the game's own start includes the probe).
The report's first line says which size was drawn and what the presents measured.
`--profile` runs the drawing (the painter's draw: the frame's key and the drawing itself)
under cProfile and prints its functions by their own time and by their whole time, and how
much of it was in built-ins (pygame's blits, fills and the like): slower, so its frames are
never the figures.  `--profile-scene SCENE` profiles each drawing while that scene shows on
its own and prints the slowest three (a phase's first frames: what their time went to).
`--summarize` prints the same from OUT/perf.json, or from a native recording
(`G358_PERF=/tmp/frames.json python main.py`).  The wheel is pygame-ce for WebAssembly
(cp314) from the public pygame-web/cdn repository; never commit it.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from tools.web.wasm import webcheck_run_py

ROOT = Path(__file__).resolve().parents[2]
DUMP_EXPR = "main._g358_perf_dump()"

# Runs in the game's interpreter (a webcheck "py" step) as soon as the App exists.  Its
# own time (compiling this, importing the autopilot) is kept: the browser task it runs in
# is the harness's, not the game's (summarize() leaves it out of the game's tasks).
DRIVER = r'''
import asyncio, json
import js
import main
from game import perf
_g358_loading = perf.clock() * 1000.0
from game.ui.autopilot import Autopilot


def _g358_perf_start(seed, deals, strength, hold_s, a11y=False, profile=False, profile_scene=None, read_s=0.0, pictures=False):
    app = main.APP
    if pictures:  # where each picture a drawn frame makes is made (the frames that drew, apart)
        import sys as _sys
        main._g358_pictures = made = {"drawn": set(), "made": []}
        made_one, painter_draw = perf.picture_made, app.painter.draw

        def picture_made():
            caller, where = _sys._getframe(2), []  # (picture_made <- gfx's making() <- the maker)
            while caller is not None and len(where) < PICTURE_CALLERS:
                where.append(f"{caller.f_code.co_filename.rsplit('/', 1)[-1]}:{caller.f_code.co_name}")
                caller = caller.f_back
            made["made"].append((app.frames, app.scene_name, " <- ".join(where)))
            made_one()

        def watched_draw(*args, **kwargs):
            drew = painter_draw(*args, **kwargs)
            if drew:
                made["drawn"].add(app.frames)
            return drew

        perf.picture_made, app.painter.draw = picture_made, watched_draw
    if profile_scene:  # each drawing of one scene under its own profiler; the slowest kept
        import cProfile
        main._g358_scene_profiles = kept = []
        draw_scene = app.painter.draw

        def scene_draw(*args, **kwargs):
            if app.scene_name != profile_scene:
                return draw_scene(*args, **kwargs)
            one, began = cProfile.Profile(), perf.clock()
            one.enable()
            try:
                return draw_scene(*args, **kwargs)
            finally:
                one.disable()
                kept.append(((perf.clock() - began) * 1000.0, app.frames, one))
                kept.sort(key=lambda k: -k[0])
                del kept[SLOWEST:]

        app.painter.draw = scene_draw
    if profile:  # the drawing under cProfile (slower: for where its time goes, never for the figures)
        import cProfile
        main._g358_profile = prof = cProfile.Profile()
        draw = app.painter.draw

        def profiled_draw(*args, **kwargs):
            prof.enable()
            try:
                return draw(*args, **kwargs)
            finally:
                prof.disable()

        app.painter.draw = profiled_draw
    if a11y:  # screen-reader mode for this session: the Access layer publishes to the mirror
        app.params["a11y"] = True
    js.eval("""window.__g358_lt = []; window.__g358_lt_ok = 'yes';
      try { new PerformanceObserver((list) => { for (const e of list.getEntries())
              window.__g358_lt.push([e.startTime, e.duration]); })
            .observe({type: 'longtask', buffered: true}); }
      catch (err) { window.__g358_lt_ok = String(err); }""")
    rec = perf.enable()
    start_js = float(js.performance.now())
    offset = start_js - perf.clock() * 1000.0  # performance.now() = clock ms + offset
    app.params.update(seed=seed, strength=strength)
    app.settings.update(speed="normal", preset="standard", options={})  # this session only
    pilot = Autopilot(app, seed=seed)
    state = main._g358_state = {"scores": 0, "deals": deals, "frames": 0}

    async def drive():
        last, held_from, shown_at = None, None, None
        while True:
            name = app.scene_name
            if name == "new_game" and read_s:  # a player reading the new-game screen before Start
                shown_at = shown_at or perf.clock()
                if perf.clock() - shown_at < read_s:
                    state["frames"] += 1
                    await asyncio.sleep(0)
                    continue
            if name == "score" and last != "score":
                state["scores"] += 1
            last = name
            if state["scores"] >= deals:
                now = perf.clock()
                held_from = held_from or now
                if now - held_from >= hold_s:  # the score sheet's first frames are in
                    break
            else:
                clicks = pilot.clicks
                pilot.decide()
                if "pressed_ms" not in state and name == "new_game" and pilot.clicks > clicks:
                    state["pressed_ms"] = perf.clock() * 1000.0  # Start pressed (its click is read next frame)
                    dealt = getattr(app.warmup, "dealt", None)  # what the warm-up had not made yet
                    state["warmup_left"] = [len(app.warmup.steps), len(dealt[1]) if dealt else 0]
            state["frames"] += 1
            await asyncio.sleep(0)
        end_js = float(js.performance.now())
        await asyncio.sleep(0)  # the snapshot in a task of its own, after the recording's end
        main._g358_perf = perf.snapshot()
        main._g358_perf["recording_js_ms"] = [start_js, end_js]
        perf.disable()
        main._g358_done = True

    main._g358_done = False
    main._g358_task = asyncio.ensure_future(drive())
    nav = js.JSON.parse(js.JSON.stringify(js.performance.getEntriesByType("navigation")))
    pic = getattr(app, "picture", None)  # the render size (None: a build without it)
    main._g358_boot = {"offset_ms": offset, "first_frame": perf.first_frame(), "driver_ms": main._g358_driver_ms,
                       "start_marks": perf.start_marks() if hasattr(perf, "start_marks") else [],
                       "window": list(app.window.get_size()), "frames_at_start": app.frames,
                       "css": list(app.display.css_size or ()), "dpr": app.display.device_ratio,
                       "picture": None if pic is None else {"setting": pic.setting(), "auto": pic.auto,
                                                            "present_ms": [round(x, 3) for x in pic.samples]},
                       "timings": json.loads(js.JSON.stringify(js.window.timings)),
                       "page_start_ms": float(nav[0].domContentLoadedEventStart) if len(nav) else None}
    return "recording"


def _g358_perf_dump():
    data = dict(main._g358_perf)
    data["boot"] = main._g358_boot
    data["long_tasks"] = json.loads(js.JSON.stringify(js.window.__g358_lt))
    data["long_task_observer"] = str(js.window.__g358_lt_ok)
    data["state"] = main._g358_state
    data["window_end"] = list(main.APP.window.get_size())
    data["picture_end"] = main.APP.picture.auto
    rects = main.APP.display.rects_presenter  # None: pygame's update presents the changed rects
    data["rects_presented"] = None if rects is None else {"by_page": rects.presented, "by_pygame": rects.declined}
    prof = getattr(main, "_g358_profile", None)
    if prof is not None:
        import io, pstats
        stats, text = pstats.Stats(prof), io.StringIO()
        compiled = sum(v[2] for k, v in stats.stats.items() if k[0] == "~")  # built-ins: pygame's C, dicts...
        text.write(f"drawing profiled: {stats.total_tt * 1000:.0f} ms in all, {compiled * 1000:.0f} ms of it in built-ins\n")
        stats.stream = text
        stats.sort_stats("tottime").print_stats(30)
        stats.sort_stats("cumulative").print_stats(30)
        data["profile"] = text.getvalue()
    pictures = getattr(main, "_g358_pictures", None)
    if pictures is not None:
        tally = {}
        for frame, scene, where in pictures["made"]:
            if frame in pictures["drawn"]:
                tally[(scene, where)] = tally.get((scene, where), 0) + 1
        lines = [f"{n:5d}  {scene:9s} {where}" for (scene, where), n in sorted(tally.items(), key=lambda kv: -kv[1])]
        data["pictures"] = "pictures made in drawn frames, by scene and maker:\n" + "\n".join(lines[:40])
    kept = getattr(main, "_g358_scene_profiles", None)
    if kept:
        import io, pstats
        text = io.StringIO()
        for ms, frame, one in kept:
            text.write(f"a drawing of {ms:.1f} ms (frame {frame}, profiled):\n")
            stats = pstats.Stats(one, stream=text)
            stats.sort_stats("cumulative").print_stats(25)
        data["scene_profiles"] = text.getvalue()
    return json.dumps(data, separators=(",", ":"))


SLOWEST = 3  # --profile-scene: the slowest drawings of the scene kept
PICTURE_CALLERS = 4  # --pictures: the functions named for where a picture is made
main._g358_perf_start, main._g358_perf_dump = _g358_perf_start, _g358_perf_dump
main._g358_driver_ms = [_g358_loading, perf.clock() * 1000.0]  # on the game's clock
'''


def steps(seed: int = 7, deals: int = 2, strength: str = "normal", hold_s: float = 1.5,
          timeout_s: float = 2400, mirror: str | None = None, profile: bool = False,
          profile_scene: str | None = None, read_s: float = 0.0, pictures: bool = False) -> list[dict]:
    """The webcheck steps script: wait for the title, record a game, print the recording.
    `mirror`: the page's screen-reader mirror (access.js), put into the harness's page and
    switched on for the game recorded (the harness's page does not load it by itself).
    `profile`: the drawing runs under cProfile, its figures in the recording's "profile".
    `profile_scene`: each drawing while that scene shows runs under a profiler of its own;
    the slowest three are in the recording's "scene_profiles".  `pictures`: where each
    picture made in a drawn frame was made, tallied in the recording's "pictures"."""
    load_mirror = [] if mirror is None else [{"py": f"import js\njs.eval({json.dumps(mirror)})\n'mirror ready'"}]
    return [
        {"until": "getattr(main, 'APP', None) is not None", "timeout": 300},
        {"py": DRIVER + "\n'driver ready'"},  # the harness's own compiling, before the title's first frame if it can
        *load_mirror,
        {"until": "main.APP.frames > 2", "timeout": 300},
        {"py": f"main._g358_perf_start({seed}, {deals}, {strength!r}, {hold_s}, {mirror is not None}, {profile},"
               f" {profile_scene!r}, {read_s:g}, {pictures})"},
        {"until": "getattr(main, '_g358_done', False)", "timeout": timeout_s},
        {"py": DUMP_EXPR},
    ]


def parse_dump(stdout: str) -> dict:
    """The recording from webcheck's output: the line after `py> main._g358_perf_dump()`."""
    lines = stdout.splitlines()
    for i, line in enumerate(lines):
        if line.strip() == f"py> {DUMP_EXPR}" and i + 1 < len(lines):
            text = lines[i + 1]
            if text.startswith("ERROR"):
                raise ValueError(f"the recording could not be read: {text[:300]}")
            return json.loads(text)
    raise ValueError("no recording in the harness output (did the game reach the score sheet?)")


# --- figures --------------------------------------------------------------------------
SLOW_MS = 16.7  # a frame over one at 60 Hz is a slow one: where did it go?
OVER_MS = (SLOW_MS, 33)  # the shares of frames over one and over two frames at 60 Hz


def percentile(values, p: float) -> float | None:
    """Nearest-rank percentile (p in 0..100) of the values; None when there are none."""
    xs = sorted(values)
    if not xs:
        return None
    rank = max(1, math.ceil(p / 100.0 * len(xs)))
    return xs[min(rank, len(xs)) - 1]


def spread(values, over=()) -> dict:
    """n, median, p95, p99, max and, for each limit in `over`, the share above it."""
    xs = list(values)
    out = {"n": len(xs), "median": percentile(xs, 50), "p95": percentile(xs, 95),
           "p99": percentile(xs, 99), "max": max(xs) if xs else None}
    for limit in over:
        out[f"over_{limit:g}"] = (sum(1 for x in xs if x > limit) / len(xs)) if xs else None
    return out


# The start's milestones (game.perf.start_mark) in the words the report uses for the part
# that ends at each: the part from the milestone before to it.
START_PART_WORDS = {"pygame": "import pygame", "modules": "the game's modules", "app": "the App",
                    "title": "the title's first frame"}


def start_parts(marks: list[dict], first: dict) -> dict[str, float]:
    """The start from its first milestone (main.py's first line) to the title's first
    frame, cut at the others: each part's ms, named by the milestone it ends at. All on
    the game's own clock (the page's is offset from it by an estimate, a few tens of ms
    off: enough for the whole start, too coarse for the step into main.py)."""
    parts = {}
    for before, mark in zip(marks, [*marks[1:], {"name": "title", "clock_ms": first["clock_ms"]}]):
        parts[mark["name"]] = mark["clock_ms"] - before["clock_ms"]
    return parts


WARM_STEPS_SHOWN = 8  # the warm-up's longest steps printed


def _scene_of(frames: list, col: dict, frame: int, total: int | None) -> str | None:
    """The scene of the recording's frame number `frame` (counted from the recording's start),
    if the ring still holds it."""
    first = (total or len(frames)) - len(frames)  # the number of the oldest frame kept
    k = frame - first
    return frames[k][col["scene"]] if 0 <= k < len(frames) else None


def summarize(data: dict) -> dict:
    """Figures of a recording (game/perf.py snapshot, plus the browser's part if present)."""
    fields = data.get("frame_fields") or ["start_ms", "ms", "drawn", "think_ms", "scene"]
    col = {name: i for i, name in enumerate(fields)}
    frames = data.get("frames") or []
    if not isinstance(frames, list):
        raise ValueError("frames must be a list")
    drawn = [f[col["ms"]] for f in frames if f[col["drawn"]]]
    starts = [f[col["start_ms"]] for f in frames]
    gaps = [b - a for a, b in zip(starts, starts[1:])]
    by_scene: dict[str, list[float]] = {}
    for f in frames:
        if f[col["drawn"]]:
            by_scene.setdefault(f[col["scene"]], []).append(f[col["ms"]])
    slices = data.get("slices") or []
    slice_ms = [s[0] for s in slices]
    out = {
        "frames": len(frames),
        "drawn": spread(drawn, over=OVER_MS),
        "all_frames": spread([f[col["ms"]] for f in frames], over=OVER_MS),
        "interval": spread(gaps, over=OVER_MS),
        "by_scene": {name: spread(v) for name, v in sorted(by_scene.items())},
        "think": spread(slice_ms),
        "think_over_budget": sum(1 for ms, budget in slices if ms > budget),
        "think_over_2x_budget": sum(1 for ms, budget in slices if ms > 2 * budget),
        "think_budget_ms": sorted({s[1] for s in slices}),
        "warm_steps": [{"ms": ms, "step": step, "scene": _scene_of(frames, col, frame, data.get("frames_total"))}
                       for ms, step, frame in (data.get("warm_steps") or [])[:WARM_STEPS_SHOWN]],
    }
    parts = frame_parts(data, frames, col)
    if parts:
        out["parts"] = parts
    boot = data.get("boot") or {}
    first = boot.get("first_frame") or data.get("first_frame")
    if first and boot.get("offset_ms") is not None:
        title = first["clock_ms"] + boot["offset_ms"]
        out["title_ms"] = title
        out["title_scene"] = first.get("scene")
        unpacked = (boot.get("timings") or {}).get("app_unpacked_ms")
        page_start = boot.get("page_start_ms")
        if unpacked is not None and page_start is not None:
            out["game_start_ms"] = title - (page_start + unpacked)
            marks = boot.get("start_marks") or []
            if marks:
                out["start_parts"] = start_parts(marks, first)
    if boot.get("window"):
        out["window"] = data.get("window_end") or boot["window"]
        out["picture"] = dict(boot.get("picture") or {}, auto=data.get("picture_end") or (boot.get("picture") or {}).get("auto"))
        out["page"] = {"css": boot.get("css"), "dpr": boot.get("dpr")}
        out["rects_presented"] = data.get("rects_presented")
    window = data.get("recording_js_ms")
    if "long_tasks" in data and window:
        during = [d for t, d in data["long_tasks"] if window[0] <= t <= window[1]]
        out["long_tasks"] = {"n": len(during), "over_100": sum(1 for d in during if d > 100),
                             "max": max(during) if during else None, "observer": data.get("long_task_observer"),
                             "before_recording": len(data["long_tasks"]) - len(during)}
        if "title_ms" in out:  # from the title on: the task that made the title's first frame is the start's
            loaded = boot.get("driver_ms")  # the harness loading its driver: its task is not the game's
            harness = [] if not loaded else [loaded[0] + boot["offset_ms"], loaded[1] + boot["offset_ms"]]

            def the_harness(t, d):
                return bool(harness) and t <= harness[1] and harness[0] <= t + d

            tasks = [(t, d) for t, d in data["long_tasks"] if out["title_ms"] <= t <= window[1] and not the_harness(t, d)]
            since = [d for _t, d in tasks]
            out["long_tasks"]["from_title"] = {"n": len(since), "over_100": sum(1 for d in since if d > 100),
                                               "max": max(since) if since else None,
                                               "harness": sum(1 for t, d in data["long_tasks"] if the_harness(t, d)),
                                               "where": task_frames([(t, d) for t, d in tasks if d > 100], frames, col,
                                                                    boot["offset_ms"], data.get("parts"))}
    state = data.get("state") or {}
    start = game_start(frames, col, state.get("pressed_ms"))
    if start:
        if state.get("warmup_left"):
            start["warmup_left"] = state["warmup_left"]
        out["start"] = start
    return out


TABLE_SCENES = ("deal", "declare", "exchange", "kitty", "play")


def task_frames(tasks, frames, col, offset_ms: float, names) -> list[dict]:
    """For each browser task (page ms, duration): the longest frame that began in it, its
    scene, its longest part, whether it drew and how many pictures it made (None: no frame
    of the game began in it)."""
    out = []
    for t, d in tasks:
        inside = [f for f in frames if t - 5 <= f[col["start_ms"]] + offset_ms <= t + d]
        if not inside:
            out.append({"ms": round(d), "scene": None})
            continue
        f = max(inside, key=lambda f: f[col["ms"]])
        row = {"ms": round(d), "scene": f[col["scene"]], "drawn": bool(f[col["drawn"]])}
        if names and "parts_ms" in col and len(f) > col["parts_ms"]:
            parts = f[col["parts_ms"]]
            row["part"] = names[max(range(len(parts)), key=parts.__getitem__)]
        if "pictures" in col and len(f) > col["pictures"]:
            row["pictures"] = f[col["pictures"]]
        out.append(row)
    return out


def frame_parts(data: dict, frames, col) -> dict | None:
    """Where drawn frames go, part by part (game/perf/recorder.py PARTS): each part's median and p95 over
    the drawn frames, and its mean over the slow ones (over SLOW_MS), by scene too."""
    names = data.get("parts")
    if not names or "parts_ms" not in col:
        return None
    drawn = [f for f in frames if f[col["drawn"]] and len(f) > col["parts_ms"]]
    slow = [f for f in drawn if f[col["ms"]] > SLOW_MS]

    def means(rows) -> dict:
        return {name: round(statistics.fmean(f[col["parts_ms"]][k] for f in rows), 2) for k, name in enumerate(names)}

    by_scene: dict[str, list] = {}
    for f in slow:
        by_scene.setdefault(f[col["scene"]], []).append(f)
    return {
        "drawn": {name: spread([f[col["parts_ms"]][k] for f in drawn]) for k, name in enumerate(names)},
        "slow_n": len(slow),
        "slow_mean": means(slow) if slow else None,
        "slow_by_scene": {scene: dict(n=len(rows), **means(rows)) for scene, rows in sorted(by_scene.items())},
    }


def game_start(frames, col, pressed_ms: float | None = None) -> dict | None:
    """The game's first moments: from the first frame at the table to the first frame the
    table was on screen; which phase that frame showed, and how many frames of the deal
    were drawn (0: the cards were never seen flying).  `pressed_ms` (on the frames' clock):
    when Start was pressed; a game pressed for before its modules were all loaded waits on
    the new-game screen first, and that wait is the player's too."""
    first = next((i for i, f in enumerate(frames) if f[col["scene"]] in TABLE_SCENES), None)
    if first is None:
        return None
    shown = next((i for i in range(first + 1, len(frames)) if frames[i][col["drawn"]]), None)
    if shown is None:
        return {"waited_frames": len(frames) - first - 1, "first_scene": None, "deal_frames": 0}
    waited = [f[col["ms"]] for f in frames[first + 1:shown]]
    deal = 0
    for f in frames[shown:]:
        if f[col["scene"]] != "deal":
            break
        deal += 1 if f[col["drawn"]] else 0
    pressed = {} if pressed_ms is None else {"from_press_ms": frames[shown][col["start_ms"]] - pressed_ms,
                                             "loading_ms": max(0.0, frames[first][col["start_ms"]] - pressed_ms)}
    return {**pressed, "waited_frames": len(waited), "waited_ms": frames[shown][col["start_ms"]] - frames[first][col["start_ms"]],
            "waited_max_ms": max(waited) if waited else None, "first_scene": frames[shown][col["scene"]],
            "deal_frames": deal}


def _ms(x) -> str:
    return "-" if x is None else f"{x:.1f}"


def _pct(x) -> str:
    return "-" if x is None else f"{100 * x:.2f}%"


def report(s: dict) -> str:
    """The figures as text, one topic per line."""
    lines = []
    if s.get("window"):
        pic = s.get("picture") or {}
        probe = ", ".join(f"{x:.1f}" for x in pic.get("present_ms") or []) or "-"
        pg = s.get("page") or {}
        css = "x".join(f"{v:g}" for v in pg.get("css") or ()) or "-"
        lines.append(f"render size {s['window'][0]}x{s['window'][1]} for a page of {css} CSS px at DPR {pg.get('dpr') or '-'}"
                     f" (picture {pic.get('setting', '-')}, Auto chose {pic.get('auto') or '-'}; presents timed: {probe} ms)")
        rects = s.get("rects_presented")
        lines.append("changed rects presented: " + ("all by pygame's update (no rect presenter)" if not rects else
                     f"{rects['by_page']} by the page's canvas, {rects['by_pygame']} by pygame's update"))
    if "title_ms" in s:
        game = f" (the game's own part after unpacking: {s['game_start_ms'] / 1000:.2f} s)" if "game_start_ms" in s else ""
        lines.append(f"page open -> title: {s['title_ms'] / 1000:.2f} s{game}")
        if s.get("start_parts"):
            lines.append("  from main.py's first line, by milestone: " + ", ".join(
                f"{START_PART_WORDS.get(name, name)} {ms:.0f} ms" for name, ms in s["start_parts"].items()))
    st = s.get("start")
    if st:
        lines.append(f"the game's start: {st['waited_frames']} frames ({_ms(st.get('waited_ms'))} ms, longest"
                     f" {_ms(st.get('waited_max_ms'))} ms) from Start to the table on screen; its first frame showed"
                     f" {st['first_scene'] or '-'}, the deal drawn in {st['deal_frames']} frames")
        if "from_press_ms" in st:
            left = st.get("warmup_left")
            lines.append(f"Start pressed -> the table on screen: {_ms(st['from_press_ms'])} ms ({_ms(st['loading_ms'])} ms of it"
                         " on the new-game screen, the game waiting for its modules)"
                         + ("" if not left else f"; the warm-up had {left[0]} steps and {left[1]} of the first deal's cards left"))
    for key, label in (("drawn", "drawn frames"), ("all_frames", "all frames"), ("interval", "frame interval")):
        d = s[key]
        lines.append(f"{label} (n={d['n']}): median {_ms(d['median'])} / p95 {_ms(d['p95'])} / p99 {_ms(d['p99'])}"
                     f" / max {_ms(d['max'])} ms; " + ", ".join(f"over {ms:g} ms {_pct(d[f'over_{ms:g}'])}" for ms in OVER_MS))
    for name, d in s["by_scene"].items():
        lines.append(f"  drawn in {name} (n={d['n']}): median {_ms(d['median'])} / p95 {_ms(d['p95'])}"
                     f" / max {_ms(d['max'])} ms")
    parts = s.get("parts")
    if parts:
        lines.append("parts of drawn frames, median / p95 ms: " + ", ".join(
            f"{name} {_ms(d['median'])} / {_ms(d['p95'])}" for name, d in parts["drawn"].items()))
        if parts["slow_mean"]:
            lines.append(f"drawn frames over {SLOW_MS} ms (n={parts['slow_n']}), mean ms of each part: " + ", ".join(
                f"{name} {ms:.1f}" for name, ms in parts["slow_mean"].items()))
            for scene, d in parts["slow_by_scene"].items():
                lines.append(f"  over {SLOW_MS} ms in {scene} (n={d['n']}): " + ", ".join(
                    f"{name} {d[name]:.1f}" for name in parts["drawn"]))
    lt = s.get("long_tasks")
    if lt:
        lines.append(f"browser tasks over 50 ms during play: {lt['n']} (over 100 ms: {lt['over_100']},"
                     f" max {_ms(lt['max'])} ms; PerformanceObserver 'longtask': {lt['observer']})")
        ft = lt.get("from_title")
        if ft is not None:
            harness = f"; the harness loading its driver: {ft['harness']} more" if ft.get("harness") else ""
            lines.append(f"browser tasks over 50 ms from the title's first frame on: {ft['n']} (over 100 ms:"
                         f" {ft['over_100']}, max {_ms(ft['max'])} ms{harness})")
            if ft.get("where"):
                lines.append("  over 100 ms: " + ", ".join(_task_words(w) for w in ft["where"]))
    if s.get("warm_steps"):
        lines.append("the warm-up's longest steps (from the title on): " + ", ".join(
            f"{w['step']} {w['ms']:.0f} ms" + (f" ({w['scene']})" if w.get("scene") else "") for w in s["warm_steps"]))
    t = s["think"]
    budgets = ", ".join(f"{b:g}" for b in s["think_budget_ms"]) or "-"
    lines.append(f"think() slices (budget {budgets} ms, n={t['n']}): median {_ms(t['median'])} / p95 {_ms(t['p95'])}"
                 f" / p99 {_ms(t['p99'])} / max {_ms(t['max'])} ms; over budget {s['think_over_budget']},"
                 f" over 2x budget {s['think_over_2x_budget']}")
    return "\n".join(lines)


# --- running it -----------------------------------------------------------------------
def build_web(dest: Path) -> Path:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from tools.web.build import build

    # with the harness's 3.14 bytecode too, so the harness starts the game as the page does
    return build(dest / "web", dest / "stage", bytecode=("3.12", "3.14"))


HARNESS_PYC = ".cpython-314.pyc"  # the harness runs Pyodide's CPython 3.14


def harness_bytecode(web: Path) -> bool:
    """Does the build carry bytecode for the harness's Python?  Without it the harness
    compiles every module the page would load from bytecode: its start and its first game
    then count compiling the page does not do (~2 s of the start at 10x)."""
    import tarfile

    archives = sorted(web.glob("*.tar.gz"))
    if not archives:
        return False
    with tarfile.open(archives[0], "r:gz") as tar:
        return any(name.endswith(HARNESS_PYC) for name in tar.getnames())


def run(args) -> dict:
    run_py = Path(args.harness) if args.harness else webcheck_run_py("web_perf")
    if not run_py.is_file():
        sys.exit(f"web_perf: the webcheck harness is missing ({run_py}); give --harness PATH/run.py")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="358-perf-") as tmp:
        web = Path(args.web) if args.web else build_web(Path(tmp))
        if not harness_bytecode(web):
            print(f"web_perf: WARNING: {web} has no bytecode for the harness's Python 3.14 (build it with"
                  " --bytecode 3.12,3.14): the start and the first game's frames count compiling the page"
                  " does not do", file=sys.stderr)
        script = out / "steps.json"
        mirror = (web / "access.js").read_text(encoding="utf-8") if args.a11y else None
        script.write_text(json.dumps(steps(args.seed, args.deals, args.strength, mirror=mirror, profile=args.profile,
                                           profile_scene=args.profile_scene, read_s=args.read_s, pictures=args.pictures),
                                     indent=1))
        cmd = [sys.executable, str(run_py), str(web), "--wheel", args.wheel, "--out", str(out),
               "--script", str(script), "--pace", "frame", "--cpu-slowdown", f"{args.cpu_slowdown:g}",
               "--size", f"{args.size[0]}x{args.size[1]}", "--scale", f"{args.scale:g}"] + (["--mobile"] if args.mobile else [])
        print(f"web_perf: {' '.join(cmd)}", file=sys.stderr)
        proc = subprocess.run(cmd, capture_output=True, text=True)
    (out / "webcheck.log").write_text(proc.stdout + proc.stderr)
    try:
        data = parse_dump(proc.stdout)
    except ValueError as exc:
        sys.exit(f"web_perf: {exc}; see {out / 'webcheck.log'}")
    data["settings"] = {"cpu_slowdown": args.cpu_slowdown, "deals": args.deals, "seed": args.seed, "a11y": args.a11y,
                        "strength": args.strength, "size": list(args.size), "mobile": args.mobile, "scale": args.scale}
    (out / "perf.json").write_text(json.dumps(data))
    return data


def _task_words(w: dict) -> str:
    """'kitty 241 ms (draw, drew, 12 pictures)'; "no frame's 399 ms"."""
    if w.get("scene") is None:
        return f"no frame's {w['ms']} ms"
    said = ([w["part"]] if w.get("part") else []) + ["drew" if w.get("drawn") else "drew nothing"]
    if w.get("pictures") is not None:
        said.append(f"{w['pictures']} pictures")
    return f"{w['scene']} {w['ms']} ms ({', '.join(said)})"


def page_size(text: str) -> tuple[int, int]:
    """"390x844" -> (390, 844); argparse says what is wrong with anything else."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a size WxH: {text!r}") from None
    if not (200 <= w <= 4000 and 200 <= h <= 4000):
        raise argparse.ArgumentTypeError(f"size out of range (200-4000 CSS px a side): {text!r}")
    return (w, h)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wheel", help="pygame-ce WebAssembly wheel (cp314)")
    ap.add_argument("--cpu-slowdown", type=float, default=1.0, help="Chromium CPU throttling (4: a mid-range phone)")
    ap.add_argument("--deals", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--strength", default="normal", choices=("random", "easy", "normal", "hard"))
    ap.add_argument("--size", type=page_size, default=(1280, 720), help="the page's size in CSS px, WxH (default 1280x720)")
    ap.add_argument("--mobile", action="store_true", help="emulate a phone: touch, a mobile viewport")
    ap.add_argument("--scale", type=float, default=1.0, help="device pixel ratio (phones: 2-3)")
    ap.add_argument("--web", help="an existing build (build/web); default: build into a temp folder")
    ap.add_argument("--a11y", action="store_true", help="screen-reader mode on, the page's mirror (access.js) kept up to date")
    ap.add_argument("--out", default="/tmp/358-perf")
    ap.add_argument("--harness", help="webcheck's run.py (default: ../shared/webcheck/run.py)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON too")
    ap.add_argument("--profile", action="store_true",
                    help="the drawing under cProfile, its top functions printed (slower: never for the figures)")
    ap.add_argument("--profile-scene", metavar="SCENE",
                    help="each drawing while SCENE shows (kitty, exchange...) under a profiler of its own; the"
                         " slowest three printed (never for the figures)")
    ap.add_argument("--pictures", action="store_true",
                    help="where the pictures made in drawn frames are made, tallied by scene and maker")
    ap.add_argument("--read-s", type=float, default=0.0, metavar="S",
                    help="seconds the player reads the new-game screen before pressing Start (default 0: at once)")
    ap.add_argument("--summarize", metavar="FILE", help="print the figures of a saved recording and stop")
    args = ap.parse_args(argv)
    if args.summarize:
        try:
            data = json.loads(Path(args.summarize).read_text())
            figures = summarize(data)
        except (OSError, ValueError, KeyError, TypeError, IndexError) as exc:
            sys.exit(f"web_perf: {args.summarize} is not a frame recording: {exc}")
    else:
        if not args.wheel or not Path(args.wheel).is_file():
            sys.exit("web_perf: --wheel PATH to the pygame-ce WebAssembly wheel is required")
        if args.deals < 1 or args.cpu_slowdown < 1 or not 0.5 <= args.scale <= 8:
            sys.exit("web_perf: --deals must be 1 or more, --cpu-slowdown 1 or more and --scale 0.5 to 8")
        data = run(args)
        figures = summarize(data)
        for key in ("profile", "scene_profiles", "pictures"):
            if data.get(key):
                print(data[key])
    print(report(figures))
    if args.json:
        print(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
