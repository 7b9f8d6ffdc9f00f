"""Who passes to whom in the exchange (RULES.md, "The exchange"): a pure function of the
rules, the deal and the previous deal's points.

Why apart from Match: every device of a fair deal (game/online/fair) must work out the same
plan without holding a Match, so the rule lives once, here, and Match uses it too.
"""

from __future__ import annotations

from .rules import RuleSet, trump_of


def exchange_plan(rules: RuleSet, deal_number: int, contract: str | None, targets, previous_points) -> list[tuple[int, int]]:
    """The passes of a deal in order, as (giver, receiver) pairs; empty when there is no
    exchange (the first deal, the option off, or no trump after the contract)."""
    if not rules.exchange or deal_number == 0:
        return []
    if not rules.exchange_first and trump_of(contract) < 0:
        return []
    prev = previous_points
    ups = sorted((s for s in range(3) if prev[s] > 0), key=lambda s: -targets[s])
    downs = sorted((s for s in range(3) if prev[s] < 0), key=lambda s: -targets[s])
    if not ups:
        return []
    if len(ups) == 1:
        return [(ups[0], d) for d in downs for _ in range(-prev[d])]
    return [(u, downs[0]) for u in ups for _ in range(prev[u])]


__all__ = ["exchange_plan"]
