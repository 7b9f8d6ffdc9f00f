"""The wire format between the host's device and a guest's: one JSON object per message,
``{"v": 1, "seq": 7, "type": "action", "body": {...}}`` (docs/ONLINE.md lists every kind).

Why so strict: whatever arrives may be faulty or forged.  `decode` refuses anything over
the size limit and anything nested too deep (both before parsing), anything not UTF-8
JSON that every device reads back as it was (codec.read_json: no duplicate key, no NaN,
Infinity or 1e999, no lone surrogate), another protocol version, a type the receiving
side does not take, and any body whose fields are not exactly those of its type with the
right types and ranges.  It returns a `Message` or a `Refusal` (a code and a short
reason), never raises: nothing a peer sends can throw an exception into the frame loop.
`encode` writes ASCII only (codec.write_json), so what a side relays is what it read.
The sequence number is checked by the receiver (host/host.py, guest.py), which knows the last
one it took.
"""

from __future__ import annotations

from dataclasses import dataclass

from .codec import Bad, TooDeep, event_from_json, fields, items, read_json, seat, text, view_from_json, whole, write_json
from .deals import MAX_AT, FinishedDeal
from .fair_room import wire
from .lobby import Lobby, valid_name

VERSION = 1
MAX_FROM_HOST = 65536  # bytes of UTF-8: a state snapshot is ~3 kB, a finished deal ~1 kB
MAX_FROM_GUEST = 1024  # a guest sends only small things (a name, an action, a value)
MAX_FROM_GUEST_FAIR = 16384  # in fair dealing a guest sends decks (~3.5 kB) and its reveal (~9 kB)
MAX_SEQ = 2**53 - 1  # exact in a browser's JSON numbers too
MAX_EVENTS = 16  # events of one action (the last trick of a deal: played, trick, scored, dealt)
MAX_FOLLOWS = 100_000  # fair messages sent again with a `fair_start` (a whole match: a few thousand)

QUICK = ("well_played", "oops", "thanks")
NOTICES = ("away", "computer", "back", "timeout", "host_away")
AFTER_LATE = ("wait", "computer", "host", "stop")  # dealt fairly, after a seat was named late: how the match goes on
BYES = ("leaving", "host_leaving", "full", "started", "version", "unknown_token")
REFUSALS = (
    "too_big", "too_deep", "malformed", "version", "unknown_type", "bad_body", "replayed", "unexpected", "forged",
    "not_your_turn", "stale", "illegal", "flood", "too_often", "unknown_token", "full", "started", "changed",
    "wrong_value", "bad_signature",
)


@dataclass(frozen=True)
class Message:
    kind: str
    seq: int
    body: dict  # the body's fields as decoded values (View, Event, Lobby, bytes, ...)


@dataclass(frozen=True)
class Refusal:
    code: str  # one of REFUSALS
    detail: str  # a short reason in English, for the log
    seq: int = 0  # the refused message's sequence number when it could be read

    def __bool__(self) -> bool:  # `if msg:` reads "if a message came"
        return False


# --- body fields ---------------------------------------------------------------------------
def _hex(value, chars: int, what: str) -> str:
    if type(value) is not str or len(value) != chars or value.strip("0123456789abcdef"):
        raise Bad(f"{what} must be {chars} lowercase hex digits")
    return value


def _bytes(value, chars: int, what: str) -> bytes:
    return bytes.fromhex(_hex(value, chars, what))


def _choice(value, allowed: tuple, what: str) -> str:
    if type(value) is not str or value not in allowed:
        raise Bad(f"{what} must be one of {', '.join(allowed)}")
    return value


def _name(value) -> str:
    if not valid_name(value):
        raise Bad("a name must be printable text of 1 to 24 characters")
    return value


def _commitments(value) -> tuple:
    if type(value) is not list or len(value) != 3:
        raise Bad("commitments must list three seats")
    return tuple(None if c is None else _hex(c, 64, "a commitment") for c in value)


def _values(value) -> tuple:
    if type(value) is not list or len(value) != 3:
        raise Bad("values must list three seats")
    return tuple(None if v is None else _bytes(v, 64, "a value") for v in value)


def _fair_message(value) -> dict:
    """A fair-deal message as its sender signed it: the envelope strictly (fair_room/wire.py), the
    body as JSON (read after its signature is checked: a malformed body is its signer's)."""
    if type(value) is not dict:
        raise Bad("a fair message is an object")
    wire.envelope(value)
    return value


def _keys(value) -> tuple:
    if type(value) is not list or len(value) != 3:
        raise Bad("keys must list three seats")
    return tuple(_bytes(k, 64, "a key") for k in value)


def _at(value) -> int:
    return whole(value, 0, MAX_AT, "at")


def _body(names: tuple, **decoders):
    """A body decoder: exactly these keys, each through its decoder (none: taken as is)."""
    def load(body) -> dict:
        d = fields(body, names, "body")
        return {k: decoders[k](d[k]) if k in decoders else d[k] for k in names}
    return load


FROM_GUEST = {
    "hello": _body(("name", "token"), name=_name, token=lambda t: None if t is None else _hex(t, 32, "token")),
    "commit": _body(("commitment",), commitment=lambda c: _hex(c, 64, "commitment")),
    "reveal": _body(("value",), value=lambda v: _bytes(v, 64, "value")),
    "action": _body(("at", "seat", "action"), at=_at, seat=seat, action=lambda a: text(a, 12, "action")),
    "quick": _body(("code",), code=lambda c: _choice(c, QUICK, "code")),
    "sync": _body(()),
    "bye": _body(("reason",), reason=lambda r: _choice(r, BYES, "reason")),
    "fair_key": _body(("key",), key=lambda k: _bytes(k, 64, "key")),
    "fair": _body(("m", "sig"), m=_fair_message, sig=wire.signature),
}

FROM_HOST = {
    "welcome": _body(("seat", "token", "lobby", "started"), seat=seat, token=lambda t: _hex(t, 32, "token"),
                     lobby=Lobby.from_json, started=lambda s: s if type(s) is bool else _bad("started is true or false")),
    "lobby": _body(("lobby",), lobby=Lobby.from_json),
    "start": _body(("nonce", "commitment", "lobby"), nonce=lambda n: _bytes(n, 32, "nonce"),
                   commitment=lambda c: _hex(c, 64, "commitment"), lobby=Lobby.from_json),
    "commitments": _body(("commitments",), commitments=_commitments),
    "state": _body(("at", "view", "lobby", "deals_finished"), at=_at, view=view_from_json, lobby=Lobby.from_json,
                   deals_finished=lambda n: whole(n, 0, 60, "deals_finished")),
    "update": _body(("at", "events", "view"), at=_at, view=view_from_json,
                    events=lambda es: tuple(event_from_json(e) for e in items(es, MAX_EVENTS, "events"))),
    "deal_over": _body(("deal",), deal=FinishedDeal.from_json),
    "audit": _body(("values",), values=_values),
    "refused": _body(("code", "seq", "detail"), code=lambda c: _choice(c, REFUSALS, "code"),
                     seq=lambda s: whole(s, 0, MAX_SEQ, "seq"), detail=lambda d: text(d, 200, "detail")),
    "quick": _body(("seat", "code"), seat=seat, code=lambda c: _choice(c, QUICK, "code")),
    "notice": _body(("kind", "seat"), kind=lambda k: _choice(k, NOTICES, "kind"), seat=seat),
    "ping": _body(()),
    "bye": _body(("reason",), reason=lambda r: _choice(r, BYES, "reason")),
    "fair_start": _body(("values", "keys", "dealer", "follows"), values=_values, keys=_keys, dealer=seat,
                        follows=lambda n: whole(n, 0, MAX_FOLLOWS, "follows")),
    "fair": _body(("m", "sig", "relay"), m=_fair_message, sig=wire.signature,
                  relay=lambda r: None if r is None else wire.signature(r)),
    "after_late": _body(("seat", "deal", "choice", "game", "key"), seat=seat,
                        deal=lambda n: whole(n, 0, wire.MAX_DEAL, "deal"),
                        choice=lambda c: None if c is None else _choice(c, AFTER_LATE, "choice"),
                        game=lambda g: None if g is None else _hex(g, wire.GAME_CHARS, "game"),
                        key=lambda k: None if k is None else _bytes(k, 64, "key")),
}


def _bad(message: str):
    raise Bad(message)


# --- the envelope --------------------------------------------------------------------------
def encode(kind: str, seq: int, body: dict) -> str:
    """One message as ASCII text (the body already JSON-ready: codec.*_to_json,
    Lobby.to_json); codec.Bad for what no side would read back (codec.write_json)."""
    return write_json({"v": VERSION, "seq": seq, "type": kind, "body": body})


def encode_body(body: dict) -> str:
    """A body written once for many links (`enveloped`): a broadcast checks and writes it
    once, not once per guest (in the page a relayed deck was written twice a message)."""
    return write_json(body)


def enveloped(kind: str, seq: int, body_text: str) -> str:
    """`encode(kind, seq, body)` of a body written by `encode_body`: the same text."""
    if kind not in FROM_HOST and kind not in FROM_GUEST:
        raise Bad(f"no message type {kind!r}")
    return f'{{"v":{VERSION},"seq":{seq},"type":"{kind}","body":{body_text}}}'


def decode(data, from_host: bool, limit: int | None = None) -> Message | Refusal:
    """What the other side sent, or why it is refused.  `from_host`: True on a guest's
    device (reading the host), False on the host's (reading a guest); `limit`: bytes
    taken (the side's default: MAX_FROM_HOST or MAX_FROM_GUEST)."""
    try:
        return _decode(data, from_host, limit)
    except Exception as exc:  # a last guard: a peer's bytes never crash the game
        return Refusal("malformed", f"unreadable message ({type(exc).__name__})")


def _decode(data, from_host: bool, limit: int | None) -> Message | Refusal:
    limit = limit or (MAX_FROM_HOST if from_host else MAX_FROM_GUEST)
    if isinstance(data, str):
        if len(data) > limit:  # a character is at least one byte: too long already
            return Refusal("too_big", f"over {limit} bytes")
        try:
            raw = data.encode("utf-8")
        except UnicodeEncodeError:
            return Refusal("malformed", "not UTF-8 text")
    elif isinstance(data, (bytes, bytearray)):
        raw = bytes(data)
    else:
        return Refusal("malformed", f"not text but {type(data).__name__}")
    if len(raw) > limit:
        return Refusal("too_big", f"over {limit} bytes")
    try:
        obj = read_json(raw.decode("utf-8"))
    except TooDeep as exc:
        return Refusal("too_deep", str(exc))
    except Bad as exc:
        return Refusal("malformed", str(exc)[:200])
    except (ValueError, RecursionError):  # JSONDecodeError and bad UTF-8 are ValueErrors
        return Refusal("malformed", "not JSON")
    if type(obj) is not dict or set(obj) != {"v", "seq", "type", "body"}:
        return Refusal("malformed", "not a message: an object with v, seq, type and body")
    seq = obj["seq"]
    if type(seq) is not int or not 1 <= seq <= MAX_SEQ:
        return Refusal("malformed", "seq must be a whole number from 1")
    if obj["v"] != VERSION or type(obj["v"]) is not int:
        return Refusal("version", f"protocol version {VERSION} only", seq)
    kinds = FROM_HOST if from_host else FROM_GUEST
    kind = obj["type"]
    if type(kind) is not str or kind not in kinds:
        return Refusal("unknown_type", "not a message this side takes", seq)
    try:
        body = kinds[kind](obj["body"])
    except TooDeep as exc:  # a fair message nested deeper than one can be quoted (fair_room/wire.py, envelope)
        return Refusal("too_deep", f"{kind}: {exc}"[:200], seq)
    except Bad as exc:
        return Refusal("bad_body", f"{kind}: {exc}"[:200], seq)
    return Message(kind, seq, body)
