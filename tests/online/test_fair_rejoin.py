"""A guest of a fairly dealt match whose page is reloaded comes back with only what its page
kept (its token and its seat's dealing seed, as JSON): a new Guest rebuilds its device from
the seed, takes the transcript again and plays on with the same hand; meanwhile the room
waits for it (no computer can act for a seat whose secrets it lacks) and no seat is named
for the wait.  A guest back with a seed that is not its seat's is told, and nothing of the
game changes."""

from __future__ import annotations

import json
from collections import deque
from dataclasses import replace

import pytest

from game.engine import RuleSet
from game.online.fair import group
from game.online.fair.draws import Draws
from game.online.fair.messages import Msg
from game.online.fair_room import wire as fair_wire
from game.online.guest import TURNED_AWAY
from game.online.lobby import FAIR

from .fair_room import FAST, FairRoom, reference_views, scan
from .helpers import NAMES

# a host-dealt room would give the seat to a computer after 1 s; the fair deadline is further off
WAITING = replace(FAST, absent_wait_s=1.0, duty_wait_s=10.0)

# moments of the dropped guest's device at which its page goes
MOMENTS = {
    # the first deal's five decks, shuffled and locked in turn
    "shuffle": lambda dev: dev.d.number == 0 and len(dev.d.decks) < 5,
    # the next deal's decks, shuffled ahead while this one is played
    "ahead": lambda dev: dev.tracker.phase != "dealing" and dev.ahead is not None and 0 < len(dev.ahead.decks) < 5,
    # a card passed in the exchange, being opened blinded
    "exchange": lambda dev: dev.d.transfer is not None and dev.d.transfer["step"] in ("give", "return"),
    # a trick begun
    "trick": lambda dev: dev.tracker.phase == "play" and len(dev.tracker.trick) in (1, 2) and dev.d.number > 0,
    # a deal played out, its audit or the next deal's opening under way
    "between": lambda dev: dev.tracker.phase == "dealing" and dev.d.number > 0,
}


def device_of(guest):
    return guest.fair.seat.device if guest.fair is not None and guest.fair.seat is not None else None


def notices(inbox) -> list[tuple]:
    return [item[1:] for item in inbox if item[0] == "notice"]


def go_away(room: FairRoom, index: int, moment: str) -> tuple:
    """Until the guest's device is at `moment`; its page goes.  (seat, what the page kept, its
    hand then, the number of fair messages it had sent)."""
    room.run_until(lambda: room.ready() and MOMENTS[moment](device_of(room.guests[index])), 20000)
    gone = room.guests[index]
    seat = gone.seat
    kept = json.loads(json.dumps(gone.keep()))  # all the page's storage holds
    assert kept["fair_seed"] and room.host.lobby.dealing == FAIR
    hand = list(device_of(gone).tracker.hand)
    room.paused = {index}  # its person is gone with it
    for g in room.guests:
        g.take_inbox()
    room.host.take_inbox()
    room.links[index].cut()
    return seat, kept, hand


def check_the_room_waits(room: FairRoom, index: int, seat: int) -> None:
    """Away past the host-dealt wait, within the fair deadline: told, not held, nobody named."""
    def sent():  # how many of the seat's messages the host took, by deal
        return {key: n for key, n in room.host.fair.expected.items() if key[1] == seat}

    before = sent()
    room.settle(60)  # 3 s
    told = notices(room.host.take_inbox())
    assert ("away", seat) in told and ("computer", seat) not in told
    other = room.guests[1 - index] if len(room.guests) > 1 else None
    if other is not None:
        assert ("away", seat) in notices(other.take_inbox())
    assert room.host.lobby.seats[seat].present is False and room.host.lobby.seats[seat].held is False
    assert sent() == before
    assert all(not d.verdicts or d.verdicts[-1] is None for d in room.devices if d.seat != seat)


def come_back(room: FairRoom, index: int, kept: dict) -> tuple:
    """The guest's new page, from what the old one kept: (its Guest, the snapshot its screens
    got once the transcript was taken again)."""
    seat = room.guests[index].seat
    before = len(room.seen.get(seat, []))
    back = room.join(NAMES[index], token=kept["token"], kept=kept, index=index)

    def shown():  # (before the first deal's hands are open there is nothing to show yet)
        return [u for u in room.seen.get(seat, [])[before:] if u.snapshot]

    room.run_until(lambda: device_of(back) is not None and not back.fair.seat.replaying and shown(), 4000)
    room.paused = set()
    return back, shown()[0]


def check_the_match(room: FairRoom, seat: int, snapshot) -> None:
    devices = room.devices
    deals = devices[0].rules.deals
    for d in devices:
        assert d.tracker.phase == "game_over"
        assert d.verdicts == [None] * deals  # every audit passed, on every device
        assert d.tracker.totals == devices[0].tracker.totals
    assert room.host.refused == {}
    for g in room.guests:
        assert g.problems == [] and g.stage == "over"
    views = reference_views(room.host.mirror, seat)
    if snapshot.view.to_act is not None:
        assert snapshot.view == views[snapshot.at]  # back exactly where the seat was, its hand included
    later = room.seen[seat][next(i for i, u in enumerate(room.seen[seat]) if u is snapshot) + 1:]
    assert sum(e.kind == "played" for u in later for e in u.events) > 0
    for u in later:
        if u.view.to_act is not None:
            assert u.view == views[u.at]
    assert later[-1].view.phase == "game_over"


def play_on_scanning(room: FairRoom) -> int:
    """To the end, the memory scan after every frame; how many frames were scanned."""
    frames = 0
    while room.host.stage != "over":
        room.step()
        if room.ready():
            scan(room)
            frames += 1
    room.play_to_end()
    return frames


@pytest.mark.parametrize("moment, seed, rules, index", [
    ("shuffle", 1, RuleSet.preset("standard", deals=3), 0),
    ("ahead", 2, RuleSet.preset("standard", deals=3), 1),
    ("exchange", 3, RuleSet.preset("standard", deals=3), 0),
    ("trick", 4, RuleSet.preset("classic", deals=3), 1),
    ("between", 5, RuleSet.preset("blato", deals=3), 0),
])
def test_a_guest_reloaded_mid_match_gets_its_seat_and_hand_back_and_the_match_plays_to_its_end(moment, seed, rules,
                                                                                                 index):
    room = FairRoom(guests=2, rules=rules, settings=WAITING, seed=seed)
    room.start()
    seat, kept, hand = go_away(room, index, moment)
    check_the_room_waits(room, index, seat)
    back, snapshot = come_back(room, index, kept)
    device = device_of(back)
    assert back.seat == seat and device.seat == seat and back.stage == "play"
    if moment == "trick":  # its person was gone: nothing it holds changed meanwhile
        assert list(device.tracker.hand) == hand and set(snapshot.view.hand) == set(hand)
    assert ("back", seat) in notices(room.host.take_inbox())
    assert play_on_scanning(room) > 50
    check_the_match(room, seat, snapshot)


def test_a_guest_gone_with_its_reveal_on_the_way_and_back_within_the_deadline_reveals_and_is_not_named():
    """Its page goes the moment its reveal left, before the host took it: the others have
    revealed and wait (3 s, within the deadline) without naming it; back, it makes the same
    reveal again and the deal's audit passes on every device."""
    room = FairRoom(guests=2, rules=RuleSet.preset("standard", deals=3), settings=WAITING, seed=12)
    room.start()
    guest = room.guests[0]
    room.run_until(lambda: room.ready() and any(o["kind"] == "reveal" for o, _ in guest.fair.sent.values()))
    seat, number = guest.seat, device_of(guest).d.number
    kept = json.loads(json.dumps(guest.keep()))
    room.paused = {0}
    room.links[0].cut()
    room.settle(60)  # 3 s
    others = [room.seat_of(s).device for s in range(3) if s != seat]
    assert all(len(d.verdicts) == number and len(d.d.reveals) == 2 and seat not in d.d.reveals for d in others)
    back, snapshot = come_back(room, 0, kept)
    room.run_until(lambda: all(len(d.verdicts) > number for d in room.devices), 2000)
    assert all(d.verdicts[number] is None for d in room.devices)
    play_on_scanning(room)
    check_the_match(room, seat, snapshot)


def test_what_an_old_link_sent_that_the_host_had_not_relayed_yet_never_is():
    """A message the host took from the guest's link but had not checked and relayed when the
    link went is dropped (its number free again): the rebuilt device, which does not find it
    in the transcript, makes its own; otherwise the one order would hold a message the
    replay never saw."""
    room = FairRoom(guests=2, rules=RuleSet.preset("standard", deals=3), settings=WAITING, seed=13)
    room.start()
    room.run_until(lambda: room.ready() and MOMENTS["trick"](device_of(room.guests[0])))
    old = room.host.people[room.guests[0].seat].link
    seat, kept, _ = go_away(room, 0, "trick")
    number = device_of(room.guests[1]).d.number
    key = (number, seat)
    taken = room.host.fair.expected.get(key, 0)
    obj = fair_wire.to_json(Msg(room.host.fair.game, number, seat, taken, "lapse", {}))
    signing = Draws(bytes.fromhex(kept["fair_seed"])).signing_key()
    assert room.host.fair.take(old, {"m": obj, "sig": group.sign(signing, fair_wire.signed_bytes(obj))}) is None
    assert room.host.fair.expected[key] == taken + 1  # taken, as from a link still open
    room.settle(5)
    assert room.host.fair.expected.get(key, 0) == taken and not room.host.fair.queue
    assert not any(b["m"] == obj for b in room.host.fair.log)
    check_the_room_waits(room, 0, seat)
    back, snapshot = come_back(room, 0, kept)
    play_on_scanning(room)
    check_the_match(room, seat, snapshot)


def test_a_guest_reloaded_twice_the_second_time_with_its_message_lost_on_the_way_plays_it_out():
    """Back during the exchange; then gone again the moment a message of its own left, before
    the host took it (lost with the link): made again after the replay, drawn by the same
    labels, while those the host took come back in the transcript and are not sent twice."""
    room = FairRoom(guests=2, rules=RuleSet.preset("standard", deals=3), settings=WAITING, seed=3)
    room.start()
    seat, kept, _ = go_away(room, 0, "exchange")
    check_the_room_waits(room, 0, seat)
    come_back(room, 0, kept)
    room.run_until(lambda: bool(room.guests[0].fair.sent), 4000)  # on its way to the host
    lost = list(room.guests[0].fair.sent)
    kept = json.loads(json.dumps(room.guests[0].keep()))
    room.paused = {0}
    room.links[0].cut()
    room.settle(2)
    relayed = {(b["m"]["deal"], b["m"]["seq"]) for b in room.host.fair.log + room.host.fair.past if b["m"]["sender"] == seat}
    assert not relayed & set(lost)  # it never arrived
    back, snapshot = come_back(room, 0, kept)
    assert back.seat == seat
    play_on_scanning(room)
    check_the_match(room, seat, snapshot)


@pytest.mark.parametrize("what", ["another seat's", "corrupt", "none"])
def test_a_guest_back_without_its_seats_seed_is_told_and_changes_nothing(what):
    room = FairRoom(guests=2, rules=RuleSet.preset("standard", deals=3), settings=WAITING, seed=6)
    room.start()
    seat, kept, _ = go_away(room, 0, "trick")
    check_the_room_waits(room, 0, seat)
    others = [room.seat_of(s).device for s in range(3) if s != seat]
    logged = list(room.host.fair.log)
    transcripts = [len(d.d.transcript) for d in others]
    wrong = {"another seat's": room.guests[1].keep()["fair_seed"], "corrupt": "zz" * 32, "none": None}[what]
    lost = room.join(NAMES[0], token=kept["token"], kept=dict(kept, fair_seed=wrong), index=0)
    room.settle(40)
    assert lost.stage == TURNED_AWAY and lost.end_reason == "fair_keys"
    assert [p[0] for p in lost.problems] == ["fair_keys"]
    assert lost.fair is None or lost.fair.seat is None  # no device for the seat: nothing it could send
    assert room.host.fair.log == logged and room.host.refused == {}
    assert [len(d.d.transcript) for d in others] == transcripts
    assert room.host.lobby.seats[seat].present is False
    back, snapshot = come_back(room, 0, kept)  # the device that kept the right one
    play_on_scanning(room)
    assert back.stage == "over"
    check_the_match(room, seat, snapshot)


def test_a_guest_back_waits_for_the_whole_transcript_however_it_arrives_before_it_acts():
    """The transcript sent again arrives in two parts, the second two seconds late: until the
    last message `fair_start` announced is taken the seat does nothing, sends nothing and
    shows nothing; then it plays on."""
    room = FairRoom(guests=2, rules=RuleSet.preset("standard", deals=3), settings=WAITING, seed=9)
    room.start()
    seat, kept, hand = go_away(room, 1, "trick")
    check_the_room_waits(room, 1, seat)
    back = room.join(NAMES[1], token=kept["token"], kept=kept, index=1)
    end, fair, late, due = back.peer.link, [0], [], [0.0]
    arrive = end._arrive

    def two_parts(text):  # the link's arrival: from the 20th fair message on, all of it 2 s later
        fair[0] += json.loads(text)["type"] == "fair"
        if (fair[0] < 20 and not late) or (late and room.clock() >= due[0]):
            return arrive(text)
        due[0] = due[0] or room.clock() + 2.0
        late.append(text)
        end._order += 1
        end._inbox.append((due[0], end._order, text))

    end._arrive = two_parts
    room.settle(30)  # 1.5 s: the first part taken, the rest on its way
    assert late and device_of(back) is not None and back.fair.seat.replaying
    assert back.fair.replay_left > 0 and back.fair.sent == {} and back.updates == deque() and back.view is None
    room.run_until(lambda: not back.fair.seat.replaying, 400)
    assert back.fair.replay_left == 0 and list(device_of(back).tracker.hand) == hand
    room.paused = set()
    room.play_to_end()
    assert all(d.verdicts == [None] * 3 and d.tracker.phase == "game_over" for d in room.devices)
    assert all(g.problems == [] for g in room.guests)
