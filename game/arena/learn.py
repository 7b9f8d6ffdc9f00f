"""Self-play that teaches the expert how the other strengths play (writes game/ai/play_table.py).

    python -m game.arena.learn play --players hard,normal,heuristic,easy --deals 1500 --seed 77 --jobs 2 --out plays.jsonl
    python -m game.arena.learn fit plays.jsonl [--write]

`play` plays deals from the arena's random positions (types trump, NT and MT, three seats
of one strength) and logs every card decision with more than one legal card: the three
hands, the hidden cards, the trick, who declared and the card played.  It runs its units on
the arena's backends (local processes, or Ray across machines with `--backend ray`) and
resumes from its log.  The log is the raw data: the model's facts are worked out when
fitting, so they can change without playing again.

`fit` fits the play model's weights per strength by maximum likelihood (a conditional
logit over the legal runs, L2-regularised), holding out every fifth position, and prints
how well the model and the plain rules-of-thumb model explain the held-out plays.
`--write` writes the weights the expert ships.  Fitting needs numpy (the dev extras);
the game only reads the table.  Use seeds the evaluation never uses (the arena's
evaluations use --seed 11 and 23).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

from game.ai.play_model import CONTEXTS, FEATURES, FLOOR, SIZE, shares, situation
from game.engine import Match, Phase, RuleSet

from .backends import BACKENDS, Progress, UnitLog, job_key, run_units
from .duplicate import build_player, unit_position

OUT = Path(__file__).resolve().parents[1] / "ai" / "play_table.py"
TYPES = ("trump", "trump", "trump", "NT", "MT")  # mostly trump deals, as the game has them
RULES_DOUBT = 0.2  # the rules-of-thumb model the learned one replaces (game/ai/expert.py)
K, RULES = len(FEATURES), FEATURES.index("rules")


def play_jobs(players: list[str], presets: list[str], deals: int, seed: int) -> list[tuple]:
    """One job per (strength, position): positions of every preset, types mixed."""
    return [(name, presets[i % len(presets)], TYPES[i % len(TYPES)], seed * 100003 + i)
            for i in range(deals) for name in players]


def play_unit(job) -> dict:
    """One deal from the job's position, three seats of its strength: every card decision
    with a choice, as the engine saw it (all hands) so any seat's view can be rebuilt."""
    name, preset, ctype, seed = job
    rules = RuleSet.preset(preset)
    match = Match.from_position(rules, seed=seed, **unit_position(rules, preset, ctype, seed))
    seats = [build_player(name, (seed * 3 + s) & 0xFFFFFFFF) for s in range(3)]  # the same every run
    for player in seats:
        player.meet((name,) * 3)
    plays = []
    start = len(match.deals)
    while not match.is_over() and len(match.deals) == start:
        seat = match.to_act
        view = match.view(seat)
        action = seats[seat].choose(view)
        if view.phase == Phase.PLAY and len(view.legal) > 1:
            views = [match.view(s) for s in range(3)]
            declarer_view = views[view.declarer]
            plays.append({
                "hands": [v.hand_mask for v in views],
                "hidden": sum(1 << c.index for c in (declarer_view.discards or ())),
                "trick": [c.index for _, c in view.trick],
                "leader": view.leader, "seat": seat, "trump": view.trump,
                "must": bool(view.rules.must_trump), "mt": view.contract == "MT",
                "declarer": view.declarer, "card": action.card.index,
            })
        match.apply(action)
    return {"strength": name, "preset": preset, "seed": seed, "plays": plays}


def situations(unit: dict):
    """(situation, index of the run played) for each logged play, from the seat's view."""
    for p in unit["plays"]:
        seat, hands = p["seat"], p["hands"]
        out = 0 if seat == p["declarer"] else p["hidden"]
        for s in range(3):
            if s != seat:
                out |= hands[s]
        got = situation(hands[seat], out, p["trick"], p["leader"], seat, p["trump"], p["must"], p["mt"],
                        p["declarer"])
        if got is None:
            continue
        runs, rows = got
        chosen = next(i for i, r in enumerate(runs) if r >> p["card"] & 1)
        yield runs, rows, chosen


def dataset(units: list[dict]):
    """Every play's runs as rows of facts, grouped: (rows, group sizes, chosen row index per group,
    whether the rules of thumb's card was the one played)."""
    rows, sizes, chosen, rules_hit = [], [], [], []
    for unit in units:
        for runs, facts, k in situations(unit):
            chosen.append(len(rows) + k)
            sizes.append(len(runs))
            rows.extend(facts)
            rules_hit.append(any(j % K == RULES for j in facts[k]))
    return rows, sizes, chosen, rules_hit


def fit_weights(rows, sizes, chosen, l2: float = 1.0, steps: int = 600):
    """Maximum-likelihood weights of the conditional logit (Adam on the mean log-likelihood)."""
    import numpy as np

    x = np.zeros((len(rows), SIZE))
    for i, row in enumerate(rows):
        x[i, list(row)] = 1.0
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    group = np.repeat(np.arange(len(sizes)), sizes)
    target = np.zeros(len(rows))
    target[chosen] = 1.0
    w = np.zeros(SIZE)
    m = np.zeros(SIZE)
    v = np.zeros(SIZE)
    n = len(sizes)
    for t in range(1, steps + 1):
        s = x @ w
        s -= np.maximum.reduceat(s, starts)[group]
        e = np.exp(s)
        p = e / np.add.reduceat(e, starts)[group]
        grad = x.T @ (target - p) / n - l2 * w / n
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w += 0.05 * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
    return [round(float(a), 3) for a in w]


def scores(weights, rows, sizes, chosen, rules_hit) -> dict:
    """Held-out figures: mean log-likelihood per play and top-1 accuracy of the model, and
    the log-likelihood of the rules-of-thumb model (its card, or a uniform surprise)."""
    ll = hits = rules_ll = 0.0
    i = 0
    for size, c, hit in zip(sizes, chosen, rules_hit):
        p = shares(weights, rows[i:i + size])
        ll += math.log(max(FLOOR, p[c - i]))
        hits += p[c - i] == max(p)
        # the rules model: 1 for its card, RULES_DOUBT for each other run, normalised
        z = 1 + RULES_DOUBT * (size - 1)
        rules_ll += math.log((1 if hit else RULES_DOUBT) / z)
        i += size
    n = max(1, len(sizes))
    return {"plays": len(sizes), "loglik": ll / n, "top1": hits / n, "rules_loglik": rules_ll / n,
            "rules_top1": sum(rules_hit) / n}


def write_table(tables: dict, command: str, path: Path = OUT) -> None:
    lines = [
        '"""The play model\'s weights per strength: one weight per fact and context',
        f'(game/ai/play_model.py).  Written by `{command}`."""',
        "",
        f"# contexts: {', '.join(CONTEXTS)}",
        f"# facts: {', '.join(FEATURES)}",
        "WEIGHTS = {",
    ]
    for name, w in tables.items():
        lines.append(f"    {name!r}: (")
        k = len(FEATURES)
        for c in range(len(CONTEXTS)):
            lines.append("        " + ", ".join(f"{a:g}" for a in w[c * k:(c + 1) * k]) + ",")
        lines.append("    ),")
    lines.append("}")
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def cmd_play(args, ap) -> int:
    players = [n.strip() for n in args.players.split(",") if n.strip()]
    presets = [p.strip() for p in args.preset.split(",") if p.strip()]
    try:
        for n in players:
            build_player(n, 0)
        for p in presets:
            RuleSet.preset(p)
    except (ValueError, KeyError) as e:
        ap.error(str(e))
    jobs = play_jobs(players, presets, args.deals, args.seed)
    log = UnitLog(args.out)
    todo = [j for j in jobs if job_key(j) not in log.done]
    bar = Progress(len(jobs), len(jobs) - len(todo), enabled=not args.quiet)
    t0 = time.time()
    for job, unit in run_units(play_unit, todo, args.backend, args.jobs, args.address):
        log.add(job, unit)
        bar.step()
    n = sum(len(u["plays"]) for u in log.done.values())
    print(f"-- {len(todo)} deals played in {time.time() - t0:.1f} s; {n} card decisions in {args.out}")
    return 0


def cmd_fit(args) -> int:
    units: dict[str, list[dict]] = {}
    for path in args.logs:
        for unit in UnitLog(path).done.values():
            units.setdefault(unit["strength"], []).append(unit)
    if not units:
        print("fit: no plays in the logs", file=sys.stderr)
        return 2
    tables = {}
    for name, us in sorted(units.items()):
        us.sort(key=lambda u: u["seed"])
        train = [u for k, u in enumerate(us) if k % 5]
        test = [u for k, u in enumerate(us) if not k % 5]
        data = dataset(train)
        w = fit_weights(*data[:3], l2=args.l2, steps=args.steps)
        held = scores(w, *dataset(test))
        print(f"{name:9s} train {len(data[1]):6d} plays | held out {held['plays']:5d}: "
              f"log-likelihood {held['loglik']:.3f} (rules {held['rules_loglik']:.3f}), "
              f"top-1 {held['top1']:.1%} (rules {held['rules_top1']:.1%})")
        tables[name] = fit_weights(*dataset(us)[:3], l2=args.l2, steps=args.steps) if args.write else w
    if args.write:
        write_table(tables, "python -m game.arena.learn fit " + " ".join(
            [*(Path(p).name for p in args.logs), f"--l2 {args.l2:g}", f"--steps {args.steps}", "--write"]),
            args.table)
        print(f"-> {args.table}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.arena.learn", description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="self-play, logging every card decision")
    p.add_argument("--players", default="hard,normal,heuristic,easy", help="strengths, each playing all three seats")
    p.add_argument("--preset", default="standard,blato,classic")
    p.add_argument("--deals", type=int, default=1500, help="positions per strength")
    p.add_argument("--seed", type=int, default=77)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--backend", choices=BACKENDS, default="local")
    p.add_argument("--address", help="Ray cluster address")
    p.add_argument("--out", required=True, help="the log of plays (JSON lines; resumed when it exists)")
    p.add_argument("--quiet", action="store_true")
    f = sub.add_parser("fit", help="fit the play model on logged plays")
    f.add_argument("logs", nargs="+")
    f.add_argument("--l2", type=float, default=1.0)
    f.add_argument("--steps", type=int, default=600)
    f.add_argument("--write", action="store_true", help="write the table (fitted on all the plays)")
    f.add_argument("--table", default=str(OUT), help="where --write writes it (default: the one the game ships)")
    args = ap.parse_args(argv)
    return cmd_play(args, ap) if args.command == "play" else cmd_fit(args)


if __name__ == "__main__":
    raise SystemExit(main())
