"""A browser page and the native game connect by codes carried by hand, either side
starting: the page's shim (driven by `PageLink` in headless Chromium) and aiortc
(`NativeLink`) share one wire format."""

from __future__ import annotations

import time

import pytest

from game.online.links import codes
from game.online.links import page as page_link
from game.online.links.transport import CLOSED, OPEN

from .link_support import LoopThread, PageWindow, need_aiortc, need_chromium, open_pages, report, served_page, until

LAN = []


@pytest.fixture
def loop():
    thread = LoopThread()
    yield thread
    thread.stop()


def exchange(page_end, native_end, loop):
    """Messages both ways, in order, \\r\\n and all scripts kept, 60 kB whole."""
    texts = ["hello", "two\r\nlines\r\n", "Старшина ♠♥ Łódź", "x" * 60000]
    for text in texts:
        assert page_end.send(text)
    got = []
    until(lambda: got.extend(loop.run(native_end.receive)) or len(got) >= len(texts), 10, what="page → native")
    assert got == texts
    for text in texts:
        assert loop.run(native_end.send, text)
    back = []
    until(lambda: back.extend(page_end.receive()) or len(back) >= len(texts), 10, what="native → page")
    assert back == texts


@pytest.mark.parametrize("page_starts", [True, False], ids=["page offers", "native offers"])
def test_a_page_and_the_native_game_connect_by_codes(tmp_path, loop, page_starts):
    need_aiortc()
    sync_playwright = need_chromium()
    from game.online.links import native as native_link

    with served_page(tmp_path) as url, sync_playwright() as pw:
        browser, (page,) = open_pages(pw, url, 1)
        try:
            bridge = page_link.PageBridge(PageWindow(page))
            if page_starts:
                starter = page_link.offer(ice=LAN, bridge=bridge)
                offer_code = until(lambda: starter.code, 10, what="the page's offer")
                other = loop.run(native_link.answer, offer_code, LAN)
                answer_code = until(lambda: loop.run(lambda: other.code), 20, what="aiortc's answer")
                assert starter.accept(answer_code) is None
                page_end, native_end = starter, other
            else:
                starter = loop.run(native_link.offer, LAN)
                offer_code = until(lambda: loop.run(lambda: starter.code), 20, what="aiortc's offer")
                other = page_link.answer(offer_code, ice=LAN, bridge=bridge)
                answer_code = until(lambda: other.code, 10, what="the page's answer")
                assert loop.run(starter.accept, answer_code) is None
                page_end, native_end = other, starter
            t0 = time.monotonic()
            until(lambda: page_end.state == OPEN and loop.run(lambda: native_end.state) == OPEN, 15,
                  what="both ends open")
            report("page ↔ aiortc" + (" (page offers)" if page_starts else " (aiortc offers)"),
                   offer_chars=len(offer_code), answer_chars=len(answer_code),
                   connect_s=f"{time.monotonic() - t0:.2f}")
            assert max(len(offer_code), len(answer_code)) <= codes.MAX_CODE_CHARS
            exchange(page_end, native_end, loop)
            loop.run(native_end.close)
            until(lambda: page_end.state == CLOSED, 10, what="the page seeing the native end go")
        finally:
            browser.close()
