"""Offer and answer codes (game/online/links/codes.py): what they hold, and the limits that keep
a pasted code from costing anything."""

from __future__ import annotations

import base64
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.online.links import codes, reasons
from game.online.links.codes import ANSWER, MAX_CODE_CHARS, MAX_SDP_BYTES, OFFER, CodeError, pack, unpack

# a data-channel offer as Chromium writes it, one host candidate per address family
SDP = ("v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n"
       "a=extmap-allow-mixed\r\na=msid-semantic: WMS\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n"
       "c=IN IP4 0.0.0.0\r\na=candidate:2999745851 1 udp 2122260223 "
       "0c1a3b2e-7f6d-4d7e-9a51-3c2b1f0e9d8c.local 54400 typ host generation 0 network-id 1\r\n"
       "a=ice-ufrag:Hm1B\r\na=ice-pwd:q3GcQbnW0cWnTf7h6m6k0ZQO\r\na=ice-options:trickle\r\n"
       "a=fingerprint:sha-256 7B:8B:F0:65:5F:78:E2:51:3B:AC:6F:F3:3F:46:1B:35:DC:B8:5F:64:1A:24:C2:43:"
       "F0:A1:58:D0:A1:2C:19:08\r\na=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\n"
       "a=max-message-size:262144\r\n")


def raw_code(prefix: str, data: bytes) -> str:
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    return prefix + base64.urlsafe_b64encode(squeeze.compress(data) + squeeze.flush()).decode().rstrip("=")


def test_a_code_holds_the_session_description_exactly_and_is_shorter():
    code = pack(OFFER, SDP)
    assert code.startswith("o1.") and unpack(code, OFFER) == SDP
    assert pack(ANSWER, SDP).startswith("a1.")
    assert len(code) < len(SDP)  # real codes: sizes in docs/ONLINE.md, measured by the link tests
    assert set(code[3:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def test_a_code_wrapped_or_spaced_by_a_chat_program_still_reads():
    code = pack(OFFER, SDP)
    wrapped = "  " + "\n".join(code[i:i + 60] for i in range(0, len(code), 60)) + " \r\n"
    assert unpack(wrapped, OFFER) == SDP


@pytest.mark.parametrize("code, reason", [
    ("", reasons.BAD_CODE),
    ("hello", reasons.BAD_CODE),
    ("o2.AAAA", reasons.BAD_CODE),  # a later version of the format
    ("o1.not base64!", reasons.BAD_CODE),
    ("o1.AAAA", reasons.BAD_CODE),  # base64 but not deflate
    (raw_code("o1.", b"\xff\xfe not utf-8"), reasons.BAD_CODE),
    (raw_code("o1.", b"hello, not a session description"), reasons.BAD_CODE),
    (raw_code("o1.", b"v=0\r\nm=audio 9 RTP\r\n"), reasons.BAD_CODE),  # no data channel
    ("a1." + pack(OFFER, SDP)[3:], reasons.WRONG_CODE),
    ("o1." + "A" * MAX_CODE_CHARS, reasons.CODE_TOO_LONG),
])
def test_what_is_not_an_offer_code_is_refused_with_its_reason(code, reason):
    with pytest.raises(CodeError) as refused:
        unpack(code, OFFER)
    assert refused.value.reason == reason


def test_a_code_that_would_inflate_beyond_the_limit_is_refused_without_inflating_it_all():
    bomb = raw_code("o1.", b"v=0\r\nm=application\r\n" + b"a" * (50 * MAX_SDP_BYTES))
    assert len(bomb) < MAX_CODE_CHARS  # it passes the length check: the inflated size stops it
    with pytest.raises(CodeError) as refused:
        unpack(bomb, OFFER)
    assert refused.value.reason == reasons.BAD_CODE
    head = "v=0\r\nm=application\r\n"
    at_limit = head + "a" * (MAX_SDP_BYTES - len(head))
    assert len(at_limit.encode()) == MAX_SDP_BYTES and unpack(pack(OFFER, at_limit), OFFER) == at_limit


def test_the_longest_code_fits_one_qr_code():
    assert MAX_CODE_CHARS == 2953  # QR version 40, level L, byte mode
    at_limit = "o1." + pack(OFFER, SDP)[3:]
    assert len(at_limit) <= MAX_CODE_CHARS


@given(st.text(max_size=400))
def test_any_text_either_reads_as_a_code_or_is_refused_with_a_reason(text):
    for kind in (OFFER, ANSWER):
        try:
            sdp = unpack(text, kind)
        except CodeError as exc:
            assert exc.reason in (reasons.BAD_CODE, reasons.WRONG_CODE, reasons.CODE_TOO_LONG)
        else:
            assert sdp.startswith("v=0")


def test_the_page_shim_uses_the_same_prefixes_and_limits():
    shim = (codes.__file__.rsplit("/game/", 1)[0] + "/assets/web/p2p.js")
    text = open(shim, encoding="utf-8").read()
    assert f'const OFFER = "{codes.PREFIX[OFFER]}";' in text and f'const ANSWER = "{codes.PREFIX[ANSWER]}";' in text
    assert f"const MAX_CODE = {MAX_CODE_CHARS};" in text and f"const MAX_SDP = {MAX_SDP_BYTES};" in text
