"""The channel between the host's device and one guest's: the `Link` interface, and an
in-memory pair of links for tests.

Why polled: the browser runs one async main loop (no threads, no blocking), and the real
links (a WebRTC data channel through a small JS shim in the page, aiortc natively) receive
in their own callbacks.  So a link only queues what arrives, and the host and the guests
take it with `receive()` once a frame; `send()` never waits.  A link is reliable and
ordered while it is open (a data channel is), and once closed it stays closed: coming
back is a new link (a new connection) and a new hello.  Star topology: each guest has one
link, to the host; the host has one per guest.

`MemoryLink` pairs stand in for the network in tests and can delay, drop, duplicate and
reorder messages on purpose (`Faults`), on a clock the test moves (`ManualClock`), so the
protocol's resynchronisation is tested as well as the happy path.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

CONNECTING, OPEN, CLOSED = "connecting", "open", "closed"
MAX_MESSAGE = 65536  # bytes of UTF-8 in one message, on every link (the page's shim and aiortc alike)


def carried(message) -> bool:
    """Whether a data channel carries `message` as it is: at most MAX_MESSAGE bytes, and
    text that has a UTF-8 form (a lone surrogate has none: a page would send U+FFFD in its
    place, aiortc would raise).  Every link sends nothing else (`send` is False)."""
    if isinstance(message, str):
        try:
            message = message.encode("utf-8")
        except UnicodeEncodeError:
            return False
    return len(message) <= MAX_MESSAGE


class Link(Protocol):
    """One end of a duplex message channel (text messages)."""

    @property
    def state(self) -> str:
        """CONNECTING, OPEN or CLOSED."""

    def send(self, text: str) -> bool:
        """Queue `text` for the other end; False (and nothing sent) unless OPEN and the
        link carries it (`carried`)."""

    def receive(self) -> list[str]:
        """Everything that arrived since the last call, oldest first; never waits (what
        was sent before the link closed still comes)."""

    def close(self) -> None:
        """Close both directions; the other end sees CLOSED."""


class ManualClock:
    """Seconds that move only when a test says so."""

    def __init__(self, now: float = 0.0):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class Faults:
    """What the in-memory network does to each message, drawn from its own seeded RNG."""

    delay: tuple[float, float] = (0.0, 0.0)  # seconds, uniform in this range
    drop: float = 0.0  # probability a message is lost
    duplicate: float = 0.0  # probability it arrives twice
    reorder: bool = False  # False: later messages never overtake earlier ones
    seed: int = 0


class MemoryLink:
    """One end of an in-memory pair (`memory_pair`).  `log` keeps every text delivered to
    this end, for tests that scan what a device received."""

    def __init__(self, clock, faults: Faults | None, rng: random.Random):
        self.clock = clock
        self.faults = faults or Faults()
        self.rng = rng
        self.peer: MemoryLink | None = None
        self._state = OPEN
        self._inbox: list[tuple[float, int, str]] = []  # (due, order, text)
        self._order = 0
        self._last_due = 0.0
        self.log: list[str] = []
        self.sent = 0

    @property
    def state(self) -> str:
        return self._state

    def send(self, text: str) -> bool:
        if self._state != OPEN or self.peer is None or not carried(text):
            return False
        self.sent += 1
        self.peer._arrive(text)
        return True

    def _arrive(self, text: str) -> None:
        f, rng = self.faults, self.rng
        if f.drop and rng.random() < f.drop:
            return
        copies = 2 if f.duplicate and rng.random() < f.duplicate else 1
        for _ in range(copies):
            due = self.clock() + rng.uniform(*f.delay)
            if not f.reorder:
                due = max(due, self._last_due)
            self._last_due = max(self._last_due, due)
            self._order += 1
            self._inbox.append((due, self._order, text))

    def receive(self) -> list[str]:
        now = self.clock()
        due = sorted(m for m in self._inbox if m[0] <= now)
        self._inbox = [m for m in self._inbox if m[0] > now]
        texts = [m[2] for m in due]
        self.log.extend(texts)
        return texts

    def close(self) -> None:
        """Closed by one side: both ends closed, what was sent before still arrives (a data
        channel's close sends what it has queued first)."""
        for end in (self, self.peer):
            if end is not None:
                end._state = CLOSED

    def connected(self) -> None:
        """The connection opened (both ends), unless it was closed meanwhile."""
        for end in (self, self.peer):
            if end is not None and end._state == CONNECTING:
                end._state = OPEN

    def cut(self) -> None:
        """The connection is lost: both ends closed, whatever was on the way is lost."""
        self.close()
        for end in (self, self.peer):
            if end is not None:
                end._inbox.clear()


def memory_pair(clock=None, faults: Faults | None = None, back_faults: Faults | None = None,
                connecting: bool = False) -> tuple[MemoryLink, MemoryLink]:
    """(host end, guest end).  `faults` act on messages to the guest, `back_faults` on
    messages to the host (default: the same kind of faults).  `connecting`: both ends
    wait for `connected()`, as a real connection takes a while to open."""
    clock = clock or ManualClock()
    faults = faults or Faults()
    back = back_faults or faults
    host_end = MemoryLink(clock, back, random.Random(back.seed * 2 + 1))
    guest_end = MemoryLink(clock, faults, random.Random(faults.seed * 2))
    host_end.peer, guest_end.peer = guest_end, host_end
    if connecting:
        host_end._state = guest_end._state = CONNECTING
    return host_end, guest_end
