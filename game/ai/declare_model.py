"""How likely a declarer's cards make the contract it named (soft evidence for the expert).

A player who names hearts on its first six cards usually holds many hearts; plain sampling
gives it as many as chance does.  The likelihood is looked up by one number: the margin of
the named contract over the best other one in the rules-of-thumb estimate of the
declarer's 20 cards (its hand, the cards it has played and its discards: all known in a
sampled world).  The table comes from simulated deals (tools/ai/fit_declare_model.py).
"""

from __future__ import annotations

from .heuristic import estimate

BINS = 32
LOW, WIDTH = -8.0, 0.5  # margins from -8 to +8 in half points, the ends clipped


def kind_of(contract: str) -> str:
    return contract if contract in ("NT", "MT") else "suit"


def margin_bin(contract: str, est: dict[str, float]) -> int:
    """The table's bin of `contract`'s estimate minus the best other contract's."""
    other = max(w for d, w in est.items() if d != contract)
    return min(BINS - 1, max(0, int((est[contract] - other - LOW) / WIDTH)))


def margins(cards: int, contracts) -> dict[str, int]:
    """{contract: its margin bin} on these cards (what the fitting counts)."""
    est = {c: estimate(c, cards) for c in contracts}
    return {c: margin_bin(c, est) for c in est}


def likelihood(cards: int, named: str, contracts, seen: int) -> float:
    """P(the rules of thumb name `named` | the declarer's 20 cards), from the fitted table."""
    from .declare_table import TABLE

    est = {c: estimate(c, cards) for c in contracts}
    return TABLE[16 if seen >= 16 else 6][kind_of(named)][margin_bin(named, est)]


__all__ = ["likelihood", "margins", "kind_of", "BINS"]
