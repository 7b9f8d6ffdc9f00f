"""Cheats planted in online fair play: a guest's device that cheats (a card it does not
hold, a wrong key, a revoke, a wrong card given back, no reveal) is caught and named on
every device, with the trick, its deal scored by the house rule, and the match goes on to
its end; a host that alters a message it relays is caught by the signatures."""

from __future__ import annotations

import copy

import pytest

from game.engine import RuleSet
from game.online.fair import group
from game.online.fair_room import host as fair_host
from game.online.fair_room import wire as fair_wire
from game.online.host import host as host_module

from .fair.test_cheats import PlaysACardItDoesNotHold, RefusesToReveal, ReturnsTheWrongCard, Revokes, SendsAWrongKey
from .fair.test_rulebook import PlaysWithAnotherSlotsPoint, SendsItsKeysTwice, SendsItsKittyKeysEarly
from .fair_room import FairRoom

RULES = RuleSet.preset("standard", deals=3)
CHEATER = 1  # the first guest's seat


def room_with(cheater_class, seed: int = 0, guests: int = 2, tries: int = 12) -> FairRoom:
    """A match whose guest at seat 1 runs `cheater_class`, again until the cheat happened."""
    for attempt in range(tries):
        room = FairRoom(guests=guests, rules=RULES, seed=seed + attempt)
        room.run_until(lambda: all(g.stage == "lobby" for g in room.guests), 400)
        assert room.host.start() is None
        room.run_until(lambda: all(g.fair is not None for g in room.guests), 400)
        room.guests[0].fair.device_class = cheater_class
        room.run_until(lambda: room.ready(), 2000)
        room.play_to_end()
        if room.seat_of(CHEATER).device.cheated is not None:
            return room
    pytest.fail(f"{cheater_class.__name__} never had the chance in {tries} matches")


def assert_caught(room: FairRoom, cheater: int, reason_part: str, deal: int, trick=None):
    devices = room.devices
    verdicts = [d.verdicts[deal] for d in devices]
    assert all(v is not None for v in verdicts), verdicts
    assert len({v.key() for v in verdicts}) == 1, [str(v) for v in verdicts]  # every device alike
    verdict = verdicts[0]
    assert verdict.seat == cheater and reason_part in verdict.reason, str(verdict)
    if trick is not None:
        assert verdict.trick == trick
    # every seat's screen is told, and the deal is scored by the house rule
    for seat in range(3):
        mirror = room.seat_of(seat)
        assert [(n, v.key()) for n, v in mirror.breaches] == [(deal, verdict.key())]
        points = mirror.table.points[deal]
        assert sum(points) == 0 and points[cheater] == min(points) < 0
    # the match is not corrupted: it ends, every device agrees, the other deals are clean
    for d in devices:
        assert d.tracker.phase == "game_over" and d.tracker.totals == devices[0].tracker.totals
        assert [v is None for n, v in enumerate(d.verdicts) if n != deal] == [True] * (RULES.deals - 1)
    assert all(g.stage == "over" for g in room.guests) and room.host.stage == "over"
    return verdict


def test_a_guest_playing_a_card_it_does_not_hold_is_named_at_once():
    room = room_with(PlaysACardItDoesNotHold)
    assert_caught(room, CHEATER, "not the card it holds", room.seat_of(CHEATER).device.cheated)


def test_a_guest_sending_a_wrong_key_is_named_by_the_audit():
    room = room_with(SendsAWrongKey)
    assert_caught(room, CHEATER, "sent a key it did not reveal", room.seat_of(CHEATER).device.cheated)


def test_a_guest_that_revokes_is_named_with_the_trick():
    room = room_with(Revokes, seed=4)
    cheater = room.seat_of(CHEATER).device
    assert_caught(room, CHEATER, "follow", cheater.cheated, trick=cheater.revoked_in)


def test_a_guest_giving_back_a_card_that_is_not_its_highest_is_named():
    room = room_with(ReturnsTheWrongCard, seed=5, tries=30)
    assert_caught(room, CHEATER, "not its highest", room.seat_of(CHEATER).device.cheated)


def test_a_guest_that_does_not_reveal_is_named_after_the_wait():
    room = room_with(RefusesToReveal)
    assert_caught(room, CHEATER, "did not send its reveal in time", room.seat_of(CHEATER).device.cheated)


@pytest.mark.parametrize("cheater_class, reason_part", [
    (SendsItsKeysTwice, "twice"), (SendsItsKittyKeysEarly, "keys (kitty)"), (PlaysWithAnotherSlotsPoint, "slot")])
def test_a_guest_whose_message_the_host_refuses_is_named_not_the_host(cheater_class, reason_part):
    """The host's device, relaying, refuses it first and accuses: the audit, by the same
    rule book, names the guest that sent it."""
    room = room_with(cheater_class)
    deal = room.seat_of(CHEATER).device.cheated
    accusers = [body["m"]["sender"] for body in room.host.fair.past + room.host.fair.log
                if body["m"]["kind"] == "breach" and body["m"]["deal"] == deal]
    assert accusers and accusers[0] != CHEATER
    assert_caught(room, CHEATER, reason_part, deal)


# --- the relay ---------------------------------------------------------------------------------

class AlteringRelay(fair_host.FairRoom):
    """Changes one play of the guest at seat 1 on its way to the guest at seat 2 (the slot
    it names); `countersign`: and countersigns what it changed, as an honest relay's own."""

    countersign = True
    altered = None

    def _publish(self, obj, signature, relay):
        if self.altered is not None or obj["sender"] != 1 or obj["kind"] != "play" or relay is None:
            yield from super()._publish(obj, signature, relay)
            return
        forged = copy.deepcopy(obj)
        forged["body"]["slot"] = (forged["body"]["slot"] + 1) % 3
        forged_relay = group.sign(self.seeds[self.host.seat], fair_wire.relay_bytes(forged, signature)) \
            if self.countersign else relay
        self.altered = (obj["deal"], obj["seq"])
        real = {"m": obj, "sig": signature.hex(), "relay": relay.hex()}
        self.log.append(real)
        msg = fair_wire.from_json(obj)
        for seat in self.seats.values():
            seat.device.receive(msg)
        for v in self.host._seated():
            body = {**real, "m": forged, "relay": forged_relay.hex()} if v.seat == 2 else real
            v.send("fair", body)


def test_a_host_that_alters_a_relayed_message_is_named_by_its_countersignature(monkeypatch):
    monkeypatch.setattr(host_module, "FairRoom", AlteringRelay)
    room = FairRoom(guests=2, rules=RULES)
    room.start()
    room.play_to_end()
    relay = room.host.fair
    deal = relay.altered[0]
    verdict = assert_caught(room, room.host.seat, "relayed a message that seat 1 did not sign", deal)
    assert verdict.trick is not None  # during the play, at the trick the forged card was in
    assert room.guests[1].problems == []  # a breach, proved: not a problem of the link


def test_a_forged_message_without_the_relays_signature_is_not_taken_and_asked_again(monkeypatch):
    """Nothing proves who forged it (only the host's link could have carried it): the guest
    does not take it, notes it, asks for the state again, and the game goes on."""
    monkeypatch.setattr(AlteringRelay, "countersign", False)
    monkeypatch.setattr(host_module, "FairRoom", AlteringRelay)
    room = FairRoom(guests=2, rules=RULES)
    room.start()
    room.play_to_end()
    assert room.host.fair.altered is not None
    assert ("bad_signature", 1, "play") in room.guests[1].problems
    assert all(d.verdicts == [None] * RULES.deals for d in room.devices)


def test_a_message_with_a_bad_signature_from_a_guests_link_is_refused_not_relayed():
    """Only the guest's own link could have carried it, and the others could not check that:
    refused (and logged), never relayed, never held against anyone; the game goes on."""
    room = FairRoom(guests=2, rules=RULES)
    room.start()
    room.run_until(lambda: room.ready() and room.seat_of(1).device.d.final is not None)
    relay = room.host.fair
    deal = room.seat_of(1).device.d.number
    seq = room.seat_of(1).device.d.seq_out  # the guest's next message's number, not sent yet
    forged = {"game": relay.game, "deal": deal, "sender": 1, "seq": seq, "kind": "declare", "body": {"contract": "NT"}}
    before = len(relay.log)
    room.guests[0].peer.send("fair", {"m": forged, "sig": "00" * 64})
    for _ in range(3):  # the host takes it before the guest's own message of that number
        room.host.poll()
    room.settle(3)
    assert room.host.refused["bad_signature"] == 1
    assert forged not in [body["m"] for body in relay.log[before:]]
    room.play_to_end()
    assert all(d.verdicts == [None] * RULES.deals for d in room.devices)
