import dataclasses

import pytest

from game.engine import Action, Card, InvalidNotation, InvalidRules, RuleSet, cards_of, mask_of, parse_cards


def test_card_notation_round_trips_and_accepts_10():
    assert str(Card.parse("TH")) == "TH"
    assert Card.parse("10H") is Card.parse("th")
    assert Card.parse("AS").rank == 14 and Card.parse("2C").rank == 2
    assert Card.parse("QD").pretty() == "Q♦"
    assert [str(c) for c in parse_cards("AS 10H 2C")] == ["AS", "TH", "2C"]


@pytest.mark.parametrize("text", ["", "1H", "AX", "11H", "A", "ASS", "  ", "ZZ"])
def test_malformed_cards_are_rejected(text):
    with pytest.raises(InvalidNotation):
        Card.parse(text)


def test_masks_list_cards_by_suit_high_to_low():
    mask = mask_of(["2C", "AS", "KH", "3S"])
    assert [str(c) for c in cards_of(mask)] == ["AS", "3S", "KH", "2C"]


@pytest.mark.parametrize("text", ["play AS", "give QH", "discard 2C", "declare NT", "declare mt", "play 10H"])
def test_action_notation(text):
    action = Action.parse(text)
    assert Action.parse(str(action)) == action
    assert str(action).split()[0] == text.split()[0]


@pytest.mark.parametrize("text", ["play", "play AS KS", "jump AS", "declare X", "play ZZ", "", "declare"])
def test_malformed_actions_are_rejected(text):
    with pytest.raises(InvalidNotation):
        Action.parse(text)


def test_presets_and_their_fixed_parts():
    std, blato, classic = (RuleSet.preset(n) for n in ("standard", "blato", "classic"))
    assert not std.must_trump and blato.must_trump and not classic.must_trump
    assert std.contracts == ("S", "H", "D", "C", "NT", "MT") and classic.contracts == ("S", "H", "D", "C")
    assert std.declare_on == 6 and classic.declare_on == 16
    assert std.declarer_of(0) == 1 and classic.declarer_of(0) == 0
    assert std.deals == blato.deals == classic.deals == 18
    assert std.contracts_once and not classic.contracts_once


def test_targets_by_role_and_contract():
    std = RuleSet.preset("standard")
    # dealer 0: declarer 1 needs 8, third player 2 needs 5, dealer 3
    assert std.targets(0, "H") == (3, 8, 5)
    assert std.targets(0, "NT") == (3, 8, 5)
    # minimum tricks: declarer at most 3, third at most 5, dealer at most 8
    assert std.targets(0, "MT") == (8, 3, 5)
    # classic: the dealer declares and needs 8, left of dealer 5, right of dealer 3
    assert RuleSet.preset("classic").targets(0, "S") == (8, 5, 3)
    assert RuleSet.preset("classic").targets(2, "S") == (5, 3, 8)
    for dealer in range(3):
        for c in std.contracts:
            assert sum(std.targets(dealer, c)) == 16


def test_options_override_and_stay_immutable():
    rules = RuleSet.preset("standard", must_trump=True, deals=9)
    assert rules.must_trump and rules.deals == 9 and rules.preset_name == "standard"
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.deals = 3
    assert rules.with_options(exchange=False).exchange is False and rules.exchange is True
    assert RuleSet.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(
    "name, options, words",
    [
        ("poker", {}, "unknown rule preset"),
        ("standard", {"deals": 17}, "multiple of 3"),
        ("standard", {"deals": 21}, "contracts_once"),
        ("standard", {"declare_on": 7}, "declare_on"),
        ("standard", {"must_trump": "yes"}, "true or false"),
        ("standard", {"colour": 1}, "unknown option"),
        ("classic", {"contracts_once": True}, "contracts_once"),
        ("classic", {"declare_on": 6}, "declare_on"),
    ],
)
def test_wrong_options_get_clear_errors(name, options, words):
    with pytest.raises(InvalidRules, match=words):
        RuleSet.preset(name, **options)


def test_long_games_without_contracts_once():
    assert RuleSet.preset("standard", deals=21, contracts_once=False).deals == 21
    assert RuleSet.preset("classic", deals=12, contracts_once=True).contracts_once
