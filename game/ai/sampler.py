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

from game.engine.cards import SUIT_MASKS, indices_of, popcount


class Inconsistent(ValueError):
    """No assignment of hidden cards fits the constraints."""


class Sampler:
    """Uniform sampler over assignments of `unknown` cards to holders.

    sizes[h]: how many unknown cards holder h holds.  allowed[h]: mask of the cards holder h
    may hold.  sample(rng) returns one mask per holder.
    """

    def __init__(self, unknown: int, sizes, allowed, lazy: bool = False):
        """lazy=True leaves the count tables to build_steps() (run it before sampling)."""
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
        self._suits: list = []
        self._memo: dict = {}
        self._built = False
        if not lazy:
            for _ in self.build_steps():
                pass

    # Sliced thinking: the tables cost up to ~10 ms natively with four holders,
    # far more on a slow phone, so they are built in parts a caller can spread over frames.
    BUILD_WORK = 200  # table entries visited between yields (~0.3 ms natively)

    def build_steps(self):
        """Generator: builds the count tables in parts, yielding between them; raises
        Inconsistent as the constructor does.  The counts are exactly the eager ones."""
        if self.free or self._built:
            return
        while len(self._suits) < 4:
            self._suits.append(self._suit_table(len(self._suits)))
            yield
        sizes, memo = self.sizes, self._memo
        first, second = self._suits[0][2][-1], self._suits[1][2][-1]
        work = 0
        for k0 in first:  # fill _ways bottom-up: the remainders after suits 0 and 1 first
            r1 = tuple(a - b for a, b in zip(sizes, k0))
            if min(r1) < 0 or (1, r1) in memo:
                continue
            for k1 in second:
                r2 = tuple(a - b for a, b in zip(r1, k1))
                work += 1
                if min(r2) >= 0 and (2, r2) not in memo:
                    self._ways(2, r2)
                    work += len(self._suits[2][2][-1])
                if work >= self.BUILD_WORK:
                    work = 0
                    yield
            self._ways(1, r1)
            work += len(second)
        yield
        if self._ways(0, sizes) == 0:
            raise Inconsistent("no world fits the evidence")
        self._built = True

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
