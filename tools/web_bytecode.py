"""Bytecode for the web archive (issue 13, the start): `.pyc` files the browser can load
instead of compiling the game's source at every start.

The browser has no lasting `__pycache__`: each start unpacks the archive afresh and
CPython compiles every module it imports (~3.5-4 ms per KB of source with the CPU slowed
4x, about 0.9 s for what the title needs). `.pyc` files are bound to one interpreter
version, but each version looks only for its own name (`__pycache__/NAME.cpython-312.pyc`
for pygbag's CPython 3.12, the real page; `NAME.cpython-314.pyc` for Pyodide's 3.14, the
webcheck harness), so both can sit side by side, and a runtime with neither compiles the
source as before. They are *unchecked-hash* pycs (PEP 552): never compared with the
source's timestamp (the archive's are all 0) nor its hash (saving a read and a hash per
import). Staleness is the build's job: the staging copy is made afresh at every build,
from the sources only (no `__pycache__` is copied), and compiled there.

Bytecode is ~2.4x the size of its source once gzipped, so only the modules the title's
first frame needs get it (`start_modules`: found by running the staged game natively,
headless, up to that frame); the rest are imported while the title waits.

Each version is made by an interpreter of that version, when one is found (`find`):
3.12 by a native `python3.12` (PATH, pyenv, or G358_PYTHON312); 3.14 by a native
`python3.14` (or G358_PYTHON314) or else by Pyodide's 3.14 run under node (the copy the
webcheck harness installs, ~/.cache/webcheck/pyodide-*, or G358_PYODIDE). A version with
no interpreter is left out, and the build says so.
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

VERSIONS = ("3.12", "3.14")
TIMEOUT_S = 300

# Run by the compiling interpreter with the app folder as its working directory: compiles
# the listed sources (relative POSIX paths) to their cache paths as unchecked-hash pycs.
COMPILE = r"""
import importlib.util, json, py_compile, sys
files = json.loads(LIST if "LIST" in globals() else sys.argv[1])
mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
done = [py_compile.compile(f, cfile=importlib.util.cache_from_source(f), dfile=f,
                           doraise=True, invalidation_mode=mode) for f in files]
print(json.dumps({"tag": sys.implementation.cache_tag, "pycs": done}))
"""

# node script: Pyodide with the app folder mounted at /app, running COMPILE there.
PYODIDE_JS = r"""
const [mjs, indexURL, app, code, list] = process.argv.slice(2);
const { loadPyodide } = await import(mjs);
const py = await loadPyodide({ indexURL });
py.FS.mkdirTree("/app");
py.FS.mount(py.FS.filesystems.NODEFS, { root: app }, "/app");
py.FS.chdir("/app");
py.globals.set("LIST", list);
process.stdout.write("\n" + py.runPython(code.replace("print(json.dumps", "(json.dumps")) + "\n");
"""

# Run by the build's own Python in the staged app folder: the game's modules loaded by
# the time the title's first frame is presented (headless, an empty data folder).
START_PROBE = r"""
import json, os, sys
sys.path.insert(0, os.getcwd())
sys.dont_write_bytecode = True
import main
main.launch_params()
from game.ui.app import App
from game import perf
app = App(params={})
steps = 0
while perf.first_frame() is None and steps < 600:
    app.step()
    steps += 1
here = os.getcwd()
files = sorted({os.path.relpath(m.__file__, here) for m in list(sys.modules.values())
                if getattr(m, "__file__", None) and os.path.abspath(m.__file__).startswith(here + os.sep)
                and m.__file__.endswith(".py")})
print(json.dumps(files))
"""


@dataclass
class Compiler:
    """One way to make one version's bytecode."""

    version: str
    how: str  # for the build's log
    command: list[str]  # run with the COMPILE code and the file list appended
    pyodide: bool = False

    def compile(self, app_dir: Path, files: list[str]) -> list[Path]:
        """Write the pycs of files (relative to app_dir) next to them; returns their paths."""
        listing = json.dumps(files)
        args = self.command + ([str(app_dir), COMPILE, listing] if self.pyodide else ["-c", COMPILE, listing])
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
        out = subprocess.run(args, cwd=app_dir, env=env, capture_output=True, text=True, timeout=TIMEOUT_S)
        if out.returncode != 0:
            raise RuntimeError(f"{self.how} failed (exit {out.returncode}): {out.stderr.strip()[-1500:]}")
        result = json.loads(out.stdout.strip().splitlines()[-1])
        tag = "cpython-" + self.version.replace(".", "")
        if result["tag"] != tag:
            raise RuntimeError(f"{self.how} is {result['tag']}, not {tag}")
        return [app_dir / p for p in result["pycs"]]


def _native_tag(python: str) -> str | None:
    try:
        out = subprocess.run([python, "-c", "import sys; print(sys.implementation.cache_tag)"],
                             capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def _native(version: str) -> Compiler | None:
    digits = version.replace(".", "")
    tag = f"cpython-{digits}"
    candidates = [os.environ.get(f"G358_PYTHON{digits}"), shutil.which(f"python{version}")]
    if sys.implementation.cache_tag == tag:
        candidates.insert(1, sys.executable)
    candidates += sorted(glob.glob(os.path.expanduser(f"~/.pyenv/versions/{version}.*/bin/python{version}")),
                         reverse=True)
    for python in filter(None, candidates):
        if _native_tag(python) == tag:
            return Compiler(version, f"python{version} ({python})", [python])
    return None


def _pyodide(version: str) -> Compiler | None:
    node = shutil.which("node")
    if not node:
        return None
    dirs = [os.environ.get("G358_PYODIDE")] + sorted(
        glob.glob(os.path.expanduser("~/.cache/webcheck/pyodide-*")), reverse=True)
    for d in filter(None, dirs):
        mjs = Path(d) / "pyodide.mjs"
        if mjs.is_file() and version == "3.14":  # the webcheck harness's Pyodide is 3.14
            script = Path(tempfile.gettempdir()) / "g358_pyodide_compile.mjs"
            script.write_text(PYODIDE_JS, encoding="utf-8")
            return Compiler(version, f"Pyodide under node ({d})",
                            [node, str(script), mjs.resolve().as_uri(), str(Path(d).resolve()) + "/"], pyodide=True)
    return None


def find(version: str) -> Compiler | None:
    """An interpreter that makes version's bytecode, or None."""
    return _native(version) or _pyodide(version)


def start_modules(app_dir: Path) -> list[str]:
    """The staged game's sources (relative POSIX paths) loaded when the title's first frame
    is presented, natively and headless; main.py is left out (pygbag runs it from source)."""
    with tempfile.TemporaryDirectory(prefix="358probe-") as data:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "THREE_FIVE_EIGHT_DATA": data, "PYTHONDONTWRITEBYTECODE": "1",
               "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        env.pop("G358_PERF", None)
        out = subprocess.run([sys.executable, "-c", START_PROBE], cwd=app_dir, env=env,
                             capture_output=True, text=True, timeout=TIMEOUT_S)
    if out.returncode != 0:
        raise RuntimeError(f"the start probe failed: {out.stderr.strip()[-1500:]}")
    files = json.loads(out.stdout.strip().splitlines()[-1])
    return [Path(f).as_posix() for f in files if Path(f).as_posix() != "main.py"]


def make(app_dir: Path, versions, log) -> list[Path]:
    """Bytecode of the start's modules for each version with an interpreter; returns the
    pycs written (under app_dir). Never stops the build: what cannot be made is logged."""
    versions = [v for v in versions if v]
    if not versions:
        return []
    try:
        files = start_modules(app_dir)
    except (RuntimeError, OSError, ValueError, subprocess.TimeoutExpired) as exc:
        log(f"bytecode: left out, the modules of the start are unknown ({exc})")
        return []
    pycs = []
    for version in versions:
        compiler = find(version)
        if compiler is None:
            log(f"bytecode {version}: no Python {version} found (python{version}, pyenv,"
                f" G358_PYTHON{version.replace('.', '')}{', Pyodide and node' if version == '3.14' else ''});"
                f" shipped without it (that runtime compiles the source)")
            continue
        try:
            made = compiler.compile(app_dir, files)
        except (RuntimeError, OSError, ValueError, subprocess.TimeoutExpired) as exc:
            log(f"bytecode {version}: shipped without it: {exc}")
            continue
        log(f"bytecode {version}: {len(made)} modules of the start, {sum(p.stat().st_size for p in made) / 1024:.0f} KB,"
            f" by {compiler.how}")
        pycs += made
    return pycs


def add_to_archives(tar_gz: Path, apk: Path, app_dir: Path, pycs: list[Path]) -> None:
    """Add pycs (under app_dir) to pygbag's two archives, as assets/REL like the sources,
    with fixed times (the service worker's build id is a digest of both archives).
    pygbag itself never packs .pyc files (its filter skips them)."""
    if not pycs:
        return
    names = [(p, "assets/" + p.relative_to(app_dir).as_posix()) for p in sorted(pycs)]
    tmp = tar_gz.with_name(tar_gz.name + ".tmp")
    with tarfile.open(tar_gz, "r:gz") as old, tarfile.open(tmp, "w:gz", compresslevel=9) as new:
        for member in old.getmembers():
            new.addfile(member, old.extractfile(member) if member.isfile() else None)
        for path, name in names:
            info = tarfile.TarInfo(name)  # like pygbag's members: mode 644, mtime 0
            info.size = path.stat().st_size
            with open(path, "rb") as data:
                new.addfile(info, data)
    tmp.replace(tar_gz)
    with zipfile.ZipFile(apk, "a", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path, name in names:  # a fixed date: the same sources give the same build id
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type, info.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
            zf.writestr(info, path.read_bytes(), compresslevel=9)
