""""Learn to play": opening this scene starts the guided deal (game/ui/coach/lesson.py) on a table
of its own; the App's guide layer shows its steps over the table.  The scene is only the
name the title (or anything else) opens it by; it gives its place to the table at once."""

from __future__ import annotations

from ..registry import register
from ..scene import Scene


@register("learn")
class LearnScene(Scene):
    name = "learn"

    def enter(self) -> None:
        self.app.guide.start_lesson()  # the lesson's table replaces every scene above the title
