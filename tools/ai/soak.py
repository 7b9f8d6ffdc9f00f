"""Soak: whole seeded matches with no exception and no illegal action.

    python -m tools.ai.soak --random 1000 --heuristic 1000 --hard 50

Presets rotate standard, blato, classic.  Random and heuristic fill all three seats;
a hard player sits in one seat (rotating) beside two heuristic players, which keeps the
50 hard matches to minutes.  Every action must be in the view's legal list and accepted by
the engine.  Slow: not part of `make test` (see tests/ai/test_soak.py, marked slow).
"""

from __future__ import annotations

import argparse
import sys
import time

from game.ai import make_player
from game.engine import Match, RuleSet

PRESETS = ("standard", "blato", "classic")


def soak_match(kind: str, i: int, seed: int) -> int:
    rules = RuleSet.preset(PRESETS[i % 3])
    match = Match.new(rules, seed=seed)
    if kind == "hard":
        players = [make_player("heuristic", seed=seed + s) for s in range(3)]
        players[i % 3] = make_player("hard", seed=seed)
    else:
        players = [make_player(kind, seed=seed + s) for s in range(3)]
    decisions = 0
    while not match.is_over():
        seat = match.to_act
        view = match.view(seat)
        action = players[seat].choose(view)
        if action not in view.legal:
            raise AssertionError(f"{kind} seed {seed}: illegal {action} in {view.phase}")
        match.apply(action)
        decisions += 1
    if match.winner() is None or len(match.deals) != rules.deals:
        raise AssertionError(f"{kind} seed {seed}: match did not finish properly")
    return decisions


def soak(kind: str, n: int, seed: int = 1000) -> dict:
    t = time.time()
    decisions = sum(soak_match(kind, i, seed + i) for i in range(n))
    return {"kind": kind, "matches": n, "decisions": decisions, "seconds": round(time.time() - t, 1)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--random", type=int, default=1000)
    ap.add_argument("--heuristic", type=int, default=1000)
    ap.add_argument("--easy", type=int, default=0)
    ap.add_argument("--hard", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1000)
    a = ap.parse_args(argv)
    for kind in ("random", "heuristic", "easy", "hard"):
        n = getattr(a, kind)
        if n:
            r = soak(kind, n, a.seed)
            print(f"{kind}: {r['matches']} matches, {r['decisions']} decisions, no errors ({r['seconds']} s)")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
