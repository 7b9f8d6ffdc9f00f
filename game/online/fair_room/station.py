"""The fair-dealing work of one device in an online game, a slice a frame: what both the
host's room (host.py) and a guest (guest.py) do with their seats' devices.

Why one loop: a device's work (opening cards, checking plays, the audit), checking the
signatures of what arrives and signing what goes out are all group operations, which in
the page run in JavaScript a few milliseconds at a time (ops.py).  One generator does all
of it in order and yields while the group works; `poll()` runs it for `work_ms` of real
time a frame with a SliceKeeper, as the computer players think, so no frame runs long; and
for `wait_ms` while its seats wait between deals, when the table has nothing else to do.
When nothing else is to do, the devices prepare their next deal (keys, shuffle, the first
seat's deck): the work ahead runs on idle frames of the deal being played.

Subclasses say what arrives (`_incoming`: verify, then hand to the devices) and where a
signed message goes (`_dispatch`).  No device here names a late seat on its own clock: the
host keeps every deadline and says so in the one order (host.py), so that every
device reaches the same verdict however slow it is.
"""

from __future__ import annotations

import time

from game.ai.slicing import SliceKeeper

from ..fair.breach import Breach
from ..fair.device import FairDevice
from ..fair.ops import AWAY, Batch
from . import wire


class Station:
    work_clock = staticmethod(time.perf_counter)  # real seconds for the slices (tests: a fake)
    device_class = FairDevice  # the seats' devices (tests plant a cheating one)

    def __init__(self, group, clock, work_ms: float = 8.0, wait_ms: float | None = None):
        self.group = group
        self.clock = clock
        self.work_ms = work_ms
        self.wait_ms = work_ms if wait_ms is None else wait_ms
        self.seats: dict = {}  # seat -> FairSeat played on this device
        self.keys: list = [None, None, None]  # every seat's public signing key
        self.relayer: int | None = None  # the host's seat: its key countersigns what it relays
        self.busy_s = 0.0  # real seconds of work so far (the benchmark reads it)
        self.longest_ms = 0.0  # the longest frame's work
        self._job = None
        self._keeper = SliceKeeper()

    # --- the frame --------------------------------------------------------------------------
    def budget_ms(self) -> float:
        """This frame's slice: `wait_ms` while every seat here waits between deals (the
        audit of the deal played, the next one's openings: the table shows the last trick,
        nothing to animate or decide, so the wait is cut by working more of each frame),
        else `work_ms`."""
        seats = self.seats.values()
        return self.wait_ms if seats and all(seat.dealing for seat in seats) else self.work_ms

    def work(self) -> None:
        """One frame's slice of the work (`budget_ms()` of real time, about one step more)."""
        for seat in self.seats.values():
            seat.thought = False
        if self._job is None:
            self._job = self._work()
        start = self.work_clock()
        done, _ = self._keeper.run(self._job, self.budget_ms(), self.work_clock, stop_on=AWAY)
        spent = self.work_clock() - start
        self.busy_s += spent
        self.longest_ms = max(self.longest_ms, spent * 1000)
        if done:
            self._job = None
            self._keeper.reset()

    def _work(self):
        yield from self.group.points_steps()
        while True:
            moved = yield from self._incoming()
            for seat in list(self.seats.values()):
                yield from seat.device.steps(prepare=False)
            moved = (yield from self._outgoing()) or moved
            if moved:
                continue
            prepared = [seat.device.prepare_step() for seat in list(self.seats.values())]
            if not any(prepared):
                return
            yield

    def _outgoing(self):
        """Signs what the devices sent and hands each message on; True if there were any."""
        out = []
        for seat in self.seats.values():
            out += [(seat, m) for m in seat.outbox]
            seat.outbox.clear()
        if not out:
            return False
        batch = Batch()
        signed = []
        for seat, msg in out:
            obj = wire.to_json(msg)
            signed.append((seat, msg, obj, batch.sign(seat.key_seed, wire.signed_bytes(obj))))
        got = yield from self.group.run(batch)
        for seat, msg, obj, sig in signed:
            self._dispatch(seat, msg, obj, got[sig])
        return True

    # --- the evidence of a forged relay ----------------------------------------------------
    def judge(self, accuser: int, evidence: dict):
        """Generator for FairDevice: the relayer's breach if `evidence` (a message, its
        sender's signature, the relay's countersignature) proves that the host relayed a
        message its sender did not sign; None when it proves nothing."""
        try:
            obj = evidence["m"]
            sender = wire.envelope(obj)[2]
            sig, relay = wire.signature(evidence["sig"]), wire.signature(evidence["relay"])
            if self.relayer is None or None in (self.keys[sender], self.keys[self.relayer]):
                return None
        except (KeyError, TypeError, ValueError):
            return None
        batch = Batch()
        inner = batch.verify(self.keys[sender], wire.signed_bytes(obj), sig)
        outer = batch.verify(self.keys[self.relayer], wire.relay_bytes(obj, sig), relay)
        got = yield from self.group.run(batch)
        if got.values[outer.index] and not got.values[inner.index]:
            return Breach(self.relayer, f"relayed a message that seat {sender} did not sign")
        return None

    # --- for subclasses ---------------------------------------------------------------------
    def _incoming(self):  # pragma: no cover - each side has its own
        return False
        yield

    def _dispatch(self, seat, msg, obj: dict, signature: bytes) -> None:  # pragma: no cover
        raise NotImplementedError


__all__ = ["Station"]
