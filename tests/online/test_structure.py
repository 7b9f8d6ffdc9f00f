"""game/online knows nothing of pygame, and never waits (no threads, no sleeping)."""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "game" / "online").rglob("*.py"))


def imported(path: pathlib.Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add(node.module or "")
    return names


def test_no_module_of_online_play_imports_pygame_threads_or_the_ui():
    assert FILES
    for path in FILES:
        for name in imported(path):
            top = name.split(".")[0]
            assert top not in ("pygame", "threading", "multiprocessing"), f"{path.name} imports {name}"
            assert not name.startswith("game.ui"), f"{path.name} imports {name}"
        assert "sleep(" not in path.read_text(), f"{path.name} sleeps"


def test_importing_every_module_of_online_play_loads_no_pygame():
    code = ("import importlib, pkgutil, sys, game.online\n"
            "for m in pkgutil.walk_packages(game.online.__path__, 'game.online.'):\n"
            "    importlib.import_module(m.name)\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pygame' or m.startswith('game.ui')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120,
                         env={"PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_the_package_file_is_the_agreed_one_line():
    text = (ROOT / "game" / "online" / "__init__.py").read_text()
    assert text == '"""Online play between the players\' own devices: no server of ours."""\n'


# --- the shape of the package -------------------------------------------------------------------

ONLINE = ROOT / "game" / "online"  # its loose modules and long classes: tests/test_structure.py


def test_fair_dealing_stands_alone_under_the_room_that_drives_it():
    """game/online/fair (the protocol) imports the engine and itself only; the room
    (fair_room/, host/, guest.py) drives it, never the other way round."""
    for path in sorted((ONLINE / "fair").rglob("*.py")):
        for name in absolute_imports(path, "game.online.fair"):
            inside = name == "game.online.fair" or name.startswith(("game.engine", "game.online.fair."))
            outside = name.startswith("game.") and not inside
            assert not outside, f"{path.name} imports {name}"


def absolute_imports(path: pathlib.Path, package: str) -> set[str]:
    """Every module `path` (in `package`) imports, relative imports made absolute."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            names.add(".".join([*base, node.module] if node.module else base))
    return names
