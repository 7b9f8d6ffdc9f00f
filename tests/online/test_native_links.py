"""The native links (aiortc, the optional extra): two in one process, by codes, on this
machine's own interface (no STUN); and what the game says when the extra is missing."""

from __future__ import annotations

import asyncio
import builtins
import time

import pytest

from game.online.links import codes, reasons
from game.online.links.transport import CLOSED, CONNECTING, OPEN

from .link_support import need_aiortc, report

LAN = []


async def until(condition, timeout_s: float, what: str):
    """Poll `condition` once a frame (as the game's loop does) until it is true."""
    deadline = time.monotonic() + timeout_s
    while not (value := condition()):
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} not met within {timeout_s} s")
        await asyncio.sleep(0.005)
    return value


async def connected_pair():
    from game.online.links import native as native_link

    host = native_link.offer(ice=LAN)
    offer_code = await until(lambda: host.code, 20, "the offer code")
    guest = native_link.answer(offer_code, ice=LAN)
    answer_code = await until(lambda: guest.code, 20, "the answer code")
    assert host.state == guest.state == CONNECTING
    assert host.accept(answer_code) is None
    t0 = time.monotonic()
    await until(lambda: host.state == OPEN and guest.state == OPEN, 15, "both links open")
    return host, guest, offer_code, answer_code, time.monotonic() - t0


async def exchange_both_ways(a, b):
    texts = ["hello", "two\r\nlines\r\n", "3-5-8: Старшина, Blato, Łódź ♠♥", "x" * 65536, '{"v": 1}']
    for text in texts:
        assert a.send(text)
    assert not a.send("y" * 65537)  # over the protocol's largest message: not sent
    got = []
    await until(lambda: got.extend(b.receive()) or len(got) >= len(texts), 10, "messages a → b")
    assert got == texts
    assert b.send("back")
    back = []
    await until(lambda: back.extend(a.receive()) or back, 10, "a message b → a")
    assert back == ["back"]


def test_two_native_links_connect_by_codes_and_carry_messages_both_ways():
    need_aiortc()

    async def main():
        host, guest, offer_code, answer_code, seconds = await connected_pair()
        report("aiortc pair", offer_chars=len(offer_code), answer_chars=len(answer_code),
               connect_s=f"{seconds:.3f}")
        assert len(offer_code) <= codes.MAX_CODE_CHARS and len(answer_code) <= codes.MAX_CODE_CHARS
        assert host.connect_s is not None and host.connect_s <= 15
        await exchange_both_ways(host, guest)
        await exchange_both_ways(guest, host)
        guest.close()
        assert guest.state == CLOSED and guest.reason == reasons.CLOSED_HERE
        await until(lambda: host.state == CLOSED, 10, "the host seeing the guest go")
        assert host.reason in (reasons.CLOSED, reasons.LOST)
        assert not host.send("anyone?")

    asyncio.run(main())


def test_native_codes_refuse_what_is_not_the_right_code_and_a_lost_side_is_reported():
    need_aiortc()
    from game.online.links import native as native_link

    async def main():
        for code, reason in {"hello": reasons.BAD_CODE, "a1.AAAA": reasons.WRONG_CODE,
                             "o1." + "A" * 3000: reasons.CODE_TOO_LONG}.items():
            refused = native_link.answer(code, ice=LAN)
            assert refused.state == CLOSED and refused.reason == reason
        host = native_link.offer(ice=LAN, wait_s=2)
        offer_code = await until(lambda: host.code, 20, "the offer code")
        assert host.accept(offer_code) == reasons.WRONG_CODE  # its own offer pasted back
        assert host.state == CONNECTING and host.code_error == reasons.WRONG_CODE
        guest = native_link.answer(offer_code, ice=LAN)
        answer_code = await until(lambda: guest.code, 20, "the answer code")
        guest.close()
        assert host.accept(answer_code) is None
        await until(lambda: host.state == CLOSED, 10, "the wait running out")
        assert host.reason in reasons.NETWORK

    asyncio.run(main())


def test_without_the_extra_the_game_says_how_to_get_it(monkeypatch):
    from game.online.links import native as native_link

    real_import = builtins.__import__

    def no_aiortc(name, *args, **kwargs):
        if name == "aiortc" or name.startswith("aiortc."):
            raise ImportError("No module named 'aiortc'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_aiortc)
    problem = native_link.native_problem()
    assert problem and "pip install 'three-five-eight[online]'" in problem


def test_with_the_extra_nothing_is_missing():
    pytest.importorskip("aiortc", reason="aiortc (the online extra) is not installed")
    from game.online.links import native as native_link

    assert native_link.native_problem() is None
