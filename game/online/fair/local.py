"""Three fair-dealing devices on one machine, joined by the in-memory hub: for the tests
and the benchmark, which drive whole matches without a network."""

from __future__ import annotations

import random
import time

from .device import FairDevice
from .messages import MemoryHub


class LocalTable:
    """Three devices (`devices[seat]`) and the hub between them.  `choosers[seat]` decides
    for a seat from its own tracker's view (a game.ai player's choose, in tests)."""

    def __init__(self, rules, dealer: int, choosers, device_class=FairDevice, game: str = "local", seed=None):
        self.hub = MemoryHub()
        classes = device_class if isinstance(device_class, (list, tuple)) else [device_class] * 3
        # `seed`: the same deals on every run (each device's seed drawn from it); None: fresh ones
        seeds = [None] * 3 if seed is None else [random.Random(f"{seed}/{s}").randbytes(32) for s in range(3)]
        self.devices = [classes[s](s, rules, dealer, self.hub.send, choosers[s], game, seeds[s]) for s in range(3)]
        for d in self.devices:
            self.hub.attach(d)
        self.busy = [0.0, 0.0, 0.0]  # seconds each device spent working
        self.ops = [0, 0, 0]  # slices (group operations) each device ran

    def run(self, on_step=None, limit: int = 1_000_000) -> None:
        """Runs until no device has anything to do; `on_step(table)` after each round."""
        for _ in range(limit):
            worked = False
            for seat, d in enumerate(self.devices):
                start = time.perf_counter()
                for _ in d.steps():
                    self.ops[seat] += 1
                self.busy[seat] += time.perf_counter() - start
            worked = self.hub.deliver()
            if on_step is not None:
                on_step(self)
            if not worked:
                return
        raise AssertionError("the table never settled")


__all__ = ["LocalTable"]
