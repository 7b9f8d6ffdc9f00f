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

import itertools
import math
import random
import statistics
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
        if getattr(player, "sees_all", False):
            player.observe(match)  # the arena-only oracle sees every hand
        t = time.perf_counter()
        action = player.choose(view)
        if timer is not None and len(view.legal) > 1:
            timer.add(name, time.perf_counter() - t)
        match.apply(action)
        if one_deal and len(match.deals) > start:
            break
    return [(d.contract, d.points) for d in match.deals[start:]]


def parse_spec(spec: str) -> tuple[str, dict]:
    """'hard:worlds=12;horizon=4;doubt=0.5' -> ('hard', {...}): a strength and its settings."""
    name, _, rest = spec.partition(":")
    settings = {}
    for item in filter(None, rest.split(";")):
        k, _, v = item.partition("=")
        try:
            settings[k.strip()] = int(v)
        except ValueError:
            try:
                settings[k.strip()] = float(v)
            except ValueError:
                settings[k.strip()] = v.strip()
    return name.strip(), settings


def build_player(spec: str, seed: int):
    """'hard' or a tuned variant 'hard:worlds=12;horizon=4' (settings of make_player);
    'oracle' is the arena-only player that sees every hand (game/arena/oracle.py);
    'oracle:sees=declare;role=declarer' is hard with the oracle's decisions of those kinds."""
    name, settings = parse_spec(spec)
    if name.lower() == "oracle":
        from .oracle import OraclePlayer, PartialOracle
        if "sees" in settings or "role" in settings:  # oracle:sees=declare;role=declarer
            return PartialOracle(seed, **settings)
        return OraclePlayer(seed, **settings)
    from game.ai import make_player
    return make_player(name, seed=seed, **settings)


def unit_position(rules: RuleSet, preset: str, ctype: str, seed: int) -> dict:
    """The position a deal-mode unit plays (the same for every player and backend)."""
    return make_position(rules, ctype, random.Random(f"arena/{preset}/{ctype}/{seed}"))


def run_unit(args) -> dict:
    """One duplicate unit (a deal or a match) under every seating; picklable for workers."""
    names, preset, options, mode, ctype, seed, tables = args
    rules = RuleSet.preset(preset, **options)
    position = unit_position(rules, preset, ctype, seed) if mode == "deal" else None
    timer = Timer()
    results = []
    for k, seating in enumerate(seatings(names, tables)):
        seats = [(build_player(n, hash((seed, k, s)) & 0xFFFFFFFF), n) for s, n in enumerate(seating)]
        strengths = tuple(parse_spec(n)[0] for n in seating)
        for player, _ in seats:
            player.meet(strengths)
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
    pairs: dict = {}
    for u in units:
        s = per_unit_scores(u, names)
        for t in TYPES + ("all",):
            for a, b in itertools.combinations(names, 2):
                if (t, a) in s and (t, b) in s:
                    pairs.setdefault(f"{a} - {b}", {}).setdefault(t, []).append(s[(t, a)] - s[(t, b)])
    if len(names) == 2:
        diffs = pairs.get(f"{names[0]} - {names[1]}", {})
    times: dict = {}
    for u in units:
        for n, ts in u["times"].items():
            times.setdefault(n, []).extend(ts)
    out = {"points": {}, "difference": {}, "pairs": {}, "times_ms": {}}
    for (t, n), xs in sorted(per.items()):
        m, ci, k = mean_ci(xs)
        out["points"].setdefault(t, {})[n] = {"mean": m, "ci95": ci, "units": k}
    for t, xs in diffs.items():
        m, ci, k = mean_ci(xs)
        out["difference"][t] = {"mean": m, "ci95": ci, "units": k, "of": f"{names[0]} - {names[1]}"}
    for pair, by_type in pairs.items():
        for t, xs in by_type.items():
            m, ci, k = mean_ci(xs)
            out["pairs"].setdefault(pair, {})[t] = {"mean": m, "ci95": ci, "units": k}
    for n, ts in times.items():
        ts = sorted(ts)
        out["times_ms"][n] = {
            "decisions": len(ts), "median": 1000 * ts[len(ts) // 2],
            "p99": 1000 * ts[min(len(ts) - 1, int(0.99 * len(ts)))], "max": 1000 * ts[-1],
        }
    return out


def make_jobs_for(names: list[str], presets, types, deals: int, seed: int, first: int = 0,
                  options: dict | None = None, tables: str = "single") -> list:
    """Deal-mode jobs for the given presets and contract types, interleaved."""
    groups = []
    for preset in presets:
        rules = RuleSet.preset(preset, **(options or {}))
        ts = [t for t in types if t == "trump" or t in rules.contracts]
        groups.append([(names, preset, options or {}, "deal", t, seed * 100003 + i, tables)
                       for i in range(first, first + deals) for t in ts])
    return [j for group in itertools.zip_longest(*groups) for j in group if j is not None]


def build_jobs(args, names: list[str], options: dict) -> tuple[list, list[str]]:
    """Every duplicate unit of the run, presets and types interleaved (so partial results
    cover every category), and the presets."""
    presets = [p.strip() for p in args.preset.split(",") if p.strip()]
    if args.mode == "deal":
        return make_jobs_for(names, presets, args.types.split(","), args.deals, args.seed, args.first, options,
                             args.tables), presets
    jobs = []
    for preset in presets:
        rules = RuleSet.preset(preset, **options)
        n = math.ceil(args.deals / rules.deals)
        jobs.append([(names, preset, options, "match", "all", args.seed * 100003 + i, args.tables)
                     for i in range(args.first, args.first + n)])
    return [j for group in itertools.zip_longest(*jobs) for j in group if j is not None], presets
