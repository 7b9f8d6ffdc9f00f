"""The host's own table is fed one step per action (the referee's `take_steps`): the
events as the host's seat may see them and the host's view right after that action, so
the table can show each action in turn while the match is already further on."""

from __future__ import annotations

from game.engine.history import replayed
from game.online.visibility import events_for

from .helpers import Room


def test_every_action_gives_the_host_a_step_with_its_seat_s_events_and_view():
    room = Room(guests=1)
    room.host.start()
    steps = []
    for _ in range(400):
        room.step()
        steps += room.host.take_steps()
        if len(room.host.match.deals) >= 1:
            break
    match = room.host.match
    seat = room.host.seat
    assert [at for at, _, _ in steps] == list(range(1, len(match.history) + 1))  # one per action, in order
    for at, events, view in steps:
        before = replayed(match, at - 1)
        raw = before.apply(match.history[at - 1])
        assert events == tuple(events_for(raw, seat))  # hidden cards of other seats masked
        assert view == before.view(seat)
    assert room.host.take_steps() == []  # taken once
