"""What a guest can make the host and every device keep is bounded, however it floods:
fair messages held early or waiting to be checked, fair messages of deals far ahead
(refused, never relayed), messages of later deals on a device, and links that never say
hello.  Each refusal is counted and logged, and the game goes on to its end."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import RuleSet
from game.online.fair.device import FairDevice
from game.online.fair.messages import Msg
from game.online.fair.ops import Batch
from game.online.fair_room import wire as fair_wire
from game.online.fair_room.station import Station
from game.online.guest import Guest
from game.online.host import Host, HostSettings
from game.online.links.transport import CLOSED, OPEN, ManualClock, memory_pair

from .fair_room import FairRoom
from .helpers import Room

# the bounds (docs/ONLINE.md, "Refusals")
HELD_PER_GUEST = HostSettings().fair_held_max  # a guest's fair messages held early (or for their deal)
QUEUED_PER_GUEST = HostSettings().fair_queue_max  # and waiting to be checked and relayed
KEPT_PER_GUEST = HELD_PER_GUEST + QUEUED_PER_GUEST
LATER_PER_SENDER = FairDevice.LATER_MAX  # a device's messages of later deals, from one sender
UNSEATED = HostSettings().max_unseated  # links at once that have not said hello
HELLO_WAIT_S = HostSettings().hello_wait_s
DEALS = 3


def fair_room() -> FairRoom:
    room = FairRoom(guests=2, rules=RuleSet.preset("standard", deals=DEALS))
    room.start()
    room.run_until(room.ready, 2000)
    return room


def message(room: FairRoom, sender: int, deal: int, seq: int, kind: str = "shuffle") -> dict:
    """A well-formed fair message: a deck of the group's points, or a lapse (no body)."""
    body = {"deck": [p.hex() for p in room.host.fair.group.points]} if kind in ("shuffle", "lock") else {}
    return {"game": room.host.fair.game, "deal": deal, "sender": sender, "seq": seq, "kind": kind, "body": body}


def send_unsigned(room: FairRoom, guest: Guest, items) -> None:
    """(deal, seq, kind) from `guest`'s link, signed by nobody, a frame's worth at a time."""
    for i, (deal, seq, kind) in enumerate(items):
        guest.peer.send("fair", {"m": message(room, guest.seat, deal, seq, kind), "sig": "00" * 64})
        if i % 16 == 15:
            room.step()
    room.settle(2)


def send_signed(room: FairRoom, guest: Guest, items) -> None:
    """(deal, seq, kind) from `guest`'s link, signed with its seat's key (a modified guest)."""
    for i, (deal, seq, kind) in enumerate(items):
        obj = message(room, guest.seat, deal, seq, kind)
        batch = Batch()
        signature = batch.sign(guest.fair.seat.key_seed, fair_wire.signed_bytes(obj))
        job = guest.fair.group.run(batch)
        try:
            while True:
                next(job)
        except StopIteration as done:
            guest.peer.send("fair", {"m": obj, "sig": done.value[signature].hex()})
        if i % 16 == 15:
            room.step()
    room.settle(2)


def kept_from(room: FairRoom, seat: int) -> list[dict]:
    """The fair messages of `seat` the host keeps, not relayed yet (held early, or waiting)."""
    fair = room.host.fair
    return [item[1] for item in (*fair.held.values(), *fair.queue) if item[1]["sender"] == seat]


def relayed(room: FairRoom) -> list[dict]:
    return [body["m"] for body in room.host.fair.past + room.host.fair.log]


def plays_to_its_end(room: FairRoom) -> None:
    room.play_to_end()
    for d in room.devices:
        assert d.verdicts == [None] * DEALS


# --- the host's fair room ----------------------------------------------------------------------
def test_unsigned_fair_messages_early_or_for_deals_far_ahead_are_refused_beyond_a_few():
    room = fair_room()
    g = room.guests[0]
    refused = sum(room.host.refused.values())
    # early (their numbers 0 to 99 never came) in the deal in hand and the next; then every deal
    items = [(deal, 100 + seq, "lapse") for deal in (0, 1) for seq in range(100)]
    items += [(deal, 100, "lapse") for deal in range(2, 60)]
    send_unsigned(room, g, items)
    kept = kept_from(room, g.seat)
    assert len(kept) <= KEPT_PER_GUEST and {m["deal"] for m in kept} <= {0, 1}
    counts = room.host.refused
    assert counts["too_early"] == 58 and counts["flood"] == 200 - HELD_PER_GUEST, dict(counts)
    assert sum(counts.values()) - refused == len(items) - len(kept), dict(counts)
    codes = {entry.code for entry in room.host.log if entry.seat == g.seat}
    assert {"too_early", "flood"} <= codes
    assert not [m for m in relayed(room) if m["seq"] >= 100]
    plays_to_its_end(room)
    assert not [m for m in relayed(room) if m["seq"] >= 100]


def test_what_the_host_keeps_of_a_deal_over_is_forgotten_and_a_deal_over_takes_nothing_new():
    room = fair_room()
    g = room.guests[0]
    send_unsigned(room, g, [(0, 100 + seq, "lapse") for seq in range(8)])
    assert len(kept_from(room, g.seat)) == 8
    room.run_until(lambda: room.host.fair._first_open_deal() == 1)
    room.settle(2)
    assert kept_from(room, g.seat) == []
    before = room.host.refused["stale"]
    send_unsigned(room, g, [(0, 200, "lapse")])
    assert room.host.refused["stale"] == before + 1 and kept_from(room, g.seat) == []
    plays_to_its_end(room)


def test_while_the_hosts_fair_work_is_busy_a_guests_messages_in_order_wait_a_few_at_a_time():
    """Frames of the host's work in one call (an audit's), with a guest's messages in its
    order taken meanwhile: a few wait to be checked, a few more are held, the rest refused."""
    room = fair_room()
    g = room.guests[0]
    fair = room.host.fair
    link = next(v for v in room.host.visitors if v.seat == g.seat)
    for seq in range(100):
        assert fair.take(link, {"m": message(room, g.seat, 1, seq, "lapse"), "sig": "00" * 64}) is None
    assert len([item for item in fair.queue if item[1]["sender"] == g.seat]) == QUEUED_PER_GUEST
    assert len([key for key in fair.held if key[1] == g.seat]) == HELD_PER_GUEST
    assert room.host.refused == {"flood": 100 - KEPT_PER_GUEST}
    assert room.host.log[-1].code == "flood" and room.host.log[-1].seat == g.seat


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 59), st.integers(0, fair_wire.MAX_SEQ), st.sampled_from(("shuffle", "lapse"))),
                min_size=1, max_size=200))
def test_whatever_a_guest_sends_the_host_keeps_a_few_of_its_messages_and_relays_none_unsigned(items):
    room = fair_room()
    g = room.guests[0]
    send_unsigned(room, g, items)
    assert len(kept_from(room, g.seat)) <= KEPT_PER_GUEST
    first = room.host.fair._first_open_deal()
    assert {m["deal"] for m in kept_from(room, g.seat)} <= {first, first + 1, first + 2}
    assert all(body["sig"] != "00" * 64 for body in room.host.fair.log)
    assert set(room.host.refused) <= {"too_early", "stale", "flood", "bad_signature"}, dict(room.host.refused)
    assert all(e.seat == g.seat for e in room.host.log)


def test_signed_messages_of_deals_far_ahead_are_refused_at_the_host_never_relayed_nor_kept():
    room = fair_room()
    g = room.guests[0]
    # in each sender's order (numbers 0 to 2), of the deal after next and every deal beyond
    send_signed(room, g, [(deal, seq, "lapse") for deal in range(2, 60) for seq in range(3)])
    assert not [m for m in relayed(room) if m["deal"] >= 2]
    assert room.host.refused["too_early"] == 58 * 3, dict(room.host.refused)
    for d in room.devices:
        assert all(m.deal == d.d.number + 1 for m in d.later)
    plays_to_its_end(room)
    assert not [m for m in relayed(room) if m["kind"] == "lapse" and m["sender"] == g.seat and m["seq"] < 3
                and m["deal"] >= 2]


def test_a_host_slower_than_its_guests_relays_the_decks_they_shuffle_two_deals_ahead_of_it_in_time(monkeypatch):
    """A guest whose audit ends before the host's shuffles the deal after the next one (for
    the host, still in the deal before): the host keeps it until it is a deal on, then relays
    it; nothing is refused.  A fake clock makes every slice of work cost one millisecond, and
    the host works one a frame, its guests eight."""
    ticks = iter(range(10**9))
    monkeypatch.setattr(Station, "work_clock", staticmethod(lambda: next(ticks) / 1000.0))
    room = fair_room()
    fair = room.host.fair
    fair.work_ms = fair.wait_ms = 1.0
    waited = []  # at each step: a guest's message waits here for its deal

    def over() -> bool:
        waited.append(any(deal == fair._first_open_deal() + 2 for deal, _seat, _seq in fair.held))
        return room.host.stage == "over" and all(g.stage == "over" for g in room.guests) \
            and all(len(d.verdicts) == DEALS for d in room.devices)

    room.run_until(over)
    assert any(waited)
    assert room.host.refused == {}
    for d in room.devices:
        assert d.verdicts == [None] * DEALS


# --- a device --------------------------------------------------------------------------------------
def test_a_device_keeps_a_few_messages_of_the_next_deal_per_sender_and_refuses_deals_further():
    room = fair_room()
    device = room.devices[room.guests[1].seat]  # a guest's
    game, sender = room.host.fair.game, room.guests[0].seat
    refused = len(device.refused)
    for seq in range(100):  # the next deal, a sender with more than it ever sends
        device.receive(Msg(game, 1, sender, 100 + seq, "lapse", {}))
    for deal in range(3, 60):  # deals beyond the next but one
        device.receive(Msg(game, deal, sender, 100, "shuffle", {"deck": []}))
    # the deal after next: only its decks come early (from a device a deal ahead, shuffling ahead)
    device.receive(Msg(game, 2, sender, 100, "lapse", {}))
    device.receive(Msg(game, 2, room.host.seat, 100, "shuffle", {"deck": []}))
    room.settle(2)
    mine = [m for m in device.later if m.seq >= 100]
    assert len([m for m in mine if m.sender == sender]) == LATER_PER_SENDER and {m.deal for m in mine} == {1, 2}
    assert [m.kind for m in mine if m.deal == 2] == ["shuffle"]
    junk = [why for m, why in device.refused[refused:] if m.seq >= 100]
    assert len(junk) == 100 + 57 + 1 - LATER_PER_SENDER
    assert len(set(junk)) == 2, set(junk)  # too many of a later deal; a deal not yet in reach


# --- links that never say hello ----------------------------------------------------------------
def test_links_that_never_say_hello_are_closed_after_the_wait_and_only_a_few_wait_at_once():
    clock = ManualClock()
    host = Host("Hana", clock=clock)
    ends = []
    for _ in range(UNSEATED + 4):
        host_end, guest_end = memory_pair(clock)
        host.add_link(host_end)
        ends.append(guest_end)
    host.poll()
    assert [end.state for end in ends] == [OPEN] * UNSEATED + [CLOSED] * 4  # the ones over the cap, at once
    assert host.refused["crowded"] == 4 and len(host.visitors) == UNSEATED
    clock.advance(HELLO_WAIT_S - 0.1)
    host.poll()
    assert [end.state for end in ends].count(CLOSED) == 4
    clock.advance(0.2)
    host.poll()
    assert all(end.state == CLOSED for end in ends) and host.visitors == []
    assert host.refused["no_hello"] == UNSEATED
    assert {e.code for e in host.log} == {"crowded", "no_hello"}
    # and a guest who says hello still gets a seat
    host_end, guest_end = memory_pair(clock)
    host.add_link(host_end)
    guest = Guest(guest_end, "Gus", clock=clock)
    for _ in range(3):
        guest.poll()
        host.poll()
        guest.poll()
        clock.advance(0.05)
    assert guest.stage == "lobby" and guest.seat is not None


def test_a_guest_seated_long_ago_and_one_coming_back_on_a_new_link_keep_their_seats():
    room = Room(guests=2)
    room.settle(int(3 * HELLO_WAIT_S / 0.05))  # in the lobby, well past the wait for a hello
    assert all(g.stage == "lobby" for g in room.guests) and room.host.refused == {}
    room.start()
    room.settle(20)
    gone = room.guests[0]
    seat, token, kept = gone.seat, gone.token, gone.keep()
    for _ in range(UNSEATED - 1):  # others' links, silent, take all but one place
        room.host.add_link(memory_pair(room.clock)[0])
    room.links[0].cut()
    room.settle(2)
    back = room.join("Gus", token=token, kept=kept, index=0)
    room.settle(3)
    assert back.seat == seat and back.stage == "play"
    assert room.host.lobby.seats[seat].present
    room.settle(int(HELLO_WAIT_S / 0.05) + 2)
    assert back.seat == seat and room.host.lobby.seats[seat].present
    assert room.host.refused["no_hello"] == UNSEATED - 1
    room.play_to_end()
