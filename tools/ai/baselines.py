"""Compute game/ai/baselines.py: the declarer's mean simulated points per contract on a
random deal, the option value a contract keeps when it is declared later instead.

    python -m tools.ai.baselines [deals]
"""

from __future__ import annotations

import random
import sys

from game.ai.search import deal_points, simulate_deal
from game.engine import RuleSet


def baseline(must_trump: bool, deals: int, seed: int = 7) -> dict:
    rules = RuleSet.preset("blato" if must_trump else "standard")
    rng = random.Random(seed)
    out = {}
    for c in rules.contracts:
        total = 0
        for _ in range(deals):
            deck = list(range(52))
            rng.shuffle(deck)
            hands = [sum(1 << i for i in deck[16 * s:16 * s + 16]) for s in range(3)]
            pool = sum(1 << i for i in deck[48:])
            taken = simulate_deal(hands, pool, 1, c, must_trump)
            total += deal_points(taken, rules.targets(0, c), c == "MT", 1)
        out[c] = round(total / deals, 3)
    return out


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    table = {"standard": baseline(False, deals), "blato": baseline(True, deals)}
    with open("game/ai/baselines.py", "w") as f:
        f.write('"""Declarer\'s mean simulated points per contract on a random deal (tools/ai/baselines.py)."""\n\n')
        f.write(f"BASELINE = {table!r}\n")
    print(table)


if __name__ == "__main__":
    main()
