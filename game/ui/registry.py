"""Scenes by name: a scene asks the App for another scene by its name, so no scene module
imports another (no import circles).  Scene modules register their classes when the
``game.ui.scenes`` package is imported.

    @register("pause")
    class PauseScene(Scene): ...

    app.push_scene("pause", table)    # the App calls create("pause", app, table)
"""

from __future__ import annotations

_SCENES: dict[str, type] = {}
_LATER: dict[str, str] = {}  # scene name -> module that registers it when first needed


def later(module: str, *names: str) -> None:
    """Scenes registered by `module`, imported when one of them is first asked for (the
    title shows before the table's modules are loaded)."""
    for name in names:
        _LATER.setdefault(name, module)


def pending_modules() -> list[str]:
    """Modules of scenes not loaded yet (the App loads them while the title waits)."""
    return sorted({m for n, m in _LATER.items() if n not in _SCENES})


def register(name: str):
    """Class decorator: make a scene class available under `name`."""

    def deco(cls):
        _SCENES[name] = cls
        return cls

    return deco


def scene_class(name: str) -> type:
    if name not in _SCENES and name in _LATER:
        import importlib

        importlib.import_module(_LATER[name])
    try:
        return _SCENES[name]
    except KeyError:
        raise KeyError(f"no scene registered as {name!r} (known: {', '.join(names())})") from None


def create(name: str, app, *args, **kwargs):
    return scene_class(name)(app, *args, **kwargs)


def names() -> list[str]:
    return sorted(set(_SCENES) | set(_LATER))
