"""After a guest's seat is named late in a fairly dealt game, the host's person chooses how the
match goes on, and every screen is told (the choice being made, then what was chosen):

- `wait`: on as before, the seat still that person's (named again if it stalls again);
- `computer`: from the next deal the host's computer plays the seat, its dealing secrets held
  by the host's device, the late device no longer trusted for it (fair_room/host.py,
  `hand_over`: the match goes on under a new game id that every device takes in the one
  order, after the late deal's verdict, with the seat's new key), the scores carried on;
- `host`: the late person keeps the seat and plays on, but from the next deal the host deals,
  as in a host-dealt game (referee.py): the fair room ends where it is, the lobby says the
  host deals, and the referee's `Match` starts at the next deal from the position every fair
  device carried (FairDevice.carried), its cards shuffled from a new seed of the host's.  A
  slow phone that cannot keep up with fair dealing is the likelier cause of lateness, and a
  host-dealt game asks nothing of it but its own moves;
- `stop`: the match ends there, scored as far as it was played.

Why the host alone decides: it keeps the room (the deadlines, the relay) as it keeps the
lobby; a guest has no message that chooses (protocol.py takes `after_late` from the host
only), and a guest that is not the late one may leave at any moment, as always.

While the host's person chooses, the fair room rests (no work, no relay, no deadline), so
nothing of the next deal is begun that a handover would void.  The choice first focused, and
taken when `after_late_wait_s` passes with none made: `wait` when the late person is still
connected (a slow phone is the likelier cause), else `computer` (they are gone: the others
play on).  The host leaving while choosing ends the fairly dealt game as the host's leaving
always does (nothing of it is kept).
"""

from __future__ import annotations

from ..lobby import HOST_DEALS, OVER
from ..protocol import AFTER_LATE
from .referee import CarriedSeat

WAIT, COMPUTER, HOST, STOP = AFTER_LATE
SEED_BYTES = 8  # the engine's seeds are below 2**64


class AfterLate:
    def __init__(self, host):
        self.host = host
        self.seat: int | None = None  # the seat named late, while its fate is chosen (None: nothing to choose)
        self.deal: int | None = None
        self.since: float | None = None
        self.chosen: list[tuple] = []  # (deal, seat, choice) in order

    @property
    def choosing(self) -> bool:
        return self.seat is not None

    def named(self, deal: int, seat: int) -> None:
        """The host's device took a deal's end naming `seat` late: the room rests, and every
        screen is told the host is choosing (not after the last deal: the match is over)."""
        host = self.host
        if self.choosing or host.fair is None or deal + 1 >= host.lobby.rules.deals or seat in host.fair.seats:
            return
        self.seat, self.deal, self.since = seat, deal, host.clock()
        host.fair.paused = True
        self._tell(None)

    def default(self) -> str:
        """What a card player expects first: wait for a person still connected, else a computer."""
        person = self.host.people.get(self.seat)
        return WAIT if person is not None and person.link is not None else COMPUTER

    def body(self, choice: str | None) -> dict:
        return {"seat": self.seat, "deal": self.deal, "choice": choice, "game": None, "key": None}

    def choose(self, choice: str) -> str | None:
        """The host's person's choice; None when taken, else why not."""
        host = self.host
        if not self.choosing:
            return "nothing to choose"
        if choice not in AFTER_LATE:
            return f"no choice {choice!r}"
        seat, deal = self.seat, self.deal
        self.chosen.append((deal, seat, choice))
        if choice == WAIT:
            host.fair.go_on()
            self._tell(WAIT)
        elif choice == STOP:
            body = self.body(STOP)
            host.fair.stop(body)
            host.stage = OVER
            host.inbox.append(("after_late", seat, deal, STOP))
        elif choice == HOST:
            self._host_deals(self.body(HOST))
        else:  # told once the seat's new key is made (fair_room/host.py)
            host.fair.hand_over(seat)
        self.seat = self.deal = self.since = None
        return None

    def _host_deals(self, body: dict) -> None:
        """From the next deal the host deals.  The host's device has the late deal's verdict
        (the choice was asked after it), so the fair room ends there: every guest is told in
        the one order, after every fair message (each takes it once its own device has that
        verdict), then sent the room, now host-dealt, and its seat's state in the new deal."""
        host = self.host
        fair = host.fair
        mirror = fair.mirror
        position = mirror.device.carried()
        fair.end(body)
        host.fair, host.fair_past = None, fair
        host.lobby = host.lobby.with_dealing(HOST_DEALS)
        seed = int.from_bytes(host.entropy(SEED_BYTES), "big")
        host.referee.take_up(host.lobby.rules, position, seed, mirror.deal_records)
        host.referee.carried = CarriedSeat(host, mirror.table)
        host.inbox.append(("after_late", body["seat"], body["deal"], HOST))
        host._send_lobby()
        for v in host._seated():
            host._snapshot(v)

    def poll(self, now: float) -> None:
        """The choice not made in time: the default is taken."""
        if self.choosing and now - self.since >= self.host.settings.after_late_wait_s:
            self.choose(self.default())

    def catch_up(self, v) -> None:
        """A guest back (or one that missed a message) while the host chooses is told so."""
        if self.choosing:
            v.send("after_late", self.body(None))

    def _tell(self, choice: str | None) -> None:
        self.host._broadcast("after_late", self.body(choice))
        self.host.inbox.append(("after_late", self.seat, self.deal, choice))


__all__ = ["AfterLate", "WAIT", "COMPUTER", "HOST", "STOP"]
