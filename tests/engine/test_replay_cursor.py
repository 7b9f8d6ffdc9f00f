"""The replay viewer's cursor: forward and back by action, trick and deal, all hands known."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.formats.record import read_record
from game.engine.history import ReplayCursor, replayed
from tests.engine.formats.test_record import DOMINANT, PRESETS, random_game


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 2**32 - 1), st.lists(st.integers(0, 10**6), min_size=1, max_size=12))
def test_every_stop_is_the_game_at_that_point(preset, seed, jumps):
    m = random_game(preset, seed, None, deals=3)
    cursor = ReplayCursor(m)
    assert cursor.position == 0 and cursor.back() is False
    for jump in jumps:
        target = jump % (cursor.end + 1)
        cursor.goto(target)
        assert cursor.position == target
        assert cursor.match.to_json() == replayed(m, target).to_json()
    cursor.goto(cursor.end)
    assert cursor.match.to_json() == m.to_json() and cursor.forward() is False


def test_stepping_by_trick_and_deal():
    m = random_game("standard", 5, None, deals=3)
    cursor = ReplayCursor(m)
    deal_stops = []
    while cursor.forward("deal"):
        deal_stops.append(cursor.position)
    assert len(deal_stops) == 3 and deal_stops[-1] == cursor.end  # deals 2 and 3 start, then the end
    assert all(cursor_match_is_deal_start(m, p) for p in deal_stops[:-1])
    cursor.goto(0)
    while cursor.forward("trick"):
        assert cursor.match.trick == ()  # a trick stop is never in the middle of a trick
    count = 0
    while cursor.back("trick"):
        count += 1
    assert count == 48  # back from the end: the ends of tricks 47..1 (deal starts among them) and the start
    with pytest.raises(ValueError):
        cursor.forward("card")
    with pytest.raises(ValueError):
        cursor.goto(cursor.end + 1)


def cursor_match_is_deal_start(m, position) -> bool:
    at = replayed(m, position)
    d = at.current
    return not (d.contract or d.exchange or d.discards or d.tricks or at.trick)


def test_hand_built_record_shows_every_hand():
    m = read_record(DOMINANT).match
    cursor = ReplayCursor(m)
    cursor.goto(1 + 4 + 3)  # the declaration, four discards, the first trick
    assert [str(c) for c in cursor.match.current.hands[1]][:2] == ["AS", "KS"]
    assert len(cursor.match.hand(1)) == 15 and cursor.match.current.tricks_taken == [0, 1, 0]
    assert str(cursor.last_action) == "play JH"
    cursor.back()
    assert cursor.match.trick and str(cursor.last_action) == "play AC"
    rng = random.Random(1)
    for _ in range(30):
        cursor.goto(rng.randrange(cursor.end + 1))
        assert cursor.match.to_json() == replayed(m, cursor.position).to_json()


@pytest.mark.parametrize("preset", PRESETS)
def test_stepping_back_and_forth_over_shared_deals_equals_a_fresh_replay(preset):
    """Copies of the deal-start snapshots share the finished deals' records: playing on any
    copy must never change a finished deal, wherever the cursor went before."""
    m = random_game(preset, 11, None, deals=3)
    cursor = ReplayCursor(m)
    finished = [repr(d) for d in m.deals]
    stops = []
    while cursor.forward("trick"):
        stops.append(cursor.position)
    rng = random.Random(3)
    for by in ("deal", "trick", "action"):
        while cursor.back(by) and cursor.position > 0 and rng.random() < 0.9:
            pass
        for _ in range(rng.randrange(1, 40)):
            cursor.forward(by if rng.random() < 0.5 else "action")
        at = replayed(m, cursor.position)
        assert cursor.match.to_json() == at.to_json()
        assert [repr(d) for d in cursor.match.deals] == [repr(d) for d in at.deals]
    for position in reversed(stops):
        cursor.goto(position)
        assert cursor.match.to_json() == replayed(m, position).to_json()
    cursor.goto(cursor.end)
    assert cursor.match.to_json() == m.to_json()
    assert [repr(d) for d in cursor.match.deals] == finished
