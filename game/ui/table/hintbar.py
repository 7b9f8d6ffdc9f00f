"""The hint (button and key H): the `hard` player's evaluation of the human's decision,
computed from the human's View only and sliced across frames like the computer players'
think, then the suggested action highlighted on the table with one line of reason.

The bar is opaque, its words never smaller than the table's size for them (a row more
instead), and it lies over no card of the hand and no button of the step: in the declare
panel, in the room the panel keeps under its contracts; else just above the hand.

Why sliced here rather than through ``Evaluator.think``: the same generator and the same
slice keeper (game/ai/slicing.py: a frame stops before a step that would pass its slice),
but counting the generator's UNIT steps gives the progress bar.  Work is counted in worlds,
so the result is exactly ``Evaluator(seed).evaluate(view)`` however the frames cut it.
"""

from __future__ import annotations

import sys
import time

import pygame

from ... import i18n
from ...ai import reasons
from ...ai.evaluate import UNIT, Evaluator, reason
from ...ai.players import view_key
from ...ai.slicing import SliceKeeper
from ...i18n import t, why
from .. import art
from ..draw import gfx
from . import layout
from .base import TableObject

DECIDING = ("declare", "exchange", "discard", "play")  # phases where the human may ask
SLICE_MS = 4.0 if sys.platform == "emscripten" else 8.0  # a browser frame must stay short
MAX_ROWS = 3  # the hint's words: the reason, and its figures when three rows hold both
PAD_X, PAD_Y = 12, 7
MIN_H = 30  # the thinking bar's label and track


def hint_seed(session) -> int:
    """The evaluator's seed for this game: the same position always gets the same hint."""
    return session.match.seed


def discard_set(view, card) -> frozenset:
    """`card` completed to a whole discard the way the evaluator valued it (rules of thumb)."""
    return frozenset(reasons.discard_set(view, card))


class HintBar(TableObject):
    layer = "top"
    paint_margin = 14  # the panel's shadow

    def __init__(self, table):
        super().__init__(table)
        self.reset()

    def reset(self) -> None:
        self._job = None
        self._key = None
        self._slices = SliceKeeper()
        self.evaluation = None
        self.why = None  # the fact that explains the choice (game/ai/reasons.py)
        self.cards: frozenset = frozenset()  # cards of the hand the hint points at
        self.steps = 0
        self.expected = 1
        self.started = 0.0
        self.latency_ms = None  # from the request to the hint shown (tools measure it)
        self.frames = 0
        self._save_due = False
        self._placed = None  # (what the bar's place was worked out for, the place)

    # --- asking ----------------------------------------------------------------------
    def available(self) -> bool:
        table, v = self.table, self.v
        return table.my_turn() and v.phase in DECIDING and bool(v.legal) and not self.board.dealing

    @property
    def thinking(self) -> bool:
        return self._job is not None

    def request(self) -> bool:
        """Start (or show again) the hint for the decision now on the table; False when the
        human has nothing to decide now."""
        if not self.available():
            return False
        v = self.v
        key = self._position()
        if key == self._key and (self.thinking or self.evaluation is not None):
            return True
        self.reset()
        evaluator = Evaluator(hint_seed(self.table.session))
        self._job, self._key = self._counted(evaluator.steps(v)), key
        s, n = evaluator.settings, len(v.legal)
        kind = v.legal[0].kind
        self.expected = max(1, {"play": s["worlds"] * n, "declare": s["declare_worlds"] * n,
                                "give": s["sim_worlds"] * n, "discard": n + s["sim_worlds"] * n}[kind])
        self.started = time.perf_counter()
        return True

    def _position(self):
        """What the hint was for: the decision shown and the match it came from (the table's
        view lags the match while cards fly, so a move or an undo is seen here at once)."""
        match = self.table.session.match
        return view_key(self.v), id(match), len(match.history)

    def current(self):
        """The finished evaluation if it is for the decision now on the table."""
        if self._key is None:  # no hint asked (most frames: asked three times in each)
            return None
        return self.evaluation if self._key == self._position() else None

    # --- frame -----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self._save_due:  # the counter is saved a frame after the hint is first drawn
            self._save_due = False
            self.table.session.save()
        if self._key is not None and self._key != self._position():
            self.reset()  # the human acted (or undid): the hint was for another decision
            return
        if self._job is None:
            return
        self.frames += 1
        try:
            done, evaluation = self._slices.run(self._job, SLICE_MS, time.perf_counter)
        except Exception:  # a fault in the evaluation must not cost the game: no hint
            self.reset()
            self.table.refuse(t("hint.failed"))
            return
        if done:
            self._finish(evaluation)

    def _counted(self, job):
        """The evaluation's steps, counting its UNITs (candidates tried in a world) for the bar."""
        while True:
            try:
                unit = next(job)
            except StopIteration as stop:
                return stop.value
            if unit == UNIT:
                self.steps += 1
            yield

    def _finish(self, evaluation) -> None:
        self._job = None
        self.evaluation = evaluation
        try:
            self.why = reasons.explain(self.v, evaluation)
        except Exception:  # a reason that cannot be found must not cost the hint: the figures stay
            self.why = None
        self.latency_ms = (time.perf_counter() - self.started) * 1000.0
        best = evaluation.best.action
        if best.kind == "discard":
            self.cards = discard_set(self.v, best.card)
        elif best.card is not None:
            self.cards = frozenset({best.card})
        self.table.session.hints_used += 1
        self._save_due = True  # not in this frame: it also draws the hint (browser frames stay short)

    def progress(self) -> float:
        return min(0.97, self.steps / self.expected)

    def shown_progress(self) -> float:
        """The progress the bar draws: in 40 steps, so the picture changes only with the key."""
        return int(self.progress() * 40) / 40

    def contract(self):
        ev = self.current()
        return ev.best.action.contract if ev is not None and ev.kind == "declare" else None

    def hand_cards(self) -> frozenset:
        return self.cards if self.current() is not None else frozenset()

    def sentence(self, ev) -> str:
        """Why, in words (the whole discard named), else the evaluator's figures alone."""
        if self.why is None:
            line = reason(ev)
            rest = [c for c in self.table.sort(self.cards) if ev.kind == "discard" and c != ev.best.action.card]
            if rest:  # the whole discard the value was for glows: name the other cards too
                line += " " + t("hint.discard_rest", cards=" ".join(c.pretty() for c in rest))
            return line
        return why.sentence(self.why, [self.table.seat_name(s) for s in range(3)])

    def line(self, ev, width: int, rows: int = MAX_ROWS) -> str:
        """The hint's text: the reason, and the figures behind it where `rows` rows of the
        hint's size hold both at `width`."""
        text = t("hint.title") + " " + self.sentence(ev)
        if self.why is None or ev.forced:
            return text
        more = text + " " + why.figures(ev.best.tricks, ev.best.points)
        return more if len(gfx.wrap(more, self.text_size(), width)) <= rows else text

    # --- where ---------------------------------------------------------------------
    @staticmethod
    def text_size() -> int:
        """Never below the table's own size for it (nor shrunk to fit: a row more instead)."""
        return layout.now().size("hint")

    def frame(self) -> tuple[pygame.Rect, int]:
        """(the rect the bar may fill, growing up from its bottom edge; the most rows of text
        it may have).  Never over the hand's cards nor the step's buttons: in the declare
        panel, the room it keeps under its contracts; else on a phone just above the hand
        and the player's plate; on a wide table where the table's layout puts it."""
        lay = layout.now()
        panel = self.table.declare_panel
        if panel.shown() and not lay.wide:
            slot = panel.hint_slot()
            return slot, max(1, (slot.h - 2 * PAD_Y) // gfx.line_height(self.text_size(), False, 2))
        if lay.wide:
            return lay.hint_bar, MAX_ROWS
        room = self.table.hand.room()
        bottom = (lay.bottom_plate(room).top if lay.tall else lay.highest_top(room)) - 4
        top = lay.top_bar.bottom + 4
        return pygame.Rect(lay.hint_bar.left, top, lay.hint_bar.w, bottom - top), MAX_ROWS

    def _words(self, width: int, rows: int) -> str:
        ev = self.current()
        return t("hint.thinking") if ev is None else self.line(ev, width, rows)

    def bounds(self):
        """As tall as its words, on the frame's bottom edge (worked out again only when the
        hint, the layout, the hand's room or the language change: asked every frame)."""
        lay = layout.now()
        key = (self._key, self.thinking, self.evaluation is not None, id(lay), self.table.hand.room(),
               self.table.declare_panel.shown(), i18n.language())
        if self._placed is None or self._placed[0] != key:
            self._placed = (key, self._fit())
        return self._placed[1].copy()

    def _fit(self) -> pygame.Rect:
        frame, most = self.frame()
        width = frame.w - 2 * PAD_X
        rows = 1 if self.thinking else max(1, min(most, len(gfx.wrap(self._words(width, most), self.text_size(), width))))
        h = max(MIN_H, rows * gfx.line_height(self.text_size(), False, 2) + 2 * PAD_Y)
        return pygame.Rect(frame.left, frame.bottom - h, frame.w, h)

    # --- drawing ---------------------------------------------------------------------
    def state_key(self):
        if self.thinking:
            return ("thinking", self.shown_progress(), tuple(self.bounds()))
        ev = self.current()
        return None if ev is None else ("hint", ev.best.action, i18n.language(), self.table.declare_panel.shown(), tuple(self.bounds()))

    def paint_bounds(self):
        """The bar with its shadow, and the outline around the suggested contract's button."""
        rects = [self.bounds().inflate(2 * self.paint_margin, 2 * self.paint_margin)]
        contract = self.contract()
        if contract is not None and self.table.declare_panel.shown():
            rects.append(self.table.declare_panel.button_rect(contract).inflate(28, 28))
        return rects

    def draw(self, surf) -> None:
        bar = self.bounds()
        size = self.text_size()
        if self.thinking:
            gfx.blit_panel(surf, bar, alpha=255, over=True)
            label = gfx.ellipsize(t("hint.thinking"), size, bar.w // 2, True)
            gfx.blit_text(surf, label, size, (bar.left + 16, bar.centery), gfx.CREAM, True, "midleft", box=bar)
            track = pygame.Rect(bar.left + 28 + gfx.text_width(label, size, True), bar.centery - 6, 0, 12)
            track.width = bar.right - 20 - track.left
            gfx.rect(surf, gfx.PANEL_EDGE, track, 1, 6)
            done = track.copy()
            done.width = max(12, int(track.width * self.shown_progress()))
            gfx.rect(surf, art.HINT, done, 0, 6)
            return
        ev = self.current()
        if ev is None:
            return
        gfx.blit_panel(surf, bar, alpha=255, edge=art.HINT, over=True)  # opaque: nothing under it shows through its words
        frame, most = self.frame()
        width = bar.w - 2 * PAD_X
        line = self.line(ev, width, most)
        lh = gfx.line_height(size, False, 2)
        rows = (bar.h - 2 * PAD_Y) // lh
        top = bar.centery - min(rows, len(gfx.wrap(line, size, width))) * lh // 2
        gfx.blit_wrapped(surf, line, size, pygame.Rect(bar.left + PAD_X, top, width, rows * lh), gfx.CREAM,
                         align="center", line_gap=2, max_lines=rows)
        contract = self.contract()
        if contract is not None and self.table.declare_panel.shown():
            r = self.table.declare_panel.button_rect(contract).inflate(10, 10)
            gfx.rect(surf, art.HINT, r, 4, 12)
            gfx.blit(surf, art.mark("hint", gfx.px(20)), (r.right - 6, r.top + 6), "center")  # the hint's own mark, as on a card

