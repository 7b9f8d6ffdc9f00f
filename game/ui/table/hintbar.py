"""The hint (button and key H): the `hard` player's evaluation of the human's decision,
computed from the human's View only and sliced across frames like the computer players'
think, then the suggested action highlighted on the table with one line of reason.

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
from .. import art, gfx
from . import layout
from .base import TableObject

DECIDING = ("declare", "exchange", "discard", "play")  # phases where the human may ask
SLICE_MS = 4.0 if sys.platform == "emscripten" else 8.0  # a browser frame must stay short


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

    def line(self, ev, width: int) -> str:
        """The hint's text: the reason, and the figures behind it where three lines hold both."""
        text = t("hint.title") + " " + self.sentence(ev)
        if self.why is None or ev.forced:
            return text
        more = text + " " + why.figures(ev.best.tricks, ev.best.points)
        small = gfx.MIN_TEXT + 1
        rows = max(1, min(3, (self.bounds().h - 6) // gfx.line_height(small, False, 2)))
        return more if len(gfx.wrap(more, small, width)) <= rows else text

    # --- drawing ---------------------------------------------------------------------
    def state_key(self):
        if self.thinking:
            return ("thinking", self.shown_progress())
        ev = self.current()
        return None if ev is None else ("hint", ev.best.action, i18n.language(), self.table.declare_panel.shown())

    def bounds(self):
        return layout.now().hint_bar

    def paint_bounds(self):
        """The bar with its shadow, and the outline around the suggested contract's button."""
        rects = [self.bounds().inflate(2 * self.paint_margin, 2 * self.paint_margin)]
        contract = self.contract()
        if contract is not None and self.table.declare_panel.shown():
            rects.append(self.table.declare_panel.button_rect(contract).inflate(28, 28))
        return rects

    def draw(self, surf) -> None:
        bar = self.bounds()
        size = layout.now().size("hint")
        if self.thinking:
            gfx.blit_panel(surf, bar, alpha=235, over=True)
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
        gfx.blit_panel(surf, bar, alpha=240, edge=art.HINT, over=True)
        line = self.line(ev, bar.w - 24)
        fitted = gfx.fit_size(line, size, bar.w - 24, False, gfx.MIN_TEXT + 1)
        if gfx.text_width(line, fitted) <= bar.w - 24:
            gfx.blit_text(surf, line, fitted, bar.center, gfx.CREAM, False, "center", box=bar)
        else:
            small = gfx.MIN_TEXT + 1
            lh = gfx.line_height(small, False, 2)
            rows = max(1, min(3, (bar.h - 6) // lh))
            gfx.blit_wrapped(surf, line, small, pygame.Rect(bar.left + 12, bar.centery - rows * lh // 2, bar.w - 24, rows * lh), gfx.CREAM,
                             align="center", line_gap=2, max_lines=rows)
        contract = self.contract()
        if contract is not None and self.table.declare_panel.shown():
            r = self.table.declare_panel.button_rect(contract).inflate(10, 10)
            gfx.rect(surf, art.HINT, r, 4, 12)
            gfx.blit(surf, art.mark("hint", gfx.px(20)), (r.right - 6, r.top + 6), "center")  # the hint's own mark, as on a card
