"""Hint latency: how long the evaluation behind a hint takes, natively and in Pyodide.

    python -m tools.ai.hint_timing [--matches 2] [--preset standard] [--seed 100] [--decisions 120] [--steps]
                                [--seats 0,1,2]
    python -m tools.ai.hint_timing --wasm [build/web]     # also inside Pyodide (headless Chromium)

Plays seeded matches with heuristic players and, at every decision of seat 0 with more
than one legal action, evaluates that seat's view the way the hint button does:
``Evaluator.think(view, 8 ms)`` once per frame until the Evaluation is ready.  Prints
count, median, p90, p99 and max (ms) of whole hints per kind and overall, and of single
think slices (what one frame costs).  Wall clock: a busy shared machine inflates them.
The measuring code uses the standard library and the game package only, so --wasm sends
this very file into Pyodide (tools/web/wasm.py's page) and runs it there.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

SLICE_MS = 8.0  # the UI's per-frame thinking budget


def summary(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    ordered = sorted(values)
    q = lambda p: round(ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))], 2)
    return {"n": len(values), "median_ms": round(statistics.median(ordered), 2), "p90_ms": q(0.9),
            "p99_ms": q(0.99), "max_ms": round(ordered[-1], 2)}


def step_times(evaluator, view) -> list[float]:
    """CPU ms of every step of ``evaluator.steps(view)`` (what one think() call cannot split)."""
    cpu = getattr(time, "thread_time", time.process_time)
    gen, out = evaluator.steps(view), []
    while True:
        t = cpu()
        try:
            next(gen)
        except StopIteration:
            out.append((cpu() - t) * 1000)
            return out
        out.append((cpu() - t) * 1000)


def measure(matches: int = 2, preset: str = "standard", seed: int = 100, max_decisions: int = 120,
            budget_s: float = 600.0, steps: bool = False, seats=(0,)) -> dict:
    """Hint times over seat 0's decisions in seeded matches (stdlib + game only)."""
    from game.ai import make_player
    from game.ai.evaluate import Evaluator, default_settings
    from game.engine import Match, RuleSet

    whole: dict[str, list[float]] = {}
    slices: list[float] = []
    by_kind: dict[str, list[float]] = {}  # think slices per kind of decision
    step_ms: dict[str, list[float]] = {}  # CPU ms per evaluator step, per kind (--steps)
    started = time.perf_counter()
    count = 0
    for i in range(matches):
        match = Match.new(RuleSet.preset(preset), seed=seed + i)
        players = [make_player("heuristic", seed=seed + i * 3 + s) for s in range(3)]
        evaluator = Evaluator(seed=seed + i)
        while not match.is_over() and count < max_decisions and time.perf_counter() - started < budget_s:
            seat = match.to_act
            view = match.view(seat)
            if seat in seats and len(view.legal) > 1:
                t0 = time.perf_counter()
                result = None
                while result is None:
                    s0 = time.perf_counter()
                    result = evaluator.think(view, SLICE_MS)
                    slices.append((time.perf_counter() - s0) * 1000)
                    by_kind.setdefault(view.legal[0].kind, []).append(slices[-1])
                ms = (time.perf_counter() - t0) * 1000
                whole.setdefault(view.legal[0].kind, []).append(ms)
                whole.setdefault("all", []).append(ms)
                if steps:
                    step_ms.setdefault(view.legal[0].kind, []).extend(step_times(Evaluator(seed=seed + i), view))
                count += 1
            match.apply(players[seat].choose(view))
    return {"python": sys.version.split()[0], "platform": sys.platform, "preset": preset,
            "settings": {k: v for k, v in default_settings().items() if k in ("worlds", "horizon", "node_budget", "solve_cap")},
            "hints": {k: summary(v) for k, v in sorted(whole.items())}, "think_slices": summary(slices),
            "slices_by_kind": {k: summary(v) for k, v in sorted(by_kind.items())},
            "slices_over_2x": sum(ms > 2 * SLICE_MS for ms in slices),
            "steps_by_kind": {k: summary(v) for k, v in sorted(step_ms.items())}}


def _print(title: str, result: dict) -> None:
    print(f"{title}: Python {result['python']} on {result['platform']}, {result['preset']}, settings {result['settings']}")
    rows = list(result["hints"].items()) + [("slice", result["think_slices"])]
    rows += [(f"slice {k}", v) for k, v in result.get("slices_by_kind", {}).items()]
    rows += [(f"step {k}", v) for k, v in result.get("steps_by_kind", {}).items()]
    for key, s in rows:
        if s.get("n"):
            print(f"  {key:13s} n={s['n']:4d}  median {s['median_ms']:7.1f} ms  p90 {s['p90_ms']:7.1f}  "
                  f"p99 {s['p99_ms']:7.1f}  max {s['max_ms']:7.1f}")
    if "slices_over_2x" in result:
        print(f"  slices over 2x {SLICE_MS:g} ms: {result['slices_over_2x']} of {result['think_slices'].get('n', 0)}")


def _wasm(web_dir: str, args) -> dict | str:
    from pathlib import Path

    from tools.web.wasm import PyodidePage, ensure_env

    reason = ensure_env(install=False)
    if reason:
        return reason
    source = Path(__file__).read_text(encoding="utf-8").replace('if __name__ == "__main__":', "if False:")
    code = (f"{source}\n\nimport json as _json\n_json.dumps(measure({args.matches!r}, {args.preset!r}, {args.seed!r}, "
            f"{args.decisions!r}, {args.budget!r}, {args.steps!r}, {args.seats!r}))\n")
    with PyodidePage(web_dir) as page:
        raw = page.run(code, timeout_s=args.budget + 120)
    if raw.startswith("ERROR"):
        return raw
    return json.loads(raw)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=2)
    ap.add_argument("--preset", default="standard")
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--decisions", type=int, default=120, help="stop after this many hints")
    ap.add_argument("--budget", type=float, default=600.0, help="seconds at most per run")
    ap.add_argument("--wasm", nargs="?", const="build/web", metavar="WEB_DIR",
                    help="also run inside Pyodide with the built archive in WEB_DIR [build/web]")
    ap.add_argument("--steps", action="store_true", help="also time every evaluator step (CPU ms)")
    ap.add_argument("--seats", type=lambda text: tuple(int(x) for x in text.split(",")), default=(0,),
                    help="seats whose decisions are hinted, e.g. 0,1,2 (the exchange needs the others) [0]")
    ap.add_argument("--json", help="write the figures to this file")
    args = ap.parse_args(argv)
    results = {"native": measure(args.matches, args.preset, args.seed, args.decisions, args.budget, args.steps, args.seats)}
    _print("native", results["native"])
    if args.wasm:
        got = _wasm(args.wasm, args)
        if isinstance(got, str):
            print(f"pyodide: not run: {got}", file=sys.stderr)
        else:
            results["pyodide"] = got
            _print("pyodide", got)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
