"""The tuning sweep writes a table and a plot, one row and one point per setting."""

import pytest

from game.arena import tune


def test_a_grid_becomes_every_combination_of_settings():
    assert tune.grid_specs("hard", "worlds=8,16;horizon=4,5") == [
        "hard:worlds=8;horizon=4", "hard:worlds=8;horizon=5", "hard:worlds=16;horizon=4", "hard:worlds=16;horizon=5"]
    assert tune.grid_specs("hard", "") == ["hard"]
    with pytest.raises(ValueError):
        tune.grid_specs("hard", "worlds")


def test_the_sweep_writes_a_table_and_a_png(tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "sweep"
    code = tune.main(["--player", "normal", "--grid", "worlds=2,3", "--also", "heuristic", "--against", "random",
                      "--deals", "2", "--types", "NT", "--cache", str(tmp_path / "cache"), "--out", str(out), "--quiet"])
    assert code == 0
    table = (tmp_path / "sweep.md").read_text()
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    assert [r.split("`")[1] for r in rows] == ["heuristic", "normal:worlds=2", "normal:worlds=3"]
    assert (tmp_path / "sweep.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # a second run reuses the cached units
    assert len(list((tmp_path / "cache").iterdir())) == 3


def test_an_unknown_setting_is_a_usage_error(tmp_path):
    with pytest.raises(SystemExit):
        tune.main(["--player", "hard", "--grid", "wrold=3", "--deals", "1", "--cache", str(tmp_path), "--out",
                   str(tmp_path / "x"), "--quiet"])
