"""The App's layer for the coach's bubbles: the guided deal's steps and the first-time tips,
drawn over whatever scene is showing and given the input first.

Hooks in the App (as for the notices): ``update(dt)`` each frame after the scene's,
``handle(inp)`` before the scene gets input, ``frame_key()`` in the frame key, ``draw(surf)``
after the scenes; and the table asks ``allows(table, action)`` before it applies a
person's action (the guided deal turns down moves off its script), and ``holds(table)``
before it moves its clock (a bubble being read stops it).

Keys while the lesson's bubble is up: Esc skips the lesson, Enter or Space presses the
focused button or Next, Tab and the arrows move between the bubble's buttons when it waits
to be read; while it waits for a move on the table, every other key and click goes to the
table.  A tip stops the table until the next click or key, which closes it and goes on
to the table.
"""

from __future__ import annotations

import pygame

from ..draw import gfx
from .tips import Tips  # small: a game's first frame asks it already

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Guide:
    def __init__(self, app):
        self.app = app
        self.lesson = None
        self._tips = None
        self._drawn = None  # which bubble was last drawn whole (its words: hover and focus aside)

    # --- what shows ----------------------------------------------------------------------
    @property
    def tips(self) -> Tips:
        if self._tips is None:
            self._tips = Tips(self.app)
        return self._tips

    def start_lesson(self) -> None:
        """The guided deal from its first step (again, if it was seen)."""
        from .lesson import Lesson

        if self._tips is not None:
            self._tips.close()
        self.lesson = Lesson(self.app)

    def clear(self) -> None:
        """Forget the lesson and the tip without a word (tools that set up screens)."""
        self.lesson = None
        if self._tips is not None:
            self._tips.close()

    def bubble(self):
        if self.lesson is not None:
            return self.lesson.bubble()
        return self._tips.bubble() if self._tips is not None else None

    # --- the frame -----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        lesson = self.lesson
        if lesson is not None:
            if lesson.finished or not lesson.alive():
                lesson.end()  # left by the pause menu: seen all the same
                self.lesson = None
            else:
                lesson.update(dt)
            return
        if getattr(self.app.scene, "table", None) is not None or self._tips is not None:
            self.tips.update(dt)

    def holds(self, table) -> bool:
        """A bubble over `table` waits to be read (a tip, a lesson's step to read): the
        table's clock stands still until it is dismissed, so nothing moves under it."""
        lesson = self.lesson
        if lesson is not None:
            b = lesson.bubble() if lesson.table is table else None
            return b is not None and b.modal
        return self._tips is not None and self._tips.showing_over(table)

    def allows(self, table, action) -> bool:
        """May the person at `table` take `action` now? (Only the guided deal says no.)"""
        lesson = self.lesson
        if lesson is None or table is not lesson.table or table.session.match.to_act != table.human:
            return True
        return lesson.allows(action)

    # --- input ---------------------------------------------------------------------------
    def press(self, name: str) -> None:
        self.app.sound("click")
        if self.lesson is not None:
            self.lesson.press(name)
        elif self._tips is not None:
            self._tips.press(name)

    def handle(self, inp) -> bool:
        """True when the input was the bubble's (the scene does not get it)."""
        if self.lesson is not None and inp.kind == "key" and inp.key == pygame.K_ESCAPE and self.lesson.on_top():
            self.press("skip")  # the lesson can be left at any moment, bubble or not
            return True
        b = self.bubble()
        if b is None:
            return False
        kind = inp.kind
        if kind == "move":
            b.hover(inp.pos)
            return False
        if self.lesson is None:
            return self._tip_input(b, inp)
        if kind == "click":
            name = b.button_at(inp.pos)
            if name is not None:
                self.press(name)
                return True
            return b.modal or b.rect().collidepoint(inp.pos)
        if kind == "key":
            return self._key(b, inp)
        return b.modal

    def _tip_input(self, b, inp) -> bool:
        """A tip is read in a moment: the player's next click or key closes it and goes on
        to the table (unless it was on the tip itself)."""
        if inp.kind == "click":
            name = b.button_at(inp.pos)
            self.press(name or "ok")
            return name is not None or b.rect().collidepoint(inp.pos)
        if inp.kind in ("key", "alt"):
            self._tips.close()
        return False

    def _key(self, b, inp) -> bool:
        k = inp.key
        if k == pygame.K_ESCAPE:
            self.press("skip")
            return True
        if not b.modal:
            return False  # the table's keys choose the move the bubble asks for
        if k in ENTER:
            name = b.focused() or b.primary()
            if name is not None:
                self.press(name)
        elif k in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN):
            b.move_focus(-1 if k == pygame.K_TAB and inp.mod & pygame.KMOD_SHIFT else 1)
        elif k in (pygame.K_LEFT, pygame.K_UP):
            b.move_focus(-1)
        return True

    # --- drawing -------------------------------------------------------------------------
    def frame_key(self):
        b = self.bubble()
        return None if b is None else b.key()

    @staticmethod
    def _which(b):
        return None if b is None else (id(b), b.step, b.title, b.text)

    def unprepared(self) -> bool:
        """A bubble not drawn whole yet: in the browser its first frame is made over several
        frames (its text, panel and veil), as a new screen's is (first_frames.py)."""
        b = self.bubble()
        return b is not None and self._which(b) != self._drawn

    def make_ahead(self, surf, deadline: float) -> bool:
        """Make a new bubble's pictures (its words, panel, buttons, veil) until `deadline`,
        drawing on one pixel of `surf` inside the panel: a pass of the whole frame, the
        veil blended over the window, runs only when they are made.  True when done."""
        b = self.bubble()
        if b is None or self._which(b) == self._drawn:
            return True
        clip = surf.get_clip()
        surf.set_clip(pygame.Rect(gfx.dev_rect(b.rect()).center, (1, 1)))
        gfx.set_deadline(deadline)
        try:
            b.draw(surf)
        except gfx.OutOfTime:
            return False
        finally:
            gfx.set_deadline(None)
            surf.set_clip(clip)
        return True

    def drawn(self) -> None:
        """The bubble showing now was drawn whole."""
        self._drawn = self._which(self.bubble())

    def draw(self, surf) -> None:
        b = self.bubble()
        if b is not None:
            b.draw(surf)
