"""An exact search of the last tricks against a model of the other two seats.

The double-dummy solver assumes the other two play perfectly together against me.  Real
opponents do not: this search lets them play the rules of thumb (the heuristic card
policy, the same model the expert's world weighting uses) and maximises over my own
cards only, so a position is valued by what the model of them would actually let me
take.  With one branch at their turns it is far cheaper than the double-dummy solve,
so it can look further.  Same interface as `Solver` (value, root_values, nodes, limit, tt).
"""

from __future__ import annotations

from game.engine.cards import SUIT_OF as _SUIT_OF

from .policy import choose_card
from .solver import Budget, Solver, moves


class ModelSolver(Solver):
    """Remaining tricks that go `me`'s way when I play best and the others play the model."""

    def __init__(self, trump: int, must_trump: bool, me: int, minimize: bool,
                 declarer: int = -1, hidden: int = 0):
        super().__init__(trump, must_trump, me, minimize)
        self.declarer = declarer
        self.hidden = hidden  # the discards: cards still "out" for the two defenders

    def value(self, hands, leader: int, trick=()) -> int:
        return self._search(list(hands), leader, list(trick))

    def root_values(self, hands, leader: int, trick, candidates) -> dict[int, int]:
        out = {}
        seat = (leader + len(trick)) % 3
        for c in candidates:
            h = list(hands)
            h[seat] ^= 1 << c
            out[c] = self._after(h, leader, list(trick) + [c])
        return out

    def _after(self, hands, leader, trick) -> int:
        """Value once a card has been added to `trick` (closing it when it is full)."""
        if len(trick) == 3:
            winner = self._winner(leader, trick)
            good = 1 if (winner == self.me) != self.minimize else 0
            return good + self._search(hands, winner, [])
        return self._search(hands, leader, trick)

    def _search(self, hands, leader, trick) -> int:
        n = len(trick)
        key = None
        if n == 0:
            self.nodes += 1
            if self.nodes > self.limit:
                raise Budget
            if not hands[leader]:
                return 0
            key = (hands[0], hands[1], hands[2], leader)
            got = self.tt.get(key)
            if got is not None:
                return got
        seat = (leader + n) % 3
        hand = hands[seat]
        if seat == self.me:
            live = hands[0] | hands[1] | hands[2]
            for c in trick:
                live |= 1 << c
            led = _SUIT_OF[trick[0]] if n else -1
            best = -1
            for c in moves(hand, led, self.trump, self.must_trump, live):
                hands[seat] = hand ^ (1 << c)
                trick.append(c)
                v = self._after(hands, leader, trick)
                trick.pop()
                if v > best:
                    best = v
            hands[seat] = hand
        else:
            out = 0 if seat == self.declarer else self.hidden
            for i in (0, 1, 2):
                if i != seat:
                    out |= hands[i]
            c = choose_card(hand, out, trick, leader, seat, self.trump, self.must_trump, self.minimize)
            hands[seat] = hand ^ (1 << c)
            trick.append(c)
            best = self._after(hands, leader, trick)
            trick.pop()
            hands[seat] = hand
        if key is not None:
            self.tt[key] = best
        return best


__all__ = ["ModelSolver"]
