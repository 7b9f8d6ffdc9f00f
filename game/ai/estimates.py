"""The values of a decision's actions (what game/ai/evaluate.py works out): a few value
types of their own, so that in the browser, where a module's import is one task, making
them is not part of the evaluator's (game/engine/values.py: made without compiling their methods)."""

from __future__ import annotations

from game.engine import Action

from ..engine.values import value_type


@value_type(frozen=True)
class Estimate:
    """One candidate action and what it is worth to the deciding seat."""

    action: Action
    points: float  # expected points for the deal
    tricks: float  # expected tricks the seat ends the deal with
    score: float  # what the ranking compares (points, or points over the contract's baseline)
    worlds: int  # sampled worlds behind the figures
    samples: tuple[float, ...] = ()  # points in each world, in the order the worlds were drawn


@value_type(frozen=True)
class Evaluation:
    """All legal actions of one decision, best first (ties broken as the hard player does)."""

    seat: int
    kind: str  # declare, give, discard or play
    estimates: tuple[Estimate, ...]
    baseline: bool = False  # contract ranking relative to each contract's average (contracts once)
    seen_only: bool = False  # contract ranked by rules of thumb on the six cards seen, as the hard player does

    @property
    def best(self) -> Estimate:
        return self.estimates[0]

    @property
    def runner_up(self) -> Estimate | None:
        """The best action worth less than the best (equivalent cards share its value), else
        the second action when all are worth the same; None when the action is forced."""
        for e in self.estimates[1:]:
            if e.score < self.best.score - 1e-9:
                return e
        return self.estimates[1] if len(self.estimates) > 1 else None

    @property
    def forced(self) -> bool:
        return len(self.estimates) == 1

    def estimate(self, action) -> Estimate:
        action = Action.parse(action)
        for e in self.estimates:
            if e.action == action:
                return e
        raise ValueError(f"{action} is not a legal action of this decision")

    def cost(self, action) -> float:
        """Expected points lost by `action` against the best (0 for the best itself)."""
        return max(0.0, self.best.score - self.estimate(action).score)

    def noise(self, action) -> float:
        """Standard error of that cost: the spread of best-minus-action over the worlds both
        were tried in (the same worlds, so the luck of the deal cancels).  A cost within two
        of these is sampling noise rather than a mistake."""
        a, b = self.best.samples, self.estimate(action).samples
        n = min(len(a), len(b))
        if n < 2 or self.seen_only:  # a rule of thumb has no sampling noise
            return 0.0
        diffs = [x - y for x, y in zip(a[:n], b[:n])]
        mean = sum(diffs) / n
        return (sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) ** 0.5
