"""Offer and answer codes: a WebRTC session description that people carry by hand.

A code is a prefix (``o1.`` an offer, ``a1.`` an answer; the digit is the format's
version) followed by the session description (SDP, with every ICE candidate already
gathered: nothing is sent later) compressed with raw deflate and written in base64url
without padding.  The page's shim (assets/web/p2p.js) writes and reads the same format,
so a browser and a native game (aiortc) can connect by codes.

Limits keep a pasted code from costing anything: at most `MAX_CODE_CHARS` characters
(what one QR code holds: version 40, level L, bytes) and `MAX_SDP_BYTES` once inflated.
Typical sizes are in docs/ONLINE.md.
"""

from __future__ import annotations

import base64
import re
import zlib

from . import reasons

OFFER, ANSWER = "offer", "answer"
PREFIX = {OFFER: "o1.", ANSWER: "a1."}
MAX_CODE_CHARS = 2953
MAX_SDP_BYTES = 16384
_BODY = re.compile(r"[A-Za-z0-9_-]+")
_SPACE = re.compile(r"\s+")


class CodeError(ValueError):
    """A code that cannot be used; `reason` is one of game.online.reasons."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def pack(kind: str, sdp: str) -> str:
    """The code for a session description (`kind`: OFFER or ANSWER)."""
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = squeeze.compress(sdp.encode("utf-8")) + squeeze.flush()
    return PREFIX[kind] + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def unpack(code: str, kind: str) -> str:
    """The session description in `code`, which must be of `kind`; CodeError otherwise.
    Spaces and line breaks (a code wrapped by a chat program) are ignored."""
    text = _SPACE.sub("", str(code or ""))
    if len(text) > MAX_CODE_CHARS:
        raise CodeError(reasons.CODE_TOO_LONG)
    other = ANSWER if kind == OFFER else OFFER
    if text.startswith(PREFIX[other]):
        raise CodeError(reasons.WRONG_CODE)
    body = text[len(PREFIX[kind]):]
    if not text.startswith(PREFIX[kind]) or not _BODY.fullmatch(body):
        raise CodeError(reasons.BAD_CODE)
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unsqueeze = zlib.decompressobj(-15)
        data = unsqueeze.decompress(raw, MAX_SDP_BYTES + 1)
        if len(data) > MAX_SDP_BYTES or not unsqueeze.eof:
            raise CodeError(reasons.BAD_CODE)
        sdp = data.decode("utf-8")
    except (ValueError, zlib.error):  # binascii.Error and UnicodeDecodeError are ValueErrors
        raise CodeError(reasons.BAD_CODE) from None
    if not sdp.startswith("v=0") or "m=application" not in sdp:
        raise CodeError(reasons.BAD_CODE)
    return sdp
