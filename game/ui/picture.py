"""The picture's render size in the browser (issue 13: smooth on a phone).

In the browser every present copies the whole window to the page's canvas (pygbag's SDL,
whatever rects are passed), and every blit costs in proportion to the pixels it writes,
so a slow device draws a smaller picture that the page scales up (its CSS size stays).
The setting ``picture``:

- ``auto`` (default): in the browser the game times its first presents while the title
  shows (the title's first frame, and on its second frame the same picture presented
  again, ``PROBES`` times) and, when the quickest of them is slower than
  ``SLOW_PRESENT_MS``, draws at ``SMOOTH_SIZE`` from the third frame on, for the rest of
  the session; natively the window is drawn at its own resolution as always;
- ``sharp``: 1280x720 in the browser;
- ``smooth``: ``SMOOTH_SIZE`` in the browser.

Natively the setting changes nothing (the canvas has the window's own pixel size).  The
size never changes while a game, a replay or a score sheet is open (the card pictures of
the new size would be made in the middle of play): a new choice waits for the menus.
"""

from __future__ import annotations

import time

import pygame

from .constants import LOGICAL

PICTURES = ("auto", "sharp", "smooth")
SMOOTH_SIZE = (960, 540)  # 56% of 1280x720's pixels: present and blits scale with the area
SLOW_PRESENT_MS = 4.5  # a whole-window present: ~2 ms at desktop speed, ~7.5 ms at 4x slower
PROBES = 2  # extra presents timed on the title's second frame
MENUS = frozenset({"title", "settings", "rules", "new_game", "stats", "replays", "share"})


class Picture:
    """Chooses and applies the window's size in the browser (``app.picture``)."""

    clock = staticmethod(time.perf_counter)

    def __init__(self, app):
        self.app = app
        self.samples: list[float] = []  # ms of the presents timed while Auto decides
        self.auto: str | None = None  # Auto's choice for this session: "sharp" or "smooth"
        # natively there is nothing to decide; in the browser Auto decides on frame 1
        self.deciding = bool(app.web)
        self.due = bool(app.web)  # the wanted size may differ from the window's

    # --- what is wanted ---------------------------------------------------------------
    def setting(self) -> str:
        value = self.app.settings.get("picture")
        return value if value in PICTURES else "auto"

    def choice(self) -> str:
        """sharp or smooth: what the setting means now (Auto undecided: sharp)."""
        value = self.setting()
        return (self.auto or "sharp") if value == "auto" else value

    def wanted(self):
        """The window size the browser should draw at (None natively: the window's own)."""
        if not self.app.web:
            return None
        return SMOOTH_SIZE if self.choice() == "smooth" else LOGICAL

    def changed(self) -> None:
        """A setting changed: the picture's is applied at the next frame the menus allow."""
        self.due = bool(self.app.web) and self.wanted() != tuple(self.app.window.get_size())

    # --- Auto: the title's first presents ---------------------------------------------
    def timed(self, present) -> None:
        """Run `present()`, timing it while Auto decides."""
        if not self.deciding:
            present()
            return
        start = self.clock()
        present()
        self._sample(start)

    def _sample(self, start: float) -> None:
        """A present's ms, as for a 1280x720 window (Smooth chosen before Auto decided)."""
        w, h = self.app.window.get_size()
        full = LOGICAL[0] * LOGICAL[1] / max(1, w * h)
        self.samples.append((self.clock() - start) * 1000.0 * full)

    def frame_done(self) -> None:
        """End of a frame: on the second frame, present the same picture again until
        ``1 + PROBES`` presents are timed, then decide."""
        if not self.deciding or self.app.frames < 1:
            return
        while len(self.samples) < 1 + PROBES:
            start = self.clock()
            pygame.display.flip()  # the window still holds the frame just presented
            self._sample(start)
        self.decide()

    def decide(self) -> str:
        self.deciding = False
        slow = bool(self.samples) and min(self.samples) > SLOW_PRESENT_MS
        self.auto = "smooth" if slow else "sharp"
        self.due = True
        return self.auto

    # --- applying it ------------------------------------------------------------------
    def can_switch(self) -> bool:
        return all(s.name in MENUS for s in self.app.scenes)

    def apply(self) -> bool:
        """Before a frame is drawn: switch the window to the wanted size if it differs and
        no game is open.  True when the size changed."""
        if not self.due:
            return False
        want = self.wanted()
        if want is None:
            self.due = False
            return False
        if self.deciding and self.setting() == "auto":
            return False  # decided on the title's second frame
        app = self.app
        if tuple(app.window.get_size()) == want:
            self.due = False
            return False
        if not self.can_switch():
            return False  # stays due: switched once the menus show
        self.due = False
        css = _canvas_css_size()
        app.window = pygame.display.set_mode(want)
        _keep_canvas_css_size(css)
        app._layout_window()
        app._frame_key = app._shown = None
        app._spare = None
        for s in app.scenes:
            s.first_drawn = True  # drawn whole next frame: the window holds nothing now
        return True


# --- the page: the canvas keeps its CSS size when its pixel size changes -------------------
def _canvas():
    try:
        import platform

        return platform.window.document.getElementById("canvas")
    except Exception:
        return None


def _canvas_css_size():
    canvas = _canvas()
    if canvas is None:
        return None
    try:
        r = canvas.getBoundingClientRect()
        return (float(r.width), float(r.height))
    except Exception:
        return None


def _keep_canvas_css_size(css) -> None:
    """pygbag's page sizes the canvas by CSS and by its aspect (unchanged); a page that
    shows the canvas at its pixel size (the webcheck harness) would shrink it: keep the
    size it had."""
    canvas = _canvas()
    if canvas is None or not css or css[0] <= 1 or css[1] <= 1:
        return
    try:
        now = canvas.getBoundingClientRect()
        if abs(float(now.width) - css[0]) > 0.5 or abs(float(now.height) - css[1]) > 0.5:
            canvas.style.width = f"{css[0]:g}px"
            canvas.style.height = f"{css[1]:g}px"
    except Exception:
        pass
