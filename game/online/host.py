"""The host's referee: the one `Match` of an online game, on the device of the person who
made the room, and the only place where actions are applied.

Why a referee: the same engine and rules as offline decide everything; the guests only
show what they are sent and ask for their own actions.  Each guest is sent only its own
seat's `View` and the events filtered for its seat (visibility.py), so no hidden card
leaves this device.  Everything a guest sends is checked before it is used: the message
(protocol.decode), its sequence number (peer.py), that the sender owns the seat it acts
for and that seat is to act, that the action answers the current decision (`at`, the
number of actions taken so far) and that the rules allow it.  A refusal is sent back,
logged and counted, and the game goes on (a link that does not say hello within
`hello_wait_s` is closed, and only `max_unseated` wait for theirs at once: each link costs
every frame); a person who does not act, or who is away, is stood in for by a computer
player after a wait the host sets, thinking in slices like the offline table's computers,
so nothing a guest does (or fails to do) stalls the game.

The room's comings and goings: a guest who reloads the page or loses the connection comes
back on a new link; the random token the host gave it (kept by the browser) is the only
thing that gets the seat back, and a name alone never does.  The fair shuffle (shuffle.py):
a guest who does not commit or reveal within `shuffle_wait_s` (gone, or stalling) is left
without a value and the match begins without it, so nothing a guest does can keep the
match from starting.  One class: the seats, the shuffle and the play all read and write
the same room, links and match.

Everything is driven by `poll()`, once a frame: it reads every link, runs the timers and
at most one slice of a computer's thinking, and never waits.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections import Counter, deque
from dataclasses import dataclass, replace

from game.engine import Action, Match

from . import shuffle
from .codec import event_to_json, view_to_json
from .deals import FinishedDeal
from .fair_host import FairRoom
from .fair_wire import fingerprint
from .host_save import restore_host, save_host
from .lobby import COMPUTER, FAIR, GUEST, LEFT, LOBBY, OVER, PLAY, SHUFFLE, Lobby, LobbyError, Seat
from .peer import Person, Visitor
from .protocol import MAX_FROM_GUEST_FAIR, QUICK, decode
from .transport import CLOSED, CONNECTING
from .visibility import events_for


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
        self.fair = None  # the fair room (fair_host.py) of a fairly dealt match, once started
        self.stage = LOBBY
        self.visitors: list[Visitor] = []
        self.people: dict[int, Person] = {}
        self.match: Match | None = None
        self.nonce = b""
        self.values: list = [None, None, None]
        self.commitments: list = [None, None, None]
        self.fair_step, self.fair_since = None, 0.0
        self.players: dict = {}  # seat -> the computer player deciding there
        self.turn_since = 0.0
        self.refused: Counter = Counter()
        self.log: deque[LogEntry] = deque(maxlen=500)
        self.inbox: list[tuple] = []  # for the host's UI: ("notice", kind, seat), ("quick", seat, code)
        # for the host's own table, one step per action applied: (actions taken after it, its
        # events as the host's seat may see them, its view after it); the table shows them, at
        # the pace of its animations, while the match itself may already be further on
        self.steps: deque[tuple] = deque()

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
        view, take_updates, act, table; fair_seat.py); None in a host-dealt game."""
        return self.fair.mirror if self.fair is not None else None

    def fingerprints(self) -> tuple | None:
        """Fair dealing: each seat's signing key's fingerprint, for the lobby to show (people
        compare them out of band: the same on every screen means no device swapped a key)."""
        keys = self.fair.keys if self.fair is not None and self.fair.started else None
        return tuple(fingerprint(k) for k in keys) if keys else None

    def add_link(self, link) -> None:
        """A guest's device connected (its hello comes next, within `hello_wait_s`).  Closed
        at once when `max_unseated` links are waiting for their hello already: a link costs
        the host's every frame, and one that never says hello must not make it slow."""
        if len(self._unseated()) >= self.settings.max_unseated:
            link.close()
            self._count("crowded", None, f"{self.settings.max_unseated} links have not said hello yet")
            return
        self.visitors.append(Visitor(link, self.clock))

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
        problem = self._apply(self.seat, action)
        return problem[1] if problem else None

    def quick(self, code: str) -> bool:
        """The host's quick message (one of protocol.QUICK) to everyone."""
        if code not in QUICK:
            return False
        self._broadcast("quick", {"seat": self.seat, "code": code})
        self.inbox.append(("quick", self.seat, code))
        return True

    def take_steps(self) -> list[tuple]:
        """The (at, events, view) of every action applied since the last call, oldest first."""
        steps = list(self.steps)
        self.steps.clear()
        return steps

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
        for v in self._seated():
            v.send("notice", {"kind": "host_away", "seat": self.seat})
            v.send("bye", {"reason": "host_leaving"})
        for v in self.visitors:
            v.link.close()
        self.visitors.clear()
        for person in self.people.values():
            person.link = None
        self.stage = LEFT
        return self.save()

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
                self._lost(v, now)
        self._forget_the_silent(now)
        self._shuffle_timer(now)
        self._hold_the_away(now)
        self._computer_turn(now)
        if self.fair is not None:
            self.fair.poll()
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
            problem = getattr(self, "_on_" + msg.kind)(v, msg.body)
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

    # --- what guests send -------------------------------------------------------------------------
    def _on_action(self, v: Visitor, body):
        if self.stage != PLAY or self.fair is not None:  # (fair dealing: actions are fair messages)
            return ("unexpected", "the game is not being played")
        if body["seat"] != v.seat:
            return ("forged", f"an action for seat {body['seat']} from seat {v.seat}")
        if body["at"] != len(self.match.history):
            return ("stale", f"an answer to decision {body['at']}, not {len(self.match.history)}")
        if self.match.to_act != v.seat:
            return ("not_your_turn", f"seat {self.match.to_act} is to act")
        try:
            action = Action.parse(body["action"])
        except ValueError as exc:
            return ("illegal", str(exc))
        return self._apply(v.seat, action)

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

    # --- sending ------------------------------------------------------------------------------
    def _seated(self) -> list[Visitor]:
        return [v for v in self.visitors if v.seat is not None and v.open]

    def _unseated(self) -> list[Visitor]:
        """The links still to say hello (a closed one is forgotten on the next poll)."""
        return [v for v in self.visitors if v.seat is None and v.link.state != CLOSED]

    def _broadcast(self, kind: str, body: dict) -> None:
        for v in self._seated():
            v.send(kind, body)

    def _send_lobby(self) -> None:
        self._broadcast("lobby", {"lobby": self.lobby.to_json()})

    def _welcome(self, v: Visitor) -> None:
        token = self.people[v.seat].token
        v.send("welcome", {"seat": v.seat, "token": token, "lobby": self.lobby.to_json(), "started": self.stage != LOBBY})

    def _send_start(self, v: Visitor) -> None:
        v.send("start", {"nonce": self.nonce.hex(), "commitment": self.commitments[self.seat], "lobby": self.lobby.to_json()})

    def _catch_up(self, v: Visitor, back: bool = False) -> None:
        """All a guest needs after coming back (`back`) or missing a message: its seat, the
        fair shuffle's messages so far, and the game's state."""
        self._welcome(v)
        if self.stage != LOBBY:
            self._send_start(v)
            if self.fair_step == "reveal" or self.match is not None or self.fair is not None:
                v.send("commitments", {"commitments": list(self.commitments)})
        if self.match is not None:
            self._snapshot(v)
        if self.fair is not None:
            self.fair.catch_up(v, back)

    def _snapshot(self, v: Visitor) -> None:
        """Everything a guest needs to show the game: its view, the room, the finished deals."""
        match = self.match
        v.send("state", {"at": len(match.history), "view": view_to_json(match.view(v.seat)),
                         "lobby": self.lobby.to_json(), "deals_finished": len(match.deals)})
        for number in range(len(match.deals)):
            v.send("deal_over", {"deal": FinishedDeal.of(match, number).to_json()})
        if self.stage == OVER:
            v.send("audit", {"values": self._published_values()})

    def _published_values(self) -> list:
        return [None if value is None else value.hex() for value in self.values]

    def _notice(self, kind: str, seat: int) -> None:
        self._broadcast("notice", {"kind": kind, "seat": seat})
        self.inbox.append(("notice", kind, seat))

    # --- play ------------------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action):
        """Apply `seat`'s action; every guest gets its own view and events."""
        match = self.match
        try:
            events = match.apply(action)
        except ValueError as exc:
            return ("illegal", str(exc))
        at = len(match.history)
        self.steps.append((at, tuple(events_for(events, self.seat)), match.view(self.seat)))
        finished = FinishedDeal.of(match, len(match.deals) - 1).to_json() if any(e.kind == "scored" for e in events) else None
        for v in self._seated():
            if finished is not None:
                v.send("deal_over", {"deal": finished})
            v.send("update", {"at": at, "events": [event_to_json(e) for e in events_for(events, v.seat)],
                              "view": view_to_json(match.view(v.seat))})
        self.turn_since = self.clock()
        if match.is_over():
            self.stage = OVER
            self._broadcast("audit", {"values": self._published_values()})
        return None

    def _computer_turn(self, now: float) -> None:
        """One slice of thinking for the seat to act when a computer decides there."""
        if self.stage != PLAY or self.match is None:  # (fair dealing: the fair room's seats decide)
            return
        seat = self.match.to_act
        info = self.lobby.seats[seat]
        one_turn = info.kind != COMPUTER and not info.held  # a person's turn, timed out
        timeout = self.settings.turn_timeout_s
        if one_turn and (timeout is None or now - self.turn_since < timeout):
            return
        view = self.match.view(seat)
        player = self.players.get(seat)
        if player is None:
            from game.ai import make_player  # the search players load only when a computer plays

            player = self.players[seat] = make_player(self.lobby.strength, seed=int.from_bytes(self.entropy(4), "big") >> 1)
        try:
            action = player.think(view, self.settings.think_ms)
        except Exception:  # a faulty player must not stall the game
            action = view.legal[0]
        if action is None:
            return
        if action not in view.legal:
            action = view.legal[0]
        self._apply(seat, action)
        if one_turn:
            self._notice("timeout", seat)

    # --- the room: people joining, moved, leaving, held by a computer, coming back ------
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
            a, b = swap
            pa, pb = self.people.pop(a, None), self.people.pop(b, None)
            for seat, person in ((b, pa), (a, pb)):
                if person is not None:
                    self.people[seat] = person
                    if person.link is not None:
                        person.link.seat = seat
                        self._welcome(person.link)
        self._send_lobby()
        return None

    def _on_hello(self, v: Visitor, body):
        if v.seat is not None:  # the same hello again (a resend): answer again, nothing else
            self._welcome(v)
            return None
        token = body["token"]
        if token is not None:
            seat = next((s for s, p in self.people.items() if hmac.compare_digest(p.token, token)), None)
            if seat is not None:
                self._returns(v, seat)
                return None
            if self.stage != LOBBY:
                return self._turn_away(v, "unknown_token", "no seat has this token")
        if self.stage != LOBBY:
            return self._turn_away(v, "started", "the game has started")
        try:
            self.lobby, seat = self.lobby.with_guest(body["name"])
        except LobbyError:
            return self._turn_away(v, "full", "every seat has a person")
        self.people[seat] = Person(self.entropy(16).hex(), v)
        v.seat = seat
        self._welcome(v)
        self._send_lobby()
        return None

    def _turn_away(self, v: Visitor, code: str, detail: str):
        self._refuse(v, code, detail, v.in_seq)
        v.send("bye", {"reason": code})
        v.link.close()
        return None

    def _returns(self, v: Visitor, seat: int) -> None:
        """A guest back with its token: the seat, then everything it needs to go on."""
        person = self.people[seat]
        old = person.link
        if old is not None and old is not v:  # back before the old link was seen to close
            old.seat = None
            old.link.close()
        was_away = person.away_since is not None
        person.link, person.away_since = v, None
        if self.match is not None and self.match.to_act == seat:
            self.turn_since = self.clock()  # the person's turn starts again
        v.seat = seat
        # dealt fairly, a seat the host's computer plays (its person sent no key before the start) stays the computer's
        held = self.fair is not None and seat in self.fair.seats
        self.lobby = self.lobby.seated(seat, replace(self.lobby.seats[seat], present=True, held=held))
        self._catch_up(v, back=True)
        if was_away:
            self._notice("back", seat)
        self._send_lobby()

    def _on_bye(self, v: Visitor, body):
        v.link.close()
        return None

    def _forget_the_silent(self, now: float) -> None:
        """A link that has not said hello within `hello_wait_s` of its coming is closed and
        forgotten (a guest's device says it as soon as its link opens, and again until answered)."""
        wait = self.settings.hello_wait_s
        for v in self._unseated():
            if now - v.came >= wait:
                self._refuse(v, "no_hello", f"no hello within {wait:g} s", 0, reply=False)
                v.link.close()
                self.visitors.remove(v)

    def _lost(self, v: Visitor, now: float) -> None:
        """A link closed: its person is away (before the start: the seat is a computer's again)."""
        self.visitors.remove(v)
        seat = v.seat
        person = self.people.get(seat) if seat is not None else None
        if person is None or person.link is not v:
            return
        person.link = None
        if self.stage == LOBBY:
            del self.people[seat]
            used = set(self.lobby.names())
            name = next((n for n in self.computer_names if n not in used), self.computer_names[0])
            self.lobby = self.lobby.seated(seat, Seat(COMPUTER, name))
        else:
            person.away_since = now
            self.lobby = self.lobby.seated(seat, replace(self.lobby.seats[seat], present=False))
            self._notice("away", seat)
            if self.stage == SHUFFLE:
                self._fair_progress()
        self._send_lobby()

    def _hold_the_away(self, now: float) -> None:
        """A person away for `absent_wait_s`: a computer holds the seat until they are back.
        Not when dealt fairly: no computer holds a seat's secrets, so the game waits for its
        person (everyone was told they are away)."""
        if self.fair is not None:
            return
        for seat, person in self.people.items():
            held = self.lobby.seats[seat].held
            if person.away_since is not None and not held and now - person.away_since >= self.settings.absent_wait_s:
                self.lobby = self.lobby.seated(seat, replace(self.lobby.seats[seat], held=True))
                self._notice("computer", seat)
                self._send_lobby()

    # --- the fair shuffle (shuffle.py): commitments, then values, then the deal -------
    def start(self) -> str | None:
        """Begin the match: the fair shuffle first (shuffle.py), then the deal."""
        if self.stage != LOBBY:
            return "started"
        self.nonce = shuffle.new_nonce(self.entropy)
        self.values, self.commitments = [None] * 3, [None] * 3
        own = shuffle.new_value(self.entropy)
        self.values[self.seat], self.commitments[self.seat] = own, shuffle.commitment(self.nonce, self.seat, own)
        self.stage, self.fair_step, self.fair_since = SHUFFLE, "commit", self.clock()
        if self.lobby.dealing == FAIR:
            self.fair = FairRoom(self, self.group)
        for v in self._seated():
            self._send_start(v)
        self._fair_progress()
        return None

    def _on_commit(self, v: Visitor, body):
        seat, value = v.seat, body["commitment"]
        known = self.commitments[seat]
        if known is not None:
            return None if known == value else ("changed", "a commitment is made once")
        if self.stage != SHUFFLE or self.fair_step != "commit":
            return ("unexpected", "no commitment is asked for now")
        self.commitments[seat] = value
        self._fair_progress()
        return None

    def _on_reveal(self, v: Visitor, body):
        seat, value = v.seat, body["value"]
        if self.values[seat] is not None:
            return None if self.values[seat] == value else ("changed", "a value is revealed once")
        if self.stage != SHUFFLE or self.fair_step != "reveal" or self.commitments[seat] is None:
            return ("unexpected", "no value is asked for now")
        if not shuffle.opens(self.commitments[seat], self.nonce, seat, value):
            return ("wrong_value", "the value does not open the commitment")
        self.values[seat] = value
        self._fair_progress()
        return None

    def _on_fair_key(self, v: Visitor, body):
        if self.fair is None:
            return ("unexpected", "the cards are not dealt fairly in this game")
        return self.fair.take_key(v.seat, body["key"])

    def _on_fair(self, v: Visitor, body):
        if self.fair is None:
            return ("unexpected", "the cards are not dealt fairly in this game")
        return self.fair.take(v, body)

    def _guest_seats(self) -> list[int]:
        return [s for s in range(3) if self.lobby.seats[s].kind == GUEST]

    def _fair_progress(self) -> None:
        """On to the next step once no present guest is still awaited."""
        present = [s for s in self._guest_seats() if self.people[s].link is not None]
        if self.fair_step == "commit" and all(self.commitments[s] for s in present):
            self._reveal_round()
        elif self.fair_step == "reveal" and all(self.values[s] is not None for s in present if self.commitments[s]):
            self._deal()

    def _reveal_round(self) -> None:
        self.fair_step, self.fair_since = "reveal", self.clock()
        self._broadcast("commitments", {"commitments": list(self.commitments)})
        self._fair_progress()

    def _deal(self) -> None:
        """Every value is in (or awaited long enough): the match begins."""
        seed = shuffle.match_seed(self.nonce, self.values)
        self.stage, self.fair_step = PLAY, None
        self.turn_since = self.clock()
        if self.fair is not None:  # the devices deal: the seed only picks the first dealer
            self.fair.begin(seed)
            return
        self.match = Match.new(self.lobby.rules, seed=seed)
        for v in self._seated():
            self._snapshot(v)

    def _shuffle_timer(self, now: float) -> None:
        if self.stage == SHUFFLE and now - self.fair_since >= self.settings.shuffle_wait_s:
            if self.fair_step == "commit":
                self._reveal_round()
            else:
                self._deal()
