"""Rules review: invariants over random positions and games (hypothesis).

- A view depends on nothing its seat may not know: swap hidden cards (within a suit, so
  every past action stays legal) and the view, its repr and its str stay identical.
- legal_actions() is exactly what RULES.md allows, computed here independently, and every
  other action is refused without changing anything.
- The fast random playout (used by the computer players) agrees with the Match card for card.
"""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import CARDS, Action, IllegalAction, Match, RuleSet, fast, mask_of
from game.engine.rules import ALL_CONTRACTS

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
RULES = st.sampled_from([
    RuleSet.preset("standard"), RuleSet.preset("blato"), RuleSet.preset("classic"),
    RuleSet.preset("standard", declare_on=16), RuleSet.preset("classic", must_trump=True),
])
ALL_ACTIONS = ([Action.play(c) for c in CARDS] + [Action.give(c) for c in CARDS]
               + [Action.discard(c) for c in CARDS] + [Action.declare(c) for c in ALL_CONTRACTS])


def _random_position(rng, rules, deal_number=0):
    deck = list(CARDS)
    rng.shuffle(deck)
    hands = [deck[0:16], deck[16:32], deck[32:48]]
    return Match.from_position(rules, hands, deck[48:], rng.randrange(3), deal_number=deal_number,
                               seed=rng.randrange(1 << 30))


def _hidden_from(m, seat):
    """Cards `seat` may not know now (RULES.md), for a deal without an exchange."""
    deal = m.current
    if m.phase == "declare" and seat == deal.declarer:
        visible = set(deal.hands[seat][: m.rules.declare_on])
    else:
        visible = set(m.hand(seat))
    visible |= {c for t in deal.tricks for c in t.cards} | {c for _, c in m.trick}
    if seat == deal.declarer and deal.contract is not None:
        visible |= set(deal.kitty) | set(deal.discards)
    return [c for c in CARDS if c not in visible]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS, RULES, st.integers(0, 52), st.integers(0, 2))
def test_views_do_not_depend_on_hidden_cards(seed, rules, steps, seat):
    rng = random.Random(seed)
    m = _random_position(rng, rules)
    for _ in range(steps):
        m.apply(rng.choice(m.legal_actions()))
    assert m.deal_number == 0
    # a within-suit permutation of the hidden cards keeps every seat's suit lengths, so the
    # same actions (discards mapped) stay legal and the same tricks are won
    sigma = {}
    for suit in range(4):
        cards = [c for c in _hidden_from(m, seat) if c.suit == suit]
        moved = cards[:]
        rng.shuffle(moved)
        sigma.update(zip(cards, moved))
    deal = m.current
    other = Match.from_position(rules, [[sigma.get(c, c) for c in h] for h in deal.hands],
                                [sigma.get(c, c) for c in deal.kitty], deal.dealer, seed=m.seed)
    for action in m.history:
        if action.kind == "discard":
            action = Action.discard(sigma.get(action.card, action.card))
        other.apply(action)
    mine, theirs = m.view(seat), other.view(seat)
    assert mine == theirs
    assert repr(mine) == repr(theirs) and str(mine) == str(theirs)


def _reference_legal(m):
    """RULES.md's legal actions for the seat to act, computed without the engine's helpers."""
    seat, rules, deal = m.to_act, m.rules, m.current
    hand = list(m.hand(seat))
    trump = "SHDC".find(deal.contract) if deal.contract in ("S", "H", "D", "C") else -1
    if m.phase == "declare":
        used = m.used[seat] if rules.contracts_once else ()
        return {Action.declare(c) for c in rules.contracts if c not in used}
    if m.phase == "exchange":
        return {Action.give(c) for c in hand if c.suit != trump}
    if m.phase == "discard":
        return {Action.discard(c) for c in hand}
    if m.trick:
        led = m.trick[0][1].suit
        follow = [c for c in hand if c.suit == led]
        if follow:
            return {Action.play(c) for c in follow}
        trumps = [c for c in hand if c.suit == trump]
        if rules.must_trump and trumps:
            return {Action.play(c) for c in trumps}
    return {Action.play(c) for c in hand}


def _state(m):
    return (m.to_json(), m.phase, m.to_act, tuple(m.hand(s) for s in range(3)), m.trick,
            tuple(m.view(s) for s in range(3)))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS, RULES, st.integers(0, 2))
def test_legal_actions_are_exactly_what_the_rules_allow(seed, rules, start_deal):
    rng = random.Random(seed)
    rules = rules.with_options(deals=max(rules.deals, 6)) if rules.deals < 6 else rules
    m = Match.new(rules, seed=seed)
    checked = 0
    while m.phase != "game_over" and m.deal_number < start_deal + 2:
        legal = m.legal_actions()
        assert len(set(legal)) == len(legal)
        if m.deal_number >= start_deal and rng.random() < 0.15:
            assert set(legal) == _reference_legal(m), (m.phase, str(m.view(m.to_act)))
            if m.phase == "exchange":
                step = len(m.current.exchange)
                assert m.to_act == m.current.exchange_plan[step][0]
            before = _state(m)
            for action in ALL_ACTIONS:
                if action not in legal:
                    try:
                        m.apply(action)
                    except IllegalAction:
                        continue
                    raise AssertionError(f"{action} accepted in phase {m.phase}")
            assert _state(m) == before
            checked += 1
        m.apply(rng.choice(legal))
    assert checked > 0


@settings(max_examples=40, deadline=None)
@given(SEEDS, RULES, st.integers(0, 2**31))
def test_fast_playout_matches_the_match_card_for_card(seed, rules, chooser):
    rng = random.Random(seed)
    m = _random_position(rng, rules)
    while m.phase != "play":
        m.apply(rng.choice(m.legal_actions()))
    trump = "SHDC".find(m.contract)
    hands = [mask_of(m.hand(s)) for s in range(3)]
    taken = fast.play_out(hands, m.declarer, trump, rules.must_trump, random.Random(chooser))
    assert hands == [0, 0, 0]
    pick = random.Random(chooser)
    while m.deal_number == 0 and m.phase != "game_over":
        legal = m.legal_actions()
        mask = fast.legal_mask(mask_of(m.hand(m.to_act)), m.view(0).led_suit, trump, rules.must_trump)
        assert [a.card.index for a in legal] == fast.mask_indices(mask)
        m.apply(pick.choice(legal))
    assert taken == m.deals[0].tricks_taken


@settings(max_examples=30, deadline=None)
@given(SEEDS)
def test_exchange_keeps_sixteen_cards_each_and_follows_the_plan(seed):
    rng = random.Random(seed)
    rules = RuleSet.preset(rng.choice(["standard", "blato", "classic"]))
    prev = rng.choice([(1, -1, 0), (2, -1, -1), (-2, 1, 1), (3, 0, -3), (0, -2, 2), (-1, 3, -2)])
    deck = list(CARDS)
    rng.shuffle(deck)
    m = Match.from_position(rules, [deck[0:16], deck[16:32], deck[32:48]], deck[48:], rng.randrange(3),
                            deal_number=rng.randrange(1, 16), previous_points=prev, seed=seed)
    if m.phase == "declare":
        m.apply(Action.declare(rng.choice("SHDC")))
    plan = m.current.exchange_plan
    assert len(plan) == sum(p for p in prev if p > 0)
    while m.phase == "exchange":
        assert [len(m.hand(s)) for s in range(3)] == [16, 16, 16]
        m.apply(rng.choice(m.legal_actions()))
    assert [(s.giver, s.receiver) for s in m.current.exchange] == list(plan)
    trump = "SHDC".find(m.contract) if m.contract else -1
    for step in m.current.exchange:
        assert step.given.suit == step.returned.suit and step.returned.rank >= step.given.rank
        if not rules.exchange_first:
            assert step.given.suit != trump
    if rules.exchange_first:
        assert m.phase == "declare" and m.contract is None
    else:
        assert m.phase == "discard" and len(m.hand(m.declarer)) == 20


def _hidden_with_exchange(m, seat):
    hidden = set(_hidden_from(m, seat))
    for step in m.current.exchange:
        if seat in (step.giver, step.receiver):
            hidden -= {step.given, step.returned}
    return hidden


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS, st.sampled_from(["standard", "blato", "classic"]), st.integers(0, 30), st.integers(0, 2))
def test_views_do_not_depend_on_hidden_cards_across_the_exchange(seed, preset, steps, seat):
    rng = random.Random(seed)
    rules = RuleSet.preset(preset)
    deck = list(CARDS)
    rng.shuffle(deck)
    prev = rng.choice([(2, -1, -1), (-2, 1, 1), (3, 0, -3), (1, -1, 0), (-1, 3, -2)])
    start = dict(hands=[deck[0:16], deck[16:32], deck[32:48]], kitty=deck[48:], dealer=rng.randrange(3))
    m = Match.from_position(rules, start["hands"], start["kitty"], start["dealer"], deal_number=1,
                            previous_points=prev, seed=seed)
    if m.phase == "declare":
        m.apply(Action.declare(rng.choice("SHDC")))
    for _ in range(steps):
        if m.deal_number != 1:
            break
        m.apply(rng.choice(m.legal_actions()))
    if m.deal_number != 1:
        return
    sigma = {}
    hidden = _hidden_with_exchange(m, seat)
    for suit in range(4):
        cards = [c for c in CARDS if c in hidden and c.suit == suit]
        moved = cards[:]
        rng.shuffle(moved)
        sigma.update(zip(cards, moved))
    other = Match.from_position(rules, [[sigma.get(c, c) for c in h] for h in start["hands"]],
                                [sigma.get(c, c) for c in start["kitty"]], start["dealer"], deal_number=1,
                                previous_points=prev, seed=seed)
    for action in m.history:
        if action.kind in ("give", "discard"):
            action = Action.parse(f"{action.kind} {sigma.get(action.card, action.card)}")
        try:
            other.apply(action)
        except IllegalAction:
            return  # sigma changed which card the receiver had to return: not comparable
    for mine, theirs in zip(m.current.exchange, other.current.exchange):
        if sigma.get(mine.returned, mine.returned) != theirs.returned:
            return  # likewise
    assert m.view(seat) == other.view(seat)
    assert repr(m.view(seat)) == repr(other.view(seat))
