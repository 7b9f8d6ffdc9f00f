"""Every kind of bad message a guest can send is refused, logged and counted, changes
nothing, and the game goes on to its end."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.online.links.transport import memory_pair
from game.online.protocol import encode

from .helpers import Room


def waiting_for_guest(index: int = 0) -> Room:
    """A match in its play phase with guest `index` to act and nobody moving."""
    room = Room(guests=2)
    room.start()
    room.run_until(lambda: room.host.match.phase == "play" and len(room.host.match.history) > 8
                   and room.host.match.to_act == room.guests[index].seat)
    room.paused = {0, 1}
    room.settle(3)
    return room


def raw(room: Room, index: int, text: str) -> None:
    """`text` from guest `index`'s device as it is, around its own mirror."""
    room.guests[index].peer.link.send(text)


def next_seq(room: Room, index: int) -> int:
    peer = room.guests[index].peer
    peer.out_seq += 1
    return peer.out_seq


def action_body(room: Room, seat: int, action: str, at: int | None = None) -> dict:
    return {"at": len(room.host.match.history) if at is None else at, "seat": seat, "action": action}


def refused_unchanged(room: Room, send, code: str, times: int = 1) -> None:
    before = room.host.match.to_json()
    views = [g.view for g in room.guests]
    counts = sum(room.host.refused.values())
    send()
    room.settle(2)
    assert room.host.refused[code] >= times, dict(room.host.refused)
    assert sum(room.host.refused.values()) - counts == times, dict(room.host.refused)
    assert room.host.log[-1].code == code
    assert room.host.match.to_json() == before
    assert [g.view for g in room.guests] == views


def finish(room: Room) -> None:
    room.paused = set()
    room.play_to_end()
    for g in room.guests:
        assert g.audit_result.ok and g.problems == []


def test_an_illegal_action_is_refused_and_the_guest_is_told():
    room = waiting_for_guest()
    g = room.guests[0]
    held = {c for c in room.host.match.hand(g.seat)}
    foreign = next(c for c in room.host.match.hand((g.seat + 1) % 3) if c not in held)
    refused_unchanged(room, lambda: raw(room, 0, encode("action", next_seq(room, 0), action_body(room, g.seat, f"play {foreign}"))),
                      "illegal")
    assert ("refused", "illegal", "you do not hold " + str(foreign)) in g.take_inbox()
    # not in the guest's own view's legal actions: its mirror does not even send it
    assert g.act(f"play {foreign}") is not None
    finish(room)


def test_an_action_for_another_seat_is_refused_as_forged():
    room = waiting_for_guest(0)
    to_act = room.guests[0].seat
    legal = str(room.host.match.legal_actions()[0])
    other = room.guests[1]
    refused_unchanged(room, lambda: raw(room, 1, encode("action", next_seq(room, 1), action_body(room, to_act, legal))), "forged")
    assert other.take_inbox()[-1][:2] == ("refused", "forged")
    # its own seat, out of turn
    refused_unchanged(room, lambda: raw(room, 1, encode("action", next_seq(room, 1), action_body(room, other.seat, legal))),
                      "not_your_turn")
    finish(room)


def test_a_replayed_action_is_refused_whatever_its_number():
    room = waiting_for_guest(0)
    sent = [t for t in room.links[0].log if json.loads(t)["type"] == "action"]
    assert sent, "guest 0 has acted before"
    old = sent[-1]
    refused_unchanged(room, lambda: raw(room, 0, old), "replayed")
    renumbered = json.loads(old)
    renumbered["seq"] = next_seq(room, 0)
    refused_unchanged(room, lambda: raw(room, 0, json.dumps(renumbered)), "stale")
    finish(room)


BAD = [  # (what a guest sends, the refusal)
    ("x" * 5000, "too_big"),
    (json.dumps({"v": 1, "seq": 99, "type": "quick", "body": {"code": "thanks" + " " * 2000}}), "too_big"),
    ("{not json", "malformed"),
    ("[1, 2, 3]", "malformed"),
    ('{"v": 1, "seq": 1, "type": "sync"}', "malformed"),
    ('{"v": 1, "seq": "7", "type": "sync", "body": {}}', "malformed"),
    ('{"v": 1, "seq": 90, "type": "sync", "body": {}, "body": {}}', "malformed"),
    ('{"v": 1, "seq": NaN, "type": "sync", "body": {}}', "malformed"),
    ('{"v": 2, "seq": 90, "type": "sync", "body": {}}', "version"),
    ('{"v": true, "seq": 90, "type": "sync", "body": {}}', "version"),
    ('{"v": 1, "seq": 90, "type": "teleport", "body": {}}', "unknown_type"),
    ('{"v": 1, "seq": 90, "type": "update", "body": {}}', "unknown_type"),
    ('{"v": 1, "seq": 90, "type": "action", "body": {"at": "9", "seat": 0, "action": "play AS"}}', "bad_body"),
    ('{"v": 1, "seq": 90, "type": "action", "body": {"at": 9, "seat": 1.0, "action": "play AS"}}', "bad_body"),
    ('{"v": 1, "seq": 90, "type": "action", "body": {"at": 9, "seat": 0, "action": 12}}', "bad_body"),
    ('{"v": 1, "seq": 90, "type": "action", "body": {"at": 9, "seat": 0}}', "bad_body"),
    ('{"v": 1, "seq": 90, "type": "action", "body": {"at": 9, "seat": 0, "action": "play AS", "also": 1}}', "bad_body"),
    ('{"v": 1, "seq": 90, "type": "quick", "body": {"code": "you cheat"}}', "bad_body"),
    (b"\xff\xfe{}", "malformed"),
]


def test_malformed_oversized_mistyped_unknown_and_other_versions_are_refused():
    room = waiting_for_guest()
    room.guests[0].peer.out_seq = 100  # the guest's own messages go on after these
    for text, code in BAD:
        try:
            refused_unchanged(room, lambda: raw(room, 0, text), code)
        except AssertionError as exc:
            raise AssertionError(f"{text[:80]!r} not refused as {code}: {exc}") from None
    assert room.guests[0].take_inbox()[-1][:2] == ("refused", "malformed")
    finish(room)


def test_a_flood_is_cut_at_the_limit_and_the_game_goes_on():
    room = waiting_for_guest()
    limit = room.host.settings.max_per_poll
    texts = [encode("quick", next_seq(room, 0), {"code": "thanks"}) for _ in range(limit + 200)]
    before = room.host.match.to_json()
    for text in texts:
        raw(room, 0, text)
    room.host.poll()
    assert room.host.refused["flood"] == 200
    assert room.host.refused["too_often"] == limit - 1  # one quick message got through
    assert room.host.match.to_json() == before
    finish(room)


def test_nothing_but_a_hello_before_the_hello():
    room = waiting_for_guest()
    host_end, stranger = memory_pair(room.clock)
    room.host.add_link(host_end)
    stranger.send(encode("action", 1, action_body(room, room.guests[0].seat, "play AS")))
    before = room.host.match.to_json()
    room.settle(2)
    assert room.host.refused["unexpected"] == 1
    assert room.host.match.to_json() == before
    stranger.send(encode("hello", 2, {"name": "Mallory", "token": None}))
    room.settle(2)
    assert room.host.refused["started"] == 1 and stranger.state == "closed"
    finish(room)


def test_an_action_before_the_match_is_refused():
    room = Room(guests=1)
    room.settle(5)
    raw(room, 0, encode("action", next_seq(room, 0), {"at": 0, "seat": 1, "action": "declare H"}))
    room.settle(2)
    assert room.host.refused["unexpected"] == 1 and room.host.match is None


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=st.lists(st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200),
    st.builds(lambda k, b, s: json.dumps({"v": 1, "seq": s, "type": k, "body": b}),
              st.sampled_from(["hello", "commit", "reveal", "action", "quick", "sync", "bye", "state"]),
              json_values, st.integers(min_value=1, max_value=10**6)),
), min_size=1, max_size=8))
def test_random_junk_from_a_guest_never_changes_the_match(junk):
    room = waiting_for_guest()
    before = room.host.match.to_json()
    for item in junk:
        raw(room, 0, item)
    room.settle(2)
    assert room.host.match.to_json() == before
    assert room.host.stage == "play"
