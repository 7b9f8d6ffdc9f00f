"""The window: a logical canvas of the window's own shape (game/ui/screen.py), drawn
straight into the window at the window's resolution, never letterboxed.

- ``pixel_ratio``: window pixels per CSS pixel.  Natively 1 (a window pixel is what the
  layout calls a CSS pixel); in the browser the page's canvas is as large as the page
  (``css_size``, polled from the page every few frames: game/ui/page.py) and its pixel
  size is the CSS size times the ratio the picture's budget allows
  (game/ui/picture.py: a budget of pixels, at most the device's own ratio ``device_ratio``).
- ``screen.current()``: the logical shape of the window's CSS size (landscape or portrait),
  with the safe-area insets the page measured.
- ``scale`` = ``render_scale``: window pixels per logical pixel (the gfx helpers' scale);
  ``offset`` is always (0, 0).

Mixed into the App (which keeps ``window``, ``canvas`` (the window), ``scale``, ``offset``,
``render_scale`` and ``direct`` as attributes tests and tools read).  In SDL's SCALED mode
the window stays 1280x720 and SDL stretches it."""

from __future__ import annotations

import os

import pygame

from .. import perf, resources
from . import gfx, page, screen
from .constants import LOGICAL, MIN_SIZE


def min_size(w: int, h: int) -> tuple[int, int]:
    """The smallest native window of the shape asked: a tall window stays tall (the portrait
    layout), a wide one wide."""
    return MIN_SIZE["portrait" if h > w else "landscape"]


class WindowMixin:
    web = False
    pixel_ratio = 1.0  # window pixels per CSS pixel
    insets = (0, 0, 0, 0)  # the page's safe-area insets, CSS px (left, top, right, bottom)
    css_size = None  # the browser: the canvas's size on the page, CSS px (natively None)
    device_ratio = 1.0  # the browser: the device's pixels per CSS pixel (window.devicePixelRatio)

    def _page_window(self, css) -> tuple[int, int]:
        """The browser: read the page (its CSS size, pixel ratio, insets; `css` when it
        cannot be read: headless tests) and return the window to open, at the Sharp budget
        (Auto times its presents there; picture.apply() sets the budget next)."""
        from .picture import pixel_ratio

        got = page.read()
        if got is not None:
            css, self.device_ratio, self.insets = got.css, got.dpr, got.insets
        self.css_size = (float(css[0]), float(css[1]))
        self.pixel_ratio = pixel_ratio(self.css_size, self.device_ratio, "sharp")
        return (max(1, round(self.css_size[0] * self.pixel_ratio)), max(1, round(self.css_size[1] * self.pixel_ratio)))

    def poll_page(self) -> bool:
        """The browser, every ``page.POLL_FRAMES`` frames: has the page changed (a phone
        turned, a window resized or zoomed, the insets)?  Then the picture makes the window
        the new shape before the next frame is drawn; True if it changed."""
        got = page.read()
        if got is None:
            return False
        if (got.css, got.dpr, tuple(got.insets)) == (self.css_size, self.device_ratio, tuple(self.insets)):
            return False
        self.css_size, self.device_ratio, self.insets = got.css, got.dpr, tuple(got.insets)
        self.picture.page_changed()
        return True

    def _icon(self) -> None:
        """The window's icon: the shipped icon-32.png, or one drawn here when it is missing."""
        try:
            path = resources.asset_path("icon-32.png")  # "" when missing: drawn below
            if os.path.exists(path):
                pygame.display.set_icon(pygame.image.load(path))
                return
            icon = pygame.Surface((64, 64), pygame.SRCALPHA)
            pygame.draw.rect(icon, gfx.FELT, icon.get_rect(), border_radius=12)
            icon.blit(gfx.text("358", 26, gfx.GOLD, True), (8, 18))
            pygame.display.set_icon(icon)
        except Exception:
            pass

    def _open_window(self, size, scaled) -> None:
        pygame.display.set_caption("3-5-8")
        if not self.web:  # the page has its own icon (loading this one cost the start)
            self._icon()  # before set_mode: some platforms take the icon only then
        else:  # a blank one spares set_mode loading pygame's own (pkgdata: ~70 ms at 4x)
            pygame.display.set_icon(pygame.Surface((1, 1)))
        # scaled=True: SDL's renderer stretches a 1280x720 frame (cheap but soft at other
        # sizes).  The default renders at the window's own resolution instead.
        scaled = bool(scaled) and not self.web
        self.scaled_mode = False
        self.window = None
        if scaled:
            try:
                self.window = pygame.display.set_mode(LOGICAL, pygame.SCALED | pygame.RESIZABLE)
                self.scaled_mode = True
            except Exception:
                self.window = None
        if self.window is None:
            self.window = pygame.display.set_mode(size, 0 if self.web else pygame.RESIZABLE)
        self.canvas = self.window
        self.scale, self.offset = 1.0, (0, 0)
        self.render_scale = 1.0  # window pixels per logical pixel
        self.direct = True  # drawn straight into the window
        self._laid_out = (0, 0)  # the window size last laid out
        self._layout_window()

    def _layout_window(self, defer: bool = False) -> None:
        """The logical shape of the window as it is now (its CSS size and insets)."""
        ww, wh = self.window.get_size()
        ratio = self.pixel_ratio if self.pixel_ratio > 0 else 1.0
        shape = screen.shape_for(ww / ratio, wh / ratio, self.insets)
        if self.scaled_mode:  # SDL stretches a fixed 1280x720 frame
            shape = screen.shape_for(*LOGICAL)
        screen.set_current(shape)
        self.canvas = self.window
        self.scale = self.render_scale = ww / shape.w if shape.w else 1.0
        self.offset = (0, 0)
        self.direct = True
        self._laid_out = (ww, wh)

    @property
    def shape(self):
        return screen.current()

    def to_logical(self, pos) -> tuple[int, int]:
        x, y = pos
        return (int(x / self.scale), int(y / self.scale))

    def to_window(self, pos) -> tuple[int, int]:
        x, y = pos
        return (int(x * self.scale), int(y * self.scale))

    def _on_resize(self, ev) -> None:
        if self.scaled_mode:
            return  # SDL scales the 1280x720 frame and maps the mouse itself
        if self.web:
            self._layout_window()
            return
        size = getattr(ev, "size", None) or (getattr(ev, "x", 0), getattr(ev, "y", 0))
        w, h = int(size[0] or 0), int(size[1] or 0)
        least = min_size(w, h)
        w, h = max(least[0], w), max(least[1], h)
        if self.window.get_size() != (w, h):
            try:
                self.window = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            except Exception:
                pass
        self._layout_window()

    def set_css_size(self, css_size, pixel_ratio: float, insets=(0, 0, 0, 0)) -> bool:
        """The browser's page: the canvas is `css_size` CSS pixels drawn at `pixel_ratio`
        window pixels each, with these safe-area insets; True when anything changed (the
        window is made again at the new size and every scene lays itself out again)."""
        want = (max(1, round(css_size[0] * pixel_ratio)), max(1, round(css_size[1] * pixel_ratio)))
        insets = tuple(int(round(i)) for i in insets)
        if want == tuple(self.window.get_size()) and abs(pixel_ratio - self.pixel_ratio) < 1e-6 and insets == self.insets:
            return False
        self.pixel_ratio, self.insets = float(pixel_ratio), insets
        if want != tuple(self.window.get_size()):
            self.window = pygame.display.set_mode(want, 0 if self.web else pygame.RESIZABLE)
        self._layout_window()
        self.relayout()
        return True

    def relayout(self) -> None:
        """A new shape: every scene builds its widgets for it and draws whole next frame (and
        the card faces made ahead are made at the new shape's widths)."""
        self._frame_key = self._shown = None
        self._spare = None
        self._warm = None
        for s in getattr(self, "scenes", ()):
            s.relayout()
            s.first_drawn = True  # drawn whole next frame: the window holds nothing now

    def present(self) -> None:
        rects, self.dirty_rects = getattr(self, "dirty_rects", None), None
        if rects is not None:
            self._present_rects(rects)
            return
        if self.window.get_size() != self._laid_out:
            self._layout_window()
        perf.presented()
        if self.web:
            start = self.picture.clock()
            pygame.display.flip()
            self.picture.observe((self.picture.clock() - start) * 1000.0)  # Auto checks its choice
            return
        pygame.display.flip()

    def _present_rects(self, rects) -> None:
        """Only these window rects changed: update just them."""
        if not rects:
            return  # nothing on screen changed
        perf.presented()
        pygame.display.update(rects)

    def screenshot(self):
        """The current frame, at window resolution, as a Surface."""
        return self.window.copy()
