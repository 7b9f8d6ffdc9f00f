"""Fit the expert's model of how a contract was chosen (writes game/ai/declare_table.py).

    python -m tools.ai.fit_declare_model [--deals 200000] [--seed 358]

The expert weighs each sampled world by how likely the declarer's cards in it make the
contract it named.  Simulated deals give that likelihood: a random hand of 16 and a kitty
of 4, the contract the rules of thumb choose on the cards seen when declaring (the first
6, or all 16), and for every contract c the margin of c over the best other contract on
the declarer's 20 cards (hand + kitty, which a world knows: hand, cards played, discards).
The table is P(c was named | margin bin), per kind of contract (a suit, NT, MT).
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from game.ai.declare_model import BINS, kind_of, margins
from game.ai.heuristic import choose_contract

CONTRACTS = ("S", "H", "D", "C", "NT", "MT")
OUT = Path(__file__).resolve().parents[2] / "game" / "ai" / "declare_table.py"


def fit(deals: int, seed: int, seen: int) -> dict:
    rng = random.Random(seed)
    named = {k: [0] * BINS for k in ("suit", "NT", "MT")}
    total = {k: [0] * BINS for k in ("suit", "NT", "MT")}
    deck = list(range(52))
    for _ in range(deals):
        rng.shuffle(deck)
        first = sum(1 << c for c in deck[:seen])
        twenty = sum(1 << c for c in deck[:20])
        chosen = choose_contract(first, CONTRACTS, False)
        for c, b in margins(twenty, CONTRACTS).items():
            k = kind_of(c)
            total[k][b] += 1
            named[k][b] += c == chosen
    # Laplace-smoothed rates, floored so that no world is ruled out by the model alone
    return {k: [round(max(0.02, (named[k][b] + 1) / (total[k][b] + 2)), 4) for b in range(BINS)]
            for k in named}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=358)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    tables = {seen: fit(args.deals, args.seed + seen, seen) for seen in (6, 16)}
    lines = [
        '"""P(contract named | its margin bin on the declarer\'s 20 cards), per cards seen when',
        f'declaring (6 or 16) and kind.  Written by `python -m tools.ai.fit_declare_model --deals {args.deals} '
        f'--seed {args.seed}`."""',
        "",
        "TABLE = {",
    ]
    for seen, table in tables.items():
        lines.append(f"    {seen}: {{")
        for k, row in table.items():
            lines.append(f"        {k!r}: {row!r},")
        lines.append("    },")
    lines.append("}")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"fit_declare_model: {args.deals} deals x 2 in {time.perf_counter() - t0:.1f} s -> {OUT}")
    for seen, table in tables.items():
        for k, row in table.items():
            print(f"  seen {seen:2d} {k:4s} " + " ".join(f"{p:.2f}" for p in row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
