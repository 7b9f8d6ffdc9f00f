"""Whole matches over the in-memory links: the host's referee and its guests' mirrors."""

from __future__ import annotations

import pytest

from game.engine import RuleSet
from game.online.links.transport import Faults
from game.online.lobby import COMPUTER, GUEST, HOST

from .helpers import Room, views_by_at


def check_guests_saw_the_match(room: Room) -> None:
    """Every view a guest was sent is the host's view of its seat at that moment, the
    finished match is the host's, and the audit passed."""
    match = room.host.match
    assert match.is_over()
    for guest in room.guests:
        assert guest.problems == []
        assert guest.view == match.view(guest.seat)
        assert guest.audit_result and guest.audit_result.ok, guest.audit_result
        truth = views_by_at(match, guest.seat)
        for at, digest in guest.digests.items():
            from game.online.deals import view_digest
            assert digest == view_digest(truth[at]), at
        table = guest.table
        assert table.history() == [
            {"number": d.number, "dealer": d.dealer, "declarer": d.declarer, "contract": d.contract,
             "targets": tuple(d.targets), "taken": tuple(d.tricks_taken), "points": tuple(d.points)} for d in match.deals]
        assert table.result() == match.result()
        assert table.totals == match.totals
        assert table.actions_taken == len(match.history)
        assert table.finished_match().to_json() == match.to_json()
        for mine, theirs in zip(table.deals, match.deals):
            assert (mine.hands, mine.kitty, mine.discards, mine.exchange, mine.tricks) == \
                (theirs.hands, theirs.kitty, theirs.discards, theirs.exchange, theirs.tricks)


def test_a_whole_match_with_two_guests_and_the_host():
    room = Room(guests=2, rules=RuleSet.preset("standard"))
    room.start()
    assert [s.kind for s in room.host.lobby.seats] == [HOST, GUEST, GUEST]
    every_update = {0: [], 1: []}
    while room.host.stage != "over":
        room.step()
        for i, g in enumerate(room.guests):
            every_update[i] += g.take_updates()
    room.play_to_end()
    for i, g in enumerate(room.guests):
        every_update[i] += g.take_updates()
    check_guests_saw_the_match(room)
    assert room.host.refused == {}
    match = room.host.match
    for i in range(len(room.guests)):
        updates = every_update[i]
        assert updates[0].snapshot and updates[0].at == 0
        # one update per action, in order, each with that action's events
        assert [u.at for u in updates[1:]] == list(range(1, len(match.history) + 1))
        assert sum(1 for u in updates for e in u.events if e.kind == "played") == 48 * match.rules.deals


@pytest.mark.parametrize("preset", ["standard", "blato", "classic"])
def test_the_host_one_guest_and_a_computer_seat(preset):
    room = Room(guests=1, rules=RuleSet.preset(preset, deals=6), strength="heuristic")
    room.start()
    assert [s.kind for s in room.host.lobby.seats] == [HOST, GUEST, COMPUTER]
    room.play_to_end()
    check_guests_saw_the_match(room)
    assert room.host.refused == {}
    # the computer was told who it plays: two people and itself (the expert models them)
    assert room.host.referee.players[2].table == (None, None, "heuristic")


def test_the_host_moves_people_and_picks_the_rules_before_the_start():
    room = Room(guests=1)
    room.settle()
    guest = room.guests[0]
    assert guest.seat == 1
    assert room.host.move(1, 2) is None
    assert room.host.move(0, 1) is None  # the host too
    assert room.host.set_rules(RuleSet.preset("blato", deals=3)) is None
    assert room.host.set_strength("easy") is None
    assert room.host.set_strength("superhuman") == "strength"
    room.settle()
    assert guest.seat == 2 and room.host.seat == 1
    assert guest.lobby == room.host.lobby
    assert guest.lobby.rules.preset_name == "blato" and guest.lobby.strength == "easy"
    room.start()
    assert room.host.move(0, 1) == "started"
    room.play_to_end()
    check_guests_saw_the_match(room)


def test_a_match_goes_on_through_lost_repeated_late_and_reordered_messages():
    """The links are reliable in life; here they lose, repeat, delay and reorder messages
    both ways, and the guests resynchronise (a lost message: the full state again; an
    unanswered action: sent again) until the match is over, seen exactly as it was."""
    bad = Faults(delay=(0.0, 0.3), drop=0.05, duplicate=0.05, reorder=True, seed=3)
    back = Faults(delay=(0.0, 0.3), drop=0.05, duplicate=0.05, reorder=True, seed=4)
    room = Room(guests=2, faults=bad, back_faults=back)
    room.start()
    room.play_to_end(80000)
    check_guests_saw_the_match(room)
    ignored = sum((g.ignored for g in room.guests), start=__import__("collections").Counter())
    assert ignored["gap"] > 0 and ignored["duplicate"] > 0  # the faults did happen
    # only refusals a resend explains: a repeated message, or an action already applied
    assert set(room.host.refused) <= {"replayed", "stale", "too_often", "unexpected", "not_your_turn"}


def test_a_guest_whose_connection_takes_a_while_to_open_joins_when_it_opens():
    from game.online.guest import Guest
    from game.online.links.transport import memory_pair

    room = Room(guests=0)
    host_end, guest_end = memory_pair(room.clock, connecting=True)
    room.host.add_link(host_end)
    guest = Guest(guest_end, "Gus", clock=room.clock)
    room.guests.append(guest)
    room.settle(20)  # a second of "connecting": nothing is lost, nothing is sent
    assert guest.stage == "joining" and room.host.visitors
    host_end.connected()
    room.settle(3)
    assert guest.stage == "lobby" and guest.seat == 1


def test_quick_messages_reach_everyone_and_only_the_three_codes_go():
    room = Room(guests=2)
    room.start()
    a, b = room.guests
    assert a.quick("well_played") and not a.quick("you are slow")
    assert room.host.quick("thanks") and not room.host.quick("free text")
    room.settle(3)
    expected = [("quick", a.seat, "well_played"), ("quick", room.host.seat, "thanks")]
    for inbox in (a.take_inbox(), b.take_inbox(), room.host.take_inbox()):
        assert sorted(item for item in inbox if item[0] == "quick") == sorted(expected)
