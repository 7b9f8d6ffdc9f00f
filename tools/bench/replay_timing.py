"""How long the replay viewer takes to open a whole game and to step, natively.

    python -m tools.bench.replay_timing [--seed 5] [--runs 5]

Prints medians in ms for: reading the record text, opening the viewer (the cursor's deal
snapshots and the seats of every move), one move forward, one move back, one trick back,
one deal back and one deal forward, over an 18-deal game.  tools/web/replay.py runs the
same measurement (TIMING below) inside the browser build.  Timings are noisy on a busy
machine: compare medians, never single runs.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

from game.engine import Phase

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

# Runs in the game's interpreter (natively here, in Pyodide through webcheck): `scene` is an
# open ReplayScene; returns {what: median ms}.
TIMING = """
import time, statistics
def _replay_timing(app, record_text, runs=5):
    from game.records import library
    from game.ui.scenes.replay import ReplayScene
    def median(fn, setup=None, n=runs):
        out = []
        for _ in range(n):
            if setup:
                setup()
            t0 = time.perf_counter(); fn(); out.append((time.perf_counter() - t0) * 1000)
        return round(statistics.median(out), 2)
    record = library.read_input(record_text)
    result = {"read_record_ms": median(lambda: library.read_input(record_text)),
              "open_viewer_ms": median(lambda: ReplayScene(app, record))}
    scene = ReplayScene(app, record)
    middle = scene.cursor.end // 2
    for by in ("action", "trick", "deal"):
        for d, word in ((1, "forward"), (-1, "back")):
            result[f"{by}_{word}_ms"] = median(lambda: scene.step(by, d), lambda: scene.goto(middle), runs * 2)
    result["actions"] = scene.cursor.end
    return result
"""


def record_text(seed: int, deals: int = 18) -> str:
    from game.engine import Match, RuleSet
    from game.engine.formats.record import write_record

    m = Match.new(RuleSet.preset("standard", deals=deals), seed=seed)
    rng = random.Random(seed)
    while m.phase != Phase.GAME_OVER:
        m.apply(rng.choice(m.legal_actions()))
    return write_record(m, names=("Ann", "Bo", "Cy"), strengths=("human", "hard", "hard"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    import tempfile

    from game.ui.app import App

    app = App(size=(1280, 720), storage_dir=tempfile.mkdtemp(prefix="358-timing-"), settings={"sound": False})
    space: dict = {}
    exec(TIMING, space)
    result = space["_replay_timing"](app, record_text(args.seed), args.runs)
    print("replay viewer, natively (median ms):", result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
