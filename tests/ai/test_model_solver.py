"""The search against the model of the others equals a brute-force search on random endings,
and it never values a position below the double-dummy solver (the model is one way of
playing against me, the solver assumes the worst one)."""

import random

from game.ai.model_solver import ModelSolver
from game.ai.policy import choose_card
from game.ai.solver import Solver
from game.engine.fast import legal_mask, mask_indices

from .test_solver import after_card, random_ending, start_a_trick


def brute(hands, leader, trick, trump, me, minimize, must, declarer, hidden):
    """Every legal card of mine tried; the others play the heuristic card (their `out`
    is the other two hands, and the discards too for the two defenders)."""
    n = len(trick)
    seat = (leader + n) % 3
    if n == 0 and not hands[leader]:
        return 0
    led = trick[0] // 13 if n else -1
    if seat == me:
        cards = mask_indices(legal_mask(hands[seat], led, trump, must))
    else:
        out = (0 if seat == declarer else hidden) | hands[(seat + 1) % 3] | hands[(seat + 2) % 3]
        cards = [choose_card(hands[seat], out, trick, leader, seat, trump, must, minimize)]
    rest = lambda h, lead, t: brute(h, lead, t, trump, me, minimize, must, declarer, hidden)
    return max(after_card(hands, leader, trick, c, trump, me, minimize, rest) for c in cards)


def test_model_search_matches_brute_force_and_is_never_below_double_dummy():
    rng = random.Random(5)
    above = 0
    for case in range(150):
        tricks = rng.choice([3, 4, 5])
        hands = random_ending(rng, tricks)
        used = hands[0] | hands[1] | hands[2]
        spare = [c for c in range(52) if not used >> c & 1]
        hidden = sum(1 << c for c in rng.sample(spare, 4)) if rng.random() < 0.5 else 0
        trump = rng.choice([-1, 0, 1, 2, 3])
        me, leader, declarer = rng.randrange(3), rng.randrange(3), rng.randrange(3)
        minimize, must = rng.random() < 0.3, rng.random() < 0.4
        trick = start_a_trick(rng, hands, leader, trump, must)
        model = ModelSolver(trump, must, me, minimize, declarer, hidden)
        expect = brute(hands, leader, trick, trump, me, minimize, must, declarer, hidden)
        got = model.value(hands, leader, trick)
        assert got == expect, case
        worst = Solver(trump, must, me, minimize).value(hands, leader, trick)
        assert got >= worst, case
        above += got > worst
        seat = (leader + len(trick)) % 3
        if seat == me:
            led = trick[0] // 13 if trick else -1
            cands = mask_indices(legal_mask(hands[me], led, trump, must))
            vals = ModelSolver(trump, must, me, minimize, declarer, hidden).root_values(hands, leader, trick, cands)
            assert max(vals.values()) == expect
    assert above > 10  # the rules of thumb do give tricks away that perfect play would not
