"""Rules review: RULES.md point by point on hand-built positions, filling the gaps of the
lead's own tests (exchange orders per preset, hand order, views per phase, tie-breaks in
real play, rotation from a mid-game position).

dominant_deal (tests/engine/positions.py): seat 0 holds JH..2H and AD..9D, seat 1 every
spade and AH KH QH, seat 2 8D..2D and AC..6C; kitty 5C 4C 3C 2C.
"""

import random

import pytest

from game.engine import CARDS, Card, IllegalAction, Match, RuleSet, fast, mask_of, parse_cards
from game.engine.deal import Deal, Trick
from game.engine.match import decide_winner
from tests.engine.positions import CLUBS, DIAMONDS, SPADES, dominant_deal, position


def _declared(prev, contract="S", preset="standard", dealer=0):
    m = position(preset, deal_number=1, previous_points=prev, dealer=dealer)
    if m.phase == "declare":
        m.apply(f"declare {contract}")
    return m


# --- roles and targets -------------------------------------------------------------------

@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_roles_and_targets_in_a_live_match(dealer):
    hands, kitty = dominant_deal()
    for preset in ("standard", "blato"):
        for contract in ("H", "NT", "MT"):
            m = position(preset, hands=hands, kitty=kitty, dealer=dealer)
            assert m.declarer == (dealer + 1) % 3 and m.to_act == m.declarer
            m.apply(f"declare {contract}")
            t = m.current.targets
            third = (dealer + 2) % 3
            if contract == "MT":
                assert (t[m.declarer], t[third], t[dealer]) == (3, 5, 8)
            else:
                assert (t[m.declarer], t[third], t[dealer]) == (8, 5, 3)
            assert m.view(third).targets == t  # public
    m = position("classic", hands=hands, kitty=kitty, dealer=dealer)
    assert m.declarer == dealer
    m.apply("declare C")
    t = m.current.targets
    assert (t[dealer], t[(dealer + 1) % 3], t[(dealer + 2) % 3]) == (8, 5, 3)


# --- declaring ---------------------------------------------------------------------------

@pytest.mark.parametrize("preset", ["standard", "blato"])
def test_declarer_sees_exactly_the_first_six_dealt_cards(preset):
    rng = random.Random(4)
    deck = list(CARDS)
    rng.shuffle(deck)
    hands = [deck[0:48:3], deck[1:48:3], deck[2:48:3]]
    m = position(preset, hands=hands, kitty=deck[48:], dealer=2)
    v = m.view(0)
    assert v.hand == tuple(hands[0][:6]) and v.hand_mask == mask_of(hands[0][:6])
    assert v.hand_sizes == (16, 16, 16)
    assert m.view(1).hand == tuple(hands[1]) and m.view(2).hand == tuple(hands[2])
    assert {a.kind for a in v.legal} == {"declare"}
    m.apply("declare NT")
    assert m.view(0).hand == tuple(hands[0]) + tuple(deck[48:])  # whole hand, then the kitty
    # the option declare_on=16 shows the whole hand
    m16 = position(RuleSet.preset(preset, declare_on=16), hands=hands, kitty=deck[48:], dealer=2)
    assert m16.view(0).hand == tuple(hands[0])


def test_last_declaration_is_forced_for_every_seat_in_a_whole_game():
    m = Match.new(RuleSet.preset("blato"), seed=99)
    while m.phase != "game_over":
        if m.phase == "declare":
            seat = m.to_act
            owed = m.view(seat).owed(seat)
            assert [a.contract for a in m.legal_actions()] == list(owed)
            if m.view(seat).declarations_left(seat) == 1:
                assert len(owed) == 1
        m.apply(m.legal_actions()[-1])
    assert all(sorted(u) == sorted(m.rules.contracts) for u in m.used)


def test_contracts_once_off_lets_a_declarer_repeat():
    rules = RuleSet.preset("standard", contracts_once=False)
    m = position(rules, used=((), ("MT", "MT"), ()), deal_number=6)
    assert len(m.legal_actions()) == 6
    m.apply("declare MT")
    assert m.used[1] == ("MT", "MT", "MT")


# --- the exchange ------------------------------------------------------------------------

@pytest.mark.parametrize("prev, plan", [
    ((-1, 3, -2), ((1, 2), (1, 2), (1, 0))),      # one up: the higher-target down (seat 2, 5) first
    ((-2, 3, -1), ((1, 2), (1, 0), (1, 0))),
    ((2, 1, -3), ((1, 2), (0, 2), (0, 2))),       # two ups: the higher target first, even with fewer points
    ((-3, 2, 1), ((1, 0), (1, 0), (2, 0))),
    ((0, -4, 4), ((2, 1),) * 4),                  # +n / 0 / -n
])
def test_standard_exchange_plans(prev, plan):
    m = _declared(prev)
    assert m.current.exchange_plan == plan
    assert all(m.view(s).exchange_plan == plan for s in range(3))  # public once declared
    assert m.to_act == plan[0][0]


@pytest.mark.parametrize("prev, plan", [
    ((1, 1, -2), ((0, 2), (1, 2))),               # classic: dealer 0 needs 8, seat 1 needs 5
    ((-2, 1, 1), ((1, 0), (2, 0))),
    ((2, -1, -1), ((0, 1), (0, 2))),
    ((-1, 2, -1), ((1, 0), (1, 2))),
])
def test_classic_exchange_plans_follow_the_dealers_targets(prev, plan):
    m = position("classic", deal_number=1, previous_points=prev, dealer=0)
    assert m.phase == "exchange" and m.contract is None
    assert m.current.exchange_plan == plan
    assert all(m.view(s).exchange_plan == plan for s in range(3))


def test_exchange_plan_is_hidden_only_while_it_is_unknown():
    m = position(deal_number=1, previous_points=(1, -1, 0))
    assert m.view(2).exchange_plan == ()  # before the contract it may yet be NT/MT
    m.apply("declare NT")
    assert m.view(2).exchange_plan == () and m.phase == "discard"


def test_exchange_runs_pass_by_pass_and_hand_order_gets_the_new_card_last():
    m = _declared((-1, 2, -1))  # seat 1 (the declarer, 8) passes to seat 2 then seat 0
    start = [m.hand(s) for s in range(3)]
    m.apply("give QH")          # seat 2 has no hearts: QH comes straight back
    assert m.hand(2) == start[2]
    assert m.hand(1)[-1] == Card.parse("QH") and len(m.hand(1)) == 16
    assert m.phase == "exchange" and m.to_act == 1
    m.apply("give KH")          # seat 0's highest heart is now KH itself: back it comes
    assert m.hand(0) == start[0] and m.hand(1)[-5] == Card.parse("KH")
    assert m.phase == "discard" and len(m.hand(1)) == 20
    assert m.hand(1)[-4:] == tuple(parse_cards("5C 4C 3C 2C"))  # the kitty joins the end


def test_a_kept_card_joins_the_end_of_the_receivers_hand():
    m = _declared((1, -1, 0))   # seat 0 (up) passes to the declarer, seat 1
    before = m.hand(0)
    m.apply("give 2H")
    assert m.hand(0) == tuple(c for c in before if str(c) != "2H") + (Card.parse("AH"),)
    assert m.hand(1)[-5] == Card.parse("2H") and Card.parse("AH") not in m.hand(1)


def test_only_the_two_players_of_each_pass_see_its_cards():
    m = _declared((-1, 2, -1))
    m.apply("give QH")
    m.apply("give KH")
    full = m.current.exchange
    v0, v1, v2 = (m.view(s).exchange for s in range(3))
    assert v1 == tuple(full)
    assert v2[0] == full[0] and (v2[1].given, v2[1].returned) == (None, None)
    assert v0[1] == full[1] and (v0[0].given, v0[0].returned) == (None, None)
    assert [(s.giver, s.receiver) for s in v0] == [(1, 2), (1, 0)]


def test_the_same_card_may_be_passed_again_after_it_comes_back():
    m = _declared((2, 0, -2))
    m.apply("give 2H")  # seat 2 holds no heart
    assert _names(m.legal_actions()) >= {"give 2H"}
    m.apply("give 2H")
    assert [str(s.returned) for s in m.current.exchange] == ["2H", "2H"]


def _names(actions):
    return {str(a) for a in actions}


def test_receiver_returns_the_highest_not_just_a_higher_card():
    seat0 = ["3H", "2H"] + SPADES[:11] + DIAMONDS[:3]
    seat2 = ["KH", "TH", "8H", "7H"] + CLUBS[:12]
    kitty = ["2C", "4D", "3D", "2D"]
    seat1 = [str(c) for c in CARDS if str(c) not in seat0 + seat2 + kitty]
    m = position(hands=[seat0, seat1, seat2], kitty=kitty, dealer=0, deal_number=1, previous_points=(1, 0, -1))
    m.apply("declare S")
    assert m.to_act == 0
    m.apply("give 3H")
    assert str(m.current.exchange[0].returned) == "KH"
    assert m.hand(0)[-1] == Card.parse("KH")


def test_no_trump_may_be_passed_in_any_trump_contract():
    for contract, suit in (("S", 0), ("H", 1), ("D", 2), ("C", 3)):
        m = _declared((2, -1, -1), contract)
        assert m.to_act == 0
        assert all(a.card.suit != suit for a in m.legal_actions())
        trumps = [c for c in m.hand(0) if c.suit == suit]
        for c in trumps:
            with pytest.raises(IllegalAction, match="may not pass a trump"):
                m.apply(f"give {c}")


def test_kitty_stays_hidden_from_the_declarer_until_the_exchange_is_over():
    m = _declared((-1, 2, -1))
    assert m.phase == "exchange" and m.to_act == 1 == m.declarer
    assert m.view(1).kitty is None


def test_kitty_and_discards_never_reach_the_others():
    m = _declared((-1, 2, -1))
    for step in ("give QH", "give KH", "discard 5C", "discard AS", "discard 3C", "discard 2C", "play KS"):
        for s in (0, 2):
            assert m.view(s).kitty is None and m.view(s).discards is None
        m.apply(step)
    assert m.view(1).discards == tuple(parse_cards("5C AS 3C 2C"))


# --- play --------------------------------------------------------------------------------

def _to_play(m, contract, discards=("5C", "4C", "3C", "2C")):
    m.apply(f"declare {contract}")
    while m.phase == "exchange":
        m.apply(m.legal_actions()[0])
    for c in discards:
        m.apply(f"discard {c}")


def test_classic_declarer_is_the_dealer_and_leads_the_first_trick():
    m = position("classic", dealer=1)
    _to_play(m, "S")
    assert m.phase == "play" and m.to_act == 1 == m.view(0).leader


@pytest.mark.parametrize("preset", ["blato", RuleSet.preset("classic", must_trump=True)])
def test_must_trump_only_binds_a_player_void_in_the_led_suit_who_holds_a_trump(preset):
    m = position(preset, dealer=0 if preset == "blato" else 1)
    _to_play(m, "S")
    m.apply("play AS")  # trump led: seats 2 and 0 hold no spade at all, so anything goes
    assert len(m.legal_actions()) == 16
    m.apply("play AC")
    assert len(m.legal_actions()) == 16


def test_must_trump_is_void_in_no_trump_and_minimum():
    for contract in ("NT", "MT"):
        m = position("blato", dealer=0)
        _to_play(m, contract)
        m.apply("play AH")
        assert len(m.legal_actions()) == 16  # seat 2: no hearts and no trump suit exists


def test_trick_winner_against_a_reference():
    rng = random.Random(7)
    for _ in range(4000):
        cards = rng.sample(range(52), 3)
        leader = rng.randrange(3)
        trump = rng.randrange(-1, 4)
        trumps = [c for c in cards if c // 13 == trump]
        pool = trumps or [c for c in cards if c // 13 == cards[0] // 13]
        best = max(pool)
        assert fast.trick_winner(leader, cards, trump) == (leader + cards.index(best)) % 3


def test_after_the_sixteenth_trick_the_next_deal_is_dealt_at_once():
    m = position(dealer=0, seed=12)
    _to_play(m, "S")
    while m.deal_number == 0:
        m.apply(m.legal_actions()[0])
    assert m.dealer == 1 and m.declarer == 2 and m.phase == "declare" and m.to_act == 2
    assert len(m.deals) == 1 and m.deals[0].points is not None and m.current.points is None
    assert m.view(0).tricks == () and m.view(0).trick == () and m.view(0).played_mask == 0
    assert m.view(0).previous_points == m.deals[0].points


# --- rotation and game end ----------------------------------------------------------------

def test_rotation_continues_from_a_mid_game_position_to_the_end():
    used = (("S", "H", "D", "C", "NT"), ("S", "H", "D", "C", "MT"), ("S", "H", "D", "NT", "MT"))
    m = position(dealer=2, deal_number=15, used=used, totals=(1, 2, -3), seed=3)
    seen = []
    while m.phase != "game_over":
        if m.phase == "declare":
            seen.append((m.deal_number, m.dealer, m.declarer, [a.contract for a in m.legal_actions()]))
        m.apply(m.legal_actions()[0])
    assert seen == [(15, 2, 0, ["MT"]), (16, 0, 1, ["NT"]), (17, 1, 2, ["C"])]
    assert len(m.deals) == 3 and sum(m.totals) == 0
    assert m.view(0).legal == () and m.to_act is None and m.legal_actions() == []


def test_the_seed_fixes_the_deals_after_a_position():
    a = position(seed=41)
    b = position(seed=41)
    for m in (a, b):
        _to_play(m, "S")
        while m.deal_number == 0:
            m.apply(m.legal_actions()[-1] if m is a else m.legal_actions()[0])
    assert a.current.hands == b.current.hands and a.current.kitty == b.current.kitty


# --- scoring and tie-breaks --------------------------------------------------------------

def test_scores_follow_targets_in_every_deal_of_random_games():
    for preset in ("standard", "classic"):
        m = Match.new(RuleSet.preset(preset, deals=6, contracts_once=preset != "classic"), seed=17)
        rng = random.Random(1)
        while m.phase != "game_over":
            m.apply(rng.choice(m.legal_actions()))
        total = [0, 0, 0]
        for d in m.deals:
            sign = -1 if d.contract == "MT" else 1
            assert d.points == tuple(sign * (d.tricks_taken[s] - d.targets[s]) for s in range(3))
            total = [total[s] + d.points[s] for s in range(3)]
        assert list(m.totals) == total


def _deal(points, winners):
    d = Deal(0, 0, 1, ((), (), ()), ())
    d.points = points
    d.tricks = [Trick(0, (Card.parse("2S"),) * 3, w) for w in winners]
    return d


def test_three_way_tie_level_in_the_last_deal_goes_to_the_sixteenth_trick():
    assert decide_winner((0, 0, 0), [_deal((0, 0, 0), [0] * 15 + [2])]) == (2, "last_trick")


def test_two_way_tie_looks_back_past_tricks_of_the_untied_player():
    winners = [1] * 10 + [2] + [0] * 5  # seats 1 and 2 tied, seat 0 took the last five
    assert decide_winner((-2, 1, 1), [_deal((1, -1, 0), winners)]) == (2, "last_deal")
    assert decide_winner((-2, 1, 1), [_deal((2, -1, -1), winners)]) == (2, "last_trick")


def test_tie_a_lower_last_deal_loses_even_with_the_last_trick():
    assert decide_winner((3, 3, -6), [_deal((-1, 3, -2), [0] * 16)]) == (1, "last_deal")


def test_real_games_resolve_ties_as_rules_md_says():
    found = set()
    for seed in range(300):
        rng = random.Random(seed)
        totals = [0, 0, 0]
        if seed % 2:  # two seats level before the last deal: ties of both kinds become likely
            a, b = rng.sample(range(3), 2)
            x = rng.randrange(2, 7)
            totals[a] = totals[b] = x
            totals[3 - a - b] = -2 * x
        else:
            totals[0], totals[1] = rng.randrange(-4, 5), rng.randrange(-4, 5)
            totals[2] = -totals[0] - totals[1]
        m = position(deal_number=17, dealer=seed % 3, seed=seed, totals=tuple(totals),
                     used=tuple(("H", "D", "C", "NT", "MT") for _ in range(3)))
        while m.phase != "game_over":
            m.apply(rng.choice(m.legal_actions()))
        winner, how = m.result()
        assert m.winner() == winner
        tied = [s for s in range(3) if m.totals[s] == max(m.totals)]
        assert winner in tied
        last = m.deals[-1]
        if how == "total":
            assert tied == [winner]
        else:
            top = max(last.points[s] for s in tied)
            assert last.points[winner] == top
            level = [s for s in tied if last.points[s] == top]
            assert (len(level) == 1) == (how == "last_deal")
            if how == "last_trick":
                latest = next(t.winner for t in reversed(last.tricks) if t.winner in level)
                assert winner == latest
        found.add(how)
        if len(found) == 3:
            break
    assert found == {"total", "last_deal", "last_trick"}


def test_no_winner_before_the_end():
    m = position(deal_number=17, used=((), ("S", "H", "D", "C", "NT"), ()))
    assert m.winner() is None and m.result() == (None, None)


# --- lapsed passes: unreachable through the public API ------------------------------------
# A giver holds 16 cards before the kitty and a suit has 13, so "no card outside the trump
# suit" never happens in a real deal.  These tests move the giver's side cards out by hand
# (internals!) only to prove the lapse code path does what RULES.md says.

def _strip_side_cards(m, seat, trump_suit):
    side = [c for c in m._hands[seat] if c.suit != trump_suit]
    for c in side:
        m._hands[seat].remove(c)
        m._masks[seat] ^= c.mask
        m._kitty.append(c)
    return side


def test_a_giver_without_side_cards_lapses_all_their_passes():
    m = position(deal_number=1, previous_points=(-1, 2, -1))
    _strip_side_cards(m, 1, 0)  # seat 1 keeps its 13 spades only
    events = m.apply("declare S")
    assert [(e.kind, e.seat, e.data) for e in events if e.kind == "lapsed"] == [("lapsed", 1, 2)]
    assert m.current.exchange == [] and m.phase == "discard"


def test_when_the_first_up_player_lapses_the_second_still_passes():
    m = position(deal_number=1, previous_points=(1, 1, -2))
    _strip_side_cards(m, 1, 0)
    events = m.apply("declare S")
    assert [e.kind for e in events] == ["declared", "lapsed"]
    assert m.phase == "exchange" and m.to_act == 0
    m.apply("give 2H")
    assert [(s.giver, s.receiver) for s in m.current.exchange] == [(0, 2)] and m.phase == "discard"


# --- saves stay loadable: the seeded shuffle must never change ------------------------------

def test_seeded_deals_are_pinned_so_old_saves_replay_the_same_cards():
    from game.engine import format_cards
    from game.engine.deal import first_dealer, shuffled_deal

    m = Match.new(seed=1)
    assert m.dealer == 0 == first_dealer(1)
    assert [format_cards(h) for h in m.current.hands] == [
        "3H 9D 4D 2S 9C KC QS 6H 7S JH QH 5C TD KH 2C 4C",
        "8C 6C QD 5D AH 3C 6D 3D 3S 9S 6S 2D TC TH 4S AS",
        "QC AD 8S AC 8H JD TS 8D KS 7H JC 2H 4H 7C 7D 5S",
    ]
    assert format_cards(m.current.kitty) == "5H KD 9H JS"
    hands, kitty = shuffled_deal(358, 0, 2)
    assert format_cards(hands[0]) == "TH AH QD 8H 2D 9S KH 6C QC 6H 3C TD JD JC 6D QH"
    assert format_cards(kitty) == "7S 5D 3S KS" and first_dealer(358) == 2
