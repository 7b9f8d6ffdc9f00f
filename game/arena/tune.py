"""Sweep a player's settings over duplicate positions: strength against decision time.

    python -m game.arena.tune --player expert --grid "worlds=16,32;doubt=0.35,1" --also hard,oracle \\
        --preset standard --types trump --deals 60 --jobs 2 --out docs/notes/ai-tune

Every setting plays the same positions (arena deal mode) against two copies of `--against`
(heuristic by default), A in each seat.  For each setting the table gives A − B per deal
with its 95% CI, the paired difference from the first setting (the same positions, so
most of the luck of the cards cancels), and A's decision times (median, p99).  The plot
puts one point per setting: strength against median decision time, with the CIs.  Each
setting's finished units are logged under `--cache`, so an interrupted sweep resumes.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import time

from .backends import BACKENDS, Progress, UnitLog, job_key, run_units
from .duplicate import build_player, make_jobs_for, mean_ci, per_unit_scores, run_unit


def grid_specs(player: str, grid: str) -> list[str]:
    """'worlds=16,32;doubt=0.35,1' -> every combination as an arena spec 'expert:worlds=16;doubt=0.35'."""
    axes = []
    for part in filter(None, (p.strip() for p in grid.split(";"))):
        key, _, values = part.partition("=")
        if not values:
            raise ValueError(f"bad grid part {part!r}: want key=v1,v2")
        axes.append([f"{key.strip()}={v.strip()}" for v in values.split(",") if v.strip()])
    if not axes:
        return [player]
    return [f"{player}:" + ";".join(combo) for combo in itertools.product(*axes)]


def sweep(specs, against: str, presets, types, deals: int, seed: int, backend: str, jobs: int,
          address: str | None, cache: str | None, quiet: bool = False) -> dict:
    """{spec: {"diffs": [per-unit A−B in unit order], "keys": [...], "times": [...]}}."""
    out = {}
    for spec in specs:
        names = [spec, against]
        order = make_jobs_for(names, presets, types, deals, seed)
        log = UnitLog(os.path.join(cache, _file_name(spec, against) + ".jsonl") if cache else None)
        todo = [j for j in order if job_key(j) not in log.done]
        bar = Progress(len(order), len(order) - len(todo), enabled=not quiet)
        if not quiet:
            print(f"-- {spec}: {len(todo)} of {len(order)} units to run", file=sys.stderr)
        for job, unit in run_units(run_unit, todo, backend, jobs, address):
            log.add(job, unit)
            bar.step()
        diffs, keys, times = [], [], []
        for job in order:
            unit = log.done[job_key(job)]
            s = per_unit_scores(unit, names)
            diffs.append(s[("all", spec)] - s[("all", against)])
            keys.append(job_key(job[1:]))
            times.extend(unit["times"].get(spec, []))
        out[spec] = {"diffs": diffs, "keys": keys, "times": sorted(times)}
    return out


def _file_name(spec: str, against: str) -> str:
    keep = "".join(ch if ch.isalnum() or ch in "=._-" else "_" for ch in f"{spec}_vs_{against}")
    return keep[:150]


def table_rows(results: dict) -> list[dict]:
    specs = list(results)
    ref = results[specs[0]]["diffs"]
    rows = []
    for spec in specs:
        r = results[spec]
        m, ci, n = mean_ci(r["diffs"])
        pm, pci, _ = mean_ci([a - b for a, b in zip(r["diffs"], ref)])
        ts = r["times"]
        med = 1000 * statistics.median(ts) if ts else float("nan")
        p99 = 1000 * ts[min(len(ts) - 1, int(0.99 * len(ts)))] if ts else float("nan")
        rows.append(dict(spec=spec, n=n, mean=m, ci=ci, paired=pm, paired_ci=pci, median_ms=med, p99_ms=p99,
                         decisions=len(ts)))
    return rows


def write_table(rows: list[dict], path: str, title: str) -> None:
    ref = rows[0]["spec"]
    lines = [f"# {title}", "",
             f"A − B is the setting's points per deal minus its opponents' (two copies of the same player, "
             f"A in each seat), mean over positions with its 95% CI; 'paired − {ref}' is the per-position "
             "difference from the first row.  Times are A's decisions with more than one legal action "
             "(wall clock, shared 2-core machine).", "",
             f"| setting | positions | A − B per deal | paired − {ref} | median ms | p99 ms | decisions |",
             "|---|---|---|---|---|---|---|"]
    for r in rows:
        paired = "—" if r["spec"] == ref else f"{r['paired']:+.3f} ± {r['paired_ci']:.3f}"
        lines.append(f"| `{r['spec']}` | {r['n']} | {r['mean']:+.3f} ± {r['ci']:.3f} | {paired} | "
                     f"{r['median_ms']:.1f} | {r['p99_ms']:.0f} | {r['decisions']} |")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def write_plot(rows: list[dict], path: str, title: str) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(8, 5), dpi=110)
    for r in rows:
        x = max(r["median_ms"], 0.01)
        ax.errorbar([x], [r["mean"]], yerr=[r["ci"]], fmt="o", capsize=4)
        label = r["spec"].replace(":", ":\n").replace(";", "\n")  # long settings, one per line
        ax.annotate(label, (x, r["mean"]), textcoords="offset points", xytext=(6, 2), fontsize=7, va="top")
    ax.set_xscale("log")
    ax.set_xlabel("median decision time (ms, log scale)")
    ax.set_ylabel("A − B points per deal (95% CI)")
    ax.set_title(title, fontsize=10)
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, bbox_inches="tight")
    plt.close(fig)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.arena.tune", description=__doc__.split("\n\n")[0])
    ap.add_argument("--player", default="hard", help="strength whose settings are swept")
    ap.add_argument("--grid", default="", help="settings to sweep: 'worlds=8,16;horizon=4,5'")
    ap.add_argument("--also", default="", help="extra specs to include, first one first: 'hard,oracle'")
    ap.add_argument("--against", default="heuristic")
    ap.add_argument("--preset", default="standard")
    ap.add_argument("--types", default="trump")
    ap.add_argument("--deals", type=int, default=60, help="positions per preset and contract type")
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--backend", choices=BACKENDS, default="local")
    ap.add_argument("--address", help="Ray cluster address (default RAY_ADDRESS, else local Ray)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--cache", default="build/tune", help="directory of per-setting unit logs (resume)")
    ap.add_argument("--out", default="docs/notes/ai-tune", help="writes OUT.md and OUT.png")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    try:
        specs = [s for s in args.also.split(",") if s.strip()] + grid_specs(args.player, args.grid)
        for spec in specs:
            build_player(spec, 0)
        build_player(args.against, 0)
    except (ValueError, TypeError) as e:
        ap.error(str(e))
    specs = list(dict.fromkeys(s.strip() for s in specs))
    presets = [p for p in args.preset.split(",") if p]
    types = [t for t in args.types.split(",") if t]
    if args.cache:
        os.makedirs(args.cache, exist_ok=True)
    t0 = time.time()
    results = sweep(specs, args.against, presets, types, args.deals, args.seed, args.backend, args.jobs,
                    args.address, args.cache, args.quiet)
    rows = table_rows(results)
    title = (f"Sweep vs {args.against}: {'/'.join(presets)} {'/'.join(types)}, {args.deals} positions each, "
             f"seed {args.seed}")
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    write_table(rows, args.out + ".md", title)
    write_plot(rows, args.out + ".png", title)
    for r in rows:
        print(f"{r['spec']:50s} n={r['n']:4d} {r['mean']:+.3f} ±{r['ci']:.3f}  paired {r['paired']:+.3f} "
              f"±{r['paired_ci']:.3f}  median {r['median_ms']:.1f} ms p99 {r['p99_ms']:.0f} ms")
    print(f"-- wrote {args.out}.md and {args.out}.png in {time.time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
