"""Frame time of the play scene at 1280×720:  python -m tools.bench_frame [--frames 600]

Sets up a table in the play phase (the human to play, two cards on the table, a toast and a
hover highlight showing) and times whole frames of App.step(): input, update, draw, present.
Prints the median and the 95th percentile in milliseconds (target: median < 4 ms).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def play_position(seed=5):
    from game.engine import Match

    for s in range(seed, seed + 500):
        m = Match.new(seed=s)
        rng = random.Random(s)
        while m.phase != "game_over":
            if m.phase == "play" and m.to_act == 0 and len(m.trick) == 2 and len(m.legal_actions()) > 1:
                return m
            m.apply(rng.choice(m.legal_actions()))
    raise RuntimeError("no position found")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--size", default="1280x720")
    args = ap.parse_args(argv)
    w, h = (int(x) for x in args.size.split("x"))
    from game.ui.app import App
    from game.ui.scenes.table import TableScene
    from game.ui.session import Session

    app = App(size=(w, h), storage_dir=tempfile.mkdtemp(prefix="358bench-"),
              settings={"language": "en", "speed": "normal", "sound": False})
    session = Session(play_position(), ["You", "Anna", "Boris"], "random", storage=None)
    scene = TableScene(app, session)
    app.reset_to(scene)
    scene.hover_card = next(iter(scene.legal_cards()))
    scene.toast.show("You must follow suit: play a ♥ card.", 1e9)
    for _ in range(30):  # warm the caches (card faces, text)
        app.step(events=[], dt=1 / 60)

    def run(label, before_frame):
        times = []
        for i in range(args.frames):
            before_frame(i)
            t0 = time.perf_counter()
            app.step(events=[], dt=1 / 60)
            times.append((time.perf_counter() - t0) * 1000)
        assert app.scene_name == "play", app.scene_name
        times.sort()
        med = statistics.median(times)
        p95 = times[int(len(times) * 0.95) - 1]
        print(f"play scene {w}x{h}, {label}, {args.frames} frames: median {med:.2f} ms, p95 {p95:.2f} ms, max {times[-1]:.2f} ms")

    cards = list(scene.disp_hand)
    # 1. every frame drawn from scratch: the still table re-rendered too (worst case)
    app.always_redraw = True

    def full(i):
        scene.invalidate()

    run("whole table redrawn every frame", full)
    # 2. the still table cached, the frame drawn and presented (as during animations)
    run("cached table layer, frame drawn", lambda i: None)
    # 3. nothing changes: the frame is skipped (no draw, no flip)
    app.always_redraw = False
    run("idle (frame skipped)", lambda i: None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
