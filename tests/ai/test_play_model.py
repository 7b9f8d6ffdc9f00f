"""The learned play model: which cards count as one choice, what it says about a play, and
the shipped table the expert reads."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.play_model import CONTEXTS, FEATURES, FLOOR, GENERIC, SIZE, choices, distribution, probability, weights_for
from game.ai.play_table import WEIGHTS
from game.engine.cards import mask_of
from game.engine.fast import legal_mask


def runs_as_text(runs):
    from game.engine import CARDS

    return [" ".join(str(CARDS[i]) for i in range(51, -1, -1) if r >> i & 1) for r in runs]


def test_cards_with_nothing_out_between_them_are_one_choice():
    hand = mask_of("AS KS 9S 8S 2H".split())
    out = mask_of("QS 3H".split())  # the queen splits the spades; nothing splits 9 and 8
    # a suit's highest run first (the suits in the order of their cards' indices, from the top)
    assert runs_as_text(choices(hand, out, [], -1, False)) == ["2H", "AS KS", "9S 8S"]


def test_a_card_on_the_table_splits_a_run_and_only_legal_cards_are_choices():
    hand = mask_of("AS 9S 2H".split())
    trick = [mask_of(["10S"]).bit_length() - 1]  # spades led: hearts may not be played
    assert runs_as_text(choices(hand, 0, trick, -1, False)) == ["AS", "9S"]


def test_the_shipped_table_has_a_full_row_of_weights_for_each_strength_it_knows():
    assert len(FEATURES) * len(CONTEXTS) == SIZE
    assert {"hard", "heuristic", "easy", "normal"} <= set(WEIGHTS)
    for name, w in WEIGHTS.items():
        assert len(w) == SIZE and all(math.isfinite(a) for a in w), name


def test_each_seat_gets_the_model_of_its_strength_and_a_person_the_generic_one():
    assert weights_for("heuristic") is WEIGHTS["heuristic"]
    assert weights_for("search") is WEIGHTS["hard"]
    assert weights_for(None) is WEIGHTS[GENERIC]  # a person
    assert weights_for("oracle") is WEIGHTS[GENERIC]  # a level it was not fitted on
    assert weights_for("random") is None  # a random player's cards say nothing


def test_the_rules_player_is_more_predictable_than_the_searching_one():
    # leading in no trump with a master ace and small cards: the rules of thumb cash the
    # ace; the model of the heuristic player must be surer of that than the model of hard
    hand = mask_of("AH 7H 4H 9C 5C".split())
    out = mask_of("KH QH 2H KC QC JC 3D 4D 5D 6D".split())
    ace = mask_of(["AH"]).bit_length() - 1
    sure = {name: probability(weights_for(name), hand, out, [], 0, 0, -1, False, False, 1, ace)
            for name in ("heuristic", "hard")}
    assert sure["heuristic"] > sure["hard"] > FLOOR


HANDS = st.lists(st.integers(0, 51), min_size=12, max_size=30, unique=True)


@settings(max_examples=150, deadline=None)
@given(HANDS, st.integers(0, 3), st.integers(-1, 3), st.booleans(), st.booleans(),
       st.sampled_from(sorted(WEIGHTS)))
def test_the_models_probabilities_cover_every_legal_card_once_and_sum_to_one(cards, split, trump, mt, must, name):
    hand = sum(1 << c for c in cards[:8])
    trick = cards[8:8 + split % 3]
    out = sum(1 << c for c in cards[8 + split % 3:])
    dist = distribution(WEIGHTS[name], hand, out, trick, 0, len(trick), trump, must, mt, 1)
    led = trick[0] // 13 if trick else -1
    union = 0
    for run, p in dist:
        assert not union & run and p > 0
        union |= run
    assert union == legal_mask(hand, led, trump, must)
    assert math.isclose(sum(p for _, p in dist), 1.0)
    for run, p in dist:
        card = run.bit_length() - 1
        got = probability(WEIGHTS[name], hand, out, trick, 0, len(trick), trump, must, mt, 1, card)
        assert math.isclose(got, 1.0 if len(dist) == 1 else max(FLOOR, p))
