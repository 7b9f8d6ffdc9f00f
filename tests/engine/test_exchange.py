"""The exchange after a deal with winners and losers (RULES.md, 'The exchange')."""

import pytest

from game.engine import Card, IllegalAction, RuleSet
from tests.engine.positions import position

# dominant_deal: seat 0 holds JH..2H and AD..9D, seat 1 all spades and AH KH QH,
# seat 2 8D..2D and AC..6C.  Dealer 0: seat 1 declares (8), seat 2 third (5), seat 0 dealer (3).


def _declared(prev, contract="S", **kw):
    m = position(deal_number=1, previous_points=prev, **kw)
    m.apply(f"declare {contract}")
    return m


def test_one_up_two_down_serves_the_higher_target_first():
    m = _declared((-1, 2, -1))
    assert m.phase == "exchange" and m.to_act == 1
    assert m.current.exchange_plan == ((1, 2), (1, 0))


def test_two_up_one_down_higher_target_gives_first():
    m = _declared((1, 1, -2))
    assert m.current.exchange_plan == ((1, 2), (0, 2))


def test_up_and_down_with_a_zero_player_exchange_n_cards():
    m = _declared((3, 0, -3))
    assert m.current.exchange_plan == ((0, 2), (0, 2), (0, 2))
    assert m.to_act == 0


def test_receiver_returns_their_highest_card_of_the_suit():
    m = _declared((1, -1, 0))
    m.apply("give 2H")  # seat 0 passes its lowest heart; seat 1 holds AH
    step = m.current.exchange[-1]
    assert (step.giver, step.receiver, str(step.given), str(step.returned)) == (0, 1, "2H", "AH")
    assert Card.parse("AH") in m.hand(0) and Card.parse("2H") in m.hand(1)
    assert m.phase == "discard"  # exchange over: the declarer takes the kitty


def test_receiver_with_nothing_higher_gives_the_same_card_back():
    m = _declared((0, 1, -1))
    m.apply("give QH")  # seat 2 has no hearts at all
    assert m.current.exchange[-1].returned == Card.parse("QH")
    m2 = _declared((-1, 1, 0))
    m2.apply("give QH")  # seat 0 holds only lower hearts
    assert m2.current.exchange[-1].returned == Card.parse("QH")


def test_no_trump_may_be_passed():
    m = _declared((1, -1, 0), contract="H")
    before = m.to_json()
    with pytest.raises(IllegalAction, match="may not pass a trump"):
        m.apply("give 2H")
    assert m.to_json() == before
    assert all(a.card.suit != 1 for a in m.legal_actions())


def test_passes_are_one_at_a_time_and_not_optional():
    m = _declared((-1, 2, -1))
    assert all(a.kind == "give" for a in m.legal_actions())
    with pytest.raises(IllegalAction, match="cannot discard now"):
        m.apply("discard AS")
    m.apply("give KH")
    assert m.phase == "exchange" and m.to_act == 1
    m.apply("give QH")
    assert m.phase == "discard"
    assert [(s.giver, s.receiver) for s in m.current.exchange] == [(1, 2), (1, 0)]


@pytest.mark.parametrize("contract", ["NT", "MT"])
def test_no_exchange_in_no_trump_or_minimum(contract):
    m = _declared((1, -1, 0), contract=contract)
    assert m.phase == "discard" and m.current.exchange_plan == ()


def test_no_exchange_in_the_first_deal_or_when_switched_off():
    m = position(deal_number=0)
    m.apply("declare S")
    assert m.phase == "discard"
    with pytest.raises(ValueError, match="first deal has no previous deal"):
        position(deal_number=0, previous_points=(1, -1, 0))  # nothing to exchange for
    m = _declared((1, -1, 0), preset=RuleSet.preset("standard", exchange=False))
    assert m.phase == "discard"
    m = _declared((0, 0, 0))
    assert m.phase == "discard"


def test_only_the_two_players_involved_see_the_cards():
    m = _declared((1, -1, 0))
    m.apply("give 2H")
    for seat in (0, 1):
        assert m.view(seat).exchange[0].given == Card.parse("2H")
    outsider = m.view(2).exchange[0]
    assert (outsider.giver, outsider.receiver, outsider.given, outsider.returned) == (0, 1, None, None)
    assert m.view(2).exchange_plan == ((0, 1),)  # who with whom and how many is public


def test_classic_exchanges_before_the_contract_and_any_card_may_go():
    m = position("classic", deal_number=1, previous_points=(1, -1, 0), dealer=0)
    assert m.phase == "exchange" and m.to_act == 0 and m.contract is None
    assert {a.card.suit for a in m.legal_actions()} == {1, 2}  # seat 0's hearts and diamonds
    m.apply("give 9D")
    assert m.phase == "declare" and m.to_act == 0  # the dealer names the trump next
    m.apply("declare D")
    assert m.phase == "discard"


def test_a_full_game_passes_each_card_with_a_legal_return():
    from game.engine import Match

    m = Match.new(RuleSet.preset("standard"), seed=5)
    seen = 0
    while m.phase != "game_over":
        m.apply(m.legal_actions()[0])
    for deal in m.deals:
        hands = [set(h) for h in deal.hands]
        for step in deal.exchange:
            hands[step.giver].remove(step.given)
            hands[step.receiver].add(step.given)
            suit = [c for c in hands[step.receiver] if c.suit == step.given.suit]
            assert step.returned == max(suit, key=lambda c: c.rank)
            assert step.given.suit != "SHDC".find(deal.contract)
            hands[step.receiver].remove(step.returned)
            hands[step.giver].add(step.returned)
            seen += 1
        assert len(deal.exchange) == len(deal.exchange_plan)
    assert seen > 0
