"""Shared fixtures for the web tests: one offline build of build/web into a temp folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Stand-in entry point while the real main.py does not exist yet (the real one is used as
# soon as it does): the same shape pygbag and webcheck need.
STANDIN_MAIN = '''\
import asyncio

import pygame


async def main():
    pygame.init()
    screen = pygame.display.set_mode((640, 360))
    for _ in range(3):
        screen.fill((15, 77, 46))
        pygame.display.flip()
        await asyncio.sleep(0)


if __name__ == "__main__":
    asyncio.run(main())
'''


def _source_snapshot() -> dict[str, tuple[int, int, bytes]]:
    """(size, mtime_ns, content) of every source file the build reads, keyed by POSIX path
    relative to the repository: what the archive must hold, and proof the build leaves the
    sources alone."""
    snap = {}
    paths = [p for top in (ROOT / "game", ROOT / "assets") for p in top.rglob("*")]
    for path in paths + [ROOT / "main.py"]:
        if path.is_file() and "__pycache__" not in path.parts:
            st = path.stat()
            snap[path.relative_to(ROOT).as_posix()] = (st.st_size, st.st_mtime_ns, path.read_bytes())
    return snap


def build_elsewhere(dest: Path, env: dict[str, str], *args: str, umask: int | None = None):
    """Run `python -m tools.web.build` into dest/web as its own process with env as its
    whole environment: another machine, as far as the build can tell. Returns
    (web_dir, exit status, what it printed)."""
    import subprocess
    import sys

    main_py = ROOT / "main.py"
    cmd = [sys.executable, "-m", "tools.web.build", "--out", str(dest / "web"), "--stage", str(dest / "stage"),
           "--main", str(main_py), *args]
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=900,
                          stdin=subprocess.DEVNULL, preexec_fn=(lambda: os.umask(umask)) if umask is not None else None)
    return dest / "web", done.returncode, done.stdout + done.stderr


@pytest.fixture(scope="session")
def web_build(tmp_path_factory):
    """Build once per session into a temp dir, as `make web` does (the bytecode's pinned
    interpreter fetched into build/cache if it is not there); returns (web_dir,
    main_py_used, snapshots)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from tools.web.build import build

    tmp = tmp_path_factory.mktemp("webbuild")
    main_py = ROOT / "main.py"
    if not main_py.is_file():
        main_py = tmp / "main.py"
        main_py.write_text(STANDIN_MAIN)
    before = _source_snapshot()
    web_dir = build(tmp / "web", tmp / "stage", main_py)
    after = _source_snapshot()
    return web_dir, main_py, before, after


def pytest_terminal_summary(terminalreporter):
    """Print what the browser tests measured (visible in CI logs)."""
    from tests.web.test_browser import RESULTS
    from tests.web.test_offline import RESULTS as OFFLINE

    tr = terminalreporter
    if OFFLINE:
        tr.section("web: offline cache (service worker)")
        if "stub_cache" in OFFLINE:
            c = OFFLINE["stub_cache"]
            tr.write_line(f"page, game, icons, manifest + stand-in runtime: {c['entries']} files,"
                          f" {c['bytes'] / 1024:.1f} KB")
        if "pyodide_cache" in OFFLINE:
            c = OFFLINE["pyodide_cache"]
            tr.write_line(f"real game on Pyodide + pygame-ce wheel: {c['entries']} files, {c['bytes'] / 1e6:.2f} MB;"
                          f" offline reload to the title screen in {OFFLINE.get('pyodide_offline_title_s')} s")
    data = RESULTS.get("pyodide")
    if not data:
        return
    tr.section("web: Pyodide (WebAssembly) run")
    tr.write_line(f"Pyodide {data['python']} started in {RESULTS.get('pyodide_start_s')} s")
    for key in ("random_match", "ai_match"):
        m = data[key]
        tr.write_line(f"{key}: seed {m['seed']} players={m['players']} deals={m['deals']} actions={m['actions']}"
                      f" winner={m['winner']} totals={m['totals']} in {m['seconds']} s")
    t = data["timing"]
    if "skipped" in t:
        tr.write_line(f"{t['strength']} decisions: not timed ({t['skipped']})")
    else:
        tr.write_line(f"{t['strength']} decisions in Pyodide: n={t['n']} median {t['median_ms']} ms,"
                      f" p99 {t['p99_ms']} ms, max {t['max_ms']} ms; by kind {t['by_kind']}")
        sl = t.get("think_slices") or {}
        if sl.get("n"):
            tr.write_line(f"{t['strength']} think(view, 8 ms) slices (one per frame): n={sl['n']}"
                          f" median {sl['median_ms']} ms, p99 {sl['p99_ms']} ms, max {sl['max_ms']} ms")
