"""The engine's front door: seeds, scores, seats and notation as the rules and
the notation define them.  Every refusal is a ValueError with words a person understands,
and the match it was asked of is unchanged."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import (
    Action,
    Card,
    IllegalAction,
    InvalidNotation,
    InvalidPosition,
    Match,
    RuleSet,
    SaveError,
    parse_cards,
    parse_contract,
)
from game.engine.cards import parse_suit
from game.web.params import parse_argv
from tests.engine.positions import dominant_deal, position

STANDARD = RuleSet.preset("standard")
HUGE = 10**5000


# --- seeds ------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [HUGE, -1, 2**64, 1.0, True, "7", [7]],
                         ids=["10**5000", "-1", "2**64", "1.0", "True", "'7'", "[7]"])
def test_seeds_are_whole_numbers_below_two_to_the_64(seed):
    with pytest.raises(InvalidPosition, match="seed must be a whole number from 0 to 2\\*\\*64 - 1"):
        Match.new(STANDARD, seed=seed)
    hands, kitty = dominant_deal()
    with pytest.raises(ValueError, match="seed"):
        Match.from_position(STANDARD, hands, kitty, 0, seed=seed)


def test_largest_seed_plays_a_whole_deal_and_saves():
    m = Match.new(RuleSet.preset("standard", deals=3, contracts_once=False), seed=2**64 - 1)
    while m.deal_number == 0:
        m.apply(m.legal_actions()[0])
    assert m.deal_number == 1 and m.legal_actions()  # scored, and the next deal was dealt
    assert Match.from_json(m.to_json()).history == m.history


def test_huge_seed_in_a_save_is_a_save_error():
    m = Match.new(seed=1)
    record = m.to_dict()
    record["seed"] = 2**70
    with pytest.raises(SaveError, match="seed"):
        Match.from_dict(record)


def test_refusal_messages_stay_short_for_huge_values():
    for call in (lambda: Match.new(STANDARD, seed=HUGE), lambda: Action.parse(HUGE),
                 lambda: RuleSet.preset("standard", deals=HUGE), lambda: position().view(HUGE)):
        with pytest.raises(ValueError) as info:
            call()
        assert len(str(info.value)) < 200


# --- totals, previous points, the exchange ----------------------------------------------
@pytest.mark.parametrize("kw, words", [
    (dict(deal_number=3, totals=(HUGE, 0, -HUGE)), "between -39 and 39"),
    (dict(deal_number=3, totals=(HUGE, 0, 0)), "add up to 0"),
    (dict(deal_number=2, totals=(27, -27, 0)), "between -26 and 26"),
    (dict(deal_number=0, totals=(1, -1, 0)), "between -0 and 0"),
    (dict(deal_number=1, previous_points=(100, -100, 0)), "no deal scores"),
    (dict(deal_number=1, previous_points=(14, -7, -7)), "no deal scores"),
    (dict(deal_number=0, previous_points=(1, -1, 0)), "first deal has no previous deal"),
    (dict(deal_number=1, previous_points=(True, -1, 0)), "whole number"),
], ids=lambda v: v if isinstance(v, str) else None)
def test_scores_the_rules_cannot_produce_are_refused(kw, words):
    with pytest.raises(InvalidPosition, match=words):
        position(**kw)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2), st.sampled_from(["standard", "blato", "classic"]), st.data())
def test_points_of_any_real_deal_are_accepted_and_bound_the_exchange(dealer, preset, data):
    """Whatever the last deal's tricks, its points start the next deal, and the exchange
    they set up passes at most 13 cards."""
    rules = RuleSet.preset(preset)
    last_dealer = (dealer - 1) % 3
    minimum = "MT" in rules.contracts and data.draw(st.booleans())
    targets = rules.targets(last_dealer, "MT" if minimum else None)
    a = data.draw(st.integers(0, 16))
    b = data.draw(st.integers(0, 16 - a))
    taken = (a, b, 16 - a - b)
    points = tuple((t - n) if minimum else (n - t) for n, t in zip(taken, targets))
    hands, kitty = dominant_deal()
    m = Match.from_position(rules, hands, kitty, dealer, deal_number=1, previous_points=points)
    if m.phase == "declare":
        m.apply(m.legal_actions()[0])
    assert len(m.current.exchange_plan) == sum(p for p in points if p > 0) <= 13


# --- seats --------------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [1.0, True, False, -1, 3, "1", None])
def test_seats_are_exactly_0_1_2(seat):
    m = position()
    before = m.to_json()
    for call in (m.view, m.hand, m.view(0).owed, m.view(0).declarations_left):
        with pytest.raises(InvalidPosition, match="seats are the whole numbers 0, 1 and 2"):
            call(seat)
    assert m.to_json() == before
    assert m.view(1).seat == 1 and type(m.view(1).seat) is int


# --- notation -----------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["A\u017f", "\uff21S", "A\u0405", "1\u0660S", "\u0391S"])
def test_cards_are_ascii_only(text):
    with pytest.raises(InvalidNotation, match="ASCII"):
        Card.parse(text)


@pytest.mark.parametrize("sep", ["\u00a0", "\u2003", "\x1c", "\t", "\n", "  "])
def test_one_ascii_space_between_words(sep):
    m = position()
    before = m.to_json()
    with pytest.raises(IllegalAction, match="not an action"):
        m.apply(f"declare{sep}S")
    assert m.to_json() == before
    if sep.strip(" "):  # other separators do not separate cards either
        with pytest.raises(InvalidNotation):
            parse_cards(f"AS{sep}KH")


def test_long_s_is_not_spades():
    m = position()
    with pytest.raises(IllegalAction, match="ASCII"):
        m.apply("declare \u017f")
    for parse in (parse_contract, parse_suit):
        with pytest.raises(InvalidNotation, match="ASCII"):
            parse("\u017f")
    with pytest.raises(ValueError):
        RuleSet.preset("\uff53tandard")
    m.apply("declare S")  # the plain letter still works
    assert m.contract == "S"


def test_plain_notation_still_reads():
    assert Card.parse(" 10h ") is Card.parse("TH")
    assert [str(c) for c in parse_cards("AS KH  2C")] == ["AS", "KH", "2C"]
    assert Action.parse("Play as") is Action.play("AS")


# --- the command line ---------------------------------------------------------------------
def test_missing_value_is_named_and_the_rest_kept(capsys):
    assert parse_argv(["--seed", "--lang", "pl"]) == {"lang": "pl"}
    assert "--seed needs a value" in capsys.readouterr().err
    assert parse_argv(["--lang"]) == {}
    assert "--lang needs a value" in capsys.readouterr().err
    assert parse_argv(["--seed", "lang=pl"]) == {"lang": "pl"}


@pytest.mark.parametrize("seed", ["1_000", "\u0661\u0662\u0663", "\uff17", "+7", " 7x", "1" * 21])
def test_seed_on_the_command_line_is_ascii_digits(seed, capsys):
    assert parse_argv(["--seed", seed]) == {}
    assert "invalid seed" in capsys.readouterr().err
    assert parse_argv(["--seed", "7"]) == {"seed": 7}


# --- properties -------------------------------------------------------------------------
@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12))
def test_any_text_is_a_card_in_plain_notation_or_a_clear_refusal(text):
    try:
        card = Card.parse(text)
    except InvalidNotation as exc:
        assert "card" in str(exc) or "ASCII" in str(exc)
        return
    assert text.isascii() and text.strip(" ").upper() in (str(card), f"10{card.suit_letter}")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=16))
def test_any_text_is_an_action_in_plain_notation_or_changes_nothing(text):
    m = position()
    before = m.to_json()
    try:
        m.apply(text)
    except IllegalAction:
        assert m.to_json() == before
        return
    assert text.isascii() and text.strip(" ").count(" ") == 1 and str(m.history[-1]).lower() in text.lower().replace("10", "t")


def _scores_of_some_deal(rules, dealer):
    """Every points triple a deal dealt by `dealer` can score: all splits of 16 tricks."""
    found = set()
    for contract in (None, "MT") if "MT" in rules.contracts else (None,):
        targets = rules.targets(dealer, contract)
        for a in range(17):
            for b in range(17 - a):
                taken = (a, b, 16 - a - b)
                found.add(tuple((t - n) if contract else (n - t) for n, t in zip(taken, targets)))
    return found


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 17), st.tuples(st.integers(-300, 300), st.integers(-300, 300)),
       st.tuples(st.integers(-16, 16), st.integers(-16, 16)), st.integers(0, 2))
def test_any_scores_are_accepted_whole_or_refused(deal_number, two_totals, two_prev, dealer):
    """Accepted exactly when some deal could have scored `prev` and the totals lie within
    13 points a deal; accepted positions save, load and play on."""
    totals = (*two_totals, -sum(two_totals))
    prev = (*two_prev, -sum(two_prev))
    possible = all(abs(t) <= 13 * deal_number for t in totals) and (
        prev == (0, 0, 0) if deal_number == 0 else prev in _scores_of_some_deal(STANDARD, (dealer - 1) % 3))
    try:
        m = position(deal_number=deal_number, totals=totals, previous_points=prev, dealer=dealer, seed=deal_number)
    except InvalidPosition:
        assert not possible
        return
    assert possible
    again = Match.from_json(m.to_json())
    assert again.totals == totals and again.previous_points == prev
    m.apply(m.legal_actions()[0])
