"""The page's actions: `perform` never raises whatever it is sent, plays through the
rules (an illegal card is refused with its reason, said at once), and `snapshot` is the
contract's shape."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.access import Seats, refusal_words
from game.access.words import READ_OUTS
from game.engine import CARDS, IllegalAction
from tests.ui.helpers import advance_until, table_for

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)
IDS = st.sampled_from([str(c) for c in CARDS] + ["10H", "qs", " AS", "", "declare:H", "menu", "hint", "look_back", "start"])
ACTIONS = st.one_of(
    JSON,
    st.fixed_dictionaries({"type": st.sampled_from(["card", "button", "read", "play", 3, None])},
                          optional={"id": st.one_of(IDS, JSON), "what": st.one_of(st.sampled_from([*READ_OUTS, "repeat"]), JSON)}),
)


def answered(app, action):
    answer = app.access.perform(action)
    assert answer is None or (isinstance(answer, str) and answer), (action, answer)
    return answer


def test_perform_never_raises_at_the_table_or_elsewhere(make_app):
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0)
    app = make_app(settings={"screen_reader": True})
    table_for(app, m)

    @settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
    @given(actions=st.lists(ACTIONS, max_size=5))
    def run(actions):
        for action in actions:
            answered(app, action)
        app.step(dt=0.05)
        json.dumps(app.access.snapshot())  # the page can always read it

    run()


def test_an_illegal_card_is_refused_with_its_reason_and_said_at_once(make_app):
    def must_follow(m):
        if m.phase != "play" or m.to_act != 0 or not m.trick:
            return False
        led = m.trick[0][1].suit
        hand = m.hand(0)
        return any(c.suit == led for c in hand) and any(c.suit != led for c in hand)

    m = advance_until(must_follow)
    app = make_app()
    table_for(app, m)
    led = m.trick[0][1].suit
    wrong = next(c for c in m.hand(0) if c.suit != led)
    try:
        m.copy().apply(f"play {wrong}")
    except IllegalAction as exc:
        expected = refusal_words(exc, Seats(("You", "Anna", "Boris")))
    before = len(m.history)
    assert app.access.perform({"type": "card", "id": str(wrong)}) == expected
    assert expected.startswith("You must follow suit: play ")
    assert len(m.history) == before
    last = app.access.snapshot()["announce"][-1]
    assert last["text"] == expected and last["priority"] == "assertive"


def test_the_snapshot_keeps_to_the_contract(make_app):
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and m.trick)
    app = make_app(settings={"screen_reader": True})
    table_for(app, m)
    snap = app.access.snapshot()
    assert set(snap) == {"v", "lang", "scene", "status", "hand", "focus", "trick", "buttons", "log", "announce"}
    assert snap["v"] == 1 and snap["lang"] == "en" and snap["scene"] == "play"
    assert {c["id"] for c in snap["hand"]} == {str(c) for c in m.hand(0)}
    legal = {str(a.card) for a in m.legal_actions()}
    assert {c["id"] for c in snap["hand"] if not c["disabled"]} == legal
    assert all(c["reason"] for c in snap["hand"] if c["disabled"])
    assert len(snap["trick"]) == len(m.trick) and all(": " in line for line in snap["trick"])
    assert {"id": "menu", "label": "Menu", "disabled": False} in snap["buttons"]
    json.dumps(snap)


def test_a_tip_over_the_table_is_said_and_answered_through_the_mirror(make_app):
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0)
    app = make_app(settings={"screen_reader": True, "tips": True})
    scene = table_for(app, m)
    app.guide.tips.show("kitty", scene.table)
    app.step(dt=0.05)
    assert app.access.snapshot()["announce"][-1]["text"].startswith("Tip. ")
    ids = [b["id"] for b in app.access.snapshot()["buttons"]]
    assert ids[:2] == ["tips_off", "ok"], "the bubble's buttons come first"
    assert app.access.perform({"type": "button", "id": "ok"}) is None
    assert app.guide.bubble() is None and app.settings["tips"] is True
    app.guide.tips.show("kitty", scene.table)
    card = next(iter(scene.table.legal_cards()))
    assert app.access.perform({"type": "card", "id": str(card)}) is None, "a card closes the tip and is played"
    assert app.guide.bubble() is None and card not in m.hand(0)
