"""Tweens and a timeline: groups of parallel tweens played one group after another.

Durations are multiplied by the app's speed factor when added; with factor 0 every tween
finishes on the next update.  ``skip()`` finishes everything at once (a click skips), up to
a ``Hold``: a pause that lasts until it is released (a finished trick left on the table
until the player taps to collect it).
"""

from __future__ import annotations

from collections import deque


def linear(t: float) -> float:
    return t


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp2(a, b, t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


class Tween:
    __slots__ = ("duration", "delay", "update", "start", "done", "ease", "elapsed", "started", "finished", "barrier")

    def __init__(self, duration=0.0, update=None, start=None, done=None, delay=0.0, ease=ease_out):
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.update, self.start, self.done, self.ease = update, start, done, ease
        self.elapsed = 0.0
        self.started = self.finished = False
        self.barrier = False  # skip() stops after the group holding a barrier

    def advance(self, dt: float) -> bool:
        """Move on by dt seconds; returns True when finished."""
        if self.finished:
            return True
        self.elapsed += dt
        if self.elapsed < self.delay:
            return False
        if not self.started:
            self.started = True
            if self.start:
                self.start()
        t = 1.0 if self.duration <= 0 else min(1.0, (self.elapsed - self.delay) / self.duration)
        if self.update:
            self.update(self.ease(t))
        if t >= 1.0:
            self.finished = True
            if self.done:
                self.done()
        return self.finished

    def finish(self) -> None:
        if not self.finished:
            self.elapsed = self.delay + self.duration
            self.advance(0.0)


class Hold(Tween):
    """A pause that lasts until ``release()`` (its start runs when it is reached)."""

    __slots__ = ("released",)

    def __init__(self, start=None, done=None):
        super().__init__(0.0, start=start, done=done)
        self.released = False

    def advance(self, dt: float) -> bool:
        if self.released:
            return super().advance(dt)
        if not self.started:
            self.started = True
            if self.start:
                self.start()
        return False

    def finish(self) -> None:
        if self.released:
            super().finish()


def _holds(group) -> bool:
    return any(isinstance(t, Hold) and not t.released for t in group)


class Timeline:
    def __init__(self, speed: float = 1.0):
        self.speed = speed
        self.groups: deque[list[Tween]] = deque()
        self.current: list[Tween] | None = None
        self.skippable = True

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.groups)

    def _scaled(self, tw: Tween) -> Tween:
        tw.duration *= self.speed
        tw.delay *= self.speed
        return tw

    def then(self, *tweens: Tween) -> "Timeline":
        """Append a group of tweens that run together after everything queued so far."""
        self.groups.append([self._scaled(t) for t in tweens])
        return self

    def add(self, tween: Tween) -> "Timeline":
        """Add a tween to the last queued group (runs in parallel with it)."""
        if self.groups:
            self.groups[-1].append(self._scaled(tween))
        else:
            self.then(tween)
        return self

    def call(self, fn, barrier: bool = False) -> "Timeline":
        tw = Tween(0.0, done=fn)
        tw.barrier = barrier
        return self.then(tw)

    def wait(self, seconds: float, start=None, done=None, minimum: float = 0.0) -> "Timeline":
        """A pause of `seconds` at normal speed; never shorter than `minimum` seconds, even at
        Instant (things the player must see for a moment)."""
        self.then(Tween(seconds, start=start, done=done))
        tw = self.groups[-1][0]
        tw.duration = max(tw.duration, minimum)
        return self

    def hold(self, start=None, done=None) -> "Timeline":
        """A pause until ``release()``: ``skip()`` stops at it (a tap then releases it)."""
        return self.then(Hold(start=start, done=done))

    @property
    def holding(self) -> bool:
        """A Hold is reached and waits to be released."""
        return self.current is not None and any(isinstance(t, Hold) and t.started and not t.released for t in self.current)

    def release(self) -> bool:
        """Let the Hold that waits go on; False when none waits."""
        if not self.holding:
            return False
        for t in self.current:
            if isinstance(t, Hold):
                t.released = True
        return True

    def update(self, dt: float) -> None:
        budget = 64  # groups finishing instantly chain on within one frame
        while budget:
            budget -= 1
            if self.current is None:
                if not self.groups:
                    return
                self.current = self.groups.popleft()
            group = self.current
            alive = [t for t in group if not t.advance(dt)]
            if alive:
                self.current = alive
                return
            self.current = None
            dt = 0.0
            if any(t.barrier for t in group):
                return

    def skip(self) -> None:
        """Finish everything up to a barrier; a Hold is reached (started) and waited at, and
        a Hold that waits already is released (what comes after it then plays)."""
        if self.release():
            return
        guard = 10000
        while self.busy and guard:
            guard -= 1
            if self.current is None:
                self.current = self.groups.popleft()
            if _holds(self.current):
                for t in self.current:
                    t.advance(0.0)
                return
            group, self.current = self.current, None
            for t in group:
                t.finish()
            if any(t.barrier for t in group):
                return

    def clear(self) -> None:
        self.groups.clear()
        self.current = None
