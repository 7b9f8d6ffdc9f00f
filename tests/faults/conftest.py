import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import pytest


@pytest.fixture(scope="session")
def saves():
    """Successive saves of one real game (one after each move)."""
    from tools.faults.saves import build_saves

    return build_saves(30)


from tests.ui.conftest import make_app  # noqa: F401  (the headless app fixture)


def pytest_terminal_summary(terminalreporter):
    """The reader soak's counts (cases run, accepted, refused), when it ran."""
    from tests.faults import soak_counts

    lines = soak_counts.report()
    if lines:
        terminalreporter.section("reader soak (random input)")
        for line in lines:
            terminalreporter.write_line(line)
