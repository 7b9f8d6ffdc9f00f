"""Deadlines in fair dealing: a guest's device that stops sending what the deal needs (its
keys, its card, its reveal) is named on every device, with what it failed to send, once the
host's deadline for it passes; its deal is scored by the house rule and the match goes on.
Being away does not start the wait again, junk sent meanwhile does not hold it off, and the
verdict is the same on every device however slow the host's device is."""

from __future__ import annotations

from dataclasses import replace

from game.engine import RuleSet
from game.engine.phases import Phase
from game.online.fair import group
from game.online.fair.device import FairDevice
from game.online.fair.draws import Draws
from game.online.fair.dues import KEYS, PASS, REVEAL, TURN, owed
from game.online.fair_room import wire as fair_wire
from game.online.guest import GuestSettings

from .fair_room import FAST, FairRoom

RULES = RuleSet.preset("standard", deals=3)
LATE = 1  # the first guest's seat
DEAL = 1  # the deal in which the late device holds back
WAIT = replace(FAST, duty_wait_s=2.0, turn_timeout_s=1.0)


class HoldsBack(FairDevice):
    """In deal DEAL, from its first message of `kind` on, sends nothing more of that deal:
    the device of a guest that stalls the table."""

    kind = ""
    held = None

    def _send_in(self, d, kind, **body):  # (every message of a deal, its keys sent ahead with the last reveal too)
        if d.number == DEAL and (kind == self.kind or self.held == DEAL):
            self.held = d.number
            return
        super()._send_in(d, kind, **body)


class WithholdsItsKeys(HoldsBack):
    kind = "keys"


class WithholdsItsReveal(HoldsBack):
    kind = "reveal"


class NeverPlays(FairDevice):
    """Its person may click what it likes: in deal DEAL's play it sends no card."""

    held = None

    def _duties(self):
        t = self.tracker
        if self.d.number == DEAL and t.phase == Phase.PLAY and t.to_act == self.seat and not self.d.dirty:
            self.held = self.d.number
            return False
        return (yield from super()._duties())


def room_with(device_class, settings=WAIT, guest_settings=None, seed: int = 0) -> FairRoom:
    room = FairRoom(guests=2, rules=RULES, settings=settings, seed=seed,
                    **({"guest_settings": guest_settings} if guest_settings else {}))
    room.run_until(lambda: all(g.stage == "lobby" for g in room.guests), 400)
    assert room.host.start() is None
    room.run_until(lambda: all(g.fair is not None for g in room.guests), 400)
    room.guests[0].fair.device_class = device_class
    room.run_until(room.ready, 2000)
    return room


def late_device(room):
    return room.seat_of(LATE).device


def assert_named_late(room: FairRoom, duty: str) -> None:
    """Every device ends deal DEAL naming the late seat for `duty`, scores it by the house
    rule, and every screen is told; the match plays on to its end alike everywhere."""
    room.play_to_end()
    devices = room.devices
    verdicts = [d.verdicts[DEAL] for d in devices]
    assert all(v is not None and v.seat == LATE and v.duty == duty for v in verdicts), [str(v) for v in verdicts]
    assert len({v.key() for v in verdicts}) == 1
    for seat in range(3):
        mirror = room.seat_of(seat)
        points = mirror.table.points[DEAL]
        assert sum(points) == 0 and points[LATE] == min(points) < 0
    told = [item for item in room.host.take_inbox() if item[0] == "late"]
    assert told == [("late", DEAL, LATE, duty)]
    other = room.guests[1]
    assert [item for item in other.take_inbox() if item[0] == "late"] == [("late", DEAL, LATE, duty)]
    for d in devices:
        assert d.tracker.phase == "game_over" and d.tracker.totals == devices[0].tracker.totals
        assert [v for n, v in enumerate(d.verdicts) if n != DEAL] == [None] * (RULES.deals - 1)


def assert_named_on_the_honest_devices(room: FairRoom, duty: str) -> None:
    """The host's device has named the late seat for `duty` in deal DEAL; the honest guest's
    device comes to the same verdict."""
    verdict = room.host.mirror.device.verdicts[DEAL]
    assert verdict.seat == LATE and verdict.duty == duty
    other = room.guests[1].fair.seat.device
    room.run_until(lambda: len(other.verdicts) > DEAL, 4000)
    assert other.verdicts[DEAL].key() == verdict.key()


def test_a_present_guest_that_never_sends_its_keys_is_named_for_its_keys():
    room = room_with(WithholdsItsKeys)
    assert_named_late(room, KEYS)
    assert late_device(room).held == DEAL


def test_a_present_guest_that_never_plays_its_card_is_named_for_its_move():
    room = room_with(NeverPlays, guest_settings=GuestSettings(turn_timeout_s=None))
    assert_named_late(room, TURN)
    assert late_device(room).held == DEAL


def test_a_person_who_does_not_move_has_the_turn_played_by_their_own_device_and_is_not_named():
    """An honest guest's person who walks away: after the turn timeout their own device plays
    the turn (as the host's computer does in a host-dealt game), before the host's deadline."""
    room = FairRoom(guests=2, rules=RULES, settings=replace(WAIT, turn_timeout_s=1.0, duty_wait_s=3.0),
                    guest_settings=GuestSettings(turn_timeout_s=1.0))
    room.paused = {0}  # the first guest's person never clicks
    room.start()
    room.play_to_end()
    assert all(d.verdicts == [None] * RULES.deals for d in room.devices)
    assert ("notice", "timeout", LATE) in room.guests[0].take_inbox()


def test_a_guest_that_withholds_its_reveal_and_leaves_is_named_the_wait_not_starting_again():
    """Away, it is still named when its deadline passes: leaving does not start the wait again."""
    room = room_with(WithholdsItsReveal)
    room.run_until(lambda: late_device(room).held == DEAL, 20000)
    room.paused = {0}
    room.links[0].cut()
    room.settle(10)
    assert room.host.lobby.seats[LATE].present is False
    room.run_until(lambda: len(room.host.mirror.device.verdicts) > DEAL, 200)  # within 10 s of its deadline of 2 s
    assert_named_on_the_honest_devices(room, REVEAL)


def test_junk_from_a_guest_withholding_its_reveal_does_not_hold_off_its_deadline_on_a_slow_host():
    """The host's device works ten times slower (every slice ends after one step) while the
    guest sends a message with a bad signature every frame: its work never runs dry, and it
    still names the guest, as every other device does."""
    room = room_with(WithholdsItsReveal)
    relay = room.host.fair
    ticks = iter(range(10**9))
    relay.work_clock = lambda: next(ticks) * 0.1  # each step seems to take 100 ms: one step a frame
    guest = room.guests[0]
    signing = Draws(guest.fair_seed).signing_key()
    junk = 0

    def flood() -> None:
        nonlocal junk
        d = late_device(room).d
        obj = {"game": relay.game, "deal": d.number, "sender": LATE, "seq": d.seq_out, "kind": "lapse", "body": {}}
        wrong = group.sign(signing, fair_wire.signed_bytes({**obj, "kind": "declare"}))  # signs another message
        guest.peer.send("fair", {"m": obj, "sig": wrong.hex()})
        junk += 1

    for _ in range(40000):
        if len(room.host.mirror.device.verdicts) > DEAL:
            break
        if late_device(room).held == DEAL:
            flood()
        room.step()
    assert junk > 20
    assert_named_on_the_honest_devices(room, REVEAL)


def test_what_a_seat_owes_follows_the_deal():
    """The reading the deadlines rest on: at the start every seat owes its keys; in the play
    the seat to act owes its move; in a pass of the exchange, the seat whose part is next."""
    room = FairRoom(guests=2, rules=RULES, settings=FAST)
    room.start()
    seen: set = set()
    for _ in range(40000):
        device = room.host.mirror.device
        for seat, (duty, _mark) in owed(device).items():
            seen.add(duty)
            if duty == TURN:
                assert seat == device.tracker.to_act
        if {KEYS, PASS, TURN, REVEAL} <= seen:
            break
        room.step()
    assert {KEYS, PASS, TURN, REVEAL} <= seen


class NamesAnHonestSeatLate(FairDevice):
    """The host's device, modified: in deal DEAL's play it names the other guest late for
    its move while it is not that seat's turn."""

    named = None

    def _duties(self):
        t = self.tracker
        victim = 2
        if self.named is None and self.d.number == DEAL and t.phase == Phase.PLAY and t.to_act not in (None, victim):
            self.named = self.d.number
            self.send("overdue", suspect=victim, duty=TURN)
            return True
        return (yield from super()._duties())


def test_a_host_that_names_a_seat_late_for_what_it_did_not_owe_is_named_itself():
    room = FairRoom(guests=2, rules=RULES, settings=WAIT)
    room.run_until(lambda: all(g.stage == "lobby" for g in room.guests), 400)
    room.host.start()
    room.host.fair.device_class = NamesAnHonestSeatLate
    room.play_to_end()
    host = room.host.seat
    assert room.host.mirror.device.named == DEAL
    verdicts = [d.verdicts[DEAL] for d in room.devices]
    assert all(v is not None and v.seat == host and "does not bear out" in v.reason for v in verdicts), [str(v) for v in verdicts]
    assert [v for n, v in enumerate(room.devices[1].verdicts) if n != DEAL] == [None] * (RULES.deals - 1)


def test_only_the_host_device_may_name_a_seat_late():
    """A guest's device that sends `overdue` (for the seat whose move it is) is named."""

    class GuestNamesLate(NamesAnHonestSeatLate):
        def _duties(self):
            t = self.tracker
            if self.named is None and self.d.number == DEAL and t.phase == Phase.PLAY and t.to_act not in (None, self.seat):
                self.named = self.d.number
                self.send("overdue", suspect=t.to_act, duty=TURN)
                return True
            return (yield from FairDevice._duties(self))

    room = room_with(GuestNamesLate)
    room.play_to_end()
    verdicts = [d.verdicts[DEAL] for d in room.devices]
    assert all(v is not None and v.seat == LATE and "does not bear out" in v.reason for v in verdicts), [str(v) for v in verdicts]


def test_a_guest_does_not_send_again_what_a_deal_ended_without():
    """Its message of a deal a deadline ended is refused by the host as stale: the guest stops
    sending it again (before, every 2 s to the match's end)."""
    room = room_with(WithholdsItsKeys)
    room.run_until(lambda: late_device(room).held == DEAL, 20000)
    guest = room.guests[0].fair
    obj = fair_wire.to_json(late_device(room).d.transcript[0]) if late_device(room).d.transcript else None
    room.run_until(lambda: len(room.host.mirror.device.verdicts) > DEAL, 4000)
    stale = {"game": guest.game, "deal": DEAL, "sender": LATE, "seq": 200, "kind": "lapse", "body": {}}
    guest.sent[(DEAL, 200)] = (obj or stale, bytes(64))
    guest.sent_at[(DEAL, 200)] = room.clock()
    room.run_until(lambda: late_device(room).d.number > DEAL, 4000)
    room.settle(200)  # 10 s: five times the resend wait
    assert (DEAL, 200) not in guest.sent and room.host.refused["stale"] == 0
