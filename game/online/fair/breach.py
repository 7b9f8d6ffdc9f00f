"""A breach of the rules or of the dealing protocol, and how a breached deal is scored.

Why one type: a breach is found in three places (a device's tracker at once, a crypto
check at once, the audit at the end) and must read the same everywhere: who, where, what.

The house rule (docs/FAIR_DEALING.md): the cheater scores as if it had taken no trick (in
a minimum-tricks deal, every trick), and the tricks it lost go to the other two, shared as
evenly as they can be, the odd one to the seat on the cheater's left.  So the cheater ends
the deal with the worst score its seat can have, the others gain, the three scores still
add up to 0, and they are trick counts the rules could produce, so the next deal's
exchange goes on as usual.  The contract counts as declared.
"""

from __future__ import annotations

from ...engine import fast
from ...engine.rules import MT


class Breach(Exception):
    """`seat` broke the rules or the protocol; `trick` (0-15) is where, None before play;
    `duty` (fair/dues.py) when it broke the deal by not sending what it owed in time."""

    def __init__(self, seat: int, reason: str, trick: int | None = None, duty: str | None = None):
        self.seat, self.reason, self.trick, self.duty = seat, reason, trick, duty
        where = f" in trick {trick + 1}" if trick is not None else ""
        super().__init__(f"seat {seat}{where}: {reason}")

    def key(self) -> tuple:
        return (self.seat, self.trick, self.reason)


def breached_tricks(cheater: int, targets, minimum: bool) -> list[int]:
    """Tricks each seat is scored as having taken when `cheater` breached the deal."""
    others = [(cheater + 1) % 3, (cheater + 2) % 3]
    taken = [0, 0, 0]
    if minimum:  # the cheater took everything, the others nothing
        taken[cheater] = 16
        return taken
    spare = targets[cheater]  # the tricks the cheater needed, given away
    for i, seat in enumerate(others):
        taken[seat] = targets[seat] + spare // 2 + (spare % 2 if i == 0 else 0)
    return taken


def breached_points(cheater: int, targets, contract: str | None) -> tuple[int, int, int]:
    """The deal's points under the house rule (targets: the deal's, after the contract)."""
    minimum = contract == MT
    return fast.score(breached_tricks(cheater, targets, minimum), targets, minimum)


__all__ = ["Breach", "breached_points", "breached_tricks"]
