"""The evaluator's steps are frame-sized: long solves pause and resume to the same
values, the sampler's tables are built in parts, and think() keeps to its slice.  Checked
by counting steps and by a fake clock, never by the machine's speed."""

from __future__ import annotations

from game.ai.evaluate import UNIT, Evaluator, evaluate
from game.ai.knowledge import knowledge
from game.ai.slicing import SliceKeeper
from game.engine import Match, RuleSet
from tests.ai.test_think_slices import endgame_view

LIGHT = dict(worlds=4, sim_worlds=4, declare_worlds=4, min_worlds=2)
NEVER = 10**9  # a chunk no solve reaches: every solve in one step


def yields(evaluator, view):
    """(UNITs, finer pauses, the Evaluation) of one whole run of evaluator.steps(view)."""
    gen, units, finer = evaluator.steps(view), 0, 0
    while True:
        try:
            got = next(gen)
        except StopIteration as stop:
            return units, finer, stop.value
        if got == UNIT:
            units += 1
        else:
            finer += 1


def endgames(count: int, cards_left: int = 5):
    found = []
    for seed in range(1, 40):
        view = endgame_view(seed, cards_left)
        if view is not None:
            found.append(view)
        if len(found) == count:
            return found
    raise AssertionError("too few endgames")


def test_a_long_solve_is_chunked_to_the_same_values():
    for view in endgames(3):  # five cards each: every candidate solved exactly (horizon 5)
        table_parts = sum(1 for _ in knowledge(view).sampler(lazy=True).build_steps())
        whole_units, whole_finer, whole = yields(Evaluator(seed=7, solve_chunk=NEVER, **LIGHT), view)
        units, finer, chunked = yields(Evaluator(seed=7, solve_chunk=5, **LIGHT), view)
        assert whole_finer == table_parts  # unchunked: the solves were single steps
        assert units == whole_units and finer > whole_finer  # the same candidates, solves paused
        assert chunked == whole


def test_chunked_thinking_equals_the_whole_evaluation():
    view = endgames(1)[0]
    whole = evaluate(view, seed=3, solve_chunk=5, **LIGHT)
    thinker = Evaluator(seed=3, solve_chunk=5, **LIGHT)
    calls, result = 0, None
    while result is None:
        result = thinker.think(view, budget_ms=0.0)  # one step per call
        calls += 1
    assert result == whole
    assert calls == sum(yields(Evaluator(seed=3, solve_chunk=5, **LIGHT), view)[:2]) + 1


class StepClock:
    """A fake clock that moves `ms` every time it is read: every step seems to cost that."""

    def __init__(self, ms: float):
        self.ms, self.t = ms, 0.0

    def __call__(self) -> float:
        self.t += self.ms / 1000.0
        return self.t


def test_think_stops_before_a_step_that_would_pass_the_budget():
    match = Match.new(RuleSet.preset("standard"), seed=4)
    view = match.view(match.to_act)
    thinker = Evaluator(seed=2, **LIGHT)
    thinker.clock = StepClock(3.0)
    result, calls = None, 0
    while result is None:
        before = thinker.clock.t
        result = thinker.think(view, budget_ms=8.0)
        calls += 1
        # two 3 ms steps fit in 8 ms, a third would end at 9: each slice reads the clock
        # at its start and after each of its two steps
        assert result is not None or abs((thinker.clock.t - before) * 1000.0 - 9.0) < 1e-6
    assert calls > 1 and result == evaluate(view, seed=2, **LIGHT)
    assert thinker.slice_state() == (0.0, 0.0)  # done: the next decision starts afresh


def test_a_long_step_is_repaid_by_the_next_slice():
    keeper = SliceKeeper()
    clock = StepClock(0.0)

    def job():
        for cost in (20.0, 1.0, 1.0, 1.0, 1.0):
            clock.t += cost / 1000.0
            yield
    gen = job()
    assert keeper.run(gen, 8.0, clock) == (False, None)  # the 20 ms step ran alone
    assert keeper.state_ms()[0] == 8.0  # owes at most one budget
    assert keeper.run(gen, 8.0, clock) == (False, None)
    assert keeper.state_ms()[0] < 8.0
