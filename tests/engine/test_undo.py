"""Undo at the engine level: back to a seat's previous decision, by replaying the action list."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Match, RuleSet
from game.engine.history import can_undo, decisions, replayed, undo
from tests.engine.formats.test_record import PRESETS, random_game


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 2**32 - 1), st.integers(1, 400), st.integers(0, 2))
def test_undo_then_redo_gives_the_same_match(preset, seed, stop, seat):
    m = random_game(preset, seed, stop)
    before = m.to_json()
    if not can_undo(m, seat):
        assert decisions(m, seat) == []
        with pytest.raises(ValueError):
            undo(m, seat)
        return
    back = undo(m, seat)
    assert m.to_json() == before  # the match undone from is untouched
    k = len(back.history)
    assert back.to_act == seat and len(back.legal_actions()) > 1  # a real decision of that seat
    assert [str(a) for a in back.history] == [str(a) for a in m.history[:k]]
    for action in m.history[k:]:  # redo: the same decision, and the others' moves after it
        back.apply(action)
    assert back.to_json() == before


def test_undo_skips_forced_cards_and_takes_back_the_others_moves():
    m = Match.new(RuleSet.preset("standard"), seed=11)
    rng = random.Random(3)
    while m.deal_number == 0:
        m.apply(rng.choice(m.legal_actions()))
    # the last trick of deal 1 was forced for everybody: undo goes back past it
    last_trick_start = len(m.history) - 3
    back = undo(m, 0)
    assert len(back.history) < last_trick_start
    assert back.to_act == 0 and len(back.legal_actions()) > 1
    forced_too = undo(m, 0, skip_forced=False)
    assert len(forced_too.history) >= last_trick_start and forced_too.to_act == 0


def test_undo_twice_goes_two_decisions_back():
    m = random_game("blato", 5, 120)
    points = decisions(m, 1)
    once = undo(m, 1)
    twice = undo(once, 1)
    assert (len(once.history), len(twice.history)) == (points[-1], points[-2])


def test_replayed_refuses_bad_lengths():
    m = random_game("classic", 2, 30)
    for bad in (-1, 31, 2.0, None):
        with pytest.raises(ValueError):
            replayed(m, bad)
    with pytest.raises(ValueError):
        decisions(m, 3)
    assert replayed(m, 0).to_json() == Match.new(RuleSet.preset("classic"), seed=2).to_json()
