"""Every secret a seat's device draws in a fairly dealt match, from one seed, by label.

Why one seed: a guest whose page is reloaded mid-match must take its seat back with the
very keys, shuffles, blinds and signing key it used, or the deal in hand cannot go on (no
other device holds them).  So each secret is a pseudo-random function of one per-match
seed, which the guest keeps with its seat's token (Guest.keep: localStorage in the page, a
file natively); the new page rebuilds its device from it and replays the transcript.
Why by label, not by call order: the replay draws each secret for what it is (the deal,
the message it goes out with, its purpose, its index), so it gets the same bytes whatever
frames the work ran in and whatever the device did before.

The function: HMAC-SHA-512 (RFC 2104; the standard library's, which the page's Python has
as the native one does) keyed with the 32-byte seed, over a domain tag and the label as
compact JSON: 64 bytes out.  A scalar is those 64 bytes read little-endian and reduced
mod L, as libsodium's crypto_core_ed25519_scalar_reduce does (tests check the two agree;
the page's own random scalars were already reduced with big integers, as here); zero is
refused and the next counter taken.  A shuffle is Fisher-Yates with every index drawn by
rejection from 8 bytes, so no index is biased.  The same Python runs natively and in the
page, so both draw the same bytes.

The seed is as secret as the hand: whoever reads it can compute this seat's cards
(docs/FAIR_DEALING.md, the threat model).  It never leaves the device.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets

from .ops import ORDER

SEED_BYTES = 32
TAG = b"358-fair-draw-v1\0"  # these draws, and no other use of the seed


def new_seed() -> bytes:
    """A fresh seed for one seat of one match, from the OS."""
    return secrets.token_bytes(SEED_BYTES)


def handed_on(seed: bytes, game: str) -> bytes:
    """The seed a seat draws from once the match goes on under a new game id (a seat handed
    to the host's computer between deals: the deals begun under the old id are void).  A
    function of the seat's own seed and the new id, so nothing drawn for a void deal is drawn
    again, and a device rebuilt from its kept seed draws the same."""
    return hmac.digest(seed, TAG + b"handed on\0" + game.encode("ascii"), hashlib.sha256)


class Draws:
    """The secrets of one seat, drawn from its seed by label."""

    def __init__(self, seed: bytes):
        if not isinstance(seed, bytes) or len(seed) != SEED_BYTES:
            raise ValueError(f"a seed is {SEED_BYTES} bytes")
        self._seed = seed

    def block(self, *label) -> bytes:
        """64 pseudo-random bytes for `label` (a tuple of ints and strings)."""
        text = json.dumps(label, separators=(",", ":")).encode("ascii")
        return hmac.digest(self._seed, TAG + text, hashlib.sha512)

    def scalar(self, *label) -> bytes:
        """A uniform non-zero scalar mod L (32 bytes, little-endian)."""
        for counter in range(256):
            value = reduce_wide(self.block(*label, counter))
            if any(value):
                return value
        raise AssertionError("256 zero scalars in a row")  # never: each is zero with probability 2**-252

    def permutation(self, n: int, *label) -> list[int]:
        """A uniform permutation of range(n): output position i takes input order[i]."""
        order = list(range(n))
        stream = self._integers(label)
        for i in range(n - 1, 0, -1):
            j = _below(stream, i + 1)
            order[i], order[j] = order[j], order[i]
        return order

    def signing_key(self) -> bytes:
        """The seat's Ed25519 key for this match (a 32-byte seed, RFC 8032)."""
        return self.block("signing key")[:32]

    def _integers(self, label):
        counter = 0
        while True:
            block = self.block(*label, counter)
            counter += 1
            for k in range(0, 64, 8):
                yield int.from_bytes(block[k:k + 8], "little")


def _below(stream, n: int) -> int:
    """A uniform integer in [0, n) from 64-bit draws (the few above the last multiple of n are
    drawn again)."""
    limit = (1 << 64) - (1 << 64) % n
    for x in stream:
        if x < limit:
            return x % n
    raise AssertionError("the stream ended")  # it never does


def reduce_wide(wide: bytes) -> bytes:
    """64 bytes, little-endian, reduced mod L: libsodium's crypto_core_ed25519_scalar_reduce."""
    return (int.from_bytes(wide, "little") % ORDER).to_bytes(32, "little")


__all__ = ["SEED_BYTES", "Draws", "new_seed", "reduce_wide"]
