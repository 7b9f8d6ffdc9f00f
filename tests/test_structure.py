"""The shape of the package: imports run one way with no circle anywhere in game/ or tools/
(imports inside functions count too), the engine stands alone, the formats and the history
sit above Match, the research arena stays out of the game, game/'s top level holds only
entry points and true utilities, the front end's and online play's tops only a few modules
each, no class is over the house limit, and tools/'s top only a few modules besides the
aliases of old command names.  Long modules and classes are listed, not failed: a class with one job
may be long."""

from __future__ import annotations

import ast
import warnings
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parents[1] / "game"
TOP_LEVEL = {"__init__", "__main__", "perf", "resources", "files", "strengths"}
TOOLS = GAME.parent / "tools"
TOOLS_TOP_MOST = 12  # modules loose at tools/'s top, aliases apart: more belong in a package
ROOM_TOP_MOST = 20  # modules loose at a room's top (game/ui, game/online): past this a newcomer cannot see the jobs
CLASS_MOST = 450  # lines of one class: past it a class holds more than one job (the message tables are not classes)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(GAME.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(under: Path = GAME) -> dict[str, Path]:
    return {module_name(p): p for p in sorted(under.rglob("*.py"))}


def imported(name: str, path: Path) -> set[str]:
    """Every module named by an import anywhere in the file (absolute names; relative
    imports resolved), with each `from X import y` also giving X.y."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.add(mod)
            out.update(f"{mod}.{a.name}" for a in node.names)
    return out


def graph(mods: dict[str, Path]) -> dict[str, set[str]]:
    """Edges between the package's own modules.  A package's __init__ importing its own
    submodules is how a package is assembled, not a circle."""
    known = set(mods)
    edges = {}
    for name, path in mods.items():
        deps = {d for d in imported(name, path) if d in known and d != name}
        if path.name == "__init__.py":
            deps = {d for d in deps if not d.startswith(name + ".")}
        edges[name] = deps
    return edges


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}

    def visit(n, stack):
        state[n] = 1
        stack.append(n)
        for m in sorted(edges.get(n, ())):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                found = visit(m, stack)
                if found:
                    return found
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(edges):
        if n not in state:
            found = visit(n, [])
            if found:
                return found
    return None


def reaches(edges: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for m in edges.get(todo.pop(), ()):
            if m not in seen:
                seen.add(m)
                todo.append(m)
    return seen


def test_the_cycle_finder_finds_cycles():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_circle_anywhere_in_game():
    found = cycle(graph(modules()))
    assert found is None, " -> ".join(found)


def test_no_import_circle_anywhere_in_tools():
    found = cycle(graph(modules(TOOLS)))
    assert found is None, " -> ".join(found)


def alias_target(path: Path) -> str | None:
    """The module an alias hands on to, or None when the file does anything else.  An alias
    is an old command name kept working: a docstring, `import runpy`, and under
    `if __name__ == "__main__":` one `runpy.run_module("tools.NEW", ...)`."""
    body = ast.parse(path.read_text(encoding="utf-8")).body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    match body:
        case [ast.Import(names=[ast.alias(name="runpy", asname=None)]),
              ast.If(test=ast.Compare(left=ast.Name(id="__name__"), comparators=[ast.Constant(value="__main__")]),
                     body=[ast.Expr(value=ast.Call(func=ast.Attribute(value=ast.Name(id="runpy"), attr="run_module"),
                                                   args=[ast.Constant(value=str(target)), *_]))],
                     orelse=[])]:
            return target
    return None


def aliases() -> dict[str, str]:
    """Old name -> new module, for every alias at tools/'s top."""
    return {f"tools.{p.stem}": target for p in sorted(TOOLS.glob("*.py")) if (target := alias_target(p))}


def test_the_alias_finder_tells_an_alias_from_a_tool(tmp_path):
    alias = tmp_path / "old.py"
    alias.write_text('"""Old name."""\n\nimport runpy\n\nif __name__ == "__main__":\n'
                     '    runpy.run_module("tools.web.build", run_name="__main__", alter_sys=True)\n')
    assert alias_target(alias) == "tools.web.build"
    tool = tmp_path / "tool.py"
    tool.write_text(alias.read_text() + "\nLIMIT = 3\n")
    assert alias_target(tool) is None


def test_tools_top_holds_few_modules_besides_aliases():
    loose = sorted(p.stem for p in TOOLS.glob("*.py") if p.stem != "__init__" and alias_target(p) is None)
    assert len(loose) <= TOOLS_TOP_MOST, f"modules loose at tools/: {loose}; put them in the package of what they serve"


def test_every_alias_hands_on_to_a_command_and_nothing_imports_one():
    """An alias keeps `python -m tools.OLD` working; code and tests use the new name."""
    tools, old_names = modules(TOOLS), aliases()
    for old, new in old_names.items():
        assert new in tools, f"{old} hands on to {new}, which is not a module of tools/"
        assert 'if __name__ == "__main__":' in tools[new].read_text(encoding="utf-8"), f"{new} is not a command"
    importers = {**modules(), **tools, **modules(GAME.parent / "tests")}
    for name, path in importers.items():
        if name not in old_names:
            used = imported(name, path) & set(old_names)
            assert not used, f"{name} imports {sorted(used)}: import the new names (docs/DEVELOPING.md)"


def test_the_engine_stands_alone():
    """The engine imports only itself and the standard library: no pygame, no players, no UI."""
    for name, path in modules(GAME / "engine").items():
        outside = {d for d in imported(name, path) if d.split(".")[0] in ("game", "pygame") and not d.startswith("game.engine")}
        assert not outside, f"{name} imports {sorted(outside)}"


def test_formats_and_history_sit_above_match():
    """Match and everything it imports never reach the text record, share codes or history,
    and the save format knows nothing of Match (as chess.pgn stands to chess)."""
    edges = graph(modules())
    below = reaches(edges, "game.engine.match") | {"game.engine.match"}
    above = {n for n in edges if n.startswith(("game.engine.formats", "game.engine.history"))}
    assert not below & above, sorted(below & above)
    assert "game.engine.match" not in reaches(edges, "game.engine.save")


def test_the_game_never_imports_the_research_arena():
    edges = graph(modules())
    for name in edges:
        if not name.startswith("game.arena"):
            assert not {d for d in edges[name] if d.startswith("game.arena")}, name


def test_top_level_holds_entry_points_and_utilities_only():
    loose = {p.stem for p in GAME.glob("*.py")} - TOP_LEVEL
    assert not loose, f"modules loose at game/: {sorted(loose)}; put them in the package of their part"


@pytest.mark.parametrize("room", ["ui", "online"])
def test_a_rooms_top_holds_few_modules(room):
    loose = sorted(p.stem for p in (GAME / room).glob("*.py") if p.stem != "__init__")
    assert len(loose) <= ROOM_TOP_MOST, f"{len(loose)} modules loose at game/{room}: {loose}; group them by their part"


def test_no_class_in_the_game_is_over_the_house_limit():
    over = []
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > CLASS_MOST:
                over.append(f"{name}.{node.name} ({node.end_lineno - node.lineno + 1} lines)")
    assert over == [], "split these by job: " + "; ".join(over)


def test_long_modules_and_classes_are_listed():
    """A reminder, never a failure: a module over ~450 lines or a class over ~300 is often
    doing several jobs.  Split by job where that is so; a class with one job stays whole."""
    long = []
    for name, path in modules().items():
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > 450:
            long.append(f"{name} ({len(text.splitlines())} lines)")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > 300:
                long.append(f"{name}.{node.name} (class of {node.end_lineno - node.lineno + 1} lines)")
    if long:
        warnings.warn("long modules and classes: " + "; ".join(long), stacklevel=1)


@pytest.mark.parametrize("package", ["engine", "ai"])
def test_no_pygame_below_the_front_end(package):
    for name, path in modules(GAME / package).items():
        assert not {d for d in imported(name, path) if d.split(".")[0] == "pygame"}, name


def test_every_string_in_the_game_is_text_the_browsers_python_compiles():
    """A lone surrogate written into a literal (an escape such as backslash-u-d800 in a
    docstring that is not raw) compiles here, but the browser's newer CPython cleans
    docstrings while compiling and fails on it: the module's import fails there alone, and
    with it whatever screen needed it (Make a room, once)."""
    bad = []
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                try:
                    node.value.encode("utf-8")
                except UnicodeEncodeError:
                    bad.append(f"{name}:{node.lineno}")
    assert bad == []
