"""Scene base class: widgets, focus moved by arrows/Tab, Enter activates, Esc goes back."""

from __future__ import annotations

import pygame

from .draw import gfx
from .widgets import Choice, TextField


class Input:
    """One input event in logical (1280×720) coordinates."""

    __slots__ = ("kind", "pos", "key", "text", "mod")

    def __init__(self, kind: str, pos=None, key=None, text=None, mod=0):
        self.kind, self.pos, self.key, self.text, self.mod = kind, pos, key, text, mod

    def __repr__(self):
        return f"Input({self.kind!r}, pos={self.pos}, key={self.key})"


class Scene:
    name = "scene"
    overlay = False  # True: the scene below is drawn first (dimmed)

    def __init__(self, app):
        self.app = app
        self.widgets: list = []
        self.focus: int | None = None
        self.time = 0.0

    # --- lifecycle ------------------------------------------------------------------
    def enter(self) -> None:
        pass

    def resume(self) -> None:
        """Called when a scene above this one is popped."""
        pass

    def rebuild(self) -> None:
        """Language or settings changed: recreate widgets/labels."""
        pass

    def relayout(self) -> None:
        """The window's shape changed (a phone turned, a window resized): the widgets are
        built again for it; the focus and a field being typed in are kept, by name."""
        self.keeping_focus(self.rebuild)

    def keeping_focus(self, build) -> str | None:
        """Run `build` (which makes the widgets anew) and give the focus and the typing back
        to the widgets of the same names; the focused widget's name, or None."""
        focused = self.focused_widget()
        focused = focused.name if focused is not None and focused.focused else None
        editing = {w.name for w in self.widgets if isinstance(w, TextField) and w.editing}
        build()
        for w in self.widgets:
            if isinstance(w, TextField) and w.name in editing:
                w.editing = True
            if focused and w.name == focused:
                self.set_focus(w)
        return focused

    def back(self) -> None:
        if len(self.app.scenes) > 1:
            self.app.pop()

    # --- input ----------------------------------------------------------------------
    def focusables(self) -> list:
        return [w for w in self.widgets if w.visible and w.enabled and w.focusable]

    def move_focus(self, step: int) -> None:
        items = self.focusables()
        if not items:
            return
        cur = self.focused_widget()
        i = items.index(cur) if cur in items else (-1 if step > 0 else 0)
        nxt = items[(i + step) % len(items)]
        for w in self.widgets:
            w.focused = w is nxt
        self.focus = self.widgets.index(nxt)

    def focused_widget(self):
        if self.focus is None or self.focus >= len(self.widgets):
            return None
        w = self.widgets[self.focus]
        return w if (w.visible and w.enabled) else None

    def set_focus(self, widget) -> None:
        for w in self.widgets:
            w.focused = w is widget
        self.focus = self.widgets.index(widget) if widget in self.widgets else None

    def handle(self, inp: Input) -> None:
        if inp.kind == "move":
            for w in self.widgets:
                w.hover = w.enabled and w.hit(inp.pos)
        elif inp.kind == "click":
            for w in self.widgets:
                if isinstance(w, TextField) and not w.hit(inp.pos):
                    w.editing = False
            for w in reversed(self.widgets):
                if w.hit(inp.pos):
                    if w.enabled:
                        if w.focusable:
                            self.set_focus(w)
                            w.focused = False  # mouse use: no focus ring
                        if w.click(inp.pos):
                            self.app.sound("click")
                    return
            self.click_empty(inp.pos)
        elif inp.kind == "text":
            w = self.focused_widget() or next((x for x in self.widgets if isinstance(x, TextField) and x.editing), None)
            if isinstance(w, TextField):
                w.editing = True  # typing into a focused field edits it
                w.text_input(inp.text)
        elif inp.kind == "key":
            self.key(inp)

    def key(self, inp: Input) -> None:
        k = inp.key
        editing = next((x for x in self.widgets if isinstance(x, TextField) and x.editing), None)
        focused = self.focused_widget()
        if editing is None and k == pygame.K_BACKSPACE and isinstance(focused, TextField) and focused.focused:
            editing = focused
            editing.editing = True
        if editing is not None and editing.key(pygame.event.Event(pygame.KEYDOWN, key=k, mod=inp.mod)):
            return
        w = self.focused_widget()
        if w is not None and not w.focused:
            w = None
        if k in (pygame.K_DOWN, pygame.K_TAB):
            self.move_focus(-1 if (k == pygame.K_TAB and inp.mod & pygame.KMOD_SHIFT) else 1)
        elif k == pygame.K_UP:
            self.move_focus(-1)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if k == pygame.K_LEFT else 1
            if isinstance(w, Choice):
                w.adjust(step)
            else:
                self.move_focus(step)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            w = w or self.default_widget()  # nothing focused: the screen's main button
            if w is not None:
                w.activate()
                self.app.sound("click")
            else:
                self.move_focus(1)
        elif k == pygame.K_ESCAPE:
            self.back()

    def click_empty(self, pos) -> None:
        pass

    def default_widget(self):
        """What Enter does when nothing has the focus: the first primary button."""
        return next((w for w in self.widgets if w.visible and w.enabled and getattr(w, "primary", False)), None)

    # --- frame ----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, surf) -> None:
        for w in self.widgets:
            w.draw(surf)

    def frame_key(self):
        """A value that changes whenever the picture would; None = redraw every frame.
        The app skips drawing (and presenting) frames whose key has not changed."""
        from .. import i18n
        from .widgets import Choice, TextField

        state = []
        for w in self.widgets:
            item = (w.name, w.hover, w.focused, w.enabled, w.visible, getattr(w, "selected", None))
            if isinstance(w, (Choice, TextField)):
                item += (w.get(),)
            if isinstance(w, TextField):
                item += (w.editing, w.editing and (pygame.time.get_ticks() // 500) % 2)
            state.append(item)
        return (type(self).__name__, id(self), tuple(state), i18n.language(), gfx.card_style(), self.app.notice, self.extra_key())

    def extra_key(self):
        return None

    def warm_step(self) -> bool:
        """This screen's own warm-up step, taken before the App's warm-up's on a menu's frame
        (the title's fan of cards: a face, then the card laid); True when it took the frame's step."""
        return False

    def blit_page(self, surf, key, draw_page) -> None:
        """Blit the scene's still picture, made by draw_page(page) once per key (and size,
        scale, language, card style): a hover redraws the buttons, not the page."""
        from .. import i18n

        key = (key, surf.get_size(), gfx.scale(), i18n.language(), gfx.card_style())
        page = getattr(self, "_page", None)
        if page is None or self._page_key != key or gfx.recording():  # a layout check notes what it draws
            page = pygame.Surface(surf.get_size())
            if pygame.display.get_surface() is not None:
                page = page.convert()
            draw_page(page)
            self._page, self._page_key = page, key
        surf.blit(page, (0, 0))

    def draw_background(self, surf) -> None:
        surf.blit(gfx.felt(surf.get_size()), (0, 0))

    # --- automation -----------------------------------------------------------------
    def targets(self) -> list[tuple[str, pygame.Rect]]:
        """Clickable things (name, logical rect) — for tests and the autopilot."""
        return [(w.name, w.rect) for w in self.widgets if w.visible and w.enabled and w.name]
