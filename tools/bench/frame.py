"""Frame time of the play scene at 1280×720:  python -m tools.bench.frame [--frames 600]
[--size WxH] [--deals 3]

Sets up a table in the play phase (the human to play, two cards on the table, a toast and a
hover highlight showing) and times whole frames of App.step(): input, update, draw, present.
Prints the median and the 95th percentile in milliseconds (target: median < 4 ms).

Then the native proxy of the browser benchmark: a seeded game at Normal speed
against random players, the human's seat played by the autopilot, and the frame right after
a card is played: the human's click frame (the card leaves the hand: hand, trick, plates,
prompt change), and a computer player's card (its think() time taken out), median / p95;
and how many of the game's frame keys found every object of the table's still layer as it
was the frame before (asked, and nothing new: what a cheaper frame key would skip).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

from game.engine import Phase

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def play_position(seed=5):
    from game.engine import Match

    for s in range(seed, seed + 500):
        m = Match.new(seed=s)
        rng = random.Random(s)
        while m.phase != Phase.GAME_OVER:
            if m.phase == Phase.PLAY and m.to_act == 0 and len(m.trick) == 2 and len(m.legal_actions()) > 1:
                return m
            m.apply(rng.choice(m.legal_actions()))
    raise RuntimeError("no position found")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--deals", type=int, default=3, help="deals of the after-a-card proxy")
    args = ap.parse_args(argv)
    w, h = (int(x) for x in args.size.split("x"))
    from game.ui.app import App
    from game.ui.games.session import Session

    scratch = tempfile.TemporaryDirectory(prefix="358bench-")  # the bench's saves, gone with it
    app = App(size=(w, h), storage_dir=scratch.name,
              settings={"language": "en", "speed": "normal", "sound": False})
    session = Session(play_position(), ["You", "Anna", "Boris"], "random", storage=None)
    app.games.open(session)
    scene = app.scene
    scene.table.hand.hover = next(iter(scene.table.legal_cards()))
    scene.table.toast.show("You must follow suit: play a ♥ card.", 1e9)
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

    # 1. every frame drawn from scratch: the still table re-rendered too (worst case)
    app.painter.always_redraw = True

    def full(i):
        scene.invalidate()

    run("whole table redrawn every frame", full)
    # 2. the still table cached, the frame drawn and presented (as during animations)
    run("cached table layer, frame drawn", lambda i: None)
    # 3. nothing changes: the frame is skipped (no draw, no flip)
    app.painter.always_redraw = False
    run("idle (frame skipped)", lambda i: None)
    after_play(args.deals, (w, h))
    return 0


def _spread(label, times) -> None:
    times = sorted(times)
    if not times:
        print(f"{label}: no samples")
        return
    p95 = times[max(0, int(len(times) * 0.95 + 0.5) - 1)]
    print(f"{label} (n={len(times)}): median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, max {times[-1]:.2f} ms")


def after_play(deals: int, size, seed: int = 3) -> None:
    """The frame right after a card is played, over `deals` deals of a seeded game."""
    from game import perf
    from game.ui.app import App
    from game.ui.autopilot import Autopilot

    scratch = tempfile.TemporaryDirectory(prefix="358bench-")  # the bench's saves, gone with it
    app = App(size=size, storage_dir=scratch.name,
              settings={"language": "en", "speed": "normal", "strength": "random", "sound": False})
    rec = perf.enable()
    drawing = [0.0]  # ms in draw() and present() during the frame under way

    def timed(method):
        def run(*args, **kw):
            t0 = time.perf_counter()
            try:
                return method(*args, **kw)
            finally:
                drawing[0] += (time.perf_counter() - t0) * 1000

        return run

    app.painter.draw, app.display.present = timed(app.painter.draw), timed(app.display.present)
    kept = count_still_keys_kept()
    app.games.start(seed=seed)
    pilot = Autopilot(app, seed=seed)
    human, computer, others, human_draw, computer_draw = [], [], [], [], []
    scores, last = 0, None
    while scores < deals and app.frames < 200000:
        name = app.scene_name
        scores += name == "score" and last != "score"
        last = name
        session = getattr(app.scene, "session", None)
        match = session.match if session is not None else None
        seen, seat = (len(match.history), match.to_act) if match is not None else (None, None)
        pilot.decide()
        drawing[0] = 0.0
        t0 = time.perf_counter()
        app.step(dt=1 / 60)
        ms = (time.perf_counter() - t0) * 1000
        think = rec.think_ms[(rec.frames - 1) % rec.capacity]
        if match is not None and len(match.history) == seen + 1 and match.history[-1].kind == "play":
            (human if seat == session.human else computer).append(ms - think)
            (human_draw if seat == session.human else computer_draw).append(drawing[0])
        else:
            others.append(ms - think)
    perf.disable()
    kept["stop"]()
    print(f"seeded game ({deals} deals, Normal speed, {size[0]}x{size[1]}), frames right after a card is played:")
    _spread("  the human's card (click frame)", human)
    _spread("  the same frames, draw() + present() only", human_draw)
    _spread("  a computer player's card (think() time taken out)", computer)
    _spread("  the same frames, draw() + present() only", computer_draw)
    _spread("  all other frames (think() time taken out)", others)
    asked, same = kept["asked"], kept["same"]
    print(f"  frames whose still layer's objects all kept their keys: {same} of {asked}"
          f" ({100 * same / max(1, asked):.0f}%; every object was asked in each)")


def count_still_keys_kept() -> dict:
    """Counts the table's frame keys whose still-layer part (every still object's key) is the
    one of the frame before: how often asking every object told nothing new.  `stop()` ends
    the counting."""
    from game.ui.table.table import Table

    keys = Table._keys
    kept = {"asked": 0, "same": 0, "last": None}

    def counted(table, objects, widgets):
        out = keys(table, objects, widgets)
        still = out[0][0]  # (the still objects' keys, ...), the top objects' keys
        kept["asked"] += 1
        kept["same"] += still == kept["last"]
        kept["last"] = still
        return out

    def stop():
        Table._keys = keys

    Table._keys = counted
    kept["stop"] = stop
    return kept


if __name__ == "__main__":
    sys.exit(main())
