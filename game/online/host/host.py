"""The host: the device of the person who made the room, which every guest's link reaches
(a star), and which runs the room from the lobby to the match's end.

Everything a guest sends is checked before it is used: the message (protocol.decode), its
sequence number (peer.py), and then by the part whose job it is.  A refusal is sent back,
logged and counted, and the game goes on.  The Host holds its parts, one job each:

- `seating` (seating.py): the guests' links and the people in the seats: hellos, tokens,
  moves before the start, away and back;
- `shuffle` (shuffle.py): the fair shuffle's commit-reveal at the start, whose seed deals
  the match (or, dealt fairly, picks the first dealer);
- `referee` (referee.py): a host-dealt game's one `Match`, where actions are applied, each
  seat is told what it may see, and computers stand in;
- `fair` (fair_room/host.py): dealt fairly, the relay and sequencer of the fair messages,
  and the devices of the seats the host plays (`fair_past` once the host deals on after a
  late seat: host/after_late.py).

The Host itself keeps the room (its `lobby` and `stage`), moves it on (the start, the
reveal round, the deal, the end), and sends what every guest is sent; its parts call on it
for those.  Everything is driven by `poll()`, once a frame: it reads every link, runs the
timers and at most one slice of a computer's thinking, and never waits.
"""

from __future__ import annotations

import secrets
import time
from collections import Counter, deque
from dataclasses import dataclass

from game.engine import Action

from ..fair_room.host import FairRoom
from ..fair_room.wire import fingerprint
from ..links.transport import CLOSED, CONNECTING
from ..lobby import FAIR, LEFT, LOBBY, OVER, PLAY, SHUFFLE, Lobby, LobbyError
from ..peer import Visitor
from ..protocol import MAX_FROM_GUEST_FAIR, QUICK, decode, encode_body
from .after_late import AfterLate
from .referee import Referee
from .save import restore_host, save_host
from .seating import Seating
from .shuffle import COMMIT, REVEAL, Shuffle


@dataclass(frozen=True)
class HostSettings:
    absent_wait_s: float = 15.0  # a person away this long: a computer holds the seat
    turn_timeout_s: float | None = 90.0  # a person who does not act: the computer plays that turn
    shuffle_wait_s: float = 10.0  # commitments, then values, awaited at most this long
    think_ms: float = 8.0  # a computer's slice of thinking per poll
    heartbeat_s: float = 2.0  # a ping when nothing else was sent (a guest sees a lost message)
    quick_gap_s: float = 1.0  # one quick message per person per this long
    sync_gap_s: float = 1.0  # one full state per guest per this long
    max_per_poll: int = 32  # messages taken from one link per poll; more are refused
    hello_wait_s: float = 10.0  # a link that has not said hello this long is closed (each costs every frame)
    max_unseated: int = 16  # links at once that have not said hello yet; one more is closed at once
    fair_held_max: int = 32  # fair dealing: a guest's messages held for those before them (or for their deal)
    fair_queue_max: int = 32  # fair dealing: a guest's messages waiting to be checked and relayed
    fair_ms: float = 8.0  # fair dealing's work per poll (opening cards, checking, signing)
    fair_wait_ms: float = 16.0  # fair dealing's work per poll while its seats wait between deals (nothing to animate or decide)
    # fair dealing: a guest's seat that owes the deal its keys, its turn of the shuffle, its part of
    # a pass or its reveal this long (a person's turn: turn_timeout_s more) is named, and the deal
    # scored by the house rule (fair/dues.py)
    duty_wait_s: float = 30.0
    # fair dealing: after a seat was named late, the host's person's choice of how the match goes
    # on is awaited this long, then the first one offered is taken (host/after_late.py)
    after_late_wait_s: float = 60.0


@dataclass(frozen=True)
class LogEntry:
    time: float
    seat: int | None
    code: str
    detail: str


class Host:
    def __init__(self, name: str, settings: HostSettings | None = None, clock=time.monotonic, rules=None,
                 strength: str = "normal", computer_names=("Anna", "Boris"), entropy=secrets.token_bytes,
                 dealing: str = FAIR, group=None):
        self.settings = settings or HostSettings()
        self.entropy = entropy  # n -> n random bytes: values, nonce, tokens (seeded in tests)
        self.clock = clock
        self.computer_names = tuple(computer_names)
        self.lobby = Lobby.new(name, self.computer_names, rules, strength, dealing)
        self.group = group  # fair dealing's group backend (None: this platform's, fair/ops.py)
        self.stage = LOBBY
        self.seating = Seating(self)
        self.shuffle = Shuffle(clock, entropy)
        self.referee = Referee(self.settings, clock, entropy)
        self.fair = None  # the fair room (fair_room/host.py) of a fairly dealt match, once started
        self.fair_past = None  # that room, ended, once the host deals on after a late seat (its messages kept)
        self.frame_room = None  # the front end's: the ms left in its frame for the fair room's work (station.py)
        self.after_late = AfterLate(self)  # dealt fairly: how the match goes on after a seat was named late
        self.refused: Counter = Counter()
        self.log: deque[LogEntry] = deque(maxlen=500)
        self.inbox: list[tuple] = []  # for the host's UI: ("notice", kind, seat), ("quick", seat, code)
        self._handlers = {"hello": self.seating.on_hello, "bye": self.seating.on_bye, "commit": self._on_commit,
                          "reveal": self._on_reveal, "action": self._on_action, "quick": self._on_quick,
                          "sync": self._on_sync, "fair_key": self._on_fair_key, "fair": self._on_fair}

    # --- what the parts hold, by the names the screens and tests read ------------------------------
    @property
    def visitors(self) -> list[Visitor]:
        return self.seating.visitors

    @property
    def people(self) -> dict:
        return self.seating.people

    @property
    def nonce(self) -> bytes:
        return self.shuffle.nonce

    @property
    def values(self) -> list:
        return self.shuffle.values

    @property
    def commitments(self) -> list:
        return self.shuffle.commitments

    @property
    def match(self):
        """A host-dealt game's `Match` (None before the deal, and when dealt fairly)."""
        return self.referee.match

    # --- the host's UI ----------------------------------------------------------------------
    @property
    def seat(self) -> int:
        return self.lobby.host_seat

    def view(self):
        if self.fair is not None:
            return self.mirror.view if self.mirror else None
        return self.match.view(self.seat) if self.match else None

    @property
    def mirror(self):
        """In fair dealing, the host's own seat as its screens read it (a guest's API:
        view, take_updates, act, table; fair_room/seat.py); in a match begun fairly that the
        host deals on after a late seat, the same read from the referee (referee.CarriedSeat);
        None in a host-dealt game."""
        return self.fair.mirror if self.fair is not None else self.referee.carried

    def fingerprints(self) -> tuple | None:
        """Fair dealing: each seat's signing key's fingerprint, for the lobby to show (people
        compare them out of band: the same on every screen means no device swapped a key)."""
        room = self.fair or self.fair_past  # (the keys of the fair deals, once the host deals on)
        keys = room.keys if room is not None and room.started else None
        return tuple(fingerprint(k) for k in keys) if keys else None

    def add_link(self, link) -> None:
        """A guest's device connected (seating.py: its hello comes next)."""
        self.seating.add_link(link)

    def act(self, action) -> str | None:
        """The host's own action; None when applied, else why not (the engine's words)."""
        if self.stage != PLAY:
            return "the game is not being played"
        if self.fair is not None:
            return self.fair.act(action)
        if self.match.to_act != self.seat:
            return "it is not your turn"
        try:
            action = Action.parse(action)
        except ValueError as exc:
            return str(exc)
        problem = self._apply(action)
        return problem[1] if problem else None

    def choose_after_late(self, choice: str) -> str | None:
        """Dealt fairly, after a guest's seat was named late: how the match goes on (one of
        protocol.AFTER_LATE: wait, computer, host, stop); None when taken, else why not."""
        return self.after_late.choose(choice)

    def quick(self, code: str) -> bool:
        """The host's quick message (one of protocol.QUICK) to everyone."""
        if code not in QUICK:
            return False
        self._broadcast("quick", {"seat": self.seat, "code": code})
        self.inbox.append(("quick", self.seat, code))
        return True

    def take_steps(self) -> list[tuple]:
        """The (at, events, view) of every action applied since the last call, oldest first
        (a host-dealt game's; referee.py)."""
        return self.referee.take_steps()

    def take_inbox(self) -> list[tuple]:
        inbox, self.inbox = self.inbox, []
        return inbox

    def save(self) -> dict:
        return save_host(self)

    @classmethod
    def restore(cls, data, settings=None, clock=time.monotonic, entropy=secrets.token_bytes) -> tuple["Host | None", str | None]:
        """(host, None), or (None, why) when `data` is not a host's save."""
        return restore_host(cls, data, settings, clock, entropy)

    def leave(self) -> dict:
        """The host goes: every guest is told, the links close, the game is kept (the save)."""
        self.seating.leave(self.seat)
        self.stage = LEFT
        return self.save()

    # --- the lobby: changed before the start --------------------------------------------------
    def move(self, a: int, b: int) -> str | None:
        """The people (or computers) in seats a and b change places, before the start."""
        return self._lobby_change(lambda: self.lobby.swapped(a, b), (a, b))

    def set_rules(self, rules) -> str | None:
        return self._lobby_change(lambda: self.lobby.with_rules(rules))

    def set_strength(self, strength: str) -> str | None:
        return self._lobby_change(lambda: self.lobby.with_strength(strength))

    def set_dealing(self, dealing: str) -> str | None:
        """lobby.FAIR (no device sees a hand it should not) or lobby.HOST_DEALS (faster)."""
        return self._lobby_change(lambda: self.lobby.with_dealing(dealing))

    def _lobby_change(self, change, swap=None) -> str | None:
        if self.stage != LOBBY:
            return "started"
        try:
            self.lobby = change()
        except LobbyError as exc:
            return exc.code
        if swap:
            self.seating.swap(*swap)
        self._send_lobby()
        return None

    # --- the frame ---------------------------------------------------------------------------
    def poll(self) -> None:
        if self.stage == LEFT:
            return
        now = self.clock()
        for v in list(self.visitors):
            if v.link.state == CONNECTING:
                continue
            for i, text in enumerate(v.link.receive()):
                if i >= self.settings.max_per_poll:
                    self._refuse(v, "flood", f"over {self.settings.max_per_poll} messages in a frame", 0, reply=False)
                else:
                    self._take(v, text)
            if v.link.state == CLOSED:
                self.seating.lost(v, now)
        self.seating.forget_the_silent(now)
        self._shuffle_timer(now)
        self.seating.hold_the_away(now)
        self._computer_turn(now)
        if self.fair is not None:
            self.fair.poll()
            self.after_late.poll(self.clock())
        for v in self._seated():
            if now - v.last_sent >= self.settings.heartbeat_s:
                v.send("ping", {})

    def _take(self, v: Visitor, text) -> None:
        msg = decode(text, from_host=False, limit=MAX_FROM_GUEST_FAIR if self.lobby.dealing == FAIR else None)
        if not msg:
            self._refuse(v, msg.code, msg.detail, msg.seq)
            return
        if not v.fresh(msg):
            self._refuse(v, "replayed", f"seq {msg.seq} is not above {v.in_seq}", msg.seq)
            return
        if v.seat is None and msg.kind != "hello":
            self._refuse(v, "unexpected", "hello first", msg.seq)
            return
        try:
            problem = self._handlers[msg.kind](v, msg.body)
        except Exception as exc:  # a last guard: a guest's message never crashes the game
            problem = ("unexpected", f"could not be handled ({type(exc).__name__})")
        if problem:
            self._refuse(v, problem[0], problem[1], msg.seq)

    def _refuse(self, v: Visitor, code: str, detail: str, seq: int, reply: bool = True) -> None:
        self._count(code, v.seat, detail)
        if reply:
            v.send("refused", {"code": code, "seq": seq, "detail": detail[:200]})

    def _count(self, code: str, seat: int | None, detail: str) -> None:
        """A refusal counted (`refused`, by code) and logged."""
        self.refused[code] += 1
        self.log.append(LogEntry(self.clock(), seat, code, detail))

    # --- what guests send (a hello and a bye: seating.py) ---------------------------------------
    def _on_quick(self, v: Visitor, body):
        now = self.clock()
        if now - v.last_quick < self.settings.quick_gap_s:
            return ("too_often", "one quick message at a time")
        v.last_quick = now
        self._broadcast("quick", {"seat": v.seat, "code": body["code"]})
        self.inbox.append(("quick", v.seat, body["code"]))
        return None

    def _on_sync(self, v: Visitor, body):
        now = self.clock()
        if now - v.last_sync < self.settings.sync_gap_s:
            return ("too_often", "one full state at a time")
        v.last_sync = now
        self._catch_up(v)
        return None

    def _on_commit(self, v: Visitor, body):
        problem = self.shuffle.take_commitment(v.seat, body["commitment"])
        if problem is None:
            self._fair_progress()
        return problem

    def _on_reveal(self, v: Visitor, body):
        problem = self.shuffle.take_value(v.seat, body["value"])
        if problem is None:
            self._fair_progress()
        return problem

    def _on_action(self, v: Visitor, body):
        if self.stage != PLAY or self.fair is not None:  # (fair dealing: actions are fair messages)
            return ("unexpected", "the game is not being played")
        if self.lobby.seats[v.seat].held:  # (a seat handed to the computer while dealt fairly, its person still here)
            return ("unexpected", "a computer plays this seat now")
        problem = self.referee.refusal(v.seat, body)
        if problem:
            return problem
        try:
            action = Action.parse(body["action"])
        except ValueError as exc:
            return ("illegal", str(exc))
        return self._apply(action)

    def _on_fair_key(self, v: Visitor, body):
        if self.fair is None:
            return ("unexpected", "the cards are not dealt fairly in this game")
        return self.fair.take_key(v.seat, body["key"])

    def _on_fair(self, v: Visitor, body):
        if self.fair is None and self.fair_past is not None:
            return None  # the host deals on: sent before its device took the switch (dropped, unanswered)
        if self.fair is None:
            return ("unexpected", "the cards are not dealt fairly in this game")
        return self.fair.take(v, body)

    # --- sending: what every guest is sent ------------------------------------------------------
    def _seated(self) -> list[Visitor]:
        return self.seating.seated()

    def _broadcast(self, kind: str, body: dict) -> None:
        seated = self._seated()
        if len(seated) < 2:
            for v in seated:
                v.send(kind, body)
            return
        text = self.written(body)
        for v in seated:
            v.send_written(kind, text)

    @staticmethod
    def written(body: dict) -> str:
        """A body written once for every guest it goes to (Visitor.send_written)."""
        return encode_body(body)

    def _send_lobby(self) -> None:
        self._broadcast("lobby", {"lobby": self.lobby.to_json()})

    def _notice(self, kind: str, seat: int) -> None:
        self._broadcast("notice", {"kind": kind, "seat": seat})
        self.inbox.append(("notice", kind, seat))

    def _send_start(self, v: Visitor) -> None:
        v.send("start", {"nonce": self.nonce.hex(), "commitment": self.commitments[self.seat], "lobby": self.lobby.to_json()})

    def _catch_up(self, v: Visitor, back: bool = False) -> None:
        """All a guest needs after coming back (`back`) or missing a message: its seat, the
        fair shuffle's messages so far, and the game's state."""
        self.seating.welcome(v)
        if self.stage != LOBBY:
            self._send_start(v)
            if self.shuffle.step == REVEAL or self.match is not None or self.fair is not None:
                v.send("commitments", {"commitments": list(self.commitments)})
        if self.fair_past is not None:  # begun fairly: the fair deals (a guest back rebuilds them), then the switch
            self.fair_past.catch_up(v, back)
        if self.match is not None:
            self._snapshot(v)
        if self.fair is not None:
            self.fair.catch_up(v, back)
            self.after_late.catch_up(v)

    def _snapshot(self, v: Visitor) -> None:
        """Everything a guest needs to show a host-dealt game (referee.py), and the values
        for its audit once the match is over."""
        self.referee.snapshot(v, self.lobby)
        if self.stage == OVER and self.referee.carried is None:
            v.send("audit", {"values": self._published_values()})

    def _published_values(self) -> list:
        return self.shuffle.published()

    # --- the room's course: the start, the reveal round, the deal, the play, the end -------------
    def start(self) -> str | None:
        """Begin the match: the fair shuffle first (shuffle.py), then the deal."""
        if self.stage != LOBBY:
            return "started"
        self.shuffle.begin(self.seat)
        self.stage = SHUFFLE
        if self.lobby.dealing == FAIR:
            self.fair = FairRoom(self, self.group)
        for v in self._seated():
            self._send_start(v)
        self._fair_progress()
        return None

    def _fair_progress(self) -> None:
        """On to the next step once no present guest is still awaited."""
        if not self.shuffle.complete(self.seating.present_guests()):
            return
        if self.shuffle.step == COMMIT:
            self._reveal_round()
        elif self.shuffle.step == REVEAL:
            self._deal()

    def _reveal_round(self) -> None:
        self.shuffle.reveal()
        self._broadcast("commitments", {"commitments": list(self.commitments)})
        self._fair_progress()

    def _deal(self) -> None:
        """Every value is in (or awaited long enough): the match begins."""
        seed = self.shuffle.finish()
        self.stage = PLAY
        if self.fair is not None:  # the devices deal: the seed only picks the first dealer
            self.fair.begin(seed)
            return
        self.referee.begin(self.lobby.rules, seed)
        for v in self._seated():
            self._snapshot(v)

    def _shuffle_timer(self, now: float) -> None:
        if self.stage == SHUFFLE and self.shuffle.overdue(now, self.settings.shuffle_wait_s):
            if self.shuffle.step == COMMIT:
                self._reveal_round()
            else:
                self._deal()

    def _computer_turn(self, now: float) -> None:
        """One slice of thinking for the seat to act when a computer decides there."""
        if self.stage != PLAY or self.match is None:  # (fair dealing: the fair room's seats decide)
            return
        decided = self.referee.think(now, self.lobby)
        if decided is None:
            return
        seat, action, timed_out = decided
        self._apply(action)
        if timed_out:
            self._notice("timeout", seat)

    def _apply(self, action: Action):
        """Apply the action of the seat to act (referee.py); the match over: every guest is
        sent the values, for its audit."""
        problem = self.referee.apply(action, self.seat, self._seated())
        if problem is None and self.match.is_over():
            self.stage = OVER
            if self.referee.carried is None:  # (a match the host took up after fair deals: no seed of the values dealt it)
                self._broadcast("audit", {"values": self._published_values()})
        return problem
