"""Duplicate matches between computer players: the same cards, players rotated through seats.

    python -m game.arena --players hard,heuristic --preset standard --deals 400 --json out.json

Two modes.  ``--mode deal`` (default) plays single deals from random positions
(Match.from_position with generated hands, as the last deal of a game so the contract
type can be forced through ``used``): cheap per-contract-type figures, ``--types
trump,NT,MT``.  ``--mode match`` plays whole seeded matches (``--deals`` then counts
deals, rounded up to whole matches).  With two players A,B each deal is played three
times, A in each seat against two Bs (``--tables all`` adds the A,A,B tables); with three
players all six seatings.  A player's figure is its mean points per deal; the luck of the
cards cancels because every player held every hand.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import statistics
import sys
import time

from game.engine import CARDS, Match, RuleSet

TYPES = ("trump", "NT", "MT")
PREV_PATTERNS = ((0, 0, 0), (1, -1, 0), (2, -1, -1), (1, 1, -2), (3, -2, -1), (2, 0, -2), (1, 0, -1), (4, -2, -2))


def contract_type(contract: str) -> str:
    return contract if contract in ("NT", "MT") else "trump"


def seatings(names: list[str], tables: str = "single") -> list[tuple[str, str, str]]:
    if len(names) == 1:
        return [(names[0],) * 3]
    if len(names) == 3:
        return list(itertools.permutations(names))
    a, b = names
    out = [(a, b, b), (b, a, b), (b, b, a)]
    if tables == "all":
        out += [(b, a, a), (a, b, a), (a, a, b)]
    return out


def make_position(rules: RuleSet, ctype: str, rng: random.Random) -> dict:
    """A random last-deal position whose declarer must declare a contract of type ctype."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [[str(CARDS[i]) for i in deck[16 * s:16 * s + 16]] for s in range(3)]
    kitty = [str(CARDS[i]) for i in deck[48:]]
    dealer = rng.randrange(3)
    declarer = rules.declarer_of(dealer)
    used = [(), (), ()]
    if rules.contracts_once:
        keep = {"trump": ("S", "H", "D", "C"), "NT": ("NT",), "MT": ("MT",)}[ctype]
        used[declarer] = tuple(c for c in rules.contracts if c not in keep)
    prev = list(rng.choice(PREV_PATTERNS))
    rng.shuffle(prev)
    return dict(hands=hands, kitty=kitty, dealer=dealer, deal_number=rules.deals - 1,
                used=tuple(used), previous_points=tuple(prev))


class Timer:
    """Decision times per player name, in seconds."""

    def __init__(self):
        self.times: dict[str, list[float]] = {}

    def add(self, name: str, dt: float) -> None:
        self.times.setdefault(name, []).append(dt)


def play(match: Match, seats, timer: Timer | None, one_deal: bool) -> list[tuple[str, tuple]]:
    """Play to the end (or to the end of the current deal); returns [(contract, points)]."""
    start = len(match.deals)
    while not match.is_over():
        seat = match.to_act
        view = match.view(seat)
        player, name = seats[seat]
        t = time.perf_counter()
        action = player.choose(view)
        if timer is not None and len(view.legal) > 1:
            timer.add(name, time.perf_counter() - t)
        match.apply(action)
        if one_deal and len(match.deals) > start:
            break
    return [(d.contract, d.points) for d in match.deals[start:]]


def build_player(spec: str, seed: int):
    """'hard' or a tuned variant 'hard:worlds=12;horizon=4' (settings of make_player)."""
    from game.ai import make_player
    name, _, rest = spec.partition(":")
    settings = {}
    for item in filter(None, rest.split(";")):
        k, _, v = item.partition("=")
        settings[k] = int(v) if v.lstrip("-").isdigit() else v
    return make_player(name, seed=seed, **settings)


def run_unit(args) -> dict:
    """One duplicate unit (a deal or a match) under every seating; picklable for workers."""
    names, preset, options, mode, ctype, seed, tables = args
    rules = RuleSet.preset(preset, **options)
    rng = random.Random(f"arena/{preset}/{ctype}/{seed}")
    position = make_position(rules, ctype, rng) if mode == "deal" else None
    timer = Timer()
    results = []
    for k, seating in enumerate(seatings(names, tables)):
        seats = [(build_player(n, hash((seed, k, s)) & 0xFFFFFFFF), n) for s, n in enumerate(seating)]
        if mode == "deal":
            match = Match.from_position(rules, seed=seed, **position)
            deals = play(match, seats, timer, True)
        else:
            match = Match.new(rules, seed=seed)
            deals = play(match, seats, timer, False)
        results.append((seating, deals))
    return {"preset": preset, "results": results, "times": timer.times}


def mean_ci(xs: list[float]) -> tuple[float, float, int]:
    n = len(xs)
    if n == 0:
        return (float("nan"), float("nan"), 0)
    m = sum(xs) / n
    if n < 2:
        return (m, float("inf"), n)
    sd = statistics.stdev(xs)
    return (m, 1.96 * sd / math.sqrt(n), n)


def per_unit_scores(unit: dict, names: list[str]) -> dict:
    """{(type, name): mean points per deal for this unit}, averaging seats and seatings."""
    acc: dict = {}
    for seating, deals in unit["results"]:
        for contract, points in deals:
            t = contract_type(contract)
            for seat, name in enumerate(seating):
                for key in ((t, name), ("all", name)):
                    acc.setdefault(key, []).append(points[seat])
    return {k: sum(v) / len(v) for k, v in acc.items()}


def summarize(units: list[dict], names: list[str]) -> dict:
    per: dict = {}
    for u in units:
        for key, v in per_unit_scores(u, names).items():
            per.setdefault(key, []).append(v)
    diffs: dict = {}
    if len(names) == 2:
        for u in units:
            s = per_unit_scores(u, names)
            for t in TYPES + ("all",):
                if (t, names[0]) in s and (t, names[1]) in s:
                    diffs.setdefault(t, []).append(s[(t, names[0])] - s[(t, names[1])])
    times: dict = {}
    for u in units:
        for n, ts in u["times"].items():
            times.setdefault(n, []).extend(ts)
    out = {"points": {}, "difference": {}, "times_ms": {}}
    for (t, n), xs in sorted(per.items()):
        m, ci, k = mean_ci(xs)
        out["points"].setdefault(t, {})[n] = {"mean": m, "ci95": ci, "units": k}
    for t, xs in diffs.items():
        m, ci, k = mean_ci(xs)
        out["difference"][t] = {"mean": m, "ci95": ci, "units": k, "of": f"{names[0]} - {names[1]}"}
    for n, ts in times.items():
        ts = sorted(ts)
        out["times_ms"][n] = {
            "decisions": len(ts), "median": 1000 * ts[len(ts) // 2],
            "p99": 1000 * ts[min(len(ts) - 1, int(0.99 * len(ts)))], "max": 1000 * ts[-1],
        }
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.arena", description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", default="heuristic,random", help="two or three of: random, heuristic, search, easy, normal, hard")
    ap.add_argument("--preset", default="standard", help="comma list of presets: standard, blato, classic")
    ap.add_argument("--mode", choices=("deal", "match"), default="deal")
    ap.add_argument("--types", default="trump,NT,MT", help="deal mode: contract types to force")
    ap.add_argument("--deals", type=int, default=100, help="deals per preset and contract type (deal mode) or in all (match mode)")
    ap.add_argument("--tables", choices=("single", "all"), default="single")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--option", action="append", default=[], help="rule option key=value, e.g. must_trump=true")
    ap.add_argument("--json", help="write the summary here (also after every --progress units)")
    ap.add_argument("--progress", type=int, default=0, help="print and save partial results every N units")
    args = ap.parse_args(argv)
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    if not 1 <= len(names) <= 3 or len(set(names)) != len(names):
        ap.error("give one to three different players")
    options = {}
    for o in args.option:
        k, _, v = o.partition("=")
        options[k] = {"true": True, "false": False}.get(v.lower(), int(v) if v.isdigit() else v)
    presets = args.preset.split(",")
    jobs = []
    for preset in presets:
        rules = RuleSet.preset(preset, **options)
        if args.mode == "deal":
            types = [t for t in args.types.split(",") if t == "trump" or t in rules.contracts]
            jobs.append([(names, preset, options, "deal", t, args.seed * 100003 + i, args.tables)
                         for i in range(args.deals) for t in types])
        else:
            n = math.ceil(args.deals / rules.deals)
            jobs.append([(names, preset, options, "match", "all", args.seed * 100003 + i, args.tables) for i in range(n)])
    # interleave presets and types so partial results (--progress) cover every category
    order = [j for group in itertools.zip_longest(*jobs) for j in group if j is not None]
    units: dict[str, list] = {p: [] for p in presets}
    t0 = time.time()

    def report(final: bool) -> None:
        rep = {"players": names, "mode": args.mode, "seed": args.seed, "final": final, "presets": {}}
        for preset in presets:
            if units[preset]:
                summary = summarize(units[preset], names)
                summary["seconds"] = time.time() - t0
                rep["presets"][preset] = summary
                if final or args.progress:
                    print_summary(preset, summary, names)
        if args.json:
            with open(args.json, "w") as f:
                json.dump(rep, f, indent=1)

    if args.jobs > 1:
        import multiprocessing as mp
        with mp.get_context("fork").Pool(args.jobs) as pool:
            for k, unit in enumerate(pool.imap_unordered(run_unit, order, chunksize=1), 1):
                units[unit["preset"]].append(unit)
                if args.progress and k % args.progress == 0:
                    print(f"-- {k}/{len(order)} units")
                    report(False)
    else:
        for k, job in enumerate(order, 1):
            unit = run_unit(job)
            units[unit["preset"]].append(unit)
            if args.progress and k % args.progress == 0:
                print(f"-- {k}/{len(order)} units")
                report(False)
    report(True)
    return 0


def print_summary(preset: str, s: dict, names: list[str]) -> None:
    print(f"== {preset} ({s['seconds']:.0f} s)")
    for t in TYPES + ("all",):
        row = s["points"].get(t)
        if not row:
            continue
        cells = "  ".join(f"{n} {row[n]['mean']:+.3f} ±{row[n]['ci95']:.3f}" for n in names if n in row)
        units = max(v["units"] for v in row.values())
        diff = s["difference"].get(t)
        extra = f"  | diff {diff['mean']:+.3f} ±{diff['ci95']:.3f}" if diff else ""
        print(f"  {t:5s} n={units:4d}  {cells}{extra}")
    for n, tm in s["times_ms"].items():
        print(f"  time {n}: {tm['decisions']} decisions, median {tm['median']:.1f} ms, p99 {tm['p99']:.1f} ms, max {tm['max']:.1f} ms")
    sys.stdout.flush()


if __name__ == "__main__":
    raise SystemExit(main())
