"""A browser link asks the page's shim for its news at most once a frame, however often the
host reads its state in it, a room a few times a second, and neither misses what came after."""

from __future__ import annotations

import json
import re

from game.online.links import page as page_link
from game.online.links.transport import CLOSED, OPEN


class ShimWindow:
    """A page whose shim has one link "L1" and one room "R1": counts the calls by name."""

    def __init__(self):
        self.calls: dict[str, int] = {}
        self.inbox: list[str] = []
        self.state = OPEN
        self.fresh: list[str] = []

    def eval(self, script: str) -> str:
        name = re.search(r"g358p2p\.(\w+)\(", script).group(1)
        self.calls[name] = self.calls.get(name, 0) + 1
        if name == "poll":
            got, self.inbox = self.inbox, []
            return json.dumps({"state": self.state, "inbox": got})
        if name == "pollRoom":
            got, self.fresh = self.fresh, []
            return json.dumps({"state": OPEN, "links": got})
        return "1"


def test_many_reads_in_one_frame_ask_the_shim_once_and_the_next_frame_asks_again(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(page_link, "clock", lambda: now[0])
    window = ShimWindow()
    bridge = page_link.PageBridge(window)
    link = page_link.PageLink(bridge, "L1")
    for _ in range(8):
        assert link.state == OPEN
    assert window.calls["poll"] == 1
    window.inbox.append("hello")  # arrives between frames
    assert link.receive() == []  # (the same frame: the shim could not have changed yet)
    now[0] += page_link.PULL_GAP_S
    assert link.receive() == ["hello"]
    assert window.calls["poll"] == 2
    window.state = CLOSED
    now[0] += page_link.PULL_GAP_S
    assert link.state == CLOSED
    assert link.reason


def test_a_room_asks_for_new_guests_a_few_times_a_second_and_hands_each_out_once(monkeypatch):
    now = [5.0]
    monkeypatch.setattr(page_link, "clock", lambda: now[0])
    window = ShimWindow()
    room = page_link.PageRoom(page_link.PageBridge(window), "R1")
    window.fresh = ["L7"]
    assert room.state == OPEN
    assert [link.id for link in room.new_links()] == ["L7"]
    assert room.new_links() == []
    assert window.calls["pollRoom"] == 1
    window.fresh = ["L8"]
    now[0] += page_link.PULL_GAP_S  # a frame later: a guest is not awaited every frame
    assert room.new_links() == []
    now[0] += page_link.ROOM_GAP_S
    assert [link.id for link in room.new_links()] == ["L8"]
    assert window.calls["pollRoom"] == 2


def test_a_clock_that_goes_back_does_not_stop_the_news(monkeypatch):
    now = [50.0]
    monkeypatch.setattr(page_link, "clock", lambda: now[0])
    window = ShimWindow()
    link = page_link.PageLink(page_link.PageBridge(window), "L1")
    assert link.receive() == []
    window.inbox.append("late")
    now[0] -= 10.0
    assert link.receive() == ["late"]
