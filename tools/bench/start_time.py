"""The game's own start, natively: from `import main` to the title's first frame.

    python -m tools.bench.start_time [--runs 5]

Each run is a fresh interpreter (headless, SDL_VIDEODRIVER=dummy, an empty data folder)
that imports main (pygame included), imports the App, builds it and steps until the first
frame is presented; it prints the median over the runs of each part, in wall time and in
process CPU time (the CPU figure moves less with the machine's load), and which modules
of the game were loaded when the title showed.  The browser's figure is `tools.web.perf`'s
"the game's own part after unpacking".
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

ONE_RUN = r"""
import json, os, sys, time
clocks = (time.perf_counter, time.process_time)
marks = [tuple(c() for c in clocks)]
sys.path.insert(0, os.getcwd())
import main
marks.append(tuple(c() for c in clocks))
from game.ui.app import App
marks.append(tuple(c() for c in clocks))
from game import perf
app = App(params={})
marks.append(tuple(c() for c in clocks))
while perf.first_frame() is None:
    app.step()
marks.append(tuple(c() for c in clocks))
loaded = sorted(m for m in sys.modules if m.startswith("game.ai"))
print(json.dumps({"marks": marks, "ai_loaded": loaded}))
"""

PARTS = ("import main (pygame)", "import the App (game modules)", "App()", "first frame", "total")


def one_run() -> dict:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "THREE_FIVE_EIGHT_DATA": tempfile.mkdtemp(prefix="358start-")}
    out = subprocess.run([sys.executable, "-c", ONE_RUN], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        raise SystemExit(f"start_time: the run failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    if args.runs < 1:
        raise SystemExit("start_time: --runs must be 1 or more")
    runs = [one_run() for _ in range(args.runs)]
    for clock, name in ((0, "wall"), (1, "CPU")):
        parts = []
        for i in range(4):
            parts.append(statistics.median((r["marks"][i + 1][clock] - r["marks"][i][clock]) * 1000 for r in runs))
        parts.append(statistics.median((r["marks"][4][clock] - r["marks"][0][clock]) * 1000 for r in runs))
        print(f"{name} ms (median of {args.runs}): " + ", ".join(f"{p} {v:.0f}" for p, v in zip(PARTS, parts)))
    print("computer players loaded when the title showed:", ", ".join(runs[-1]["ai_loaded"]) or "none")
    return 0


if __name__ == "__main__":
    sys.exit(main())
