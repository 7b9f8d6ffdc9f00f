"""Modules compiled ahead, one a frame, and imported later without compiling.

In the browser an import compiles the module's source (the page has no lasting
``__pycache__``, and the build ships bytecode only for what the title's first frame
imports), and one import is one browser task: importing a package whose ``__init__``
imports five modules, or a large module, was a task of 150-300 ms with the CPU slowed 4x.
``compile_ahead(name)`` compiles one module's source without running it (nothing it
imports is touched); the import finds the code object here and only runs it.  The code is
what the import system would have made (the same ``compile`` call), so nothing else
changes.  Natively it is never used (imports are quick there).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys

_codes: dict = {}  # module name -> its code object, compiled ahead and not yet imported


def source_of(name: str) -> str | None:
    """The source file of one of the game's modules (``game....``), or None."""
    parts = name.split(".")
    game = sys.modules.get("game")
    if parts[0] != "game" or game is None:
        return None
    base = os.path.join(os.path.dirname(list(game.__path__)[0]), *parts)
    for path in (base + ".py", os.path.join(base, "__init__.py")):
        if os.path.isfile(path):
            return path
    return None


def compile_ahead(name: str) -> bool:
    """Compile module `name` now if its import would: not imported yet, no bytecode of its
    own.  True when something was compiled."""
    if not compile_needed(name):
        return False
    path = source_of(name)
    with open(path, "rb") as f:
        source = f.read()
    _codes[name] = compile(source, path, "exec", dont_inherit=True)  # as SourceLoader.source_to_code
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
    return True


def compile_needed(name: str) -> bool:
    """Would importing `name` now compile it (and compile_ahead would)?"""
    path = source_of(name)
    return path is not None and name not in sys.modules and name not in _codes and \
        not os.path.exists(importlib.util.cache_from_source(path))


class _Loader(importlib.machinery.SourceFileLoader):
    def get_code(self, fullname):
        code = _codes.pop(fullname, None)
        return code if code is not None else super().get_code(fullname)


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the modules compiled ahead (as the path finder would) and gives them the loader
    that runs their code object."""

    def find_spec(self, fullname, path, target=None):
        if fullname not in _codes:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is not None and isinstance(spec.loader, importlib.machinery.SourceFileLoader):
            spec.loader = _Loader(fullname, spec.origin)
        return spec


_FINDER = _Finder()
