"""Exact double-dummy solver for the last few tricks: me against the other two.

My deal score is linear in my own tricks (more is better, or fewer in MT), so the value
of a position is the number of remaining tricks that go my way; the other two seats are
assumed to play together against me.  Alpha-beta with a transposition table on trick
boundaries; the table is kept by the caller across candidate cards of one world.
Cards adjacent in rank among the cards still out are equivalent, so only one is tried.
"""

from __future__ import annotations

from game.engine.cards import SUIT_BITS, SUIT_MASKS
from game.engine.cards import SUIT_BITS_DESC as _DESC  # shared tables, built once
from game.engine.cards import SUIT_OF as _SUIT_OF

_RUNS: dict = {}


def _runs(s: int, bits: int, live: int) -> tuple:
    """One card per run of my cards `bits` in suit s, given the suit's live cards; cached."""
    key = (s << 26) | (live << 13) | bits
    got = _RUNS.get(key)
    if got is None:
        out = []
        prev_mine = False
        for i in _DESC[live | bits]:
            if bits >> i & 1:
                if not prev_mine:
                    out.append(13 * s + i)
                    prev_mine = True
            else:
                prev_mine = False
        got = _RUNS[key] = tuple(out)
        if len(_RUNS) > 200000:
            _RUNS.clear()
    return got


def moves(hand: int, led: int, trump: int, must_trump: bool, live: int) -> list[int]:
    """Legal cards, one per run of equivalent cards, high first within a suit."""
    if led >= 0:
        legal = hand & SUIT_MASKS[led]
        if legal:
            return list(_runs(led, legal >> (13 * led), live >> (13 * led) & SUIT_BITS))
        legal = hand
        if must_trump and trump >= 0 and hand & SUIT_MASKS[trump]:
            legal = hand & SUIT_MASKS[trump]
            return list(_runs(trump, legal >> (13 * trump), live >> (13 * trump) & SUIT_BITS))
    else:
        legal = hand
    out = []
    for s in (0, 1, 2, 3):
        bits = legal >> (13 * s) & SUIT_BITS
        if bits:
            out.extend(_runs(s, bits, live >> (13 * s) & SUIT_BITS))
    return out


class Budget(Exception):
    """The solver ran past its node limit (the caller falls back to a playout)."""


class Solver:
    """Remaining tricks that go `me`'s way under best play, exactly."""

    def __init__(self, trump: int, must_trump: bool, me: int, minimize: bool):
        self.trump = trump
        self.must_trump = must_trump
        self.me = me
        self.minimize = minimize
        self.tt: dict = {}
        self.nodes = 0
        self.limit = 1 << 60  # raise Budget past this many nodes

    def value(self, hands, leader: int, trick=(), alpha: int = -1, beta: int = 99) -> int:
        """Exact value (within the alpha-beta window) of the position; trick = card indices on the table."""
        hands = list(hands)
        live = hands[0] | hands[1] | hands[2]
        for c in trick:
            live |= 1 << c
        return self._search(hands, leader, list(trick), live, alpha, beta)

    def _winner(self, leader: int, trick) -> int:
        trump = self.trump
        b = 0
        for i in (1, 2):
            x, y = trick[i], trick[b]
            sx, sy = _SUIT_OF[x], _SUIT_OF[y]
            if (sx == sy and x > y) or (sx == trump and sy != trump):
                b = i
        return (leader + b) % 3

    def _order(self, cards, leader, trick, maximizing):
        """Likely best first: take the trick cheaply if its current winner is on the wrong
        side, else play low (or, ducking in MT, high under the winner)."""
        trump = self.trump
        b = 0
        if len(trick) == 2:
            x, y = trick[1], trick[0]
            if (_SUIT_OF[x] == _SUIT_OF[y] and x > y) or (_SUIT_OF[x] == trump and _SUIT_OF[y] != trump):
                b = 1
        best = trick[b]
        sb = _SUIT_OF[best]
        good_side = ((leader + b) % 3 == self.me) != self.minimize
        happy = good_side == maximizing
        win, lose = [], []
        for c in cards:
            sc = _SUIT_OF[c]
            if (sc == sb and c > best) or (sc == trump and sb != trump):
                win.append(c)
            else:
                lose.append(c)
        if happy:
            return lose + win
        win.reverse()
        return win + lose

    def _search(self, hands, leader, trick, live, alpha, beta):
        n = len(trick)
        if n == 0:
            self.nodes += 1
            if self.nodes > self.limit:
                raise Budget
            h = hands[leader]
            if not h:
                return 0
            if not h & (h - 1):  # one card each: the last trick plays itself
                w = self._winner(leader, [h.bit_length() - 1, hands[(leader + 1) % 3].bit_length() - 1,
                                          hands[(leader + 2) % 3].bit_length() - 1])
                return 1 if (w == self.me) != self.minimize else 0
            key = (hands[0], hands[1], hands[2], leader)
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi = entry
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            else:
                lo, hi = 0, bin(h).count("1")
                if hi <= alpha:
                    return hi
            a0, b0 = alpha, beta
            live = hands[0] | hands[1] | hands[2]
        seat = (leader + n) % 3
        hand = hands[seat]
        led = _SUIT_OF[trick[0]] if n else -1
        cards = moves(hand, led, self.trump, self.must_trump, live)
        maximizing = seat == self.me
        if n and len(cards) > 1:
            cards = self._order(cards, leader, trick, maximizing)
        best = -1 if maximizing else 99
        for c in cards:
            hands[seat] = hand ^ (1 << c)
            trick.append(c)
            if n == 2:
                winner = self._winner(leader, trick)
                good = 1 if (winner == self.me) != self.minimize else 0
                v = good + self._search(hands, winner, [], 0, alpha - good, beta - good)
            else:
                v = self._search(hands, leader, trick, live, alpha, beta)
            trick.pop()
            if maximizing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        hands[seat] = hand
        if n == 0:
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
        live = hands[0] | hands[1] | hands[2]
        for c in trick:
            live |= 1 << c
        for c in candidates:
            h = list(hands)
            h[seat] ^= 1 << c
            t = list(trick) + [c]
            if len(t) == 3:
                winner = self._winner(leader, t)
                good = 1 if (winner == self.me) != self.minimize else 0
                out[c] = good + self._search(h, winner, [], 0, -1, 99)
            else:
                out[c] = self._search(h, leader, t, live, -1, 99)
        return out
