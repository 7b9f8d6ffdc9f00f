"""Every message key the UI asks for exists in the English table (so translators see it)."""

import os
import re

from game.i18n import en

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _sources():
    for base in ("game/ui", "game/storage/store.py", "main.py"):
        path = os.path.join(ROOT, base)
        if os.path.isfile(path):
            yield path
            continue
        for dirpath, _, files in os.walk(path):
            for f in files:
                if f.endswith(".py"):
                    yield os.path.join(dirpath, f)


def test_literal_keys_exist():
    missing = []
    for path in _sources():
        text = open(path, encoding="utf-8").read()
        for key in re.findall(r"""\bt\(\s*["']([a-z_]+\.[a-zA-Z0-9_.]+)["']""", text):
            if key not in en.MESSAGES:
                missing.append(f"{os.path.relpath(path, ROOT)}: {key}")
    assert not missing, missing


def test_generated_keys_exist():
    from game.engine.rules import ALL_CONTRACTS, RuleSet
    from game.ui.app import SPEEDS, STRENGTHS
    from game.ui.scenes.rules import RulesScene

    keys = [f"preset.{p}" for p in RuleSet.PRESETS] + [f"preset.{p}.desc" for p in RuleSet.PRESETS]
    keys += [f"option.{o}" for o in RuleSet.OPTIONS] + ["option.declare_on.6", "option.declare_on.16"]
    keys += [f"strength.{s}" for s in STRENGTHS] + [f"speed.{s}" for s in SPEEDS]
    keys += [f"contract.{c}" for c in ALL_CONTRACTS] + ["style.classic", "style.four_color"]
    keys += [f"rules.tab.{tab}" for tab in RulesScene.TABS] + [f"rules.{tab}" for tab in RulesScene.TABS]
    keys += [f"over.tiebreak.{k}" for k in ("total", "last_deal", "last_trick")]
    missing = [k for k in keys if k not in en.MESSAGES]
    assert not missing, missing


def test_every_language_renders_the_table(make_app):
    """Each language can draw the title, rules and a table without errors or missing keys."""
    from game import i18n
    from tests.ui.helpers import advance_until, table_for

    m = advance_until(lambda m: m.phase == "exchange" and m.to_act == 0)
    for code in i18n.LANGUAGES:
        app = make_app(settings={"language": code})
        app.step(dt=1 / 60)
        from game.ui.scenes.rules import RulesScene

        for tab in RulesScene.TABS:
            scene = RulesScene(app)
            scene.tab = tab
            app.stack.push(scene)
            app.step(dt=1 / 60)
            app.pop()
        table_for(app, m)
        app.step(dt=1 / 60)
        assert app.scene_name == "exchange"
    i18n.set_language("en")
