"""The group fair dealing computes in: edwards25519's prime-order subgroup, via libsodium.

Why this group: encryption must commute (the three seats lock the same card in any order)
and undo exactly, so a card is a point, a key a scalar, encrypting multiplies and
decrypting multiplies by the inverse scalar mod the group order L.  Elliptic-curve
multiplication is ~100x cheaper than 2048-bit modular powers.  Every primitive is
libsodium's (PyNaCl) natively and noble-curves' in the page (tests check both give the
same bytes); nothing here does field arithmetic of its own.

The cofactor: edwards25519 has 8L points.  A point with a small-order part could tag a
card through other seats' shuffles, so every point that arrives is checked: libsodium's
multiplication refuses points outside the prime-order subgroup (and small-order ones), and
``check`` says so for points only stored.

Card points must have unknown discrete logs relative to each other (with card i = G*h_i
one could test an encrypted card against every h_j).  So each is hashed to the curve,
try-and-increment as in RFC 9381 section 5.4.1.1 (ECVRF ..._TAI): SHA-512 of a
domain-separation tag, the card's name and a counter; the first 32 bytes decoded as an
RFC 8032 point; times the cofactor 8; the first counter giving a valid point wins.  Both
libraries offer exactly these steps; neither offers the other's RFC 9380 map.
"""

from __future__ import annotations

import hashlib
import os

import nacl.bindings as sodium
from nacl.exceptions import BadSignatureError
from nacl.exceptions import RuntimeError as SodiumError
from nacl.signing import SigningKey, VerifyKey

from ...engine.cards import CARDS
from .ops import HEAVY, ORDER, POINT_BYTES, Backend, OffGroup, Ref, Results, check_scalar

FIELD = 2**255 - 19  # p, for the RFC 8032 rule that an encoded y is below p
CARD_DST = b"358-fair-deal-v1-card-point"  # domain-separation tag of the card points


def _hash_input(label: bytes, counter: int) -> bytes:
    return bytes([len(CARD_DST)]) + CARD_DST + label + bytes([counter])


def card_point(label: str) -> bytes:
    """The point of one card (by its name, e.g. 'TH'): RFC 9381 try-and-increment."""
    for counter in range(256):
        candidate = hashlib.sha512(_hash_input(label.encode("ascii"), counter)).digest()[:32]
        if int.from_bytes(candidate, "little") & ((1 << 255) - 1) >= FIELD:
            continue  # not a canonical encoding (RFC 8032 5.1.3 step 1)
        try:
            twice = sodium.crypto_core_ed25519_add(candidate, candidate)  # decodes: on the curve?
        except SodiumError:
            continue
        four = sodium.crypto_core_ed25519_add(twice, twice)
        eight = sodium.crypto_core_ed25519_add(four, four)
        if sodium.crypto_core_ed25519_is_valid_point(eight):  # not the identity
            return eight
    raise AssertionError(f"no point for {label!r} in 256 tries")  # probability 2**-256


def card_points_steps(out: list):
    """The 52 card points in card-index order, one per step (a generator: sliced work)."""
    for card in CARDS:
        out.append(card_point(str(card)))
        yield


def check_point(point) -> bytes:
    """The point if it is a canonical, prime-order-subgroup, non-identity point; else OffGroup."""
    if not isinstance(point, bytes) or len(point) != POINT_BYTES or not sodium.crypto_core_ed25519_is_valid_point(point):
        raise OffGroup("not a point of the prime-order group")
    return point


def random_scalar() -> bytes:
    """A uniform non-zero scalar: 64 random bytes reduced mod L (libsodium's own advice)."""
    while True:
        scalar = sodium.crypto_core_ed25519_scalar_reduce(os.urandom(64))
        if any(scalar):
            return scalar


def multiply(point: bytes, scalar: bytes) -> bytes:
    """point * scalar; OffGroup if the point is outside the prime-order subgroup."""
    try:
        return sodium.crypto_scalarmult_ed25519_noclamp(scalar, point)
    except SodiumError:
        raise OffGroup("not a point of the prime-order group") from None


def invert(scalar: bytes) -> bytes:
    return sodium.crypto_core_ed25519_scalar_invert(scalar)


def times(a: bytes, b: bytes) -> bytes:
    """a * b mod L."""
    return sodium.crypto_core_ed25519_scalar_mul(a, b)


def product(scalars) -> bytes:
    """The product of scalars mod L."""
    scalars = list(scalars)
    result = scalars[0]
    for s in scalars[1:]:
        result = times(result, s)
    return result


def public_key(seed: bytes) -> bytes:
    """The Ed25519 public key of a 32-byte seed (libsodium's crypto_sign_seed_keypair)."""
    return bytes(SigningKey(seed).verify_key)


def sign(seed: bytes, message: bytes) -> bytes:
    """The Ed25519 signature (64 bytes, deterministic: RFC 8032) of `message`."""
    return SigningKey(seed).sign(message).signature


def verify(public: bytes, message: bytes, signature: bytes) -> bool:
    """Ed25519, taken only when the key and R are points of the prime-order group (as the
    page's does): then libsodium's cofactorless check and noble's cofactored one agree."""
    try:
        if len(signature) != 64 or not all(sodium.crypto_core_ed25519_is_valid_point(p) for p in (public, signature[:32])):
            return False
        VerifyKey(public).verify(message, signature)
        return True
    except (BadSignatureError, ValueError, TypeError, SodiumError):
        return False


_NATIVE = {  # looked up when called (a benchmark counts them by replacing the functions above)
    "card": lambda label: card_point(label),
    "rand": lambda: random_scalar(),
    "mul": lambda p, k: multiply(p, check_scalar(k)),
    "mulpub": lambda p, k: multiply(p, check_scalar(k)),
    "check": lambda p: check_point(p),
    "inv": lambda k: invert(check_scalar(k)),
    "times": lambda a, b: times(check_scalar(a), check_scalar(b)),
    "public": lambda seed: public_key(seed),
    "sign": lambda seed, message: sign(seed, message),
    "verify": lambda public, message, signature: verify(public, message, signature),
}


class NativeGroup(Backend):
    """The batch interface (ops.py) over libsodium: each heavy operation is a slice."""

    def run(self, batch):
        values: list = []
        for name, *args in batch.ops:
            if any(isinstance(a, Ref) and values[a.index] is None for a in args):
                values.append(None)  # an argument failed: so does this
            else:
                args = [values[a.index] if isinstance(a, Ref) else a for a in args]
                try:
                    values.append(_NATIVE[name](*args))
                except (OffGroup, SodiumError, TypeError, ValueError):
                    values.append(None)
            if name in HEAVY:
                yield
        return Results(values)


__all__ = ["ORDER", "CARD_DST", "OffGroup", "card_point", "card_points_steps", "check_point", "check_scalar",
           "random_scalar", "multiply", "invert", "times", "product", "public_key", "sign", "verify", "NativeGroup"]
