"""The player interface: choose(view) -> Action, think(view, budget_ms) in slices, reset().

Every player decides through a generator that yields between slices of work and returns
the action, so the browser's frame loop can call `think` once per frame (no threads).
"""

from __future__ import annotations

import random
import time

from game import perf
from game.engine import CARDS, Action

from . import heuristic as H
from .knowledge import knowledge
from .slicing import SliceKeeper


def view_key(view):
    """What identifies a decision: the same view object, or an equal situation."""
    return (view.seat, view.deal_number, view.phase, view.hand_mask, view.played_mask, len(view.exchange),
            view.hand_sizes, view.trick, view.legal)


class Player:
    name = "player"
    table = (None, None, None)  # the seats' strengths as told by meet(); None is a person

    def __init__(self, seed=None):
        self.seed = seed
        self.rng = random.Random(seed)
        self._job = None
        self._key = None
        self._slices = SliceKeeper()  # think(): overrun owed and expected step cost

    def reset(self) -> None:
        self._job = None
        self._key = None

    def meet(self, strengths) -> None:
        """Told who sits at the table: each seat's computer strength, None for a person.
        Only the expert's learned inference uses it (a model per strength of the others);
        the rest play the cards alone."""
        self.table = tuple(strengths)

    def steps(self, view):
        """Generator: yields while working, returns the Action."""
        return self.decide(view)
        yield  # pragma: no cover  (makes this a generator)

    def decide(self, view) -> Action:
        raise NotImplementedError

    def choose(self, view) -> Action:
        if not view.legal:
            raise ValueError("not this seat's turn")
        if len(view.legal) == 1:
            return view.legal[0]
        gen = self.steps(view)
        while True:
            try:
                next(gen)
            except StopIteration as stop:
                self.reset()
                return stop.value

    # think() keeps to its slice (game/ai/slicing.py): it stops before a step that would
    # likely run past the budget, and time a slice ran over is taken off the next slice of
    # the same decision.  Every call makes at least one step.
    clock = staticmethod(time.perf_counter)  # seconds; tests drive a fake clock

    def think(self, view, budget_ms: float = 8.0):
        """Work for about budget_ms; the Action when done, else None (call again)."""
        if not view.legal:
            return None
        if len(view.legal) == 1:
            return view.legal[0]
        key = view_key(view)
        if self._job is None or key != self._key:
            self._job, self._key = self.steps(view), key
            self._slices.reset()
        clock = self.clock
        start = clock()
        try:
            done, action = self._slices.run(self._job, budget_ms, clock)
            if done:
                self._job = self._key = None
            return action
        finally:
            perf.think_slice((clock() - start) * 1000.0, budget_ms)

    def slice_state(self) -> tuple[float, float]:
        """(overrun carried to the next slice, expected step cost), in ms: for tests and tools."""
        return self._slices.state_ms()


class RandomPlayer(Player):
    """Uniformly random legal actions: the floor for every comparison."""

    name = "random"

    def decide(self, view) -> Action:
        return self.rng.choice(view.legal)


class HeuristicPlayer(Player):
    """Fast rules of thumb for every decision."""

    name = "heuristic"

    def decide(self, view) -> Action:
        kind = view.legal[0].kind
        if kind == "declare":
            return self.declare(view)
        know = knowledge(view)
        if kind == "give":
            return self.give(view, know)
        if kind == "discard":
            return Action.discard(CARDS[H.choose_discard(view.hand_mask, view.trump, view.contract == "MT",
                                                          know.unknown, 4 - len(view.discards or ()))])
        return Action.play(CARDS[H.play_card(view, know)])

    def declare(self, view) -> Action:
        options = [a.contract for a in view.legal]
        c = H.choose_contract(view.hand_mask, options, view.rules.contracts_once)
        return Action.declare(c)

    def give(self, view, know) -> Action:
        receiver = next(r for g, r in view.exchange_plan[len(view.exchange):] if g == view.seat)
        allowed = know.allowed[know.holders.index(receiver)]
        card = H.choose_pass(view.hand_mask, know.unknown, allowed, view.trump)
        return Action.give(CARDS[card])


class EasyPlayer(HeuristicPlayer):
    """The heuristic with human-like slips: now and then the wrong card of the right suit,
    or a less fitting contract; always legal."""

    name = "easy"
    slip = 0.25

    def decide(self, view) -> Action:
        action = super().decide(view)
        if self.rng.random() >= self.slip:
            return action
        if action.kind == "play":
            same = [a for a in view.legal if a.card.suit == action.card.suit]
            return self.rng.choice(same)
        if action.kind == "declare":
            return self.rng.choice(view.legal)
        return action
