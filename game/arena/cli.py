"""Duplicate matches between computer players, from the command line.

    python -m game.arena --players hard,heuristic --preset standard --deals 400 --json out.json

The work is in ``duplicate`` (positions, units, scores) and ``backends`` (where units run,
progress, the resume log); this module reads the options and prints the tables.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from .backends import BACKENDS, Progress, UnitLog, job_key, normalized, run_units
from .duplicate import TYPES, build_jobs, build_player, run_unit, summarize


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m game.arena", description="Duplicate matches between computer players.")
    ap.add_argument("--players", default="heuristic,random",
                    help="two or three of: random, heuristic, easy, normal, hard, expert, oracle (arena only)")
    ap.add_argument("--preset", default="standard", help="comma list of presets: standard, blato, classic")
    ap.add_argument("--mode", choices=("deal", "match"), default="deal")
    ap.add_argument("--types", default="trump,NT,MT", help="deal mode: contract types to force")
    ap.add_argument("--deals", type=int, default=100, help="deals per preset and contract type (deal mode) or in all (match mode)")
    ap.add_argument("--first", type=int, default=0, help="index of the first position (extends an earlier run)")
    ap.add_argument("--tables", choices=("single", "all"), default="single")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (local) or CPUs of a local Ray instance")
    ap.add_argument("--backend", choices=BACKENDS, default="local",
                    help="local processes, or Ray tasks (pip install -e '.[cluster]')")
    ap.add_argument("--address", help="Ray cluster address (default: RAY_ADDRESS, else a local Ray instance)")
    ap.add_argument("--option", action="append", default=[], help="rule option key=value, e.g. must_trump=true")
    ap.add_argument("--json", help="write the summary here (also after every --progress units)")
    ap.add_argument("--units", help="log of finished units (default: the --json path + .units.jsonl); "
                                    "running the same command again resumes from it")
    ap.add_argument("--restart", action="store_true", help="ignore units already in the log")
    ap.add_argument("--progress", type=int, default=0, help="print and save partial results every N units")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    return ap


def main(argv=None) -> int:
    ap = parser()
    args = ap.parse_args(argv)
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    if not 1 <= len(names) <= 3 or len(set(names)) != len(names):
        ap.error("give one to three different players")
    options = {}
    for o in args.option:
        k, _, v = o.partition("=")
        options[k] = {"true": True, "false": False}.get(v.lower(), int(v) if v.isdigit() else v)
    try:
        for n in names:
            build_player(n, 0)
        order, presets = build_jobs(args, names, options)
    except (ValueError, TypeError, KeyError) as e:
        ap.error(str(e))
    units_path = args.units or (args.json + ".units.jsonl" if args.json else None)
    if args.restart and units_path and os.path.exists(units_path):
        os.remove(units_path)
    log = UnitLog(units_path)
    units: dict[str, list] = {p: [] for p in presets}
    todo = []
    for job in order:
        got = log.done.get(job_key(job))
        if got is not None:
            units[got["preset"]].append(got)
        else:
            todo.append(job)
    if len(todo) < len(order):
        print(f"-- resuming: {len(order) - len(todo)} of {len(order)} units already in {units_path}", file=sys.stderr)
    t0 = time.time()

    def report(final: bool) -> None:
        rep = {"players": names, "mode": args.mode, "seed": args.seed, "final": final, "backend": args.backend,
               "presets": {}}
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

    bar = Progress(len(order), len(order) - len(todo), enabled=not args.quiet)
    for k, (job, unit) in enumerate(run_units(run_unit, todo, args.backend, args.jobs, args.address), 1):
        log.add(job, unit)
        units[unit["preset"]].append(normalized(unit))
        bar.step()
        if args.progress and k % args.progress == 0:
            print(f"-- {bar.done}/{len(order)} units")
            report(False)
    report(True)
    print(f"-- {len(todo)} units run in {time.time() - t0:.1f} s wall ({args.backend}, {args.jobs} jobs)")
    return 0


def print_summary(preset: str, s: dict, names: list[str]) -> None:
    print(f"== {preset} ({s['seconds']:.0f} s)")
    if len(names) == 3:
        for pair, by_type in s.get("pairs", {}).items():
            cells = "  ".join(f"{t} {d['mean']:+.3f} ±{d['ci95']:.3f} (n={d['units']})" for t, d in by_type.items())
            print(f"  {pair}: {cells}")
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

