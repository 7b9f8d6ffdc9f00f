"""The human seats and the hand-over rule on their own (no pygame)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine import Match
from game.ui.games.seats import HandOver, check_human_seats
from game.ui.games.session import Session

values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 5) | st.floats(-1, 4) | st.text(max_size=2),
    lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner) | st.dictionaries(st.text(max_size=1), inner, max_size=2),
    max_leaves=8,
)


@given(values)
def test_human_seats_are_exactly_one_to_three_distinct_seats(value):
    ok = (isinstance(value, (list, tuple)) and 1 <= len(value) <= 3 and all(type(s) is int and 0 <= s <= 2 for s in value)
          and len(set(value)) == len(value))
    if ok:
        assert check_human_seats(value) == tuple(sorted(value))
    else:
        with pytest.raises(ValueError):
            check_human_seats(value)


@given(st.lists(st.integers(0, 2), min_size=1, max_size=3, unique=True), st.integers(0, 2))
def test_a_session_keeps_its_human_seats_and_plays_the_others(humans, shown):
    m = Match.new(seed=3)
    if shown not in humans:
        with pytest.raises(ValueError):
            Session(m, ["a", "b", "c"], "random", human=shown, human_seats=humans)
        return
    s = Session(m, ["a", "b", "c"], "random", human=shown, human_seats=humans)
    assert s.human_seats == tuple(sorted(humans)) and s.shared == (len(humans) > 1)
    assert set(s.players) == {0, 1, 2} - set(humans)
    back = Session.from_save(s.to_save())
    assert (back.human_seats, back.human, back.names) == (s.human_seats, s.human, s.names)


def test_the_cover_comes_when_another_person_is_to_decide():
    h = HandOver([0, 2], viewer=0)
    assert h.shared and h.revealed is None  # nobody holds the device yet
    assert h.cover_due(0, busy=False) == 0
    assert h.cover_due(0, busy=True) is None  # never while cards fly
    assert h.cover_due(1, busy=False) is None  # a computer's turn
    h.accept(0)
    assert h.shows(0) and not h.shows(2)
    assert h.cover_due(0, busy=False) is None and h.cover_due(1, busy=False) is None
    assert h.cover_due(2, busy=False) == 2
    h.accept(2)
    h.new_deal()
    assert h.revealed is None and h.cover_due(2, busy=False) == 2  # each deal starts face down
    with pytest.raises(ValueError):
        h.accept(1)


def test_one_person_never_gets_a_cover():
    h = HandOver([1], viewer=1)
    assert not h.shared and h.shows(1)
    h.new_deal()
    assert h.shows(1) and h.cover_due(1, busy=False) is None
