"""The group backend this platform computes with (ops.py's interface), one per session:
libsodium natively (group.py), the page's noble-curves in a browser (page_group.py), where
PyNaCl does not run.

Why a module of its own: ops.py is the interface both backends are built on, so it cannot
also choose between them without each importing the other."""

from __future__ import annotations

import sys

if sys.platform == "emscripten":
    from .page_group import PageGroup as PlatformGroup
else:
    from .group import NativeGroup as PlatformGroup

_DEFAULT: list = []


def default_group():
    """This platform's backend, made once (the card points it makes are kept with it)."""
    if not _DEFAULT:
        _DEFAULT.append(PlatformGroup())
    return _DEFAULT[0]


__all__ = ["PlatformGroup", "default_group"]
