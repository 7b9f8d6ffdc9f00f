"""Hint latency through the real UI (key H at the table, frames stepped until the hint is
shown), natively, and the longest browser frame while a hint is computed (webcheck).

    python -m tools.ai.hint_ui_timing [--positions 24] [--seed 1]
    python -m tools.ai.hint_ui_timing --web --wheel WHEEL [--out DIR]

Natively: seeded matches played at random to the human's decisions (all four kinds), the
table opened headless, H pressed, one App.step per frame (the hint's slice is 8 ms a frame)
until the hint is on the table.  Prints median, p90, p99 and max of: the latency from the
key to the hint shown in wall-clock ms with the frames run back to back, the frames it took
(at 60 frames a second a frame is 16.7 ms: frames x 16.7 is the latency a player sees), and
the longest single frame while the hint was computed.  A busy shared machine inflates them.

--web: builds steps for webcheck (tools/web/play.py's runner) that open a seeded position in
the browser build, press H at a card play and at a declaration, time every frame of the
page's own loop while the hint is computed (4 ms slices there), and take screenshots of the
hint and of the look-back overlay.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.engine import Phase
from tools.web.wasm import webcheck_run_py

ROOT = Path(__file__).resolve().parents[2]


def summary(values) -> dict:
    if not values:
        return {"n": 0}
    o = sorted(values)
    q = lambda p: round(o[min(len(o) - 1, round(p * (len(o) - 1)))], 1)
    return {"n": len(o), "median": round(statistics.median(o), 1), "p90": q(0.9), "p99": q(0.99), "max": round(o[-1], 1)}


def position(seed: int, phase: str):
    """A match at the human's (seat 0) decision of `phase` with more than one choice."""
    from game.engine import Match, RuleSet

    for s in range(seed, seed + 500):
        m = Match.new(RuleSet.preset(["standard", "blato", "classic"][s % 3]), seed=s)
        rng = random.Random(s)
        while m.phase != Phase.GAME_OVER and len(m.history) < 400:
            if m.phase == phase and m.to_act == 0 and len(m.legal_actions()) > 1 and rng.random() < 0.3:
                return m
            m.apply(rng.choice(m.legal_actions()))
    raise RuntimeError(f"no {phase} decision found")


def native(positions: int, seed: int) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.ui.app import App
    from game.ui.autopilot import post_key
    from game.ui.games.session import Session

    app = App(size=(1280, 720), storage_dir=tempfile.mkdtemp(), settings={"speed": "instant", "sound": False})
    out = {"latency_ms": [], "frames": [], "longest_frame_ms": []}
    kinds = ("play", "declare", "exchange", "discard")
    for i in range(positions):
        m = position(seed + i * 7, kinds[i % 4])
        app.games.open(Session(m, ["You", "Anna", "Boris"], "random", storage=app.storage))
        app.step(dt=1 / 60)
        hint = app.scene.table.hint
        post_key(pygame.K_h)
        t0, frames, longest = time.perf_counter(), 0, 0.0
        app.step(dt=1 / 60)
        while hint.thinking:
            f0 = time.perf_counter()
            app.step(dt=1 / 60)
            longest = max(longest, (time.perf_counter() - f0) * 1000)
            frames += 1
        out["latency_ms"].append((time.perf_counter() - t0) * 1000)
        out["frames"].append(frames + 1)
        out["longest_frame_ms"].append(longest)
    return {k: summary(v) for k, v in out.items()}


# --- the browser (webcheck) ------------------------------------------------------------------
SETUP = """
import random, time
from game.engine import Match, RuleSet
from game.ui.games.session import Session
def _pos(seed, phase):
    for s in range(seed, seed + 500):
        m = Match.new(RuleSet.preset('standard'), seed=s)
        rng = random.Random(s)
        while m.phase != 'game_over' and len(m.history) < 400:
            if m.phase == phase and m.to_act == 0 and len(m.legal_actions()) > 1 and (phase != 'play' or len(m.current.tricks) >= 4):
                return m
            m.apply(rng.choice(m.legal_actions()))
def _open(seed, phase):
    app = main.APP
    app.games.open(Session(_pos(seed, phase), ['You', 'Anna', 'Boris'], 'normal', storage=app.storage))
    main._frames, main._timing = [], False
    if not hasattr(main, '_real_step'):
        main._real_step = app.step
        def timed(*a, **k):
            t0 = time.perf_counter()
            r = main._real_step(*a, **k)
            sc = app.scene
            h = getattr(getattr(sc, 'table', None), 'hint', None)
            if h is not None and main._timing and (h.thinking or h.current() is not None):
                main._frames.append(((time.perf_counter() - t0) * 1000, h.thinking))
                if not h.thinking:  # the frame that shows the hint is the last one counted
                    main._timing = False
            return r
        app.step = timed
    return app.scene_name
def _result():
    h = main.APP.scene.table.hint
    f = sorted(ms for ms, _ in main._frames)
    computing = sorted(ms for ms, thinking in main._frames if thinking)
    return {'frames': len(f), 'longest_frame_ms': round(f[-1], 1) if f else None,
            'longest_computing_frame_ms': round(computing[-1], 1) if computing else None,
            'median_frame_ms': round(f[len(f) // 2], 1) if f else None,
            'shown_frame_ms': round(main._frames[-1][0], 1) if f else None,
            'latency_ms': round(h.latency_ms or 0, 1), 'best': str(h.current().best.action) if h.current() else None}
'ready'
"""


def web_steps() -> list[dict]:
    started = "getattr(main, 'APP', None) is not None and main.APP.frames > 5"
    out = [{"until": started, "timeout": 120}, {"wait": 1.0}, {"py": SETUP}]
    cases = [("play", 11, "play"), ("declare", 5, "declare"), ("exchange", 3, "exchange"), ("discard", 7, "discard"),
             ("play2", 40, "play"), ("declare2", 21, "declare"), ("exchange2", 33, "exchange"), ("discard2", 51, "discard")]
    for name, seed, phase in cases:
        out += [
            {"py": f"_open({seed}, {phase!r})"},
            {"wait": 1.5},
            {"py": "main._frames = []; main._timing = True; 'timing'"},
            {"key": "h"},
            {"wait": 0.05},
            {"shot": f"hint-{name}-thinking"},
            {"until": "main._frames and not main._timing", "timeout": 120},
            {"wait": 0.6},
            {"shot": f"hint-{name}"},
            {"py": "_result()"},
        ]
    out += [{"py": "_open(11, 'play')"}, {"wait": 1.0}, {"key": "b"}, {"wait": 0.6}, {"shot": "look-back"}]
    return out


def web(wheel: str, out: str, build: str) -> int:
    out_dir = Path(out)
    out_dir.mkdir(parents=True, exist_ok=True)
    steps_file = out_dir / "hint_steps.json"
    steps_file.write_text(json.dumps(web_steps(), indent=1))
    run_py = webcheck_run_py("hint_ui_timing")
    cmd = [sys.executable, str(run_py), build, "--wheel", wheel, "--out", str(out_dir), "--script", str(steps_file)]
    return subprocess.run(cmd).returncode


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=24)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--web", action="store_true")
    ap.add_argument("--wheel", default=os.environ.get("WEBCHECK_WHEEL"), help="the pygame-ce WebAssembly wheel (default $WEBCHECK_WHEEL)")
    ap.add_argument("--out", default="/tmp/358-hint-web")
    ap.add_argument("--build", default=str(ROOT / "build" / "web"))
    args = ap.parse_args(argv)
    if args.web:
        if not args.wheel or not Path(args.wheel).is_file():
            sys.exit("hint_ui_timing: --wheel PATH (or $WEBCHECK_WHEEL) to the pygame-ce WebAssembly wheel is required with --web")
        return web(args.wheel, args.out, args.build)
    print(json.dumps(native(args.positions, args.seed), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
