"""Run the built game's Python code in Pyodide (WebAssembly CPython) inside headless Chromium.

    python -m tools.web.wasm [build/web] [--seed 7] [--strength normal] [--timing hard]

Unpacks build/web/NAME.tar.gz in the browser the way pygbag's loader does (under
/data/data/NAME/assets, made the working directory and the head of sys.path), then plays
seeded matches with tests/web/wasm_match.py and prints the results as JSON: the
engine and computer players on WebAssembly, and the decision times of the hard player.
pygame is not loaded: its WebAssembly wheel comes only from pygbag's CDN (see the
webcheck harness, shared/webcheck, for the full game with a locally supplied wheel).

Needs Debian's chromium, the playwright package and Pyodide 314.0.7 from npm in
$WEBCHECK_CACHE (default ~/.cache/webcheck): `ensure_env()` installs what is missing with
the harness's setup.sh. The harness is looked for by `find_webcheck()`: $WEBCHECK_DIR,
then shared/webcheck beside the repository or any folder above it (a main checkout at
X/main and a worktree at X/wt/NAME both find X/shared/webcheck).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_VERSION = "314.0.7"
HARNESS_FILES = ("run.py", "setup.sh")
MATCH_SCRIPT = ROOT / "tests" / "web" / "wasm_match.py"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>3-5-8 engine in Pyodide</title></head>
<body>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const t0 = performance.now();
window.timings = {};
window.out = [];
window.state = "loading";
try {
  window.py = await loadPyodide({ indexURL: "./pyodide/",
    stdout: (s) => window.out.push(s), stderr: (s) => window.out.push(s) });
  window.timings.python_ready_ms = Math.round(performance.now() - t0);
  const q = new URLSearchParams(location.search);
  const data = new Uint8Array(await (await fetch("./web/" + q.get("archive"))).arrayBuffer());
  window.py.FS.writeFile("/tmp/app.tar.gz", data);
  window.archive_bytes = data.length;
  await window.py.runPythonAsync(`
import os, sys, tarfile
name = ${JSON.stringify(new URLSearchParams(location.search).get("archive"))}.rsplit(".", 2)[0]
appdir = f"/data/data/{name}"
os.makedirs(appdir, exist_ok=True)
with tarfile.open("/tmp/app.tar.gz", "r:gz") as t:
    t.extractall(appdir, filter="tar")
os.chdir(f"{appdir}/assets")
sys.path.insert(0, f"{appdir}/assets")
`);
  window.timings.app_unpacked_ms = Math.round(performance.now() - t0);
  window.state = "ready";
} catch (e) {
  window.state = "failed";
  window.out.push(String(e));
}
</script>
</body></html>
"""


def driver_source() -> str:
    """The click driver (tests/web/webcheck_driver.py) as a webcheck "py" step: it defines
    main._web_drive(goal) and main._web_press(widget name)."""
    return (ROOT / "tests" / "web" / "webcheck_driver.py").read_text(encoding="utf-8").replace("import main\n", "")


def cache_dir() -> Path:
    return Path(os.environ.get("WEBCHECK_CACHE", str(Path.home() / ".cache" / "webcheck")))


def pyodide_dir() -> Path:
    return cache_dir() / f"pyodide-{PYODIDE_VERSION}"


def missing() -> list[str]:
    """What is not installed yet (empty: ready)."""
    gaps = []
    if not shutil.which("chromium"):
        gaps.append("chromium")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        gaps.append("playwright")
    if not (pyodide_dir() / "pyodide.asm.mjs").is_file():
        gaps.append(f"Pyodide {PYODIDE_VERSION} in {cache_dir()}")
    return gaps


class HarnessNotFound(FileNotFoundError):
    """The webcheck harness is not where we looked; the message says where and what to set."""


def webcheck_places(root: Path = ROOT, explicit: str | os.PathLike | None = None) -> list[tuple[str, Path]]:
    """Where the harness may be, in order: (how it was named, folder)."""
    places = []
    if explicit:
        places.append(("--webcheck", Path(explicit)))
    if os.environ.get("WEBCHECK_DIR"):
        places.append(("$WEBCHECK_DIR", Path(os.environ["WEBCHECK_DIR"])))
    for folder in [root, *root.parents]:
        places.append((f"beside {folder}", folder / "shared" / "webcheck"))
    return places


def find_webcheck(root: Path = ROOT, explicit: str | os.PathLike | None = None) -> Path:
    """The webcheck harness folder (holding run.py and setup.sh). A folder named by
    --webcheck or $WEBCHECK_DIR must be right: it is not silently passed over."""
    looked = []
    for how, folder in webcheck_places(root, explicit):
        lacking = [f for f in HARNESS_FILES if not (folder / f).is_file()]
        if not lacking:
            return folder.resolve()
        if how in ("--webcheck", "$WEBCHECK_DIR"):
            raise HarnessNotFound(f"the webcheck harness named by {how} ({folder}) lacks {', '.join(lacking)}")
        looked.append(str(folder))
    raise HarnessNotFound("the webcheck harness (run.py, setup.sh) was not found; looked in "
                          + ", ".join(looked) + ". Set WEBCHECK_DIR=/path/to/shared/webcheck.")


def webcheck_run_py(tool: str, explicit: str | os.PathLike | None = None) -> Path:
    """The harness's run.py for a command-line tool, or exit naming where it looked."""
    try:
        return find_webcheck(explicit=explicit) / "run.py"
    except HarnessNotFound as exc:
        sys.exit(f"{tool}: {exc}")


def ensure_env(install: bool = True, timeout_s: int = 900) -> str | None:
    """None when ready, else the reason it is not (after trying setup.sh once if allowed)."""
    gaps = missing()
    if not gaps:
        return None
    if not install:
        return "not installed: " + ", ".join(gaps)
    try:
        setup_sh = find_webcheck() / "setup.sh"
    except HarnessNotFound as exc:
        return f"not installed: {', '.join(gaps)}; and {exc}"
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    print(f"web_wasm: installing {', '.join(gaps)} with {setup_sh} ...", file=sys.stderr, flush=True)
    try:
        done = subprocess.run(["bash", str(setup_sh)], env=env, capture_output=True, text=True,
                              timeout=timeout_s, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"setup.sh did not finish: {exc}"
    if done.returncode != 0:
        tail = " | ".join((done.stdout + done.stderr).strip().splitlines()[-4:])
        return f"setup.sh failed (exit {done.returncode}): {tail}"
    import importlib

    importlib.invalidate_caches()
    gaps = missing()
    return ("still missing after setup.sh: " + ", ".join(gaps)) if gaps else None


def _serve(root: Path):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(root)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


class PyodidePage:
    """Headless Chromium with Pyodide and the game archive unpacked; `run(code)` → str."""

    def __init__(self, web_dir: Path | str, start_timeout_s: float = 120):
        from playwright.sync_api import sync_playwright

        web_dir = Path(web_dir).resolve()
        archives = sorted(web_dir.glob("*.tar.gz"))
        if len(archives) != 1:
            raise FileNotFoundError(f"expected one NAME.tar.gz in {web_dir}")
        self.root = Path(tempfile.mkdtemp(prefix="web-pyodide-"))
        (self.root / "page.html").write_text(PAGE, encoding="utf-8")
        os.symlink(pyodide_dir(), self.root / "pyodide")
        os.symlink(web_dir, self.root / "web")
        self.httpd = _serve(self.root)
        self._pw = sync_playwright().start()
        try:
            self.browser = self._pw.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
            self.page = self.browser.new_page()
            self.console: list[str] = []
            self.page.on("console", lambda m: self.console.append(m.text))
            self.page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
            t0 = time.perf_counter()
            url = f"http://127.0.0.1:{self.httpd.server_port}/page.html?archive={archives[0].name}"
            self.page.goto(url)
            self.page.wait_for_function("window.state !== 'loading'", timeout=start_timeout_s * 1000)
            self.load_s = time.perf_counter() - t0
            state = self.page.evaluate("window.state")
            if state != "ready":
                raise RuntimeError(f"Pyodide page {state}: {self.page.evaluate('window.out')}")
            self.timings = self.page.evaluate("window.timings")
        except BaseException:
            self.close()
            raise

    def run(self, code: str, timeout_s: float = 300) -> str:
        self.page.set_default_timeout(timeout_s * 1000)
        return self.page.evaluate(
            "async (code) => { try { return String(await window.py.runPythonAsync(code)); }"
            " catch (err) { return 'ERROR: ' + err; } }", code)

    def close(self) -> None:
        for step in (lambda: self.browser.close(), lambda: self._pw.stop(), lambda: self.httpd.shutdown()):
            try:
                step()
            except Exception:  # best effort on the way out
                pass
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def match_code(seed: int, strength: str, timing: str, max_decisions: int, budget_s: float) -> str:
    """Python source that defines wasm_match's functions and returns run_all()'s JSON."""
    source = MATCH_SCRIPT.read_text(encoding="utf-8").replace('if __name__ == "__main__":', "if False:")
    return (f"{source}\n\nrun_all({seed!r}, {strength!r}, {timing!r}, {max_decisions!r}, {budget_s!r})\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("web_dir", nargs="?", default=str(ROOT / "build" / "web"))
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--strength", default="normal", help="players of the full match [normal]")
    ap.add_argument("--timing", default="hard", help="strength whose decisions are timed [hard]")
    ap.add_argument("--decisions", type=int, default=60)
    ap.add_argument("--budget", type=float, default=120.0, help="seconds for the timing run")
    ap.add_argument("--no-install", action="store_true")
    args = ap.parse_args(argv)
    reason = ensure_env(install=not args.no_install)
    if reason:
        print(f"web_wasm: {reason}", file=sys.stderr)
        return 2
    sys.path.insert(0, str(ROOT))
    from tests.web.wasm_match import run_all

    t0 = time.perf_counter()
    native = json.loads(run_all(args.seed, args.strength, args.timing, args.decisions, args.budget))
    native_s = time.perf_counter() - t0
    with PyodidePage(args.web_dir) as page:
        t0 = time.perf_counter()
        raw = page.run(match_code(args.seed, args.strength, args.timing, args.decisions, args.budget))
        wasm_s = time.perf_counter() - t0
        if raw.startswith("ERROR"):
            print(raw, file=sys.stderr)
            return 1
        result = {"pyodide": json.loads(raw), "native": native,
                  "page_timings_ms": page.timings, "pyodide_start_s": round(page.load_s, 2),
                  "wall_s": {"pyodide": round(wasm_s, 2), "native": round(native_s, 2)}}
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
