"""Where the game's run-time files (fonts, sounds, icon) are, and what was loaded from where.

An installed game (wheel, sdist, pipx, the frozen desktop build) carries them inside the
package as ``game/assets/`` and finds them with ``importlib.resources``; the build maps the
repository's top-level ``assets/`` there (``setup.py``).  A checkout, an editable install
and the browser build have no ``game/assets/`` and read the top-level ``assets/`` beside
the package instead::

    from game import resources
    resources.asset_dir("sounds")        # Path (may not exist: callers fall back quietly)
    resources.asset_path("icon-32.png")  # str, "" when the file is missing
    resources.origin()                   # "package", "checkout" or "missing"

Loaders call ``note()`` with what they actually loaded (or None for a fallback), so a
smoke run (``three-five-eight --smoke-frames N``) can print where every asset came from.
No pygame here.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = "game"
PACKAGED = "assets"  # inside the package, in wheels and frozen builds
CHECKOUT = Path(__file__).resolve().parent.parent / "assets"  # repo / web archive layout

_root: tuple[Path | None, str] | None = None
_loaded: dict[str, str | None] = {}


def _find_root() -> tuple[Path | None, str]:
    # On disk beside the modules (installed, frozen) or beside the package (checkout, web):
    # two stat calls. importlib.resources only for other importers: importing its readers
    # was ~70-100 ms of the browser's start with the CPU slowed 4x.
    beside = Path(__file__).resolve().parent / PACKAGED
    if beside.is_dir():
        return beside, "package"
    if CHECKOUT.is_dir():
        return CHECKOUT, "checkout"
    try:
        from importlib import resources as _importlib_resources

        packaged = _importlib_resources.files(PACKAGE) / PACKAGED
        # A package imported from a zip has no files on disk for SDL to open: not used.
        if isinstance(packaged, Path) and packaged.is_dir():
            return packaged, "package"
    except Exception:  # odd importers
        pass
    return None, "missing"


def root() -> Path | None:
    """The assets folder in use (found once), or None when there is none."""
    global _root
    if _root is None:
        _root = _find_root()
    return _root[0]


def origin() -> str:
    """"package" (installed or frozen), "checkout" (repo, editable, web) or "missing"."""
    root()
    return _root[1]


def asset_dir(*parts: str) -> Path:
    """A path under the assets folder (under the checkout layout when none exists)."""
    return (root() or CHECKOUT).joinpath(*parts)


def asset_path(*parts: str) -> str:
    """The file's path as a string for SDL, or "" when it is missing."""
    path = asset_dir(*parts)
    return str(path) if path.is_file() else ""


def note(kind: str, source: str | Path | None) -> None:
    """Record that asset ``kind`` (e.g. "font:bold") was loaded from ``source`` (None: a fallback)."""
    _loaded[kind] = None if source is None else str(source)


def loaded() -> dict[str, str | None]:
    """What the loaders recorded so far: kind -> file, or None for a fallback."""
    return dict(_loaded)
