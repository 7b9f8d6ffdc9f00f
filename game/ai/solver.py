"""Exact double-dummy solver for the last few tricks: me against the other two.

My deal score is linear in my own tricks (more is better, or fewer in MT), so the value
of a position is the number of remaining tricks that go my way; the other two seats are
assumed to play together against me.  Alpha-beta with a transposition table on trick
boundaries; the table is kept by the caller across candidate cards of one world.
Cards adjacent in rank among the cards still out are equivalent, so only one is tried.
"""

from __future__ import annotations

from game.engine.cards import SUIT_MASKS, SUIT_BITS

_SUIT_OF = tuple(i // 13 for i in range(52))
_DESC = tuple(tuple(i for i in range(12, -1, -1) if v >> i & 1) for v in range(1 << 13))


def moves(hand: int, led: int, trump: int, must_trump: bool, live: int) -> list[int]:
    """Legal cards, one per run of equivalent cards, high first within a suit."""
    if led >= 0:
        legal = hand & SUIT_MASKS[led]
        if not legal:
            legal = hand
            if must_trump and trump >= 0 and hand & SUIT_MASKS[trump]:
                legal = hand & SUIT_MASKS[trump]
    else:
        legal = hand
    out = []
    for s in range(4):
        bits = legal >> (13 * s) & SUIT_BITS
        if not bits:
            continue
        prev_mine = False
        for i in _DESC[live >> (13 * s) & SUIT_BITS | bits]:
            if bits >> i & 1:
                if not prev_mine:
                    out.append(13 * s + i)
                    prev_mine = True
            else:
                prev_mine = False
    return out


class Solver:
    """Solve(hands, leader, trick) -> remaining tricks that go `me`'s way, exactly."""

    def __init__(self, trump: int, must_trump: bool, me: int, minimize: bool):
        self.trump = trump
        self.must_trump = must_trump
        self.me = me
        self.minimize = minimize
        self.tt: dict = {}
        self.nodes = 0

    def value(self, hands, leader: int, trick=(), alpha: int = -1, beta: int = 99) -> int:
        """Exact value (within alpha-beta window) of the position; trick = card indices on the table."""
        hands = list(hands)
        return self._search(hands, leader, list(trick), alpha, beta)

    def _search(self, hands, leader, trick, alpha, beta):
        self.nodes += 1
        n = len(trick)
        if n == 0:
            if not hands[leader]:
                return 0
            key = (hands[0], hands[1], hands[2], leader)
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            a0, b0 = alpha, beta
        seat = (leader + n) % 3
        hand = hands[seat]
        trump = self.trump
        led = _SUIT_OF[trick[0]] if n else -1
        live = hands[0] | hands[1] | hands[2]
        for c in trick:
            live |= 1 << c
        cards = moves(hand, led, trump, self.must_trump, live)
        maximizing = seat == self.me
        best = -1 if maximizing else 99
        for c in cards:
            hands[seat] = hand ^ (1 << c)
            trick.append(c)
            if n == 2:
                b = 0
                for i in (1, 2):
                    x, y = trick[i], trick[b]
                    if (_SUIT_OF[x] == _SUIT_OF[y] and x > y) or (_SUIT_OF[x] == trump and _SUIT_OF[y] != trump):
                        b = i
                winner = (leader + b) % 3
                good = 1 if (winner == self.me) != self.minimize else 0
                v = good + self._search(hands, winner, [], alpha - good, beta - good)
            else:
                v = self._search(hands, leader, trick, alpha, beta)
            trick.pop()
            if maximizing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        hands[seat] = hand
        if n == 0:
            lo, hi = self.tt.get(key, (0, 99))
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.tt[key] = (lo, hi)
        return best

    def root_values(self, hands, leader: int, trick, candidates) -> dict[int, int]:
        """Exact value of each candidate card for the seat to act (which must be me)."""
        out = {}
        seat = (leader + len(trick)) % 3
        for c in candidates:
            h = list(hands)
            h[seat] ^= 1 << c
            t = list(trick) + [c]
            if len(t) == 3:
                b = 0
                for i in (1, 2):
                    x, y = t[i], t[b]
                    if (_SUIT_OF[x] == _SUIT_OF[y] and x > y) or (_SUIT_OF[x] == self.trump and _SUIT_OF[y] != self.trump):
                        b = i
                winner = (leader + b) % 3
                good = 1 if (winner == self.me) != self.minimize else 0
                out[c] = good + self._search(h, winner, [], -1, 99)
            else:
                out[c] = self._search(h, leader, t, -1, 99)
        return out
