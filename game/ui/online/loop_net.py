"""In-memory links with the real links' screens-facing interface (game/ui/online/net.py):
two Apps in one process meet in a room by its invitation's id, or by codes, as people's
devices would.  For the tests and the layout check only: the web build leaves this module
out (tools/web/build.py SKIP_PATHS), the page never makes such links.
"""

from __future__ import annotations

import time

from ...online.links import reasons
from ...online.links.transport import CLOSED, CONNECTING, OPEN, memory_pair


class LoopLink:
    """A link of `LoopNet` (the `Link` interface and the real links' extras)."""

    def __init__(self, end=None, wait_s: float = 15.0, clock=time.monotonic, again=None):
        self.end = end
        self.clock = clock
        self.started = clock()
        self.wait_s = wait_s
        self.reason: str | None = None
        self.code = ""
        self.code_error: str | None = None
        self.connect_s: float | None = None
        self._again = again
        self._closed = False
        self._accept = None  # the offering side: what accept() does with a code

    @property
    def state(self) -> str:
        if self._closed:
            return CLOSED
        if self.end is None:
            if self.clock() - self.started >= self.wait_s:
                self._end(self.reason or reasons.TIMEOUT)
                return CLOSED
            return CONNECTING
        state = self.end.state
        if state == CLOSED and self.reason is None:
            self.reason = reasons.CLOSED
        if state == OPEN and self.connect_s is None:
            self.connect_s = self.clock() - self.started
        return state

    def _end(self, reason: str) -> None:
        self._closed = True
        self.reason = self.reason or reason

    def send(self, text: str) -> bool:
        return self.state == OPEN and self.end.send(text)

    def receive(self) -> list[str]:
        return self.end.receive() if self.end is not None else []

    def close(self) -> None:
        if self.end is not None:
            self.end.close()
        self._end(reasons.CLOSED_HERE)

    def cut(self) -> None:
        """Tests: the connection is lost (both ends closed, nothing on the way arrives)."""
        if self.end is not None:
            self.end.cut()

    def accept(self, answer_code: str) -> str | None:
        if self._accept is None:
            return "not_waiting"
        return self._accept(answer_code)

    def retry(self):
        return self._again() if self._again else None


class LoopRoom:
    def __init__(self):
        self.state = OPEN
        self.reason = None
        self.fresh: list = []

    def new_links(self) -> list:
        got, self.fresh = self.fresh, []
        return got

    def close(self) -> None:
        self.state = CLOSED


class LoopNet:
    """Rooms and codes between Apps of one process: a room is found by its invitation's
    room id, a code by its text.  `rooms=False` makes it behave like the native window."""

    def __init__(self, rooms: bool = True, clock=time.monotonic, wait_s: float = 15.0, page: str = "https://example.org/358/"):
        self.rooms = rooms
        self.clock = clock
        self.wait_s = wait_s
        self.address = page
        self.open_rooms: dict[str, LoopRoom] = {}
        self.offers: dict[str, LoopLink] = {}
        self.answers: dict[str, tuple] = {}
        self.links: list[LoopLink] = []  # every link made, for tests that cut one
        self.refuse: str | None = None  # tests: the reason every new link fails with

    def problem(self) -> str | None:
        return None

    def page(self) -> str:
        return self.address

    def host_room(self, invite, ice):
        room = self.open_rooms[invite.room] = LoopRoom()
        return room

    def join_room(self, invite, ice):
        room = self.open_rooms.get(invite.room)

        def again():
            return self.join_room(invite, ice)

        if self.refuse or room is None or room.state == CLOSED:
            link = LoopLink(None, self.wait_s, self.clock, again)
            link.reason = self.refuse or reasons.NO_HOST
            self.links.append(link)
            return link
        host_end, guest_end = memory_pair()
        room.fresh.append(self._made(LoopLink(host_end, self.wait_s, self.clock)))
        return self._made(LoopLink(guest_end, self.wait_s, self.clock, again))

    def _made(self, link: LoopLink) -> LoopLink:
        self.links.append(link)
        return link

    def offer(self, ice):
        link = self._made(LoopLink(None, 3600.0, self.clock))
        link.code = f"o1.loop{len(self.offers) + 1:04d}"
        self.offers[link.code] = link

        def accept(code):
            pair = self.answers.pop(code.strip(), None)
            if pair is None:
                link.code_error = reasons.BAD_CODE
                return reasons.BAD_CODE
            host_end, guest_link = pair
            link.end, link.started = host_end, self.clock()
            guest_link.end = guest_link._pending
            return None

        link._accept = accept
        return link

    def answer(self, code, ice):
        offer = self.offers.pop((code or "").strip(), None)
        link = self._made(LoopLink(None, 180.0, self.clock))
        if offer is None:
            link._end(reasons.BAD_CODE)
            return link
        host_end, guest_end = memory_pair()
        link._pending = guest_end
        link.code = f"a1.loop{len(self.answers) + 1:04d}"
        self.answers[link.code] = (host_end, link)
        return link
