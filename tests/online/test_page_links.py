"""The page's links in real headless Chromium pages: the shim (assets/web/p2p.js) driven by
`game.online.links.page` exactly as the game drives it (one eval per call, polled), between
two pages that find each other through a local Nostr relay (rooms by link) or by codes
carried by hand.  No STUN: the pages meet on this machine's own interface."""

from __future__ import annotations

import json
import time

import pytest

from game.online.links import codes, reasons
from game.online.links import page as page_link
from game.online.links.invite import Invite
from game.online.links.transport import CLOSED, OPEN

from .link_support import PageWindow, free_port, launch_chromium, need_chromium, nostr_relay, report, served_page, until

LAN = []  # "this network only": no STUN


def exchange_both_ways(a, b):
    """Messages arrive whole, in order, once, both ways: \r\n, every script, 60 kB."""
    texts = ["hello", "two\r\nlines\r\n", "3-5-8: Старшина, Blato, Łódź ♠♥", "x" * 60000, '{"v": 1}']
    for text in texts:
        assert a.send(text)
    got = []
    until(lambda: got.extend(b.receive()) or len(got) >= len(texts), 10, what="messages a → b")
    assert got == texts
    assert b.send("back\r\n")
    back = []
    until(lambda: back.extend(a.receive()) or back, 10, what="a message b → a")
    assert back == ["back\r\n"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    with served_page(tmp_path_factory.mktemp("site")) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for the module; each test opens its own pages (devices)."""
    sync_playwright = need_chromium()
    with sync_playwright() as pw:
        chromium = launch_chromium(pw)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def relay(tmp_path_factory, browser):
    with nostr_relay(tmp_path_factory.mktemp("relay")) as address:
        yield address


@pytest.fixture
def devices(browser, site):
    """Opens pages, each in a context of its own (a device of its own: nothing shared),
    with the shim loaded; closes them after the test."""
    contexts = []

    def open_(count: int):
        opened = []
        for _ in range(count):
            context = browser.new_context()
            contexts.append(context)
            page = context.new_page()
            page.goto(site)
            page.wait_for_function("!!window.g358p2p")
            opened.append(page)
        return opened

    yield open_
    for context in contexts:
        context.close()


def test_two_pages_meet_by_codes_carried_by_hand(devices):
    one, two = devices(2)
    host_bridge, guest_bridge = page_link.PageBridge(PageWindow(one)), page_link.PageBridge(PageWindow(two))
    host = page_link.offer(ice=LAN, bridge=host_bridge)
    offer_code = until(lambda: host.code, 10, what="the offer code")
    guest = page_link.answer(offer_code, ice=LAN, bridge=guest_bridge)
    answer_code = until(lambda: guest.code, 10, what="the answer code")
    assert host.state == guest.state == "connecting"
    assert host.accept(answer_code) is None
    t0 = time.monotonic()
    until(lambda: host.state == OPEN and guest.state == OPEN, 15, what="both links open")
    report("by hand, page to page", offer_chars=len(offer_code), answer_chars=len(answer_code),
           connect_s=f"{time.monotonic() - t0:.2f}", shim_connect_s=host.connect_s)
    exchange_both_ways(host, guest)
    exchange_both_ways(guest, host)
    # the shim counts a message's UTF-8 bytes, not its characters, against the limit
    assert host_bridge.call("send", host.id, "é" * 32768) == "1"  # 65,536 bytes: the most a message has
    assert host_bridge.call("send", host.id, "é" * 32769) == "0"
    assert host_bridge.call("send", host.id, "a" * 65537) == "0"
    assert until(lambda: guest.receive(), 10, what="the longest message") == ["é" * 32768]
    guest.close()
    until(lambda: host.state == CLOSED, 10, what="the host seeing the guest go")
    assert host.reason in (reasons.CLOSED, reasons.LOST)
    assert not host.send("anyone?")


def test_a_room_by_link_through_a_local_relay_is_a_star(devices, relay):
    opened = devices(3)
    host_b, g1_b, g2_b = (page_link.PageBridge(PageWindow(p)) for p in opened)
    invite = Invite.new()
    room = page_link.host_room(invite, ice=LAN, relays=[relay], bridge=host_b)
    until(lambda: room.state == OPEN, 15, what="the host reaching the relay")
    t0 = time.monotonic()
    first = page_link.join_room(invite, ice=LAN, relays=[relay], bridge=g1_b)
    links = []
    until(lambda: links.extend(room.new_links()) or (links and first.state == OPEN), 15,
          what="the first guest connected")
    first_s = time.monotonic() - t0
    t1 = time.monotonic()
    second = page_link.join_room(invite, ice=LAN, relays=[relay], bridge=g2_b)
    until(lambda: links.extend(room.new_links()) or (len(links) == 2 and second.state == OPEN), 15,
          what="the second guest connected")
    report("room by link, local relay", first_guest_s=f"{first_s:.2f}",
           second_guest_s=f"{time.monotonic() - t1:.2f}", fragment_chars=len(invite.fragment))
    # the guests met too (both announce themselves) and turned each other away
    refused = until(lambda: sum(json.loads(b.call("stats"))["refused"] for b in (g1_b, g2_b)), 15,
                    what="the guests turning each other away")
    assert refused >= 1 and room.new_links() == []
    to_first, to_second = links
    # which host link is whose: each guest says its name
    assert first.send("I am one") and second.send("I am two")
    heard = {}
    until(lambda: [heard.setdefault(link, m) for link in links for m in link.receive()] != None
          and len(heard) == 2, 10, what="both guests heard")
    if heard[to_first] != ["I am one"][0]:
        to_first, to_second = to_second, to_first
    assert heard[to_first] == "I am one" and heard[to_second] == "I am two"
    exchange_both_ways(to_first, first)
    exchange_both_ways(second, to_second)
    # a star: what the host sends one guest, the other never gets
    assert to_second.send("only for two")
    got = []
    until(lambda: got.extend(second.receive()) or got, 10, what="guest two's message")
    assert got == ["only for two"] and first.receive() == []
    # a guest leaves: the host's link to it closes, the other guest's stays
    first.close()
    until(lambda: to_first.state == CLOSED, 15, what="the host seeing guest one leave")
    assert to_second.state == OPEN and second.state == OPEN
    # the host closes a guest's link (turning it away): the guest sees it closed
    to_second.close()
    until(lambda: second.state == CLOSED, 15, what="guest two seeing the host close its link")
    assert second.reason in (reasons.CLOSED, reasons.LOST)
    room.close()
    assert room.state == CLOSED


def test_a_guest_is_told_why_no_connection_came_and_can_try_again(devices, relay):
    alone, cut_off, late_host = devices(3)
    invite = Invite.new()
    nobody = page_link.join_room(invite, ice=LAN, relays=[relay],
                                 bridge=page_link.PageBridge(PageWindow(alone)), wait_s=2)
    until(lambda: nobody.state == CLOSED, 10, what="the wait running out")
    assert nobody.reason == reasons.NO_HOST
    # trying again, once the host is there, connects.  The local relay keeps ephemeral events
    # for a while (public relays never store them) and a subscription's `since` is in whole
    # seconds: a host subscribing in the same second as the first try's last announcement was
    # handed it, offered to a page no longer listening, and waited on that offer.  A second
    # later it only hears the retry.
    time.sleep(1.1)
    again = nobody.retry()
    assert again is not nobody and again.state == "connecting"
    room = page_link.host_room(invite, ice=LAN, relays=[relay], bridge=page_link.PageBridge(PageWindow(late_host)))
    until(lambda: again.state == OPEN, 15, what="the second try connecting")
    assert len(room.new_links()) == 1
    room.close()
    # no relay answers (here: a port nobody listens on)
    dead = f"ws://127.0.0.1:{free_port()}"
    unreachable = page_link.join_room(Invite.new(), ice=LAN, relays=[dead],
                                      bridge=page_link.PageBridge(PageWindow(cut_off)), wait_s=2)
    until(lambda: unreachable.state == CLOSED, 10, what="the wait running out")
    assert unreachable.reason == reasons.RENDEZVOUS_UNREACHABLE


def test_codes_by_hand_refuse_what_is_not_the_right_code(devices):
    one, two = devices(2)
    first, second = page_link.PageBridge(PageWindow(one)), page_link.PageBridge(PageWindow(two))
    host = page_link.offer(ice=LAN, bridge=first, wait_s=2)
    offer_code = until(lambda: host.code, 10, what="the offer code")
    cases = {"hello": reasons.BAD_CODE, offer_code[:-40]: reasons.BAD_CODE,
             "o1." + "A" * 3000: reasons.CODE_TOO_LONG,
             codes.pack(codes.ANSWER, codes.unpack(offer_code, codes.OFFER)): reasons.WRONG_CODE}
    for code, reason in cases.items():
        refused = page_link.answer(code, ice=LAN, bridge=second)
        until(lambda: refused.state == CLOSED, 10, what=f"{code[:12]} refused")
        assert refused.reason == reason, code[:40]
    # the offering side: an offer pasted back is refused, and the link waits on
    assert host.accept(offer_code) is None
    until(lambda: host.code_error, 10, what="the pasted offer refused")
    assert host.code_error == reasons.WRONG_CODE and host.state == "connecting"
    # an answer whose side has gone: no connection within the wait, said so
    guest = page_link.answer(offer_code, ice=LAN, bridge=second)
    answer_code = until(lambda: guest.code, 10, what="the answer code")
    guest.close()
    assert host.accept(answer_code) is None
    until(lambda: host.state == CLOSED, 10, what="the wait running out")
    assert host.reason in (reasons.TIMEOUT, reasons.ICE_FAILED)
    assert host.reason in reasons.NETWORK


def test_the_page_and_python_write_and_read_the_same_codes(devices):
    (page,) = devices(1)
    link = page_link.offer(ice=LAN, bridge=page_link.PageBridge(PageWindow(page)))
    code = until(lambda: link.code, 10, what="the offer code")
    sdp = codes.unpack(code, codes.OFFER)
    assert sdp.startswith("v=0") and "a=candidate:" in sdp and "\r\n" in sdp
    ours = codes.pack(codes.OFFER, sdp)
    assert page.evaluate(f"window.g358p2p.unpack({json.dumps(ours)}, 'offer')") == sdp
    assert page.evaluate(f"window.g358p2p.unpack({json.dumps(ours)}, 'answer')") == "error:wrong_code"
    link.close()


def test_a_page_without_the_shim_says_so_instead_of_failing(browser):
    context = browser.new_context()
    try:
        bare = page_link.PageBridge(PageWindow(context.new_page()))  # about:blank: no p2p.js
        assert page_link.page_problem(bare) == reasons.NO_SHIM
        link = page_link.offer(ice=LAN, bridge=bare)
        assert link.state == CLOSED and link.reason == reasons.NO_SHIM
        assert not link.send("x") and link.receive() == []
        room = page_link.host_room(Invite.new(), bridge=bare)
        assert room.state == CLOSED and room.reason == reasons.NO_SHIM and room.new_links() == []
    finally:
        context.close()


def test_the_page_with_the_shim_can_make_links(devices):
    (page,) = devices(1)
    assert page_link.page_problem(page_link.PageBridge(PageWindow(page))) is None


TRYSTERO_ID = "import(new URL('vendor/trystero-nostr.js', document.baseURI).href).then((m) => m.selfId)"
OFFER_AGE_S = 60  # Trystero makes an offer it has kept in its pool for 57.3 s again before sending it


def test_a_reloaded_guest_gets_back_in_after_the_room_has_been_open_a_minute(devices, relay):
    """A friend's page reloaded mid-game joins again, every time, however long the room has
    been open.  Of two pages in a room, Trystero has the one with the lower id offer; a page
    reloaded gets a new id.  Here every reloaded guest has the host offer, with an offer the
    host's pool made more than a minute before: the case that failed (the renewed offer had
    lost its data channel and ICE never started)."""
    host_page, guest_page = devices(2)
    invite = Invite.new()
    room = page_link.host_room(invite, ice=LAN, relays=[relay], bridge=page_link.PageBridge(PageWindow(host_page)))
    until(lambda: room.state == OPEN, 15, what="the host reaching the relay")
    opened_at = time.monotonic()
    first = page_link.join_room(invite, ice=LAN, relays=[relay], bridge=page_link.PageBridge(PageWindow(guest_page)))
    links = []
    until(lambda: links.extend(room.new_links()) or (links and first.state == OPEN), 15, what="the first join")
    host_id = host_page.evaluate(TRYSTERO_ID)
    time.sleep(max(0.0, OFFER_AGE_S - (time.monotonic() - opened_at)))
    times, failed = [], []
    for attempt in range(6):
        guest_page.reload()
        guest_page.wait_for_function("!!window.g358p2p")
        while guest_page.evaluate(TRYSTERO_ID) < host_id:  # the host offers to this one
            guest_page.reload()
            guest_page.wait_for_function("!!window.g358p2p")
        t0 = time.monotonic()
        again = page_link.join_room(invite, ice=LAN, relays=[relay],
                                    bridge=page_link.PageBridge(PageWindow(guest_page)))
        try:
            until(lambda: links.extend(room.new_links()) or again.state != "connecting", 20, what="joining again")
        except AssertionError:
            pass
        if again.state == OPEN:
            times.append(time.monotonic() - t0)
        else:
            failed.append(f"try {attempt + 1}: {again.state} {again.reason}")
    report("a reloaded guest joining again, room open over a minute", joins=len(times),
           slowest_s=f"{max(times, default=0):.2f}", failed=len(failed))
    assert not failed, failed
    until(lambda: links.extend(room.new_links()) or len(links) == 1 + len(times), 10, what="the host's links")
    room.close()
