"""Analysis after a deal or a game: the human's decisions the hard player's evaluation
would have taken differently, with their estimated cost in points, largest first.

Why a step object: each decision is re-evaluated from the seat's view at that moment
(game/ai/evaluate.py), a few dozen milliseconds natively and more in the browser, so the
scene calls ``Analysis.step(budget_ms)`` once per frame and shows ``progress`` until
``done``.  Pure Python, no pygame: the same code serves the native game, the browser, the
record viewer and the tests.  The deal's four hands (three hands and the kitty) come with
each deal's analysis, for showing face up once the deal is over.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from game.ai.evaluate import Evaluation, Evaluator
from game.engine import Action, Card, View
from game.engine.history import replayed

MIN_COST = 0.1  # points; smaller differences are not worth showing (larger ones must also
# exceed twice their standard error over the sampled worlds: Evaluation.noise)


@dataclass(frozen=True)
class Mistake:
    """One decision where another action was preferred."""

    deal_number: int  # 0-based, as in Match.deals
    index: int  # position of the action in Match.history
    trick: int | None  # 1-based trick number for card play, else None
    view: View  # what the seat saw when deciding (for redrawing the moment)
    chosen: Action
    evaluation: Evaluation  # every candidate's value; .best is the preferred action

    @property
    def best(self) -> Action:
        return self.evaluation.best.action

    @property
    def cost(self) -> float:
        """Expected points the chosen action lost against the best."""
        return self.evaluation.cost(self.chosen)


@dataclass
class DealAnalysis:
    deal_number: int
    seat: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]  # as dealt
    kitty: tuple[Card, ...]
    discards: tuple[Card, ...]
    points: tuple[int, int, int] | None
    decisions: int = 0  # decisions of the seat that were evaluated (forced ones are not)
    mistakes: list[Mistake] = field(default_factory=list)  # largest cost first
    contract: str | None = None  # the deal's contract (its trumps come first where hands are shown)

    @property
    def cost(self) -> float:
        return sum(m.cost for m in self.mistakes)


class Analysis:
    """Re-evaluates `seat`'s decisions in the finished deals of `match` (all, or the numbers
    given), one slice per ``step(budget_ms)``.  ``seed`` and evaluator settings make it repeatable."""

    def __init__(self, match, seat: int, deals=None, seed: int = 0, min_cost: float = MIN_COST, **settings):
        if seat not in (0, 1, 2):
            raise ValueError(f"no seat {seat!r}: seats are 0, 1 and 2")
        finished = {d.number: d for d in match.deals}
        wanted = sorted(finished) if deals is None else list(deals)
        missing = [n for n in wanted if n not in finished]
        if missing:
            raise ValueError(f"deal {missing[0] + 1} is not finished: only finished deals are analysed")
        self.seat = seat
        self.min_cost = min_cost
        self.deals = {n: DealAnalysis(n, seat, finished[n].hands, finished[n].kitty, tuple(finished[n].discards),
                                      finished[n].points, contract=finished[n].contract) for n in wanted}
        self._todo: list[tuple[int, View, Action]] = []
        self._replay = self._decisions(match, set(wanted))  # run by step(): no long first frame
        self.evaluated = 0
        self._evaluator = Evaluator(seed, **settings)
        self._current = None

    def _decisions(self, match, wanted: set):
        """Generator, one action per step: replays the match and collects (history index,
        view, action) of every unforced decision of the seat in the wanted deals.  Sliced
        because replaying a whole game takes a few hundred ms in the browser."""
        m = replayed(match, 0)
        for i, action in enumerate(match.history):
            if m.to_act == self.seat and m.deal_number in wanted and len(m.legal_actions()) > 1:
                self._todo.append((i, m.view(self.seat), action))
            m.apply(action)
            yield

    def _replay_until(self, end: float | None = None) -> bool:
        """Collect decisions until perf_counter() passes `end` (None: to the end); True when all are."""
        while self._replay is not None:
            try:
                next(self._replay)
            except StopIteration:
                self._replay = None
                break
            if end is not None and time.perf_counter() >= end:
                return False
        return True

    @property
    def collected(self) -> bool:
        """True once the decisions to evaluate are known (``total`` is then free to read)."""
        return self._replay is None

    @property
    def total(self) -> int:
        """How many decisions are evaluated (collects them all first if need be)."""
        self._replay_until()
        return len(self._todo)

    @property
    def done(self) -> bool:
        return self._replay is None and self.evaluated == len(self._todo)

    @property
    def progress(self) -> float:
        if self._replay is not None:
            return 0.0
        return 1.0 if not self._todo else self.evaluated / len(self._todo)

    def step(self, budget_ms: float = 8.0) -> bool:
        """Work for about budget_ms; True once every decision is evaluated."""
        end = time.perf_counter() + budget_ms / 1000.0
        if not self._replay_until(end):
            return False
        while not self.done:
            index, view, action = self._todo[self.evaluated]
            result = self._evaluator.think(view, max(0.0, (end - time.perf_counter()) * 1000.0))
            if result is None:
                break  # the evaluator stopped before a step that would pass the slice
            self._record(index, view, action, result)
            self.evaluated += 1
            if time.perf_counter() >= end:
                break
        return self.done

    def run(self) -> "Analysis":
        """Everything at once (tools, tests, native)."""
        while not self.step(1000.0):
            pass
        return self

    def _record(self, index: int, view: View, action: Action, evaluation: Evaluation) -> None:
        deal = self.deals[view.deal_number]
        deal.decisions += 1
        cost = evaluation.cost(action)
        if cost < self.min_cost or cost <= 2 * evaluation.noise(action):
            return  # as good, or within the sampling noise of the best
        trick = len(view.tricks) + 1 if action.kind == "play" else None
        deal.mistakes.append(Mistake(view.deal_number, index, trick, view, action, evaluation))
        deal.mistakes.sort(key=lambda m: (-m.cost, m.index))

    @property
    def mistakes(self) -> list[Mistake]:
        """All deals' mistakes found so far, largest cost first (the game's review)."""
        return sorted((m for d in self.deals.values() for m in d.mistakes), key=lambda m: (-m.cost, m.index))


def analyse(match, seat: int, deals=None, seed: int = 0, **settings) -> Analysis:
    """The whole analysis at once."""
    return Analysis(match, seat, deals, seed, **settings).run()


__all__ = ["Analysis", "DealAnalysis", "Mistake", "analyse", "MIN_COST"]
