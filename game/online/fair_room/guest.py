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

Every secret of the seat, its signing key included, is drawn from one seed (fair/draws.py)
that the guest keeps with its token (`Guest.keep`).  A guest back after a reload (`back`)
builds its seat from that seed and takes the whole transcript the host sends again, its
own earlier messages included (fair/own_messages.py), then plays on.  A kept seed that is
not the seat's (its signing key is not the one in `fair_start`) cannot act for the seat:
the guest is told, and nothing is sent.
"""

from __future__ import annotations

from collections import deque

from game.engine.deal import first_dealer

from .. import shuffle
from ..codec import Bad
from ..fair.backend import default_group
from ..fair.breach import Breach
from ..fair.draws import Draws, handed_on
from ..fair.ops import Batch
from ..guest_table import CarriedTable
from . import wire
from .seat import FairSeat
from .station import WRITTEN_A_STEP, Station

VERIFY_BATCH = 64  # relayed messages whose signatures are checked in one batch
WAITING_MAX = 4096  # host-dealt messages held while this device ends its fair deals (host_deals_on)


class Turn:
    """The host's choice after a late seat (`after_late`: a computer plays the seat, the host
    deals from the next deal, or the match stops), in the one order: it takes effect once
    every fair message before it is taken, the late deal's verdict with them."""

    def __init__(self, body: dict):
        self.body = body


class FairGuestSide(Station):
    def __init__(self, guest, group=None, back: bool = False):
        settings = guest.settings
        super().__init__(group or default_group(), guest.clock, settings.fair_ms, settings.fair_wait_ms, guest.frame_room)
        self.guest = guest
        self.draw_seed = guest.fair_seed  # this seat's secrets for this game, drawn by label (fair/draws.py)
        self.seed = Draws(self.draw_seed).signing_key()  # this game's signing key
        self.public: bytes | None = None
        self.back = back  # rebuilt after a reload: the transcript comes again and is replayed
        self.lost = False  # the kept seed is not this seat's: this device cannot act for it
        self._start_body: dict | None = None  # a `fair_start` that came before the public key was made
        self.replay_left = 0  # back after a reload: fair messages still to come of those sent again
        self.game = self.first_game = guest.nonce.hex()  # (a handover goes on under a new one: take_turn)
        self.seat: FairSeat | None = None
        self.queue: deque = deque()  # (obj, signature, relay) as the host sent them
        self.taken: dict = {}  # (deal, sender) -> the next sequence number to take
        self.early: dict = {}  # (deal, sender, seq) -> item that came before its turn
        self.sent: dict = {}  # (deal, seq) -> (obj, signature) of this seat's messages not yet echoed
        self.sent_at: dict = {}  # (deal, seq) -> when it was sent
        self.start: dict | None = None
        self.stopped = False  # the host stopped the match after a late seat
        self.taken_over = False  # this seat was named late and handed to the host's computer
        self.host_deals = False  # after a late seat the host deals from the next deal: this side is done
        self.waiting: list = []  # meanwhile, what the host sent of the deals it deals, in order (host_deals_on)

    # --- the start -------------------------------------------------------------------------
    def _work(self):
        if self.public is None:
            batch = Batch()
            public = batch.public(self.seed)
            got = yield from self.group.run(batch)
            self.public = got[public]
            self._begin()
            if self.seat is None and not self.lost:  # (back after the start: fair_start names the key already)
                self.guest.peer.send("fair_key", {"key": self.public.hex()})
            yield  # the key sent, or the seat's device made: in the page a step of its own
        if self.seat is None:
            return
        yield from super()._work()

    def take_start(self, body) -> None:
        """The host's `fair_start`: checked, then this seat's device begins (once this
        seat's public key is made)."""
        if self.seat is not None or self.lost:
            return  # a repeat (a sync)
        if self.back:
            self.replay_left = body["follows"]  # the transcript comes next, these many messages
        self._start_body = body
        self._begin()

    def _begin(self) -> None:
        guest, body = self.guest, self._start_body
        if body is None or self.public is None or self.seat is not None or self.lost:
            return
        values, keys, dealer = body["values"], body["keys"], body["dealer"]
        if self.back and keys[guest.seat] != self.public:
            self.lost = True
            guest.cannot_play("the dealing secret this device kept is not this seat's")
            return
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
        self.seat = FairSeat(guest.seat, guest.lobby.rules, dealer, self.first_game, self.group, self.draw_seed, self.public,
                             hint_seed=guest.hint_seed, judge=self.judge, device_class=self.device_class,
                             replaying=self.back, turn_timeout_s=guest.settings.turn_timeout_s, clock=guest.clock)
        self.seat.lobby = guest.lobby
        self.seat.device.timekeeper = self.relayer
        self.seats[guest.seat] = self.seat
        guest.table = self.seat.table

    def take(self, body) -> None:
        """A relayed `fair` message: taken once, in each sender's order."""
        obj = body["m"]
        self.replay_left = max(0, self.replay_left - 1)
        try:
            game, deal, sender, seq, _ = wire.envelope(obj)
        except Bad as exc:
            self.guest.problems.append(("bad", "fair", str(exc)))
            return
        if game != self.game or self.lost or self.done:
            return  # (before the seat is made, kept in order until it is)
        key = (deal, sender)
        if seq < self.taken.get(key, 0) or (deal, sender, seq) in self.early:
            self.guest.ignored["duplicate"] += 1
            return
        self.early[(deal, sender, seq)] = (obj, body["sig"], body["relay"])
        while (deal, sender, self.taken.get(key, 0)) in self.early:
            self.queue.append(self.early.pop((deal, sender, self.taken.get(key, 0))))
            self.taken[key] = self.taken.get(key, 0) + 1

    @property
    def done(self) -> bool:
        """Nothing more is dealt fairly here: the match stopped, this seat was handed to the
        host's computer, or the host deals from now on."""
        return self.stopped or self.taken_over or self.host_deals

    def take_turn(self, body: dict) -> None:
        """The host's `after_late` with a choice that changes the match (a computer plays the
        late seat, the host deals on, or it stops): queued behind the fair messages relayed
        before it.  Under a new game id, the messages relayed after it are that game's, taken
        afresh."""
        self.replay_left = max(0, self.replay_left - 1)
        if body["choice"] == "host" and self.taken_over:  # (this device had stopped dealing for its seat already)
            self.host_deals_on()
            return
        if body["choice"] == "computer":
            if body["game"] is None or body["key"] is None:
                self.guest.problems.append(("after_late", "a handover names no game or key"))
                return
            self.game = body["game"]
            self.taken, self.early, self.sent, self.sent_at = {}, {}, {}, {}
        self.queue.append(Turn(body))

    def _turn(self, body: dict) -> bool:
        """The choice at the head of the queue, once this seat's device has taken every message
        before it and the late deal's verdict is in; False while it has not."""
        seat = self.seat
        device = seat.device
        if device.inbox or len(device.verdicts) <= body["deal"]:
            return False
        self.queue.popleft()
        verdict = device.verdicts[body["deal"]]
        if verdict is None or verdict.seat != body["seat"] or verdict.duty is None:
            self.guest.problems.append(("after_late", f"seat {body['seat']} was not named late in deal {body['deal'] + 1}"))
        if body["choice"] == "stop":
            self.stopped = True
            seat.end_replay()  # (back after a reload: where the game was, then its end)
            seat.stop()
        elif body["choice"] == "host":  # the late deal's end reaches the screens, then the host's deals
            seat.end_replay()
            self.sync()
            self.host_deals_on()
        elif body["seat"] == self.guest.seat:  # this device is no longer trusted for the seat
            self.taken_over = True
            self.seats = {}
            seat.end_replay()  # (back after a reload: the table as it was when the seat was taken)
            self.sync()
            self.watch()
        else:
            self.keys[body["seat"]] = body["key"]
            seat.rebase(body["game"], handed_on(self.draw_seed, body["game"]), device.carried())
        return True

    def hold(self, msg) -> None:
        """A host-dealt message (a state, an update, a finished deal): the host deals on after
        a late seat, and this device takes it once its fair deals have ended (host_deals_on)."""
        if len(self.waiting) < WAITING_MAX:
            self.waiting.append(msg)
        else:
            self.guest.ignored["too_many"] += 1

    def watch(self) -> None:
        """This seat handed to the host's computer, its person may stay and watch: the host
        shows them the seat as its computer plays it, as a host-dealt game's messages
        (fair_room/watch.py), which this Guest takes from now on as a host-dealt guest does,
        its score sheet the fair deals' rows up to the late one, then the computer's deals."""
        self.guest.dealt_from = len(self.seat.deal_records)  # (none of those deals shown yet: none missing)
        self.host_deals_on()

    def host_deals_on(self) -> None:
        """Dealt fairly until a seat was named late, the host deals from the next deal (its
        `after_late`, taken in the one order once this device has the late deal's verdict):
        from now on the Guest is a host-dealt guest, its score sheet the fair deals' records
        (audited here), then the host's deals (each checked as in a host-dealt game).  What the
        host sent of those meanwhile is taken now, in order."""
        guest, seat = self.guest, self.seat
        self.host_deals = True
        guest.fair, guest.fair_before = None, self
        guest.deal_records = dict(seat.deal_records) if seat is not None else {}
        guest._checked = set(guest.deal_records)
        guest.table = CarriedTable(guest, seat.table if seat is not None else None)
        waiting, self.waiting = self.waiting, []
        for msg in waiting:
            guest._handle(msg)

    # --- the frame --------------------------------------------------------------------------
    def may_work(self) -> bool:
        return not self.done

    def poll(self) -> None:
        self.polled()
        self._resend()
        seat = self.seat
        if seat is not None and seat.replaying and not self.replay_left and self._job is None and not self.queue \
                and not seat.device.inbox:
            seat.end_replay()  # back after a reload: everything sent again is taken
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
        if self.done:
            return
        now = self.clock()
        if self.seat is not None:  # a deal over here (a deadline's verdict ended it) takes nothing more
            current = self.seat.device.d.number
            for key in [key for key in self.sent_at if key[0] < current]:
                self.sent.pop(key, None)
                self.sent_at.pop(key)
        for key, at in list(self.sent_at.items()):
            if now - at >= self.guest.settings.resend_s and key in self.sent:
                obj, sig = self.sent[key]
                self.guest.peer.send("fair", {"m": obj, "sig": sig.hex()})
                self.sent_at[key] = now

    def _dispatch(self, seat, msg, obj: dict, signature: bytes):
        yield from ()  # a generator as the host's is (its relay pauses); one send here needs none
        if msg.game != self.game:
            return  # made under the game id a handover has since voided
        if msg.seq < self.taken.get((msg.deal, msg.sender), 0):
            return  # already in the one order: sent before a reload, back in the transcript
        key = (msg.deal, msg.seq)
        self.sent[key], self.sent_at[key] = (obj, signature), self.clock()
        self.guest.peer.send("fair", {"m": obj, "sig": signature.hex()})

    def _incoming(self):
        if not self.queue or self.seat is None or self.done:
            return False
        if isinstance(self.queue[0], Turn):
            return self._turn(self.queue[0].body)
        # (a whole match sent again after a reload is checked a batch at a time, not in one call)
        items = []
        while self.queue and len(items) < VERIFY_BATCH and not isinstance(self.queue[0], Turn):
            items.append(self.queue.popleft())
        me = self.guest.seat
        batch = Batch()
        checks = []
        for n, (obj, sig, _relay) in enumerate(items):
            if n and n % WRITTEN_A_STEP == 0:
                yield  # (each message written out again to be checked: a whole deal's was a 43 ms step at 4x)
            sender = obj["sender"]
            if sender == me:
                mine = self.sent.get((obj["deal"], obj["seq"]))
                same = mine is not None and mine[0] == obj and mine[1] == sig
                checks.append(None if same else batch.verify(self.keys[sender], wire.signed_bytes(obj), sig))
            else:
                checks.append(batch.verify(self.keys[sender], wire.signed_bytes(obj), sig))
        got = (yield from self.group.run(batch)) if len(batch) else None
        again: set = set()  # (deal, sender) whose messages are taken again from a resend
        for n, ((obj, sig, relay), check) in enumerate(zip(items, checks)):
            if n:
                yield  # (each read again for the device, a step of its own: four decks were 49 ms at 4x)
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
        if again:  # the rest of those senders' messages come again after this one
            self.queue = deque(item for item in self.queue
                               if isinstance(item, Turn) or (item[0]["deal"], item[0]["sender"]) not in again)
        return True

    def _deliver(self, obj: dict) -> None:
        self.seat.device.receive(wire.from_json(obj))

    def _forged(self, obj: dict, sig: bytes, relay: bytes | None):
        """A message its sender did not sign: the host's breach if the host countersigned it."""
        proven = False
        if relay is not None:
            batch = Batch()
            ok = batch.verify(self.keys[self.relayer], wire.relay_bytes(obj, sig), relay)
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
