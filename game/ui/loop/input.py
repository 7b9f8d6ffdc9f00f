"""Window events → `Input`s in logical 1280x720 coordinates (mouse, touch, keys, text).
A tap on a touch screen arrives twice (a finger event and an emulated mouse press): the
twin is dropped.  A press is a "click" where it starts; its end is a "release" (the pages of
a menu turn on a swipe: game/ui/menus/menu_page.py)."""

from __future__ import annotations

import time

import pygame

from ..scene import Input

TWIN_SECONDS = 0.35


def _has_touch_screen() -> bool:
    try:
        from pygame._sdl2 import touch

        return touch.get_num_devices() > 0
    except Exception:  # no such module in this build: a keyboard's words
        return False


_touch: bool | None = None  # the player plays by touch (a finger pressed last); None: nothing pressed yet


def by_touch() -> bool:
    """True while the player plays by touch: the last press was a finger's, or nothing has
    been pressed yet on a device with a touch screen.  Words on screen follow it: "tap" on
    a touch screen, keys on a keyboard."""
    global _touch
    if _touch is None:
        _touch = _has_touch_screen()
    return _touch


def played_by(touch: bool | None) -> None:
    """Note how the player pressed last (the translator does, with every press; None: not
    yet, as a new window starts)."""
    global _touch
    _touch = touch


def input_words(key: str) -> str:
    """The message key for the words that fit how the player plays: its ".touch" form on a
    touch screen ("Tap to close"), else the key itself ("B, Esc or a click closes this")."""
    return key + ".touch" if by_touch() else key


class InputTranslator:
    def __init__(self, app):
        self.app = app  # for to_logical and the window size
        self._last_click = None
        played_by(None)  # a new window: how its player plays is not known yet

    def twin_click(self, source: str, pos) -> bool:
        """True if this click repeats a click just made by the other source."""
        now = time.perf_counter()
        last = self._last_click
        self._last_click = (source, now, pos)
        if last and last[0] != source and now - last[1] < TWIN_SECONDS and abs(last[2][0] - pos[0]) + abs(last[2][1] - pos[1]) < 40:
            self._last_click = None
            return True
        return False

    def translate(self, ev) -> Input | None:
        t, app = ev.type, self.app
        if t in (pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            played_by(t == pygame.FINGERDOWN or (t == pygame.MOUSEBUTTONDOWN and bool(getattr(ev, "touch", False))))
        if t == pygame.MOUSEBUTTONDOWN:
            if getattr(ev, "touch", False):
                return None  # the FINGERDOWN twin handles it
            pos = app.display.to_logical(ev.pos)
            if ev.button == 1:
                return None if self.twin_click("mouse", pos) else Input("click", pos)
            if ev.button == 3:
                return Input("alt", pos)
            if ev.button in (4, 5):
                return Input("wheel", pos, key=1 if ev.button == 4 else -1)
            return None
        if t == pygame.MOUSEBUTTONUP and ev.button == 1 and not getattr(ev, "touch", False):
            return Input("release", app.display.to_logical(ev.pos))  # where a press ended: a swipe's end
        if t == pygame.FINGERUP:
            ww, wh = app.window.get_size()
            return Input("release", app.display.to_logical((ev.x * ww, ev.y * wh)))
        if t == pygame.MOUSEMOTION:
            return None if getattr(ev, "touch", False) else Input("move", app.display.to_logical(ev.pos))
        if t == pygame.FINGERDOWN:
            ww, wh = app.window.get_size()
            pos = app.display.to_logical((ev.x * ww, ev.y * wh))
            return None if self.twin_click("finger", pos) else Input("click", pos)
        if t == pygame.MOUSEWHEEL:
            return Input("wheel", None, key=ev.y)
        if t == pygame.KEYDOWN:
            return Input("key", None, key=ev.key, mod=getattr(ev, "mod", 0))
        if t == pygame.TEXTINPUT:
            return Input("text", None, text=ev.text)
        return None
