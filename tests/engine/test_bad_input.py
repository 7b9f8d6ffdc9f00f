"""Illegal and malformed input: a clear error, and the match is unchanged."""

import pytest

from game.engine import Action, IllegalAction, InvalidNotation, Match, RuleSet
from tests.engine.positions import dominant_deal, position


def _unchanged(m, action, words):
    before = m.to_json()
    views = [m.view(s) for s in range(3)]
    with pytest.raises(IllegalAction, match=words):
        m.apply(action)
    assert m.to_json() == before
    assert [m.view(s) for s in range(3)] == views


@pytest.mark.parametrize(
    "action, words",
    [
        ("play AS", "cannot play now"),
        ("give AS", "cannot give now"),
        ("discard AS", "cannot discard now"),
        ("declare XX", "not a contract"),
        ("dance AS", "not an action"),
        ("", "not an action"),
        ("play", "not an action"),
        ("play 1S", "not a card"),
    ],
)
def test_wrong_actions_while_declaring(action, words):
    _unchanged(position(), action, words)


def test_wrong_actions_while_discarding_and_playing():
    m = position()
    m.apply("declare S")
    _unchanged(m, "discard 2H", "do not hold 2H")
    _unchanged(m, "declare H", "cannot declare now")
    for c in ("5C", "4C", "3C", "2C"):
        m.apply(f"discard {c}")
    _unchanged(m, "play 2C", "do not hold 2C")  # discarded already
    _unchanged(m, "play JH", "do not hold JH")  # another seat's card
    _unchanged(m, "give AH", "cannot give now")
    m.apply("play AH")
    m.apply("play 9C")
    _unchanged(m, "play AD", "must follow hearts")


def test_non_string_input_is_refused():
    m = position()
    for bad in (None, 42, ["play", "AS"]):
        with pytest.raises((IllegalAction, InvalidNotation)):
            m.apply(bad)


def test_bad_positions_are_refused():
    hands, kitty = dominant_deal()
    rules = RuleSet.preset("standard")
    with pytest.raises(ValueError, match="all 52"):
        Match.from_position(rules, [hands[0], hands[0], hands[2]], kitty, 0)
    with pytest.raises(ValueError, match="16 cards"):
        Match.from_position(rules, [hands[0][:15], hands[1], hands[2]], kitty, 0)
    with pytest.raises(ValueError, match="not a card"):
        Match.from_position(rules, [["ZZ"] + hands[0][1:], hands[1], hands[2]], kitty, 0)
    with pytest.raises(ValueError, match="dealer"):
        Match.from_position(rules, hands, kitty, 3)
    with pytest.raises(ValueError, match="add up to 0"):
        Match.from_position(rules, hands, kitty, 0, deal_number=2, previous_points=(1, 1, 1))
    with pytest.raises(ValueError, match="twice"):
        Match.from_position(rules, hands, kitty, 0, used=(("S", "S"), (), ()))
    with pytest.raises(ValueError, match="too few contracts"):
        Match.from_position(rules, hands, kitty, 0, deal_number=1, used=((), ("S", "H", "D", "C", "NT"), ()))
    with pytest.raises(ValueError, match="seed"):
        Match.new(rules, seed="abc")


def test_view_of_a_seat_that_does_not_exist():
    with pytest.raises(ValueError, match="no seat"):
        position().view(3)


def test_interned_actions_compare_by_notation():
    assert Action.parse("play TH") == Action.play("10H") and hash(Action.parse("play TH")) == hash(Action.play("TH"))
    assert Action.parse("play TH") != Action.parse("give TH")
