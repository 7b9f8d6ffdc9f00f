"""Invariants over many seeded random games (hypothesis)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import CARDS, Match, RuleSet

PRESETS = st.sampled_from(["standard", "blato", "classic"])
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def _cards_in_view(view):
    seen = set(view.hand) | {c for _, c in view.trick} | {c for t in view.tricks for c in t.cards}
    seen |= set(view.kitty or ()) | set(view.discards or ())
    for step in view.exchange:
        seen |= {c for c in (step.given, step.returned) if c is not None}
    return seen


def _check_accounting(m):
    deal = m.current
    cards = [c for s in range(3) for c in m.hand(s)] + list(deal.discards)
    cards += [c for t in deal.tricks for c in t.cards] + [c for _, c in m.trick]
    if m.phase in ("declare", "exchange"):
        cards += list(deal.kitty)
    assert sorted(cards) == sorted(CARDS), "all 52 cards, each exactly once"


def _check_secrecy(m):
    deal = m.current
    for seat in range(3):
        view = m.view(seat)
        legit = set(m.hand(seat))
        legit |= {c for t in deal.tricks for c in t.cards} | {c for _, c in m.trick}
        if seat == deal.declarer and deal.contract is not None:
            legit |= set(deal.kitty) | set(deal.discards)
        for step in deal.exchange:
            if seat in (step.giver, step.receiver):
                legit |= {step.given, step.returned}
        leaked = _cards_in_view(view) - legit
        assert not leaked, f"seat {seat} sees {leaked}"
        if m.phase == "declare" and seat == deal.declarer:
            assert len(view.hand) == m.rules.declare_on
        assert view.legal == (tuple(m.legal_actions()) if seat == m.to_act else ())


def play_random(m, rng, check_every=1):
    step = 0
    while m.phase != "game_over":
        if step % check_every == 0:
            _check_accounting(m)
            _check_secrecy(m)
        m.apply(rng.choice(m.legal_actions()))
        step += 1


@settings(max_examples=25, deadline=None)
@given(PRESETS, SEEDS, st.integers(0, 1000))
def test_random_games_keep_every_invariant(preset, seed, chooser):
    rules = RuleSet.preset(preset)
    m = Match.new(rules, seed=seed)
    play_random(m, random.Random(chooser), check_every=7)
    assert len(m.deals) == rules.deals
    for deal in m.deals:
        assert len(deal.tricks) == 16 and sum(deal.tricks_taken) == 16
        assert sum(deal.points) == 0
        assert len(deal.discards) == 4
    assert sum(m.totals) == 0
    if rules.contracts_once:
        for seat in range(3):
            assert len(set(m.used[seat])) == len(m.used[seat]) == rules.deals // 3
    assert m.winner() in (0, 1, 2)


@settings(max_examples=25, deadline=None)
@given(PRESETS, SEEDS, st.integers(0, 1000), st.integers(0, 1200))
def test_save_load_and_replay_give_the_same_state(preset, seed, chooser, stop):
    m = Match.new(RuleSet.preset(preset), seed=seed)
    rng = random.Random(chooser)
    while m.phase != "game_over" and len(m.history) < stop:
        m.apply(rng.choice(m.legal_actions()))
    loaded = Match.from_json(m.to_json())
    assert loaded.to_json() == m.to_json()
    assert [loaded.view(s) for s in range(3)] == [m.view(s) for s in range(3)]
    replayed = Match.from_dict(m.to_dict())
    assert [d.points for d in replayed.deals] == [d.points for d in m.deals]
    assert replayed.totals == m.totals and replayed.phase == m.phase


@settings(max_examples=20, deadline=None)
@given(SEEDS)
def test_the_seed_fixes_every_shuffle_and_the_first_dealer(seed):
    a, b = Match.new(seed=seed), Match.new(seed=seed)
    assert a.dealer == b.dealer and a.current.hands == b.current.hands and a.current.kitty == b.current.kitty
    rng_a, rng_b = random.Random(1), random.Random(2)
    for _ in range(200):  # different play does not change later shuffles
        a.apply(rng_a.choice(a.legal_actions()))
        b.apply(rng_b.choice(b.legal_actions()))
    if a.deals and b.deals:
        assert a.deals[0].hands == b.deals[0].hands
        assert a.current.hands == b.current.hands or a.deal_number != b.deal_number
