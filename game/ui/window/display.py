"""The window as shown: its surface, its logical shape, its resolution, and presenting it.

A logical canvas of the window's own shape (screen.py), drawn straight into the window at
the window's resolution, never letterboxed.  `pixel_ratio`: window pixels per CSS pixel;
natively 1, in the browser the page's CSS size (`css_size`, polled from the page every few
frames: page.py) times the ratio the picture's pixel budget allows (picture.py; at most
the device's own `device_ratio`).  `scale` = `render_scale`: window pixels per logical
pixel (the gfx helpers' scale); `offset` is always (0, 0).  In SDL's SCALED mode the
window stays 1280x720 and SDL stretches it.
"""

from __future__ import annotations

import os

import pygame

from ... import perf, resources
from ...web.rects import RectPresenter
from ..constants import LOGICAL, MIN_SIZE
from ..draw import gfx
from . import page, screen


def min_size(w: int, h: int) -> tuple[int, int]:
    """The smallest native window of the shape asked: a tall window stays tall (the portrait
    layout), a wide one wide."""
    return MIN_SIZE["portrait" if h > w else "landscape"]


class Display:
    """The App's window (``app.display``): made once, then resized as the page or the
    player asks; every scene reads its shape and scale through it."""

    def __init__(self, web: bool, pixel_ratio=None, insets=None):
        self.web = web
        self.pixel_ratio = float(pixel_ratio) if pixel_ratio else 1.0  # tools drawing as the browser does
        self.insets = tuple(insets) if insets else (0, 0, 0, 0)  # safe-area insets, CSS px (left, top, right, bottom)
        self.css_size = None  # the browser: the canvas's size on the page, CSS px (natively None)
        self.device_ratio = 1.0  # the browser: the device's pixels per CSS pixel (window.devicePixelRatio)
        self.rects_presenter = RectPresenter.create() if web else None  # the browser: changed rects only
        self.surface = None
        self.scaled_mode = False
        self.scale, self.offset, self.render_scale = 1.0, (0, 0), 1.0
        self.direct = True  # drawn straight into the window
        self.laid_out = (0, 0)  # the window size last laid out

    @property
    def canvas(self):
        return self.surface

    # --- making the window ----------------------------------------------------------------
    def page_window(self, css, budget: str = "sharp") -> tuple[int, int]:
        """The browser: read the page (its CSS size, pixel ratio, insets; `css` when it
        cannot be read: headless tests) and return the window to open at `budget` (the
        picture's `opening()`: Auto times its presents at Sharp's unless this device kept
        its choice; the picture sets the budget in force next)."""
        from .picture import pixel_ratio

        got = page.read()
        if got is not None:
            css, self.device_ratio, self.insets = got.css, got.dpr, got.insets
        self.css_size = (float(css[0]), float(css[1]))
        self.pixel_ratio = pixel_ratio(self.css_size, self.device_ratio, budget)
        return (max(1, round(self.css_size[0] * self.pixel_ratio)), max(1, round(self.css_size[1] * self.pixel_ratio)))

    def open(self, size, scaled) -> None:
        """Open the window: `scaled` lets SDL's renderer stretch a 1280x720 frame (cheap but
        soft at other sizes); the default renders at the window's own resolution."""
        pygame.display.set_caption("3-5-8")
        if not self.web:  # the page has its own icon (loading this one cost the start)
            self._icon()  # before set_mode: some platforms take the icon only then
        else:  # a blank one spares set_mode loading pygame's own (pkgdata: ~70 ms at 4x)
            pygame.display.set_icon(pygame.Surface((1, 1)))
        self.surface = None
        if scaled and not self.web:
            try:
                self.surface = pygame.display.set_mode(LOGICAL, pygame.SCALED | pygame.RESIZABLE)
                self.scaled_mode = True
            except Exception:
                self.surface = None
        if self.surface is None:
            self.surface = pygame.display.set_mode(size, 0 if self.web else pygame.RESIZABLE)
        self.layout()

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

    # --- its shape ------------------------------------------------------------------------
    def layout(self) -> None:
        """The logical shape of the window as it is now (its CSS size and insets)."""
        ww, wh = self.surface.get_size()
        ratio = self.pixel_ratio if self.pixel_ratio > 0 else 1.0
        shape = screen.shape_for(ww / ratio, wh / ratio, self.insets)
        if self.scaled_mode:  # SDL stretches a fixed 1280x720 frame
            shape = screen.shape_for(*LOGICAL)
        screen.set_current(shape)
        self.scale = self.render_scale = ww / shape.w if shape.w else 1.0
        self.offset = (0, 0)
        self.laid_out = (ww, wh)

    def layout_if_changed(self) -> None:
        """The window changed under us (a native resize not yet seen): lay it out again."""
        if self.surface.get_size() != self.laid_out:
            self.layout()

    @property
    def shape(self):
        return screen.current()

    def to_logical(self, pos) -> tuple[int, int]:
        x, y = pos
        return (int(x / self.scale), int(y / self.scale))

    def to_window(self, pos) -> tuple[int, int]:
        x, y = pos
        return (int(x * self.scale), int(y * self.scale))

    def resized(self, ev) -> None:
        """A window event said the size changed: natively the window keeps at least its
        shape's least size."""
        if self.scaled_mode:
            return  # SDL scales the 1280x720 frame and maps the mouse itself
        if self.web:
            self.layout()
            return
        size = getattr(ev, "size", None) or (getattr(ev, "x", 0), getattr(ev, "y", 0))
        w, h = int(size[0] or 0), int(size[1] or 0)
        least = min_size(w, h)
        w, h = max(least[0], w), max(least[1], h)
        if self.surface.get_size() != (w, h):
            try:
                self.surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            except Exception:
                pass
        self.layout()

    def set_css_size(self, css_size, pixel_ratio: float, insets=(0, 0, 0, 0)) -> bool:
        """The browser's page: the canvas is `css_size` CSS pixels drawn at `pixel_ratio`
        window pixels each, with these safe-area insets; True when anything changed (the
        window is made again at the new size; the App lays every scene out again)."""
        want = (max(1, round(css_size[0] * pixel_ratio)), max(1, round(css_size[1] * pixel_ratio)))
        insets = tuple(int(round(i)) for i in insets)
        if want == tuple(self.surface.get_size()) and abs(pixel_ratio - self.pixel_ratio) < 1e-6 and insets == self.insets:
            return False
        self.pixel_ratio, self.insets = float(pixel_ratio), insets
        if want != tuple(self.surface.get_size()):
            self.surface = pygame.display.set_mode(want, 0 if self.web else pygame.RESIZABLE)
        self.layout()
        return True

    def poll_page(self) -> bool:
        """The browser, every ``page.POLL_FRAMES`` frames: has the page changed (a phone
        turned, a window resized or zoomed, the insets)?  True if it did: the picture makes
        the window the new shape before the next frame is drawn."""
        got = page.read()
        if got is None:
            return False
        if (got.css, got.dpr, tuple(got.insets)) == (self.css_size, self.device_ratio, tuple(self.insets)):
            return False
        self.css_size, self.device_ratio, self.insets = got.css, got.dpr, tuple(got.insets)
        return True

    # --- presenting -------------------------------------------------------------------------
    def present(self, rects=None, picture=None) -> None:
        """Show what was drawn: the whole window, or only `rects` when only they changed (in
        the browser pygame would copy the whole window: the rect presenter copies only
        them).  In the browser a whole present is timed for `picture` (Auto checks its choice)."""
        if rects is not None:
            if not rects:
                return  # nothing on screen changed
            perf.presented()
            if self.rects_presenter is None or not self.rects_presenter.present(self.surface, rects):
                pygame.display.update(rects)
            return
        self.layout_if_changed()
        perf.presented()
        if self.web and picture is not None:
            start = picture.clock()
            pygame.display.flip()
            picture.observe((picture.clock() - start) * 1000.0)
            return
        pygame.display.flip()

    def screenshot(self):
        """The current frame, at window resolution, as a Surface."""
        return self.surface.copy()
