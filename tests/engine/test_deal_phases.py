"""Declare, kitty and play rules on hand-built positions."""

import pytest

from game.engine import Card, IllegalAction, Match, RuleSet
from tests.engine.positions import CLUBS, DIAMONDS, HEARTS, SPADES, dominant_deal, finish_dominant, position


def test_standard_declarer_sits_left_of_dealer_and_sees_six_cards():
    m = position(dealer=0)
    assert m.phase == "declare" and m.declarer == 1 and m.to_act == 1
    v = m.view(1)
    assert [str(c) for c in v.hand] == SPADES[:6]
    assert v.kitty is None
    # the other players see their whole hands
    assert len(m.view(0).hand) == 16 and len(m.view(2).hand) == 16
    m.apply("declare S")
    assert len(m.view(1).hand) == 20  # all 16 plus the kitty, now to discard four


def test_classic_dealer_declares_on_whole_hand_and_names_suits_only():
    m = position("classic", dealer=1)
    assert m.declarer == 1 and m.phase == "declare"
    assert len(m.view(1).hand) == 16
    assert [str(a) for a in m.legal_actions()] == ["declare S", "declare H", "declare D", "declare C"]
    with pytest.raises(IllegalAction, match="not a contract in the classic"):
        m.apply("declare NT")


def test_contracts_once_per_declarer_and_last_one_forced():
    m = position(used=((), ("S", "H", "D", "NT", "MT"), ()), deal_number=15, dealer=0)
    assert [str(a) for a in m.legal_actions()] == ["declare C"]
    with pytest.raises(IllegalAction, match="already declared spades"):
        m.apply("declare S")
    m.apply("declare C")
    assert m.used[1] == ("S", "H", "D", "NT", "MT", "C")


def test_classic_may_name_a_suit_again():
    m = position("classic", dealer=1, used=((), ("S", "S"), ()), deal_number=5)
    assert "declare S" in [str(a) for a in m.legal_actions()]


def test_kitty_goes_to_declarer_who_discards_any_four_including_trumps():
    m = position(dealer=0)
    m.apply("declare S")
    assert m.phase == "discard" and m.to_act == 1
    v1 = m.view(1)
    assert [str(c) for c in v1.kitty] == CLUBS[9:]
    assert m.view(0).kitty is None and m.view(2).kitty is None
    assert {"discard AS", "discard 2C"} <= {str(a) for a in m.legal_actions()}
    for c in ("AS", "KS", "5C", "2C"):
        m.apply(f"discard {c}")
    assert m.phase == "play" and m.to_act == 1  # the declarer leads the first trick
    assert len(m.hand(1)) == 16
    assert m.view(1).discards == tuple(Card.parse(c) for c in ("AS", "KS", "5C", "2C"))
    assert m.view(0).discards is None
    with pytest.raises(IllegalAction, match="cannot discard now"):
        m.apply("discard 3C")


def _to_play(m, contract="S", discards=("5C", "4C", "3C", "2C")):
    m.apply(f"declare {contract}")
    for c in discards:
        m.apply(f"discard {c}")


def test_must_follow_suit_but_not_head_the_trick():
    m = position(dealer=0)
    _to_play(m)
    m.apply("play AH")  # seat 1 leads hearts; seat 2 has none, seat 0 has ten
    m.apply("play 8C")  # seat 2 holds no hearts: any card is fine
    before = m.to_json()
    with pytest.raises(IllegalAction, match="you must follow hearts"):
        m.apply("play AD")
    assert m.to_json() == before  # a refused card changes nothing
    m.apply("play 2H")  # the lowest heart is fine: no need to head the trick
    assert m.current.tricks[-1].winner == 1


def test_follow_suit_is_enforced_on_the_seat_that_holds_the_suit():
    hands, kitty = dominant_deal()
    m = position(hands=[hands[2], hands[0], hands[1]], kitty=kitty, dealer=2)
    # dealer 2: seat 0 declares with diamonds+clubs, seat 1 holds hearts+diamonds
    m.apply("declare NT")
    for c in ("5C", "4C", "3C", "2C"):
        m.apply(f"discard {c}")
    m.apply("play 8D")
    assert m.to_act == 1
    assert {a.card.suit for a in m.legal_actions()} == {2}
    with pytest.raises(IllegalAction, match="you must follow diamonds"):
        m.apply("play JH")
    m.apply("play 9D")  # a low diamond is fine: no need to head the trick


def test_void_player_may_discard_without_trumping_in_standard():
    m = position(dealer=0)
    _to_play(m, "H")
    # seat 1 leads a spade; seat 2 holds no spade and no trump need
    m.apply("play 2S")
    assert m.to_act == 2
    assert len(m.legal_actions()) == 16  # any card
    m.apply("play 9C")


def _blato_position():
    # seat 1 declares hearts; seat 2 has no spades but one heart
    seat1 = SPADES[:10] + HEARTS[:6]
    seat2 = HEARTS[6:7] + DIAMONDS[:8] + CLUBS[:7]
    seat0 = SPADES[10:] + HEARTS[7:] + DIAMONDS[8:] + CLUBS[7:9]
    kitty = CLUBS[9:]
    return [seat0, seat1, seat2], kitty


def test_blato_must_trump_when_void_but_need_not_overtrump():
    hands, kitty = _blato_position()
    m = position("blato", hands=hands, kitty=kitty, dealer=0)
    _to_play(m, "H")
    m.apply("play AS")
    assert [str(a) for a in m.legal_actions()] == ["play 8H"]
    with pytest.raises(IllegalAction, match="must play a trump"):
        m.apply("play AD")
    m.apply("play 8H")
    m.apply("play 4S")
    assert m.current.tricks[-1].winner == 2  # the trump takes the ace


def test_blato_trumping_is_optional_in_standard_with_the_same_cards():
    hands, kitty = _blato_position()
    m = position("standard", hands=hands, kitty=kitty, dealer=0)
    _to_play(m, "H")
    m.apply("play AS")
    assert len(m.legal_actions()) == 16
    m.apply("play AD")
    m.apply("play 4S")
    assert m.current.tricks[-1].winner == 1


def test_must_trump_does_not_force_overtrumping():
    seat1 = SPADES[:10] + HEARTS[2:8]
    seat2 = HEARTS[8:9] + DIAMONDS[:8] + CLUBS[:7]
    seat0 = SPADES[10:] + HEARTS[:2] + HEARTS[9:] + DIAMONDS[8:] + CLUBS[7:9]
    m = position("blato", hands=[seat0, seat1, seat2], kitty=CLUBS[9:], dealer=0)
    _to_play(m, "H")
    m.apply("play 9S")  # seat 1 leads a spade
    m.apply("play 6H")  # seat 2 is void in spades and must trump
    # seat 0 holds spades QS? no: seat 0 holds 3S 2S, must follow spades
    assert {a.card.suit for a in m.legal_actions()} == {0}


def test_trick_winner_with_and_without_trumps():
    m = position(dealer=0)
    _to_play(m, "NT")
    m.apply("play 2S")
    m.apply("play AC")  # off-suit ace does not win in NT
    m.apply("play AD")
    assert m.current.tricks[-1].winner == 1 and m.to_act == 1
    m2 = position(dealer=0)
    _to_play(m2, "D")
    m2.apply("play 2S")
    m2.apply("play 6D")  # a small trump wins
    m2.apply("play AD")  # seat 0 is void in spades and over-trumps
    assert m2.current.tricks[-1].winner == 0
    assert m2.to_act == 0  # the winner leads the next trick


@pytest.mark.parametrize(
    "contract, points",
    [("S", (-3, 8, -5)), ("NT", (-3, 8, -5)), ("MT", (8, -13, 5))],
)
def test_scoring_trump_nt_and_mt(contract, points):
    m = position(dealer=0)
    finish_dominant(m, contract)
    deal = m.deals[0]
    assert deal.tricks_taken == [0, 16, 0]
    assert deal.points == points and sum(points) == 0
    assert tuple(m.totals) == points
    assert m.deal_number == 1 and m.phase in ("declare", "exchange")  # next deal dealt at once


def test_discards_count_for_nobody_and_all_cards_are_used():
    m = position(dealer=0)
    finish_dominant(m, "S")
    deal = m.deals[0]
    played = [c for t in deal.tricks for c in t.cards]
    assert len(played) == 48 and len(set(played) | set(deal.discards)) == 52


def test_eighteen_deal_rotation_and_game_end():
    rules = RuleSet.preset("standard")
    m = Match.new(rules, seed=11)
    first = m.dealer
    dealers, declarers = [], []
    while m.phase != "game_over":
        if m.phase == "declare" and (not dealers or len(dealers) == m.deal_number):
            dealers.append(m.dealer)
            declarers.append(m.declarer)
        m.apply(m.legal_actions()[0])
    assert len(m.deals) == 18
    assert dealers == [(first + i) % 3 for i in range(18)]
    assert declarers == [(d + 1) % 3 for d in dealers]
    for seat in range(3):
        assert sorted(m.used[seat]) == sorted(rules.contracts)  # each type exactly once
    assert m.winner() in (0, 1, 2) and m.legal_actions() == []
    with pytest.raises(IllegalAction, match="game is over"):
        m.apply("play AS")


def test_classic_game_length_option():
    m = Match.new(RuleSet.preset("classic", deals=6), seed=3)
    while m.phase != "game_over":
        m.apply(m.legal_actions()[-1])
    assert len(m.deals) == 6 and all(d.declarer == d.dealer for d in m.deals)


def test_views_tell_how_many_declarations_and_which_contracts_remain():
    m = position(dealer=0)  # deal 1 of 18, seat 1 declares now
    v = m.view(0)
    assert [v.declarations_left(s) for s in range(3)] == [6, 6, 6]
    assert v.owed(1) == ("S", "H", "D", "C", "NT", "MT")
    m.apply("declare MT")
    v = m.view(2)
    assert [v.declarations_left(s) for s in range(3)] == [6, 5, 6]
    assert v.owed(1) == ("S", "H", "D", "C", "NT")
    assert position("classic", dealer=0).view(0).owed(0) == ()
