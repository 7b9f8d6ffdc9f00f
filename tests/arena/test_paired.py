"""Paired differences of arena runs over the positions both played."""


from game.arena import cli, paired


def run(tmp_path, player: str, deals: int) -> str:
    path = tmp_path / f"{player}.jsonl"
    cli.main(["--players", f"{player},random", "--types", "trump,NT", "--deals", str(deals), "--seed", "6",
                "--units", str(path), "--quiet"])
    return str(path)


def test_the_paired_difference_is_taken_over_common_positions(tmp_path, capsys):
    h = paired.load([run(tmp_path, "heuristic", 3)])
    e = paired.load([run(tmp_path, "easy", 2)])
    assert len(h) == 6 and len(e) == 4
    common = [k for k in e if k in h]
    assert len(common) == 4
    lines = paired.table({"heuristic": h, "easy": e})
    assert lines[0].startswith("| preset | contract | heuristic − B | easy − B | easy − heuristic |")
    nt = next(line for line in lines if "| NT |" in line)
    want = sum(e[k] - h[k] for k in common if k[1] == "NT") / 2
    assert f"{want:+.2f}" in nt.split("|")[5] and "(n=2)" in nt.split("|")[5]
    assert "(n=3)" in nt.split("|")[3]  # each run's own column uses all its positions


def test_the_gap_line_reports_the_share_of_the_gap_closed(tmp_path):
    runs = {"base": {("standard", "trump", s): 0.0 for s in range(4)},
            "new": {("standard", "trump", s): 0.5 + 0.1 * s for s in range(4)},
            "top": {("standard", "trump", s): 2.0 + 0.2 * s for s in range(4)}}
    row = paired.gap_lines(runs, "base", "new", "top")[2]
    assert "| 4 |" in row and "28%" in row  # 2.6 of 9.2
    assert "+0.07" in row.split("|")[7]  # 0.65 − 0.25 · 2.3 = 0.075


def test_a_cut_short_log_line_is_skipped(tmp_path):
    path = run(tmp_path, "heuristic", 1)
    with open(path, "a") as f:
        f.write('{"key": ')
    assert len(paired.load([path])) == 2


def test_a_csv_of_the_positions_reads_back_the_same(tmp_path):
    log = run(tmp_path, "heuristic", 2)
    out = tmp_path / "h.csv"
    assert paired.main(["--csv", str(out), log]) == 0
    assert paired.load([str(out)]) == paired.load([log])


def test_the_role_split_adds_up_to_the_difference_per_position(tmp_path, capsys):
    log = run(tmp_path, "heuristic", 3)
    whole = paired.load([log])
    roles = paired.load_roles([log])
    assert len(roles) == 2 * len(whole) == 12
    for (preset, ctype, seed), a_minus_b in whole.items():
        declarer = roles[(preset, ctype, seed, "declarer")]
        defender = roles[(preset, ctype, seed, "defender")]
        assert abs(a_minus_b - (declarer / 2 + defender)) < 1e-9
    paired.main(["--roles", f"h={log}", f"again={log}"])
    out = capsys.readouterr().out
    assert "| standard | trump | declarer | +0.00 ± 0.00 (n=3) |" in out


def test_the_role_split_refuses_a_csv(tmp_path):
    import pytest

    with pytest.raises(SystemExit, match="unit logs"):
        paired.main(["--roles", "h=x.csv"])


def test_one_runs_role_split_is_its_players_points_in_each_role(tmp_path, capsys):
    """With one run, --roles splits its own A − B: A's points as declarer minus B's as
    declarer, and the same for defence, from a hand-built unit whose points are known."""
    import json

    from game.arena.duplicate import unit_position
    from game.engine import RuleSet

    rules = RuleSet.preset("standard")
    seed = 6000001
    d = rules.declarer_of(unit_position(rules, "standard", "trump", seed)["dealer"])
    seatings = [["x", "y", "y"], ["y", "x", "y"], ["y", "y", "x"]]
    points = [[3, -1, -2], [-2, 4, -1], [0, -3, 5]]  # seating k: each seat's points in its one deal
    key = json.dumps([["x", "y"], "standard", {}, "deal", "trump", seed, "single"])
    unit = {"preset": "standard", "results": [[s, [["D", p]]] for s, p in zip(seatings, points)]}
    log = tmp_path / "xy.jsonl"
    log.write_text(json.dumps({"key": key, "unit": unit}) + "\n")
    where = {name: {"declarer": [], "defender": []} for name in "xy"}
    for seating, p in zip(seatings, points):
        for s, name in enumerate(seating):
            where[name]["declarer" if s == d else "defender"].append(p[s])

    def mean(xs):
        return sum(xs) / len(xs)

    gaps = paired.load_role_gaps([str(log)])
    for role in ("declarer", "defender"):
        assert abs(gaps[("standard", "trump", seed, role)] - (mean(where["x"][role]) - mean(where["y"][role]))) < 1e-9
    paired.main(["--roles", f"xy={log}"])
    out = capsys.readouterr().out
    assert f"| standard | trump | declarer | {mean(where['x']['declarer']) - mean(where['y']['declarer']):+.2f} ±" in out
