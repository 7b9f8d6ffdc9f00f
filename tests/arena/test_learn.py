"""Self-play logs every card decision as the table saw it, and fitting the play model on
plays drawn from a known model finds that model again."""

import math
import random

import pytest

from game.ai.play_model import FEATURES, SIZE, K, situation
from game.arena import learn
from game.engine.fast import legal_mask


def test_self_play_logs_every_card_decision_with_a_choice_as_the_table_was():
    unit = learn.play_unit(("heuristic", "standard", "trump", 5))
    assert unit["strength"] == "heuristic" and unit["plays"]
    for p in unit["plays"]:
        h = p["hands"]
        assert not (h[0] & h[1] or h[0] & h[2] or h[1] & h[2] or p["hidden"] & (h[0] | h[1] | h[2]))
        assert 0 <= len(p["trick"]) <= 2 and p["seat"] == (p["leader"] + len(p["trick"])) % 3
        led = p["trick"][0] // 13 if p["trick"] else -1
        legal = legal_mask(h[p["seat"]], led, p["trump"], p["must"])
        assert legal >> p["card"] & 1 and legal & (legal - 1)  # a legal card, and not the only one


def _planted(rng, weights, n):
    """n plays drawn from the model with `weights`, as fit_weights takes them."""
    rows, sizes, chosen = [], [], []
    while len(sizes) < n:
        deck = rng.sample(range(52), 30)
        hand, out = sum(1 << c for c in deck[:8]), sum(1 << c for c in deck[10:])
        trick = deck[8:8 + rng.randrange(3)]
        got = situation(hand, out, trick, 0, len(trick), rng.randrange(-1, 4), False, False, 1)
        if got is None:
            continue
        runs, facts = got
        scores = [math.exp(sum(weights[j] for j in row)) for row in facts]
        k = rng.choices(range(len(runs)), scores)[0]
        chosen.append(len(rows) + k)
        sizes.append(len(runs))
        rows.extend(facts)
    return rows, sizes, chosen


def test_fitting_finds_a_planted_model_again():
    pytest.importorskip("numpy")
    rng = random.Random(3)
    planted = [0.0] * SIZE
    rules, lowest = FEATURES.index("rules"), FEATURES.index("lowest")
    planted[rules] = 2.0  # leading: the rules of thumb's card, and a low one, are favoured
    planted[lowest] = 1.0
    planted[K + rules] = -1.0  # following: the rules of thumb's card is avoided
    rows, sizes, chosen = _planted(rng, planted, 3000)
    fitted = learn.fit_weights(rows, sizes, chosen, l2=1.0, steps=400)
    assert fitted[rules] == pytest.approx(2.0, abs=0.4)
    assert fitted[lowest] == pytest.approx(1.0, abs=0.4)
    assert fitted[K + rules] == pytest.approx(-1.0, abs=0.4)
    test = _planted(rng, planted, 1000)
    hits = [any(j % K == rules for j in test[0][c]) for c in test[2]]
    held = learn.scores(fitted, *test, hits)
    uniform = learn.scores([0.0] * SIZE, *test, hits)
    assert held["loglik"] > uniform["loglik"] + 0.1


def test_the_command_plays_logs_and_fits_without_touching_the_shipped_table(tmp_path, capsys):
    pytest.importorskip("numpy")
    log, table = tmp_path / "plays.jsonl", tmp_path / "table.py"
    assert learn.main(["play", "--players", "heuristic", "--deals", "10", "--out", str(log), "--quiet"]) == 0
    assert learn.main(["fit", str(log), "--steps", "50", "--write", "--table", str(table)]) == 0
    out = capsys.readouterr().out
    assert "heuristic" in out and "log-likelihood" in out
    namespace = {}
    exec(table.read_text(), namespace)
    assert len(namespace["WEIGHTS"]["heuristic"]) == SIZE


def test_a_self_play_deal_is_the_same_in_every_process():
    # the players' seeds must not hang on anything a process draws afresh (str hashes)
    import json
    import os
    import subprocess
    import sys

    code = ("import json; from game.arena.learn import play_unit; "
            "print(json.dumps(play_unit(('easy', 'blato', 'trump', 9))))")
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(k)}).stdout for k in (1, 2)]
    assert json.loads(runs[0])["plays"] and runs[0] == runs[1]
