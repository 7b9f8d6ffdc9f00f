"""Fair dealing's messages on the online protocol's wire: a `Msg` (game/online/fair/messages.py)
as JSON, strictly read back, and signed by its sender's per-game Ed25519 key.

Why signed: guests' messages to each other pass through the host, which could otherwise
change a guest's choice on the way and so make it look like the cheater.  Every fair-deal
message is signed by the seat that sends it (`signed_bytes`); the host, which relays,
checks a guest's signature before relaying and countersigns what it relays
(`relay_bytes`), so a relayed message whose sender's signature does not check out but
whose countersignature does is the host's proof against itself (docs/FAIR_DEALING.md,
"The relay").  The signature covers the canonical form of the message (sorted keys, no
spaces, ASCII: codec.write_json), which both sides compute from the JSON object alone: the
object was read strictly (codec.read_json), so it is written again as every device reads it.

Bytes travel as lowercase hex, like every other value of the protocol; a deck is about
3.5 kB, a reveal about 9 kB.  A message whose envelope (game, deal, sender, sequence
number, kind) is unreadable is refused before anything else; one whose body is not what
its kind takes becomes the kind "malformed", which the device holds against its signer.
"""

from __future__ import annotations

import hashlib

from ..codec import Bad, fields, seat, sound, text, whole, write_json
from ..fair.dues import DUTIES
from ..fair.messages import KINDS, Msg

MESSAGE_TAG = b"3-5-8 fair message v1\0"
RELAY_TAG = b"3-5-8 fair relay v1\0"
KEY_TAG = b"3-5-8 fair key v1\0"
MAX_SEQ = 255  # a seat's messages in one deal (under 60 in life): so a signed flood is bounded too
MAX_DEAL = 59
GAME_CHARS = 32  # the match's nonce, in hex: a message of another match is not of this one
WHATS = ("hands", "rest", "kitty")
MESSAGE_DEPTH = 16  # objects and lists in a message (a breach with its evidence: 7): see `envelope`


def canonical(obj) -> bytes:
    """codec.Bad for what no device would read back (codec.write_json)."""
    return write_json(obj, sort_keys=True).encode("ascii")


def signed_bytes(obj: dict) -> bytes:
    """What the sender signs: the message's canonical form under a tag of its own."""
    return MESSAGE_TAG + canonical(obj)


def relay_bytes(obj: dict, signature: bytes) -> bytes:
    """What the relaying host countersigns: the message and its sender's signature."""
    return RELAY_TAG + signature + canonical(obj)


def fingerprint(public: bytes) -> str:
    """A public key's fingerprint, for people to compare out of band: 16 hex digits in
    four groups (64 bits: finding another key with the same one takes about 2^64 tries)."""
    digest = hashlib.sha256(KEY_TAG + public).hexdigest()[:16].upper()
    return " ".join(digest[i:i + 4] for i in range(0, 16, 4))


# --- values ----------------------------------------------------------------------------------
def _hex_bytes(value, size: int, what: str) -> bytes:
    if type(value) is not str or len(value) != 2 * size or value.strip("0123456789abcdef"):
        raise Bad(f"{what} must be {2 * size} lowercase hex digits")
    return bytes.fromhex(value)


def point(value) -> bytes:
    return _hex_bytes(value, 32, "a point")


def scalar(value) -> bytes:
    return _hex_bytes(value, 32, "a scalar")


def signature(value) -> bytes:
    return _hex_bytes(value, 64, "a signature")


def _list(value, low: int, high: int, item, what: str) -> list:
    if type(value) is not list or not low <= len(value) <= high:
        raise Bad(f"{what} must list {low} to {high} items")
    return [item(v) for v in value]


def _slot(value) -> int:
    return whole(value, 0, 19, "a slot")


def _card(value) -> str:
    from game.engine import Card

    name = text(value, 3, "a card")
    try:
        if str(Card.parse(name)) != name:
            raise ValueError
    except ValueError:
        raise Bad("a card is written as the engine writes it") from None
    return name


def _keys(value) -> dict:
    pairs = _list(value, 1, 52, lambda p: _list(p, 2, 2, lambda x: x, "a key"), "keys")
    keys = {}
    for j, k in pairs:
        j = whole(j, 0, 51, "a deck position")
        if j in keys:
            raise Bad("a deck position is keyed twice")
        keys[j] = scalar(k)
    return keys


def _claims(value) -> dict:
    claims = {}
    for item in _list(value, 0, 64, lambda x: x, "claims"):
        p, c, k = _list(item, 3, 3, lambda x: x, "a claim")
        p = point(p)
        if p in claims:
            raise Bad("a point is claimed twice")
        claims[p] = (_card(c), scalar(k))
    return claims


def _permutation(value) -> list:
    return _list(value, 52, 52, lambda j: whole(j, 0, 51, "a deck position"), "a permutation")


def _evidence(value):
    if value is None:
        return None
    d = fields(value, ("m", "sig", "relay"), "evidence")
    if type(d["m"]) is not dict:
        raise Bad("evidence holds a message")
    envelope(d["m"])
    signature(d["sig"]), signature(d["relay"])
    return d


# field -> (to JSON, from JSON)
_FIELDS = {
    "deck": (lambda v: [p.hex() for p in v], lambda v: _list(v, 52, 52, point, "a deck")),
    "what": (str, lambda v: v if v in WHATS else _fail("keys are for hands, rest or kitty")),
    "keys": (lambda v: [[j, k.hex()] for j, k in sorted(v.items())], _keys),
    "contract": (str, lambda v: text(v, 2, "a contract")),
    "slot": (int, _slot),
    "point": (lambda v: v.hex(), point),
    "hand": (lambda v: [p.hex() for p in v], lambda v: _list(v, 1, 20, point, "a hand")),
    "card": (str, _card),
    "scalar": (lambda v: v.hex(), scalar),
    "deck_key": (lambda v: None if v is None else v.hex(), lambda v: None if v is None else scalar(v)),
    "permutation": (list, _permutation),
    "card_keys": (lambda v: [k.hex() for k in v], lambda v: _list(v, 52, 52, scalar, "card keys")),
    "blinds": (lambda v: [k.hex() for k in v], lambda v: _list(v, 0, 16, scalar, "blinds")),
    "claims": (lambda v: [[p.hex(), c, k.hex()] for p, (c, k) in v.items()], _claims),
    "suspect": (int, lambda v: seat(v, "suspect")),
    "reason": (str, lambda v: text(v, 200, "a reason")),
    "trick": (lambda v: v, lambda v: None if v is None else whole(v, 0, 15, "a trick")),
    "evidence": (lambda v: v, _evidence),
    "duty": (str, lambda v: v if v in DUTIES else _fail(f"a duty is one of {', '.join(DUTIES)}")),
}

BODIES = {
    "shuffle": ("deck",), "lock": ("deck",), "keys": ("what", "keys"), "declare": ("contract",), "lapse": (),
    "give": ("slot",), "return": ("slot",), "discard": ("slot",), "blind": ("point",), "unblind": ("point",),
    "reshuffle": ("hand",), "remake": ("slot", "point"), "play": ("slot", "point", "card", "scalar"),
    "reveal": ("deck_key", "permutation", "card_keys", "blinds", "claims"),
    "breach": ("suspect", "reason", "trick", "evidence"),
    "overdue": ("suspect", "duty"),
}
assert set(BODIES) == set(KINDS)


def _fail(message: str):
    raise Bad(message)


# --- messages --------------------------------------------------------------------------------
def to_json(msg: Msg) -> dict:
    """A device's message as the JSON object that is signed and sent."""
    keys = BODIES[msg.kind]
    body = {k: _FIELDS[k][0](msg.body.get(k)) for k in keys}
    return {"game": msg.game, "deal": msg.deal, "sender": msg.sender, "seq": msg.seq, "kind": msg.kind, "body": body}


def envelope(obj) -> tuple[str, int, int, int, str]:
    """(game, deal, sender, seq, kind), strictly; codec.Bad when any is not one, or when
    the message nests over MESSAGE_DEPTH deep (codec.TooDeep): so a device that quotes one
    as its evidence (three levels more) in its own message (and that in an envelope: two
    more) never writes anything deeper than codec.MAX_DEPTH."""
    sound(obj, MESSAGE_DEPTH)
    d = fields(obj, ("game", "deal", "sender", "seq", "kind", "body"), "a fair message")
    game = d["game"]
    if type(game) is not str or len(game) != GAME_CHARS or game.strip("0123456789abcdef"):
        raise Bad("a fair message names its game by 32 hex digits")
    kind = text(d["kind"], 12, "a kind")
    return (game, whole(d["deal"], 0, MAX_DEAL, "a deal"), seat(d["sender"], "a sender"),
            whole(d["seq"], 0, MAX_SEQ, "a sequence number"), kind)


def from_json(obj) -> Msg:
    """The message a device takes.  The envelope must be sound (codec.Bad); a body that is
    not its kind's becomes ``Msg(kind="malformed")``: its signer sent it."""
    game, deal, sender, seq, kind = envelope(obj)
    try:
        if kind not in BODIES:
            raise Bad(f"no message kind {kind!r}")
        raw = fields(obj["body"], BODIES[kind], kind)
        body = {k: _FIELDS[k][1](raw[k]) for k in BODIES[kind]}
    except Bad as exc:
        return Msg(game, deal, sender, seq, "malformed", {"kind": kind, "why": str(exc)[:200]})
    return Msg(game, deal, sender, seq, kind, body)


__all__ = ["MESSAGE_TAG", "RELAY_TAG", "canonical", "signed_bytes", "relay_bytes", "fingerprint", "to_json",
           "from_json", "envelope", "point", "scalar", "signature"]
