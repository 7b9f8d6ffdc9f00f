"""After a guest's seat is named late in a fairly dealt game, the host's person chooses how the
match goes on, and every device is told: wait for them (on as before), a computer plays the
seat from the next deal (the host's device holds its secrets, every audit knows the seat's
new key from the deal it takes over, the scores carried on), or stop (the match over on
every device with the same scores).  Only the host's device decides."""

from __future__ import annotations

import json
from dataclasses import replace

from game.engine.phases import Phase
from game.online import protocol
from game.online.fair import group
from game.online.fair.dues import KEYS, TURN, owed
from game.online.fair_room import wire as fair_wire
from game.online.guest import GuestSettings

from .fair_room import FairRoom, reference_views
from .helpers import NAMES
from .test_fair_deadlines import DEAL, LATE, RULES, WAIT, NeverPlays, WithholdsItsKeys, late_device, room_with

OTHER = 1  # the index of the guest that is not late (seat 2)


def choosing(room) -> None:
    """Until the late seat is named and the host's device waits for its person's choice."""
    room.run_until(lambda: room.host.after_late.choosing, 20000)


def after_late_items(inbox) -> list:
    return [item for item in inbox if item[0] == "after_late"]


def other_guest(room):
    return room.guests[OTHER]


def test_the_host_is_asked_and_every_screen_is_told_while_the_room_rests():
    room = room_with(WithholdsItsKeys)
    choosing(room)
    host = room.host
    assert host.fair.paused and host.after_late.seat == LATE and host.after_late.deal == DEAL
    deal_then = host.mirror.device.d.number
    room.settle(200)  # 10 s: nothing of the next deal goes on meanwhile, and nobody is named for it
    assert host.mirror.device.d.number == deal_then and host.mirror.tracker.phase == "dealing"
    assert len(host.mirror.device.verdicts) == DEAL + 1
    assert after_late_items(host.take_inbox()) == [("after_late", LATE, DEAL, None)]
    for g in room.guests:
        assert after_late_items(g.take_inbox()) == [("after_late", LATE, DEAL, None)]


def test_wait_goes_on_as_before_with_the_seat_still_its_persons():
    room = room_with(WithholdsItsKeys)
    choosing(room)
    assert room.host.choose_after_late("wait") is None
    assert room.host.choose_after_late("stop") == "nothing to choose"  # chosen once
    room.play_to_end()
    devices = room.devices
    assert all(d.verdicts[DEAL].seat == LATE and d.verdicts[DEAL].duty == KEYS for d in devices)
    assert all(d.verdicts[DEAL + 1] is None for d in devices)  # the late seat's person played the last deal
    assert LATE not in room.host.fair.seats and room.seat_of(LATE) is room.guests[0].fair.seat
    assert len({tuple(d.tracker.totals) for d in devices}) == 1
    for side in (room.host, *room.guests):
        assert after_late_items(side.take_inbox())[-1] == ("after_late", LATE, DEAL, "wait")


def test_stop_ends_the_match_on_every_device_with_the_same_final_scores():
    room = room_with(WithholdsItsKeys)
    choosing(room)
    assert room.host.choose_after_late("stop") is None
    room.run_until(lambda: room.host.stage == "over" and all(g.stage == "over" for g in room.guests), 4000)
    mirrors = [room.host.mirror, *(g.fair.seat for g in room.guests)]
    points = [d.points for d in mirrors[0].deal_records.values()]
    played = tuple(sum(p[s] for p in points) for s in range(3))
    assert len(points) == DEAL + 1 < RULES.deals
    for side in (room.host.mirror, *room.guests):
        assert side.view.phase == Phase.GAME_OVER and side.view.totals == played
        assert side.table.result() == mirrors[0].table.result() and side.table.result()[0] is not None
    assert all(m.match_checked() for m in mirrors)
    room.settle(100)  # nothing more is dealt
    assert all(len(m.deal_records) == DEAL + 1 for m in mirrors)
    for g in room.guests:
        assert after_late_items(g.take_inbox())[-1] == ("after_late", LATE, DEAL, "stop")


def test_a_computer_plays_the_late_seat_from_the_next_deal_and_every_audit_passes():
    room = room_with(WithholdsItsKeys)
    choosing(room)
    totals_then = tuple(room.host.mirror.tracker.totals)
    old_key = room.host.fair.keys[LATE]
    assert room.host.choose_after_late("computer") is None
    other = other_guest(room)
    room.run_until(lambda: room.host.stage == "over" and other.stage == "over", 40000)
    room.run_until(lambda: all(len(d.verdicts) == RULES.deals for d in room.devices), 4000)
    computer = room.host.fair.seats[LATE]
    assert computer.player is not None and room.seat_of(LATE) is computer
    assert room.host.fair.keys[LATE] != old_key and other.fair.keys[LATE] == room.host.fair.keys[LATE]
    assert room.host.lobby.seats[LATE].held
    devices = room.devices
    assert all(d.verdicts[DEAL].seat == LATE and d.verdicts[DEAL].duty == KEYS for d in devices)
    assert all(d.verdicts[DEAL + 1] is None for d in devices)  # audited with the seat's new key
    last = [d.replays[DEAL + 1] for d in devices]
    assert all(r is not None and r.deals for r in last)
    points = last[0].deals[0].points
    assert all(tuple(d.tracker.totals) == tuple(totals_then[s] + points[s] for s in range(3)) for d in devices)
    assert other.view.totals == room.host.mirror.view.totals and other.view.phase == Phase.GAME_OVER
    late = room.guests[0]
    assert late.seat_taken and late.act("play AS") == "a computer plays this seat now"
    assert after_late_items(late.take_inbox())[-1] == ("after_late", LATE, DEAL, "computer")
    assert after_late_items(other.take_inbox())[-1] == ("after_late", LATE, DEAL, "computer")
    watches_to_the_end(room, late)
    assert other.problems == [] and not other.seat_taken and other.fair.waiting == []  # (shown nothing new)


def watches_to_the_end(room, late) -> None:
    """The taken person, still at the table, saw its old seat played by the computer deal by
    deal to the match's end: the same score sheet and final scores as everyone, no hand but
    that seat's, and still no say in it."""
    room.run_until(lambda: late.stage == "over" and late.match_checked(), 4000)
    host = room.host
    assert late.problems == [] and late.view.seat == LATE
    assert late.view.phase == Phase.GAME_OVER and late.view.deal_number == RULES.deals - 1
    assert late.view.totals == host.mirror.view.totals
    assert rows(late.table) == rows(host.mirror.table) and len(rows(late.table)) == RULES.deals
    assert late.table.result() == host.mirror.table.result()
    assert late.act("play AS") == "a computer plays this seat now"
    assert late._last_sync_ask == float("-inf")  # nothing ever found missing: the state never asked again
    shown, sheet = late.view, rows(late.table)
    room.clock.advance(host.settings.sync_gap_s)
    late.peer.send("sync", {})  # (as after a lost message): the same table again
    room.settle(10)
    assert late.problems == [] and late.view == shown and rows(late.table) == sheet and late.match_checked()
    watched = [u for u in room.seen[LATE] if u.view.deal_number > DEAL]
    assert {u.view.deal_number for u in watched} == set(range(DEAL + 1, RULES.deals))
    first_at = watched[0].at
    assert watched[0].snapshot and late.deals[DEAL + 1].first_at == first_at
    views = {s: views_from(host.mirror, s, first_at) for s in range(3)}
    for u in watched:
        if u.view.phase == Phase.GAME_OVER or u.at not in views[LATE]:
            continue
        assert u.view.seat == LATE and u.view.to_act != LATE and not u.view.legal  # (no turn offered to watch)
        if u.view.deal_number == views[LATE][u.at].deal_number:  # (not a deal just played out, shown at its end)
            assert u.view.hand == views[LATE][u.at].hand
        for s in {0, 1, 2} - {LATE}:  # never a card another seat holds
            assert not set(u.view.hand) & set(views[s][u.at].hand)


def views_from(mirror, seat: int, first_at: int) -> dict:
    """Every view `seat` should have had from the deal after the late one, by the match's
    action count: each later deal replayed through the engine from its audited record."""
    return reference_views(mirror, seat, first=DEAL + 1, first_at=first_at)


def test_the_late_device_is_no_longer_trusted_for_its_seat():
    """A message for the seat signed with the late device's key under the new game id is
    refused at the host and never relayed."""
    room = room_with(WithholdsItsKeys)
    choosing(room)
    room.host.choose_after_late("computer")
    room.run_until(lambda: room.guests[0].seat_taken, 4000)
    late = room.guests[0]
    relayed = len(room.host.fair.log)
    signing = (late.fair or late.fair_before).seed
    obj = {"game": room.host.fair.game, "deal": DEAL + 1, "sender": LATE, "seq": 0, "kind": "lapse", "body": {}}
    late.peer.send("fair", {"m": obj, "sig": group.sign(signing, fair_wire.signed_bytes(obj)).hex()})
    room.settle(3)
    assert room.host.refused["forged"] == 1
    assert not any(body["m"] == obj for body in room.host.fair.log[relayed:])


def test_a_guest_cannot_make_the_choice_nor_forge_it():
    """`after_late` comes from the host alone: a guest's is refused as a kind it may not send,
    and nothing changes; the host's device still waits for its own person."""
    room = room_with(WithholdsItsKeys)
    choosing(room)
    hostile = other_guest(room)
    for choice in ("stop", "computer", "host", "wait"):
        hostile.peer.send("after_late", {"seat": LATE, "deal": DEAL, "choice": choice, "game": None, "key": None})
    room.settle(20)
    assert room.host.refused["unknown_type"] == 4
    assert room.host.after_late.choosing and room.host.fair.paused and room.host.stage == "play"
    assert protocol.decode(protocol.encode("after_late", 1, {"seat": LATE, "deal": DEAL, "choice": "stop", "game": None,
                                                             "key": None}), from_host=False).code == "unknown_type"


def test_a_choice_the_host_does_not_make_in_time_is_the_first_one_offered():
    """Wait for a late person still connected; a computer for one who is gone."""
    room = room_with(WithholdsItsKeys)
    choosing(room)
    assert room.host.after_late.default() == "wait"
    room.settle(int(room.host.settings.after_late_wait_s / 0.05) + 2)
    assert room.host.after_late.chosen == [(DEAL, LATE, "wait")] and not room.host.fair.paused

    gone = room_with(WithholdsItsKeys)
    gone.run_until(lambda: late_device(gone).held == DEAL and late_device(gone).d.number == DEAL, 20000)
    gone.paused = {0}
    gone.links[0].cut()
    choosing(gone)
    assert gone.host.after_late.default() == "computer"
    gone.settle(int(gone.host.settings.after_late_wait_s / 0.05) + 2)
    assert gone.host.after_late.chosen == [(DEAL, LATE, "computer")]
    other = other_guest(gone)
    gone.run_until(lambda: gone.host.stage == "over" and other.stage == "over", 40000)
    assert other.view.totals == gone.host.mirror.view.totals


def test_a_guest_back_after_a_reload_takes_the_match_up_under_the_new_game_id():
    """The other guest's page reloads in the deal after the handover: it is sent the old game's
    messages, the handover, then the new game's, rebuilds its seat from its kept seed and plays
    the match to its end, every audit passing."""
    room = room_with(WithholdsItsKeys, settings=replace(WAIT, duty_wait_s=10.0))
    choosing(room)
    room.host.choose_after_late("computer")
    other = other_guest(room)
    room.run_until(lambda: other.fair.seat.tracker.deal_number == DEAL + 1 and other.fair.seat.tracker.phase == "play",
                   20000)
    kept = json.loads(json.dumps(other.keep()))  # all the page's storage holds
    room.paused = {OTHER}
    room.links[OTHER].cut()
    room.settle(5)
    back = room.join(NAMES[OTHER], token=kept["token"], kept=kept, index=OTHER)
    room.paused = set()
    room.run_until(lambda: room.host.stage == "over" and back.stage == "over", 40000)
    room.run_until(lambda: len(back.fair.seat.device.verdicts) == RULES.deals, 4000)
    assert back.problems == []
    assert back.fair.seat.device.verdicts[DEAL + 1] is None and back.fair.keys == room.host.fair.keys
    assert back.view.totals == room.host.mirror.view.totals


def test_a_deal_named_late_in_its_play_keeps_its_contract_on_the_score_sheet():
    """The late deal's row (what the table's result and the score screen draw) names the
    contract declared and tricks that agree with the house rule's points, on every device."""
    room = room_with(NeverPlays, guest_settings=GuestSettings(turn_timeout_s=None))
    choosing(room)
    other = other_guest(room)
    room.run_until(lambda: other.deal_checked(DEAL), 4000)
    for mirror in (room.host.mirror, other.fair.seat):
        row = mirror.table.history()[DEAL]
        assert row["contract"] is not None and row["contract"] in mirror.tracker.used[row["declarer"]]
        assert sum(row["points"]) == 0 and row["points"][LATE] == min(row["points"])
        declarer = row["declarer"]
        assert (row["taken"][declarer] >= row["targets"][declarer]) == (row["points"][declarer] >= 0) \
            or row["contract"] == "MT"


def test_a_seat_whose_move_is_in_the_one_order_is_not_named_before_the_host_device_takes_it():
    """The host's device names a seat from its own reading of the one order: while a move the
    seat made is relayed but not yet taken there, the seat's deadline passing names nobody
    (before, the claim landed after the move, and every device named the host)."""
    room = FairRoom(guests=2, rules=RULES, settings=WAIT, guest_settings=GuestSettings(turn_timeout_s=None))
    room.paused = {0}
    room.start()
    fair, mirror, guest = room.host.fair, room.host.mirror, room.guests[0]

    def owes_its_move() -> bool:
        seat = guest.fair.seat if guest.fair else None
        return owed(mirror.device).get(LATE, (None,))[0] == TURN and seat is not None and seat.view is not None \
            and seat.view.to_act == LATE and bool(seat.view.legal) and seat.tracker.view() == seat.view

    room.run_until(owes_its_move, 20000)
    real_steps = mirror.device.steps
    mirror.device.steps = lambda prepare=True: iter(())  # the host's device takes nothing for now
    assert guest.act(guest.fair.seat.view.legal[0]) is None
    room.run_until(lambda: any(m.sender == LATE for m in mirror.device.inbox), 400)
    room.clock.advance(fair.allowance(TURN) + 1)
    fair._deadlines()
    assert "overdue" not in mirror.device.d.done and not mirror.outbox
    mirror.device.steps = real_steps
    number = mirror.device.d.number
    room.run_until(lambda: len(mirror.device.verdicts) > number, 20000)
    assert mirror.device.verdicts[number] is None or mirror.device.verdicts[number].seat != room.host.seat


def test_the_late_person_back_after_a_reload_finds_the_computer_in_the_seat():
    """Gone when named, back later with the page's kept token: shown where the game was when
    the seat was taken, told so, and the seat stays the computer's."""
    room = room_with(WithholdsItsKeys)
    room.run_until(lambda: late_device(room).held == DEAL and late_device(room).d.number == DEAL, 20000)
    kept = json.loads(json.dumps(room.guests[0].keep()))
    room.paused = {0}
    room.links[0].cut()
    choosing(room)
    room.host.choose_after_late("computer")
    room.run_until(lambda: room.host.fair.seats.get(LATE) is not None and not room.host.fair.paused, 400)
    before = len(room.seen.get(LATE, []))
    back = room.join(NAMES[0], token=kept["token"], kept=kept, index=0)
    room.run_until(lambda: back.seat_taken and back.view is not None, 4000)
    shown = [u for u in room.seen[LATE][before:] if u.snapshot]  # (what the room's screens took)
    assert shown[0].view.deal_number == DEAL  # the table as it was when the seat was taken (then the computer's)
    assert ("after_late", LATE, DEAL, "computer") in back.take_inbox()
    assert room.host.lobby.seats[LATE].held and room.host.lobby.seats[LATE].present
    assert back.act("play AS") == "a computer plays this seat now"
    other = other_guest(room)
    room.run_until(lambda: room.host.stage == "over" and other.stage == "over", 40000)
    assert other.view.totals == room.host.mirror.view.totals
    watches_to_the_end(room, back)


# --- the host deals from the next deal -------------------------------------------------------------

def host_deals_on(room):
    """The late seat named, the host chooses to deal from the next deal; every guest's device
    takes the choice in the one order and plays on host-dealt."""
    choosing(room)
    assert room.host.choose_after_late("host") is None
    room.run_until(lambda: all(g.fair is None and g.fair_before is not None for g in room.guests), 4000)


def all_over(room) -> bool:
    match = room.host.match
    return room.host.stage == "over" and all(g.stage == "over" and g.at == len(match.history)
                                             and g.match_checked() for g in room.guests)


def rows(table) -> list:
    return [(r["number"], r["points"]) for r in table.history()]


def test_the_host_deals_from_the_next_deal_and_the_late_person_plays_on_to_the_end():
    room = room_with(WithholdsItsKeys)
    choosing(room)
    mirror = room.host.mirror
    totals_then, fair_rows = tuple(mirror.tracker.totals), rows(mirror.table)
    assert room.host.choose_after_late("host") is None
    host = room.host
    assert host.fair is None and host.lobby.dealing == "host" and host.fair_past.stopped
    assert host.match.deal_number == DEAL + 1 and host.match.totals == totals_then
    assert after_late_items(host.take_inbox())[-1] == ("after_late", LATE, DEAL, "host")
    room.run_until(lambda: all_over(room), 40000)
    match = host.match
    assert ("notice", "timeout", LATE) not in host.take_inbox() and not host.lobby.seats[LATE].held
    assert len(match.deals) == RULES.deals - DEAL - 1
    sheet = rows(host.mirror.table)
    assert len(sheet) == RULES.deals and sheet[:DEAL + 1] == fair_rows
    assert tuple(sum(p[s] for _n, p in sheet) for s in range(3)) == match.totals
    for g in room.guests:
        assert g.problems == [] and g.view.totals == match.totals and rows(g.table) == sheet
        assert all(g.deal_checked(n) for n in range(RULES.deals)) and g.audit_result is None
        assert after_late_items(g.take_inbox())[-1] == ("after_late", LATE, DEAL, "host")
    late = room.guests[0]
    assert not late.seat_taken and late.fair_before.seat.device.verdicts[DEAL].seat == LATE
    for g in room.guests:  # the late deal's end reached every screen before the host's first deal
        seen = [u.view.deal_number for u in room.seen[g.seat]]
        assert DEAL in seen and DEAL + 1 in seen and seen.index(DEAL + 1) > max(i for i, n in enumerate(seen) if n == DEAL)


def test_a_guest_action_is_refused_until_the_host_deals_and_taken_after():
    room = room_with(WithholdsItsKeys)
    choosing(room)
    other = other_guest(room)
    other.peer.send("action", {"at": 0, "seat": other.seat, "action": "play AS"})
    room.settle(3)
    refused = room.host.refused["unexpected"]
    assert refused >= 1 and room.host.fair is not None and room.host.match is None
    room.host.choose_after_late("host")
    room.paused = {OTHER}  # (its person acts below, through the guest's act)
    room.run_until(lambda: room.host.match.to_act == other.seat and other.fair is None and other.view is not None
                   and other.view.to_act == other.seat and other.at == len(room.host.match.history), 4000)
    taken = len(room.host.match.history)
    assert other.act(other.view.legal[0]) is None
    room.settle(3)
    assert len(room.host.match.history) > taken and room.host.refused["unexpected"] == refused
    # a fair message sent before a device took the switch is dropped, unanswered (no refusal on its screen)
    obj = {"game": room.host.fair_past.game, "deal": DEAL + 1, "sender": other.seat, "seq": 0, "kind": "lapse", "body": {}}
    other.take_inbox()
    counted = sum(room.host.refused.values())
    other.peer.send("fair", {"m": obj, "sig": group.sign(other.fair_before.seed, fair_wire.signed_bytes(obj)).hex()})
    room.settle(3)
    assert sum(room.host.refused.values()) == counted and not [i for i in other.take_inbox() if i[0] == "refused"]


def test_a_guest_back_after_a_reload_once_the_host_deals_plays_on_host_dealt():
    """The other guest's page reloads in the host's first deal: it rebuilds the fair deals from
    the transcript sent again (their rows on its score sheet), takes the switch where it was
    made, and plays on host-dealt to the end."""
    room = room_with(WithholdsItsKeys)
    host_deals_on(room)
    other = other_guest(room)
    room.run_until(lambda: len(room.host.match.history) >= 6 and other.at == len(room.host.match.history), 4000)
    kept = json.loads(json.dumps(other.keep()))
    room.paused = {OTHER}
    room.links[OTHER].cut()
    room.settle(5)
    back = room.join(NAMES[OTHER], token=kept["token"], kept=kept, index=OTHER)
    room.paused = set()
    room.run_until(lambda: back.fair is None and back.fair_before is not None and back.view is not None, 8000)
    assert back.lobby.dealing == "host" and back.view.deal_number == DEAL + 1
    room.run_until(lambda: all_over(room), 40000)
    assert back.problems == [] and back.view.totals == room.host.match.totals
    assert rows(back.table) == rows(room.host.mirror.table)


def test_the_hosts_game_is_kept_and_taken_up_after_the_switch():
    room = room_with(WithholdsItsKeys)
    host_deals_on(room)
    room.run_until(lambda: len(room.host.match.history) >= 10, 4000)
    host = room.host
    data = json.loads(json.dumps(host.save()))
    again, why = type(host).restore(data, settings=host.settings, clock=room.clock, entropy=room.entropy)
    assert why is None and again.match.history == host.match.history and again.lobby.dealing == "host"
    assert again.fair is None and rows(again.mirror.table) == rows(host.mirror.table)[:len(again.mirror.table.history())]
    assert len(again.mirror.table.history()) == DEAL + 1 and again.mirror.take_updates()[0].snapshot
    again.poll()
    assert again.act(again.match.legal_actions()[0]) in (None, "it is not your turn")
    tampered = json.loads(json.dumps(data))
    tampered["fair_deals"][0]["points"] = [p + 1 for p in tampered["fair_deals"][0]["points"]]
    assert type(host).restore(tampered, settings=host.settings, clock=room.clock)[0] is None
    plain = dict(data)
    del plain["fair_deals"]
    assert type(host).restore(plain, settings=host.settings, clock=room.clock)[0] is None  # (the values do not deal it)


def test_a_seat_the_computer_took_stays_the_computers_once_the_host_deals():
    """A seat handed to the host's computer earlier (held, its person still connected) is not
    given back by a later switch to the host's dealing: its person's actions are refused, and
    coming back after a reload does not free it."""
    room = room_with(WithholdsItsKeys)
    host_deals_on(room)
    host, other = room.host, other_guest(room)
    host.fair_past.seats[other.seat] = host.fair_past.mirror  # (as a handover of that seat had left it)
    host.lobby = host.lobby.seated(other.seat, replace(host.lobby.seats[other.seat], held=True))
    room.paused = {OTHER}
    room.run_until(lambda: host.match.to_act == other.seat and other.view is not None
                   and other.at == len(host.match.history), 4000)
    other.peer.send("action", {"at": len(host.match.history), "seat": other.seat, "action": str(other.view.legal[0])})
    room.settle(1)
    assert {e.seat for e in host.log if e.detail == "a computer plays this seat now"} == {other.seat}
    kept = json.loads(json.dumps(other.keep()))
    room.links[OTHER].cut()
    room.settle(5)
    room.join(NAMES[OTHER], token=kept["token"], kept=kept, index=OTHER)
    room.settle(20)
    assert host.lobby.seats[other.seat].held and host.lobby.seats[other.seat].present
