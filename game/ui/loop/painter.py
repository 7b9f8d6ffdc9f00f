"""Drawing a frame: the visible scenes from the last opaque one up, then the coach's bubble
and the notices.  A frame whose key has not changed is skipped; a table alone on screen
redraws only what changed (`dirty_rects`); a new screen's first frame is handed to
FirstFrames, which makes it over several frames in the browser."""

from __future__ import annotations

import time

from ... import perf
from ..draw import gfx
from ..window import screen

# In the browser a frame whose input and update worked this long (a move applied: the
# engine's view made, its animation queued; 8-13 ms at 10x) draws next frame instead: drawn
# in the same frame, a move's frame was work and drawing together, a tenth of play's frames
# and most of its slowest.  At 4x an update is mostly below it; natively frames are drawn
# at once (an update there is well under a millisecond).
WORKED_MS = 6.0


class Painter:
    """How the App's last frame was drawn and what it showed (``app.painter``)."""

    def __init__(self, app):
        self.app = app
        self.key = None  # the frame key of the last frame drawn (unchanged frames are skipped)
        self.drawn_at = 0.0  # when it was drawn (natively an unchanged frame is drawn twice a second)
        self.shown = None  # what the window holds: the table scene that drew it, on which surface
        self.dirty_rects = None  # device rects of the canvas changed by the last draw()
        self.last_draw = "full"  # how the last frame was drawn: full, partial, skipped, preparing or put off
        self.always_redraw = False  # benchmarks: draw every frame
        self.worked_ms = WORKED_MS if app.web else None  # a frame that worked this long draws next frame (None: never)

    def redraw(self) -> None:
        """The next frame is drawn whole (the window needs its picture again)."""
        self.key = self.shown = None

    def frame_key(self):
        """What the frame would show, or None when a scene cannot say (then it is drawn)."""
        app = self.app
        keys = []
        for s in app.stack.visible():
            k = s.frame_key()
            if k is None:
                return None
            keys.append(k)
        return (tuple(keys), app.window.get_size(), app.display.scale, app.notices.frame_key(), app.guide.frame_key())

    def _partial_source(self, surf):
        """The scene that can redraw only what changed on `surf`: the one table scene shown
        (no overlay, no notice), on the surface it drew last, at the size presented as is,
        under the same coach's bubble (or none): the bubble is then drawn again only over
        what changed (a bubble and its veil drawn whole every frame cost a whole frame's
        blending: ~100 ms at 4x in the browser while a first-time tip shows)."""
        visible = self.app.stack.visible()
        scene = visible[0] if len(visible) == 1 else None
        if scene is None or getattr(scene, "draw_dirty", None) is None or self.app.notices.frame_key() is not None:
            return None, None
        return scene, (scene.compositor, surf, surf.get_size(), self.app.guide.frame_key())

    def draw(self, surf=None) -> bool:
        """Draw the visible scenes; False (nothing drawn, nothing to present) when the frame
        would be identical to the last one, or a first frame is still being made."""
        app = self.app
        self.dirty_rects = None
        explicit = surf is not None
        if not explicit and not self.always_redraw:
            # a first frame still being made is never skipped (its last frame kept no key):
            # its key is not asked until it lands (each frame of a table's at 10x: 2-11 ms)
            making = self.key is None and app.first_frames.pending()
            key = None if making else self.frame_key()
            perf.part("keys")
            now = time.perf_counter()
            # natively an unchanged picture is drawn again twice a second all the same; in the
            # browser the canvas keeps it, and a menu drawn again is a task of ~100 ms at 4x
            if key is not None and key == self.key and (app.web or now - self.drawn_at < 0.5):
                self.last_draw = "skipped"
                return False
            self.key, self.drawn_at = key, now
        app.display.layout_if_changed()
        surf = surf or app.window
        gfx.set_scale(surf.get_width() / screen.current().w)
        scene, token = (None, None) if explicit else self._partial_source(surf)
        shown, self.shown = self.shown, token
        if token is not None and not self.always_redraw and shown is not None and token[0] is shown[0] and token[1] is shown[1] \
                and token[2:] == shown[2:]:
            self.dirty_rects = scene.draw_dirty(surf)  # None: it drew the whole frame
            self.last_draw = "full" if self.dirty_rects is None else "partial"
            if token[3] is not None:
                self._redraw_guide(surf, self.dirty_rects)
            return True
        self.last_draw = "full"
        if not explicit and app.first_frames.pending():
            return app.first_frames.draw(surf, app.frame_start) or self.not_yet()
        if not explicit and not self._stills_ready(surf):
            return self.not_yet()
        self.draw_stack(surf)
        self.draw_over(surf)
        for s in app.stack.visible():
            s.first_drawn = True
        app.guide.drawn()
        return True

    def _stills_ready(self, surf) -> bool:
        """Each visible table's still layer is up to date for the whole frame about to be
        drawn (in the browser brought there over frames: Compositor.prepare); False: not yet."""
        for scene in self.app.stack.visible():
            prepare = getattr(scene, "prepare_still", None)
            if prepare is not None and not prepare(surf):
                return False
        return True

    def _redraw_guide(self, surf, rects) -> None:
        """The coach's bubble (and its veil) drawn again over what the table redrew: clipped
        to those rects, so the pixels outside them keep the bubble as the last frame left it."""
        guide = self.app.guide
        if rects is None:
            guide.draw(surf)
            return
        clip = surf.get_clip()
        try:
            for r in rects:
                surf.set_clip(r)
                guide.draw(surf)
        finally:
            surf.set_clip(clip)

    def draw_stack(self, surf) -> None:
        """The visible scenes, each overlay over a veil."""
        scenes = self.app.stack.visible()
        for i, scene in enumerate(scenes):
            if i:
                surf.blit(gfx.overlay(surf.get_size(), (0, 0, 0, 120)), (0, 0))
            scene.draw(surf)

    def draw_over(self, surf) -> None:
        self.app.guide.draw(surf)  # the coach's bubble over the scene
        self.app.notices.draw(surf)  # over every scene

    def put_off(self, frame_start: float) -> bool:
        """Leave a game's frame's drawing to the next when the frame has already worked
        `worked_ms` since `frame_start` (the window keeps its picture, the next frame draws
        what changed), never two frames in a row.  True: put off.  (A menu's frame is
        drawn at once: a warm-up step is its long update, and its picture rarely changes.)"""
        if self.worked_ms is None or self.last_draw == "put off" or self.always_redraw \
                or (time.perf_counter() - frame_start) * 1000.0 < self.worked_ms \
                or getattr(self.app.scene, "table", None) is None:
            return False
        self.last_draw = "put off"
        return True

    def not_yet(self) -> bool:
        """A first frame not finished this frame: nothing presented, the next frame draws again."""
        self.redraw()
        self.last_draw = "preparing"
        return False

    def take_rects(self):
        """The rects the last draw changed (None: the whole window), once."""
        rects, self.dirty_rects = self.dirty_rects, None
        return rects
