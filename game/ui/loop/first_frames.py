"""A new screen's first frame, made over several frames in the browser.

A screen shown for the first time renders its text, panels and cards: in the browser, with
the CPU slowed 4x as on a mid-range phone, one such frame was a task of 100-300 ms, and a
tap or the deal's first cards fell into it.  So there each frame makes new pictures only
for a budget (`prepare_budget_ms`, from the frame's start); the window keeps its last
picture until one pass draws the screen whole from the caches.  Natively the budget is
None and every screen is drawn in its first frame.

The App owns one FirstFrames and asks it three things each frame: whether a screen is
still being made (`pending`), whether this frame is too busy to start on it (`put_off`),
and to go on making it (`draw`).  It also builds a screen asked for over frames before it
is shown (`push_built`), so the screen that asked stays until the new one is whole.
"""

from __future__ import annotations

import time

import pygame

from .. import registry
from ..draw import gfx

BUSY_FRAME_MS = 10.0  # a frame that has worked this long before drawing starts no new screen's first frame
LANDING_BANDS = 3  # the drawing that lands is made a band of the window at a time, as time allows
# an online game's frames also carry the others' messages and the fair dealing's slice
# (fair_room/station.py): its first frames get less of the frame, or frames of ~35-50 ms at full speed
ONLINE_BUDGET_MS = 22.0


def band_rect(size, band: int) -> pygame.Rect:
    """The band-th of LANDING_BANDS horizontal bands of a window of `size`: together they
    cover it exactly once."""
    w, h = size
    top, bottom = h * band // LANDING_BANDS, h * (band + 1) // LANDING_BANDS
    return pygame.Rect(0, top, w, bottom - top)


class FirstFrames:
    """The state of the first frames being made: the spare surface they are drawn on, which
    screens' pictures are all made, whether the last frame put one off, and the screen
    being built.  One per App; it reads the App's scenes and draws through its stack."""

    def __init__(self, app):
        self.app = app
        # in the browser a first frame is made over several frames, at most this long each
        # (ms from the frame's start); None: drawn in one frame
        self.prepare_budget_ms = 30.0 if app.web else None
        self._spare = None  # the surface a first frame is drawn on until it is whole
        self._made_unseen = None  # (scenes, size) whose first frame's pictures are all made
        self._skipped = False  # this frame put a first frame off (the next one never does)
        self._skipped_last = False  # the last frame did
        self._building = None  # (the screen that asked, the name of the screen being built)
        self._landing = None  # (what is shown, its frame key), the bands of it drawn so far

    @property
    def budget_ms(self) -> float | None:
        budget = self.prepare_budget_ms
        if budget and getattr(self.app, "online", None) is not None:
            return min(budget, ONLINE_BUDGET_MS)
        return budget

    def new_frame(self) -> None:
        """At each frame's start: a first frame put off last frame is not put off again."""
        self._skipped_last, self._skipped = self._skipped, False

    def forget(self) -> None:
        """The window changed shape: what was being made for the old one is not kept."""
        self._spare = self._made_unseen = self._landing = None

    def pending(self) -> bool:
        """A visible scene, or the coach's bubble, has not been drawn whole yet (and budgeted
        first frames are on: in the browser, after the title's first frame).  A first-time
        tip's first frame, its text made in one frame, was a task of ~250 ms at 4x."""
        app = self.app
        if not self.budget_ms or app.frames == 0:
            return False
        return any(not getattr(s, "first_drawn", False) for s in app.stack.visible()) or app.guide.unprepared()

    def put_off(self, frame_start: float) -> bool:
        """A frame whose input (or a waiting game) already took its time opening a new screen
        (a game: its session, table and scene) leaves the screen's first update and drawing
        to the next frame, never two frames in a row: in one frame it was a browser task of
        ~250 ms at 4x."""
        if self._skipped_last or not self.pending():
            return False
        self._skipped = (time.perf_counter() - frame_start) * 1000.0 > BUSY_FRAME_MS
        return self._skipped

    def draw(self, surf, frame_start: float) -> bool:
        """Draw into a spare surface, making new text, panels and cards only until the
        budget from `frame_start` is spent; True once a pass finished and `surf` holds the
        whole frame, False when nothing is to be presented (the window keeps its last
        picture, the next frame goes on from the caches): never a half-drawn screen."""
        app = self.app
        size = surf.get_size()
        spare = self._spare
        if spare is None or spare.get_size() != size:
            spare = self._spare = gfx.blank_like(size, surf)  # every band is drawn on it before it shows
        deadline = frame_start + self.budget_ms / 1000.0
        if time.perf_counter() > deadline and not self._skipped_last:
            self._skipped = True  # the frame's time went on opening the game: drawing starts next frame
            return False
        scenes = app.stack.visible()
        for s in scenes:  # what its first seconds draw (a deal's cards), made first
            ahead = getattr(s, "make_ahead", None)
            if ahead is not None and not ahead(deadline):
                return False
        if not app.guide.make_ahead(spare, deadline):  # a new bubble's words and panel, drawing nothing
            return False
        which = (tuple(id(s) for s in scenes), size)
        try:
            if self._made_unseen != which:  # first every picture, each blit clipped away
                self._pass(spare, deadline, unseen=True)
                self._made_unseen = which
                if time.perf_counter() > deadline:
                    return False  # the drawing that lands, from the caches, next frame
            if not self._land(spare, deadline, which):
                return False
        except gfx.OutOfTime:
            return False
        self._made_unseen = self._landing = None
        for s in scenes:
            s.first_drawn = True
        app.guide.drawn()
        surf.blit(spare, (0, 0))
        return True

    def _land(self, spare, deadline: float, which) -> bool:
        """The drawing that lands, from the caches, a band of the window at a time while the
        frame has time (at least one band a frame); True once every band is drawn.  Drawn
        whole in one frame, a menu's ~20 translucent panels were 50-70 ms at 4x in the
        browser.  Bands drawn in earlier frames are kept only while nothing on the screen
        changed (its frame key: a screen being made does not age, but a tap may land);
        when it did, or when it has no key, every band is drawn in this frame, so that a
        screen that keeps changing still lands."""
        key = self.app.painter.frame_key()
        shown = (which, key)
        whole = key is None or (self._landing is not None and self._landing[0] != shown)
        if self._landing is None or self._landing[0] != shown:
            self._landing = (shown, [])
        done = self._landing[1]
        drawn = 0
        for band in range(len(done), LANDING_BANDS):
            if drawn and not whole and time.perf_counter() > deadline:
                return False
            self._pass(spare, deadline, clip=band_rect(spare.get_size(), band))
            done.append(band)
            drawn += 1
        return True

    def _pass(self, spare, deadline: float, unseen: bool = False, clip=None) -> None:
        """One pass of the first frame under the deadline (OutOfTime when it runs out).
        `unseen`: with every blit clipped away, so its time goes on making the pictures: a
        pass that copied the pictures already made each frame (a menu's ~20 translucent
        panels, ~40 ms at 4x in the browser) left little of the frame to make new ones."""
        app = self.app
        spare.set_clip(pygame.Rect(0, 0, 0, 0) if unseen else clip)
        gfx.set_deadline(deadline, parts=True)
        try:
            # out of time, a table's layer goes on where it stopped (Layer.draw_all), its
            # plates' pictures kept: dropped each time, they were made again in every frame
            app.painter.draw_stack(spare)
            app.painter.draw_over(spare)  # out of time here, the scenes under the bubble are whole
        finally:
            gfx.set_deadline(None)
            spare.set_clip(None)

    # --- a screen built before it is shown ---------------------------------------------
    def push_built(self, name: str) -> None:
        """Open the scene registered as `name` on top once it is built.  In the browser a screen
        laid out for the first time (its texts measured, fonts opened: the new-game screen's
        was one task of 100-180 ms at 4x) is built over frames, under the frame's budget, while
        the screen that asked for it stays; natively, or with the budget off, at once."""
        app = self.app
        if not self.budget_ms or not app.frames:
            app.push_scene(name)
            return
        self._building = (app.scene, name)  # built from this frame on (build_waiting)

    def build_waiting(self, frame_start: float) -> None:
        """Each frame: go on building the screen asked for by push_built (not if the player has
        left the screen that asked); pushed once built."""
        waiting, app = self._building, self.app
        if waiting is None:
            return
        if waiting[0] is not app.scene:
            self._building = None
            return
        gfx.set_deadline(frame_start + self.budget_ms / 1000.0, widths=True, parts=True)
        try:
            scene = registry.create(waiting[1], app)
        except gfx.OutOfTime:
            return  # what it measured and made is kept: the next frame goes on from there
        finally:
            gfx.set_deadline(None)
        self._building = None
        app.stack.push(scene)
