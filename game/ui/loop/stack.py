"""The scene stack: the title at the bottom, a game's table or a menu above it, and
overlays (pause, a dialog) on top.  Scenes ask for each other by name (registry.py), so
no scene module imports another."""

from __future__ import annotations

from .. import registry


class SceneStack:
    """The App's scenes (``app.stack``): the top one takes the input and updates; the
    visible ones are drawn from the last opaque one up."""

    def __init__(self, app):
        self.app = app
        self.scenes: list = []

    @property
    def top(self):
        return self.scenes[-1] if self.scenes else None

    @property
    def top_name(self) -> str:
        return self.scenes[-1].name if self.scenes else ""

    def push_scene(self, name: str, *args) -> None:
        """Open the scene registered as `name` on top."""
        self.push(registry.create(name, self.app, *args))

    def show_table(self, name: str, table) -> None:
        """Replace the top (table) scene by the phase scene `name` showing the same table."""
        self.replace(registry.create(name, self.app, table))

    def push(self, scene) -> None:
        self.scenes.append(scene)
        scene.enter()

    def pop(self):
        """Close the top scene (never the title) and resume the one under it."""
        s = self.scenes.pop() if len(self.scenes) > 1 else None
        if self.top is not None:
            self.top.resume()
        return s

    def replace(self, scene) -> None:
        if self.scenes:
            self.scenes.pop()
        self.push(scene)

    def reset_to(self, scene) -> None:
        """Make `scene` the only scene above the title."""
        del self.scenes[1:]
        self.push(scene)

    def to_title(self) -> None:
        del self.scenes[1:]
        self.top.resume()

    def restart(self) -> None:
        """After an error the title could not be shown over: the title alone, made anew."""
        self.scenes = []
        self.push_scene("title")

    def visible(self) -> list:
        """The scenes drawn this frame: the last opaque one and the overlays above it."""
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        return self.scenes[start:]

    def rebuild(self) -> None:
        """The language changed: every scene makes its widgets' words again."""
        for s in self.scenes:
            s.rebuild()

    def relayout(self) -> None:
        """A new window shape: every scene lays itself out again and is drawn whole next frame
        (the window holds nothing now)."""
        for s in self.scenes:
            s.relayout()
            s.first_drawn = True
