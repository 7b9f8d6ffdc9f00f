"""The arena's backends give the same per-unit results; long runs resume and show an ETA."""

import io
import json

import pytest

from game.arena import cli, duplicate
from game.arena.backends import Progress, UnitLog, normalized, run_units

CHEAP = ["heuristic", "random"]


def results_by_job(pairs) -> dict:
    return {json.dumps(job): normalized(unit)["results"] for job, unit in pairs}


def test_one_process_and_a_process_pool_give_the_same_units():
    jobs = duplicate.make_jobs_for(CHEAP, ["standard", "blato"], ["trump", "MT"], 2, seed=3)
    assert len(jobs) == 8
    one = results_by_job(run_units(duplicate.run_unit, jobs, "local", 1))
    two = results_by_job(run_units(duplicate.run_unit, jobs, "local", 2))
    assert one == two and len(one) == 8


def test_ray_tasks_give_the_same_units_as_local_processes():
    ray = pytest.importorskip("ray", reason="Ray is not installed: pip install -e '.[cluster]' runs this test")
    # easy players draw their slips from their seeds: the seeds must reach the Ray workers
    jobs = duplicate.make_jobs_for(["easy", "heuristic"], ["standard", "blato"], ["trump", "MT"], 2, seed=5)
    local = results_by_job(run_units(duplicate.run_unit, jobs, "local", 2))
    on_ray = results_by_job(run_units(duplicate.run_unit, jobs, "ray", 2))
    assert on_ray == local and len(on_ray) == 8
    assert not ray.is_initialized()  # the backend shut down the Ray instance it started


def test_an_unknown_backend_is_a_clear_error():
    with pytest.raises(ValueError, match="backend"):
        list(run_units(duplicate.run_unit, [], "spark", 1))


def test_a_stopped_run_resumes_from_its_unit_log(tmp_path, capsys):
    out = tmp_path / "r.json"
    common = ["--players", "heuristic,random", "--types", "trump,NT", "--seed", "4", "--json", str(out), "--quiet"]
    cli.main(common + ["--deals", "2"])
    log = tmp_path / "r.json.units.jsonl"
    assert len(log.read_text().splitlines()) == 4
    with open(log, "a") as f:
        f.write('{"key": "cut sh')  # the run was killed in the middle of a line
    capsys.readouterr()
    cli.main(common + ["--deals", "3"])
    err = capsys.readouterr().err
    assert "resuming: 4 of 6 units" in err
    first = json.loads(out.read_text())
    # the same figures as one uninterrupted run
    fresh = tmp_path / "fresh.json"
    cli.main(["--players", "heuristic,random", "--types", "trump,NT", "--seed", "4", "--json", str(fresh),
                "--quiet", "--deals", "3"])
    again = json.loads(fresh.read_text())
    assert first["presets"]["standard"]["difference"] == again["presets"]["standard"]["difference"]
    assert len(UnitLog(str(log)).done) == 6


def test_three_players_get_every_pairwise_difference(tmp_path):
    out = tmp_path / "three.json"
    cli.main(["--players", "heuristic,random,easy", "--types", "NT", "--deals", "2", "--json", str(out), "--quiet"])
    pairs = json.loads(out.read_text())["presets"]["standard"]["pairs"]
    assert set(pairs) == {"heuristic - random", "heuristic - easy", "random - easy"}
    assert pairs["heuristic - random"]["NT"]["units"] == 2


def test_the_oracle_plays_in_the_arena(tmp_path):
    out = tmp_path / "o.json"
    cli.main(["--players", "oracle,random", "--types", "MT", "--deals", "1", "--json", str(out), "--quiet"])
    assert json.loads(out.read_text())["presets"]["standard"]["points"]["MT"]["oracle"]["units"] == 1


def test_progress_shows_the_count_and_an_eta():
    stream = io.StringIO()
    bar = Progress(10, already=4, stream=stream, every=0)
    bar.step()
    line = stream.getvalue()
    assert "5/10" in line and "50%" in line and "ETA" in line
    bar.step(5)
    assert stream.getvalue().rstrip().endswith("ETA 0m00s")


def test_a_bad_player_name_is_a_usage_error():
    with pytest.raises(SystemExit):
        cli.main(["--players", "grandmaster,random", "--deals", "1", "--quiet"])


def test_comparing_two_unit_logs_finds_a_changed_unit(tmp_path, capsys):
    from game.arena.backends import main as compare
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path in (a, b):
        cli.main(["--players", "heuristic,random", "--types", "NT", "--deals", "2", "--units", str(path), "--quiet"])
    assert compare([str(a), str(b)]) == 0
    assert "2 with identical per-unit results" in capsys.readouterr().out
    recs = [json.loads(line) for line in b.read_text().splitlines()]
    seating, deals = recs[1]["unit"]["results"][0]
    contract, points = deals[0]
    recs[1]["unit"]["results"][0] = [seating, [[contract, [points[0] + 1] + points[1:]]]]
    b.write_text("".join(json.dumps(r) + "\n" for r in recs))
    assert compare([str(a), str(b)]) == 1
    assert "1 with identical per-unit results, 1 different" in capsys.readouterr().out
