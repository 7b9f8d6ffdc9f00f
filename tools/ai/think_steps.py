"""How long the computer players' steps are: CPU time between two yields of their search.

    python -m tools.ai.think_steps [--strength normal] [--matches 2] [--deals 6 (a multiple of 3)] [--seed 100]
                                [--budget 0.8]

think(view, budget) can only stop between steps, so the longest step bounds how far a
slice can run past its budget.  Plays seeded matches with every seat the same
strength and times each step of every decision in thread CPU time (a busy shared machine
inflates it less than the wall clock).  Prints per phase: steps, median, p99 and max in
ms, and the longest steps with where they started and ended in the search.  The browser
at 4x CPU slowdown runs roughly ten times slower than this.

--budget MS instead drives every decision through think(view, MS), slicing by thread CPU
time too, and prints the slices: median, p95, p99, max and how many ran past 1x and 2x
the budget.  A tenth of the browser's 8 ms (0.8) stands in for a phone at 4x.
"""

from __future__ import annotations

import argparse
import time

from game.ai import make_player
from game.engine import Match, RuleSet


def where(gen) -> str:
    """The generator's position: function:line of each nested generator (yield from)."""
    out = []
    while gen is not None and getattr(gen, "gi_frame", None) is not None:
        out.append(f"{gen.gi_code.co_name}:{gen.gi_frame.f_lineno}")
        gen = getattr(gen, "gi_yieldfrom", None)
    return ">".join(out) or "end"


def measure(strength: str, matches: int, deals: int, seed: int):
    steps = []  # (ms, phase, from, to)
    for m in range(matches):
        match = Match.new(RuleSet.preset("standard", deals=deals), seed=seed + m)
        players = [make_player(strength, seed=seed + m + s) for s in range(3)]
        while not match.is_over():
            view = match.view(match.to_act)
            player = players[match.to_act]
            if len(view.legal) == 1:
                match.apply(view.legal[0])
                continue
            gen, at, action = player.steps(view), "start", None
            while action is None:
                t = time.thread_time()
                try:
                    next(gen)
                except StopIteration as stop:
                    action = stop.value
                ms = (time.thread_time() - t) * 1000.0
                to = "end" if action is not None else where(gen)
                steps.append((ms, view.phase, at, to))
                at = to
            player.reset()
            match.apply(action)
    return steps


def cpu_slices(strength: str, matches: int, deals: int, seed: int, budget_ms: float) -> list[float]:
    """Every think() slice of every decision, in thread CPU ms, the players slicing by it too."""
    import types

    from game.ai import players as players_module

    players_module.Player.clock = staticmethod(time.thread_time)
    players_module.time = types.SimpleNamespace(perf_counter=time.thread_time)  # think()
    try:
        slices = []
        for m in range(matches):
            match = Match.new(RuleSet.preset("standard", deals=deals), seed=seed + m)
            players = [make_player(strength, seed=seed + m + s) for s in range(3)]
            while not match.is_over():
                view = match.view(match.to_act)
                action = None
                while action is None:
                    t = time.thread_time()
                    action = players[match.to_act].think(view, budget_ms)
                    slices.append((time.thread_time() - t) * 1000.0)
                match.apply(action)
        return slices
    finally:
        players_module.Player.clock = staticmethod(time.perf_counter)
        players_module.time = time


def q(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--strength", default="normal", choices=("easy", "normal", "hard"))
    ap.add_argument("--matches", type=int, default=2)
    ap.add_argument("--deals", type=int, default=6)
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--top", type=int, default=5)
    ap.add_argument("--budget", type=float, help="time think(view, BUDGET ms) slices instead of steps")
    args = ap.parse_args(argv)
    if args.matches < 1:
        ap.error("--matches must be 1 or more")
    try:
        RuleSet.preset("standard", deals=args.deals)
    except ValueError as exc:
        ap.error(f"--deals: {exc}")
    if args.budget is not None:
        if args.budget <= 0:
            ap.error("--budget must be more than 0")
        sl = cpu_slices(args.strength, args.matches, args.deals, args.seed, args.budget)
        b = args.budget
        print(f"{args.strength}: think(view, {b:g} ms) slices in thread CPU ms: n={len(sl)} median {q(sl, .5):.2f}"
              f" p95 {q(sl, .95):.2f} p99 {q(sl, .99):.2f} max {max(sl):.2f};"
              f" over budget {sum(x > b for x in sl)}, over 2x budget {sum(x > 2 * b for x in sl)}")
        return 0
    steps = measure(args.strength, args.matches, args.deals, args.seed)
    print(f"{args.strength}: {len(steps)} steps in {args.matches} matches of {args.deals} deals (thread CPU ms)")
    for phase in sorted({s[1] for s in steps}):
        ms = [s[0] for s in steps if s[1] == phase]
        print(f"  {phase:9s} n={len(ms):6d}  median {q(ms, .5):.3f}  p99 {q(ms, .99):.3f}  max {max(ms):.3f}")
    ms = [s[0] for s in steps]
    print(f"  {'all':9s} n={len(ms):6d}  median {q(ms, .5):.3f}  p99 {q(ms, .99):.3f}  max {max(ms):.3f}")
    for s in sorted(steps, reverse=True)[: args.top]:
        print(f"  {s[0]:7.3f} ms  {s[1]:9s} {s[2]} -> {s[3]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
