"""Paired differences between arena runs on the same positions (the headroom table).

    python -m game.arena.paired hard=hh.json.units.jsonl oracle=oh.json.units.jsonl expert=eh.json.units.jsonl

Each argument is NAME=LOG[,LOG...]: unit logs of `python -m game.arena --players NAME,B`
runs against the same opponent B (one or more logs, e.g. two seeds or a run extended with
--first).  For every preset and contract type it prints each run's A − B per deal and the
paired difference of every two runs over the positions both played (same preset, type
and seed), with 95% CIs: "oracle − hard" = how much more the oracle beats B than hard does
(later argument minus earlier).  `--gap hard,expert,oracle` adds how much of the
hard→oracle gap the expert closes, with the per-position test of closing a quarter of it.
`python -m game.arena.paired --csv OUT.csv LOG,...` keeps only A − B per position (small enough
to commit; NAME=OUT.csv reads it back).  `--roles` splits each difference into the seat
that declares and the two that defend (A − B = ½ · declarer + defender): with
`oracle:sees=declare` runs (hard with the oracle's contract) it shows where a gap lies.
`--roles` with one run splits its own A − B: A's points in a role minus B's in that role.
"""

from __future__ import annotations

import csv
import itertools
import json
import sys

from .duplicate import mean_ci, per_unit_scores

ORDER = ("trump", "NT", "MT")


def deal_units(path: str):
    """(names, preset, options, type, seed, unit) for each two-player deal-mode unit of a
    unit log; a line cut short by a killed run is skipped."""
    with open(path) as f:
        for line in f:
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue
            names, preset, options, mode, ctype, seed, _tables = json.loads(rec["key"])
            if mode == "deal" and len(names) == 2:
                yield names, preset, options, ctype, seed, rec["unit"]


def load(paths: list[str]) -> dict:
    """{(preset, type, seed): A − B per deal} from unit logs of A,B runs (or CSVs that
    `--csv` wrote from them)."""
    out = {}
    for path in paths:
        if path.endswith(".csv"):
            with open(path) as f:
                for row in csv.DictReader(f):
                    out[(row["preset"], row["contract"], int(row["seed"]))] = float(row["a_minus_b"])
            continue
        for names, preset, _options, ctype, seed, unit in deal_units(path):
            s = per_unit_scores(unit, names)
            out[(preset, ctype, seed)] = s[("all", names[0])] - s[("all", names[1])]
    return out


def declared_units(paths: list[str]):
    """(names, preset, type, seed, the declarer's seat, unit) for each deal-mode unit of
    the logs: what a split by role reads."""
    from game.engine import RuleSet

    from .duplicate import unit_position

    for path in paths:
        for names, preset, options, ctype, seed, unit in deal_units(path):
            rules = RuleSet.preset(preset, **options)
            declarer = rules.declarer_of(unit_position(rules, preset, ctype, seed)["dealer"])
            yield names, preset, ctype, seed, declarer, unit


def load_roles(paths: list[str]) -> dict:
    """{(preset, type, seed, role): A's own points per deal} from unit logs, role "declarer"
    (the seating where A declares) or "defender" (the mean of its two other seatings).
    A − B per deal = ½ · declarer + defender, so a paired difference splits the same way."""
    out = {}
    for names, preset, ctype, seed, declarer, unit in declared_units(paths):
        defending = []
        for seating, deals in unit["results"]:
            for s in (i for i, n in enumerate(seating) if n == names[0]):
                points = sum(p[s] for _, p in deals)
                if s == declarer:
                    out[(preset, ctype, seed, "declarer")] = points
                else:
                    defending.append(points)
        if defending:
            out[(preset, ctype, seed, "defender")] = sum(defending) / len(defending)
    return out


def load_role_gaps(paths: list[str]) -> dict:
    """{(preset, type, seed, role): A's own points per deal in that role minus B's in the
    same role} from unit logs of A,B runs: where one player gains on the other, as declarer
    or in defence (each seat's points in the seatings where it holds the role, averaged)."""
    out = {}
    for names, preset, ctype, seed, declarer, unit in declared_units(paths):
        points = {(name, role): [] for name in names for role in ("declarer", "defender")}
        for seating, deals in unit["results"]:
            for s, name in enumerate(seating):
                points[(name, "declarer" if s == declarer else "defender")].append(sum(p[s] for _, p in deals))
        for role in ("declarer", "defender"):
            a, b = points[(names[0], role)], points[(names[1], role)]
            if a and b:
                out[(preset, ctype, seed, role)] = sum(a) / len(a) - sum(b) / len(b)
    return out


def gap_role_lines(gaps: dict, name: str) -> list[str]:
    """One run's A − B split by role (load_role_gaps)."""
    lines = [f"| preset | contract | role | {name}: A − B, own points per deal in the role |", "|---|---|---|---|"]
    cats = sorted({k[:2] for k in gaps}, key=lambda c: (c[0] != "standard", c[0], ORDER.index(c[1]) if c[1] in ORDER else 9))
    for preset, ctype in cats:
        for role in ("declarer", "defender"):
            lines.append(f"| {preset} | {ctype} | {role} | " + cell([v for k, v in gaps.items() if k[:2] == (preset, ctype) and k[3] == role]) + " |")
    return lines


def role_lines(runs: dict[str, dict]) -> list[str]:
    """Each later run minus the first, per role: where a gap (or a gain) comes from."""
    names = list(runs)
    base = names[0]
    head = [f"{n} − {base}" for n in names[1:]]
    lines = ["| preset | contract | role (own points per deal) | " + " | ".join(head) + " |",
             "|---|---|---|" + "---|" * len(head)]
    cats = sorted({k[:2] for k in runs[base]}, key=lambda c: (c[0] != "standard", c[0], ORDER.index(c[1])))
    for preset, ctype in cats:
        for role in ("declarer", "defender"):
            cells = []
            for n in names[1:]:
                common = [k for k in runs[base] if k[:2] == (preset, ctype) and k[3] == role and k in runs[n]]
                cells.append(cell([runs[n][k] - runs[base][k] for k in common]))
            lines.append(f"| {preset} | {ctype} | {role} | " + " | ".join(cells) + " |")
    return lines


def table(runs: dict[str, dict]) -> list[str]:
    names = list(runs)
    cats = sorted({k[:2] for r in runs.values() for k in r},
                  key=lambda c: (c[0] != "standard", c[0], ORDER.index(c[1]) if c[1] in ORDER else 9))
    head = [f"{n} − B" for n in names] + [f"{b} − {a}" for a, b in itertools.combinations(names, 2)]
    lines = ["| preset | contract | " + " | ".join(head) + " |", "|---|---|" + "---|" * len(head)]
    for preset, ctype in cats:
        cells = []
        for n in names:
            xs = [v for k, v in runs[n].items() if k[:2] == (preset, ctype)]
            cells.append(cell(xs))
        for a, b in itertools.combinations(names, 2):
            common = [k for k in runs[a] if k[:2] == (preset, ctype) and k in runs[b]]
            cells.append(cell([runs[b][k] - runs[a][k] for k in common]))
        lines.append(f"| {preset} | {ctype} | " + " | ".join(cells) + " |")
    return lines


def gap_lines(runs: dict, base: str, new: str, top: str, share: float = 0.25) -> list[str]:
    """How much of the base→top gap `new` closes: mean(new − base) / mean(top − base), and
    the per-position test of closing `share` of it: (new − base) − share·(top − base)."""
    lines = [f"| preset | contract | positions | {new} − {base} | {top} − {base} | share closed | "
             f"({new} − {base}) − {share:g}·({top} − {base}) |", "|---|---|---|---|---|---|---|"]
    cats = sorted({k[:2] for k in runs[new]}, key=lambda c: (c[0] != "standard", c[0], ORDER.index(c[1])))
    for cat in cats:
        keys = [k for k in runs[new] if k[:2] == cat and k in runs[base] and k in runs[top]]
        if len(keys) < 2:
            continue
        gain = [runs[new][k] - runs[base][k] for k in keys]
        gap = [runs[top][k] - runs[base][k] for k in keys]
        ratio = sum(gain) / sum(gap) if sum(gap) else float("nan")
        test = [g - share * h for g, h in zip(gain, gap)]
        lines.append(f"| {cat[0]} | {cat[1]} | {len(keys)} | {cell(gain)} | {cell(gap)} | {ratio:.0%} | {cell(test)} |")
    return lines


def cell(xs) -> str:
    if not xs:
        return "—"
    m, ci, n = mean_ci(xs)
    return f"{m:+.2f} ± {ci:.2f} (n={n})"


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--csv"] and len(argv) == 3:  # --csv OUT.csv LOG[,LOG...]: keep just A − B per position
        rows = load(argv[2].split(","))
        with open(argv[1], "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["preset", "contract", "seed", "a_minus_b"])
            for (preset, ctype, seed), v in sorted(rows.items()):
                w.writerow([preset, ctype, seed, repr(v)])
        print(f"{len(rows)} positions -> {argv[1]}")
        return 0
    gap = None
    if "--gap" in argv:
        i = argv.index("--gap")
        gap = argv[i + 1].split(",")
        del argv[i:i + 2]
    roles = "--roles" in argv
    if roles:
        argv.remove("--roles")
    runs = {}
    for arg in argv:
        name, _, paths = arg.partition("=")
        if not paths:
            raise SystemExit(f"want NAME=LOG[,LOG...], got {arg!r}")
        if roles and any(p.endswith(".csv") for p in paths.split(",")):
            raise SystemExit("--roles needs the arena's unit logs (*.units.jsonl): a CSV keeps only A − B")
        one = roles and len(argv) == 1  # one run: its A against its B, role by role
        try:
            runs[name] = (load_role_gaps if one else load_roles if roles else load)(paths.split(","))
        except OSError as e:
            raise SystemExit(f"cannot read {e.filename}: {e.strerror}") from None
    if roles:
        if len(runs) == 1:  # load_role_gaps: the run's own A − B by role
            (name, gaps), = runs.items()
            print("\n".join(gap_role_lines(gaps, name)))
        else:
            print("\n".join(role_lines(runs)))
        return 0
    print("\n".join(table(runs)))
    if gap:
        print()
        print("\n".join(gap_lines(runs, *gap)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
