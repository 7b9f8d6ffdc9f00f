"""One link seen from one side: the sequence numbers out and in, and when we last sent.

Why: every message carries a sequence number.  The sender numbers its messages 1, 2,
3... on each link; the receiver takes only numbers above the last one it took, so a
repeated or replayed message is refused (host) or ignored (guest).  The host's messages
are numbered without gaps, so a guest that sees a gap knows it missed one and asks for a
fresh state.  A new link (a guest coming back) starts again from 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from .links.transport import OPEN
from .protocol import Message, encode, enveloped


class Peer:
    def __init__(self, link, clock):
        self.link = link
        self.clock = clock
        self.out_seq = 0  # the last number we sent
        self.in_seq = 0  # the last number we took
        self.last_sent = clock()
        self.opened = False  # the link has been open at least once (hello sent on opening)

    @property
    def open(self) -> bool:
        return self.link.state == OPEN

    def send(self, kind: str, body: dict) -> bool:
        return self._send(lambda seq: encode(kind, seq, body))

    def send_written(self, kind: str, body_text: str) -> bool:
        """`send` of a body written once for many links (protocol.encode_body)."""
        return self._send(lambda seq: enveloped(kind, seq, body_text))

    def _send(self, write) -> bool:
        if not self.open:
            return False
        self.out_seq += 1
        self.last_sent = self.clock()
        return self.link.send(write(self.out_seq))

    def fresh(self, msg: Message) -> bool:
        """True (and remembered) when `msg` is numbered above everything taken before."""
        if msg.seq <= self.in_seq:
            return False
        self.in_seq = msg.seq
        return True


class Visitor(Peer):
    """A guest's link on the host's device; `seat` once its hello was accepted, which must
    be within the host's `hello_wait_s` of `came`."""

    def __init__(self, link, clock):
        super().__init__(link, clock)
        self.came = clock()  # when the link was added
        self.seat: int | None = None
        self.last_sync = self.last_quick = float("-inf")


@dataclass
class Person:
    """A guest's seat: the token that gets it back, the link it is on (None: away)."""

    token: str
    link: Visitor | None
    away_since: float | None = None
