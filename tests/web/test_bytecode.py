"""The start's bytecode in the web archive (issue 13, tools/web_bytecode.py): a pyc for each
module the title's first frame imports, for each Python whose interpreter the build
found, which that Python loads instead of compiling the source; and never old bytecode
for a changed source.

How "loaded instead of compiled" is checked: the archive is unpacked (or rewritten) with a
module's source replaced by one that fails when run. Importing it still works exactly
when the interpreter takes the pyc (unchecked-hash pycs never look at the source); a
module without bytecode in the same archive, treated the same way, must fail (the control:
the check can fail).
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from tools import web_bytecode
from tools.build_web import NAME, stage
from tools.web_check import check

BROKEN = b'raise ImportError("compiled from the source, not loaded from the pyc")\n'
# pure-Python modules (no pygame, which a native python3.12 here may lack)
WITH_PYC = "game/engine/cards.py"  # the start imports it
WITHOUT_PYC = "game/records/library.py"  # imported on the first click that needs it, not by the start


def _python312() -> str:
    compiler = web_bytecode._native("3.12")
    if compiler is None:
        pytest.skip("no Python 3.12 here: the build ships without its bytecode")
    return compiler.command[0]


def _unpack(web_dir: Path, dest: Path) -> Path:
    with tarfile.open(web_dir / f"{NAME}.tar.gz", "r:gz") as tar:
        tar.extractall(dest, filter="tar")
    return dest / "assets"


def _import(python: str, app: Path, module: str) -> subprocess.CompletedProcess:
    code = f"import sys; sys.dont_write_bytecode = True; import {module} as m; print(m.__cached__)"
    return subprocess.run([python, "-c", code], cwd=app, capture_output=True, text=True, timeout=60)


def test_archive_has_the_starts_bytecode_for_each_python_found(web_build, tmp_path):
    web_dir, *_ = web_build
    report = check(web_dir)
    assert report.ok, report.problems
    found = [v for v in web_bytecode.VERSIONS if web_bytecode.find(v)]
    assert sorted(report.bytecode) == sorted(f"cpython-{v.replace('.', '')}" for v in found)
    if not found:
        pytest.skip("no interpreter for any bytecode version here")
    start = web_bytecode.start_modules(_unpack(web_dir, tmp_path))
    assert {"game/ui/app.py", "game/ui/scenes/title.py", WITH_PYC} <= set(start)
    assert WITHOUT_PYC not in start
    for tag, sources in report.bytecode.items():
        assert sources == sorted(f"assets/{f}" for f in start), tag


def test_python312_loads_the_shipped_bytecode_not_the_source(web_build, tmp_path):
    python = _python312()
    app = _unpack(web_build[0], tmp_path)
    for rel in (WITH_PYC, WITHOUT_PYC):
        (app / rel).write_bytes(BROKEN)
    loaded = _import(python, app, "game.engine.cards")
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.strip().endswith("game/engine/__pycache__/cards.cpython-312.pyc")
    compiled = _import(python, app, "game.records.library")
    assert compiled.returncode != 0 and "compiled from the source" in compiled.stderr


def test_a_new_build_never_keeps_old_bytecode(tmp_path):
    """The staging copy is made afresh at each build: bytecode an earlier build left there
    (here made from a source that says something else) never reaches the next archive."""
    python = _python312()
    main_py = Path(__file__).resolve().parents[2] / "main.py"
    app = tmp_path / NAME
    stage(app, main_py)
    source = app / WITH_PYC
    source.write_text(source.read_text(encoding="utf-8") + "\nRANKS = 'stale'\n", encoding="utf-8")
    web_bytecode.Compiler("3.12", "test", [python]).compile(app, [WITH_PYC])
    assert "stale" in _ranks(python, app)  # the old pyc is there and would be used

    stage(app, main_py)  # the next build
    pycs = web_bytecode.make(app, ("3.12",), lambda msg: None)
    assert app / "game/engine/__pycache__/cards.cpython-312.pyc" in pycs
    assert "stale" not in _ranks(python, app)


def _ranks(python: str, app: Path) -> str:
    out = subprocess.run([python, "-c", "import sys; sys.dont_write_bytecode = True\n"
                          "import game.engine.cards as c; print(repr(c.RANKS))"],
                         cwd=app, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout


def _doctored(web_dir: Path, dest: Path) -> Path:
    """A copy of the build whose archive has both modules' sources broken."""
    shutil.copytree(web_dir, dest)
    path = dest / f"{NAME}.tar.gz"
    with tarfile.open(web_dir / f"{NAME}.tar.gz", "r:gz") as old, tarfile.open(path, "w:gz") as new:
        for member in old.getmembers():
            data = old.extractfile(member).read() if member.isfile() else None
            if member.name in (f"assets/{WITH_PYC}", f"assets/{WITHOUT_PYC}"):
                data, member.size = BROKEN, len(BROKEN)
            new.addfile(member, io.BytesIO(data) if data is not None else None)
    return dest


def test_pyodide_loads_the_shipped_bytecode_in_the_browser(web_build, tmp_path):
    """The webcheck harness's runtime (Pyodide, CPython 3.14 in headless Chromium)."""
    from tests.web.browser_support import need_browser
    from tools.web_wasm import PyodidePage

    if "cpython-314" not in check(web_build[0]).bytecode:
        pytest.skip("the build has no 3.14 bytecode (no Pyodide and node, or python3.14, here)")
    need_browser()
    with PyodidePage(_doctored(web_build[0], tmp_path / "web")) as page:
        loaded = page.run("import game.engine.cards as m\nm.__cached__")
        compiled = page.run("import game.records.library")
    assert loaded.endswith("game/engine/__pycache__/cards.cpython-314.pyc"), loaded
    assert compiled.startswith("ERROR") and "compiled from the source" in compiled, compiled


def test_without_an_interpreter_the_build_says_so_and_ships_without(tmp_path, monkeypatch):
    """CI machines may have neither Python: each missing version is named, none is made."""
    app = tmp_path / NAME
    stage(app, Path(__file__).resolve().parents[2] / "main.py")
    monkeypatch.setattr(web_bytecode, "find", lambda version: None)
    said = []
    assert web_bytecode.make(app, web_bytecode.VERSIONS, said.append) == []
    assert not list(app.rglob("*.pyc"))
    for version in web_bytecode.VERSIONS:
        assert any(f"bytecode {version}: no Python {version} found" in s and "shipped without it" in s
                   for s in said), said
