"""think() keeps to its slice: driven by a fake clock and a player whose steps
have known costs, so what is checked is the slicing, not the machine's speed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import make_player
from game.ai.knowledge import knowledge
from game.ai.players import Player
from game.ai.sampler import Inconsistent, Sampler
from game.ai.solver import Budget, Solver
from game.engine import Match, RuleSet
from game.engine.cards import popcount

BUDGET_MS = 8.0


class FakeClock:
    def __init__(self):
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


class ScriptedPlayer(Player):
    """Each step of its decision costs the given ms on the fake clock; returns legal[0]."""

    def __init__(self, costs_ms, clock):
        super().__init__(seed=0)
        self.costs_ms = list(costs_ms)
        self.clock = clock
        self.steps_done = 0

    def steps(self, view):
        for i, cost in enumerate(self.costs_ms):
            self.clock.t += cost / 1000.0
            self.steps_done += 1
            if i < len(self.costs_ms) - 1:
                yield  # the last step ends with the answer
        return view.legal[0]


def a_view():
    match = Match.new(RuleSet.preset("standard"), seed=1)
    view = match.view(match.to_act)
    assert len(view.legal) > 1
    return view


def run_slices(costs_ms, budget_ms=BUDGET_MS):
    """Think until done; per slice (ms on the fake clock, steps made), and the action."""
    clock = FakeClock()
    player = ScriptedPlayer(costs_ms, clock)
    view = a_view()
    slices = []
    while True:
        t0, n0 = clock.t, player.steps_done
        action = player.think(view, budget_ms)
        slices.append(((clock.t - t0) * 1000.0, player.steps_done - n0))
        if action is not None:
            return slices, action, view


def test_uniform_steps_fill_the_budget_without_passing_it():
    slices, action, view = run_slices([3.0] * 10)
    assert action == view.legal[0]
    # 3 ms steps in an 8 ms budget: two per slice; a third would end at 9 ms
    assert [n for _, n in slices] == [2] * 5
    assert all(ms <= BUDGET_MS for ms, _ in slices)


def test_a_long_step_makes_the_next_slice_shorter():
    slices, _, _ = run_slices([1.0, 1.0, 20.0] + [1.0] * 30)
    # the slice holding the 20 ms step overran; the next slice pays the overrun back
    long_slice = next(i for i, (ms, _) in enumerate(slices) if ms > BUDGET_MS)
    after = slices[long_slice + 1]
    assert after[1] == 1 and after[0] < BUDGET_MS  # one short step only
    # and the slices after that work a whole budget again
    assert slices[long_slice + 2][1] >= 4


def test_overrun_is_repaid_only_as_far_as_it_went():
    # a slice that ends 2 ms over (predicted 1 ms steps, then a 3 ms one) leaves ~6 ms next
    slices, _, _ = run_slices([1.0] * 5 + [5.0] + [1.0] * 20)
    over = next(i for i, (ms, _) in enumerate(slices) if ms > BUDGET_MS)
    assert slices[over][0] == 10.0
    assert slices[over + 1][0] <= BUDGET_MS - (slices[over][0] - BUDGET_MS)
    assert slices[over + 1][1] >= 1


def test_every_call_makes_progress_even_with_no_budget():
    slices, action, view = run_slices([2.0] * 6, budget_ms=0.0)
    assert [n for _, n in slices] == [1] * 6 and action == view.legal[0]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.floats(min_value=0.01, max_value=BUDGET_MS), min_size=1, max_size=60))
def test_steps_under_the_budget_never_make_a_slice_over_twice_the_budget(costs):
    slices, action, view = run_slices(costs)
    assert action == view.legal[0]
    assert sum(n for _, n in slices) == len(costs)
    assert all(n >= 1 for _, n in slices)
    assert all(ms <= 2 * BUDGET_MS + 1e-9 for ms, _ in slices)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.floats(min_value=0.01, max_value=40.0), min_size=1, max_size=60))
def test_thinking_time_is_paid_back_over_the_slices(costs):
    """Across a decision, thinking beyond the budgets is at most the overrun the carried
    debt could not absorb: one budget per long step plus the last slice."""
    slices, _, _ = run_slices(costs)
    total = sum(ms for ms, _ in slices)
    forgiven = sum(max(0.0, c - BUDGET_MS) for c in costs)
    assert total <= len(slices) * BUDGET_MS + forgiven + BUDGET_MS + 1e-6


def test_a_new_decision_starts_without_the_old_debt():
    clock = FakeClock()
    player = ScriptedPlayer([30.0, 1.0, 1.0], clock)
    view = a_view()
    assert player.think(view, BUDGET_MS) is None
    assert player.slice_state()[0] > 0  # owes the overrun
    player.reset()
    other = Match.new(RuleSet.preset("standard"), seed=2)
    player.costs_ms = [1.0]
    assert player.think(other.view(other.to_act), BUDGET_MS) is not None
    assert player.slice_state()[0] == 0.0


# --- slice points inside the search (what a step is) ---------------------------------
def count_steps(player, view) -> int:
    gen, n = player.steps(view), 0
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            assert stop.value in view.legal
            return n
        n += 1


def endgame_view(seed: int, cards_left: int):
    """A view of a seat leading a trick with `cards_left` cards in two suits or more."""
    match = Match.new(RuleSet.preset("standard"), seed=seed)
    players = [make_player("heuristic", seed=s) for s in range(3)]
    while True:
        view = match.view(match.to_act)
        if (view.phase == "play" and popcount(view.hand_mask) == cards_left and not view.trick
                and len({a.card.suit for a in view.legal}) > 1):  # two suits: two real candidates
            return view
        if match.deal_number > 1:
            return None
        match.apply(players[match.to_act].choose(view))


def test_exact_endgame_solves_yield_between_candidates():
    checked = 0
    for seed in range(1, 20):
        view = endgame_view(seed, 4)
        if view is None:
            continue
        player = make_player("normal", seed=3)  # horizon 4: every candidate solved exactly
        table_parts = sum(1 for _ in knowledge(view).sampler(lazy=True).build_steps())
        # before: the whole exact decision was one step after the sampler's tables
        assert count_steps(player, view) - table_parts >= player.min_worlds
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def a_world(seed: int):
    view = endgame_view(seed, 5)
    know = knowledge(view)
    hands, _ = know.world(know.sampler().sample(random.Random(seed)))
    trick = [c.index for _, c in view.trick]
    return view, hands, trick, [a.card.index for a in view.legal]


def test_a_long_solve_pauses_and_resumes_to_the_exact_value():
    player = make_player("hard", seed=4)
    player.SOLVE_CHUNK = 5  # pause every few nodes
    for seed in (1, 2, 3):
        view, hands, trick, cands = a_world(seed)
        args = (view.trump, view.rules.must_trump, view.seat, view.contract == "MT")
        exact = Solver(*args).root_values(hands, view.leader, trick, cands)
        solver = Solver(*args)
        gen = player._solve_steps(solver, solver.root_values, hands, view.leader, trick, cands)
        pauses = 0
        while True:
            try:
                next(gen)
                pauses += 1
            except StopIteration as stop:
                assert stop.value == exact
                break
        assert pauses > 0 and solver.limit == 1 << 60  # its own limit is back


def test_a_chunked_solve_still_stops_at_its_own_limit():
    player = make_player("hard", seed=4)
    player.SOLVE_CHUNK = 5
    view, hands, trick, cands = a_world(1)
    solver = Solver(view.trump, view.rules.must_trump, view.seat, view.contract == "MT")
    solver.limit = 12
    gen = player._solve_steps(solver, solver.root_values, hands, view.leader, trick, cands)
    with pytest.raises(Budget):
        for _ in range(1000):
            next(gen)
    assert solver.nodes > 12 and solver.limit == 12


def test_sampler_built_in_steps_is_the_eager_sampler():
    rng = random.Random(5)
    for _ in range(30):
        unknown = rng.getrandbits(52)
        cards = [c for c in range(52) if unknown >> c & 1]
        rng.shuffle(cards)
        n = len(cards)
        sizes = [n // 3, n // 3, n - 2 * (n // 3)]
        allowed = [unknown & ~(rng.getrandbits(52) & rng.getrandbits(52)) for _ in range(3)]
        try:
            eager = Sampler(unknown, sizes, allowed)
        except Inconsistent:
            lazy = Sampler(unknown, sizes, allowed, lazy=True)
            try:
                for _ in lazy.build_steps():
                    pass
            except Inconsistent:
                continue
            raise AssertionError("the stepwise build accepted what the eager one refused") from None
        lazy = Sampler(unknown, sizes, allowed, lazy=True)
        parts = sum(1 for _ in lazy.build_steps())
        assert eager.free or parts >= 4  # one part per suit table at least
        assert lazy.count() == eager.count()
        a, b = random.Random(9), random.Random(9)
        assert [lazy.sample(a) for _ in range(5)] == [eager.sample(b) for _ in range(5)]
