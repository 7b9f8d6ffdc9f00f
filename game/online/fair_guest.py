"""A guest's side of a fairly dealt online game: its seat's device, its signing key, and the
checks it makes of what the host relays.

What a guest checks: `fair_start` (the shuffle's values open their commitments, the seed
they give picks the dealer named, its own key is the one it sent); every relayed message's
signature by its sender's key; and its own messages as they come back (the host echoes each
into the one order), byte for byte.  A relayed message that its sender did not sign but the
host countersigned is the host's breach, and this device stops the deal with that message
as evidence, which every device checks alike (Station.judge).  A message with no good
signature at all proves nothing against anyone (only the host's link could have carried
it): it is not taken, it is counted in `Guest.problems`, and the guest asks for the state
again.  The guest's screens read the seat through the Guest itself (view, updates, act,
table): `sync` copies them over each frame.
"""

from __future__ import annotations

from collections import deque

from game.engine.deal import first_dealer

from . import fair_wire, shuffle
from .codec import Bad
from .fair.backend import default_group
from .fair.breach import Breach
from .fair.ops import Batch
from .fair_seat import FairSeat
from .fair_station import Station


class FairGuestSide(Station):
    def __init__(self, guest, group=None):
        settings = guest.settings
        super().__init__(group or default_group(), guest.clock, settings.fair_ms, settings.reveal_wait_s,
                         settings.fair_wait_ms)
        self.guest = guest
        self.seed = guest.entropy(32)  # this game's signing key (a new one each game)
        self.public: bytes | None = None
        self.game = guest.nonce.hex()
        self.seat: FairSeat | None = None
        self.queue: deque = deque()  # (obj, signature, relay) as the host sent them
        self.taken: dict = {}  # (deal, sender) -> the next sequence number to take
        self.early: dict = {}  # (deal, sender, seq) -> item that came before its turn
        self.sent: dict = {}  # (deal, seq) -> (obj, signature) of this seat's messages not yet echoed
        self.sent_at: dict = {}  # (deal, seq) -> when it was sent
        self.start: dict | None = None

    # --- the start -------------------------------------------------------------------------
    def _work(self):
        if self.public is None:
            batch = Batch()
            public = batch.public(self.seed)
            got = yield from self.group.run(batch)
            self.public = got[public]
            self.guest.peer.send("fair_key", {"key": self.public.hex()})
        if self.seat is None:
            return
        yield from super()._work()

    def take_start(self, body) -> None:
        """The host's `fair_start`: checked, then this seat's device begins."""
        guest = self.guest
        if self.seat is not None or self.public is None:
            return  # a repeat (a sync); or too early: asked again by a sync later
        values, keys, dealer = body["values"], body["keys"], body["dealer"]
        problems = guest.problems
        commitments = guest.commitments or (None, None, None)
        for s in range(3):
            if values[s] is not None and not shuffle.opens(commitments[s], guest.nonce, s, values[s]):
                problems.append(("changed", f"seat {s}'s value does not open its commitment"))
        if guest.revealed and values[guest.seat] != guest.value:
            problems.append(("changed", "this seat's value"))
        if dealer != first_dealer(shuffle.match_seed(guest.nonce, values)):
            problems.append(("changed", "the first dealer is not the one the values pick"))
        if keys[guest.seat] != self.public:
            problems.append(("changed", "this seat's signing key"))
        self.keys = list(keys)
        self.relayer = guest.lobby.host_seat
        self.start = body
        self.seat = FairSeat(guest.seat, guest.lobby.rules, dealer, self.game, self.group, self.seed, self.public,
                             hint_seed=guest.hint_seed, judge=self.judge, device_class=self.device_class)
        self.seat.lobby = guest.lobby
        self.seats[guest.seat] = self.seat
        guest.table = self.seat.table

    def take(self, body) -> None:
        """A relayed `fair` message: taken once, in each sender's order."""
        obj = body["m"]
        try:
            game, deal, sender, seq, _ = fair_wire.envelope(obj)
        except Bad as exc:
            self.guest.problems.append(("bad", "fair", str(exc)))
            return
        if game != self.game or self.seat is None:
            return
        key = (deal, sender)
        if seq < self.taken.get(key, 0) or (deal, sender, seq) in self.early:
            self.guest.ignored["duplicate"] += 1
            return
        self.early[(deal, sender, seq)] = (obj, body["sig"], body["relay"])
        while (deal, sender, self.taken.get(key, 0)) in self.early:
            self.queue.append(self.early.pop((deal, sender, self.taken.get(key, 0))))
            self.taken[key] = self.taken.get(key, 0) + 1

    # --- the frame --------------------------------------------------------------------------
    def poll(self) -> None:
        self.work()
        self._resend()
        self.sync()

    def sync(self) -> None:
        """The seat's updates and view, where the guest's screens read them."""
        seat, guest = self.seat, self.guest
        if seat is None:
            return
        seat.lobby = guest.lobby
        updates = seat.take_updates()
        if updates:
            guest.updates.extend(updates)
            guest.view, guest.at = seat.view, seat.at
            guest.stage = seat.stage
        guest.inbox.extend(seat.take_inbox())

    def _resend(self) -> None:
        now = self.clock()
        for key, at in list(self.sent_at.items()):
            if now - at >= self.guest.settings.resend_s and key in self.sent:
                obj, sig = self.sent[key]
                self.guest.peer.send("fair", {"m": obj, "sig": sig.hex()})
                self.sent_at[key] = now

    def _dispatch(self, seat, msg, obj: dict, signature: bytes) -> None:
        key = (msg.deal, msg.seq)
        self.sent[key], self.sent_at[key] = (obj, signature), self.clock()
        self.guest.peer.send("fair", {"m": obj, "sig": signature.hex()})

    def _incoming(self):
        if not self.queue:
            return False
        items = list(self.queue)
        self.queue.clear()
        me = self.guest.seat
        batch = Batch()
        checks = []
        for obj, sig, _relay in items:
            sender = obj["sender"]
            if sender == me:
                mine = self.sent.get((obj["deal"], obj["seq"]))
                same = mine is not None and mine[0] == obj and mine[1] == sig
                checks.append(None if same else batch.verify(self.keys[sender], fair_wire.signed_bytes(obj), sig))
            else:
                checks.append(batch.verify(self.keys[sender], fair_wire.signed_bytes(obj), sig))
        got = (yield from self.group.run(batch)) if len(batch) else None
        again: set = set()  # (deal, sender) whose messages are taken again from a resend
        for (obj, sig, relay), check in zip(items, checks):
            key = (obj["deal"], obj["sender"])
            if key in again:
                continue
            if check is None or got.values[check.index]:
                if obj["sender"] == me:
                    self.sent.pop((obj["deal"], obj["seq"]), None)
                    self.sent_at.pop((obj["deal"], obj["seq"]), None)
                self._deliver(obj)
            elif not (yield from self._forged(obj, sig, relay)):
                self.taken[key] = min(self.taken.get(key, 0), obj["seq"])
                again.add(key)
        return True

    def _deliver(self, obj: dict) -> None:
        self.seat.device.receive(fair_wire.from_json(obj))

    def _forged(self, obj: dict, sig: bytes, relay: bytes | None):
        """A message its sender did not sign: the host's breach if the host countersigned it."""
        proven = False
        if relay is not None:
            batch = Batch()
            ok = batch.verify(self.keys[self.relayer], fair_wire.relay_bytes(obj, sig), relay)
            got = yield from self.group.run(batch)
            proven = bool(got.values[ok.index])
        if not proven:
            self.guest.problems.append(("bad_signature", obj["sender"], obj["kind"]))
            self.guest._ask_sync()
            return False
        trick = len(self.seat.tracker.tricks) if self.seat.tracker.phase == "play" else None
        evidence = {"m": obj, "sig": sig.hex(), "relay": relay.hex()}
        self.seat.device.accuse(Breach(self.relayer, f"relayed a message that seat {obj['sender']} did not sign",
                                       trick), evidence)
        return True


__all__ = ["FairGuestSide"]
