"""What a seat can infer from its view: hidden cards, who may hold them, known voids.

Evidence used (RULES.md): a seat that did not follow suit lacks that suit (in blato, a
seat that neither followed nor trumped lacks trumps too); in the exchange the receiver
returns its highest card of the passed suit, so after my pass X -> Y the receiver holds X
(if Y != X) and nothing of that suit above Y; when I receive X and return Y != X the
giver holds Y; a giver whose planned passes lapsed held only trumps.  Receiving never
raises a holder's top card of a suit, so caps survive later passes; the kitty does not,
so evidence about the declarer is relaxed once it has taken the kitty.
"""

from __future__ import annotations

from game.engine.cards import FULL_DECK, SUIT_MASKS, popcount

from ..engine import Phase
from ..engine.values import value_type
from .sampler import Sampler


@value_type
class Knowledge:
    me: int
    hand: int  # cards I see
    unknown: int  # cards I cannot place for sure
    holders: tuple  # seat numbers, or "pool" (kitty/discards), or "mine" (my unseen cards)
    sizes: tuple
    allowed: tuple
    voids: list  # per seat, bitmask of suits known to be lacking

    def sampler(self, lazy: bool = False) -> Sampler:
        """lazy: the sampler's tables are left to its build_steps() (see Sampler)."""
        return Sampler(self.unknown, self.sizes, self.allowed, lazy)

    def world(self, sample) -> tuple[list[int], int]:
        """Seat hands [h0, h1, h2] and the pool from one sample."""
        hands = [0, 0, 0]
        hands[self.me] = self.hand
        pool = 0
        for h, m in zip(self.holders, sample):
            if h == "pool":
                pool = m
            elif h == "mine":
                hands[self.me] |= m
            else:
                hands[h] = m
        return hands, pool


def voids_from_play(view) -> list[int]:
    voids = [0, 0, 0]
    trump = view.trump
    must = view.rules.must_trump and trump >= 0
    tricks = [tuple(((t.leader + i) % 3, c) for i, c in enumerate(t.cards)) for t in view.tricks]
    if view.trick:
        tricks.append(tuple(view.trick))
    for trick in tricks:
        led = trick[0][1].suit
        for seat, card in trick[1:]:
            if card.suit != led:
                voids[seat] |= 1 << led
                if must and card.suit != trump:
                    voids[seat] |= 1 << trump
    return voids


def knowledge(view) -> Knowledge:
    me = view.seat
    hand = view.hand_mask
    known_out = view.played_mask
    if view.discards:
        for c in view.discards:
            known_out |= c.mask
    unknown = FULL_DECK & ~hand & ~known_out
    voids = voids_from_play(view)
    opps = ((me + 1) % 3, (me + 2) % 3)
    holders = [opps[0], opps[1]]
    sizes = [view.hand_sizes[opps[0]], view.hand_sizes[opps[1]]]
    hidden_mine = view.hand_sizes[me] - len(view.hand)
    if hidden_mine:
        holders.append("mine")
        sizes.append(hidden_mine)
    pool = popcount(unknown) - sum(sizes)
    if pool:
        holders.append("pool")
        sizes.append(pool)
    idx = {h: i for i, h in enumerate(holders)}
    allowed = [unknown] * len(holders)
    for seat in opps:
        for s in range(4):
            if voids[seat] >> s & 1:
                allowed[idx[seat]] &= ~SUIT_MASKS[s]

    kitty_taken = view.phase in (Phase.DISCARD, Phase.PLAY) or (view.phase == Phase.GAME_OVER)
    declarer = view.declarer

    def relaxed(seat):
        return seat == declarer and kitty_taken

    steps = view.exchange
    place: dict[int, set] = {}  # card index -> holders it may be with
    for i, st in enumerate(steps):
        later = steps[i + 1:]
        if st.given is None:
            continue
        if st.giver == me:
            r, x, y = st.receiver, st.given, st.returned
            if y != x:
                where = {r} | {s.giver for s in later if s.receiver == r and s.giver != me}
                if relaxed(r):
                    where.add("pool")
                place[x.index] = where
            if not relaxed(r) and r in idx:
                above = SUIT_MASKS[y.suit] & ~((1 << (y.index + 1)) - 1)
                allowed[idx[r]] &= ~above
        elif st.receiver == me:
            g, x, y = st.giver, st.given, st.returned
            if y != x:
                where = {g} | {s.receiver for s in later if s.giver == g and s.receiver != me}
                if relaxed(g):
                    where.add("pool")
                place[y.index] = where
    # lapsed passes: the giver held nothing but trumps
    if view.trump >= 0 and view.phase != Phase.EXCHANGE and view.exchange_plan:
        for g in set(p[0] for p in view.exchange_plan):
            planned = sum(1 for p in view.exchange_plan if p[0] == g)
            done = sum(1 for s in steps if s.giver == g)
            if done < planned and g in idx and not relaxed(g):
                allowed[idx[g]] &= SUIT_MASKS[view.trump]
    for c, where in place.items():
        bit = 1 << c
        if not unknown & bit:
            continue
        for h, i in idx.items():
            if h not in where:
                allowed[i] &= ~bit
    return Knowledge(me, hand, unknown, tuple(holders), tuple(sizes), tuple(allowed), voids)
