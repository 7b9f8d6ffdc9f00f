"""The evaluation API behind hints and analysis (game/ai/evaluate.py)."""

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game import i18n
from game.ai.evaluate import Evaluator, evaluate, reason
from game.engine import Match, RuleSet
from tests.ai.helpers import play_view

LIGHT = dict(worlds=4, sim_worlds=4, declare_worlds=4, min_worlds=2)


def _deal_start(preset: str, seed: int, deal: int) -> Match:
    m = Match.new(RuleSet.preset(preset), seed=seed)
    rng = random.Random(seed)
    while m.deal_number < deal:
        m.apply(rng.choice(m.legal_actions()))
    return m


def _position(m: Match, hands) -> Match:
    """The current deal of `m` restarted from the given dealt hands (same scores and contracts owed)."""
    deal = m.current
    used = [list(u) for u in m.used]
    if deal.contract is not None:
        used[deal.declarer].remove(deal.contract)
    return Match.from_position(m.rules, hands[:3], hands[3], deal.dealer, deal.number, tuple(m.totals),
                               tuple(tuple(u) for u in used), m.previous_points, seed=m.seed)


def _hidden_permuted(m: Match, seat: int, rng: random.Random):
    """Dealt hands of the current deal with the cards `seat` cannot see (never moved, in the
    others' hands or the untouched kitty) shuffled within each suit among their places."""
    deal = m.current
    places = [list(h) for h in deal.hands] + [list(deal.kitty)]
    now = [set(m.hand(s)) for s in range(3)]
    slots = []
    for where in range(4):
        if where == seat:
            continue
        for i, card in enumerate(places[where]):
            if where == 3 and m.phase in ("declare", "exchange") or where < 3 and card in now[where]:
                slots.append((where, i, card))
    for suit in range(4):
        mine = [s for s in slots if s[2].suit == suit]
        cards = [s[2] for s in mine]
        rng.shuffle(cards)
        for (where, i, _), card in zip(mine, cards):
            places[where][i] = card
    return places


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(st.sampled_from(("standard", "blato", "classic")), st.integers(0, 10**6), st.integers(0, 2),
       st.integers(0, 60), st.integers(0, 10**6))
def test_values_depend_only_on_the_view(preset, seed, deal, steps, shuffle):
    start = _deal_start(preset, seed, deal)
    a = _position(start, [list(h) for h in start.current.hands] + [list(start.current.kitty)])
    rng = random.Random(seed)
    for _ in range(steps):
        if len(a.legal_actions()) > 1 and rng.random() < 0.15:
            break
        a.apply(rng.choice(a.legal_actions()))
    assume(not a.is_over() and a.deal_number == deal and len(a.legal_actions()) > 1)
    seat = a.to_act
    places = _hidden_permuted(a, seat, random.Random(shuffle))
    assume(places != [list(h) for h in a.current.hands] + [list(a.current.kitty)])  # hidden cards did move
    b = _position(a, places)
    deal_actions = a.history[len(a.history) - _actions_this_deal(a):]
    try:
        for action in deal_actions:
            b.apply(action)
    except ValueError:
        assume(False)  # the exchange's automatic returns differ: not the same view
    assume(a.view(seat) == b.view(seat))
    assert a.hand((seat + 1) % 3) != b.hand((seat + 1) % 3) or a.hand((seat + 2) % 3) != b.hand((seat + 2) % 3) \
        or a.current.kitty != b.current.kitty
    ea = Evaluator(seed=5, **LIGHT).evaluate(a.view(seat))
    eb = Evaluator(seed=5, **LIGHT).evaluate(b.view(seat))
    assert ea == eb
    assert {e.action for e in ea.estimates} == set(a.legal_actions())
    assert ea.best.action in a.legal_actions()


def _actions_this_deal(m: Match) -> int:
    d = m.current
    return (d.contract is not None) + len(d.exchange) + len(d.discards) + 3 * len(d.tricks) + len(m.trick)


def test_the_winning_card_is_best_by_the_trick_it_wins():
    # seat 1 led KS, seat 2 played QS; the ace wins this trick and then two more, the three loses all
    view = play_view("AS 3S 2D", ("7H 8H", "9H TH"), trick=((1, "KS"), (2, "QS")), leader=1)
    ev = evaluate(view, seed=1)
    assert str(ev.best.action) == "play AS"
    assert ev.best.tricks == pytest.approx(3.0)
    assert ev.estimate("play 3S").tricks == pytest.approx(0.0)
    assert ev.cost("play 3S") == pytest.approx(3.0)
    assert ev.cost("play AS") == 0.0
    with pytest.raises(ValueError):
        ev.estimate("play 2H")


def test_sliced_thinking_gives_the_same_values():
    m = _deal_start("standard", 21, 1)
    rng = random.Random(2)
    while m.phase != "play" or len(m.legal_actions()) < 3:
        m.apply(rng.choice(m.legal_actions()))
    view = m.view(m.to_act)
    whole = evaluate(view, seed=3)
    thinker = Evaluator(seed=3)
    calls, result = 0, None
    while result is None:
        result = thinker.think(view, budget_ms=0.01)
        calls += 1
    assert calls > 1 and result == whole


def test_reason_names_best_and_next_in_every_language():
    view = play_view("AS 3S 2D", ("7H 8H", "9H TH"), trick=((1, "KS"), (2, "QS")), leader=1)
    ev = evaluate(view, seed=1)
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            line = reason(ev)
            assert "A♠" in line and "3♠" in line and "{" not in line
        i18n.set_language("pl")
        assert "3,0" in reason(ev)
    finally:
        i18n.set_language("en")


def test_forced_and_bad_calls():
    view = play_view("AS", ("7H", "9H"), trick=((1, "KS"), (2, "QS")), leader=1)
    ev = evaluate(view)
    assert ev.forced and ev.runner_up is None and "only" in reason(ev)
    m = Match.new(RuleSet.preset("standard"), seed=1)
    with pytest.raises(ValueError):
        evaluate(m.view((m.to_act + 1) % 3))
    with pytest.raises(ValueError):
        Evaluator(worlds_per_frame=3)


def test_noise_is_the_standard_error_of_paired_differences():
    from game.ai.evaluate import Estimate, Evaluation
    from game.engine import Action
    best = Estimate(Action.parse("play AS"), 1.0, 9.0, 1.0, 4, (2.0, 0.0, 2.0, 0.0))
    luck = Estimate(Action.parse("play 2S"), 0.0, 8.0, 0.0, 4, (0.0, 0.0, 0.0, 0.0))
    same_worlds = Estimate(Action.parse("play 3S"), 0.0, 8.0, 0.0, 4, (1.0, -1.0, 1.0, -1.0))
    ev = Evaluation(0, "play", (best, luck, same_worlds))
    assert ev.cost("play 2S") == 1.0 and ev.noise("play 2S") == pytest.approx((4 / 3 / 4) ** 0.5)
    assert ev.cost("play 3S") == 1.0 and ev.noise("play 3S") == 0.0  # one point better in every world
    assert ev.noise("play AS") == 0.0
    view = play_view("AS 3S 2D", ("7H 8H", "9H TH"), trick=((1, "KS"), (2, "QS")), leader=1)
    assert evaluate(view, seed=1).noise("play 3S") == 0.0  # exact endgame: the same in every world


@pytest.mark.parametrize("preset", ["standard", "blato", "classic"])
def test_every_kind_of_decision_is_valued(preset):
    m = Match.new(RuleSet.preset(preset), seed=8)
    rng = random.Random(8)
    kinds = set()
    while not m.is_over() and kinds != {"declare", "give", "discard", "play"}:
        view = m.view(m.to_act)
        kind = view.legal[0].kind
        if kind not in kinds and len(view.legal) > 1:
            kinds.add(kind)
            ev = evaluate(view, seed=2, **LIGHT)
            assert ev.kind == kind and [e.action for e in ev.estimates if e.action not in view.legal] == []
            assert len(ev.estimates) == len(view.legal)
            for e in ev.estimates:
                assert 0.0 <= e.tricks <= 16.0 and -16.0 <= e.points <= 16.0 and e.worlds == len(e.samples) > 0
            scores = [e.score for e in ev.estimates]
            assert scores == sorted(scores, reverse=True)
        m.apply(rng.choice(view.legal))
    assert kinds == {"declare", "give", "discard", "play"}


@pytest.mark.parametrize("seed", range(8))
def test_a_contract_on_six_cards_is_the_hard_players_choice(seed):
    from game.ai import make_player
    m = Match.new(RuleSet.preset("blato" if seed % 2 else "standard"), seed=seed)
    view = m.view(m.to_act)
    ev = evaluate(view, seed=1, **LIGHT)
    assert ev.seen_only and ev.kind == "declare"
    assert ev.best.action == make_player("hard", seed=seed).choose(view)
    assert "{" not in reason(ev)
