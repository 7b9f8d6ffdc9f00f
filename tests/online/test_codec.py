"""View and Event through JSON and back, exactly; anything else refused with Bad."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import make_player
from game.engine import Card, Event, Match, RuleSet
from game.online.codec import Bad, event_from_json, event_to_json, view_from_json, view_to_json
from game.online.visibility import events_for


def through_text(value):
    return json.loads(json.dumps(value))


def whole_match(preset: str, seed: int, deals: int):
    """(every view of every seat after every action, every event) of a seeded match."""
    match = Match.new(RuleSet.preset(preset, deals=deals), seed=seed)
    players = [make_player("heuristic", seed=seed + s) for s in range(3)]
    views = [match.view(s) for s in range(3)]
    events = []
    while not match.is_over():
        happened = match.apply(players[match.to_act].choose(match.view(match.to_act)))
        events += happened
        for s in range(3):
            events += events_for(happened, s)
        views += [match.view(s) for s in range(3)]
    return views, events


@pytest.mark.parametrize("preset, seed, deals", [("standard", 11, 18), ("blato", 12, 6), ("classic", 13, 6)])
def test_every_view_and_event_of_whole_matches_comes_back_equal(preset, seed, deals):
    views, events = whole_match(preset, seed, deals)
    assert len(views) > 3 * deals * 53
    for view in views:
        assert view_from_json(through_text(view_to_json(view))) == view
    kinds = set()
    for event in events:
        back = event_from_json(through_text(event_to_json(event)))
        assert back == event and type(back.data) is type(event.data)
        kinds.add((event.kind, event.card is None, event.data is None))
    assert {k for k, _, _ in kinds} >= {"dealt", "declared", "gave", "returned", "kitty", "discarded", "played",
                                        "trick", "scored", "game_over"}
    assert ("gave", True, False) in kinds and ("kitty", True, True) in kinds  # masked ones too


def a_view():
    match = Match.new(RuleSet.preset("standard"), seed=5)
    while match.phase != "play" or len(match.trick) != 1:
        match.apply(match.legal_actions()[0])
    return match.view(match.to_act)


@pytest.mark.parametrize("change, says", [
    (lambda d: d["hand"].__setitem__(0, d["hand"][0].lower()), "written"),
    (lambda d: d["hand"].__setitem__(0, "10H"), "card such as"),
    (lambda d: d["hand"].append(d["hand"][0]), "twice"),
    (lambda d: d.__setitem__("hand_mask", d["hand_mask"] ^ 1), "hand_mask"),
    (lambda d: d.__setitem__("seat", True), "seat"),
    (lambda d: d.__setitem__("seat", 1.0), "seat"),
    (lambda d: d.__setitem__("phase", "cheat"), "phase"),
    (lambda d: d.__setitem__("extra", 1), "unknown field"),
    (lambda d: d.pop("legal"), "missing field"),
    (lambda d: d["rules"].__setitem__("deals", 19), "rules"),
    (lambda d: d["rules"].__setitem__("preset_name", "Standard"), "rules"),
    (lambda d: d.__setitem__("totals", [0, 0]), "three"),
    (lambda d: d.__setitem__("legal", ["play  AS"]), "action"),
    (lambda d: d.__setitem__("trick", [[0, "AS", 1]]), "table"),
    (lambda d: d.__setitem__("deal_number", 18), "deal_number"),
])
def test_a_view_that_is_not_as_the_game_writes_it_is_refused(change, says):
    data = view_to_json(a_view())
    change(data)
    with pytest.raises(Bad, match=says):
        view_from_json(data)


def test_events_that_are_not_as_the_game_writes_them_are_refused():
    played = event_to_json(Event("played", 1, Card.parse("AS")))
    for bad in (dict(played, card=None), dict(played, kind="stolen"), dict(played, seat=3), dict(played, data=5),
                {"kind": "scored", "seat": None, "card": None, "data": [1, 2]},
                {"kind": "kitty", "seat": 0, "card": None, "data": ["AS", "AS", "KS", "QS"]}, [], "played"):
        with pytest.raises(Bad):
            event_from_json(bad)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=6),
    max_leaves=25,
)
VIEW = view_to_json(a_view())


@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(sorted(VIEW)), value=json_values)
def test_any_field_of_a_view_replaced_by_anything_is_a_view_or_refused(field, value):
    data = copy.deepcopy(VIEW)
    data[field] = value
    try:
        view_from_json(data)
    except Bad:
        pass


@settings(max_examples=100, deadline=None)
@given(json_values)
def test_anything_as_an_event_is_an_event_or_refused(value):
    try:
        event_from_json(value)
    except Bad:
        pass
