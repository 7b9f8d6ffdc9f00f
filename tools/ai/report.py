"""Markdown tables from arena JSON files (python -m game.arena ... --json f.json).

    python -m tools.ai.report hr.json hh.json:standard/NT,standard/MT extra.json

A `:preset/type,...` suffix keeps only those rows of a file.  Rows of the same match-up,
preset and contract type from several files (e.g. two seeds) are pooled: means weighted
by deals, standard errors combined.  Player names are cut at ':' ("hard:worlds=8" ->
"hard") so tuned runs pool with their default-named twins only when asked to.
"""

from __future__ import annotations

import json
import math
import sys

TYPES = ("trump", "NT", "MT", "all")


def load(spec: str) -> list[tuple]:
    path, _, filt = spec.partition(":")
    keep = set(filt.split(",")) if filt else None
    with open(path) as f:
        rep = json.load(f)
    a, b = rep["players"][:2]
    out = []
    for preset, s in rep["presets"].items():
        for t in TYPES:
            if keep is not None and f"{preset}/{t}" not in keep:
                continue
            p = s["points"].get(t)
            d = s["difference"].get(t)
            if not p or not d:
                continue
            out.append(((a.split(":")[0], b.split(":")[0], preset, t), p[a]["units"], p[a]["mean"], p[a]["ci95"],
                        d["mean"], d["ci95"]))
    return out


def pool(rows: list[tuple]) -> dict:
    acc: dict = {}
    for key, n, m, ci, dm, dci in rows:
        acc.setdefault(key, []).append((n, m, ci / 1.96, dm, dci / 1.96))
    out = {}
    for key, parts in acc.items():
        n = sum(p[0] for p in parts)
        m = sum(p[0] * p[1] for p in parts) / n
        se = math.sqrt(sum((p[0] * p[2]) ** 2 for p in parts)) / n
        dm = sum(p[0] * p[3] for p in parts) / n
        dse = math.sqrt(sum((p[0] * p[4]) ** 2 for p in parts)) / n
        out[key] = (n, m, 1.96 * se, dm, 1.96 * dse)
    return out


def main() -> None:
    rows = [r for spec in sys.argv[1:] for r in load(spec)]
    print("| match-up | preset | contract | deals | A points/deal (95% CI) | A − B per deal (95% CI) |")
    print("|---|---|---|---|---|---|")
    for (a, b, preset, t), (n, m, ci, dm, dci) in pool(rows).items():
        print(f"| {a} vs {b} | {preset} | {t} | {n} | {m:+.2f} ± {ci:.2f} | {dm:+.2f} ± {dci:.2f} |")


if __name__ == "__main__":
    main()
