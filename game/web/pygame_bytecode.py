"""pygame's own Python modules' bytecode, shipped with the game for the browser.

pygame-ce's wheel for the browser carries its Python modules as source only, so every
start compiled the twelve that `import pygame` loads (175 KB of source: 1.3 s of a 4.25 s
start with the CPU slowed 10x). The web build compiles them into
`pygame_bytecode/pygame/__pycache__/` as *checked-hash* pycs (PEP 552): CPython uses one
only while the runtime's source has the hash it was made from, so a runtime with another
pygame compiles its source as before. Before the first `import pygame`, `put_in_place()`
copies each into pygame's own `__pycache__` where there is none yet. Natively nothing is
shipped and nothing is copied.
"""

from __future__ import annotations

import os

SHIPPED = "pygame_bytecode"  # beside main.py in the web archive


def shipped_dir() -> str:
    """Where the build puts pygame's bytecode: `pygame_bytecode/pygame` beside main.py."""
    return os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), SHIPPED,
                        "pygame")


def put_in_place(here: str | None = None, pygame_dir: str | None = None) -> int:
    """Copy the shipped pycs into pygame's package (never over one it has); how many were
    copied. Never raises: without them pygame compiles its source, as it always did."""
    try:
        here = here or shipped_dir()
        if not os.path.isdir(here):
            return 0
        if pygame_dir is None:
            import importlib.util

            spec = importlib.util.find_spec("pygame")  # found, not imported
            if spec is None or not spec.submodule_search_locations:
                return 0
            pygame_dir = list(spec.submodule_search_locations)[0]
        copied = 0
        for root, _dirs, files in os.walk(here):
            for name in files:
                if not name.endswith(".pyc"):
                    continue
                target = os.path.join(pygame_dir, os.path.relpath(os.path.join(root, name), here))
                if os.path.exists(target):
                    continue
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(os.path.join(root, name), "rb") as src, open(target, "wb") as dst:
                    dst.write(src.read())
                copied += 1
        return copied
    except Exception:  # a read-only package, a strange runtime: pygame compiles as before
        return 0
