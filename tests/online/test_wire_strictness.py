"""Raw text on a link cannot break the relay: a message nested too deep, a lone surrogate
(an escaped "\\ud800", which is no character) or a number no device can hold (1e999, NaN)
is refused as it is read, before it is held, queued or relayed; what any side writes is
ASCII JSON that every side reads back as it was; and the honest guests' match goes on."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import ALL_CONTRACTS, RuleSet
from game.online.codec import MAX_DEPTH, Bad, nesting, read_json, write_json
from game.online.fair import group
from game.online.fair_room.wire import MESSAGE_DEPTH, MESSAGE_TAG
from game.online.links.transport import MAX_MESSAGE, memory_pair
from game.online.protocol import Message, Refusal, decode, encode

from .fair_room import FairRoom

RULES = RuleSet.preset("standard", deals=3)
NO_SIGNATURE = "00" * 64


# --- a guest that sends raw text -----------------------------------------------------------------

def playing() -> FairRoom:
    """A fairly dealt match under way: the first guest's seat has its deal's final deck."""
    room = FairRoom(guests=2, rules=RULES)
    room.start()
    seat = room.guests[0].seat
    room.run_until(lambda: room.ready() and room.seat_of(seat).device.d.final is not None)
    return room


def signed(room: FairRoom, m_text: str) -> str:
    """The first guest's signature of a message as a sender signs one: its key over the
    message read back and written with sorted keys, compact and ASCII."""
    canonical = json.dumps(json.loads(m_text), sort_keys=True, separators=(",", ":")).encode("ascii")
    return group.sign(room.guests[0].fair.seed, MESSAGE_TAG + canonical).hex()


def fair_text(room: FairRoom, payload: str, sig: str | None = None) -> str:
    """A `fair` message from the first guest's link, as raw text: its seat's next message
    of the deal (a `declare` whose contract is `payload`, JSON text as it is), numbered
    next on the link, signed by the seat's key unless `sig` is given."""
    seat = room.guests[0].seat
    d = room.seat_of(seat).device.d
    m = {"game": room.host.fair.game, "deal": d.number, "sender": seat, "seq": d.seq_out, "kind": "declare",
         "body": {"contract": "@"}}
    m_text = json.dumps(m, separators=(",", ":")).replace('"@"', payload)
    peer = room.guests[0].peer
    peer.out_seq += 1
    return f'{{"v":1,"seq":{peer.out_seq},"type":"fair","body":{{"m":{m_text},"sig":"{sig or signed(room, m_text)}"}}}}'


def from_guest(room: FairRoom, text: str) -> None:
    """`text` on the first guest's link, taken by the host before anything after it."""
    room.guests[0].peer.link.send(text)
    room.host.poll()


def strange(obj: dict) -> bool:
    """A `declare` whose contract is no contract: what these tests send."""
    return obj["kind"] == "declare" and obj["body"].get("contract") not in ALL_CONTRACTS


def not_held(relay) -> bool:
    return not any(strange(item[1]) for item in (*relay.queue, *relay.held.values()))


def goes_on_unharmed(room: FairRoom) -> None:
    """Nothing of it was relayed, every message a guest got from the host was ASCII and
    one it reads, and the match ends with nobody named."""
    relay = room.host.fair
    room.play_to_end()
    assert not any(strange(body["m"]) for body in relay.past + relay.log)
    for g in room.guests:
        texts = g.peer.link.log
        assert all(text.isascii() for text in texts)
        assert all(isinstance(decode(text, from_host=True), Message) for text in texts)
        assert g.problems == [] and g.stage == "over"
    assert all(d.verdicts == [None] * RULES.deals for d in room.devices), [d.verdicts for d in room.devices]


def too_deep(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_a_fair_message_nested_too_deep_is_refused_as_read_and_the_match_goes_on():
    """Nested about as deep as the parser takes (it depends on the stack where it is
    read: from 1000 down, the first the parser takes would have failed to be written
    again); each is refused at once, none is held, and the guest's own message of that
    number is relayed as if nothing had come."""
    room = playing()
    depths = range(1000, 940, -1)
    for depth in depths:
        from_guest(room, fair_text(room, too_deep(depth), NO_SIGNATURE))
        assert not_held(room.host.fair)
    assert room.host.refused["too_deep"] == len(depths), dict(room.host.refused)
    assert room.host.log[-1].code == "too_deep"
    room.settle(2)
    assert ("refused", "too_deep") in [item[:2] for item in room.guests[0].take_inbox()]
    goes_on_unharmed(room)


@pytest.mark.parametrize("payload, why", [
    ('"\\ud800"', "surrogate"),
    ('"N\\udfffT"', "surrogate"),
    ("1e999", "finite"),
    ("-1e999", "finite"),
    ("NaN", "NaN"),
    ("-Infinity", "Infinity"),
])
def test_a_fair_message_no_device_could_read_again_is_refused_as_read(payload, why):
    """Signed by its sender's key, so only reading can stop it: else it would be relayed
    as a lone surrogate (which a link carrying UTF-8 cannot send) or as Infinity (which
    every guest refuses, asks for the state again, and is sent again, for ever)."""
    room = playing()
    from_guest(room, fair_text(room, payload))
    assert room.host.refused["malformed"] == 1, dict(room.host.refused)
    assert why in room.host.log[-1].detail
    assert not_held(room.host.fair)
    goes_on_unharmed(room)


def test_a_lone_surrogate_anywhere_in_a_guests_message_is_refused():
    room = playing()
    peer = room.guests[0].peer
    texts = []
    for body in ('{"\\ud800":1}', '{"x":["\\udc00"]}'):
        peer.out_seq += 1
        texts.append(f'{{"v":1,"seq":{peer.out_seq},"type":"sync","body":{body}}}')
    peer.out_seq += 1
    texts.append(f'{{"v":1,"seq":{peer.out_seq},"type":"\\ud800","body":{{}}}}')
    for text in texts:
        from_guest(room, text)
    assert room.host.refused["malformed"] == len(texts), dict(room.host.refused)
    goes_on_unharmed(room)


# --- a host that sends raw text ---------------------------------------------------------------

def from_host(room: FairRoom, text_of_seq) -> None:
    """`text_of_seq(seq)` from the host's link to the first guest, numbered next in the
    host's order (so the guest handles it now), taken by the guest at once."""
    visitor = next(v for v in room.host.visitors if v.link is room.links[0])
    visitor.out_seq += 1
    room.links[0].send(text_of_seq(visitor.out_seq))
    room.guests[0].poll()


def relayed(room: FairRoom, payload: str):
    """A `fair` message of the host's seat, next in its order, with `payload` as its
    contract, as the host sends its own seat's (`relay` null: nothing to countersign)."""
    seat = room.host.seat
    d = room.seat_of(seat).device.d
    m = {"game": room.host.fair.game, "deal": d.number, "sender": seat, "seq": d.seq_out, "kind": "declare",
         "body": {"contract": "@"}}
    m_text = json.dumps(m, separators=(",", ":")).replace('"@"', payload)
    return lambda seq: (f'{{"v":1,"seq":{seq},"type":"fair","body":{{"m":{m_text},"sig":"{NO_SIGNATURE}",'
                        f'"relay":null}}}}')


@pytest.mark.parametrize("payloads, code", [
    ([too_deep(depth) for depth in range(1000, 940, -1)], "too_deep"),
    (['"\\ud800"'], "malformed"),
    (["1e999"], "malformed"),
])
def test_a_guest_refuses_what_no_device_could_read_again_and_the_match_goes_on(payloads, code):
    """The same strictness on a guest's side: nothing the host's link sends raises out of
    Guest.poll, the message is not taken (the guest counts it by the refusal's code), and
    the number it used up is a gap like any lost message: the guest asks for the state."""
    room = playing()
    for payload in payloads:
        from_host(room, relayed(room, payload))
    assert room.guests[0].ignored[code] == len(payloads), dict(room.guests[0].ignored)
    fair = room.guests[0].fair
    assert not any(strange(item[0]) for item in (*fair.queue, *fair.early.values()))
    room.play_to_end()
    assert all(d.verdicts == [None] * RULES.deals for d in room.devices)
    assert room.guests[0].problems == []


# --- the protocol's reader and writer ---------------------------------------------------------

def message(body: str) -> str:
    return '{"v":1,"seq":1,"type":"sync","body":' + body + "}"


@pytest.mark.parametrize("text, code", [
    (message("{}"), None),
    (message('{"a":' + too_deep(MAX_DEPTH - 2) + "}"), "bad_body"),  # as deep as taken: read, then not a sync's
    (message('{"a":' + too_deep(MAX_DEPTH - 1) + "}"), "too_deep"),
    (too_deep(MAX_DEPTH + 1), "too_deep"),
    ('"[[[[' + "[" * 100 + '"', "malformed"),  # brackets in a string are not nesting
    (message('{"a":"\\\\ud800"}'), "bad_body"),  # a backslash, then "ud800": text
    (message('{"a":"\\ud83d\\ude00"}'), "bad_body"),  # a surrogate pair: one character
    (message('{"a":"\\ud800"}'), "malformed"),
    (message('{"a":"\\ude00\\ud83d"}'), "malformed"),
    (message('{"\\udfff":1}'), "malformed"),
    (message('{"a":1e999}'), "malformed"),
    (message('{"a":-1E400}'), "malformed"),
    (message('{"a":NaN}'), "malformed"),
    (message('{"a":-Infinity}'), "malformed"),
    (message('{"a":1e308}'), "bad_body"),
])
def test_the_reader_refuses(text, code):
    got = decode(text, from_host=False)
    assert (got.code if isinstance(got, Refusal) else None) == code, got


def nested(depth: int) -> list:
    value = []
    for _ in range(depth - 1):
        value = [value]
    return value


def test_a_fair_message_nested_deeper_than_can_be_quoted_as_evidence_is_refused():
    """A fair message nests at most MESSAGE_DEPTH deep, so a device that quotes one as its
    evidence (three levels more) and sends it (two more) always writes what it quotes."""
    m = {"game": "0" * 32, "deal": 0, "sender": 1, "seq": 0, "kind": "declare", "body": {"contract": None}}
    for depth, code in ((MESSAGE_DEPTH - 2, None), (MESSAGE_DEPTH - 1, "too_deep")):
        m["body"]["contract"] = nested(depth)  # the message: two levels more
        text = encode("fair", 1, {"m": m, "sig": NO_SIGNATURE})
        assert nesting(text) < MAX_DEPTH
        got = decode(text, from_host=False, limit=16384)
        assert (got.code if isinstance(got, Refusal) else None) == code, got
    assert MESSAGE_DEPTH + 5 <= MAX_DEPTH


surrogates = st.characters(min_codepoint=0xD7F0, max_codepoint=0xE010, exclude_categories=())
json_leaves = (st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
               | st.text(surrogates, max_size=4) | st.text(alphabet='[]{}"\\,:u', max_size=8))
json_values = st.recursive(json_leaves, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=4) | st.text(surrogates, max_size=2), inner, max_size=3),
                           max_leaves=40)


def deepest(value) -> int:
    if isinstance(value, list):
        return 1 + max(map(deepest, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(deepest, value.values()), default=0)
    return 0


def unreadable(value) -> bool:
    if isinstance(value, str):
        return any(0xD800 <= ord(c) <= 0xDFFF for c in value)
    if isinstance(value, float):
        return not math.isfinite(value)
    if isinstance(value, list):
        return any(map(unreadable, value))
    if isinstance(value, dict):
        return any(map(unreadable, value)) or any(map(unreadable, value.values()))
    return False


@settings(max_examples=300, deadline=None)
@given(value=json_values, wrap=st.integers(0, MAX_DEPTH + 2))
def test_what_is_written_is_ascii_and_read_back_as_it_was_else_refused_on_both_sides(value, wrap):
    for _ in range(wrap):
        value = [value]
    loose = json.dumps(value, ensure_ascii=False)  # as a careless writer would
    assert nesting(loose) == deepest(value)
    if unreadable(value) or deepest(value) > MAX_DEPTH:
        with pytest.raises(Bad):
            write_json(value)
        with pytest.raises(ValueError):  # Bad, or not JSON at all
            read_json(loose)
        return
    text = write_json(value)
    assert text.isascii() and read_json(text) == value and read_json(loose) == value


@settings(max_examples=200, deadline=None)
@given(body=json_values)
def test_every_message_written_is_ascii_and_read_back_else_refused(body):
    try:
        text = encode("sync", 1, {"a": body})
    except Bad:
        assert unreadable(body) or deepest(body) > MAX_DEPTH - 2
        return
    assert text.isascii()
    assert json.loads(text)["body"]["a"] == body
    got = decode(text, from_host=False, limit=1 << 20)
    assert isinstance(got, Refusal) and got.code == "bad_body"  # read, then not a sync's body


# --- the links --------------------------------------------------------------------------------

@pytest.mark.parametrize("text, carried", [
    ("3-5-8: Старшина, Łódź ♠", True),
    ("x" * MAX_MESSAGE, True),
    ("é" * (MAX_MESSAGE // 2 + 1), False),  # counted in bytes of UTF-8, as a data channel does
    ("a\ud800b", False),  # no UTF-8 for it: a page would send U+FFFD instead, aiortc would raise
])
def test_a_memory_link_sends_only_what_a_data_channel_carries_as_it_is(text, carried):
    host_end, guest_end = memory_pair()
    assert host_end.send(text) is carried
    assert guest_end.receive() == ([text] if carried else [])

