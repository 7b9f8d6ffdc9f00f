"""tools.web.imports: which modules it times, how it reports two builds, and what it refuses.
The browser run itself (Pyodide in Chromium) is not part of the tests."""

from __future__ import annotations

import pytest

from game.ui.loop import warmup
from tools.web import imports


def test_it_times_the_engine_and_players_modules_a_game_loads_in_the_warm_ups_order():
    names = imports.modules()
    assert names[0] == "game.engine.rules" and len(names) == len(set(names))
    assert all(n.startswith(("game.engine", "game.ai")) for n in names)  # a page without pygame imports them
    order = [m for m in (*warmup.TABLE_PARTS, *warmup.SCORE_PARTS) if m in names]
    assert names[1:] == [m for m in order if m != "game.engine.rules"]
    assert "game.engine.view" in names and "game.engine.formats.record" in names


def test_the_report_gives_each_builds_medians_and_every_rounds_sum():
    got = {"/x/old/build/web": [{"a": 10.0, "b": 30.0}, {"a": 20.0, "b": 50.0}, {"a": 90.0, "b": 10.0}],
           "/x/new/build/web": [{"a": 1.0, "b": 2.0}, {"a": 3.0, "b": 4.0}, {"a": 5.0, "b": 6.0}]}
    text = imports.report(got, ["a", "b"])
    head, a, b, total, rounds = text.splitlines()
    assert head.split()[1:] == ["old", "new"]
    assert a.split()[1:] == ["20.0", "3.0"] and b.split()[1:] == ["30.0", "4.0"]
    assert total.split()[-2:] == ["70.0", "7.0"]  # the median of the sums 40, 70, 100 and 3, 7, 11
    assert "40/70/100" in rounds and "3/7/11" in rounds


@pytest.mark.parametrize("argv", [["--rounds", "0", "x"], ["--cpu-slowdown", "0.5", "x"]])
def test_bad_options_are_usage_errors(argv, tmp_path):
    with pytest.raises(SystemExit) as exit_:
        imports.main(argv)
    assert exit_.value.code == 2


def test_a_folder_without_a_build_is_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        imports.main([str(tmp_path)])
    assert exit_.value.code == 2 and "tools.web.build" in capsys.readouterr().err
