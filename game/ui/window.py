"""The window: a logical 1280x720 design letterboxed into a window of any size.  Natively
the canvas has the letterboxed area's real pixel size (text and cards are rendered at device
resolution, never resampled); in SDL's SCALED mode it stays 1280x720 and is scaled on
present.  In the browser the window is 1280x720 or, on a slow device, smaller (the setting
"picture", game/ui/picture.py); the page's CSS scales it, and the game draws straight into
it at its own resolution (``direct``).  Mixed into the App (which keeps ``window``,
``canvas``, ``scale``, ``offset``, ``render_scale`` and ``direct`` as attributes tests and
tools read)."""

from __future__ import annotations

import os
import time

import pygame

from .. import perf, resources
from . import gfx
from .constants import LOGICAL, MIN_SIZE

RESIZE_SETTLE = 0.15  # s: while a window is being resized the old frame is stretched


class WindowMixin:
    web = False

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
        if not self.web:  # the page has its own icon (issue 13: loading this one cost the start)
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
        self.canvas = pygame.Surface(LOGICAL).convert()
        self.scale, self.offset = 1.0, (0, 0)
        self.render_scale = 1.0  # device pixels per logical pixel of the canvas
        self._settle_at = 0.0  # a resize in progress: re-render at the new size after this time
        self._laid_out = (0, 0)  # the window size last laid out
        self._layout_window()

    def _layout_window(self, defer: bool = False) -> None:
        ww, wh = self.window.get_size()
        s = min(ww / LOGICAL[0], wh / LOGICAL[1]) if ww and wh else 1.0
        self.scale = s if s > 0 else 1.0
        w, h = int(LOGICAL[0] * self.scale), int(LOGICAL[1] * self.scale)
        self.offset = ((ww - w) // 2, (wh - h) // 2)
        # drawn straight into the window: at 1280x720, and in the browser at any 16:9 size
        # (issue 13: the reduced picture, which the page's CSS scales up)
        self.direct = (ww, wh) == LOGICAL or (self.web and not self.scaled_mode and (ww, wh) == (w, h) and w > 0)
        # natively the canvas has the letterboxed window area's real pixel size; in the
        # browser (and in SDL's SCALED mode) it stays logical and is scaled on present
        hires = not self.web and not self.scaled_mode and not self.direct and w > 0 and h > 0
        want = (w, h) if hires else LOGICAL
        canvas = getattr(self, "canvas", None)
        if canvas is not None and canvas.get_size() != want:
            # every new size re-renders the card art and text: while the window is being
            # dragged the last frame is stretched, and re-rendered once the size settles
            now = time.perf_counter()
            if defer and (ww, wh) != self._laid_out:  # a new size (not a repeated event)
                self._settle_at = now + RESIZE_SETTLE
            if now >= self._settle_at:
                self._settle_at = 0.0
                self.canvas = pygame.Surface(want).convert()
        if self.direct:
            self.render_scale = ww / LOGICAL[0]
        else:
            self.render_scale = self.canvas.get_width() / LOGICAL[0] if canvas is not None else 1.0
        self._laid_out = (ww, wh)

    def to_logical(self, pos) -> tuple[int, int]:
        x, y = pos
        return (int((x - self.offset[0]) / self.scale), int((y - self.offset[1]) / self.scale))

    def to_window(self, pos) -> tuple[int, int]:
        x, y = pos
        return (int(x * self.scale + self.offset[0]), int(y * self.scale + self.offset[1]))

    def _on_resize(self, ev) -> None:
        if self.scaled_mode:
            return  # SDL scales the 1280x720 frame and maps the mouse itself
        if self.web:
            self._layout_window()
            return
        size = getattr(ev, "size", None) or (getattr(ev, "x", 0), getattr(ev, "y", 0))
        w, h = max(MIN_SIZE[0], int(size[0] or 0)), max(MIN_SIZE[1], int(size[1] or 0))
        if self.window.get_size() != (w, h):
            try:
                self.window = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            except Exception:
                pass
        self._layout_window(defer=True)

    def present(self) -> None:
        rects, self.dirty_rects = getattr(self, "dirty_rects", None), None
        if rects is not None:
            self._present_rects(rects)
            return
        if not self.direct or self.window.get_size() != self._laid_out:
            self._layout_window()
            if not self.direct:
                self.window.fill((0, 0, 0))
                w, h = int(LOGICAL[0] * self.scale), int(LOGICAL[1] * self.scale)
                if (w, h) == self.canvas.get_size():
                    self.window.blit(self.canvas, self.offset)
                elif w > 0 and h > 0:
                    self.window.blit(pygame.transform.smoothscale(self.canvas, (w, h)), self.offset)
        perf.presented()  # issue 13
        if self.web:
            start = self.picture.clock()
            pygame.display.flip()
            self.picture.observe((self.picture.clock() - start) * 1000.0)  # Auto checks its choice
            return
        pygame.display.flip()

    def _present_rects(self, rects) -> None:
        """Only these device rects of the canvas changed: copy them into the letterboxed
        window (window coordinates = canvas + offset) and update just them."""
        if not rects:
            return  # nothing on screen changed
        if not self.direct:
            ox, oy = self.offset
            moved = [r.move(ox, oy) for r in rects]
            for src, dst in zip(rects, moved):
                self.window.blit(self.canvas, dst, src)
            rects = moved
        perf.presented()  # issue 13
        pygame.display.update(rects)

    def screenshot(self):
        """The current frame (the letterboxed area, at device resolution) as a Surface."""
        return self.window.copy() if self.direct else self.canvas.copy()
