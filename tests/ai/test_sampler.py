"""The sampler: worlds agree with the view, and consistent worlds are equally likely."""

import itertools
import math
import random

from game.ai import make_player
from game.ai.knowledge import knowledge
from game.ai.sampler import Sampler
from game.engine import Match, RuleSet
from game.engine.cards import FULL_DECK, SUIT_MASKS


def check_world(view, know, hands, pool, match):
    me = view.seat
    assert hands[me] & view.hand_mask == view.hand_mask
    everything = hands[0] | hands[1] | hands[2] | pool
    assert not everything & view.played_mask
    assert hands[0] & hands[1] == 0 and hands[1] & hands[2] == 0 and hands[0] & hands[2] == 0
    assert not pool & (hands[0] | hands[1] | hands[2])
    for seat in range(3):
        if seat != me:
            assert hands[seat].bit_count() == view.hand_sizes[seat]
            for s in range(4):
                if know.voids[seat] >> s & 1:
                    assert not hands[seat] & SUIT_MASKS[s]
    if view.discards:
        disc = sum(c.mask for c in view.discards)
        assert not everything & disc
        assert everything | view.played_mask | disc == FULL_DECK
    # the real deal is one of the consistent worlds
    for h, allowed in zip(know.holders, know.allowed):
        if isinstance(h, int):
            real = sum(c.mask for c in match.hand(h))
            assert real & know.unknown & ~allowed == 0


def test_worlds_agree_with_views():
    rng = random.Random(3)
    for preset, seed in (("standard", 1), ("blato", 2), ("classic", 3)):
        rules = RuleSet.preset(preset, deals=3)
        match = Match.new(rules, seed=seed)
        players = [make_player("heuristic", seed=s) for s in range(3)]
        steps = 0
        while not match.is_over():
            seat = match.to_act
            if steps % 4 == 0:
                for s in range(3):
                    view = match.view(s)
                    know = knowledge(view)
                    sampler = know.sampler()
                    for _ in range(3):
                        hands, pool = know.world(sampler.sample(rng))
                        check_world(view, know, hands, pool, match)
            match.apply(players[seat].choose(match.view(seat)))
            steps += 1


def brute_worlds(unknown, sizes, allowed):
    cards = [c for c in range(52) if unknown >> c & 1]
    out = []
    for owners in itertools.product(range(len(sizes)), repeat=len(cards)):
        if any(owners.count(h) != n for h, n in enumerate(sizes)):
            continue
        if all(allowed[h] >> c & 1 for c, h in zip(cards, owners)):
            masks = [0] * len(sizes)
            for c, h in zip(cards, owners):
                masks[h] |= 1 << c
            out.append(tuple(masks))
    return out


def test_sampler_is_uniform_chi_square():
    # 9 hidden cards in three suits, three holders; voids and an exchange-style cap
    cards = [0, 3, 7, 11, 12, 13, 20, 25, 40]
    unknown = sum(1 << c for c in cards)
    sizes = (4, 3, 2)
    allowed = [unknown & ~SUIT_MASKS[1],  # holder 0 void in hearts
               unknown & ~((1 << 11) | (1 << 12)),  # holder 1: nothing above the 9 of spades
               unknown]
    worlds = brute_worlds(unknown, sizes, allowed)
    sampler = Sampler(unknown, sizes, allowed)
    assert sampler.count() == len(worlds) and len(worlds) > 10
    rng = random.Random(5)
    n = 60 * len(worlds)
    counts = dict.fromkeys(worlds, 0)
    for _ in range(n):
        counts[tuple(sampler.sample(rng))] += 1  # KeyError = an inconsistent world
    expected = n / len(worlds)
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    df = len(worlds) - 1
    # Wilson-Hilferty: the 0.999 quantile of chi-square(df)
    z = 3.09
    limit = df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3
    assert chi2 < limit, (chi2, limit, df)


def test_free_sampler_counts():
    unknown = (1 << 10) - 1
    s = Sampler(unknown, (5, 3, 2), [unknown] * 3)
    assert s.count() == math.comb(10, 5) * math.comb(5, 3)
