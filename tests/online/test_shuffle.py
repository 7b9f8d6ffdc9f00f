"""The fair shuffle: commitments bind, the seed needs every value, and a host that deals
other cards than the committed values give, or shows one deal and publishes another, is
caught by its guests."""

from __future__ import annotations

import random

from game.engine import Match, RuleSet
from game.online import shuffle
from game.online.guest import Guest
from game.online.host import Host

from .helpers import Room

NONCE = bytes(range(16))
VALUES = [bytes([s + 1]) * 32 for s in range(3)]


def test_a_commitment_opens_only_with_its_value_seat_and_match():
    c = shuffle.commitment(NONCE, 1, VALUES[1])
    assert len(c) == 64 and shuffle.opens(c, NONCE, 1, VALUES[1])
    assert not shuffle.opens(c, NONCE, 1, VALUES[2])
    assert not shuffle.opens(c, NONCE, 2, VALUES[1])  # another seat's value cannot stand in
    assert not shuffle.opens(c, bytes(16), 1, VALUES[1])  # nor one from another match
    assert shuffle.opens(None, NONCE, 1, None) and not shuffle.opens(c, NONCE, 1, None)


def test_the_seed_is_an_engine_seed_and_depends_on_every_value():
    seed = shuffle.match_seed(NONCE, VALUES)
    assert 0 <= seed < 2**64
    Match.new(RuleSet.preset("standard"), seed=seed)
    changed = {shuffle.match_seed(NONCE, [*VALUES[:s], b"\x00" * 32, *VALUES[s + 1:]]) for s in range(3)}
    assert seed not in changed and len(changed) == 3
    assert shuffle.match_seed(NONCE, [VALUES[0], None, VALUES[2]]) != shuffle.match_seed(NONCE, [VALUES[0], b"", VALUES[2]])
    assert shuffle.match_seed(bytes(16), VALUES) != seed


class SeedChoosingHost(Host):
    """A cheat: deals from a seed of its own choosing instead of the values' seed."""

    def _deal(self):
        real = shuffle.match_seed
        shuffle.match_seed = lambda nonce, values: 4242
        try:
            super()._deal()
        finally:
            shuffle.match_seed = real


def test_a_host_that_deals_from_another_seed_is_caught_by_every_guest():
    room = cheating_room(SeedChoosingHost)
    room.start()
    assert room.host.match.seed == 4242
    room.play_to_end()
    for g in room.guests:
        assert not g.audit_result.ok
        assert (g.audit_result.reason, g.audit_result.deal) == ("deal", 0)
        assert g.table.finished_match() is None


def test_a_host_that_publishes_another_deal_than_it_showed_is_caught_when_the_deal_ends():
    room = Room(guests=2)
    room.start()
    room.run_until(lambda: room.host.match.deals)
    room.paused = {0, 1}
    guest = room.guests[0]
    honest = guest.deals[0]
    # the same deal told again with two cards swapped between the other seats' hands
    a, b = [s for s in range(3) if s != guest.seat]
    hands = [list(h) for h in honest.hands]
    hands[a][0], hands[b][0] = hands[b][0], hands[a][0]
    forged = honest.__class__(**{**honest.__dict__, "hands": tuple(tuple(h) for h in hands)})
    guest.deals.pop(0)  # as if this were the first time it is told
    visitor = next(v for v in room.host.visitors if v.seat == guest.seat)
    visitor.send("deal_over", {"deal": forged.to_json()})
    room.settle(10)  # the check runs in slices
    assert guest.problems and guest.problems[0][:2] in (("deal_differs", 0), ("bad", "deal_over"))
    assert room.guests[1].problems == []
    # a deal the rules accept but one of this guest's views contradicts
    digests = dict(guest.digests)
    assert honest.replay(room.host.lobby.rules, guest.seat, digests)[1] is None
    digests[honest.first_at + 7] = "0" * 64
    assert honest.replay(room.host.lobby.rules, guest.seat, digests)[1] == honest.first_at + 7


class ValueDroppingHost(Host):
    """A cheat: says at the end that seat 2 never revealed its value."""

    def _published_values(self):
        values = super()._published_values()
        values[2] = None
        return values


def cheating_room(cls) -> Room:
    room = Room(guests=0)
    room.host = cls("Hana", settings=room.host.settings, clock=room.clock, rules=room.host.lobby.rules,
                    strength="random", entropy=room.entropy, dealing="host")
    room.join("Gus"), room.join("Gia")
    return room


def test_a_host_that_drops_a_guests_value_is_caught_by_that_guest_and_the_other():
    room = cheating_room(ValueDroppingHost)
    room.start()
    room.play_to_end()
    gus, gia = room.guests
    assert gia.seat == 2
    assert (gia.audit_result.ok, gia.audit_result.reason) == (False, "own_value")
    # and by the other: without that value the seed deals other cards than were played
    assert (gus.audit_result.ok, gus.audit_result.reason, gus.audit_result.missing) == (False, "deal", (2,))


def test_a_host_whose_commitment_changes_is_caught():
    room = Room(guests=1)
    room.run_until(lambda: room.guests[0].stage == "lobby")
    room.host.start()
    room.host.commitments[room.host.seat] = "ab" * 32  # sent in the commitments, not in the start
    room.settle(20)
    assert ("changed", "the host's commitment") in room.guests[0].problems


def test_the_audit_itself():
    rules = RuleSet.preset("standard", deals=3)
    nonce = random.Random(1).randbytes(16)
    values = [random.Random(s).randbytes(32) for s in range(3)]
    commitments = [shuffle.commitment(nonce, s, values[s]) for s in range(3)]
    match = Match.new(rules, seed=shuffle.match_seed(nonce, values))
    from game.ai import make_player
    from game.online.deals import FinishedDeal, view_digest

    players = [make_player("random", seed=s) for s in range(3)]
    digests = {0: view_digest(match.view(1))}
    while not match.is_over():
        match.apply(players[match.to_act].choose(match.view(match.to_act)))
        digests[len(match.history)] = view_digest(match.view(1))
    deals = {n: FinishedDeal.of(match, n) for n in range(3)}
    assert shuffle.audit(rules, nonce, 1, values[1], commitments, values, deals, digests).ok
    assert shuffle.audit(rules, nonce, 1, values[1], commitments, values, {0: deals[0]}, digests).reason == "incomplete"
    wrong = [values[0], values[1], bytes(32)]
    assert shuffle.audit(rules, nonce, 1, values[1], commitments, wrong, deals, digests).reason == "commitment"
    seen_otherwise = dict(digests)
    seen_otherwise[100] = "0" * 64
    assert shuffle.audit(rules, nonce, 1, values[1], commitments, values, deals, seen_otherwise).reason == "deal"


class CommitmentSwappingHost(Host):
    """A cheat: puts a commitment of its own in seat 1's place before sending them all."""

    def _reveal_round(self):
        self.commitments[1] = shuffle.commitment(self.nonce, 1, bytes(32))
        super()._reveal_round()


def test_a_host_that_puts_another_commitment_in_a_guests_place_is_caught_by_that_guest():
    room = cheating_room(CommitmentSwappingHost)
    victim, other = room.guests
    room.run_until(lambda: all(g.stage == "lobby" for g in room.guests))
    assert victim.seat == 1
    room.host.start()
    room.settle(20)
    assert ("changed", "this seat's commitment") in victim.problems and not victim.revealed
    assert other.problems == []


def test_a_guest_checks_a_finished_deal_in_slices_not_in_one_frame(monkeypatch):
    """Each step of the check costs 1 ms of a fake clock; at 4 ms a frame, a deal of 53
    actions takes many frames, and its record is there only at the end."""
    ticks = iter(range(10**9))
    monkeypatch.setattr(Guest, "work_clock", staticmethod(lambda: next(ticks) / 1000.0))
    room = Room(guests=1)
    room.start()
    guest = room.guests[0]
    room.run_until(lambda: guest.deals)
    room.paused = {0}
    polls = 0
    while 0 not in guest.deal_records:
        guest.poll()
        polls += 1
        assert polls < 200
    assert polls >= 10 and not guest.problems
