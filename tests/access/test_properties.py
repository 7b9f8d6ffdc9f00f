"""Invariants of the words over games played at random: every card any seat's view shows
has a name of its own in every language, the read-outs and the turn's words are filled in
(no key or field left showing), and the hand's words follow the fan's order."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game import i18n
from game.access import Seats, card_name, describe, hand_order, status_line, turn_words
from game.access.words import READ_OUTS
from game.engine import CARDS, Match, RuleSet

PRESETS = ("standard", "blato", "classic")


def filled(text: str) -> bool:
    return bool(text) and "access." not in text and "{" not in text and "}" not in text


def test_each_card_has_a_name_of_its_own_in_each_language():
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        names = [card_name(c) for c in CARDS]
        assert all(filled(n) for n in names), lang
        assert len(set(names)) == 52, lang


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 120), preset=st.sampled_from(PRESETS),
       lang=st.sampled_from(i18n.LANGUAGES), verbosity=st.sampled_from(("brief", "full")))
def test_every_view_of_a_game_played_at_random_is_said_in_full(seed, steps, preset, lang, verbosity):
    i18n.set_language(lang)
    m = Match.new(RuleSet.preset(preset, deals=3), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if m.is_over():
            break
        m.apply(rng.choice(m.legal_actions()))
    for seat in range(3):
        v = m.view(seat)
        seats = Seats(("You", "Anna", "Boris"), you=seat, private=seat)
        cards = [*v.hand, *(c for _, c in v.trick), *(v.kitty or ()), *(c for tr in v.tricks for c in tr.cards)]
        assert all(filled(card_name(c)) for c in cards)
        for what in READ_OUTS:
            assert filled(describe(v, seats, what, verbosity)), what
        assert filled(status_line(v, seats))
        if v.my_turn:
            assert filled(turn_words(v, seats, verbosity))


@given(st.sets(st.sampled_from(CARDS), max_size=20), st.integers(-1, 3))
def test_the_hand_is_said_in_the_order_the_fan_shows_it(cards, trump):
    from game.ui.table.hand import sort_cards

    assert hand_order(cards, trump) == sort_cards(cards, trump)
