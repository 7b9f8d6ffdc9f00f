"""Exactly uniform sampling of hidden cards among the holders that may hold them.

Why a dynamic program: evidence (voids, exchange caps, known passed cards) makes some
cards impossible for some holders, and greedy deal-out samplers are then biased.  Here
every card has a set of allowed holders; we count, per suit, the ways to split the suit's
hidden cards with given counts per holder (a DP over the suit's cards), combine suits with
a DP over remaining hand sizes, then draw suit splits and card placements proportionally
to the exact counts (Python big integers, ``randrange``), so each consistent world is
equally likely.  Building costs a few ms; each world afterwards is cheap.
"""

from __future__ import annotations

import random

from game.engine.cards import SUIT_MASKS, popcount, indices_of


class Inconsistent(ValueError):
    """No assignment of hidden cards fits the constraints."""


class Sampler:
    """Uniform sampler over assignments of `unknown` cards to holders.

    sizes[h]: how many unknown cards holder h holds.  allowed[h]: mask of the cards holder h
    may hold.  sample(rng) returns one mask per holder.
    """

    def __init__(self, unknown: int, sizes, allowed):
        self.unknown = unknown
        self.sizes = tuple(sizes)
        self.allowed = tuple(a & unknown for a in allowed)
        self.h = len(self.sizes)
        if popcount(unknown) != sum(self.sizes) or min(self.sizes, default=0) < 0:
            raise Inconsistent("hand sizes do not add up to the hidden cards")
        self.free = all(a == unknown for a in self.allowed)
        if self.free:
            self.cards = indices_of(unknown)
            self._total = None
            return
        self._suits = [self._suit_table(s) for s in range(4)]
        self._memo: dict = {}
        if self._ways(0, self.sizes) == 0:
            raise Inconsistent("no world fits the evidence")

    def _suit_table(self, suit: int):
        """Per-card allowed holders and forward DP tables F[j]: counts -> ways."""
        cards = indices_of(self.unknown & SUIT_MASKS[suit])
        holders = []
        for c in cards:
            hs = tuple(h for h in range(self.h) if self.allowed[h] >> c & 1)
            if not hs:
                raise Inconsistent("a hidden card can be nowhere")
            holders.append(hs)
        sizes = self.sizes
        zero = (0,) * self.h
        tables = [{zero: 1}]
        for hs in holders:
            nxt: dict = {}
            for counts, w in tables[-1].items():
                for h in hs:
                    if counts[h] < sizes[h]:
                        k = counts[:h] + (counts[h] + 1,) + counts[h + 1:]
                        nxt[k] = nxt.get(k, 0) + w
            tables.append(nxt)
        return cards, holders, tables

    def _ways(self, suit: int, rem) -> int:
        """Ways to deal suits suit..3 filling exactly the remaining sizes `rem`."""
        if suit == 3:
            return self._suits[3][2][-1].get(rem, 0)
        key = (suit, rem)
        got = self._memo.get(key)
        if got is not None:
            return got
        total = 0
        for k, w in self._suits[suit][2][-1].items():
            r = tuple(a - b for a, b in zip(rem, k))
            if min(r) >= 0:
                total += w * self._ways(suit + 1, r)
        self._memo[key] = total
        return total

    def count(self) -> int:
        """Number of consistent worlds (assignments)."""
        if self.free:
            from math import comb
            n, total = len(self.cards), 1
            for s in self.sizes:
                total *= comb(n, s)
                n -= s
            return total
        return self._ways(0, self.sizes)

    def sample(self, rng: random.Random) -> list[int]:
        out = [0] * self.h
        if self.free:
            cards = self.cards[:]
            rng.shuffle(cards)
            i = 0
            for h, n in enumerate(self.sizes):
                m = 0
                for c in cards[i:i + n]:
                    m |= 1 << c
                out[h] = m
                i += n
            return out
        rem = self.sizes
        for suit in range(4):
            cards, holders, tables = self._suits[suit]
            # choose this suit's split k with weight ways(k) * ways(rest)
            if suit == 3:
                k = rem
            else:
                r = rng.randrange(self._ways(suit, rem))
                for k, w in tables[-1].items():
                    rest = tuple(a - b for a, b in zip(rem, k))
                    if min(rest) < 0:
                        continue
                    r -= w * self._ways(suit + 1, rest)
                    if r < 0:
                        break
            rem = tuple(a - b for a, b in zip(rem, k))
            # place the suit's cards, last card first, weighted by the earlier table
            counts = k
            for j in range(len(cards) - 1, -1, -1):
                prev = tables[j]
                r = rng.randrange(tables[j + 1][counts])
                for h in holders[j]:
                    if counts[h]:
                        c2 = counts[:h] + (counts[h] - 1,) + counts[h + 1:]
                        r -= prev.get(c2, 0)
                        if r < 0:
                            break
                out[h] |= 1 << cards[j]
                counts = c2
        return out
