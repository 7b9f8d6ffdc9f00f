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
signed message goes (`_dispatch`, a generator: it may pause).  No device here names a late
seat on its own clock: the host keeps every deadline and says so in the one order
(host.py), so that every device reaches the same verdict however slow it is.
"""

from __future__ import annotations

import time

from game.ai.slicing import SliceKeeper

from ..fair.breach import Breach
from ..fair.device import FairDevice
from ..fair.ops import AWAY, Batch
from . import wire

MIN_SLICE_MS = 3.0  # a slice begins only in a frame with at least this much room left, and
# at least what this device's longer steps take, less OVER_MS (a frame may end that far past its
# room): a step cannot be cut, and on a slow phone one of the deal's end is 20-30 ms (at 4x CPU
# slowdown frames of 50-55 ms were a slice begun with a few ms of room).  The longest step of
# each slice is remembered, half of it STEP_HALF_LIFE_S later: forgotten in time, not slice by
# slice, since one long step (a call into the page while the machine is busy: 20-25 ms at 4x)
# kept the frames short of its room, so no slice came to forget it and the work waited REST_S
# (2 s), again and again.
OVER_MS = 12.0
STEP_HALF_LIFE_S = 0.5
# Frames that never leave that room (a slow phone's seldom do) still get a slice of MIN_SLICE_MS:
REST_S = 2.0  # after this long without one, in a frame short of the room needed by at most NEAR_MS;
NEAR_MS = 12.0
MAX_REST_S = 6.0  # after this long, in a frame at most FAR_MS over (a screen drawing heavily every frame);
FAR_MS = 24.0
# and after twice MAX_REST_S in any frame.
# Between deals every seat waits for this work (the reveals, the audit, the new hands) while the
# table draws the last trick gathered and the deal's score: a short slice comes sooner, in a
# frame less far short (at 4x CPU slowdown those frames left no room, and each step of the deal's
# end waited REST_S: 1.5-2.5 s from the last card to the reveals)
BETWEEN_REST_S = 0.25
BETWEEN_NEAR_MS = 6.0
WRITTEN_A_STEP = 2  # relayed messages written out again to be checked in one step (the host's and a guest's)


class Station:
    work_clock = staticmethod(time.perf_counter)  # real seconds for the slices (tests: a fake)
    device_class = FairDevice  # the seats' devices (tests plant a cheating one)

    def __init__(self, group, clock, work_ms: float = 8.0, wait_ms: float | None = None, frame_room=None):
        self.group = group
        # The front end's (its Host's or Guest's `frame_room`): the ms its frame still has room
        # for.  Given, the work no longer runs in `poll()`: the front end calls `frame_end()`
        # once it has drawn, and a frame that drawing already filled (a new screen, the deal's
        # cards flying) gets no slice at all.
        self.frame_room = frame_room
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
        self._rested_since = None  # when the frames began to leave the work no room (frame_room)
        self.long_step_ms = 0.0  # what this device's longer steps take, as seen (see OVER_MS)
        self._long_step_at = 0.0  # when it was seen (work_clock)

    # --- the frame --------------------------------------------------------------------------
    def budget_ms(self) -> float:
        """This frame's slice: `wait_ms` while every seat here waits between deals (the
        audit of the deal played, the next one's openings: the table shows the last trick,
        nothing to animate or decide, so the wait is cut by working more of each frame),
        else `work_ms`."""
        return self.wait_ms if self._between_deals() else self.work_ms

    def _between_deals(self) -> bool:
        seats = self.seats.values()
        return bool(seats) and all(seat.dealing for seat in seats)

    def short_of_room(self) -> bool:
        """Whether the last frame left the work no room (it rests until a frame has some):
        the front end's own work that can wait (the warm-up on the lobby's frames) gives
        the next frame up, rather than share it with a slice the rest forces in."""
        return self._rested_since is not None

    def may_work(self) -> bool:
        """Whether a frame may give the work a slice now (the subclasses: not once stopped)."""
        return True

    def polled(self) -> None:
        """The slice of a poll, unless the front end gives the end of its frames instead."""
        if self.frame_room is None and self.may_work():
            self.work()

    def frame_end(self) -> None:
        """The front end's, after it drew: the slice that fits what is left of the frame."""
        if self.may_work():
            self.work()

    def _fitted(self, budget: float) -> float | None:
        """The slice that fits the frame's room (None: none this frame)."""
        now = self.work_clock()
        room = self.frame_room()
        need = max(MIN_SLICE_MS, self._long_step(now) - OVER_MS)
        if room < need:
            if self._rested_since is None:
                self._rested_since = now
            rested = now - self._rested_since
            short = need - room
            soon = rested >= BETWEEN_REST_S and short <= MIN_SLICE_MS + BETWEEN_NEAR_MS and self._between_deals()
            due = (rested >= REST_S and short <= MIN_SLICE_MS + NEAR_MS) or (rested >= MAX_REST_S and room >= -FAR_MS) \
                or rested >= 2 * MAX_REST_S
            if not (soon or due):
                return None
            room = MIN_SLICE_MS
        self._rested_since = None
        return min(budget, room)

    def _long_step(self, now: float) -> float:
        """The longer steps' ms as remembered at `now` (see STEP_HALF_LIFE_S)."""
        return self.long_step_ms * 0.5 ** (max(0.0, now - self._long_step_at) / STEP_HALF_LIFE_S)

    def work(self) -> None:
        """One frame's slice of the work (`budget_ms()` of real time, about one step more;
        with `frame_room`, no more than the frame has room for)."""
        budget = self.budget_ms()
        if self.frame_room is not None:
            budget = self._fitted(budget)
            if budget is None:
                return
        for seat in self.seats.values():
            seat.thought = False
        if self._job is None:
            self._job = self._work()
        start = self.work_clock()
        self.group.deadline = time.perf_counter() + budget / 1000.0
        try:
            done, _ = self._keeper.run(self._job, budget, self.work_clock, stop_on=AWAY)
        finally:
            self.group.deadline = None
        end = self.work_clock()
        spent = end - start
        self.long_step_ms, self._long_step_at = max(self._keeper.longest * 1000.0, self._long_step(end)), end
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
            # only waiting for the page's worker: the slice ends (its answer comes between frames)
            yield AWAY if all(p is AWAY for p in prepared if p) else None

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
        for n, (seat, msg, obj, sig) in enumerate(signed):
            if n:
                yield  # each message handed on may end the slice (in the page a send is a call)
            yield from self._dispatch(seat, msg, obj, got[sig])
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
