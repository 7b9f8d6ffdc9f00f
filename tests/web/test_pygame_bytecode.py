"""pygame's bytecode shipped with the game: copied into the package before it is imported,
used only while the source is the one it was made from, never over the package's own."""

from __future__ import annotations

import importlib
import importlib.util
import py_compile
import sys

from game.web.pygame_bytecode import put_in_place

CHECKED = py_compile.PycInvalidationMode.CHECKED_HASH


def _package(root, name: str, source: str):
    pkg = root / name
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(source)
    return pkg


def _shipped(root, name: str, source: str):
    """A checked-hash pyc of `source`, laid out as the build ships it."""
    made = _package(root / "made", name, source)
    pyc = importlib.util.cache_from_source(str(made / "__init__.py"))
    py_compile.compile(str(made / "__init__.py"), cfile=pyc, doraise=True, invalidation_mode=CHECKED)
    return made


def _imported(root, name: str, monkeypatch):
    """Import `name` from root; whether its source was compiled to do it."""
    compiled = []
    real = importlib.machinery.SourceFileLoader.source_to_code
    monkeypatch.setattr(importlib.machinery.SourceFileLoader, "source_to_code",
                        lambda self, *a, **k: (compiled.append(self.name), real(self, *a, **k))[1])
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    monkeypatch.syspath_prepend(str(root))
    module = importlib.import_module(name)
    monkeypatch.delitem(sys.modules, name)
    return module, bool(compiled)


def test_the_shipped_bytecode_is_used_when_the_source_is_the_same(tmp_path, monkeypatch):
    shipped = _shipped(tmp_path, "pg_same", "VALUE = 1\n")
    runtime = _package(tmp_path / "site", "pg_same", "VALUE = 1\n")
    assert put_in_place(str(shipped), str(runtime)) == 1
    module, compiled = _imported(tmp_path / "site", "pg_same", monkeypatch)
    assert module.VALUE == 1 and not compiled


def test_bytecode_of_another_source_is_not_used(tmp_path, monkeypatch):
    shipped = _shipped(tmp_path, "pg_other", "VALUE = 1\n")
    runtime = _package(tmp_path / "site", "pg_other", "VALUE = 2\n")
    put_in_place(str(shipped), str(runtime))
    module, compiled = _imported(tmp_path / "site", "pg_other", monkeypatch)
    assert module.VALUE == 2 and compiled  # the runtime's own source, compiled as before


def test_the_packages_own_bytecode_is_kept_and_nothing_shipped_copies_nothing(tmp_path):
    shipped = _shipped(tmp_path, "pg_kept", "VALUE = 1\n")
    runtime = _package(tmp_path / "site", "pg_kept", "VALUE = 1\n")
    own = importlib.util.cache_from_source(str(runtime / "__init__.py"))
    import os

    os.makedirs(os.path.dirname(own))
    with open(own, "wb") as f:
        f.write(b"its own")
    assert put_in_place(str(shipped), str(runtime)) == 0
    assert open(own, "rb").read() == b"its own"
    assert put_in_place(str(tmp_path / "nothing"), str(runtime)) == 0


WATCH_MAIN = r"""
import importlib.abc, json, sys
sys.path.insert(0, ".")
import game.web.pygame_bytecode as shipped
said = []
real = shipped.put_in_place
shipped.put_in_place = lambda *a, **k: (said.append("put in place"), real(*a, **k))[1]

class Watch(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "pygame":
            said.append("import pygame")
        return None

sys.meta_path.insert(0, Watch())
import main
print(json.dumps(said))
"""


def test_main_puts_the_bytecode_in_place_before_it_first_imports_pygame(tmp_path):
    """Once pygame is imported its modules are compiled: the copy must come first."""
    import json
    import os
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "THREE_FIVE_EIGHT_DATA": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", WATCH_MAIN], cwd=root, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1])[:2] == ["put in place", "import pygame"]
