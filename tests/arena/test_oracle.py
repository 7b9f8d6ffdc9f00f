"""The oracle sees every hand, plays the exact solution in the endgame, and stays out of the game."""

import ast
import pathlib
import random
import subprocess
import sys

import pytest

from game.ai import make_player
from game.ai.solver import Solver
from game.arena.oracle import OraclePlayer
from game.engine import Match, RuleSet

ROOT = pathlib.Path(__file__).resolve().parents[2]


def imported_modules(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            names.add(mod)
            names.update(f"{mod}.{a.name}" for a in node.names)
    return names


@pytest.mark.parametrize("package", ["ui", "ai", "engine"])
def test_no_game_module_imports_the_oracle(package):
    files = sorted((ROOT / "game" / package).rglob("*.py"))
    assert files
    for path in files:
        assert not any("oracle" in name for name in imported_modules(path)), f"{path} imports the oracle"


def test_importing_the_whole_ui_does_not_load_the_oracle():
    code = ("import pkgutil, importlib, sys, game.ui\n"
            "for m in pkgutil.walk_packages(game.ui.__path__, 'game.ui.'):\n"
            "    importlib.import_module(m.name)\n"
            "print('game.arena.oracle' in sys.modules)\n")
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "False"


def test_the_game_does_not_offer_the_oracle():
    with pytest.raises(ValueError):
        make_player("oracle")


def test_the_oracle_refuses_to_play_without_the_arena_showing_it_the_cards():
    m = Match.new(RuleSet.preset("standard"), seed=3)
    oracle = OraclePlayer(1)
    while m.view(m.to_act).phase != "play":
        m.apply(make_player("heuristic").choose(m.view(m.to_act)))
    view = m.view(m.to_act)
    if len(view.legal) > 1:
        with pytest.raises(RuntimeError, match="arena"):
            oracle.choose(view)


def test_in_the_endgame_the_oracle_plays_a_card_of_best_exact_value():
    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        m = Match.new(RuleSet.preset(rng.choice(["standard", "blato"])), seed=seed)
        h = make_player("heuristic", seed=seed)
        cut = rng.choice([3, 4, 5])
        while not m.is_over():
            view = m.view(m.to_act)
            if view.phase == "play" and len(view.hand) <= cut and len(view.legal) > 1:
                break
            m.apply(h.choose(view))
        else:
            continue
        oracle = OraclePlayer(seed)
        oracle.observe(m)
        action = oracle.choose(view)
        hands = [sum(c.mask for c in m.hand(s)) for s in range(3)]
        trick = [c.index for _, c in view.trick]
        solver = Solver(view.trump, view.rules.must_trump, view.seat, view.contract == "MT")
        values = solver.root_values(hands, view.leader, trick, [a.card.index for a in view.legal])
        assert values[action.card.index] == max(values.values())
        checked += 1
    assert checked >= 20


def test_a_partial_oracle_takes_only_its_kinds_of_decision():
    from game.arena.oracle import PartialOracle
    from tests.ai.helpers import play_view

    declaring = play_view("AC KC", ("2H 3H", "2D 3D"), seat=0, contract="H", declarer=0)
    defending = play_view("AC KC", ("2H 3H", "2D 3D"), seat=0, contract="H", declarer=1)
    assert PartialOracle(1, sees="play").oracle_decides(declaring)
    assert not PartialOracle(1, sees="play").oracle_decides(defending)
    assert PartialOracle(1, sees="play", role="defender").oracle_decides(defending)
    assert PartialOracle(1, sees="declare+play", role="any").oracle_decides(defending)
    assert not PartialOracle(1, sees="declare+discard", role="any").oracle_decides(declaring)
    for bad in (dict(sees="bid"), dict(sees=""), dict(role="dealer")):
        with pytest.raises(ValueError):
            PartialOracle(1, **bad)


def test_a_partial_oracle_plays_whole_deals_in_the_arena(tmp_path):
    import json

    from game.arena import cli

    out = tmp_path / "p.json"
    cli.main(["--players", "oracle:sees=declare+play;role=any,heuristic", "--types", "trump", "--deals", "1",
                "--json", str(out), "--quiet"])
    points = json.loads(out.read_text())["presets"]["standard"]["points"]["trump"]
    assert points["oracle:sees=declare+play;role=any"]["units"] == 1
