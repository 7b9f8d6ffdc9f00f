"""The picture's render size in the browser (issue 13: smooth on a phone).

In the browser every present copies the whole window to the page's canvas (pygbag's SDL,
whatever rects are passed), and every blit costs in proportion to the pixels it writes,
so a slow device draws a smaller picture that the page scales up (its CSS size stays).
The setting ``picture``:

- ``auto`` (default): in the browser the App, once it has opened its 1280x720 window and
  before the title's first frame, presents the empty window ``PROBES`` times and, when the
  middle one (the median) is slower than ``SLOW_PRESENT_MS``, draws at ``SMOOTH_SIZE`` from the
  title's first frame on, for the rest of the session; having chosen Sharp it still watches
  the menus' first presents and turns to Smooth if they are slow; natively the window is
  drawn at its own resolution as always;
- ``sharp``: 1280x720 in the browser;
- ``smooth``: ``SMOOTH_SIZE`` in the browser.

Natively the setting changes nothing (the canvas has the window's own pixel size).  The
size never changes while a game, a replay or a score sheet is open (the card pictures of
the new size would be made in the middle of play): a new choice waits for the menus.
"""

from __future__ import annotations

import math
import time

import pygame

from .constants import LOGICAL

PICTURES = ("auto", "sharp", "smooth")
SMOOTH_SIZE = (960, 540)  # 56% of 1280x720's pixels: present and blits scale with the area
SLOW_PRESENT_MS = 3.5  # a whole-window present: ~1.5 ms at desktop speed, 4.2-9 ms at 4x slower
PROBES = 3  # presents of the empty window timed before the title's first frame
WATCHED = 9  # the menus' first presents, watched when the probe said Sharp
MENUS = frozenset({"title", "settings", "rules", "new_game", "stats", "replays", "share"})
BUDGET = {"sharp": LOGICAL[0] * LOGICAL[1], "smooth": SMOOTH_SIZE[0] * SMOOTH_SIZE[1]}  # window pixels drawn


def pixel_ratio(css, dpr: float, choice: str) -> float:
    """Window pixels per CSS pixel for a page `css` (w, h) on a device of pixel ratio `dpr`:
    as sharp as the device where the picture's pixel budget allows (Sharp: 1280x720's
    pixels, Smooth: 960x540's), never more than the device shows.  Every present copies the
    whole window and every blit costs by the pixels it writes, so the budget, not the
    device, sets the cost: a phone at 390x844 draws 651x1409 (Sharp) or 488x1055 (Smooth),
    a desktop page of 1920x1080 draws 1280x720 and the page scales it up, as before."""
    area = max(1.0, float(css[0]) * float(css[1]))
    return max(0.25, min(max(1.0, float(dpr or 1.0)), math.sqrt(BUDGET.get(choice, BUDGET["sharp"]) / area)))


class Picture:
    """Chooses and applies the window's size in the browser (``app.picture``)."""

    clock = staticmethod(time.perf_counter)

    def __init__(self, app):
        self.app = app
        self.samples: list[float] = []  # ms of the presents Auto timed (as for 1280x720)
        self.auto: str | None = None  # Auto's choice for this session: "sharp" or "smooth"
        self.due = bool(app.web)  # the wanted size may differ from the window's
        self.watched: list[float] = []  # ms of the menus' presents after a Sharp probe (as for 1280x720)

    # --- what is wanted ---------------------------------------------------------------
    def setting(self) -> str:
        value = self.app.settings.get("picture")
        return value if value in PICTURES else "auto"

    def choice(self) -> str:
        """sharp or smooth: what the setting means now (Auto times the presents once)."""
        value = self.setting()
        if value != "auto":
            return value
        if self.auto is None:
            self.probe() if self.app.web else None
        return self.auto or "sharp"

    def wanted(self):
        """The window size the browser should draw at (None natively: the window's own)."""
        if not self.app.web:
            return None
        return SMOOTH_SIZE if self.choice() == "smooth" else LOGICAL

    def changed(self) -> None:
        """A setting changed: the picture's is applied at the next frame the menus allow."""
        self.due = bool(self.app.web) and self.wanted() != tuple(self.app.window.get_size())

    # --- Auto: how long a present takes -------------------------------------------------
    def probe(self) -> str:
        """Present the window as it is ``PROBES`` times (before the title's first frame:
        the empty window) and choose: Smooth when the median is slower than
        ``SLOW_PRESENT_MS`` (as for a 1280x720 window).  The median, not the quickest: a
        slowed CPU gave 1.5, 8.9, 6.7 ms once (one present between two pauses), and a
        first present can carry one-off costs."""
        w, h = self.app.window.get_size()
        full = LOGICAL[0] * LOGICAL[1] / max(1, w * h)
        for _ in range(PROBES):
            start = self.clock()
            pygame.display.flip()
            self.samples.append((self.clock() - start) * 1000.0 * full)
        middle = sorted(self.samples[-PROBES:])[PROBES // 2]
        self.auto = "smooth" if middle > SLOW_PRESENT_MS else "sharp"
        return self.auto

    def observe(self, ms: float) -> None:
        """A present of a drawn frame, in the browser.  When Auto chose Sharp, the menus'
        first ``WATCHED`` presents are watched too: if their median is slow, Smooth from
        the next menu frame on (a probe of three can be lucky: at 4x it once timed 1.4,
        4.2 and 4.5 ms while the title's presents took 6-9 ms)."""
        if not self._watching() or not self.can_switch():
            return
        w, h = self.app.window.get_size()
        self.watched.append(ms * LOGICAL[0] * LOGICAL[1] / max(1, w * h))
        if len(self.watched) == WATCHED and sorted(self.watched)[WATCHED // 2] > SLOW_PRESENT_MS:
            self.auto = "smooth"
            self.changed()

    def _watching(self) -> bool:
        """Auto chose Sharp from its probe and has not yet timed ``WATCHED`` presents."""
        return self.auto == "sharp" and self.setting() == "auto" and len(self.watched) < WATCHED

    def watch(self) -> bool:
        """On a menu frame that draws nothing: present the unchanged picture once more and
        time it while Auto is still watching (the title alone draws only once); True if it
        did."""
        if not self.app.web or not self._watching():
            return False
        start = self.clock()
        pygame.display.flip()
        self.observe((self.clock() - start) * 1000.0)
        return True

    # --- applying it ------------------------------------------------------------------
    def can_switch(self) -> bool:
        return all(s.name in MENUS for s in getattr(self.app, "scenes", ()))

    def apply(self) -> bool:
        """Before a frame is drawn (and when the App opens its window): switch the window to
        the wanted size if it differs and no game is open.  True when the size changed."""
        if not self.due:
            return False
        want = self.wanted()
        app = self.app
        if want is None or tuple(app.window.get_size()) == want:
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
        steps = getattr(app, "_warm_modules", None)
        if steps is not None and "scene:new_game" not in steps:
            steps.insert(0, "scene:new_game")  # its first frame, made ahead at the old size: again
        for s in getattr(app, "scenes", ()):
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
