"""Fair dealing's messages, and an in-memory hub that carries them (tests, benchmarks).

Why every message is broadcast: then every device keeps the same transcript, and the
audit at the end of a deal reaches the same verdict on every device.  Nothing broadcast
opens a card to the wrong seat: a card opens only with all three seats' keys for it, and a
seat never sends its own key for a card being opened to it (a card passed in the exchange
is opened blinded, see device.py).  So the host, which relays between guests, learns no
more than it would from the table.

Each message names its game, deal, sender and a per-sender sequence number; a device takes
each sender's messages in order, once, and only for the deal in hand, so a message replayed
from another deal or game, or twice, is refused (and logged), never acted on.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

KINDS = ("shuffle", "lock", "keys", "declare", "reshuffle", "remake", "give", "return", "blind", "unblind", "lapse",
         "discard", "play", "reveal", "breach", "overdue")


@dataclass(frozen=True)
class Msg:
    game: str
    deal: int
    sender: int
    seq: int
    kind: str
    body: dict = field(default_factory=dict)


class MemoryHub:
    """Carries every message to all three devices (the sender too), in one global order."""

    def __init__(self):
        self.devices: list = []
        self.log: list[Msg] = []
        self.queue: deque[Msg] = deque()

    def attach(self, device) -> None:
        self.devices.append(device)

    def send(self, msg: Msg) -> None:
        self.log.append(msg)
        self.queue.append(msg)

    def deliver(self) -> bool:
        """Hands queued messages to every device; True if there were any."""
        moved = bool(self.queue)
        while self.queue:
            msg = self.queue.popleft()
            for d in self.devices:
                d.receive(msg)
        return moved


__all__ = ["KINDS", "Msg", "MemoryHub"]
