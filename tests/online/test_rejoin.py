"""Leaving and coming back: a computer holds an empty seat after a wait, everyone is told,
the person gets the seat and exactly its view back with its token; the host's game is
kept when the host goes and taken up again."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from game.online.guest import HOST_AWAY, TURNED_AWAY
from game.online.host import Host, HostSettings

from .helpers import Room
from .test_match_online import check_guests_saw_the_match

WAITING = HostSettings(turn_timeout_s=None, absent_wait_s=3.0)


def mid_deal(room: Room, actions: int = 20, turn_of: int | None = None) -> None:
    room.start()
    match = room.host.match
    room.run_until(lambda: len(match.history) >= actions and match.phase == "play"
                   and (turn_of is None or match.to_act == room.guests[turn_of].seat))


def notices(inbox) -> list[tuple]:
    return [item[1:] for item in inbox if item[0] == "notice"]


def test_a_guest_who_drops_mid_deal_gets_its_seat_and_exactly_its_view_back():
    room = Room(guests=2, settings=WAITING)
    mid_deal(room, turn_of=0)
    gone = room.guests[0]
    seat, token, kept = gone.seat, gone.token, gone.keep()
    other = room.guests[1]
    other.take_inbox()
    room.links[0].cut()  # the connection is lost
    room.settle(2)
    assert notices(other.take_inbox()) == [("away", seat)]
    assert ("notice", "away", seat) in room.host.take_inbox()
    assert other.lobby.seats[seat].present is False
    moves = len(room.host.match.history)
    room.settle(40)  # 2 s: the seat waits for its person
    assert len(room.host.match.history) == moves
    room.settle(40)  # past the wait: a computer holds the seat and plays it
    assert notices(other.take_inbox()) == [("computer", seat)]
    assert other.lobby.seats[seat].held is True
    room.run_until(lambda: room.host.match.to_act == seat and room.host.match.phase == "play"
                   and len(room.host.match.history) > moves + 6)
    room.paused = {0, 1}  # nobody moves while we look
    back = room.join("Gus", token=token, kept=kept, index=0)
    room.settle(3)
    assert room.host.match.to_act == seat  # the person decides again, not the computer
    assert back.seat == seat
    assert back.view == room.host.match.view(seat)  # exactly the host's view of the seat
    assert back.at == len(room.host.match.history)
    assert notices(other.take_inbox()) == [("back", seat)]
    assert back.lobby.seats[seat].present and not back.lobby.seats[seat].held
    assert len(back.deals) == len(room.host.match.deals)
    room.paused = set()
    room.play_to_end()
    check_guests_saw_the_match(room)  # the audit of the one who came back included


def test_back_before_the_wait_no_computer_and_no_move_made_for_the_seat():
    room = Room(guests=2, settings=WAITING)
    mid_deal(room, turn_of=1)
    gone = room.guests[1]
    seat, token = gone.seat, gone.token
    room.paused = {0, 1}
    room.links[1].cut()
    room.settle(20)  # 1 s
    moves = len(room.host.match.history)
    back = room.join("Gia", token=token, index=1)  # a reload that kept only the token
    room.settle(3)
    assert len(room.host.match.history) == moves and room.host.match.to_act == seat
    assert back.view == room.host.match.view(seat)
    assert all(("computer", seat) not in notices(g.take_inbox()) for g in room.guests)
    room.paused = set()
    room.play_to_end()
    check_guests_saw_the_match(room)
    assert back.audit_result.ok  # without its own value it checks everything else


def test_back_before_the_host_saw_the_drop_the_new_link_takes_the_seat():
    room = Room(guests=2, settings=WAITING)
    mid_deal(room)
    first = room.guests[0]
    old_link = room.links[0]
    room.paused = {0, 1}
    room.run_until(lambda: room.host.match.to_act != room.host.seat and room.host.match.to_act in (first.seat, room.guests[1].seat))
    back = room.join("Gus", token=first.token, kept=first.keep(), index=0)
    room.settle(3)
    assert old_link.state == "closed"
    assert back.view == room.host.match.view(back.seat)
    room.paused = set()
    room.play_to_end()
    check_guests_saw_the_match(room)


def test_an_unknown_token_or_a_new_name_after_the_start_is_turned_away():
    room = Room(guests=2, settings=WAITING)
    mid_deal(room)
    stranger = room.join("Mallory", token="0" * 32)
    newcomer = room.join("Nina")
    room.settle(3)
    assert (stranger.stage, stranger.end_reason) == (TURNED_AWAY, "unknown_token")
    assert (newcomer.stage, newcomer.end_reason) == (TURNED_AWAY, "started")
    assert room.host.refused["unknown_token"] == 1 and room.host.refused["started"] == 1
    room.guests = room.guests[:2]
    room.play_to_end()
    check_guests_saw_the_match(room)


def test_the_lobby_full_and_a_guest_leaving_the_lobby():
    room = Room(guests=2)
    room.settle(5)
    third = room.join("Nina")
    room.settle(3)
    assert (third.stage, third.end_reason) == (TURNED_AWAY, "full")
    room.guests[0].leave()
    room.settle(3)
    seats = room.host.lobby.seats
    assert [s.kind for s in seats] == ["host", "computer", "guest"]
    assert room.guests[1].lobby == room.host.lobby
    assert seats[1].name in ("Anna", "Boris")


def test_a_person_who_does_not_act_gets_a_computer_for_that_turn():
    room = Room(guests=2, settings=HostSettings(turn_timeout_s=5.0, absent_wait_s=3.0))
    mid_deal(room, turn_of=0)
    seat = room.guests[0].seat
    room.paused = {0}
    moves = len(room.host.match.history)
    room.settle(80)  # 4 s
    assert len(room.host.match.history) == moves
    room.settle(30)
    assert len(room.host.match.history) > moves
    assert ("timeout", seat) in notices(room.guests[1].take_inbox())
    assert room.host.lobby.seats[seat].held is False  # that turn only
    room.paused = set()
    room.play_to_end()
    check_guests_saw_the_match(room)


def test_the_host_leaves_and_takes_the_game_up_again_later():
    room = Room(guests=2, settings=WAITING)
    mid_deal(room, actions=70)
    kept = [(g.token, g.keep()) for g in room.guests]
    record = room.host.match.to_json()
    save = room.host.leave()
    room.settle(2)
    for g in room.guests:
        assert g.stage == HOST_AWAY
        assert ("notice", "host_away", room.host.seat) in g.take_inbox()
    text = json.dumps(save)  # what the host's device keeps
    host, problem = Host.restore(json.loads(text), settings=WAITING, clock=room.clock, entropy=room.entropy)
    assert problem is None and host.match.to_json() == record
    assert all(not s.present for s in host.lobby.seats if s.kind == "guest")
    room.host = host
    for i, (token, keep) in enumerate(kept):
        room.join(("Gus", "Gia")[i], token=token, kept=keep, index=i)
    room.paused = {0, 1}
    room.settle(3)
    for g in room.guests:
        assert g.view == host.match.view(g.seat)
    room.paused = set()
    room.play_to_end()
    check_guests_saw_the_match(room)


def test_a_damaged_or_edited_save_is_refused():
    room = Room(guests=2, settings=WAITING)
    mid_deal(room)
    save = room.host.save()
    assert Host.restore(save, settings=WAITING)[1] is None
    edited_match = dict(save, match=save["match"].replace('"play ', '"play  ', 1))
    other_value = dict(save, values=[save["values"][0], "ab" * 32, save["values"][2]])
    no_token = dict(save, tokens=[None, None, None])
    for bad in (edited_match, other_value, no_token, dict(save, version=2), {**save, "extra": 1}, [], None, "save"):
        host, problem = Host.restore(bad, settings=WAITING)
        assert host is None and problem, bad


@settings(max_examples=80, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=10),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=9),
                    max_leaves=30))
def test_restoring_random_data_never_raises(data):
    host, problem = Host.restore(data)
    assert host is None and isinstance(problem, str)


def test_a_person_back_on_their_turn_gets_the_whole_time_to_decide():
    room = Room(guests=2, settings=HostSettings(turn_timeout_s=5.0, absent_wait_s=100.0))
    mid_deal(room, turn_of=0)
    room.paused = {0, 1}
    gone = room.guests[0]
    room.links[0].cut()
    room.settle(80)  # 4 s of the 5
    moves = len(room.host.match.history)
    room.join("Gus", token=gone.token, kept=gone.keep(), index=0)
    room.settle(80)  # 4 s more: still the person's decision
    assert len(room.host.match.history) == moves
    room.settle(40)
    assert len(room.host.match.history) > moves  # then the computer's, for that turn
