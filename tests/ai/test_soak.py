"""The full soak (1,000 random and heuristic matches, 50 with a hard player): slow."""

import pytest

from tools.ai import soak


@pytest.mark.slow
def test_soak():
    assert soak.main(["--random", "1000", "--heuristic", "1000", "--hard", "50"]) == 0


def test_soak_smoke():
    assert soak.soak("heuristic", 2)["matches"] == 2
