"""The window's shape: the logical size every scene and table object lays out in, and the
safe area inside it.

The logical canvas follows the window's shape, never letterboxed: a logical pixel is one CSS
pixel (one window pixel natively) until the window is larger than the reference design of
its orientation (1280x720 lying, 720x1280 standing), and then the design is scaled up as a
whole.  So the floors are plain numbers in logical pixels on every screen: text at least
``MIN_TEXT`` and touch targets at least ``MIN_TARGET`` are at least that many CSS pixels,
because a logical pixel is never smaller than a CSS pixel.  A phone held upright gets a
logical 360x640 to 430x932, turned sideways 640x360 to 932x430; a desktop window of
1920x1080 gets 1280x720 drawn at 1.5 device pixels per logical pixel.

``current()`` is the shape the App laid out last (scenes read it through ``size()`` and
``safe()``); ``set_current`` is the App's, and tools' that lay out off screen.
"""

from __future__ import annotations

import pygame

from ...engine.values import value_type

REFERENCE = {False: (1280, 720), True: (720, 1280)}  # the design's size lying and standing
MIN_TEXT = 12  # logical px (= CSS px or more): nothing a player must read is smaller
MIN_TARGET = 44  # logical px: the smaller side of anything a finger must hit


@value_type(frozen=True)
class Shape:
    w: int  # logical width
    h: int  # logical height
    css: float = 1.0  # CSS (window) pixels per logical pixel: 1 up to the reference size
    insets: tuple = (0, 0, 0, 0)  # left, top, right, bottom: logical px the safe area leaves

    @property
    def size(self) -> tuple[int, int]:
        return (self.w, self.h)

    @property
    def portrait(self) -> bool:
        return self.h > self.w

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.w, self.h)

    @property
    def safe(self) -> pygame.Rect:
        """Where controls and text may go (the notch, rounded corners and home bar of a phone
        left out; the felt still fills the whole window)."""
        left, top, right, bottom = self.insets
        return pygame.Rect(left, top, max(1, self.w - left - right), max(1, self.h - top - bottom))

    @property
    def compact(self) -> float:
        """0 on the smallest phone size of this orientation, 1 at the reference design and
        above: sizes between a phone's and the desktop's are interpolated by it."""
        if self.portrait:
            return _clamp((self.w - 360) / (720 - 360))
        return _clamp(min((self.h - 360) / (720 - 360), (self.w - 640) / (1280 - 640)))

    def lerp(self, small: float, large: float) -> int:
        """A size that is `small` on a phone and `large` on the reference design."""
        return int(round(small + (large - small) * self.compact))


def _clamp(x: float) -> float:
    return 0.0 if x < 0 else 1.0 if x > 1 else x


def shape_for(width: float, height: float, insets=(0, 0, 0, 0)) -> Shape:
    """The logical shape of a window `width` x `height` CSS (natively: window) pixels, with
    the safe-area insets (left, top, right, bottom) in the same pixels."""
    width, height = max(1.0, float(width)), max(1.0, float(height))
    portrait = height > width
    rw, rh = REFERENCE[portrait]
    css = max(1.0, min(width / rw, height / rh))
    w, h = max(1, int(round(width / css))), max(1, int(round(height / css)))
    return Shape(w, h, css, tuple(int(round(max(0.0, float(i)) / css)) for i in insets))


_current = shape_for(*REFERENCE[False])


def current() -> Shape:
    return _current


def set_current(shape: Shape) -> None:
    global _current
    _current = shape


def size() -> tuple[int, int]:
    return _current.size


def safe() -> pygame.Rect:
    return _current.safe


def portrait() -> bool:
    return _current.portrait
