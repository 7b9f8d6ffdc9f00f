"""A front end that gives fair dealing only the room its frames have left: the work runs once
the frame is drawn, never more than the room, none in a frame drawing already filled (for
long: station.py's REST_S and MAX_REST_S), and the match is dealt, played and audited all the same."""

from __future__ import annotations

from dataclasses import replace

from game.engine import RuleSet
from game.online.fair.group import NativeGroup
from game.online.fair.ops import AWAY, HEAVY
from game.online.fair_room import station as station_module
from game.online.fair_room.station import MIN_SLICE_MS, Station

from .fair_room import FAST, FairRoom
from .test_fair_online import check_fair_match


def _fake_clock(monkeypatch) -> None:
    """Every read of the work clock is one millisecond later (as test_fair_online does)."""
    ticks = iter(range(10**9))
    monkeypatch.setattr(Station, "work_clock", staticmethod(lambda: next(ticks) / 1000.0))


def _stations(room) -> list:
    return [s for s in [room.host.fair, *(g.fair for g in room.guests)] if s is not None]


class FramedRoom(FairRoom):
    """Each step is a frame of every device: the polls, then each station's `frame_end()`
    with the room this frame's schedule gives (ms), the work of each noted."""

    def __init__(self, rooms, **kw):
        # frames short of room deal slowly: no seat is named late for what its device was not let do
        super().__init__(settings=replace(FAST, duty_wait_s=10_000.0), **kw)
        self.rooms = rooms  # frame number -> the room every device's frame has left
        self.frame = 0
        self.in_polls = 0.0  # ms of work done in the polls (none: the front end gives it frames)
        self.slices: list[tuple[float, float]] = []  # (room, ms worked) per station and frame
        for side in (self.host, *self.guests):
            side.frame_room = lambda: self.rooms(self.frame)

    def step(self, dt: float = 0.05) -> None:
        before = {id(s): s.busy_s for s in _stations(self)}
        super().step(dt)
        self.in_polls += sum(s.busy_s - before.get(id(s), 0.0) for s in _stations(self)) * 1000
        for s in _stations(self):
            spent = s.busy_s
            s.frame_end()
            self.slices.append((self.rooms(self.frame), round((s.busy_s - spent) * 1000)))
        self.frame += 1


def test_fair_work_runs_at_the_frames_end_within_its_room_and_none_in_a_full_frame(monkeypatch):
    _fake_clock(monkeypatch)
    room = FramedRoom(lambda frame: 5.0 if frame % 4 == 0 else 0.0, guests=2, rules=RuleSet.preset("standard", deals=3))
    room.start()
    room.play_to_end()
    check_fair_match(room)
    assert room.in_polls == 0
    worked = [(r, ms) for r, ms in room.slices if ms > 0]
    assert len(worked) > 100
    assert all(r == 5.0 for r, _ in worked)  # no frame left without room got a slice (none waited REST_S)
    assert max(ms for _, ms in worked) <= 5.0 + 2  # (+ the clock's own reads)


def _short_of_room(monkeypatch, room: float) -> tuple[list, float]:
    _fake_clock(monkeypatch)
    monkeypatch.setattr(station_module, "REST_S", 0.01)  # the fake clock: 10 reads
    monkeypatch.setattr(station_module, "MAX_REST_S", 0.05)
    framed = FramedRoom(lambda frame: room, guests=2, rules=RuleSet.preset("standard", deals=3))
    framed.start()
    for _ in range(300):
        framed.step()
    return [ms for _, ms in framed.slices if ms > 0], framed.in_polls


def test_frames_that_never_leave_room_still_deal_a_short_slice_after_a_rest(monkeypatch):
    """A slow phone's frames seldom leave room: after REST_S without a slice, a frame little
    over (no less than -NEAR_MS of room) gets one of MIN_SLICE_MS; a frame far over (a
    screen drawing heavily every frame) only after MAX_REST_S."""
    near, in_polls = _short_of_room(monkeypatch, -station_module.NEAR_MS / 2)
    assert near and max(near) <= MIN_SLICE_MS + 2 and in_polls == 0
    far, in_polls = _short_of_room(monkeypatch, -station_module.NEAR_MS * 4)
    assert far and max(far) <= MIN_SLICE_MS + 2 and in_polls == 0
    assert len(far) < len(near) / 2


class _Seat:
    def __init__(self, dealing: bool):
        self.dealing = dealing


def _first_slice_after(room_ms: float, dealing: bool, monkeypatch, within_s: float = 10.0) -> float | None:
    """Seconds of frames short of room until the station gives a frame a slice (None: not within `within_s`)."""
    now = [0.0]
    monkeypatch.setattr(Station, "work_clock", staticmethod(lambda: now[0]))
    station = Station(group=None, clock=lambda: now[0], frame_room=lambda: room_ms)
    station.seats = {0: _Seat(dealing)}
    while now[0] < within_s:
        if station._fitted(station.budget_ms()) is not None:
            return now[0]
        now[0] += 0.05  # a frame
    return None


def test_between_deals_a_frame_short_of_room_gets_a_slice_sooner(monkeypatch):
    """Every seat waits for the work between deals (the reveals, the audit, the new hands)
    while the table draws the deal's end: a frame a little over gets a short slice after
    BETWEEN_REST_S, not REST_S; a frame further over waits as long as in play."""
    little_over = -station_module.BETWEEN_NEAR_MS / 2
    between = _first_slice_after(little_over, True, monkeypatch)
    in_play = _first_slice_after(little_over, False, monkeypatch)
    assert between is not None and between <= station_module.BETWEEN_REST_S + 0.05
    assert in_play is not None and in_play >= station_module.REST_S
    further = _first_slice_after(-station_module.BETWEEN_NEAR_MS * 1.5, True, monkeypatch)
    assert further == _first_slice_after(-station_module.BETWEEN_NEAR_MS * 1.5, False, monkeypatch) >= station_module.REST_S


def test_a_frame_drawn_far_over_gets_no_slice_until_long_after(monkeypatch):
    """A frame that drawing alone took far past its room (a new screen at a slow phone's speed)
    gets no slice on top after MAX_REST_S, as a frame a little less over does: only after twice
    that (a screen that draws that heavily every frame must still let the deal go on)."""
    rest = station_module.MAX_REST_S
    over = _first_slice_after(-station_module.FAR_MS / 2 - MIN_SLICE_MS, False, monkeypatch, 3 * rest)
    far_over = _first_slice_after(-station_module.FAR_MS * 3, False, monkeypatch, 3 * rest)
    assert over is not None and rest <= over < rest + 0.1
    assert far_over is not None and 2 * rest <= far_over < 2 * rest + 0.1


def test_a_slow_devices_steps_begin_only_in_frames_with_room_for_one(monkeypatch):
    """A step cannot be cut: where this device's steps have been taking 20 ms, a frame with
    MIN_SLICE_MS of room left but not one step's (less OVER_MS) gets no slice; one with it does."""
    from types import SimpleNamespace

    now, room = [0.0], [30.0]
    monkeypatch.setattr(Station, "work_clock", staticmethod(lambda: now[0]))
    station = Station(group=SimpleNamespace(deadline=None), clock=lambda: now[0], frame_room=lambda: room[0])
    station.seats = {0: _Seat(False)}

    def slow_steps():
        while True:
            now[0] += 0.020
            yield

    station._job = slow_steps()
    worked = []
    for left in (30.0, MIN_SLICE_MS + 1, 20.0 - station_module.OVER_MS + 1):
        room[0], before = left, station.busy_s
        station.work()
        worked.append(station.busy_s > before)
    assert worked == [True, False, True]


def test_one_long_step_is_forgotten_in_time_though_no_slice_follows(monkeypatch):
    """One step of 25 ms (a call into a busy page) and then frames with a few ms of room, in
    play: a slice comes again within a second, not after REST_S (refused slices used to be
    the only way to forget it, so none came until the rest was over)."""
    from types import SimpleNamespace

    now, room = [0.0], [30.0]
    monkeypatch.setattr(Station, "work_clock", staticmethod(lambda: now[0]))
    station = Station(group=SimpleNamespace(deadline=None), clock=lambda: now[0], frame_room=lambda: room[0])
    station.seats = {0: _Seat(False)}
    lengths = iter([0.025])

    def steps():
        while True:
            now[0] += next(lengths, 0.001)
            yield

    station._job = steps()
    station.work()
    room[0], sliced_at = MIN_SLICE_MS + 2, None
    while now[0] < 5.0 and sliced_at is None:
        now[0] += 0.05  # a frame
        before = station.busy_s
        station.work()
        if station.busy_s > before:
            sliced_at = now[0]
    assert sliced_at is not None and 0.1 < sliced_at < 1.0 < station_module.REST_S



class WorkerLike(NativeGroup):
    """Answers a batch with a point's operation a frame later, as the page's worker does, and
    counts how often it is asked for it meanwhile (in the page each ask is a call into it)."""

    frame = 0  # the room's frame now (FramedRoom.step sets it)

    def __init__(self):
        self.asks: dict[int, int] = {}  # frame -> asks for answers not there yet

    def run(self, batch):
        if any(name in HEAVY for name, *_ in batch.ops):
            due = WorkerLike.frame + 1
            while WorkerLike.frame < due:
                self.asks[WorkerLike.frame] = self.asks.get(WorkerLike.frame, 0) + 1
                yield AWAY
        return (yield from super().run(batch))


def test_a_slice_waiting_for_the_worker_ends_rather_than_ask_again_and_again(monkeypatch):
    """The next deal made ready while one is played, batch by batch in the worker: a frame with
    room to spare asks for a batch's answer once or twice, not dozens of times (each ask a call
    into the page: 40-60 of them were 20-26 ms of a frame)."""
    from game.online.fair_room import guest as guest_module
    from game.online.fair_room import host as host_module

    _fake_clock(monkeypatch)
    groups = []

    def new_group():
        groups.append(WorkerLike())
        return groups[-1]

    monkeypatch.setattr(host_module, "default_group", new_group)
    monkeypatch.setattr(guest_module, "default_group", new_group)

    class WorkerRoom(FramedRoom):
        def step(self, dt: float = 0.05) -> None:
            WorkerLike.frame = self.frame
            super().step(dt)

    room = WorkerRoom(lambda frame: 24.0, guests=2, rules=RuleSet.preset("standard", deals=3))
    room.start()
    room.play_to_end()
    check_fair_match(room)
    assert len(groups) == 3 and all(g.asks for g in groups)
    most = max(n for g in groups for n in g.asks.values())
    assert most <= 3, f"asked {most} times in one frame"
