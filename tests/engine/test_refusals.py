"""Refusals carry a code and the facts behind it, so a screen can say why in any language
without working the rules out again; the match is unchanged by every one of them."""

import pytest

from game.engine import IllegalAction, Match, Refusal, RuleSet
from tests.engine.positions import dominant_deal, position
from tests.engine.test_deal_phases import _to_play


def _refused(m: Match, action: str) -> IllegalAction:
    before = m.to_json()
    with pytest.raises(IllegalAction) as caught:
        m.apply(action)
    assert m.to_json() == before
    return caught.value


def test_follow_suit_names_the_suit_led():
    m = position(dealer=0)
    _to_play(m)
    m.apply("play AH")
    m.apply("play 8C")
    exc = _refused(m, "play AD")
    assert exc.code == Refusal.MUST_FOLLOW and exc.fields == {"suit": 1}


def test_a_card_not_held_names_the_card():
    m = position(dealer=0)
    _to_play(m)
    other = next(c for c in m.hand((m.to_act + 1) % 3))
    exc = _refused(m, f"play {other}")
    assert exc.code == Refusal.NOT_HELD and exc.fields == {"card": other}


def test_blato_must_trump_names_the_suit_and_the_trump():
    hands, kitty = dominant_deal()
    for dealer in range(3):
        m = Match.from_position(RuleSet.preset("blato"), hands, kitty, dealer=dealer)
        m.apply("declare H")
        for card in list(m.view(m.to_act).legal)[:4]:
            m.apply(card)
        while m.phase == "play":
            if m.trick:
                led, hand = m.trick[0][1].suit, m.hand(m.to_act)
                hearts = [c for c in hand if c.suit == 1]
                others = [c for c in hand if c.suit not in (1, led)]
                if hearts and others and not any(c.suit == led for c in hand):
                    exc = _refused(m, f"play {others[0]}")
                    assert exc.code == Refusal.MUST_TRUMP and exc.fields == {"suit": led, "trump": 1}
                    return
            m.apply(m.legal_actions()[0])
    pytest.fail("no position where a void seat had to trump")


def test_declare_refusals_name_the_contract():
    m = Match.new(RuleSet.preset("classic"), seed=4)
    while m.phase != "declare":
        m.apply(m.legal_actions()[0])
    exc = _refused(m, "declare NT")
    assert exc.code == Refusal.NO_SUCH_CONTRACT and exc.fields == {"contract": "NT", "preset": "classic"}
    m = Match.new(RuleSet.preset("standard"), seed=4)
    first = m.to_act
    m.apply("declare NT")
    while not (m.phase == "declare" and m.to_act == first):
        m.apply(m.legal_actions()[0])
    exc = _refused(m, "declare NT")
    assert exc.code == Refusal.CONTRACT_USED and exc.fields == {"contract": "NT"}


def test_wrong_phase_bad_notation_and_game_over():
    m = Match.new(seed=9)
    exc = _refused(m, "play AS")
    assert exc.code == Refusal.WRONG_PHASE and exc.fields == {"kind": "play", "phase": "declare"}
    assert _refused(m, "declare XX").code == Refusal.BAD_NOTATION
    while not m.is_over():
        m.apply(m.legal_actions()[0])
    assert _refused(m, "play AS").code == Refusal.GAME_OVER


def test_refusals_survive_pickling_with_their_code():
    import pickle
    exc = IllegalAction("you must follow hearts", Refusal.MUST_FOLLOW, suit=1)
    again = pickle.loads(pickle.dumps(exc))
    assert (str(again), again.code, again.fields) == (str(exc), exc.code, exc.fields)
