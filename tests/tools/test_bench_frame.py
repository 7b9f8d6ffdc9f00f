"""tools.bench.frame's count of frame keys that found the table's still layer unchanged."""

from __future__ import annotations

from game.ui.app import App
from game.ui.table.table import Table
from tools.bench.frame import count_still_keys_kept


def test_the_count_says_how_often_every_still_object_kept_its_key_and_stops_cleanly(tmp_path):
    """While a new game's cards are dealt, the hand's key changes frame after frame and some
    frames change nothing still: the count sees both, and stopping it leaves the table as it was."""
    original = Table._keys
    app = App(size=(390, 844), storage_dir=tmp_path, settings={"speed": "normal", "sound": False, "language": "en"})
    kept = count_still_keys_kept()
    try:
        app.games.start(seed=3)
        for _ in range(240):
            app.step(events=[], dt=1 / 60)
    finally:
        kept["stop"]()
    assert Table._keys is original
    assert kept["asked"] > 0 and 0 < kept["same"] < kept["asked"]
