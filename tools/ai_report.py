"""Markdown tables from arena JSON files (python -m game.arena ... --json f.json).

    python -m tools.ai_report results/hr.json results/hh_standard.json ...
"""

from __future__ import annotations

import json
import sys


def rows(path: str) -> list[str]:
    with open(path) as f:
        rep = json.load(f)
    a, b = rep["players"][:2]
    out = []
    for preset, s in rep["presets"].items():
        for t in ("trump", "NT", "MT", "all"):
            p = s["points"].get(t)
            if not p:
                continue
            d = s["difference"].get(t, {})
            pa = p[a]
            out.append(f"| {a} vs {b} | {preset} | {t} | {pa['units']} | {pa['mean']:+.2f} ± {pa['ci95']:.2f} | "
                       f"{d.get('mean', float('nan')):+.2f} ± {d.get('ci95', float('nan')):.2f} |")
    return out


def main() -> None:
    print("| match-up | preset | contract | deals | A points/deal (95% CI) | A − B per deal (95% CI) |")
    print("|---|---|---|---|---|---|")
    for path in sys.argv[1:]:
        for r in rows(path):
            print(r)


if __name__ == "__main__":
    main()
