"""The picture's render size in the browser: the window is the page's shape, drawn at as
many pixels as a budget allows.

In the browser every present copies the whole window to the page's canvas (pygbag's SDL,
whatever rects are passed), and every blit costs in proportion to the pixels it writes, so
the picture has a pixel budget, not a size: the window has the page's CSS shape (the
canvas fills the page, game/ui/window/page.py) and ``pixel_ratio()`` window pixels per CSS pixel,
and the page's CSS scales it to the screen.  The setting ``picture`` sets the budget:

- ``auto`` (default): in the browser the App, once it has opened its window at the Sharp
  budget and before the title's first frame, presents the empty window ``PROBES`` times
  and, when ``SLOW_PROBES`` of them are slower than ``SLOW_PRESENT_MS`` (as for a
  1280x720 window), draws at the Smooth budget from the title's first frame on, for the
  rest of the session; having chosen Sharp it still watches the menus' first presents and
  turns to Smooth if they are slow.  Its choice is kept on the device (the setting
  ``picture_auto``): a later start opens the window at that budget at once and times
  nothing (on a cheap phone, CPU slowed 10x, the App's part of the start went from 848 to
  749 ms: no window at Sharp first, no probes).  A Sharp so kept is still watched;
  choosing Auto in the settings forgets it.  (Timing the presents at the Smooth window
  instead does not work: a present there was 0.3-0.7 ms at 10x against 12-16 ms at
  Sharp's, far from the ratio of their pixels, so every phone would choose Sharp first);
- ``sharp``: 1280x720's pixels (a 16:9 desktop page draws 1280x720, a phone of 390x844 CSS
  px 652x1412);
- ``smooth``: 960x540's pixels (56% of Sharp's) and never more than one pixel per CSS
  pixel: a desktop page draws 960x540, a phone of 390x844 CSS px draws 390x844 (every
  present copies the whole window and every blit costs by its pixels, so a phone's picture
  at the page's own pixels costs a third less than at 489x1059, and text is still drawn at
  its size in CSS px).

Two kinds of change, two rules.  The page's shape (a phone turned, a window resized, the
page zoomed) changes the window's size at once, in the middle of a game too: the budget is
the same, so a phone turned keeps its pixel ratio and the card pictures it made.  The budget
(Sharp or Smooth) changes only while nothing but menus is open: a new budget makes every
card picture again, a long task in the middle of play.  Natively the setting changes
nothing (the window is drawn at its own resolution).
"""

from __future__ import annotations

import math
import time

import pygame

from ..constants import LOGICAL

PICTURES = ("auto", "sharp", "smooth")
SMOOTH_SIZE = (960, 540)  # 56% of 1280x720's pixels: present and blits scale with the area
SLOW_PRESENT_MS = 3.5  # a whole-window present: ~1.5 ms at desktop speed, 4.2-9 ms at 4x slower
PROBES = 5  # presents of the empty window timed before the title's first frame
SLOW_PROBES = 2  # of them slower than SLOW_PRESENT_MS: Smooth
WATCHED = 9  # the menus' first presents, watched when the probe said Sharp
MENUS = frozenset({"title", "settings", "rules", "new_game", "stats", "replays", "share"})
BUDGET = {"sharp": LOGICAL[0] * LOGICAL[1], "smooth": SMOOTH_SIZE[0] * SMOOTH_SIZE[1]}  # window pixels drawn
SHARPEST = {"smooth": 1.0}  # window pixels per CSS pixel at most, whatever the device shows


def pixel_ratio(css, dpr: float, choice: str) -> float:
    """Window pixels per CSS pixel for a page `css` (w, h) on a device of pixel ratio `dpr`:
    as sharp as the device where the picture's pixel budget allows (Sharp: 1280x720's
    pixels, Smooth: 960x540's and one per CSS pixel at most), never more than the device
    shows.  Every present copies the whole window and every blit costs by the pixels it
    writes, so the budget, not the device, sets the cost: a phone at 390x844 draws 653x1412
    (Sharp) or 390x844 (Smooth), a desktop page of 1920x1080 draws 1280x720 (Sharp) or
    960x540 (Smooth) and the page scales it up."""
    area = max(1.0, float(css[0]) * float(css[1]))
    device = min(max(1.0, float(dpr or 1.0)), SHARPEST.get(choice, math.inf))
    return max(0.25, min(device, math.sqrt(BUDGET.get(choice, BUDGET["sharp"]) / area)))


class Picture:
    """Chooses and applies the window's size in the browser (``app.picture``)."""

    clock = staticmethod(time.perf_counter)

    def __init__(self, app):
        self.app = app
        self.samples: list[float] = []  # ms of the presents Auto timed (as for 1280x720)
        self.auto: str | None = None  # Auto's choice for this session: "sharp" or "smooth"
        self.quality: str | None = None  # the budget the window is drawn at now (None: not yet)
        self.due = bool(app.web)  # the wanted size may differ from the window's
        self.watched: list[float] = []  # ms of the menus' presents after a Sharp probe (as for 1280x720)
        self.late = False  # Auto turned to Smooth after watching: waits for a screen not drawn yet

    # --- what is wanted ---------------------------------------------------------------
    def setting(self) -> str:
        value = self.app.settings.get("picture")
        return value if value in PICTURES else "auto"

    def opening(self) -> str:
        """The budget the window is first opened at: the setting's, or for Auto its choice
        kept on this device (Sharp when it has none: Auto times its presents there)."""
        value = self.setting()
        return value if value != "auto" else self.kept() or "sharp"

    def kept(self) -> str | None:
        """Auto's choice kept on this device by an earlier start (None: none yet)."""
        value = self.app.settings.get("picture_auto")
        return value if value in BUDGET else None

    def keep(self, choice: str) -> None:
        """Keep Auto's choice for the next start (stored on a frame that draws nothing)."""
        if self.app.settings.get("picture_auto") != choice:
            self.app.settings["picture_auto"] = choice
            self.app.settings_due = True

    def choice(self) -> str:
        """sharp or smooth: what the setting means now (Auto times the presents once, or
        takes the choice an earlier start kept)."""
        value = self.setting()
        if value != "auto":
            return value
        if self.auto is None and self.app.web:
            self.auto = self.kept()
            if self.auto is None:
                self.keep(self.probe())
        return self.auto or "sharp"

    def size_for(self, quality: str) -> tuple[int, int]:
        """The window for the page as it is (its CSS size and pixel ratio) at this budget."""
        display = self.app.display
        css = display.css_size or LOGICAL
        ratio = pixel_ratio(css, display.device_ratio, quality)
        return (max(1, round(css[0] * ratio)), max(1, round(css[1] * ratio)))

    def wanted(self):
        """The window size the browser should draw at now (None natively: the window's own):
        the page's shape at the budget in force; a new budget waits for the menus."""
        if not self.app.web:
            return None
        return self.size_for(self.quality or self.choice())

    def changed(self) -> None:
        """A setting changed: the picture's is applied at the next frame the menus allow."""
        self.due = bool(self.app.web)

    def page_changed(self) -> None:
        """The page's shape, pixel ratio or insets changed: applied at the next frame, in
        the middle of a game too (the budget stays)."""
        self.due = bool(self.app.web)

    # --- Auto: how long a present takes -------------------------------------------------
    def probe(self) -> str:
        """Present the window as it is ``PROBES`` times (before the title's first frame:
        the empty window) and choose: Smooth when ``SLOW_PROBES`` of them are slower than
        ``SLOW_PRESENT_MS`` (as for a 1280x720 window).  Not the quickest, nor one slow
        present: a slowed CPU gives quick presents between its pauses (at 4x 1.5, 8.9,
        6.7 ms; at 10x 1.1, 0.9, 29.7 ms, and the median of three chose Sharp in about one
        first visit in four), and a fast device's present can meet a pause of its own."""
        w, h = self.app.window.get_size()
        full = LOGICAL[0] * LOGICAL[1] / max(1, w * h)
        for _ in range(PROBES):
            start = self.clock()
            pygame.display.flip()
            self.samples.append((self.clock() - start) * 1000.0 * full)
        slow = sum(ms > SLOW_PRESENT_MS for ms in self.samples[-PROBES:])
        self.auto = "smooth" if slow >= SLOW_PROBES else "sharp"
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
            self.keep("smooth")
            self.late = True  # Auto's second thought: applied where nothing is drawn again for it
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
        """May the budget change now?  Only while nothing but menus is open (in a game every
        card picture would be made again in the middle of play).  Auto's second thought
        (after watching the menus' presents) waits for the title or a screen whose first
        frame is still to come, a new game's table included: a screen already shown would be
        drawn again whole in one frame (the new-game screen: a task of ~1 s at 4x)."""
        scenes = list(self.app.stack.scenes)
        if not self.late or not scenes:
            return all(s.name in MENUS for s in scenes)
        top = scenes[-1]
        return all(s.name in MENUS for s in scenes[:-1]) and (top.name == "title" or not getattr(top, "first_drawn", True))

    def apply(self) -> bool:
        """Before a frame is drawn (and when the App opens its window): make the window the
        page's shape at the budget in force, switching the budget first when the setting
        (or Auto) asks for another one and only menus are open.  True when the window changed."""
        if not self.due:
            return False
        app = self.app
        if not app.web:
            self.due = False
            return False
        choice = self.choice()
        if self.quality is None or (choice != self.quality and self.can_switch()):
            self.quality = choice
        self.due = choice != self.quality  # stays due: the new budget once the menus show
        if not self.due:
            self.late = False
        display = app.display
        ratio = pixel_ratio(display.css_size or LOGICAL, display.device_ratio, self.quality)
        if not display.set_css_size(display.css_size or LOGICAL, ratio, display.insets):
            return False
        app.relayout()
        if all(s.name in MENUS for s in app.stack.scenes):
            app.warmup.again("scene:new_game")  # its first frame, made ahead at the old size: again
        return True
