"""Seeded matches played to the end: run natively and inside Pyodide (WebAssembly CPython).

test_browser.py sends this file's source into Pyodide in headless Chromium, where the game
archive built by tools/web/build.py is unpacked and first on sys.path, and compares the
results with a native run. Standard library and the game package only (no pygame).
"""

from __future__ import annotations

import json
import random
import statistics
import time

MAX_ACTIONS = 20_000
SLICE_MS = 8.0  # the UI's per-frame thinking budget


class _RandomPlayer:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, view):
        return self.rng.choice(list(view.legal))


def _players(strength: str, seed: int):
    """game.ai.make_player when it exists (and knows the strength), else random players."""
    if strength != "random":
        try:
            from game.ai import make_player

            return [make_player(strength, seed=seed * 10 + seat) for seat in range(3)], strength
        except Exception as exc:  # the AI is optional here
            note = f"random (game.ai.make_player({strength!r}) unavailable: {type(exc).__name__}: {exc})"
            return [_RandomPlayer(seed * 10 + seat) for seat in range(3)], note
    return [_RandomPlayer(seed * 10 + seat) for seat in range(3)], "random"


def play_match(seed: int = 7, strength: str = "random", rules: str = "standard") -> dict:
    """Play one whole match; returns its outcome and a digest of every action taken."""
    from game.engine import Match, RuleSet

    match = Match.new(RuleSet.preset(rules), seed=seed)
    players, used = _players(strength, seed)
    actions = []
    started = time.perf_counter()
    while match.phase != "game_over":
        seat = match.to_act
        action = players[seat].choose(match.view(seat))
        match.apply(action)
        actions.append(str(action))
        if len(actions) > MAX_ACTIONS:
            raise RuntimeError("match did not end")
    elapsed = time.perf_counter() - started
    winner, tiebreak = match.result()
    return {
        "seed": seed, "rules": rules, "players": used, "winner": winner, "tiebreak": tiebreak,
        "totals": list(match.totals), "deals": len(match.deals), "actions": len(actions),
        "digest": _digest(actions), "seconds": round(elapsed, 3),
    }


def time_decisions(strength: str = "hard", seed: int = 11, rules: str = "standard",
                   max_decisions: int = 60, budget_s: float = 60.0) -> dict:
    """Time `strength` players over the first decisions of a seeded match, driven the way
    the UI drives them (think(view, 8 ms) per frame): whole decisions and single slices."""
    from game.engine import Match, RuleSet

    players, used = _players(strength, seed)
    if used != strength:
        return {"strength": strength, "skipped": used}
    match = Match.new(RuleSet.preset(rules), seed=seed)
    times_ms: list[float] = []
    slices_ms: list[float] = []
    by_kind: dict[str, list[float]] = {}
    started = time.perf_counter()
    while (match.phase != "game_over" and len(times_ms) < max_decisions
           and time.perf_counter() - started < budget_s):
        seat = match.to_act
        view = match.view(seat)
        player = players[seat]
        t0 = time.perf_counter()
        if hasattr(player, "think"):
            # as the UI calls it: think(view, 8 ms) once per frame until it answers
            action = None
            while action is None:
                s0 = time.perf_counter()
                action = player.think(view, SLICE_MS)
                slices_ms.append((time.perf_counter() - s0) * 1000)
        else:
            action = player.choose(view)
        ms = (time.perf_counter() - t0) * 1000
        times_ms.append(ms)
        by_kind.setdefault(action.kind, []).append(ms)
        match.apply(action)
    return {
        "strength": strength, "decisions": len(times_ms), **stats(times_ms),
        "by_kind": {k: stats(v) for k, v in sorted(by_kind.items())},
        "think_slices": stats(slices_ms),
    }


def stats(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, max(0, round(0.99 * (len(ordered) - 1))))]
    return {"n": len(values), "median_ms": round(statistics.median(ordered), 2),
            "p99_ms": round(p99, 2), "max_ms": round(ordered[-1], 2)}


def _digest(actions: list[str]) -> str:
    import hashlib

    return hashlib.sha256("\n".join(actions).encode()).hexdigest()[:16]


def run_all(seed: int = 7, strength: str = "normal", timing: str = "hard",
            max_decisions: int = 60, budget_s: float = 60.0) -> str:
    """Everything the browser test wants, as one JSON string."""
    import sys

    out = {"python": sys.version.split()[0], "platform": sys.platform,
           "random_match": play_match(seed, "random"),
           "ai_match": play_match(seed, strength),
           "timing": time_decisions(timing, seed + 4, max_decisions=max_decisions, budget_s=budget_s)}
    return json.dumps(out)


if __name__ == "__main__":
    print(json.dumps(json.loads(run_all()), indent=2))
