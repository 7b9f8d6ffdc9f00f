"""The start's bytecode in the web archive (tools/web/bytecode.py): a pyc for each module
the title's first frame imports, made by the pinned interpreter of the page's Python
(3.12) that the build fetches itself, which that Python loads instead of compiling the
source; never old bytecode for a changed source; and, where the interpreter cannot be
had, a build that says so, ships none, and passes.

How "loaded instead of compiled" is checked: the archive is unpacked (or rewritten) with a
module's source replaced by one that fails when run. Importing it still works exactly
when the interpreter takes the pyc (unchecked-hash pycs never look at the source); a
module without bytecode in the same archive, treated the same way, must fail (the control:
the check can fail).
"""

from __future__ import annotations

import glob
import importlib.util
import io
import json
import os
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from tests.web.conftest import ROOT, build_elsewhere
from tools.web import bytecode as web_bytecode
from tools.web.build import NAME, stage
from tools.web.check import PYGAME_PART, SOURCES, check

BROKEN = b'raise ImportError("compiled from the source, not loaded from the pyc")\n'
# pure-Python modules (no pygame, which a native python3.12 here may lack)
WITH_PYC = "game/engine/cards.py"  # the start imports it
WITHOUT_PYC = "game/records/library.py"  # imported on the first click that needs it, not by the start nor a game
FIRST_GAME = "game/ui/table/table.py"  # not imported by the start: the warm-up loads it for the first game
PIN = web_bytecode.PINS["3.12"]


def _pinned_is_here() -> bool:
    """Whether the build could have the pinned 3.12 interpreter (it fetched it, or had it)."""
    return web_bytecode.intact(web_bytecode.cache_dir() / PIN.name, PIN)


def _need_shipped_312(web_dir: Path) -> None:
    if "cpython-312" not in check(web_dir).bytecode:
        assert not _pinned_is_here(), "the pinned interpreter is here but the build shipped no 3.12 bytecode"
        pytest.skip(f"pyodide@{PIN.release} could not be fetched here: the build ships no bytecode")


def _native_python312() -> str:
    """Any CPython 3.12 of this machine (not the pinned one): pygbag's 3.12 is another
    patch release, so the pycs must load in any 3.12."""
    found = [shutil.which("python3.12")] + sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.12.*/bin/python3.12")))
    for python in filter(None, found):
        tag = subprocess.run([python, "-c", "import sys; print(sys.implementation.cache_tag)"],
                             capture_output=True, text=True, timeout=60)
        if tag.returncode == 0 and tag.stdout.strip() == "cpython-312":
            return python
    pytest.skip("no native Python 3.12 here to load the pycs with")


def _unpack(web_dir: Path, dest: Path) -> Path:
    with tarfile.open(web_dir / f"{NAME}.tar.gz", "r:gz") as tar:
        tar.extractall(dest, **({"filter": "tar"} if hasattr(tarfile, "tar_filter") else {}))  # 3.11.4+
    return dest / "assets"


def _import(python: str, app: Path, module: str) -> subprocess.CompletedProcess:
    code = f"import sys; sys.dont_write_bytecode = True; import {module} as m; print(m.__cached__)"
    return subprocess.run([python, "-c", code], cwd=app, capture_output=True, text=True, timeout=60)


def test_archive_has_the_bytecode_of_the_start_and_the_first_game_for_the_pages_python_only(web_build, tmp_path):
    """By default the page's Python (3.12) and no other; made whenever the pinned
    interpreter can be had, so a machine's own Pythons and caches change nothing."""
    web_dir, *_ = web_build
    report = check(web_dir)
    assert report.ok, report.problems
    assert set(report.bytecode) <= {"cpython-312"}
    _need_shipped_312(web_dir)
    app = _unpack(web_dir, tmp_path)
    start, game = web_bytecode.start_modules(app), web_bytecode.start_modules(app, game=True)
    assert {"game/ui/app.py", "game/ui/scenes/title.py", WITH_PYC} <= set(start) < set(game)
    assert FIRST_GAME in game and FIRST_GAME not in start
    assert WITHOUT_PYC not in game
    assert report.bytecode["cpython-312"] == sorted(f"assets/{f}" for f in game)
    with tarfile.open(web_dir / f"{NAME}.tar.gz", "r:gz") as tar:
        header = tar.extractfile("assets/game/engine/__pycache__/cards.cpython-312.pyc").read(4)
    assert header == b"\xcb\x0d\x0d\x0a"  # CPython 3.12's magic number (3531), the same in every 3.12


def test_the_start_is_the_same_whatever_the_machines_language(tmp_path, monkeypatch):
    """The probe runs in a fixed environment: a Polish machine's build must not ship the
    Polish table's bytecode instead of the English one."""
    app = tmp_path / NAME
    stage(app, ROOT / "main.py")
    english, game = web_bytecode.start_modules(app), web_bytecode.start_modules(app, game=True)
    for var, value in (("LANG", "pl_PL.UTF-8"), ("LANGUAGE", "pl"), ("G358_LANG", "ru"), ("LC_ALL", "pl_PL.UTF-8")):
        monkeypatch.setenv(var, value)
    assert web_bytecode.start_modules(app) == english and web_bytecode.start_modules(app, game=True) == game
    assert "game/i18n/en.py" in game and "game/i18n/pl.py" not in game


def test_python312_loads_the_shipped_bytecode_not_the_source(web_build, tmp_path):
    _need_shipped_312(web_build[0])
    python = _native_python312()
    app = _unpack(web_build[0], tmp_path)
    for rel in (WITH_PYC, WITHOUT_PYC):
        (app / rel).write_bytes(BROKEN)
    loaded = _import(python, app, "game.engine.cards")
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.strip().endswith("game/engine/__pycache__/cards.cpython-312.pyc")
    compiled = _import(python, app, "game.records.library")
    assert compiled.returncode != 0 and "compiled from the source" in compiled.stderr


def test_a_new_build_never_keeps_old_bytecode(web_build, tmp_path):
    """The staging copy is made afresh at each build: bytecode an earlier build left there
    never reaches the next archive; what is made is the shipped pyc of the source."""
    _need_shipped_312(web_build[0])
    app = tmp_path / NAME
    stage(app, ROOT / "main.py")
    stale = app / "game/engine/__pycache__/cards.cpython-312.pyc"
    stale.parent.mkdir()
    stale.write_bytes(b"\xcb\x0d\x0d\x0a\x01\0\0\0" + b"old" * 20)

    stage(app, ROOT / "main.py")  # the next build
    assert not stale.exists()
    pycs = web_bytecode.make(app, ("3.12",), lambda msg: None)
    assert stale in pycs
    with tarfile.open(web_build[0] / f"{NAME}.tar.gz", "r:gz") as tar:
        shipped = tar.extractfile(f"assets/{stale.relative_to(app).as_posix()}").read()
    assert stale.read_bytes() == shipped


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


def test_harness_build_with_314_passes_and_pyodide_loads_its_bytecode(web_build, tmp_path):
    """`--bytecode 3.12,3.14`, the build for measuring the start in the webcheck harness
    (Pyodide, CPython 3.14 in headless Chromium): both versions' pinned interpreters,
    its own checks pass (each version within its own budget), and the harness takes the
    3.14 pyc."""
    from tests.web.browser_support import need_browser
    from tools.web.build import build
    from tools.web.wasm import PyodidePage

    need_browser()
    web = build(tmp_path / "web", tmp_path / "stage", web_build[1], bytecode=("3.12", "3.14"))
    report = check(web)
    assert report.ok, report.problems
    if "cpython-314" not in report.bytecode:
        pytest.skip("pyodide@314.0.7 could not be fetched here: the build ships no 3.14 bytecode")
    tags = {"cpython-314"} | ({"cpython-312"} if _pinned_is_here() else set())
    assert set(report.parts) == {SOURCES} | tags | {PYGAME_PART + tag for tag in tags}
    with PyodidePage(_doctored(web, tmp_path / "doctored")) as page:
        loaded = page.run("import game.engine.cards as m\nm.__cached__")
        compiled = page.run("import game.records.library")
    assert loaded.endswith("game/engine/__pycache__/cards.cpython-314.pyc"), loaded
    assert compiled.startswith("ERROR") and "compiled from the source" in compiled, compiled


def test_without_the_interpreter_the_build_says_so_ships_none_and_passes(tmp_path):
    """A machine with nothing cached and no way to the registry: the build names what it
    could not make, ships the sources alone, and passes its checks."""
    home = tmp_path / "home"
    home.mkdir()
    env = {"PATH": os.environ["PATH"], "HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           web_bytecode.CACHE_ENV: str(tmp_path / "empty-cache"),
           "npm_config_registry": "http://127.0.0.1:9/", "npm_config_cache": str(tmp_path / "npm")}
    web, status, said = build_elsewhere(tmp_path, env)
    assert status == 0, said
    assert "bytecode 3.12: NONE SHIPPED for Python 3.12" in said and "The build still passes" in said, said
    assert "ECONNREFUSED" in said, said  # npm's own reason
    report = check(web)
    assert report.ok and report.bytecode == {} and set(report.parts) == {SOURCES}, report.problems
    assert not any(m.endswith(".pyc") for m in report.members)
    assert "no bytecode: the runtime compiles the source" in said


# --- the pinned interpreter's fetch, with a stand-in npm (no network) -------------------

FAKE_NPM = """#!/bin/sh
# stands in for npm: `npm pack SPEC --pack-destination DIR ...` copies $FAKE_TGZ there
echo "$@" >> "$FAKE_NPM_LOG"
while [ $# -gt 0 ]; do
  if [ "$1" = "--pack-destination" ]; then cp "$FAKE_TGZ" "$2/$FAKE_NAME"; exit 0; fi
  shift
done
exit 1
"""


def _tarball(path: Path, files: dict[str, bytes], links: dict[str, str]) -> Path:
    with tarfile.open(path, "w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        for name, target in links.items():
            info = tarfile.TarInfo(name)
            info.type, info.linkname = tarfile.SYMTYPE, target
            tar.addfile(info)
    return path


@pytest.fixture
def fake_registry(tmp_path, monkeypatch):
    """A stand-in npm on PATH serving one tarball; returns (pin of that tarball, cache,
    npm's call log)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "npm").write_text(FAKE_NPM)
    (bin_dir / "npm").chmod(0o755)
    tgz = _tarball(tmp_path / "served.tgz", {"package/pyodide.mjs": b"export {}\n",
                                             "package/python_stdlib.zip": b"PK stand-in",
                                             "../evil.txt": b"outside", "/abs.txt": b"absolute"},
                   links={"package/link": "/etc/passwd"})
    pin = web_bytecode.Pin("3.12", "9.9.9", "3.12.99", web_bytecode.npm_integrity(tgz))
    log = tmp_path / "npm.log"
    log.touch()
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("FAKE_TGZ", str(tgz))
    monkeypatch.setenv("FAKE_NAME", f"{pin.name}.tgz")
    monkeypatch.setenv("FAKE_NPM_LOG", str(log))
    return pin, tmp_path / "cache", log


def test_fetched_once_checked_then_reused(fake_registry):
    pin, cache, npm_log = fake_registry
    said = []
    folder = web_bytecode.obtain(pin, cache, said.append)
    assert (folder / "pyodide.mjs").read_bytes() == b"export {}\n"
    assert "pack pyodide@9.9.9" in npm_log.read_text() and any("fetching pyodide@9.9.9" in s for s in said)
    # only regular files inside package/: no link, nothing outside the folder
    assert sorted(p.name for p in folder.iterdir()) == sorted([web_bytecode.MANIFEST, "pyodide.mjs",
                                                                "python_stdlib.zip"])
    assert not (cache / "evil.txt").exists() and not (cache.parent / "evil.txt").exists()
    assert web_bytecode.obtain(pin, cache, said.append) == folder
    assert len(npm_log.read_text().splitlines()) == 1  # the second build did not fetch


def test_a_changed_copy_is_unpacked_again_from_the_checked_tarball(fake_registry):
    pin, cache, npm_log = fake_registry
    folder = web_bytecode.obtain(pin, cache, lambda msg: None)
    (folder / "pyodide.mjs").write_bytes(b"tampered")
    assert not web_bytecode.intact(folder, pin)
    web_bytecode.obtain(pin, cache, lambda msg: None)
    assert (folder / "pyodide.mjs").read_bytes() == b"export {}\n"
    assert len(npm_log.read_text().splitlines()) == 1  # from the cached tarball, not fetched again


def test_a_tarball_that_is_not_the_pinned_one_is_refused(fake_registry):
    pin, cache, _ = fake_registry
    other = web_bytecode.Pin(pin.version, pin.release, pin.python, "sha512-" + "A" * 86 + "==")
    with pytest.raises(web_bytecode.Unavailable, match=r"is not the pinned one"):
        web_bytecode.obtain(other, cache, lambda msg: None)
    assert not (cache / other.name).exists() and not (cache / f"{other.name}.tgz").exists()
    (cache / f"{other.name}.tgz").write_bytes(b"a damaged download")
    said = []
    with pytest.raises(web_bytecode.Unavailable):
        web_bytecode.obtain(other, cache, said.append)
    assert any("is not the pinned tarball" in s for s in said), said


def test_without_node_or_npm_the_version_ships_none_and_says_why(tmp_path, monkeypatch):
    app = tmp_path / NAME
    stage(app, ROOT / "main.py")
    monkeypatch.setenv("PATH", str(tmp_path / "nothing-here"))
    monkeypatch.setenv(web_bytecode.CACHE_ENV, str(tmp_path / "cache"))
    said = []
    assert web_bytecode.make(app, web_bytecode.VERSIONS, said.append) == []
    assert not list(app.rglob("*.pyc"))
    for version in web_bytecode.VERSIONS:
        assert any(f"bytecode {version}: NONE SHIPPED" in s and "node is not on PATH" in s for s in said), said


def test_the_same_sources_reuse_the_interpreters_output_if_unchanged(web_build, tmp_path, monkeypatch):
    """A build of the same sources takes the pycs an earlier build made (no node needed),
    byte for byte those shipped; a stored pyc that changed since is not taken."""
    _need_shipped_312(web_build[0])
    cache = tmp_path / "cache"
    shutil.copytree(web_bytecode.cache_dir() / "bytecode", cache / "bytecode")
    app = tmp_path / NAME
    stage(app, ROOT / "main.py")
    monkeypatch.setenv("PATH", str(tmp_path / "no-node-here"))
    said = []
    pycs = web_bytecode.make(app, ("3.12",), said.append, cache)
    assert any("reused" in s for s in said), said
    with tarfile.open(web_build[0] / f"{NAME}.tar.gz", "r:gz") as tar:
        for pyc in pycs:
            assert pyc.read_bytes() == tar.extractfile(f"assets/{pyc.relative_to(app).as_posix()}").read()

    for stored in (cache / "bytecode").rglob("cards.cpython-312.pyc"):
        data = bytearray(stored.read_bytes())
        data[-2] ^= 0xFF
        stored.write_bytes(bytes(data))
    stage(app, ROOT / "main.py")
    said.clear()
    assert web_bytecode.make(app, ("3.12",), said.append, cache) == []
    assert any("NONE SHIPPED" in s and "node is not on PATH" in s for s in said), said


# pygame's modules `import pygame` loads (the twelve whose compiling was 1.3 s of the start
# with the CPU slowed 10x), among them the largest
PYGAME_START = ("pygame/__init__.py", "pygame/sprite.py", "pygame/colordict.py", "pygame/cursors.py")
# Run by the pinned interpreter: which of the listed sources its import system compiles
# rather than taking their pyc (SourceFileLoader.get_code is what `import` calls).
COMPILED = r"""
import importlib.machinery, json
compiled = []
loader = importlib.machinery.SourceFileLoader
real = loader.source_to_code
loader.source_to_code = lambda self, *a, **k: (compiled.append(self.path), real(self, *a, **k))[1]
for path in json.loads(LIST):
    loader("probe", path).get_code("probe")
json.dumps(compiled)
"""


def test_archive_has_pygames_start_bytecode_checked_and_without_its_source(web_build):
    _need_shipped_312(web_build[0])
    report = check(web_build[0])
    assert report.ok, report.problems
    assert set(PYGAME_START) <= set(report.pygame["cpython-312"]), report.pygame
    assert not [m for m in report.members if m.startswith("assets/pygame_bytecode/") and not m.endswith(".pyc")]


def test_the_pages_python_takes_pygames_bytecode_only_beside_the_same_source(web_build, tmp_path):
    """Beside the source it was made from (the build's pygame-ce, the version the page
    loads), the pinned 3.12 takes each shipped pyc of pygame's instead of compiling; a
    source that differs (another build of pygame in the page) is compiled as before."""
    _need_shipped_312(web_build[0])
    app = _unpack(web_build[0], tmp_path)
    pygame_dir = Path(importlib.util.find_spec("pygame").origin).parent  # found, not imported
    modules = check(web_build[0]).pygame["cpython-312"]
    for rel in modules:
        shutil.copyfile(pygame_dir.parent / rel, app / "pygame_bytecode" / rel)
    sources = json.dumps([f"pygame_bytecode/{rel}" for rel in modules])
    compiler = web_bytecode.find("3.12")
    assert json.loads(compiler.run(app, COMPILED, sources)) == []

    changed = app / "pygame_bytecode/pygame/sprite.py"
    changed.write_bytes(changed.read_bytes() + b"\n# another build of pygame\n")
    assert json.loads(compiler.run(app, COMPILED, sources)) == ["pygame_bytecode/pygame/sprite.py"]
