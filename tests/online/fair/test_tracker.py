"""The Tracker gives exactly Match.view(seat) from what one seat may know, and refuses at
once the breaches it can see."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.players import HeuristicPlayer, RandomPlayer
from game.engine import Card, Match, RuleSet
from game.online.fair.breach import Breach, breached_points, breached_tricks
from game.online.fair.tracker import Tracker
from game.online.visibility import events_for

from .match_feed import feed, trackers_for

RULES = {
    "standard": RuleSet.preset("standard", deals=6),
    "blato": RuleSet.preset("blato", deals=6),
    "classic": RuleSet.preset("classic", deals=6),
    "whole hand": RuleSet.preset("standard", deals=6, declare_on=16),
}


def play_and_compare(match, players, trackers) -> int:
    steps = 0
    for t in trackers:
        t.take_events()  # the first deal's: the screens get a snapshot, not an event
    while not match.is_over():
        seat = match.to_act
        action = players[seat].choose(trackers[seat].view())
        events = match.apply(action)
        for t in trackers:
            feed(t, match, events)
            assert t.view() == match.view(t.seat), (steps, t.seat, str(action))
            # the events a screen animates, as the host would send them to this seat (the
            # score and the game's end come from the audit's verdict, not the tracker)
            seen = [e for e in events_for(events, t.seat) if e.kind not in ("scored", "game_over")]
            assert t.take_events() == seen, (steps, t.seat, str(action))
            assert t.actions == len(match.history)
        steps += 1
    return steps


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), preset=st.sampled_from(sorted(RULES)), smart=st.booleans())
def test_every_seat_sees_what_match_would_show_at_every_step(seed, preset, smart):
    match = Match.new(RULES[preset], seed=seed)
    kind = HeuristicPlayer if smart else RandomPlayer
    players = [kind(seed + s) for s in range(3)]
    trackers = trackers_for(match)
    for t in trackers:
        assert t.view() == match.view(t.seat)
        assert [e.kind for e in t.events] == ["dealt"]
    assert play_and_compare(match, players, trackers) > 52 * 6 - 20


def test_a_full_eighteen_deal_match_with_exchanges():
    match = Match.new(RuleSet.preset("standard"), seed=358)
    trackers = trackers_for(match)
    play_and_compare(match, [HeuristicPlayer(s) for s in range(3)], trackers)
    assert any(d.exchange for d in match.deals)
    assert trackers[0].view().totals == match.totals


def first_deal_in_play(seed=7):
    """A match at the first card of its first deal, with its trackers."""
    match = Match.new(RuleSet.preset("standard", deals=3), seed=seed)
    trackers = trackers_for(match)
    while match.phase != "play":
        events = match.apply(match.legal_actions()[0])
        for t in trackers:
            feed(t, match, events)
    return match, trackers


def test_a_card_already_played_is_refused_at_once():
    match, trackers = first_deal_in_play()
    leader = match.to_act
    card = match.legal_actions()[0].card
    events = match.apply(f"play {card}")
    for t in trackers:
        feed(t, match, events)
    watcher = trackers[(leader + 2) % 3]
    with pytest.raises(Breach) as caught:
        watcher.played((leader + 1) % 3, card)
    assert caught.value.seat == (leader + 1) % 3 and caught.value.trick == 0


def test_a_card_the_watcher_holds_is_refused_at_once():
    match, trackers = first_deal_in_play()
    leader = match.to_act
    watcher = (leader + 1) % 3
    with pytest.raises(Breach) as caught:
        trackers[watcher].played(leader, match.hand(watcher)[0])
    assert caught.value.seat == leader


def test_playing_out_of_turn_is_refused():
    match, trackers = first_deal_in_play()
    other = (match.to_act + 1) % 3
    with pytest.raises(Breach) as caught:
        trackers[match.to_act].played(other, match.hand(other)[0])
    assert caught.value.seat == other


def test_a_suit_played_after_showing_none_proves_the_earlier_revoke():
    """Hand-built: seat 1 plays a spade on a heart lead, so it has no heart; when it later
    plays a heart, the breach is named in the trick where it did not follow."""
    t = Tracker(0, RuleSet.preset("standard", deals=3), dealer=2)  # declarer: seat 0
    hand = [Card.parse(c) for c in "AH KH QH JH TH 9H AC KC QC JC TC 9C 8C 7C 6C 2C".split()]
    t.deal(hand[:6])
    t.declared(0, "NT")
    t.rest_of_hand(hand[6:])
    t.kitty_opened([Card.parse(c) for c in "AD KD QD JD".split()])
    for c in ("AD", "KD", "QD", "JD"):
        t.discarded(0, Card.parse(c))
    for seat, card in ((0, "AH"), (1, "2S"), (2, "3H"), (0, "KH")):
        t.played(seat, Card.parse(card))
    with pytest.raises(Breach) as caught:
        t.played(1, Card.parse("5H"))
    assert (caught.value.seat, caught.value.trick) == (1, 0)
    assert "follow hearts" in caught.value.reason


def test_house_rule_for_a_breached_deal():
    targets = (8, 5, 3)
    assert breached_tricks(0, targets, False) == [0, 9, 7]
    assert breached_points(0, targets, "H") == (-8, 4, 4)
    assert breached_points(1, targets, "NT") == (2, -5, 3)  # the odd trick to seat 2, on its left
    assert breached_points(2, targets, None) == (2, 1, -3)
    mt = (3, 5, 8)
    assert breached_points(0, mt, "MT") == (-13, 5, 8)
    for cheater in range(3):
        for contract, tg in (("S", targets), ("MT", mt)):
            points = breached_points(cheater, tg, contract)
            assert sum(points) == 0 and points[cheater] == min(points)
