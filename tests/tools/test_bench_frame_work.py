"""tools.bench.frame_work: a frame's Python calls, counted the same way every time."""

from __future__ import annotations

import sys

from game.ui.games import saving
from game.ui.table import compositor
from tools.bench.frame_work import CallCounter, _spread, play


def _two_calls():
    return len([1])  # itself, and one call into C


def test_the_counter_counts_python_calls_calls_into_c_and_bytecodes_only_while_on():
    counter = CallCounter()
    with counter:
        _two_calls()
    once = (counter.calls, counter.opcodes)
    _two_calls()
    assert (counter.calls, counter.opcodes) == once  # off: nothing counted
    with counter:
        _two_calls()
        _two_calls()
    assert counter.calls - once[0] == 2  # the second: itself and len()
    assert counter.opcodes - once[1] > 3  # ...and its bytecodes
    with counter:
        _two_calls()
    assert (counter.calls, counter.opcodes) == once  # counted afresh, the same again
    assert sys.getprofile() is None and sys.gettrace() is None


def test_the_spread_is_the_median_and_the_nearest_rank_percentiles():
    values = list(range(1, 101))
    assert _spread(values) == (50.5, 95, 99)
    assert _spread([]) == (0.0, 0.0, 0.0)


def test_a_seeded_deal_gives_the_same_calls_run_after_run_and_leaves_the_game_as_it_was():
    """The figure a change is judged by barely moves between runs (the same seeded deal, its
    frames paced by the game's clock; only a wall-clock wait or two may fall a frame apart),
    and the benchmark leaves the game's browser habits as they were."""
    first = play((390, 844), seed=7, deals=1, count=True)
    again = play((390, 844), seed=7, deals=1, count=True)
    assert len(first) > 300 and abs(len(first) - len(again)) <= 0.01 * len(first)
    assert all(calls > 0 and bytecodes > calls for _ms, calls, bytecodes in first)
    for i in (1, 2):  # the calls, the bytecodes
        for a, b in zip(_spread([f[i] for f in first]), _spread([f[i] for f in again])):
            assert abs(a - b) <= 0.02 * a
    assert saving.SAVE_LATER is (sys.platform == "emscripten")
    assert compositor.SPREAD_MS is None
