import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import pytest  # noqa: E402


@pytest.fixture(scope="session")
def saves():
    """Successive saves of one real game (one after each move)."""
    from tools.save_faults import build_saves

    return build_saves(30)


from tests.ui.conftest import make_app  # noqa: E402,F401  (the headless app fixture)
