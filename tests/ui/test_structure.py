"""The shape of game/ui: one scene class per phase, and scenes opened by name, never by
importing each other (circles and sizes: tests/test_structure.py)."""

import ast
from pathlib import Path

import pytest

UI = Path(__file__).resolve().parents[2] / "game" / "ui"
PKG = "game.ui"


def _module_name(path: Path) -> str:
    rel = path.relative_to(UI.parent.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in UI.rglob("*.py")}


def _imports(name: str, path: Path, known: set) -> set:
    """game.ui modules imported anywhere in the module (top level or inside functions)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            targets = [mod] + [f"{mod}.{a.name}" for a in node.names]
        else:
            continue
        for t in targets:
            if t in known and t != name:
                out.add(t)
    return out


def _cycle(graph):
    """One import cycle as a list of modules, or None."""
    state = {}

    def visit(n, stack):
        state[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                found = visit(m, stack)
                if found:
                    return found
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state:
            found = visit(n, [])
            if found:
                return found
    return None


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
    mods = _modules()
    known = set(mods)
    scene_mods = {n for n in mods if n.startswith(PKG + ".scenes.") and n != PKG + ".scenes"}
    base = PKG + ".scenes.table_scene"  # the phase scenes' shared base class
    for name in scene_mods:
        others = _imports(name, mods[name], known) & scene_mods - {base}
        assert not others, f"{name} imports {others}"
