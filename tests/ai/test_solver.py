"""The exact solver equals brute-force minimax on random endings of 3-4 tricks."""

import random

from game.ai.solver import Solver, moves
from game.engine.fast import legal_mask, mask_indices, trick_winner


def brute(hands, leader, trick, trump, me, minimize, must):
    n = len(trick)
    seat = (leader + n) % 3
    if n == 0 and not hands[leader]:
        return 0
    led = trick[0] // 13 if n else -1
    vals = []
    for c in mask_indices(legal_mask(hands[seat], led, trump, must)):
        h = list(hands)
        h[seat] ^= 1 << c
        t = trick + [c]
        if len(t) == 3:
            w = trick_winner(leader, t, trump)
            good = 1 if (w == me) != minimize else 0
            vals.append(good + brute(h, w, [], trump, me, minimize, must))
        else:
            vals.append(brute(h, leader, t, trump, me, minimize, must))
    return max(vals) if seat == me else min(vals)


def random_ending(rng, tricks):
    # concentrate on two or three suits so follow/ruff decisions matter
    suits = rng.sample(range(4), rng.choice([2, 3]))
    deck = [s * 13 + r for s in suits for r in range(13)]
    rng.shuffle(deck)
    hands = [0, 0, 0]
    for i in range(3):
        for c in deck[i * tricks:(i + 1) * tricks]:
            hands[i] |= 1 << c
    return hands


def after_card(hands, leader, trick, c, trump, me, minimize, rest) -> int:
    """The value once the seat to play adds card c: a full trick is scored for `me` and the
    rest of the ending is valued by rest(hands, leader, trick)."""
    seat = (leader + len(trick)) % 3
    h = list(hands)
    h[seat] ^= 1 << c
    t = trick + [c]
    if len(t) < 3:
        return rest(h, leader, t)
    w = trick_winner(leader, t, trump)
    return (1 if (w == me) != minimize else 0) + rest(h, w, [])


def start_a_trick(rng, hands, leader, trump, must) -> list:
    """0-2 random legal cards on the table (taken out of `hands`), so searches start mid-trick too."""
    trick = []
    for _ in range(rng.choice([0, 0, 1, 2])):
        seat = (leader + len(trick)) % 3
        led = trick[0] // 13 if trick else -1
        c = rng.choice(mask_indices(legal_mask(hands[seat], led, trump, must)))
        hands[seat] ^= 1 << c
        trick.append(c)
    return trick


def test_solver_matches_brute_force():
    rng = random.Random(11)
    for case in range(120):
        tricks = rng.choice([3, 4] if case % 4 else [3])
        hands = random_ending(rng, tricks)
        trump = rng.choice([-1, 0, 1, 2, 3])
        me, leader = rng.randrange(3), rng.randrange(3)
        minimize, must = rng.random() < 0.3, rng.random() < 0.4
        trick = start_a_trick(rng, hands, leader, trump, must)  # sometimes mid-trick
        solver = Solver(trump, must, me, minimize)
        expect = brute(hands, leader, trick, trump, me, minimize, must)
        assert solver.value(hands, leader, trick) == expect, case
        seat = (leader + len(trick)) % 3
        if seat == me:
            live = hands[0] | hands[1] | hands[2]
            for c in trick:
                live |= 1 << c
            led = trick[0] // 13 if trick else -1
            cands = mask_indices(legal_mask(hands[me], led, trump, must))
            vals = solver.root_values(hands, leader, trick, cands)
            assert max(vals.values()) == expect
            rest = lambda h, lead, t: brute(h, lead, t, trump, me, minimize, must)
            for c in cands:
                v = after_card(hands, leader, trick, c, trump, me, minimize, rest)
                assert vals[c] == v


def test_moves_keep_one_card_per_run():
    # spades: me A K (touching), others Q; me J 9, others T: A/K equivalent, J and 9 not
    me = (1 << 12) | (1 << 11) | (1 << 9) | (1 << 7)
    live = me | (1 << 10) | (1 << 8)
    assert moves(me, -1, -1, False, live) == [12, 9, 7]
