"""Bytecode for the web archive: `.pyc` files the browser loads instead of compiling the
game's source at every start.

The browser has no lasting `__pycache__`: each start unpacks the archive afresh and
CPython compiles every module it imports (~3.5-4 ms per KB of source with the CPU slowed
4x, about 0.9 s for what the title needs). `.pyc` files are bound to one interpreter
version and each version looks only for its own name (`__pycache__/NAME.cpython-312.pyc`
for pygbag's CPython 3.12, the page; `NAME.cpython-314.pyc` for Pyodide's 3.14, the
webcheck harness), so a runtime without its own compiles the source as before. They are
*unchecked-hash* pycs (PEP 552): never compared with the source's timestamp (the
archive's are all 0) nor its hash. Staleness is the build's job: the staging copy is
made afresh at every build, from the sources only, and compiled there.

Bytecode is ~2.4x the size of its source once gzipped, so only the modules the title's
first frame needs get it, and those the warm-up loads for the first game (the new-game
screen, the table, the computer players, the score sheet: `warmup.FIRST_GAME_PARTS`),
whose compiling in the page was one task of 100-250 ms each on a cheap phone (CPU slowed
10x) in the new-game screen's frames and the first deal's (`start_modules`: found by
running the staged game natively, headless, in a fixed environment, up to that frame,
then importing those). The menus' own modules (records, analysis, statistics) are
compiled in the page, a module a frame, while a menu shows.

pygame-ce's wheel for the page carries its Python modules as source only, so the start
compiled the twelve `import pygame` loads too (175 KB of source: 1.3 s of the start with
the CPU slowed 10x). The build compiles the same modules of its own pygame-ce (the version
the page loads, from PyPI) into `pygame_bytecode/pygame/__pycache__/`, without their
source, as *checked-hash* pycs: CPython takes one only while the runtime's source has the
hash it was made from, so a module the page's wheel changed is compiled as before.
main.py copies them into pygame's package before importing it (game/web/pygame_bytecode.py).

What ships must not depend on the machine that builds it, so each version's bytecode is
made by one pinned interpreter: the CPython inside a pinned release of the npm package
`pyodide` (PINS), run under node. The build fetches it itself (`npm pack`) into its own
cache folder (build/cache, or G358_WEB_CACHE), accepts the tarball only with the pinned
sha512, and afterwards reuses the unpacked copy after checking every file against the
list made from that tarball. A native python3.12 is never used: 3.12.1 and 3.12.7 write
different bytes for the same source (both load in any 3.12). When the interpreter cannot
be had (no node or npm, no network, a tarball that fails the check), the build says so
and ships that version without bytecode; see docs/WEB_BUILD.md.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from game.web.pygame_bytecode import SHIPPED as PYGAME_SHIPPED  # pygame's pycs: PYGAME_SHIPPED/pygame/__pycache__/...

ROOT = Path(__file__).resolve().parents[2]
VERSIONS = ("3.12", "3.14")
# The page's runtime (pygbag 0.9.3) is CPython 3.12; 3.14 is only the webcheck harness's.
DEFAULT_VERSIONS = ("3.12",)
TIMEOUT_S = 300
NPM_TIMEOUT_S = 600
CACHE_ENV = "G358_WEB_CACHE"
MANIFEST = ".g358-files.json"  # in an unpacked copy: the tarball's sha512, each file's sha256


@dataclass(frozen=True)
class Pin:
    """The one interpreter that makes a version's bytecode: a release of npm's `pyodide`."""

    version: str  # the bytecode's Python version, "3.12"
    release: str  # the npm package's version, "0.27.7"
    python: str  # the CPython inside it, checked when it runs
    integrity: str  # the tarball's sha512 as npm writes it (npm view pyodide@R dist.integrity)

    @property
    def name(self) -> str:
        return f"pyodide-{self.release}"

    @property
    def tag(self) -> str:
        return "cpython-" + self.version.replace(".", "")


PINS = {
    # the last Pyodide on CPython 3.12 (0.28 moved to 3.13)
    "3.12": Pin("3.12", "0.27.7", "3.12.7",
                "sha512-RUSVJlhQdfWfgO9hVHCiXoG+nVZQRS5D9FzgpLJ/VcgGBLSAKoPL8kTiOikxbHQm1kRISeWUBdulEgO26qpSRA=="),
    # the release the webcheck harness runs (its setup.sh)
    "3.14": Pin("3.14", "314.0.7", "3.14.2",
                "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="),
}


class Unavailable(Exception):
    """The pinned interpreter cannot be had here; the message says why."""


# Run by the pinned interpreter with the app folder as its working directory: compiles the
# listed sources (relative POSIX paths, each with whether it is checked) to their cache
# paths: the game's as unchecked-hash pycs, pygame's as checked-hash ones.
COMPILE = r"""
import importlib.util, json, platform, py_compile, sys
files = json.loads(LIST)
modes = {False: py_compile.PycInvalidationMode.UNCHECKED_HASH, True: py_compile.PycInvalidationMode.CHECKED_HASH}
done = [py_compile.compile(f, cfile=importlib.util.cache_from_source(f), dfile=f,
                           doraise=True, invalidation_mode=modes[checked]) for f, checked in files]
json.dumps({"tag": sys.implementation.cache_tag, "python": platform.python_version(), "pycs": done})
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
process.stdout.write("\n" + py.runPython(code) + "\n");
"""

# Run by the build's own Python in the staged app folder: the game's modules loaded by
# the time the title's first frame is presented (headless, an empty data folder), and
# pygame's own Python modules loaded by then (relative to pygame's folder).
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
if sys.argv[1:] == ["--game"]:  # and what the warm-up loads for the first game (warmup.FIRST_GAME_PARTS)
    import importlib
    from game.ui.loop import warmup
    for name in warmup.FIRST_GAME_PARTS:
        importlib.import_module(name)
def loaded(folder):
    return sorted({os.path.relpath(m.__file__, folder) for m in list(sys.modules.values())
                   if getattr(m, "__file__", None) and os.path.abspath(m.__file__).startswith(folder + os.sep)
                   and m.__file__.endswith(".py")})
import pygame
pygame_dir = os.path.dirname(os.path.abspath(pygame.__file__))
print(json.dumps({"game": loaded(os.getcwd()), "pygame_dir": pygame_dir, "pygame": loaded(pygame_dir)}))
"""


def cache_dir() -> Path:
    """Where the build keeps what it fetches: G358_WEB_CACHE, else build/cache."""
    return Path(os.environ.get(CACHE_ENV) or ROOT / "build" / "cache").resolve()


def npm_integrity(path: Path) -> str:
    """A file's sha512 written the way npm's `integrity` field is."""
    digest = hashlib.sha512()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return "sha512-" + base64.b64encode(digest.digest()).decode()


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def intact(folder: Path, pin: Pin) -> bool:
    """True when folder is pin's tarball unpacked and unchanged since (every file listed
    in its manifest, with the same sha256; the manifest made from the checked tarball)."""
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        files = manifest["files"]
        return manifest["integrity"] == pin.integrity and bool(files) and all(
            _sha256(folder / rel) == digest for rel, digest in files.items())
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False


def _npm_pack(pin: Pin, cache: Path, log) -> Path:
    """Fetch pin's tarball with npm into cache; returns its path once its sha512 is pin's."""
    npm = shutil.which("npm")
    if not npm:
        raise Unavailable("npm is not on PATH")
    log(f"bytecode {pin.version}: fetching pyodide@{pin.release} (CPython {pin.python}, ~6 MB)"
        f" with npm into {cache}")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix=".fetch-", dir=cache) as tmp:
        # few, short retries: an offline machine gives up in seconds, not minutes
        cmd = [npm, "pack", f"pyodide@{pin.release}", "--pack-destination", tmp, "--ignore-scripts",
               "--loglevel=error", "--fetch-retries=2", "--fetch-retry-mintimeout=1000",
               "--fetch-retry-maxtimeout=5000"]
        env = {**os.environ, "npm_config_update_notifier": "false", "npm_config_fund": "false",
               "npm_config_audit": "false"}
        try:
            done = subprocess.run(cmd, cwd=tmp, env=env, capture_output=True, text=True,
                                  stdin=subprocess.DEVNULL, timeout=NPM_TIMEOUT_S)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise Unavailable(f"npm pack pyodide@{pin.release} did not finish: {exc}") from None
        fetched = Path(tmp) / f"{pin.name}.tgz"
        if done.returncode != 0 or not fetched.is_file():
            raise Unavailable(f"npm pack pyodide@{pin.release} failed (exit {done.returncode}): {_npm_reason(done)}")
        got = npm_integrity(fetched)
        if got != pin.integrity:
            raise Unavailable(f"npm's pyodide@{pin.release} is not the pinned one (sha512 {got[:24]}...,"
                              f" pinned {pin.integrity[:24]}...); not used")
        target = cache / f"{pin.name}.tgz"
        os.replace(fetched, target)
    log(f"bytecode {pin.version}: fetched and checked {target.stat().st_size / 1e6:.1f} MB"
        f" in {time.perf_counter() - started:.1f} s")
    return target


def _npm_reason(done: subprocess.CompletedProcess) -> str:
    """npm's own words for a failure, in one line (its FetchError says what was refused)."""
    lines = [line[len("npm error"):].strip() for line in done.stderr.splitlines() if line.startswith("npm error")]
    lines = [line for line in lines if line]
    reason = next((line for line in lines if line.startswith(("FetchError", "404"))), None)
    return reason or "; ".join(lines[:2]) or (done.stdout + done.stderr).strip()[-300:] or "no message"


def _unpack(tarball: Path, folder: Path, pin: Pin) -> None:
    """Unpack the checked tarball's package/ into folder, with the manifest `intact` reads.
    Only regular files are taken, and only inside package/."""
    with tempfile.TemporaryDirectory(prefix=".unpack-", dir=folder.parent) as tmp:
        fresh = Path(tmp) / "package"
        files = {}
        with tarfile.open(tarball, "r:gz") as tar:
            for member in tar.getmembers():
                parts = PurePosixPath(member.name).parts
                if not member.isfile() or len(parts) < 2 or parts[0] != "package" or \
                        any(p in ("", ".", "..") for p in parts) or member.name.startswith("/"):
                    continue
                rel = "/".join(parts[1:])
                data = tar.extractfile(member).read()
                (fresh / rel).parent.mkdir(parents=True, exist_ok=True)
                (fresh / rel).write_bytes(data)
                files[rel] = hashlib.sha256(data).hexdigest()
        if "pyodide.mjs" not in files:
            raise Unavailable(f"{tarball.name} holds no package/pyodide.mjs")
        (fresh / MANIFEST).write_text(json.dumps({"integrity": pin.integrity, "files": files}, indent=0),
                                      encoding="utf-8")
        if intact(folder, pin):  # another build got there first
            return
        if folder.exists():
            os.replace(folder, Path(tmp) / "old")  # removed with tmp
        os.replace(fresh, folder)


def obtain(pin: Pin, cache: Path, log) -> Path:
    """pin's Pyodide unpacked in cache, fetched and checked if it is not there already."""
    folder = cache / pin.name
    if intact(folder, pin):
        return folder
    try:
        cache.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise Unavailable(f"cannot create the cache folder {cache}: {exc}") from None
    tarball = cache / f"{pin.name}.tgz"
    if not (tarball.is_file() and npm_integrity(tarball) == pin.integrity):
        if tarball.is_file():
            log(f"bytecode {pin.version}: {tarball} is not the pinned tarball; fetching it again")
        tarball = _npm_pack(pin, cache, log)
    try:
        _unpack(tarball, folder, pin)
    except (OSError, tarfile.TarError, EOFError) as exc:
        raise Unavailable(f"cannot unpack {tarball}: {exc}") from None
    if not intact(folder, pin):
        raise Unavailable(f"{folder} does not match its tarball after unpacking")
    return folder


@dataclass
class Compiler:
    """One version's pinned interpreter, ready to run."""

    pin: Pin
    folder: Path  # the unpacked package
    node: str

    @property
    def how(self) -> str:
        return f"Pyodide {self.pin.release} (CPython {self.pin.python}) under node"

    def run(self, app_dir: Path, code: str, data: str) -> str:
        """Run code in the pinned interpreter with app_dir as its working directory and the
        text data as LIST; returns the value of its last line, as text."""
        with tempfile.TemporaryDirectory(prefix="358-pyodide-") as tmp:
            script = Path(tmp) / "run.mjs"
            script.write_text(PYODIDE_JS, encoding="utf-8")
            mjs = (self.folder / "pyodide.mjs").as_uri()
            args = [self.node, str(script), mjs, str(self.folder) + "/", str(app_dir.resolve()), code, data]
            out = subprocess.run(args, cwd=app_dir, capture_output=True, text=True, timeout=TIMEOUT_S,
                                 stdin=subprocess.DEVNULL)
        if out.returncode != 0:
            raise RuntimeError(f"{self.how} failed (exit {out.returncode}): {out.stderr.strip()[-1500:]}")
        return out.stdout.strip().splitlines()[-1]

    def compile(self, app_dir: Path, files: list[str], checked: tuple[str, ...] = ()) -> list[Path]:
        """Write the pycs of files (relative to app_dir) next to them, checked-hash for those
        in checked, unchecked-hash for the others; returns their paths."""
        result = json.loads(self.run(app_dir, COMPILE, json.dumps([[f, f in checked] for f in files])))
        if (result["tag"], result["python"]) != (self.pin.tag, self.pin.python):
            raise RuntimeError(f"{self.how} is {result['tag']} {result['python']},"
                               f" not {self.pin.tag} {self.pin.python}")
        return [app_dir / p for p in result["pycs"]]


def find(version: str, cache: Path | None = None, log=lambda msg: None) -> Compiler:
    """version's pinned interpreter, fetched into cache if need be; Unavailable if it
    cannot be had here."""
    pin = PINS[version]
    node = shutil.which("node")
    if not node:
        raise Unavailable("node is not on PATH")
    return Compiler(pin, obtain(pin, cache or cache_dir(), log), node)


def probe_env(data: str) -> dict[str, str]:
    """The start probe's whole environment: nothing of the machine's that could change
    which modules the start imports (language, launch parameters, data folders)."""
    env = {"PATH": os.environ.get("PATH", os.defpath), "HOME": data, "LANG": "C", "LC_ALL": "C",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "THREE_FIVE_EIGHT_DATA": data,
           "THREE_FIVE_EIGHT_RECORDS": data, "PYTHONDONTWRITEBYTECODE": "1", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    if os.environ.get("SYSTEMROOT"):  # Windows' Python cannot start without it
        env["SYSTEMROOT"] = os.environ["SYSTEMROOT"]
    return env


@dataclass(frozen=True)
class Start:
    """What the staged game loads by the title's first frame (and the first game's)."""

    game: list[str]  # its own sources, relative POSIX paths; main.py left out (pygbag runs it from source)
    pygame_dir: Path  # the build's own pygame package
    pygame: list[str]  # pygame's Python modules loaded, relative to pygame_dir


def probe(app_dir: Path, game: bool = False) -> Start:
    """Run the staged game natively and headless up to the title's first frame. `game`:
    with what the warm-up loads for the first game too (the new-game screen, the table,
    the computer players, the score sheet)."""
    with tempfile.TemporaryDirectory(prefix="358probe-") as data:
        out = subprocess.run([sys.executable, "-c", START_PROBE, *(["--game"] if game else [])], cwd=app_dir,
                             env=probe_env(data), capture_output=True, text=True, timeout=TIMEOUT_S,
                             stdin=subprocess.DEVNULL)
    if out.returncode != 0:
        raise RuntimeError(f"the start probe failed: {out.stderr.strip()[-1500:]}")
    found = json.loads(out.stdout.strip().splitlines()[-1])
    return Start([Path(f).as_posix() for f in found["game"] if Path(f).as_posix() != "main.py"],
                 Path(found["pygame_dir"]), [Path(f).as_posix() for f in found["pygame"]])


def start_modules(app_dir: Path, game: bool = False) -> list[str]:
    """The staged game's sources (relative POSIX paths) loaded when the title's first frame
    is presented (`game`: and by the first game), natively and headless."""
    return probe(app_dir, game).game


def stage_pygame(app_dir: Path, start: Start) -> list[str]:
    """Copy the build's own sources of pygame's modules the start loads to where their
    bytecode ships (PYGAME_SHIPPED/pygame/..., beside main.py); returns their paths relative
    to app_dir. The build's pygame is PyPI's pygame-ce of the same version as the page's,
    whose modules have, but for one or two, the same source: a pyc whose source differs
    in the page is simply not used (checked-hash)."""
    staged = []
    for rel in start.pygame:
        target = app_dir / PYGAME_SHIPPED / "pygame" / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(start.pygame_dir / rel, target)
        staged.append(target.relative_to(app_dir).as_posix())
    return staged


def unstage_pygame(app_dir: Path) -> None:
    """Remove pygame's staged sources, keeping their bytecode: the archive carries no
    second copy of pygame."""
    for source in (app_dir / PYGAME_SHIPPED).rglob("*.py"):
        source.unlink()


def _output_key(pin: Pin, app_dir: Path, files: list[str]) -> str:
    """Everything the pycs are made from: the interpreter, the compiling code, each
    source's path and bytes. The same key gives the same pycs (tests/web check it)."""
    digest = hashlib.sha256(json.dumps([pin.integrity, COMPILE, PYODIDE_JS]).encode())
    for rel in files:
        digest.update(rel.encode() + b"\0" + hashlib.sha256((app_dir / rel).read_bytes()).digest())
    return digest.hexdigest()[:32]


def _reuse(folder: Path, app_dir: Path) -> list[Path] | None:
    """The pycs an earlier build made from the same key, copied into app_dir, if each
    still has the sha256 it was stored with."""
    try:
        index = json.loads((folder / "pycs.json").read_text(encoding="utf-8"))
        blobs = {rel: (folder / rel).read_bytes() for rel in index}
    except (OSError, ValueError, TypeError):
        return None
    if not blobs or any(hashlib.sha256(data).hexdigest() != index[rel] for rel, data in blobs.items()):
        return None
    for rel, data in blobs.items():
        (app_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        (app_dir / rel).write_bytes(data)
    os.utime(folder)  # recently used: kept by _store's pruning
    return [app_dir / rel for rel in blobs]


def _store(outputs: Path, key: str, app_dir: Path, pycs: list[Path], keep: int = 6) -> None:
    """Keep pycs under outputs/key for the next build of the same sources; only the keep
    most recently used keys stay."""
    try:
        outputs.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix=".store-", dir=outputs) as tmp:
            index = {}
            for path in pycs:
                rel = path.relative_to(app_dir).as_posix()
                data = path.read_bytes()
                (Path(tmp) / "new" / rel).parent.mkdir(parents=True, exist_ok=True)
                (Path(tmp) / "new" / rel).write_bytes(data)
                index[rel] = hashlib.sha256(data).hexdigest()
            (Path(tmp) / "new" / "pycs.json").write_text(json.dumps(index, indent=0), encoding="utf-8")
            if (outputs / key).exists():
                os.replace(outputs / key, Path(tmp) / "old")
            os.replace(Path(tmp) / "new", outputs / key)
        kept = sorted((d for d in outputs.iterdir() if d.is_dir() and not d.name.startswith(".")),
                      key=lambda d: d.stat().st_mtime, reverse=True)
        for old in kept[keep:]:
            shutil.rmtree(old, ignore_errors=True)
    except OSError:
        pass  # a cache that cannot be written costs the next build time, nothing else


def make(app_dir: Path, versions, log, cache: Path | None = None) -> list[Path]:
    """Bytecode of the modules of the start and the first game, and of pygame's modules
    they load, for each version whose pinned interpreter can be had; returns the pycs
    written (under app_dir). Never stops the build: a version that cannot be made is named
    in the log, with the reason, and ships without bytecode.
    What the interpreter made for the same sources before is taken from the cache
    (cache/bytecode/pyodide-R/KEY) instead of running it again."""
    cache = cache or cache_dir()
    versions = [v for v in versions if v]
    if not versions:
        log("bytecode: none asked for; the runtime compiles the source")
        return []
    try:
        start = probe(app_dir, game=True)
    except (RuntimeError, OSError, ValueError, KeyError, subprocess.TimeoutExpired) as exc:
        log(f"bytecode: NONE SHIPPED, the modules of the start and the first game are unknown ({exc})")
        return []
    pygame_files = stage_pygame(app_dir, start)
    try:
        return [pyc for version in versions for pyc in _make_version(version, app_dir, start.game, pygame_files,
                                                                      cache, log)]
    finally:
        unstage_pygame(app_dir)


def _make_version(version: str, app_dir: Path, files: list[str], pygame_files: list[str], cache: Path,
                  log) -> list[Path]:
    """One version's pycs (see make); [] when its interpreter cannot be had."""
    pin = PINS[version]
    every = files + pygame_files
    outputs, key = cache / "bytecode" / pin.name, _output_key(pin, app_dir, every)
    made = _reuse(outputs / key, app_dir)
    how = f"Pyodide {pin.release} (CPython {pin.python}), reused: the same sources as an earlier build"
    if made is None:
        try:
            compiler = find(version, cache, log)
            made = compiler.compile(app_dir, every, checked=tuple(pygame_files))
        except (Unavailable, RuntimeError, OSError, ValueError, subprocess.TimeoutExpired) as exc:
            log(f"bytecode {version}: NONE SHIPPED for Python {version}: its pinned interpreter"
                f" (pyodide@{pin.release}) cannot be had here: {exc}."
                f" The build still passes; that runtime compiles the source at each start.")
            return []
        how = compiler.how
        _store(outputs, key, app_dir, made)
    ours = [p for p in made if p.relative_to(app_dir).parts[0] != PYGAME_SHIPPED]
    pygame_pycs = [p for p in made if p not in ours]

    def kb(paths):
        return f"{sum(p.stat().st_size for p in paths) / 1024:.0f} KB"

    log(f"bytecode {version}: {len(ours)} modules of the start and the first game, {kb(ours)},"
        f" and {len(pygame_pycs)} of pygame's, {kb(pygame_pycs)}, by {how}")
    return made
