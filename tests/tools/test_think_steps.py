"""tools.ai.think_steps prints step and slice figures and leaves the players' clock as it was."""

import time

import pytest

from game.ai import players
from tools.ai import think_steps


def test_steps_and_slices_of_a_short_match(capsys):
    assert think_steps.main(["--strength", "normal", "--matches", "1", "--deals", "3", "--top", "2"]) == 0
    out = capsys.readouterr().out
    assert "normal:" in out and "play" in out and "all" in out
    assert think_steps.main(["--strength", "easy", "--matches", "1", "--deals", "3", "--budget", "0.8"]) == 0
    assert "think(view, 0.8 ms) slices" in capsys.readouterr().out
    assert players.Player.clock is time.perf_counter and players.time is time


def test_bad_arguments_are_refused():
    with pytest.raises(SystemExit):
        think_steps.main(["--budget", "0"])
    with pytest.raises(SystemExit):
        think_steps.main(["--matches", "0"])
    with pytest.raises(SystemExit):
        think_steps.main(["--deals", "4"])
