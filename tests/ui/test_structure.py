"""The shape of game/ui: one scene class per phase, and scenes opened by name, never by
importing each other (circles and sizes: tests/test_structure.py)."""

import pytest

from tests.test_structure import imported, modules

PKG = "game.ui"


def test_one_scene_class_per_phase_and_scenes_open_by_name():
    from game.ui import registry, scenes  # noqa: F401
    from game.ui.flow import scene_for
    from game.ui.scenes.table_scene import TableScene

    expected = {"deal": "DealScene", "declare": "DeclareScene", "exchange": "ExchangeScene", "kitty": "KittyScene",
                "play": "PlayScene", "score": "ScoreScene", "game_over": "GameOverScene"}
    for name, cls in expected.items():
        assert registry.scene_class(name).__name__ == cls
    for phase in ("declare", "exchange", "discard", "play"):
        assert issubclass(registry.scene_class(scene_for(phase)), TableScene)
    assert scene_for("play", dealing=True) == "deal"
    with pytest.raises(KeyError):
        registry.create("no_such_scene", None)


def test_no_scene_module_imports_another_scene_module():
    mods = modules()
    scene_mods = {n for n in mods if n.startswith(PKG + ".scenes.") and n != PKG + ".scenes"}
    base = PKG + ".scenes.table_scene"  # the phase scenes' shared base class
    for name in scene_mods:
        others = imported(name, mods[name]) & scene_mods - {base, name}
        assert not others, f"{name} imports {others}"
