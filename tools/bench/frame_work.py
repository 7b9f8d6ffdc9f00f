"""Python work per drawn frame of play, natively, shaped like a cheap phone's frames:
python -m tools.bench.frame_work [--size 390x844] [--seed 7] [--deals 1] [--runs 3]

The browser benchmark (tools.web.perf) at 10x is slow and noisy; a frame there costs what
its Python does, call by call.  This plays the same kind of seeded game natively through
the real App (Normal opponents and speed, the human's seat by the autopilot) with the
browser's frame habits: a move saved on a later frame, and the still layer repainting one
dirty rect a frame (at 10x one rect outlasts the spread budget).  It prints, for the
frames of play that drew:

- **bytecodes** and **calls**: the bytecodes Python ran and the calls it made (to Python
  functions and into C) per frame, median / p95 / p99: the same on every machine and,
  but for a wall-clock wait falling a frame apart, every run, so a change's effect shows
  without noise.  The bytecodes are the closer measure of a frame's cost in the browser;
- **ms**: the same frames' native time, median / p95 / p99 (noisy: quote a median of runs).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def _spread(values) -> tuple[float, float, float]:
    """(median, p95, p99) by the nearest rank."""
    s = sorted(values)
    if not s:
        return 0.0, 0.0, 0.0

    def rank(q):
        return s[min(len(s) - 1, max(0, int(q * len(s) + 0.5) - 1))]

    return statistics.median(s), rank(0.95), rank(0.99)


class CallCounter:
    """Counts, while switched on, Python calls and calls into C (sys.setprofile) and the
    bytecodes Python runs (sys.settrace, opcode by opcode): a call into C costs little, a
    bytecode in WebAssembly at a cheap phone's pace about half a microsecond."""

    def __init__(self):
        self.calls = 0
        self.opcodes = 0

    def _event(self, frame, event, arg) -> None:
        if event == "call" or event == "c_call":
            self.calls += 1

    def _trace(self, frame, event, arg):
        if event == "call":
            frame.f_trace_opcodes = True
        elif event == "opcode":
            self.opcodes += 1
        return self._trace

    def __enter__(self):
        self.calls = self.opcodes = 0
        sys.setprofile(self._event)
        sys.settrace(self._trace)
        return self

    def __exit__(self, *exc):
        sys.settrace(None)
        sys.setprofile(None)
        return False


def play(size, seed: int, deals: int, count: bool) -> list[tuple[float, int, int]]:
    """(ms, calls, bytecodes) of each frame of play that drew, over `deals` deals of a seeded
    game; calls and bytecodes are 0 when not counted (counting slows the frames it times)."""
    from game import perf
    from game.ui.app import App
    from game.ui.autopilot import Autopilot
    from game.ui.games import saving
    from game.ui.table import compositor

    saving.SAVE_LATER = True  # as in the browser: a move saved on a frame that draws nothing
    compositor.SPREAD_MS = 1e-6  # as at 10x: one dirty rect of the still layer a frame
    scratch = tempfile.TemporaryDirectory(prefix="358bench-")
    try:
        app = App(size=size, storage_dir=scratch.name,
                  settings={"language": "en", "speed": "normal", "strength": "normal", "sound": False})
        rec = perf.enable()
        app.games.start(seed=seed)
        pilot = Autopilot(app, seed=seed)
        counter = CallCounter()
        out, scores, last = [], 0, None
        while scores < deals and app.frames < 200000:
            name = app.scene_name
            scores += name == "score" and last != "score"
            last = name
            pilot.decide()
            t0 = time.perf_counter()
            if count and name == "play":
                with counter:
                    app.step(dt=1 / 60)
            else:
                app.step(dt=1 / 60)
            ms = (time.perf_counter() - t0) * 1000
            i = (rec.frames - 1) % rec.capacity
            if name == "play" and rec.drawn[i]:
                out.append((ms - rec.think_ms[i], *((counter.calls, counter.opcodes) if count else (0, 0))))
        perf.disable()
        return out
    finally:
        saving.SAVE_LATER = sys.platform == "emscripten"
        compositor.SPREAD_MS = 3.0 if sys.platform == "emscripten" else None
        scratch.cleanup()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="390x844", help="the window, WxH (default: a phone held upright)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--deals", type=int, default=1)
    ap.add_argument("--runs", type=int, default=3, help="timed runs (the calls are counted in one more)")
    args = ap.parse_args(argv)
    size = tuple(int(x) for x in args.size.split("x"))
    counted = play(size, args.seed, args.deals, count=True)
    print(f"frames of play that drew ({args.size}, seed {args.seed}, {args.deals} deal(s)): {len(counted)}")
    for i, what in ((2, "bytecodes"), (1, "Python calls")):
        med, p95, p99 = _spread([frame[i] for frame in counted])
        print(f"  {what} a frame: median {med:.0f} / p95 {p95:.0f} / p99 {p99:.0f}")
    medians, p95s, p99s = [], [], []
    for _ in range(args.runs):
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        m, p, q = _spread([frame[0] for frame in play(size, args.seed, args.deals, count=False)])
        medians.append(m), p95s.append(p), p99s.append(q)
        print(f"  ms a frame (load {load:.2f}): median {m:.3f} / p95 {p:.3f} / p99 {q:.3f}")
    if args.runs > 1:
        print(f"  ms a frame, medians of {args.runs} runs: median {statistics.median(medians):.3f}"
              f" / p95 {statistics.median(p95s):.3f} / p99 {statistics.median(p99s):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
