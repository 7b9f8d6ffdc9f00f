"""The table's compositor: redraw only what changed.

The still objects (``layer = "base"``) and the scene's buttons are drawn into one cached
opaque picture, the still layer.  Each drawing remembers every item's ``state_key()`` and
the device rect it paints (``paint_bounds()``).  On the next drawing only the items whose
key changed, or that came or went, make their old and new rects dirty; each dirty rect is
then redrawn by clipping to it and drawing, in order, every item that paints there (the
felt first), so the pixels are exactly those of a full redraw while the objects elsewhere
are not drawn at all.  Nothing is resampled: the layer is the canvas' own size, and a new
size, scale, language or card style redraws everything.

The "top" objects (cards in flight, messages, overlays) are drawn over the layer every
frame.  ``partial()`` goes one step further for the window: given the surface that holds
the last frame of this table, it restores and redraws only where the still layer or a top
object changed and returns those device rects (for ``pygame.display.update(rects)``).
"""

from __future__ import annotations

import sys
import time
from itertools import compress
from operator import ne

import pygame

from ..draw import gfx
from .dirty import device_rects, merge, paint_rect, touches

# In the browser a card played changes several still objects at once (the hand, a fan of
# backs, two plates, the trick): repainting them all in the frame that starts the card's
# flight made that frame three to five times the median.  There the still layer repaints
# its dirty rects for SPREAD_MS of a frame (at least one rect) and the rest on the frames
# after; natively (SIMD blits) one frame does it all.  3 ms: with a frame's own ~10 ms at
# 4x (the cards in flight, the keys, the present) a move's first frames stay near 16.7 ms.
SPREAD_MS = 3.0 if sys.platform == "emscripten" else None
# ...and a still layer drawn whole (a new phase's panel, most of the table changed) is drawn
# over frames of WHOLE_MS each, the window keeping its last frame until it is done (as a
# screen's first frame is made: first_frames.py): one such frame was a task of 0.3 s at 4x.
WHOLE_MS = 12.0
# A frame that shows nothing new while the layer is made (`prepare`: the window keeps its
# last frame) gives it more: it has nothing else to draw, and every frame waited is one the
# player sees the old picture.  Under 100 ms a task at 10x with the frame's own work and
# one new picture past the time.
WHOLE_ALONE_MS = 30.0
# frames in a row a whole drawing may take (it goes on where it stopped while the objects
# drawn keep their keys); then whole, come what may: objects that change every frame would
# start it again.  A whole table at 10x is ~350 ms: a dozen frames
MAX_WAITS = 30


_UNPLACED = object()


def idents(items: list) -> list:
    """Who each item is across drawings: its ``ident()`` when it has one (buttons rebuilt
    with the same name and look are the same picture), else the object itself."""
    out = [item.ident() if hasattr(item, "ident") else id(item) for item in items]
    return out if len(set(out)) == len(out) else [id(item) for item in items]


def _same_order(old: list, new: list) -> bool:
    """The items kept from the last drawing are still drawn in the same order."""
    old_set, new_set = set(old), set(new)
    return [i for i in old if i in new_set] == [i for i in new if i in old_set]


class Layer:
    """A cached drawing of a list of items with dirty-rect updates."""

    def __init__(self):
        self.surface: pygame.Surface | None = None
        self.context = None  # size, scale, language, style: anything that redraws all
        self.records: list = []  # (ident, item, key, device rect) of the last drawing, in order
        self.resume = None  # (what was being drawn, next item): a whole drawing stopped by its deadline
        self.pending: list[pygame.Rect] = []  # dirty device rects left for the next drawing (SPREAD_MS)
        self.kept = None  # (items, their keys, their ids) as last recorded: the same again changes nothing
        self._ids = None  # (the items' ids, their idents(), the items) as last asked

    def invalidate(self) -> None:
        self.context = None
        self.pending = []
        self.kept = None

    def diff(self, items: list, ids: list, keys: list, size, placed: dict) -> list | None:
        """Dirty device rects between the last drawing and these items (None: all).  The
        painted rects it works out for items new or changed go into `placed` (by ident), for
        record() to keep."""
        old = self.records
        if not _same_order([r[0] for r in old], ids):
            return None
        before = {ident: (key, rect) for ident, _item, key, rect in old}
        dirty = []
        for item, ident, key in zip(items, ids, keys):
            was = before.get(ident)
            if was is None:
                rect = placed[ident] = paint_rect(item, size)
                dirty.append(rect)
            elif was[0] != key:
                narrow = getattr(item, "changed_bounds", None)  # a part of the item that changed
                part = narrow(was[0], key) if narrow is not None else None
                if part is None:
                    rect = placed[ident] = paint_rect(item, size)
                    dirty.extend((was[1], rect))
                else:
                    dirty.append(device_rects(part, size))
        now = set(ids)
        dirty.extend(rect for ident, _item, _key, rect in old if ident not in now)
        return merge(dirty, size)

    def record(self, items: list, ids: list, keys: list, size, keep: bool, placed: dict | None = None) -> None:
        """Remember keys and rects (`keep`: the rects of items that did not change are
        kept, the size and context being the same; `placed`: rects diff() just worked out)."""
        before = {ident: (key, rect) for ident, _item, key, rect in self.records}
        placed = placed or {}
        records = []
        for item, ident, key in zip(items, ids, keys):
            was = before.get(ident)
            if keep and was is not None and was[0] == key:
                rect = was[1]
            else:
                rect = placed.get(ident, _UNPLACED)
                if rect is _UNPLACED:
                    rect = paint_rect(item, size)
            records.append((ident, item, key, rect))
        self.records = records

    def draw_all(self, items: list, what) -> None:
        """Draw every item on the layer.  Under a deadline (gfx.set_deadline: a first frame
        made over several frames) it stops between two items once the time is up, and the
        next drawing of the same items goes on from there if the items drawn still have the
        same keys (their pixels are then those of drawing them again; the ones after are
        drawn anyway): no item is drawn twice or half.  An item stops at its next new
        picture past the time too, half drawn: the next drawing first paints the items
        under it again where it paints (its half is gone; their pictures are made: they
        were drawn in the last drawing) and goes on from it.  Drawn again
        from the first item instead, every frame of a table's first frame at 10x repeated
        the whole table's blits to make a text or two."""
        deadline = gfx.take_deadline()
        start = 0
        if self.resume is not None:  # go on if the items and the keys of those drawn are the same
            (size, context, ids, keys), i, half = self.resume
            if (size, context, ids) == what[:3] and keys == tuple(what[3][:i]):
                for d in half or ():  # the items under the one stopped halfway, where it painted
                    self._repaint(d, upto=i)
                start = i
        self.resume = None
        try:
            for i in range(start, len(items)):
                if deadline is not None:
                    late = i > start and time.perf_counter() > deadline
                    make = getattr(items[i], "make_pictures", None)  # an object with many pictures makes them in parts
                    if late or (make is not None and not make(deadline)):
                        self.resume = ((*what[:3], tuple(what[3][:i])), i, None)
                        self.context = None  # not up to date: drawn again (from item i) next time
                        raise gfx.OutOfTime
                if deadline is not None:  # a new picture past it stops the item: one item making many
                    gfx.set_deadline(deadline)  # (a panel's words, a hand's faces) was a task of ~150 ms at 4x
                try:
                    items[i].draw(self.surface)
                except gfx.OutOfTime:  # out of time inside the item (a picture it makes): half drawn
                    painted = self.records[i][3]  # (recorded for these items by update(); None: anywhere)
                    self.resume = ((*what[:3], tuple(what[3][:i])), i, painted) if painted is not None else None
                    self.context = None
                    raise
                finally:
                    gfx.take_deadline()
        finally:
            gfx.set_deadline(deadline)

    def update(self, items: list, size, context, make_surface, keys=None, until: float | None = None,
               whole_until: float | None = None) -> list | None:
        """Bring the cached picture up to date; returns the device rects redrawn, or None
        when it was redrawn whole.  `until` (a perf_counter time): the rects still dirty
        after it, past the first, are left in ``pending`` for the next update.
        `whole_until`: a whole drawing stops at that time (OutOfTime) and goes on next time."""
        keys = [item.state_key() for item in items] if keys is None else keys
        item_ids = tuple(map(id, items))  # (the items last recorded are held in kept: their ids are theirs)
        if self._unchanged(item_ids, keys, size, context):
            return []
        ids = self._idents(items, item_ids)
        placed: dict = {}
        # the same objects as last recorded (a move changes keys, not the objects): the items
        # whose key changed are found in C and the records are changed only there
        kept = self.kept
        changed = list(compress(range(len(keys)), map(ne, kept[1], keys))) \
            if kept is not None and kept[2] == item_ids and len(self.records) == len(keys) else None
        if self.surface is None or self.surface.get_size() != tuple(size) or context != self.context:
            if self.surface is None or self.surface.get_size() != tuple(size):
                self.surface = make_surface(size)
            dirty = None
        else:
            dirty = self.diff(items, ids, keys, size, placed) if changed is None else self._diff_changed(items, keys, size, placed, changed)
            if dirty is not None and self.pending:
                dirty = merge([dirty, self.pending], size)
        self.pending = []
        # a whole drawing that goes on where it stopped: same size, context and items, so
        # the rects of items with the same keys are those recorded (asked again, a sixth of
        # each frame of a table's first frame, natively)
        going_on = self.resume is not None and self.resume[0][:3] == (tuple(size), context, ids)
        keep = dirty is not None or going_on
        if keep and changed is not None:
            self._record_changed(items, keys, size, placed, changed)
        else:
            self.record(items, ids, keys, size, keep=keep, placed=placed)
        self.kept = (list(items), list(keys), item_ids)
        self.context = context
        if dirty is None:
            if whole_until is not None:
                gfx.set_deadline(whole_until)  # draw_all takes it (and gives it back)
            self.draw_all(items, (tuple(size), context, ids, keys))
            return None
        left, done = list(dirty), []
        try:
            while left:
                if done and until is not None and time.perf_counter() > until:
                    break
                self._repaint(left[0])
                done.append(left.pop(0))
        finally:
            self.pending = left  # past `until`, or out of time inside one (half repainted): next time
        return done

    def _diff_changed(self, items: list, keys: list, size, placed: dict, changed: list) -> list | None:
        """diff() for the same items as last recorded, of which those at `changed` have new keys."""
        old = self.records
        dirty = []
        for i in changed:
            ident, _item, was_key, was_rect = old[i]
            item, key = items[i], keys[i]
            narrow = getattr(item, "changed_bounds", None)  # a part of the item that changed
            part = narrow(was_key, key) if narrow is not None else None
            if part is None:
                rect = placed[ident] = paint_rect(item, size)
                dirty.extend((was_rect, rect))
            else:
                dirty.append(device_rects(part, size))
        return merge(dirty, size)

    def _record_changed(self, items: list, keys: list, size, placed: dict, changed: list) -> None:
        """record() (keeping the rects of the others) for the same items as last recorded,
        of which those at `changed` have new keys."""
        records = list(self.records)
        for i in changed:
            ident = records[i][0]
            rect = placed.get(ident, _UNPLACED)
            records[i] = (ident, items[i], keys[i], paint_rect(items[i], size) if rect is _UNPLACED else rect)
        self.records = records

    def _idents(self, items: list, ids: tuple) -> list:
        """idents() of the items (`ids`: their ids), worked out again only for other objects
        than last time (the same objects are the same items: a move changes their keys, not
        who they are)."""
        if self._ids is None or self._ids[0] != ids:
            self._ids = (ids, idents(items), list(items))  # (the items held: their ids stay theirs)
        return self._ids[1]

    def _unchanged(self, item_ids: tuple, keys: list, size, context) -> bool:
        """The same objects with the same keys as last recorded, at the same size and context,
        nothing left to repaint: the layer is up to date.  Most frames are such (the cards in
        flight are top objects); diffing and recording them anyway was a tenth of a frame's
        drawing in the browser."""
        kept = self.kept
        if kept is None or self.pending or context != self.context or self.surface is None \
                or self.surface.get_size() != tuple(size) or keys != kept[1]:
            return False
        return item_ids == kept[2]

    def _repaint(self, d, upto: int | None = None) -> None:
        """Every item that paints into device rect d (of the first `upto`), drawn again in
        order, clipped to it."""
        surf = self.surface
        surf.set_clip(d)
        try:
            for _ident, item, _key, painted in self.records[:upto]:
                if touches(painted, d):
                    item.draw(surf)
        finally:
            surf.set_clip(None)



class Compositor:
    """The still layer plus the top objects as last presented on the window's surface."""

    def __init__(self):
        self.still = Layer()
        self.tops: list = []  # (item, key, device rect) of the top objects last presented
        self._top_ids: tuple = ()  # ...their ids (they are held here: no other object has them)
        self._top_keys: list = []  # ...their keys
        self.drawn = False  # a whole frame was drawn once (a first frame made over frames)
        self.waits = 0  # frames that ran out of time drawing the still layer whole (the frame key changes)
        self._waited = 0  # ...of them in a row

    def invalidate(self) -> None:
        self.still.invalidate()
        self._keep_tops([])

    def full(self, surf, items, tops, context, keys=None, top_keys=None) -> None:
        """The whole frame: the still layer (brought up to date) and the top objects.
        keys, top_keys: the items' state keys if already asked this frame."""
        size = surf.get_size()
        self.still.update(items, size, context, gfx.opaque, keys)
        surf.blit(self.still.surface, (0, 0))
        for top in tops:
            top.draw(surf)
        top_keys = [top.state_key() for top in tops] if top_keys is None else top_keys
        self._keep_tops([(top, key, paint_rect(top, size)) for top, key in zip(tops, top_keys)])
        self.drawn = True

    def prepare(self, items, size, context, keys=None) -> bool:
        """Before a whole frame (the painter's full path: a bubble or an overlay came), the
        still layer brought up to date as `partial` does, under WHOLE_ALONE_MS a frame in
        the browser; False when that ran out: the window keeps its last frame and the next
        frame goes on.  A new phase's first-time tip made the kitty's first frame one
        drawing of the whole layer, a task of 150-350 ms at 10x."""
        if SPREAD_MS is None or self._waited >= MAX_WAITS or self.still.surface is None:
            return True
        try:  # (a deadline only for a drawing of the whole layer: dirty rects are repainted whole)
            self.still.update(items, size, context, gfx.opaque, keys, whole_until=time.perf_counter() + WHOLE_ALONE_MS / 1000.0)
        except gfx.OutOfTime:
            self.waits += 1
            self._waited += 1
            return False
        finally:
            gfx.set_deadline(None)
        self._waited = 0
        return True

    def partial(self, surf, items, tops, context, keys=None, top_keys=None) -> list | None:
        """Update `surf`, which holds the last frame `full`/`partial` drew, where it changed;
        returns the device rects to present (None: it was redrawn whole)."""
        size = surf.get_size()
        # most frames have the same top objects as the last (the cards in flight, the dots
        # and a dozen idle ones): then they are matched by place, with no table of them made
        same_tops = self._top_ids == tuple(map(id, tops))
        if self.still.surface is None or self.still.surface.get_size() != size or \
                (not same_tops and not _same_order(list(self._top_ids), [id(t) for t in tops])):
            self.full(surf, items, tops, context, keys, top_keys)
            return None
        until = None if SPREAD_MS is None else time.perf_counter() + SPREAD_MS / 1000.0
        parts = until is not None and self._waited < MAX_WAITS
        whole_until = time.perf_counter() + WHOLE_MS / 1000.0 if parts else None
        try:
            still = self.still.update(items, size, context, gfx.opaque, keys, until, whole_until)
        except gfx.OutOfTime:
            self.waits += 1  # the window keeps its last frame; the next frame goes on
            self._waited += 1
            return []
        finally:
            if parts:
                gfx.set_deadline(None)
        self._waited = 0
        if still is None:
            self.full(surf, items, tops, context, keys, top_keys)
            return None
        top_keys = [top.state_key() for top in tops] if top_keys is None else top_keys
        dirty = [still] if still else []
        if same_tops:
            records = list(self.tops)
            # (the tops whose key changed, found in C: most frames one or two of a dozen)
            for i in compress(range(len(records)), map(ne, self._top_keys, top_keys)):
                was = records[i]
                rect = paint_rect(was[0], size)
                records[i] = (was[0], top_keys[i], rect)
                dirty.append(rect)
                dirty.append(was[2])
        else:
            before = {id(item): (key, rect) for item, key, rect in self.tops}
            now = {id(top) for top in tops}
            dirty.extend(rects for item, _key, rects in self.tops if id(item) not in now)
            records = []
            for top, key in zip(tops, top_keys):
                was = before.get(id(top))
                if was is not None and was[0] == key:
                    records.append((top, key, was[1]))
                    continue
                rect = paint_rect(top, size)
                records.append((top, key, rect))
                dirty.append(rect)
                if was is not None:
                    dirty.append(was[1])
        if same_tops:
            self.tops, self._top_keys = records, list(top_keys)  # (the same objects: their ids kept)
        else:
            self._keep_tops(records)
        if not dirty:
            return []
        rects = merge(dirty, size)
        if rects is None:
            self.full(surf, items, tops, context, keys, top_keys)
            return None
        base = self.still.surface
        painting = [(top, painted) for top, _key, painted in records if painted is None or painted]
        for d in rects:
            surf.set_clip(d)
            surf.blit(base, d, d)
            for top, painted in painting:
                if painted is None or d.collidelist(painted) >= 0:
                    top.draw(surf)
        surf.set_clip(None)
        return rects

    def _keep_tops(self, records: list) -> None:
        """The top objects as presented: (item, key, device rects) each, and who they are."""
        self.tops = records
        self._top_ids = tuple(id(top) for top, _key, _rects in records)
        self._top_keys = [key for _top, key, _rects in records]
