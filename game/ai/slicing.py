"""Running a step generator in frame-sized slices without passing the budget.

Why shared: the computer players' think() and the evaluator behind the hint and
the analysis both run a generator once per frame, and a browser frame must stay
short however long a single step is.  The keeper stops before a step that would likely run
past the budget (a step is expected to cost about as much as the recent ones), and time a
slice ran over is taken off the next slice of the same job, so a frame that held a long
step is followed by a short one.  Every call makes at least one step.  Where the job is cut
never changes what it computes: that is counted in work, not time.
"""

from __future__ import annotations


class SliceKeeper:
    """The slicing state of one job: overrun owed and the expected cost of a step."""

    STEP_DECAY = 0.5  # how fast the expected step cost forgets one long step
    MAX_DEBT = 1.0  # budgets of overrun carried at most (one long step: one short slice)

    def __init__(self):
        self.debt = 0.0  # s the slices of this job ran past their budgets
        self.step = 0.0  # s a step is expected to take
        self.longest = 0.0  # s the longest step of the last slice (a caller choosing its frames reads it)

    def reset(self) -> None:
        """A new job: no debt, no expectation."""
        self.debt = self.step = 0.0

    def run(self, job, budget_ms: float, clock, stop_on=None) -> tuple[bool, object]:
        """Steps `job` (a generator) for about budget_ms of `clock` (seconds);
        (True, its return value) when it finished, else (False, None).  A step that yields
        `stop_on` (when given) ends the slice at once: the job waits for something no
        further step this frame can bring (an answer that comes between frames)."""
        budget = max(0.0, budget_ms) / 1000.0
        allowed = budget - self.debt
        start = now = clock()
        self.longest = 0.0
        while True:
            before = now
            try:
                said = next(job)
            except StopIteration as stop:
                self.longest = max(self.longest, clock() - before)
                return True, stop.value
            now = clock()
            self.longest = max(self.longest, now - before)
            if stop_on is not None and said is stop_on:
                self.debt = min(self.MAX_DEBT * budget, max(0.0, self.debt + (now - start) - budget))
                return False, None
            self.step = max(now - before, self.step * self.STEP_DECAY)
            if now - start + self.step > allowed:
                self.debt = min(self.MAX_DEBT * budget, max(0.0, self.debt + (now - start) - budget))
                return False, None

    def state_ms(self) -> tuple[float, float]:
        """(overrun carried to the next slice, expected step cost), in ms: for tests and tools."""
        return self.debt * 1000.0, self.step * 1000.0


__all__ = ["SliceKeeper"]
