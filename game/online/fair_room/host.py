"""The host's side of a fairly dealt online game: the relay and sequencer of every fair-deal
message, and the devices of the seats the host plays (its own, and each computer seat).

Why the host relays: guests have a link to the host only (a star), so the host hands every
message to everyone, in one order, which it fixes: the order in which it takes them.  Every
device then keeps the same transcript, and every audit reaches the same verdict.  The host
decides nothing else: it holds no Match and no hand but its own and its computers', and
every device checks every action with its own tracker.

What the host checks before it relays a guest's message: that it is of this game and from
that guest's own seat (else `forged`), in the guest's order (a resend is dropped, an early
one held), of the deal in hand here or the next, a few at a time (else refused: a guest
could otherwise make the host keep gigabytes; docs/ONLINE.md, "Refusals"), and signed
with the guest's key (else `bad_signature`: refused, never relayed, and not held against
the guest: only the guest's link could have sent it, and the others could not check that
claim).  It countersigns what it relays (wire.relay_bytes), so that a relayed
message its sender did not sign is proof against the host.

The start: the fair shuffle's commit-reveal (shuffle.py) runs as in a host-dealt game, and
the seed it gives picks who deals first (no device chooses it); with it the host sends
`fair_start` (the values, so every guest checks that seed, and every seat's public signing
key).  Each guest sent its key (`fair_key`) with its commitment; a seat whose person never
sent one (gone before the start) is played by the host's computer, as a computer seat.

A guest back after a reload is sent the start and every fair message of the match again
(`catch_up`), the finished deals' too (kept in `past`: every card of a finished deal was
shown to every device at its end), and replays them with its kept seed (guest.py).
While a guest is away nothing can act for its seat (no other device holds its secrets):
the room waits for it, and everyone is told it is away.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace

from game.engine.deal import first_dealer

from ..codec import Bad
from ..fair.backend import default_group
from ..fair.draws import Draws, handed_on
from ..fair.dues import TURN, owed
from ..fair.ops import Batch
from ..lobby import GUEST, OVER
from . import wire
from .seat import FairSeat
from .station import WRITTEN_A_STEP, Station
from .watch import Watch

DECKS = ("shuffle", "lock")  # the kinds of a deal's decks, which are shuffled a deal ahead
GAME_BYTES = 16  # a game id (a match's nonce, or a new one when a seat is handed over)


class FairRoom(Station):
    def __init__(self, host, group=None):
        settings = host.settings
        super().__init__(group or default_group(), host.clock, settings.fair_ms, settings.fair_wait_ms, host.frame_room)
        self.host = host
        self.game = host.nonce.hex()
        self.draw_seeds: dict[int, bytes] = {}  # seat -> the seed of its secrets (fair/draws.py), for the seats played here
        self.seeds: dict[int, bytes] = {}  # seat -> signing key seed, for the seats this device plays
        self.guest_keys: dict[int, bytes] = {}  # guests' public keys, as they sent them
        self.log: list[dict] = []  # the fair messages relayed, in order, of the deals not yet over here
        self.past: list[dict] = []  # those of the deals over (for a guest back after a reload: it replays them)
        self.queue: deque = deque()  # (visitor, obj, signature) to verify and relay
        self.expected: dict = {}  # (deal, sender) -> the next sequence number taken
        self.held: dict = {}  # (deal, sender, seq) -> (visitor, obj, signature) that came early
        self.seed: int | None = None  # the fair shuffle's seed, once every value is in
        self.started = False
        self.begun_at: float | None = None
        self.start_body: dict | None = None
        self.owed_since: dict = {}  # (deal, seat, duty, mark) -> when this device first saw it owed (fair/dues.py)
        # after a seat was named late, while the host's person chooses how the match goes on
        # (host/after_late.py): no work, no relay, no deadline; then on, stopped, or handed over
        self.paused = False
        self.stopped = False
        self._handing: int | None = None  # the seat being handed to the host's computer (its key is being made)
        self.void_games: set[str] = set()  # game ids a handover left behind
        self.watches: dict[int, Watch] = {}  # seat -> its late person, shown the computer that took it (watch.py)

    @property
    def mirror(self) -> FairSeat | None:
        """The host's own seat, read by the host's screens as a guest's are (seat.py)."""
        return self.seats.get(self.host.seat)

    # --- the start -------------------------------------------------------------------------
    def take_key(self, seat: int, key: bytes):
        known = self.guest_keys.get(seat)
        if known is not None:
            return None if known == key else ("changed", "a signing key is given once")
        if self.started:
            return ("unexpected", "the game has begun")
        self.guest_keys[seat] = key
        return None

    def begin(self, seed: int) -> None:
        """Every value of the fair shuffle is in (or awaited long enough)."""
        self.seed, self.begun_at = seed, self.clock()

    def _start_steps(self):
        """Once the seed is known and every present guest's key is in (or the wait is
        over): the keys of the seats this device plays, the seats, `fair_start`."""
        host = self.host
        guests = [s for s in range(3) if host.lobby.seats[s].kind == GUEST]
        waiting = [s for s in guests if s not in self.guest_keys and host.people[s].link is not None]
        if waiting and self.clock() - self.begun_at < host.settings.shuffle_wait_s:
            return False
        played_here = [s for s in range(3) if s not in self.guest_keys]
        for s in played_here:
            self.draw_seeds[s] = host.entropy(32)
            self.seeds[s] = Draws(self.draw_seeds[s]).signing_key()
        batch = Batch()
        publics = {s: batch.public(self.seeds[s]) for s in played_here}
        got = yield from self.group.run(batch)
        yield  # (the seats' devices are made next: in the page a step of its own)
        self.keys = [self.guest_keys[s] if s in self.guest_keys else got[publics[s]] for s in range(3)]
        self.relayer = host.seat
        dealer = first_dealer(self.seed)
        for s in played_here:
            if host.lobby.seats[s].kind == GUEST:  # a guest who never sent a key: a computer plays the seat
                host.lobby = host.lobby.seated(s, replace(host.lobby.seats[s], held=True))
                host._notice("computer", s)
                host._send_lobby()
            player = self._player(s) if s != host.seat else None
            seat = FairSeat(s, host.lobby.rules, dealer, self.game, self.group, self.draw_seeds[s], self.keys[s],
                            hint_seed=int.from_bytes(host.entropy(4), "big") >> 1, player=player,
                            think_ms=host.settings.think_ms, judge=self.judge, device_class=self.device_class,
                            turn_timeout_s=host.settings.turn_timeout_s, clock=host.clock)
            seat.lobby = host.lobby
            seat.device.timekeeper = host.seat
            self.seats[s] = seat
        self.start_body = {"values": host._published_values(), "keys": [k.hex() for k in self.keys], "dealer": dealer}
        host._broadcast("fair_start", {**self.start_body, "follows": 0})
        self.started = True
        return True

    def _player(self, seat: int):
        from game.ai import make_player  # the search players load only when a computer plays

        player = make_player(self.host.lobby.strength, seed=int.from_bytes(self.host.entropy(4), "big") >> 1)
        player.meet(self.host.lobby.table())
        return player

    def _work(self):
        if self._handing is not None:
            yield from self._hand_over_steps(self._handing)
            return
        if not self.started:
            if self.seed is None or not (yield from self._start_steps()):
                return
            yield  # the seats made and fair_start sent: the deal's work from the next step
        yield from super()._work()

    # --- the frame --------------------------------------------------------------------------
    def may_work(self) -> bool:
        return not self.stopped and (not self.paused or self._handing is not None)

    def poll(self) -> None:
        self._show_the_taken()
        if self.stopped:
            return
        self.polled()
        if self.paused:
            return
        self._deadlines()
        self._forget_finished()
        mirror = self.mirror
        host = self.host
        if mirror is not None:
            told = mirror.take_inbox()
            host.inbox += told  # a breach named: the host's screens say so, as a guest's do
            for item in told:
                if item[0] == "late":  # the host's person chooses how the match goes on
                    host.after_late.named(item[1], item[2])
            mirror.lobby = host.lobby
            for seat in self.seats.values():
                seat.lobby = host.lobby
            if mirror.stage == OVER and host.stage != OVER:
                host.stage = OVER

    def _deadlines(self) -> None:
        """Every frame, whatever the work under way: a guest's seat that has owed the deal the
        same thing (fair/dues.py) for longer than its allowance is named late, in the one order,
        so every device ends the deal alike.  The clock of a duty starts when this device first
        sees it owed and does not start again while the seat is away or sends anything else:
        only doing the duty (or the deal's end) stops it."""
        mirror = self.mirror
        if mirror is None:
            return
        now, device = self.clock(), mirror.device
        live = set()
        for seat, (duty, mark) in owed(device).items():
            if seat in self.seats:
                continue  # this device's own seats do their duties here
            key = (device.d.number, seat, duty, mark)
            live.add(key)
            since = self.owed_since.setdefault(key, now)
            allowed = self.allowance(duty)
            if allowed is not None and now - since >= allowed:
                device.name_overdue(seat, duty)
                break
        self.owed_since = {key: since for key, since in self.owed_since.items() if key in live}

    def allowance(self, duty: str) -> float | None:
        """How long a seat may owe `duty`: a device's own work `duty_wait_s`; a person's turn
        the host's turn timeout more (the guest's device plays the turn for its person after
        that: seat.py), or no limit when the host sets none."""
        settings = self.host.settings
        if duty != TURN:
            return settings.duty_wait_s
        return None if settings.turn_timeout_s is None else settings.turn_timeout_s + settings.duty_wait_s

    def act(self, action) -> str | None:
        mirror = self.mirror
        return "the game is not being played" if mirror is None else mirror.act(action)

    # --- after a seat was named late: the host's choice (host/after_late.py) -------------------------
    def go_on(self) -> None:
        """On as before: the late seat's person keeps it; every deadline starts again."""
        self.paused = False
        self.owed_since = {}

    def stop(self, body: dict) -> None:
        """The match ends where it is, on every device once it has the late deal's verdict."""
        for seat in self.seats.values():
            seat.stop()
        self.end(body)

    def end(self, body: dict) -> None:
        """No more fair dealing (the match stops, or the host deals from the next deal): no
        relay, no deadline, no work; the choice told in the one order, after every message
        relayed, and kept with them (a guest back after a reload replays the fair deals from
        them and takes the choice where it was made)."""
        self._show_the_taken()  # (the last fair deal's end, before the choice)
        self.stopped = True
        self.queue.clear()
        self.held = {}
        self._forget_finished()
        self.past += self.log + [{"after_late": body}]
        self.log = []
        self.host._broadcast("after_late", body)

    def hand_over(self, seat: int) -> None:
        """From the next deal the host's computer plays `seat` (a guest's, named late): once its
        new signing key is made (`_hand_over_steps`)."""
        self._handing = seat
        self._job = None  # the old devices' work under way is void: begun under the old game id
        self._keeper.reset()

    def _hand_over_steps(self, seat: int):
        """The seat's new secrets and key, the match's new game id, every seat played here taken
        up at the next deal under it, and the handover announced (`after_late`): every device
        takes it in the one order, after the late deal's verdict, and from then on knows the
        seat's messages by the new key.  What any device sent under the old id of the deals
        after the late one is void (its decks shuffled ahead included): they are dealt again."""
        host = self.host
        game = host.entropy(GAME_BYTES).hex()
        seed = host.entropy(32)
        signing = Draws(seed).signing_key()
        batch = Batch()
        ref = batch.public(signing)
        got = yield from self.group.run(batch)
        public = got[ref]
        mirror = self.mirror
        carried = mirror.device.carried()
        for s, fair_seat in self.seats.items():
            fair_seat.rebase(game, handed_on(self.draw_seeds[s], game), {**carried, "between": fair_seat.tracker.between})
            if fair_seat is not mirror:  # (a computer seat's device may not have taken the late deal's end yet)
                fair_seat.deal_records, fair_seat.replays = dict(mirror.deal_records), dict(mirror.replays)
                fair_seat.breaches = list(mirror.breaches)
        computer = FairSeat(seat, host.lobby.rules, carried["dealer"], game, self.group, seed, public,
                            hint_seed=int.from_bytes(host.entropy(4), "big") >> 1, player=self._player(seat),
                            think_ms=host.settings.think_ms, judge=self.judge, device_class=self.device_class,
                            turn_timeout_s=host.settings.turn_timeout_s, clock=host.clock)
        computer.device.timekeeper = host.seat
        computer.device.resume({**carried, "between": None})
        computer._first, computer.lobby = False, host.lobby
        computer.deal_records, computer.replays = dict(mirror.deal_records), dict(mirror.replays)
        computer.breaches = list(mirror.breaches)
        self.seats[seat] = computer
        self.watches[seat] = Watch(self, seat, carried["number"])
        self.draw_seeds[seat], self.seeds[seat], self.keys[seat] = seed, signing, public
        self.void_games.add(self.game)
        self.game = game
        self.queue.clear()
        self.held, self.expected, self.owed_since = {}, {}, {}
        body = {"seat": seat, "deal": carried["number"] - 1, "choice": "computer", "game": game, "key": public.hex()}
        self._forget_finished()
        self.past += self.log + [{"after_late": body}]  # (a guest back after a reload takes the match up there too)
        self.log = []
        host.lobby = host.lobby.seated(seat, replace(host.lobby.seats[seat], held=True))
        for fair_seat in self.seats.values():
            fair_seat.lobby = host.lobby
        host._broadcast("after_late", body)
        host._send_lobby()
        host.inbox.append(("after_late", seat, body["deal"], "computer"))
        self._handing = None
        self.paused = False

    def _show_the_taken(self) -> None:
        """Each seat the host's computer took, as it plays, to its late person (watch.py)."""
        for watch in self.watches.values():
            watch.poll()

    # --- guests' messages -------------------------------------------------------------------
    def take(self, v, body):
        """A guest's `fair` message: checked, put in order, then verified and relayed."""
        obj, sig = body["m"], body["sig"]
        try:  # read whole before it is held (a body not its kind's is still relayed: its signer's "malformed")
            msg = wire.from_json(obj)
        except Bad as exc:
            return ("bad_body", f"fair: {exc}"[:200])
        game, deal, sender, seq = msg.game, msg.deal, msg.sender, msg.seq
        if game != self.game:
            # (one made under the game id a handover voided is on its way still: dropped unanswered)
            return None if game in self.void_games else ("stale", "a message of another game")
        if sender != v.seat:
            return ("forged", f"a message for seat {sender} from seat {v.seat}")
        if sender in self.seats:  # (its person's device sent no key at the start, or was named late and replaced)
            return ("forged", f"the host's computer plays seat {sender}")
        if self.stopped:
            return None  # the match is over: nothing more is relayed
        if not self.started:
            return ("unexpected", "the game has not begun")
        if seq < self.expected.get((deal, sender), 0) or (deal, sender, seq) in self.held:
            return None  # a resend of one already taken
        refusal = self._out_of_reach(deal, msg.kind)
        if refusal is None:
            self.held[(deal, sender, seq)] = (v, obj, sig)
            self._release(deal, sender)
            refusal = self._over_held(deal, sender, seq)
        if refusal is not None:  # not answered: an honest guest sends it again until it is relayed
            self.host._refuse(v, *refusal, 0, reply=False)
        return None

    def _out_of_reach(self, deal: int, kind: str) -> tuple | None:
        """Why a guest's message of `deal` is not taken (None: it is).  A guest sends in the
        deal in hand on this device and the next (its decks, shuffled ahead); a guest whose
        audit ended first, a deal ahead, the decks of the deal after that, which wait here
        until this device is a deal on.  Nothing of a deal over, nothing further ahead: no
        device would take it, and every device would be sent it."""
        first = self._first_open_deal()
        if deal < first:
            return ("stale", f"a message of deal {deal}, which is over")
        if deal > min(first + 2, self.host.lobby.rules.deals - 1) or (deal == first + 2 and kind not in DECKS):
            return ("too_early", f"a message of deal {deal} while deal {first} is played")
        return None

    def _over_held(self, deal: int, sender: int, seq: int) -> tuple | None:
        """The message just taken, when it is still held and one over `fair_held_max` of its
        sender's: let go.  A guest has only a few messages on the way at once (its device
        waits for each to come back); many more held is a flood, and each may be 16 kB."""
        if (deal, sender, seq) not in self.held:
            return None
        held = sum(1 for _deal, s, _seq in self.held if s == sender)
        if held <= self.host.settings.fair_held_max:
            return None
        del self.held[(deal, sender, seq)]
        return ("flood", f"{held - 1} fair messages held already")

    def _release(self, deal: int, sender: int) -> None:
        """The sender's held messages of `deal` that come next in its order go to the queue,
        while the deal is one relayed (the one in hand here or the next) and the sender's
        messages waiting there are fewer than `fair_queue_max`."""
        if deal > self._first_open_deal() + 1:
            return
        key = (deal, sender)
        room = self.host.settings.fair_queue_max - sum(1 for item in self.queue if item[1]["sender"] == sender)
        while room > 0 and (deal, sender, self.expected.get(key, 0)) in self.held:
            self.queue.append(self.held.pop((deal, sender, self.expected.get(key, 0))))
            self.expected[key] = self.expected.get(key, 0) + 1
            room -= 1

    def _release_held(self) -> None:
        """Held messages go on once they may (their deal relayed, room in the queue); those of
        a deal now over never will."""
        first = self._first_open_deal()
        self.held = {k: item for k, item in self.held.items() if k[0] >= first}
        for deal, sender in sorted({(deal, sender) for deal, sender, _seq in self.held}):
            self._release(deal, sender)

    def _stale(self, v, obj: dict) -> bool:
        """Taken from a link its guest has since left (closed, or replaced on coming back)."""
        person = self.host.people.get(obj["sender"])
        return person is None or person.link is not v

    def _drop_stale(self) -> None:
        """What a guest's old link sent that is not relayed yet never is: back after a reload,
        its rebuilt device makes it again after its replay (from the same labels, or as its
        person decides again), so the transcript it is sent again holds every message of its
        seat that the one order has before its new ones."""
        stale = [item for item in (*self.queue, *self.held.values()) if self._stale(item[0], item[1])]
        if not stale:
            return
        self.queue = deque(item for item in self.queue if not self._stale(item[0], item[1]))
        self.held = {k: item for k, item in self.held.items() if not self._stale(item[0], item[1])}
        for _v, obj, _sig in stale:
            key = (obj["deal"], obj["sender"])
            self.expected[key] = min(self.expected.get(key, 0), obj["seq"])

    def _incoming(self):
        """Verifies the guests' messages in the order taken, countersigns and relays them."""
        self._drop_stale()
        self._release_held()
        if not self.queue:
            return False
        items = list(self.queue)
        self.queue.clear()
        batch = Batch()
        host_seed = self.seeds[self.host.seat]
        checks = []
        for n, (_v, obj, sig) in enumerate(items):
            if n and n % WRITTEN_A_STEP == 0:
                yield  # (each message written out again to be checked: a deck's was milliseconds at 4x)
            sender = obj["sender"]
            checks.append((batch.verify(self.keys[sender], wire.signed_bytes(obj), sig),
                           batch.sign(host_seed, wire.relay_bytes(obj, sig))))
        got = yield from self.group.run(batch)
        again: set = set()  # (deal, sender) whose messages are taken again from a resend
        for n, ((v, obj, sig), (ok, relay)) in enumerate(zip(items, checks)):
            if n:
                yield  # each message relayed may end the slice (its sends are calls into the page)
            key = (obj["deal"], obj["sender"])
            if key in again:
                continue
            if self._stale(v, obj):  # its link left while it was checked: made again by the guest
                self.expected[key] = min(self.expected.get(key, 0), obj["seq"])
                again.add(key)
            elif got.values[ok.index]:
                yield from self._publish(obj, sig, got[relay])
            else:
                self.expected[key] = min(self.expected.get(key, 0), obj["seq"])  # a good copy may come again
                again.add(key)
                self.host._refuse(v, "bad_signature", "a fair message its sender's key did not sign", 0)
        return True

    def _dispatch(self, seat, msg, obj: dict, signature: bytes):
        yield from self._publish(obj, signature, None)

    def _publish(self, obj: dict, signature: bytes, relay: bytes | None):
        """Into the one order: to this device's seats and to every guest (its sender too);
        a pause after the seats took it, after it is written, and after each send (in the page
        each is a call into it: 2 ms at 4x CPU slowdown, at times 20 on a busy machine)."""
        body = {"m": obj, "sig": signature.hex(), "relay": None if relay is None else relay.hex()}
        self.log.append(body)
        seated = self.host._seated()  # (one back from now on is sent the log, this message in it)
        msg = wire.from_json(obj)
        for seat in self.seats.values():
            seat.device.receive(msg)
        yield
        text = self.host.written(body)
        yield
        for v in self.host._seated():
            if v in seated:
                v.send_written("fair", text)
                yield

    def _first_open_deal(self) -> int:
        return min((seat.device.d.number for seat in self.seats.values()), default=0)

    def _forget_finished(self) -> None:
        """The log keeps the deals not yet over on this device; a finished deal's messages
        (its reveals: every card of it) go to `past`, apart from the deal being played."""
        first = self._first_open_deal()
        # (not only the first entry: the next deal's decks, shuffled ahead, come before this deal's end)
        if any(body["m"]["deal"] < first for body in self.log):
            self.past += [body for body in self.log if body["m"]["deal"] < first]
            self.log = [body for body in self.log if body["m"]["deal"] >= first]

    def catch_up(self, v, back: bool = False) -> None:
        """A guest that missed a message: the start and every message of the deals not yet
        over on this device; a guest `back` after a reload: those of the whole match (it
        rebuilds its seat from them).  The guest takes each message once."""
        if self.start_body is None:
            return
        self._forget_finished()
        again = self.past + self.log if back else self.log
        v.send("fair_start", {**self.start_body, "follows": len(again)})  # so a guest knows when it has them all
        for body in again:
            if "after_late" in body:  # the match went on under a new game id, or stopped, from here
                v.send("after_late", body["after_late"])
            else:
                v.send("fair", body)
        for watch in self.watches.values():  # (after the handover: a late person is shown its seat)
            watch.catch_up(v)


__all__ = ["FairRoom"]
