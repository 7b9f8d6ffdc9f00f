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


def _source_snapshot() -> dict[str, tuple[int, int]]:
    """(size, mtime_ns) of every source file the build reads: proof it leaves them alone."""
    snap = {}
    for top in (ROOT / "game", ROOT / "assets"):
        for path in top.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                st = path.stat()
                snap[str(path.relative_to(ROOT))] = (st.st_size, st.st_mtime_ns)
    main = ROOT / "main.py"
    if main.is_file():
        st = main.stat()
        snap["main.py"] = (st.st_size, st.st_mtime_ns)
    return snap


@pytest.fixture(scope="session")
def web_build(tmp_path_factory):
    """Build once per session into a temp dir; returns (web_dir, main_py_used, snapshots)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from tools.build_web import build

    tmp = tmp_path_factory.mktemp("webbuild")
    main_py = ROOT / "main.py"
    if not main_py.is_file():
        main_py = tmp / "main.py"
        main_py.write_text(STANDIN_MAIN)
    before = _source_snapshot()
    web_dir = build(tmp / "web", tmp / "stage", main_py)
    after = _source_snapshot()
    return web_dir, main_py, before, after
