"""A hostile guest for the soak of online play (test_hostile_peer.py): the room it sits in,
the raw link on which it sends text of its own making, what it makes, and the counts the
run prints at its end.

The hostile guest is a real `Guest` driven by a computer, as the honest ones are (so the
match goes on around it), whose link also carries what the soak crafts: messages of every
kind with fields mangled, deep nesting, lone surrogates, numbers JSON readers disagree on,
replays, messages for deals far ahead, floods, oversized and broken text, links that never
say hello, silence, and (dealt fairly) fair messages signed with the seat's own real key,
which only a modified guest could make.  Each case is built from one `random.Random(seed)`
(hypothesis draws the seed), and the devices' work slices run on a counting clock, so a
failing seed plays the same case again.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import random
import traceback
from collections import Counter
from dataclasses import dataclass, field, replace

from game.engine import ALL_CONTRACTS, CARDS, RuleSet
from game.online import protocol
from game.online.fair import group as native_group
from game.online.fair.dues import DUTIES
from game.online.fair.messages import Msg
from game.online.fair_room import wire as fair_wire
from game.online.fair_room.station import Station
from game.online.guest import ENDED, Guest
from game.online.links.transport import memory_pair
from game.online.lobby import HOST_DEALS

from .fair_room import FAST, FairRoom
from .helpers import NAMES

RULES = RuleSet.preset("standard", deals=3)
# a silent guest's turn: the computer's (host-dealt), or its seat named after the duties' wait (dealt fairly)
SETTINGS = replace(FAST, turn_timeout_s=5.0, absent_wait_s=5.0)
STEP_S, IDLE_STEP_S = 0.05, 1.0  # a frame; a frame while nothing moves (waiting out a deadline)
IDLE_FRAMES = 40  # frames without progress before the clock runs in IDLE_STEP_S frames
STALL_S = 400.0  # seconds without progress: the honest seats' match has stalled
LONGEST_S = 1500.0  # seconds of game time a case may take at most
STRANGER_WAIT_S = 300.0  # a link that never says hello is gone after this long (at most)
REJOINS = 3  # times the hostile guest comes back after its link closed (its page reloaded)

# What the host and the honest devices may hold at any moment, whatever the hostile guest
# sends (an honest match holds at most ~100 relayed messages of a deal and none of the rest).
CAPS = {
    "held": 256,  # the host's fair messages that came early, waiting for those before them
    "queue": 256,  # the host's fair messages taken, not yet checked and relayed
    "log": 1024,  # the host's relayed messages of the deals not yet over
    "later": 256,  # an honest device's messages of a later deal, kept until its turn
    "refused": 256,  # an honest device's record of the messages it refused
    "inbox": 256,  # an honest device's messages not yet handled
    "early": 256,  # an honest guest's relayed messages waiting for those before them
    "held_text": 256,  # an honest guest's host messages waiting for those before them
}
REFUSALS = {"too_big", "malformed", "version", "unknown_type", "bad_body"}  # a guest's refusals of the host's text


# --- the counts printed at the end of the run ---------------------------------------------
COUNTS: dict[tuple[str, str], Counter] = {}  # (mode, attack) -> cases, refused, named, outcomes


def note(mode: str, attacks: list[str], refused: set[str], named: bool, outcome: str) -> None:
    for attack in sorted(set(attacks)):
        row = COUNTS.setdefault((mode, attack), Counter())
        row["cases"] += 1
        row["refused"] += attack in refused
        row["named"] += named
        row[outcome] += 1
    total = COUNTS.setdefault((mode, "(all)"), Counter())
    total["cases"] += 1
    total["refused"] += bool(refused)
    total["named"] += named
    total[outcome] += 1


def report() -> list[str]:
    lines = []
    for (mode, attack), row in sorted(COUNTS.items()):
        outcomes = ", ".join(f"{k} {v}" for k, v in sorted(row.items()) if k not in ("cases", "refused", "named"))
        lines.append(f"{mode:<5} {attack:<11} {row['cases']:>4} cases: {row['refused']:>4} refused, "
                     f"{row['named']:>4} named the hostile seat; {outcomes}")
    return lines


# --- the room --------------------------------------------------------------------------------
class Escaped(Exception):
    """An exception came out of Host.poll() or an honest Guest.poll(): the case stops."""


class RawLink:
    """The hostile guest's link: its own device's messages go through (unless it has gone
    silent), and the soak's text goes out on the same link, as a modified guest sends it."""

    def __init__(self, link):
        self.inner = link
        self.muted = False

    @property
    def state(self) -> str:
        return self.inner.state

    def send(self, text) -> bool:
        return False if self.muted else self.inner.send(text)

    def receive(self) -> list:
        return self.inner.receive()

    def close(self) -> None:
        self.inner.close()

    def inject(self, data) -> bool:
        return self.inner.send(data)


class HostileRoom(FairRoom):
    """Two guests, the one at `hostile` (its index) hostile; dealt fairly or by the host."""

    def __init__(self, fair: bool, hostile: int, seed: int):
        super().__init__(guests=2, rules=RULES, settings=SETTINGS, seed=seed)
        if not fair:
            assert self.host.set_dealing(HOST_DEALS) is None
        self.hostile = hostile
        self.escaped: list[str] = []  # where and what escaped (the traceback's end)
        self.crashes: Counter = Counter()  # the hostile guest's own exceptions: its own business
        self.most: Counter = Counter()  # the largest count seen of each holding
        self.strangers: list = []  # links opened to the host that never say hello
        self.rejoins = 0
        self.gone_at: float | None = None
        self.seat: int | None = None  # the hostile seat, once its guest was welcomed (the same after a rejoin)
        self.played_deals: set[int] = set()  # dealt fairly: the deals in which the hostile guest played its own seat
        self._wrap()

    # --- the hostile guest --------------------------------------------------------------
    @property
    def bad(self) -> Guest:
        return self.guests[self.hostile]

    @property
    def honest(self) -> Guest:
        return self.guests[1 - self.hostile]

    @property
    def link(self) -> RawLink:
        return self.bad.peer.link

    def _wrap(self) -> None:
        self.bad.peer.link = RawLink(self.bad.peer.link)

    def device(self):
        """The hostile guest's own fair device, once it has one."""
        side = self.bad.fair
        return side.seat.device if side is not None and side.seat is not None else None

    def hostile_plays_its_seat(self) -> bool:
        """Dealt fairly, the hostile seat is the hostile guest's (it sent its key in time);
        otherwise the host's computer plays it, honestly."""
        fair = self.host.fair
        return fair is None or not fair.started or self.seat not in fair.seats

    def honest_devices(self) -> list:
        fair = self.host.fair
        if fair is None or not fair.started:
            return []
        devices = [seat.device for seat in fair.seats.values()]
        side = self.honest.fair
        if side is not None and side.seat is not None:
            devices.append(side.seat.device)
        return devices

    # --- the frame ------------------------------------------------------------------------
    def step(self, dt: float = STEP_S) -> None:
        for g in self.guests:
            self._poll(g)
        self._guarded("Host.poll", self.host.poll)
        for g in self.guests:
            self._poll(g)
        self.people_act()
        self.clock.advance(dt)
        self.take_updates()
        if self.seat is None:
            self.seat = self.bad.seat
        self._come_back()
        self._count()
        self._note_who_plays()

    def _note_who_plays(self) -> None:
        """A seat named late and handed to the host's computer is the host's from then on:
        whether naming it was right depends on who played it in the deal judged."""
        devices = self.honest_devices()  # (none until the fair dealing has started)
        if devices and self.hostile_plays_its_seat():
            self.played_deals.add(devices[0].d.number)

    def _poll(self, guest: Guest) -> None:
        if guest is not self.bad:
            self._guarded("Guest.poll", guest.poll)
            return
        try:
            guest.poll()
        except Exception as exc:  # a modified device may break itself: not what the soak checks
            self.crashes[type(exc).__name__] += 1

    def _guarded(self, where: str, poll) -> None:
        try:
            poll()
        except Exception as exc:
            frames = traceback.extract_tb(exc.__traceback__)
            tb = [f for f in frames if "/game/" in f.filename][-3:] + frames[-1:]  # the game's calls, and where it broke
            at = " <- ".join(f"{f.filename.rsplit('/', 2)[-1]}:{f.lineno} {f.name}" for f in reversed(tb))
            self.escaped.append(f"{type(exc).__name__} out of {where}: {str(exc)[:120]} (at {at})")
            raise Escaped(self.escaped[-1]) from exc

    def people_act(self) -> None:
        """Each person decides as helpers.Room's do; the hostile guest's choices may fail."""
        if self.host.fair is not None:
            self._fair_people_act()
            return
        host = self.host
        if host.stage == "play" and host.match.to_act == host.seat:
            action = self.decider("host").think(host.view(), 50.0)
            if action is not None:
                assert host.act(action) is None
        for i, g in enumerate(self.guests):
            if g.stage != "play" or g.view is None or g.view.to_act != g.seat or g._pending:
                continue
            action = self.decider(("guest", i, g.seat)).think(g.view, 50.0)
            if action is not None:
                problem = g.act(action)
                assert problem is None or i == self.hostile, problem

    def _fair_people_act(self) -> None:
        mirrors = [(("host",), self.host.mirror, self.host.act)]
        mirrors += [(("guest", i), g.fair.seat if g.fair else None, g.act) for i, g in enumerate(self.guests)]
        for key, seat, act in mirrors:
            hostile = key == ("guest", self.hostile)
            try:
                action = self.fair_choice(key, seat)
                if action is not None:
                    problem = act(action)
                    assert problem is None or hostile, problem
            except Exception:
                if not hostile:
                    raise
                self.crashes["its own choice"] += 1

    def _come_back(self) -> None:
        """The hostile guest's link closed (its own `bye`): it comes back a second later with
        its token and kept seed, as a page that reloads, a few times at most."""
        if self.bad.stage not in ENDED:
            self.gone_at = None
            return
        if self.rejoins >= REJOINS:
            return
        now = self.clock()
        self.gone_at = now if self.gone_at is None else self.gone_at
        if now - self.gone_at < 1.0:
            return
        kept = json.loads(json.dumps(self.bad.keep()))
        self.rejoins += 1
        self.join(NAMES[self.hostile], token=kept["token"], kept=kept, index=self.hostile)
        self._wrap()
        self.gone_at = None

    def open_stranger(self, junk: list) -> None:
        """A link to the host that never says hello; it sends `junk` (no hello in it)."""
        host_end, stranger = memory_pair(self.clock)
        self.host.add_link(host_end)
        for text in junk:
            stranger.send(text)
        self.strangers.append(stranger)

    # --- what is held ------------------------------------------------------------------
    def holdings(self) -> dict[str, int]:
        """How many of each kind of message the host and the honest devices hold now."""
        out = {"visitors": len(self.host.visitors), "held_text": len(self.honest._held)}
        fair = self.host.fair
        if fair is not None:
            out.update(held=len(fair.held), queue=len(fair.queue), log=len(fair.log))
        for d in self.honest_devices():
            for name in ("later", "refused", "inbox"):
                out[name] = max(out.get(name, 0), len(getattr(d, name, ())))
        if self.honest.fair is not None:
            out["early"] = len(self.honest.fair.early)
        return out

    def _count(self) -> None:
        for name, n in self.holdings().items():
            if n > self.most[name]:
                self.most[name] = n

    # --- where the match is --------------------------------------------------------------
    def progress(self) -> tuple:
        """Changes whenever the honest seats' match moves."""
        host = self.host
        out = [host.stage, self.honest.stage, self.honest.at]
        if host.match is not None:
            out.append(len(host.match.history))
        for d in self.honest_devices():
            out.append((d.d.number, len(d.verdicts), len(d.d.transcript), len(d.d.reveals)))
        return tuple(out)

    def over(self) -> bool:
        """The honest seats have seen the match to its end (dealt fairly: every honest device
        audited every deal; by the host: the honest guest saw the last update and audited)."""
        host, g = self.host, self.honest
        if host.stage != "over" or g.stage != "over":
            return False
        if host.fair is not None:
            return all(len(d.verdicts) >= RULES.deals for d in self.honest_devices())
        return g.at == len(host.match.history) and g.audit_result is not None


@contextlib.contextmanager
def counted_work_clocks():
    """The devices' work slices measured on a clock that counts its reads (0.1 ms each):
    the same case cut into the same slices on any machine, so a seed plays it again."""
    ticks = itertools.count()
    saved = Station.work_clock, Guest.work_clock
    Station.work_clock = Guest.work_clock = staticmethod(lambda: next(ticks) / 10000.0)
    try:
        yield
    finally:
        Station.work_clock, Guest.work_clock = saved


# --- text of the hostile guest's making ---------------------------------------------------------
@dataclass(frozen=True)
class Raw:
    """A piece of JSON text put in as it is: `wire` as sent, `canonical` as the host writes
    the value it reads from it again (1e999 is read as inf and written Infinity)."""

    wire: str
    canonical: str


NUMBERS = [Raw("1e999", "Infinity"), Raw("-1e999", "-Infinity"), Raw("NaN", "NaN"), Raw("Infinity", "Infinity"),
           Raw("-Infinity", "-Infinity"), Raw("-0", "0"), Raw("1E400", "Infinity"), Raw("1.0", "1.0"),
           Raw("1" + "0" * 400, "1" + "0" * 400), Raw("9" * 5000, "9" * 5000), Raw("1e-999", "0.0"),
           Raw("-1", "-1"), Raw(str(2**53), str(2**53)), Raw(str(2**64), str(2**64)), Raw("0.5", "0.5")]
SURROGATES = ["\ud800", "\udfff", "a\udc00b", "\ud83d", "\ud800\ud800", "\U0001f0a1\udbff"]


def deep_as(n: int, lists: bool) -> Raw:
    text = "[" * n + "0" + "]" * n if lists else '{"a":' * n + "0" + "}" * n
    return Raw(text, text)


def deep(rng: random.Random, most: int = 1000) -> Raw:
    """Lists or objects nested about as deep as JSON readers go (or far deeper)."""
    near = rng.randrange(most * 17 // 20, most + 1)
    return deep_as(rng.choice([near, near, rng.randrange(most, 20 * most), most * 2 // 5]), rng.random() < 0.6)


def junk(rng: random.Random, most_deep: int = 1000):
    """A value of the wrong kind, or one readers disagree on."""
    pick = rng.randrange(12)
    if pick == 0:
        return rng.choice(NUMBERS)
    if pick == 1:
        return deep(rng, most_deep)
    if pick == 2:
        return rng.choice(SURROGATES)
    if pick == 3:
        return rng.choice([None, True, False, 0, -1, 1.5, 2**63, -2**70, 10**30])
    if pick == 4:
        return rng.choice(["", " ", "x" * rng.randrange(100, 3000), "\x00", "\u202e", "play AS\n", "０", "NaN"])
    if pick == 5:
        return [junk(rng, most_deep) for _ in range(rng.randrange(4))] if rng.random() < 0.5 else list(range(200))
    if pick == 6:
        return {rng.choice(["", "a", "\ud800", "body", "m"]): junk(rng, most_deep)}
    if pick == 7:
        return rng.randbytes(rng.choice([1, 16, 31, 32, 33, 64])).hex()
    if pick == 8:
        return rng.randbytes(32).hex().upper()
    if pick == 9:
        return "".join(chr(rng.randrange(0x110000)) for _ in range(rng.randrange(1, 12)))
    if pick == 10:
        return rng.randrange(-5, 70)
    return rng.choice(NUMBERS + SURROGATES)


def text_of(obj, ascii: bool = True, canonical: bool = False) -> str:
    """`obj` as JSON text with its `Raw` pieces put in as they are (`canonical`: as the
    host writes the value again, sorted and without spaces, for a signature)."""
    raws: list[Raw] = []

    def swap(value):
        if isinstance(value, Raw):
            raws.append(value)
            return f"@@raw{len(raws) - 1}@@"
        if isinstance(value, dict):
            return {k: swap(v) for k, v in value.items()}
        if isinstance(value, list):
            return [swap(v) for v in value]
        return value

    if canonical:
        text = json.dumps(swap(obj), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    else:
        text = json.dumps(swap(obj), ensure_ascii=ascii)
    for i, raw in enumerate(raws):
        text = text.replace(f'"@@raw{i}@@"', raw.canonical if canonical else raw.wire)
    return text


SEQ = "@@seq@@"  # where a message's number goes, given when it is sent


@dataclass(frozen=True)
class Numbered:
    """A message numbered when it is sent, not when it is made (the hostile guest's own
    messages go out between the frames of an attack)."""

    template: str
    in_turn: bool = False  # always the next number (else now and then one used before, or a jump)

    def text(self, f: Forger) -> str:
        return self.template.replace(f'"{SEQ}"', str(f.next_seq() if self.in_turn else f.seq()), 1)

    def __add__(self, tail: str) -> Numbered:
        return Numbered(self.template + tail, self.in_turn)


def numbered(text: str, in_turn: bool = False) -> Numbered | str:
    return Numbered(text, in_turn) if f'"{SEQ}"' in text else text


class Forger:
    """Makes the hostile guest's messages from the room as its device sees it."""

    def __init__(self, room: HostileRoom, rng: random.Random):
        self.room, self.rng = room, rng
        self.next_in: dict[int, int] = {}  # deal -> the seat's next number there (deals its device is not in)

    # --- the envelope ---------------------------------------------------------------------
    def next_seq(self) -> int:
        peer = self.room.bad.peer
        peer.out_seq += 1
        return peer.out_seq

    def seq(self) -> int:
        """Mostly the next number; sometimes one used before, or a jump (the device goes on
        from it, as a modified guest numbers its own messages)."""
        pick, peer = self.rng.random(), self.room.bad.peer
        if pick < 0.8:
            return self.next_seq()
        if pick < 0.9:
            return self.rng.randrange(1, peer.out_seq + 2)
        peer.out_seq += self.rng.randrange(2, 10**6)
        return peer.out_seq

    def message(self, kind: str, body, seq=None, ascii: bool | None = None, in_turn: bool = False) -> Numbered | str:
        ascii = self.rng.random() < 0.8 if ascii is None else ascii
        return numbered(text_of({"v": 1, "seq": SEQ if seq is None else seq, "type": kind, "body": body}, ascii), in_turn)

    # --- the protocol's bodies ---------------------------------------------------------------
    def body(self, kind: str):
        """A body of `kind` as the protocol would take it from someone (a guest or the host)."""
        rng, room = self.rng, self.room
        seat = room.seat if room.seat is not None else 1
        at = room.honest.at or 0
        view = room.honest.view
        card = str(rng.choice(CARDS))
        lobby = room.host.lobby.to_json()
        bodies = {
            "hello": lambda: {"name": rng.choice(["Mal", "Gus", "Hana", "x" * 24]), "token": rng.choice(
                [None, room.bad.token, rng.randbytes(16).hex()])},
            "commit": lambda: {"commitment": rng.randbytes(32).hex()},
            "reveal": lambda: {"value": rng.randbytes(32).hex()},
            "action": lambda: {"at": rng.choice([at, at + 1, at + 1000, 0]), "seat": rng.choice([seat, 0, 1, 2]),
                               "action": rng.choice([f"play {card}", f"declare {rng.choice(ALL_CONTRACTS)}",
                                                     f"give {card}", f"discard {card}", "lapse"] +
                                                    ([str(a) for a in view.legal] if view and view.legal else []))},
            "quick": lambda: {"code": rng.choice(protocol.QUICK)},
            "sync": lambda: {},
            "bye": lambda: {"reason": rng.choice(protocol.BYES)},
            "fair_key": lambda: {"key": rng.randbytes(32).hex()},
            "fair": lambda: {"m": self.fair_obj(rng.choice(list(fair_wire.BODIES))), "sig": rng.randbytes(64).hex()},
            "welcome": lambda: {"seat": seat, "token": rng.randbytes(16).hex(), "lobby": lobby, "started": True},
            "lobby": lambda: {"lobby": lobby},
            "start": lambda: {"nonce": rng.randbytes(16).hex(), "commitment": rng.randbytes(32).hex(), "lobby": lobby},
            "commitments": lambda: {"commitments": [rng.randbytes(32).hex(), None, None]},
            "state": lambda: {"at": at, "view": None, "lobby": lobby, "deals_finished": 0},
            "update": lambda: {"at": at, "events": [], "view": None},
            "deal_over": lambda: {"deal": {}},
            "audit": lambda: {"values": [None, None, None]},
            "refused": lambda: {"code": "illegal", "seq": 1, "detail": "no"},
            "notice": lambda: {"kind": "away", "seat": 0},
            "ping": lambda: {},
            "fair_start": lambda: {"values": [None] * 3, "keys": [rng.randbytes(32).hex()] * 3, "dealer": 0,
                                   "follows": 0},
            "after_late": lambda: {"seat": rng.choice([0, 1, 2]), "deal": 0, "game": None, "key": None,
                                   "choice": rng.choice(list(protocol.AFTER_LATE) + [None])},
            "teleport": lambda: {},
        }
        return bodies[kind]()

    def mangled(self, obj: dict) -> dict:
        """`obj` (an envelope) with one to three of its fields changed, dropped or added."""
        rng = self.rng
        for _ in range(rng.randint(1, 3)):
            target = obj if rng.random() < 0.3 or not isinstance(obj.get("body"), dict) or not obj["body"] else obj["body"]
            how = rng.randrange(4)
            keys = list(target)
            if how == 0 and keys:
                target[rng.choice(keys)] = junk(rng)
            elif how == 1 and keys:
                del target[rng.choice(keys)]
            elif how == 2:
                target[rng.choice(["x", "", "v", "seq", "\ud800", "body2"])] = junk(rng)
            else:
                target["type"] = rng.choice(list(protocol.FROM_GUEST) + list(protocol.FROM_HOST) + ["teleport", ""])
        return obj

    # --- fair messages ------------------------------------------------------------------
    def deal_now(self) -> int:
        dev = self.room.device()
        return dev.d.number if dev is not None else 0

    def fair_obj(self, kind: str, body: dict | None = None, deal: int | None = None, seq: int | None = None) -> dict:
        room = self.room
        fair = room.host.fair
        game = fair.game if fair is not None else self.rng.randbytes(16).hex()
        deal = self.deal_now() if deal is None else deal
        sender = room.seat if room.seat is not None else 1
        return {"game": game, "deal": deal, "sender": sender, "seq": self.rng.randrange(4097) if seq is None else seq,
                "kind": kind, "body": self.fair_body(kind) if body is None else body}

    def in_order(self, deal: int) -> int:
        """The next number of the hostile seat in `deal`; its own device goes on after it (its
        own message of that number would be a second one, which the host drops)."""
        dev, room = self.room.device(), self.room
        for d in (dev.d if dev else None, dev.ahead if dev else None):
            if d is not None and d.number == deal:
                d.seq_out += 1
                return d.seq_out - 1
        fair = room.host.fair
        n = max(fair.expected.get((deal, room.seat), 0) if fair is not None else 0, self.next_in.get(deal, 0))
        self.next_in[deal] = n + 1
        return n

    def signed(self, m: dict, sign: bool = True) -> dict:
        """The `fair` body carrying `m`, signed with the hostile seat's own key (a valid
        signature on whatever it says), or with a random one."""
        side = self.room.bad.fair
        sig = self.rng.randbytes(64)
        if sign and side is not None:
            try:
                canon = text_of(m, canonical=True).encode("ascii")
                sig = native_group.sign(side.seed, fair_wire.MESSAGE_TAG + canon)
            except (RecursionError, ValueError):  # too deep to write out here: sent unsigned
                pass
        return {"m": m, "sig": sig.hex()}

    def fair_message(self, kind: str, body=None, deal=None, seq=None, sign: bool = True) -> Numbered | str:
        deal = self.deal_now() if deal is None else deal
        seq = self.in_order(deal) if seq is None else seq
        return self.message("fair", self.signed(self.fair_obj(kind, body, deal, seq), sign), ascii=True, in_turn=True)

    def crafted(self, kind: str, body=None, deal=None, sign: bool = True, fillers: list | None = None):
        """A crafted message in the seat's own order; `fillers` gets a plain one of the same
        number, sent a few frames later: taken only when the host refused the first, so the
        seat's numbering goes on (a seat with a hole in its numbering is only a silent one)."""
        deal = self.deal_now() if deal is None else deal
        seq = self.in_order(deal)
        if fillers is not None:
            fillers.append(self.fair_message(kind, self.fair_body(kind, wrong=0.0), deal, seq))
        return self.fair_message(kind, body, deal, seq, sign)

    def points(self, n: int) -> list[str]:
        rng, dev = self.rng, self.room.device()
        pool = [p.hex() for slots in dev.d.slots for p in slots] if dev is not None else []
        cards = self.room.host.fair.group.points if self.room.host.fair is not None else None
        pool += [p.hex() for p in cards or []]
        pool += ["01" + "00" * 31, "00" * 32, "ec" + "ff" * 30 + "7f"]  # the identity, a small-order point, a non-point
        return [rng.choice(pool) if pool and rng.random() < 0.7 else rng.randbytes(32).hex() for _ in range(n)]

    def scalars(self, n: int) -> list[str]:
        rng = self.rng
        fixed = ["00" * 32, "01" + "00" * 31, "ed" + "d3f55c1a631258d69cf7a2def9de14" + "00" * 15 + "10", "ff" * 32]
        return [rng.choice(fixed) if rng.random() < 0.2 else rng.randbytes(32).hex() for _ in range(n)]

    def fair_body(self, kind: str, wrong: float = 0.33) -> dict:
        """A body of a fair kind, of plausible values (real points, real keys of this seat),
        and one field of the wrong kind (as often as `wrong` says)."""
        rng = self.rng
        values = {
            "deck": lambda: self.points(rng.choice([52, 52, 52, 51, 0])),
            "what": lambda: rng.choice(fair_wire.WHATS),
            "keys": lambda: self.own_keys(rng.choice(fair_wire.WHATS)) or
            [[rng.randrange(52), k] for k in self.scalars(rng.randint(1, 16))],
            "contract": lambda: rng.choice(ALL_CONTRACTS),
            "slot": lambda: rng.randrange(-1, 21),
            "point": lambda: self.points(1)[0],
            "hand": lambda: self.points(rng.randint(1, 20)),
            "card": lambda: str(rng.choice(CARDS)),
            "scalar": lambda: self.scalars(1)[0],
            "deck_key": lambda: rng.choice([None, self.scalars(1)[0]]),
            "permutation": lambda: rng.sample(range(52), 52) if rng.random() < 0.7 else [0] * 52,
            "card_keys": lambda: self.scalars(52),
            "blinds": lambda: self.scalars(rng.randrange(3)),
            "claims": lambda: [[p, str(rng.choice(CARDS)), k] for p, k in zip(self.points(3), self.scalars(3))],
            "suspect": lambda: rng.choice([s for s in range(3) if s != self.room.seat] or [0]),
            "reason": lambda: rng.choice(["cheated", "x" * 200, "\ud800", ""]),
            "trick": lambda: rng.choice([None, 0, 15]),
            "evidence": lambda: rng.choice([None, self.evidence()]),
            "duty": lambda: rng.choice(DUTIES),
        }
        body = {name: values.get(name, lambda: junk(rng))() for name in fair_wire.BODIES[kind]}
        if body and rng.random() < wrong:
            body[rng.choice(list(body))] = junk(rng)
        return body

    def own_keys(self, what: str) -> list | None:
        """This seat's real keys for `what` (the cards being opened to others), as a modified
        device could send them at any time."""
        dev = self.room.device()
        try:
            return [[j, k.hex()] for j, k in sorted(dev._keys_for(what).items())] or None
        except Exception:  # no deal state yet, no secrets yet
            return None

    def evidence(self):
        """A relayed message of another seat, as is or changed: proof of nothing."""
        fair = self.room.host.fair
        others = [b for b in (fair.log if fair else []) if b["m"]["sender"] != self.room.seat and b["relay"]]
        if not others:
            return {"m": self.fair_obj("lapse", {}), "sig": "00" * 64, "relay": "00" * 64}
        body = json.loads(json.dumps(self.rng.choice(others)))
        if self.rng.random() < 0.5:
            body["m"]["seq"] += 1
        return body


# --- the attacks: each gives the frames of what the hostile guest sends (text, bytes, or a
# --- change of its own behaviour), the first frame at once ------------------------------------
def _limit(room: HostileRoom) -> int:
    return protocol.MAX_FROM_GUEST_FAIR if room.host.lobby.dealing != HOST_DEALS else protocol.MAX_FROM_GUEST


def _spread(items: list, per_frame: int) -> list[list]:
    return [items[i:i + per_frame] for i in range(0, len(items), per_frame)] or [[]]


def _then(first: list, fillers: list) -> list[list]:
    """`first` now, and the fillers of its crafted messages three frames later."""
    return [first, [], [], fillers] if fillers else [first]


def mangled(f: Forger) -> list[list]:
    """Messages of every kind of the protocol (the host's too, and none), fields changed."""
    rng = f.rng
    kinds = list(protocol.FROM_GUEST) + list(protocol.FROM_HOST) + ["teleport"]
    out = []
    for _ in range(rng.randint(1, 8)):
        kind = rng.choice(kinds)
        obj = {"v": 1, "seq": SEQ, "type": kind, "body": f.body(kind)}
        out.append(numbered(text_of(f.mangled(obj) if rng.random() < 0.85 else obj, ascii=rng.random() < 0.8)))
    return [out]


def nested(f: Forger) -> list[list]:
    """Nesting about as deep as JSON readers go: as a body, in a field, in a fair message's
    body (signed by the seat, so the host checks and relays it); or a sweep of depths a few
    levels apart, so that some message is read at the host's depth yet too deep to write out
    again a few calls further in."""
    rng, room = f.rng, f.room
    most = 1000 if room.host.fair is not None else 500  # (a host-dealt guest's messages are 1 kB at most)
    if room.host.fair is not None and rng.random() < 0.5:
        # one number for all: the deepest the host can read is taken, the rest are resends of it
        deal = f.deal_now()
        seq, texts = f.in_order(deal), []
        for n in range(most, most * 7 // 10, -rng.choice([2, 3])):
            kind = rng.choice(["lapse", "declare", "breach", "give"])
            body = f.fair_body(kind)
            body[rng.choice(list(body) or ["x"])] = deep_as(n, rng.random() < 0.6)
            texts.append(f.fair_message(kind, body, deal=deal, seq=seq))
        return _spread(texts, 25) + [[], [], [f.fair_message("lapse", {}, deal=deal, seq=seq)]]
    out, fillers = [], []
    for _ in range(rng.randint(1, 3)):
        pick = rng.randrange(4)
        if pick == 0:
            out.append(f.message(rng.choice(list(protocol.FROM_GUEST)), deep(rng, most)))
        elif pick == 1:
            kind = rng.choice(["hello", "action", "quick", "commit", "fair"])
            body = f.body(kind)
            body[rng.choice(list(body))] = deep(rng, most)
            out.append(f.message(kind, body))
        else:
            kind = rng.choice(list(fair_wire.BODIES))
            body = f.fair_body(kind)
            body[rng.choice(list(body) or ["x"])] = deep(rng, most)
            out.append(f.crafted(kind, body, sign=pick == 2 or rng.random() < 0.5, fillers=fillers))
    return _then(out, fillers)


def surrogates(f: Forger) -> list[list]:
    """Lone surrogates, escaped (valid JSON) or as they are, in every text field."""
    rng = f.rng
    out, fillers = [], []
    for _ in range(rng.randint(1, 4)):
        s = rng.choice(SURROGATES)
        pick = rng.randrange(5)
        if pick == 0:
            out.append(f.message("hello", {"name": s, "token": None}))
        elif pick == 1:
            out.append(f.message(rng.choice(["action", "quick", "bye"]),
                                 {"action": f"play {s}", "at": 0, "seat": 1} if rng.random() < 0.5 else {"code": s}))
        elif pick == 2:
            out.append(numbered(text_of({"v": 1, "seq": SEQ, "type": s, "body": {s: s}}, ascii=rng.random() < 0.5)))
        else:  # in a fair message, signed: the host relays what it cannot write as UTF-8
            kind = rng.choice(["breach", "declare", "play", "reveal", "lapse", "keys"])
            body = f.fair_body(kind)
            body[rng.choice(list(body) or ["reason"])] = s
            out.append(f.crafted(kind, body, sign=pick != 4 or rng.random() < 0.5, fillers=fillers))
    return _then(out, fillers)


def numbers(f: Forger) -> list[list]:
    """1e999, NaN, Infinity, -0, 401 and 5000 digits, floats: in the envelope, the bodies
    and a signed fair message."""
    rng = f.rng
    out, fillers = [], []
    for _ in range(rng.randint(1, 4)):
        n = rng.choice(NUMBERS)
        pick = rng.randrange(5)
        if pick == 0:
            out.append(text_of({"v": 1, "seq": n, "type": "sync", "body": {}}))
        elif pick == 1:
            out.append(numbered(text_of({"v": n, "seq": SEQ, "type": "quick", "body": {"code": "thanks"}})))
        elif pick == 2:
            body = f.body("action")
            body[rng.choice(["at", "seat"])] = n
            out.append(f.message("action", body))
        else:
            kind = rng.choice(["play", "give", "keys", "breach", "blind", "lapse"])
            body = f.fair_body(kind)
            body[rng.choice(list(body) or ["slot"])] = n
            deal = f.deal_now()
            seq = f.in_order(deal)
            m = f.fair_obj(kind, body, deal, seq)
            if rng.random() < 0.3:
                m[rng.choice(["deal", "seq", "sender"])] = n
            out.append(f.message("fair", f.signed(m), ascii=True, in_turn=True))
            fillers.append(f.fair_message(kind, f.fair_body(kind, wrong=0.0), deal, seq))
    return _then(out, fillers)


def replays(f: Forger) -> list[list]:
    """Earlier real messages again: as they were, renumbered, and other seats' relayed fair
    messages sent as this seat's."""
    rng, room = f.rng, f.room
    sent = room.links[room.hostile].log
    out = []
    for _ in range(rng.randint(1, 20)):
        pick = rng.randrange(3)
        if pick == 0 and sent:
            out.append(rng.choice(sent))
        elif pick == 1 and sent:
            try:
                obj = json.loads(rng.choice(sent))
                obj["seq"] = SEQ
                out.append(numbered(json.dumps(obj)))
            except (ValueError, TypeError, RecursionError):  # an earlier attack's text: nested too deep to read here
                continue
        elif room.host.fair is not None and (room.host.fair.log or room.host.fair.past):
            body = rng.choice(room.host.fair.log + room.host.fair.past)
            out.append(f.message("fair", {"m": body["m"], "sig": body["sig"]}))
    return [out]


def ahead(f: Forger) -> list[list]:
    """Messages for deals far ahead (or decisions far ahead), many of them: numbered in
    order in a few deals (so the host relays them and every device keeps them for later), or
    scattered up to the limit (so the host holds them for those before them)."""
    rng, room = f.rng, f.room
    if room.host.fair is None:
        at = room.honest.at or 0
        texts = [f.message("action", {"at": at + rng.randrange(1, 10**6), "seat": room.seat or 1,
                                      "action": "play AS"}) for _ in range(rng.randint(5, 60))]
        return _spread(texts, 20)
    now = f.deal_now()
    deals = [min(fair_wire.MAX_DEAL, now + rng.randint(1, 4)), fair_wire.MAX_DEAL, rng.randrange(now + 2, 60)]
    scattered = rng.random() < 0.5
    texts = []
    for _ in range(rng.randint(150, 700)):
        if scattered:
            deal, seq = rng.randrange(now + 1, 60), rng.randrange(1, fair_wire.MAX_SEQ + 1)
        else:
            deal = rng.choice(deals)
            seq = f.in_order(deal)
        kind = rng.choice(list(fair_wire.BODIES))
        body = f.fair_body(kind, wrong=0.33 if scattered else 0.0)  # (in order: every one read and relayed)
        texts.append(f.fair_message(kind, body, deal=min(deal, fair_wire.MAX_DEAL), seq=seq,
                                    sign=not scattered or rng.random() < 0.9))
    return _spread(texts, rng.choice([8, 30]))


def flood(f: Forger) -> list[list]:
    """Many messages in one frame, or many frames of nearly the host's limit."""
    rng = f.rng
    kind = rng.choice(["quick", "sync", "hello", "junk", "fair"])

    def one():
        if kind == "junk":
            return rng.choice(["{", "[]", "x", '{"v":1}'])
        if kind == "fair":
            return f.fair_message(rng.choice(list(fair_wire.BODIES)), seq=rng.randrange(fair_wire.MAX_SEQ + 1),
                                  sign=False)
        return f.message(kind, f.body(kind))

    if rng.random() < 0.5:
        return [[one() for _ in range(rng.randint(100, 2500))]]
    return [[one() for _ in range(rng.randint(20, 40))] for _ in range(rng.randint(10, 30))]


def oversized(f: Forger) -> list[list]:
    """Text over the host's limit: padded, a long field, a megabyte."""
    rng, limit = f.rng, _limit(f.room)
    out = []
    for _ in range(rng.randint(1, 3)):
        size = rng.choice([limit + 1, limit + 2, 65537, 1_000_000])
        pick = rng.randrange(3)
        if pick == 0:
            out.append(f.message("quick", {"code": "thanks" + " " * size}))
        elif pick == 1:
            out.append(numbered(text_of({"v": 1, "seq": SEQ, "type": "sync", "body": {}})) + " " * size)
        else:
            out.append(("\u00e9" * (size // 2 + 1)).encode("utf-8") if rng.random() < 0.5 else "x" * size)
    return [out]


def broken(f: Forger) -> list[list]:
    """Truncated real messages, invalid UTF-8, random bytes and text, JSON of other shapes."""
    rng, room = f.rng, f.room
    sent = [text for text in room.links[room.hostile].log if isinstance(text, str)]
    out = []
    for _ in range(rng.randint(1, 10)):
        pick = rng.randrange(6)
        real = rng.choice(sent) if sent else f.message("sync", {}, seq=1)
        if pick == 0:
            out.append(real[:rng.randrange(max(1, len(real)))])
        elif pick == 1:
            raw = real.encode("utf-8", "surrogatepass")
            k = rng.randrange(max(1, len(raw)))  # (a text sent before may be empty: pick 4's "")
            out.append(raw[:k] + bytes([rng.choice([0x80, 0xc0, 0xff, 0xfe, 0xed])]) + raw[k + 1:])
        elif pick == 2:
            out.append(rng.randbytes(rng.randrange(1, 300)))
        elif pick == 3:
            out.append("".join(chr(rng.randrange(0x110000)) for _ in range(rng.randrange(1, 100))))
        elif pick == 4:
            out.append(rng.choice(["", "null", "[]", "{}", '{"v":1}', "0", '"x"', "[" * 50, '{"v":1,"seq":1,"type":"sync","body":{}']))
        else:
            out.append(b"\xef\xbb\xbf" + real.encode("utf-8", "surrogatepass"))  # a byte-order mark first
    return [out]


def strangers(f: Forger) -> list[list]:
    """Links to the host that never say hello: silent, or sending everything but a hello."""
    rng = f.rng

    def open_them(room: HostileRoom) -> None:
        for _ in range(rng.randint(5, 40)):
            junk_texts = [] if rng.random() < 0.5 else [f.message(k, f.body(k), seq=i + 1)
                                                         for i, k in enumerate(rng.choices(["sync", "quick", "action",
                                                                                            "fair"], k=3))]
            room.open_stranger(junk_texts)

    return [[open_them]]


def silent(f: Forger) -> list[list]:
    """The hostile guest stops sending (its link still open): its device's messages go
    nowhere, or its numbers are used up by one message numbered at the protocol's limit."""
    if f.rng.random() < 0.7:
        return [[lambda room: setattr(room.link, "muted", True)]]
    return [[f.message("sync", {}, seq=protocol.MAX_SEQ)]]


def leaves(f: Forger) -> list[list]:
    """A goodbye (its page comes back a second later), or a hello again on the same link."""
    rng = f.rng
    if rng.random() < 0.5:
        return [[f.message("bye", {"reason": rng.choice(protocol.BYES)})]]
    return [[f.message("hello", {"name": rng.choice(["Mal", "Gus"]), "token": rng.choice(
        [None, f.room.bad.token, rng.randbytes(16).hex()])})]]


def signed(f: Forger) -> list[list]:
    """Fair messages of every kind, signed with the seat's own key, in its order: plausible
    bodies (real points, its real keys) or bodies of the wrong shape."""
    rng = f.rng
    now = f.deal_now()
    fillers: list = []
    out = [f.crafted(rng.choice(list(fair_wire.BODIES)), deal=rng.choice([now, now, now + 1]), fillers=fillers)
           for _ in range(rng.randint(1, 6))]
    return _then(out, fillers)


def cheats(f: Forger) -> list[list]:
    """What only a modified device sends, signed: its keys twice, the kitty's keys early, a
    play naming another slot's point, its secrets early, an accusation of an honest seat, a
    contract out of turn, one of its old messages again under a new number."""
    rng, room = f.rng, f.room
    dev, now, fillers = room.device(), f.deal_now(), []
    pick = rng.randrange(7)
    if pick == 0:
        keys = f.own_keys("hands")
        out = [f.crafted("keys", {"what": "hands", "keys": keys}, fillers=fillers) for _ in range(2)] if keys else []
    elif pick == 1:
        keys = f.own_keys("kitty")
        out = [f.crafted("keys", {"what": "kitty", "keys": keys}, fillers=fillers)] if keys else []
    elif pick == 2 and dev is not None and dev.d.slots[dev.seat]:
        slots = dev.d.slots[dev.seat]
        i = rng.randrange(len(slots))
        others = [p for s in range(3) for p in dev.d.slots[s] if p != slots[i]] or [slots[i]]
        card, scalar = dev.d.mine.get(slots[i], (rng.choice(CARDS), bytes(32)))
        body = {"slot": i, "point": rng.choice(others).hex(), "card": str(card), "scalar": scalar.hex()}
        out = [f.crafted("play", body, fillers=fillers)]
    elif pick == 3 and dev is not None and dev.d.secrets is not None:
        reveal = fair_wire.to_json(Msg("g", now, dev.seat, 0, "reveal", dev._reveal()))["body"]
        out = [f.crafted("reveal", reveal, fillers=fillers)]
    elif pick == 4:
        body = {"suspect": rng.choice([s for s in range(3) if s != room.seat] or [0]),
                "reason": "played a card it does not hold", "trick": rng.choice([None, 0]),
                "evidence": f.evidence() if rng.random() < 0.5 else None}
        out = [f.crafted("breach", body, fillers=fillers)]
    elif pick == 5:
        out = [f.crafted("declare", {"contract": rng.choice(ALL_CONTRACTS)}, fillers=fillers)]
    else:
        fair = room.host.fair
        own = [b["m"] for b in (fair.log + fair.past if fair else []) if b["m"]["sender"] == room.seat]
        old = json.loads(json.dumps(rng.choice(own))) if own else None
        out = [f.crafted(old["kind"], old["body"], deal=old["deal"] if rng.random() < 0.5 else None,
                         fillers=fillers)] if old else []
    return _then(out, fillers)


def encore(f: Forger) -> list[list]:
    """Its reveal of the last deal it revealed, again (as it was, or with a key changed),
    signed and in its order: after every device judged the deal, or the match is over."""
    rng, room = f.rng, f.room
    fair = room.host.fair
    own = [b["m"] for b in (fair.log + fair.past if fair else []) if b["m"]["sender"] == room.seat
           and b["m"]["kind"] == "reveal"]
    if not own:
        return [[]]
    last = json.loads(json.dumps(max(own, key=lambda m: (m["deal"], m["seq"]))))
    body = last["body"]
    if rng.random() < 0.5 and isinstance(body.get("card_keys"), list) and body["card_keys"]:
        body["card_keys"][rng.randrange(len(body["card_keys"]))] = f.scalars(1)[0]
    fillers: list = []
    return _then([f.crafted("reveal", body, deal=last["deal"], fillers=fillers)], fillers)


BOTH = {"mangled": mangled, "nested": nested, "surrogates": surrogates, "numbers": numbers, "replays": replays,
        "ahead": ahead, "flood": flood, "oversized": oversized, "broken": broken, "strangers": strangers,
        "silent": silent, "leaves": leaves}
FAIR_ONLY = {"signed": signed, "cheats": cheats, "encore": encore}


def attacks(fair: bool) -> dict:
    return {**BOTH, **FAIR_ONLY} if fair else dict(BOTH)


@dataclass
class Plan:
    """A case: which guest is hostile, its attacks and the frames they begin in."""

    fair: bool
    hostile: int
    room_seed: int
    bursts: list[tuple[int, str]] = field(default_factory=list)  # (frame, attack)
    last_word: str | None = None  # an attack once the match is over (the honest seats' screens show its end)


def plan(rng: random.Random, fair: bool, frames: int) -> Plan:
    """One attack (one to three times) or a mix of two to four, at random frames of the
    match (the lobby and the fair shuffle's start included), and in most cases one more
    once the match is over."""
    names = sorted(attacks(fair))
    if rng.random() < 0.7:
        chosen = [rng.choice(names)] * rng.randint(1, 3)
    else:
        chosen = rng.sample(names, rng.randint(2, 4))
    bursts = sorted((rng.randrange(frames), name) for name in chosen)
    after = chosen + (["encore", "cheats", "signed", "nested"] if fair else [])  # (a finished deal's messages)
    last_word = rng.choice(after) if rng.random() < 0.6 else None
    return Plan(fair, rng.randrange(2), rng.randrange(2**32), bursts, last_word)


__all__ = ["CAPS", "COUNTS", "Escaped", "Forger", "HostileRoom", "Plan", "Raw", "RawLink", "attacks",
           "counted_work_clocks", "note", "plan", "report", "text_of"]
