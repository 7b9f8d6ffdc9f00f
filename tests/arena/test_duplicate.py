"""A unit of duplicate deals and its summary; the command writes the summary as JSON."""

import json

from game.arena import cli, duplicate


def test_a_unit_plays_each_seating_and_sums_to_zero():
    unit = duplicate.run_unit((["heuristic", "random"], "standard", {}, "deal", "NT", 5, "single"))
    assert len(unit["results"]) == 3
    for _seating, deals in unit["results"]:
        assert len(deals) == 1 and deals[0][0] == "NT" and sum(deals[0][1]) == 0
    s = duplicate.summarize([unit], ["heuristic", "random"])
    assert "NT" in s["points"] and "heuristic" in s["times_ms"]


def test_the_command_writes_a_json_summary(tmp_path, capsys):
    out = tmp_path / "a.json"
    assert cli.main(["--players", "heuristic,random", "--preset", "standard,classic", "--deals", "2",
                       "--json", str(out)]) == 0
    rep = json.loads(out.read_text())
    assert rep["final"] and set(rep["presets"]) == {"standard", "classic"}
    assert "diff" in capsys.readouterr().out
