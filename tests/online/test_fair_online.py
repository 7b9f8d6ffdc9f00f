"""Fair dealing inside online play: whole matches over the in-memory links with two guests,
and with one guest and a computer seat; every seat's screens get the same updates a
host-dealt game sends, and no device (the host's included) ever holds a card its seats may
not see."""

from __future__ import annotations

import pytest

from game.engine import RuleSet
from game.online.fair_room.station import Station
from game.online.lobby import COMPUTER, FAIR, GUEST, HOST, HOST_DEALS

from .fair.test_fair_deal import covers_every_moment
from .fair_room import FAST, FairRoom, reference_views, scan


def check_fair_match(room: FairRoom) -> None:
    host = room.host
    assert host.match is None  # no device holds every hand
    devices = room.devices
    deals = devices[0].rules.deals
    for d in devices:
        assert d.tracker.phase == "game_over"
        assert d.verdicts == [None] * deals
        assert d.tracker.totals == devices[0].tracker.totals
    assert host.refused == {}
    for g in room.guests:
        assert g.problems == [] and g.stage == "over"
    for seat in range(3):
        mirror = room.seat_of(seat)
        table = mirror.table
        assert [h["number"] for h in table.history()] == list(range(deals))
        assert table.totals == tuple(devices[0].tracker.totals)
        assert sum(p[seat] for p in table.points) == table.totals[seat]
        assert table.result()[0] is not None and table.is_over()
    for seat, updates in room.seen.items():
        truth = reference_views(room.seat_of(seat), seat)
        assert updates[0].snapshot and updates[0].at == 0 and updates[0].view == truth[0]
        kinds = [e.kind for u in updates for e in u.events]
        assert kinds.count("played") == 48 * deals and kinds.count("scored") == deals
        assert kinds.count("dealt") == deals - 1 and kinds[-1] == "game_over"
        compared = 0
        for u in updates:
            if u.view.to_act is not None:  # during a deal: exactly the engine's view of that moment
                assert u.view == truth[u.at], (seat, u.at, [e.kind for e in u.events])
                compared += 1
        assert compared > 48 * deals
        assert updates[-1].view.phase == "game_over" and updates[-1].view.totals == tuple(devices[0].tracker.totals)


def test_a_whole_fair_match_with_two_guests():
    room = FairRoom(guests=2, rules=RuleSet.preset("standard", deals=6))
    assert room.host.lobby.dealing == FAIR  # as the room was made
    room.start()
    assert [s.kind for s in room.host.lobby.seats] == [HOST, GUEST, GUEST]
    room.play_to_end()
    check_fair_match(room)
    fingerprints = room.host.fingerprints()
    assert len(set(fingerprints)) == 3 and all(g.fingerprints() == fingerprints for g in room.guests)


@pytest.mark.parametrize("preset", ["standard", "blato", "classic"])
def test_the_host_one_guest_and_a_computer_seat(preset):
    room = FairRoom(guests=1, rules=RuleSet.preset(preset, deals=3), strength="heuristic")
    room.start()
    assert [s.kind for s in room.host.lobby.seats] == [HOST, GUEST, COMPUTER]
    room.play_to_end()
    check_fair_match(room)
    assert room.host.fair.seats[2].player is not None  # the computer decided from its tracker's view
    assert room.host.fair.seats[2].player.table == (None, None, "heuristic")  # and knew who it played


@pytest.mark.parametrize("guests", [2, 1])
def test_no_device_the_hosts_included_ever_holds_a_card_its_seats_may_not_see(guests):
    room = FairRoom(guests=guests, rules=RuleSet.preset("standard", deals=3))
    room.start()
    scanned, frames = set(), 0
    while room.host.stage != "over":
        room.step()
        if room.ready():
            frames += 1
            scanned.update(scan(room))  # after every frame of every device
    room.play_to_end()
    # every device, each deal's play and the next one's dealing (a computer may declare within one frame)
    assert covers_every_moment(scanned, 3, ("play", "dealing")) == []
    assert any(phase == "declare" for _, _, phase in scanned)
    assert {owner for owner, _, _ in scanned} == {"host"} | {f"guest {g.seat}" for g in room.guests}


def test_the_scan_sees_a_card_the_host_should_not_hold():
    """The scan above can fail: a host that kept a guest's opened card is caught."""
    room = FairRoom(guests=2, rules=RuleSet.preset("standard", deals=3))
    room.start()
    room.run_until(lambda: room.ready() and room.seat_of(1).tracker.phase == "declare")
    assert len(scan(room)) == 3
    room.host.fair.peek = room.seat_of(1).tracker.hand[0]  # as a host-dealt host would hold it
    with pytest.raises(AssertionError, match="Host"):
        scan(room)


def test_the_lobby_carries_the_way_of_dealing_and_host_deals_still_works():
    room = FairRoom(guests=1)
    room.settle()
    guest = room.guests[0]
    assert guest.lobby.dealing == FAIR
    assert room.host.set_dealing("nobody") == "dealing"
    assert room.host.set_dealing(HOST_DEALS) is None
    room.settle()
    assert guest.lobby.dealing == HOST_DEALS
    room.start()
    assert room.host.set_dealing(FAIR) == "started"
    assert room.host.fair is None and room.host.match is not None and guest.fair is None
    room.play_to_end()
    assert room.host.match.is_over() and guest.audit_result.ok


def test_a_devices_fair_work_keeps_to_its_frame_budget_and_takes_more_of_a_frame_between_deals(monkeypatch):
    """Each frame a device works `fair_ms` (its work cut into slices: a whole match never runs
    long in one frame), and `fair_wait_ms` while its seats only wait between deals (the audit,
    the next deal's openings), so the wait is shorter; a fake clock makes every slice cost
    one millisecond."""
    ticks = iter(range(10**9))
    monkeypatch.setattr(Station, "work_clock", staticmethod(lambda: next(ticks) / 1000.0))
    spent = {True: [], False: []}  # waiting between deals -> ms of each frame's work
    real_work = Station.work

    def measured(self):
        waiting, before = self.budget_ms() == self.wait_ms, self.busy_s
        real_work(self)
        spent[waiting and bool(self.seats)].append(round((self.busy_s - before) * 1000))

    monkeypatch.setattr(Station, "work", measured)
    room = FairRoom(guests=2, rules=RuleSet.preset("standard", deals=3))
    assert (FAST.fair_ms, FAST.fair_wait_ms) == (8.0, 16.0)
    room.start()
    room.play_to_end()
    check_fair_match(room)
    playing, waiting = spent[False], spent[True]
    assert max(playing) <= FAST.fair_ms + 2 and max(waiting) <= FAST.fair_wait_ms + 2  # (+ the clock's own reads)
    assert sum(w > FAST.fair_ms + 2 for w in waiting) > 20  # between deals, frames did take more
