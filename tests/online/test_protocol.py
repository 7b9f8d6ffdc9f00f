"""The wire format: every kind of message through text and back, and anything else
refused with a reason, never an exception."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Event, Match, RuleSet
from game.online.codec import event_to_json, view_to_json
from game.online.deals import FinishedDeal
from game.online.lobby import Lobby
from game.online.protocol import FROM_GUEST, FROM_HOST, MAX_FROM_GUEST, MAX_FROM_HOST, Message, Refusal, decode, encode


def finished_match():
    match = Match.new(RuleSet.preset("standard", deals=3), seed=9)
    while not match.is_over():
        match.apply(match.legal_actions()[-1])
    return match


MATCH = finished_match()
LOBBY = Lobby.new("Hana").with_guest("Gus")[0]
HEX32, HEX64, HEX128 = "ab" * 16, "cd" * 32, "ef" * 64
PLAYED = {"game": HEX32, "deal": 0, "sender": 1, "seq": 12, "kind": "play",
          "body": {"slot": 3, "point": HEX64, "card": "AS", "scalar": HEX64}}

GUEST_BODIES = {
    "hello": {"name": "Gus", "token": None},
    "commit": {"commitment": HEX64},
    "reveal": {"value": HEX64},
    "action": {"at": 7, "seat": 1, "action": "play AS"},
    "quick": {"code": "well_played"},
    "sync": {},
    "bye": {"reason": "leaving"},
    "fair_key": {"key": HEX64},
    "fair": {"m": PLAYED, "sig": HEX128},
}
HOST_BODIES = {
    "welcome": {"seat": 1, "token": HEX32, "lobby": LOBBY.to_json(), "started": False},
    "lobby": {"lobby": LOBBY.to_json()},
    "start": {"nonce": HEX32, "commitment": HEX64, "lobby": LOBBY.to_json()},
    "commitments": {"commitments": [HEX64, None, HEX64]},
    "state": {"at": len(MATCH.history), "view": view_to_json(MATCH.view(1)), "lobby": LOBBY.to_json(), "deals_finished": 3},
    "update": {"at": 5, "events": [event_to_json(Event("played", 2, MATCH.deals[0].tricks[0].cards[0]))],
               "view": view_to_json(MATCH.view(2))},
    "deal_over": {"deal": FinishedDeal.of(MATCH, 2).to_json()},
    "audit": {"values": [HEX64, None, HEX64]},
    "refused": {"code": "illegal", "seq": 4, "detail": "you must follow hearts"},
    "quick": {"seat": 0, "code": "oops"},
    "notice": {"kind": "away", "seat": 2},
    "ping": {},
    "bye": {"reason": "host_leaving"},
    "fair_start": {"values": [HEX64, None, HEX64], "keys": [HEX64, HEX64, HEX64], "dealer": 2, "follows": 0},
    "fair": {"m": PLAYED, "sig": HEX128, "relay": HEX128},
    "after_late": {"seat": 1, "deal": 0, "choice": "computer", "game": HEX32, "key": HEX64},
}


def test_every_kind_has_an_example_here():
    assert set(GUEST_BODIES) == set(FROM_GUEST) and set(HOST_BODIES) == set(FROM_HOST)


@pytest.mark.parametrize("kind", sorted(GUEST_BODIES))
def test_what_a_guest_sends_is_read_by_the_host(kind):
    msg = decode(encode(kind, 3, GUEST_BODIES[kind]), from_host=False)
    assert isinstance(msg, Message) and (msg.kind, msg.seq) == (kind, 3)
    assert set(msg.body) == set(GUEST_BODIES[kind])


@pytest.mark.parametrize("kind", sorted(HOST_BODIES))
def test_what_the_host_sends_is_read_by_a_guest(kind):
    text = encode(kind, 12, HOST_BODIES[kind])
    msg = decode(text, from_host=True)
    assert isinstance(msg, Message) and (msg.kind, msg.seq) == (kind, 12), msg
    assert len(text.encode()) < MAX_FROM_HOST // 8  # far from the limit
    if kind not in FROM_GUEST:
        assert decode(text, from_host=False).code in ("unknown_type", "too_big")


def test_decoded_values_are_the_engine_values():
    state = decode(encode("state", 1, HOST_BODIES["state"]), from_host=True).body
    assert state["view"] == MATCH.view(1) and state["lobby"] == LOBBY
    deal = decode(encode("deal_over", 2, HOST_BODIES["deal_over"]), from_host=True).body["deal"]
    assert deal == FinishedDeal.of(MATCH, 2)
    assert decode(encode("reveal", 3, GUEST_BODIES["reveal"]), from_host=False).body["value"] == bytes.fromhex(HEX64)


@pytest.mark.parametrize("data, code", [
    ("x" * (MAX_FROM_GUEST + 1), "too_big"),
    ("é" * (MAX_FROM_GUEST // 2 + 1), "too_big"),  # counted in bytes
    (b"\xc3\x28", "malformed"),
    ("\ud800", "malformed"),
    (12, "malformed"),
    ("", "malformed"),
    ("null", "malformed"),
    ('{"v":1,"seq":0,"type":"sync","body":{}}', "malformed"),
    ('{"v":1,"seq":9007199254740992,"type":"sync","body":{}}', "malformed"),
    ('{"v":1,"seq":1,"type":"sync","body":{},"x":1}', "malformed"),
    ('{"v":1,"seq":1,"type":"sync","body":{"a":1,"a":1}}', "malformed"),
    ('{"v":1,"seq":1,"type":"sync","body":{"a":Infinity}}', "malformed"),
    ('{"v":1,"seq":' + "9" * 5000 + ',"type":"sync","body":{}}', "too_big"),
    ('[' * 500 + ']' * 500, "too_deep"),
    ('{"v":"1","seq":1,"type":"sync","body":{}}', "version"),
    ('{"v":1,"seq":1,"type":"welcome","body":{}}', "unknown_type"),
    ('{"v":1,"seq":1,"type":null,"body":{}}', "unknown_type"),
    ('{"v":1,"seq":1,"type":"sync","body":[]}', "bad_body"),
    ('{"v":1,"seq":1,"type":"hello","body":{"name":"","token":null}}', "bad_body"),
    ('{"v":1,"seq":1,"type":"hello","body":{"name":"a\\nb","token":null}}', "bad_body"),
    ('{"v":1,"seq":1,"type":"hello","body":{"name":"Gus","token":"AB"}}', "bad_body"),
    ('{"v":1,"seq":1,"type":"reveal","body":{"value":"' + "AB" * 32 + '"}}', "bad_body"),
])
def test_the_host_refuses(data, code):
    got = decode(data, from_host=False)
    assert isinstance(got, Refusal) and got.code == code, got
    assert not got


def test_a_deep_nest_or_a_huge_number_within_the_size_limit_is_refused_not_raised():
    deep = '{"v":1,"seq":1,"type":"update","body":' + "[" * 30000 + "]" * 30000 + "}"
    assert decode(deep, from_host=True).code == "too_deep"
    huge = '{"v":1,"seq":1,"type":"ping","body":{"n":' + "9" * 20000 + "}}"
    assert decode(huge, from_host=True).code == "malformed"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=6),
    max_leaves=30,
)


@settings(max_examples=200, deadline=None)
@given(data=st.one_of(st.binary(max_size=300), st.text(max_size=300), json_values.map(json.dumps)),
       from_host=st.booleans())
def test_random_bytes_text_and_json_are_never_an_exception(data, from_host):
    assert isinstance(decode(data, from_host), (Message, Refusal))


@settings(max_examples=200, deadline=None)
@given(kind=st.sampled_from(sorted(set(FROM_GUEST) | set(FROM_HOST))), body=json_values,
       seq=st.integers(min_value=-2, max_value=2**60), from_host=st.booleans())
def test_random_bodies_for_every_kind_are_never_an_exception(kind, body, seq, from_host):
    text = json.dumps({"v": 1, "seq": seq, "type": kind, "body": body})
    assert isinstance(decode(text, from_host), (Message, Refusal))


@settings(max_examples=200, deadline=None)
@given(kind=st.sampled_from(sorted(HOST_BODIES)), data=st.data())
def test_any_field_of_a_real_body_replaced_by_anything_is_never_an_exception(kind, data):
    body = json.loads(json.dumps(HOST_BODIES[kind]))
    if body:
        key = data.draw(st.sampled_from(sorted(body)))
        body[key] = data.draw(json_values)
    text = json.dumps({"v": 1, "seq": 1, "type": kind, "body": body})  # (encode refuses NaN and Infinity)
    assert isinstance(decode(text, from_host=True), (Message, Refusal))


finite_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=6),
    max_leaves=30,
)


@settings(max_examples=200, deadline=None)
@given(kind=st.sampled_from(sorted(set(FROM_GUEST) | set(FROM_HOST))), body=st.dictionaries(st.text(max_size=8), finite_json),
       seq=st.integers(min_value=1, max_value=2**53))
def test_a_body_written_once_for_many_links_is_the_same_text_as_each_written_alone(kind, body, seq):
    """A broadcast writes its body once (encode_body) and wraps it per link (enveloped)."""
    from game.online.codec import Bad
    from game.online.protocol import encode_body, enveloped

    try:
        alone = encode(kind, seq, body)
    except Bad:  # (a lone surrogate: refused either way)
        with pytest.raises(Bad):
            encode_body(body)
        return
    assert enveloped(kind, seq, encode_body(body)) == alone
