"""Decision times of a player over whole matches (one seat; the others heuristic).

    python -m tools.ai.timing --player hard --matches 5 [--preset standard] [--worlds 20 --horizon 5] [--slice 8]

Prints count, median, p90, p99 and max in ms, overall and per phase (wall clock), and
`all_cpu`: the same decisions in process CPU time, which a busy shared machine inflates less.
"""

from __future__ import annotations

import argparse
import json
import time

from game.ai import make_player
from game.engine import Match, RuleSet


def measure(player_name: str, matches: int, preset: str, seed: int, settings: dict, slice_ms: float = 0) -> dict:
    times: dict[str, list[float]] = {}
    for i in range(matches):
        match = Match.new(RuleSet.preset(preset), seed=seed + i)
        seat_ai = i % 3
        players = [make_player("heuristic", seed=seed + i) for _ in range(3)]
        players[seat_ai] = make_player(player_name, seed=seed + i, **settings)
        while not match.is_over():
            seat = match.to_act
            view = match.view(seat)
            t, c = time.perf_counter(), time.process_time()
            if slice_ms and seat == seat_ai:
                action = None
                while action is None:
                    s0 = time.perf_counter()
                    action = players[seat].think(view, slice_ms)
                    times.setdefault("slice", []).append(time.perf_counter() - s0)
            else:
                action = players[seat].choose(view)
            dt, dc = time.perf_counter() - t, time.process_time() - c
            if seat == seat_ai and len(view.legal) > 1:
                times.setdefault(view.phase, []).append(dt)
                times.setdefault("all", []).append(dt)
                times.setdefault("all_cpu", []).append(dc)
            match.apply(action)
    return {k: stats(v) for k, v in times.items()}


def stats(ts: list[float]) -> dict:
    ts = sorted(ts)
    q = lambda p: 1000 * ts[min(len(ts) - 1, int(p * len(ts)))]
    return {"n": len(ts), "median": q(0.5), "p90": q(0.9), "p99": q(0.99), "max": 1000 * ts[-1]}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--player", default="hard")
    ap.add_argument("--matches", type=int, default=3)
    ap.add_argument("--preset", default="standard")
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--worlds", type=int)
    ap.add_argument("--horizon", type=int)
    ap.add_argument("--slice", type=float, default=0, help="decide through think(view, SLICE ms) and time each slice")
    ap.add_argument("--json")
    a = ap.parse_args()
    settings = {k: v for k, v in (("worlds", a.worlds), ("horizon", a.horizon)) if v is not None}
    result = measure(a.player, a.matches, a.preset, a.seed, settings, a.slice)
    for k, s in result.items():
        print(f"{k:9s} n={s['n']:5d} median {s['median']:6.1f} ms  p90 {s['p90']:6.1f}  p99 {s['p99']:6.1f}  max {s['max']:6.1f}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
