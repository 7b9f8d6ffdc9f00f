"""A guest's side of an online game: the mirror of its own seat that the guest's screens
show, and its part of the fair shuffle.

Why a mirror: the host's device holds the only `Match`; a guest holds what it is sent for
its seat: the latest `View`, a queue of `Update`s (the events of each action as this seat
may see them, with the view after it) for the table to animate, the room, and the public
facts of `GuestTable`.  It sends only its own actions, and only legal ones (checked
against its view before they go), answered by the next update.

Why it checks: everything from the host is decoded strictly (protocol.py); messages come
numbered without gaps and are handled in that order, so a repeated one is ignored, an
early one waits for those before it, and a lost one makes the guest ask for the full
state again; a message it sent that stays unanswered (a hello, a commitment, a value, an
action) is sent again with a new number.  Each finished deal the host publishes is
replayed against every view this guest was sent (deals.py), and the finished match
against the commitments (shuffle.audit), both a few milliseconds a frame; what they find
is in `problems` and `audit_result`.  Nothing here raises into the frame loop.
"""

from __future__ import annotations

import secrets
import time
from collections import Counter, deque
from dataclasses import dataclass

from game.ai.slicing import SliceKeeper
from game.engine import Action, View

from ..engine import Phase
from ..engine.values import replace
from . import shuffle
from .codec import Bad
from .deals import view_digest
from .fair.draws import SEED_BYTES
from .fair_room.guest import FairGuestSide
from .fair_room.wire import fingerprint
from .guest_table import GuestTable
from .lobby import FAIR
from .peer import Peer
from .protocol import QUICK, decode
from .updates import Update, drain

JOINING, LOBBY, SHUFFLE, PLAY, OVER = "joining", "lobby", "shuffle", "play", "over"
HOST_DEALT = ("state", "update", "deal_over", "audit")  # what the host sends of a game it deals
HOST_AWAY, TURNED_AWAY, CLOSED, LEFT = "host_away", "turned_away", "closed", "left"
ENDED = (HOST_AWAY, TURNED_AWAY, CLOSED, LEFT)


@dataclass(frozen=True)
class GuestSettings:
    resend_s: float = 2.0  # an unanswered hello, commitment, value or action: sent again
    sync_retry_s: float = 2.0  # a lost message: the full state asked for at most this often
    gap_wait_s: float = 1.0  # a message missing this long is lost (later ones waited for it)
    check_ms: float = 4.0  # real time a frame for checking finished deals and the audit
    fair_ms: float = 8.0  # fair dealing's work a frame (opening cards, checking, signing)
    fair_wait_ms: float = 16.0  # fair dealing's work a frame while the seat waits between deals (nothing to animate or decide)
    turn_timeout_s: float | None = 90.0  # fair dealing: a person who does not act, the device plays that turn


class Guest:
    work_clock = staticmethod(time.perf_counter)  # real seconds for the checks' slices (tests: a fake)

    def __init__(self, link, name: str, token: str | None = None, kept: dict | None = None,
                 settings: GuestSettings | None = None, clock=time.monotonic, entropy=secrets.token_bytes,
                 group=None):
        self.peer = Peer(link, clock)
        self.entropy = entropy  # n -> n random bytes (seeded in tests)
        self.clock = clock
        self.settings = settings or GuestSettings()
        self.name = name
        self.token = token
        self.seat: int | None = None
        self.stage = JOINING
        self.end_reason: str | None = None
        self.lobby = None
        self.view: View | None = None
        self.at: int | None = None
        self.updates: deque[Update] = deque()
        self.inbox: deque[tuple] = deque()  # ("notice", kind, seat), ("quick", seat, code), ("refused", code, detail)
        self.problems: list[tuple] = []  # what this guest's checks found wrong with the host
        self.ignored: Counter = Counter()  # messages not taken, by reason
        self.hint_seed = int.from_bytes(entropy(4), "big") >> 1
        # the fair shuffle (kept across a reload: `keep()`)
        self.nonce: bytes | None = None
        self.host_commitment: str | None = None
        self.value: bytes | None = None
        self.commitment: str | None = None
        self.commitments: tuple | None = None
        self.revealed = False
        self.audit_values: tuple | None = None
        self.audit_result: shuffle.AuditResult | None = None
        # fair dealing: the seed of every secret this seat draws (fair/draws.py; kept across a
        # reload: a secret as the hand is, it never leaves this device)
        self.fair_seed: bytes | None = None
        self.deals: dict = {}  # number -> FinishedDeal
        self.deal_records: dict = {}  # number -> Deal (from the replay)
        self.digests: dict[int, str] = {}  # at -> view_digest of the view sent for it
        self._pending: tuple | None = None  # (kind, body, sent at): resent until answered
        self._last_sync_ask = float("-inf")
        self._gap = False  # a message was lost and no full state came since
        self._held: dict = {}  # seq -> Message that came before one numbered below it
        self._held_since: float | None = None
        self._jobs: deque = deque()  # (step generator, what to do with its result, deal number)
        self._slices = SliceKeeper()
        self._checked: set[int] = set()  # finished deals whose check is done
        self._auditing = False
        self._late = False
        self.table = GuestTable(self)
        self.group = group  # fair dealing's group backend (None: this platform's, fair/ops.py)
        self.fair = None  # this seat's side of a fairly dealt match (fair_room/guest.py), once started
        self.fair_before = None  # that side, done, once the host deals on after a late seat (FairGuestSide.host_deals_on)
        self.dealt_from = 0  # the first deal the host dealt (a match begun fairly: after the late one)
        self.frame_room = None  # the front end's: the ms left in its frame for the fair side's work (station.py)
        if kept:
            unkeep(self, kept)

    # --- for the guest's screens ---------------------------------------------------------------
    def take_updates(self) -> list[Update]:
        return drain(self.updates)

    def take_inbox(self) -> list[tuple]:
        return drain(self.inbox)

    def act(self, action) -> str | None:
        """Send this seat's action; None when sent, else why not (nothing is sent)."""
        if self.seat_taken:  # (watching the computer play it: fair_room/watch.py)
            return "a computer plays this seat now"
        if self.fair is not None:
            return self.fair.seat.act(action) if self.fair.seat else "the game is not being played"
        view = self.view
        if self.stage != PLAY or view is None:
            return "the game is not being played"
        if view.to_act != self.seat:
            return "it is not your turn"
        if self._pending and self._pending[0] == "action":
            return "your last action is on its way"
        try:
            action = Action.parse(action)
        except ValueError as exc:
            return str(exc)
        if action not in view.legal:
            return f"{action} is not allowed now"
        self._send_pending("action", {"at": self.at, "seat": self.seat, "action": str(action)})
        return None

    def quick(self, code: str) -> bool:
        """A quick message (one of protocol.QUICK); False when not sent."""
        return code in QUICK and self.peer.send("quick", {"code": code})

    def leave(self) -> None:
        self.peer.send("bye", {"reason": "leaving"})
        self.peer.link.close()
        self.stage = LEFT

    def keep(self) -> dict:
        """What the browser keeps (localStorage) to come back to this seat after a reload.  In
        a fairly dealt game that includes the seat's dealing seed: whoever reads it can
        compute this seat's cards, as whoever sees its screen can (docs/FAIR_DEALING.md)."""
        return {"token": self.token, "nonce": self.nonce.hex() if self.nonce else None,
                "value": self.value.hex() if self.value else None, "commitment": self.commitment,
                "host_commitment": self.host_commitment, "revealed": self.revealed,
                "fair_seed": self.fair_seed.hex() if self.fair_seed else None}

    # --- the frame ---------------------------------------------------------------------------
    def poll(self) -> None:
        if self.stage in ENDED:
            return
        now = self.clock()
        peer = self.peer
        if not peer.opened:
            if not peer.open:
                return
            peer.opened = True
            self._send_pending("hello", {"name": self.name, "token": self.token})
        for text in peer.link.receive():
            self._take(text)
            if self.stage in ENDED:
                return
        if self._held and now - self._held_since >= self.settings.gap_wait_s:
            self._skip_gap()
            if self.stage in ENDED:
                return
        if not peer.open:
            self.stage, self.end_reason = CLOSED, "closed"
            return
        pending = self._pending
        if pending and now - pending[2] >= self.settings.resend_s:
            self._send_pending(pending[0], pending[1])
        if self._missing():
            self._ask_sync()
        self._work()
        if self.fair is not None:
            self.fair.poll()

    @property
    def mirror(self):
        """This seat as the screens read it: the Guest itself (the same API in both ways
        of dealing; the host's `mirror` is its own seat's in fair dealing)."""
        return self

    def deal_checked(self, number: int) -> bool:
        """Deal `number` is checked and its record is in (the score screen has its row):
        replayed against every view sent, or, dealt fairly, audited on this device."""
        if self.fair is not None:
            return self.fair.seat is not None and self.fair.seat.deal_checked(number)
        return number in self.deal_records

    def match_checked(self) -> bool:
        """The whole match is checked (the game-over screen has its statistics and record):
        the fair shuffle's audit, or, dealt fairly, every deal's."""
        if self.fair is not None:
            return self.fair.seat is not None and self.fair.seat.match_checked()
        if self.fair_before is not None:  # (begun fairly: no seed of the values dealt the host's deals)
            return self.view is not None and all(n in self.deal_records for n in range(self.view.rules.deals))
        return self.audit_result is not None

    def fingerprints(self) -> tuple | None:
        """Fair dealing: each seat's signing key's fingerprint, for the lobby to show."""
        side = self.fair or self.fair_before
        keys = side.keys if side is not None and side.seat is not None else None
        return tuple(fingerprint(k) for k in keys) if keys else None

    def _missing(self) -> bool:
        """Something was lost and has not come again: a message (a gap in the numbers
        not yet followed by a full state), or a finished deal."""
        view = self.view
        if self._gap or view is None or self.fair is not None:
            return self._gap
        finished = view.deal_number + (1 if view.phase == Phase.GAME_OVER else 0)
        return len(self.deals) < finished - self.dealt_from

    def _send_pending(self, kind: str, body: dict) -> None:
        self._pending = (kind, body, self.clock())
        self.peer.send(kind, body)

    def _answered(self, *kinds: str) -> None:
        if self._pending and self._pending[0] in kinds:
            self._pending = None

    def _take(self, text) -> None:
        """Messages are handled in their numbers' order: one that comes early waits
        (`gap_wait_s` at most) for those before it."""
        msg = decode(text, from_host=True)
        if not msg:
            self.ignored[msg.code] += 1
            return
        if msg.seq <= self.peer.in_seq or msg.seq in self._held:
            self.ignored["duplicate"] += 1
            return
        if not self._held:
            self._held_since = self.clock()
        self._held[msg.seq] = msg
        self._drain()

    def _drain(self) -> None:
        held = self._held
        while self.peer.in_seq + 1 in held and self.stage not in ENDED:
            msg = held.pop(self.peer.in_seq + 1)
            self.peer.in_seq = msg.seq
            self._handle(msg)
        if held:
            self._held_since = self.clock() if self._held_since is None else self._held_since
        else:
            self._held_since = None

    def _skip_gap(self) -> None:
        """The messages before the first held one are lost: go on from it, and ask for
        the full state (the lost ones may have held a finished deal or a notice)."""
        self.ignored["gap"] += 1
        self.peer.in_seq = min(self._held) - 1
        self._held_since = None
        self._gap = True
        self._ask_sync()
        self._drain()

    def _handle(self, msg) -> None:
        if self.seat is None and msg.kind not in ("welcome", "refused", "bye", "ping"):
            self.ignored["before_welcome"] += 1
            return
        if self.fair is not None and msg.kind in HOST_DEALT:  # the host deals on: once the fair deals end here
            self.fair.hold(msg)
            return
        try:
            getattr(self, "_on_" + msg.kind)(msg.body)
        except Bad as exc:
            self.problems.append(("bad", msg.kind, str(exc)))
        except Exception as exc:  # a last guard: the host's messages never crash the game
            self.problems.append(("bad", msg.kind, f"{type(exc).__name__}: {exc}"))

    def cannot_play(self, why: str) -> None:
        """Dealt fairly, this device cannot act for its seat (it kept no dealing seed, or one
        that is not the seat's): said, the link closed, nothing sent for the seat; the
        host's room waits for the device that holds the seat's secrets."""
        self.problems.append(("fair_keys", why))
        self.end_reason = "fair_keys"
        self.stage = TURNED_AWAY
        self.peer.link.close()

    def _ask_sync(self) -> None:
        now = self.clock()
        if now - self._last_sync_ask >= self.settings.sync_retry_s:
            self._last_sync_ask = now
            self.peer.send("sync", {})

    # --- what the host sends -------------------------------------------------------------------
    def _on_welcome(self, body) -> None:
        self._answered("hello")
        self.seat, self.token, self.lobby = body["seat"], body["token"], body["lobby"]
        self._late = body["started"]  # the match began without us: its start is only news
        if not body["started"]:
            self.stage = LOBBY

    def _on_lobby(self, body) -> None:
        self.lobby = body["lobby"]

    def _on_start(self, body) -> None:
        nonce, commit = body["nonce"], body["commitment"]
        self.lobby = body["lobby"]
        if self.nonce == nonce:  # the same match again (back after a reload, or a sync)
            if self.host_commitment is not None and self.host_commitment != commit:
                self.problems.append(("changed", "the host's commitment"))
            self.host_commitment = commit
            if self.commitments is None and self.commitment is not None and not self.revealed:
                self._send_pending("commit", {"commitment": self.commitment})
            if self.lobby.dealing == FAIR and self.fair is None and self.fair_before is None:  # back after a reload
                if self.fair_seed is None:
                    self.cannot_play("no dealing secret of this seat was kept on this device")
                else:
                    self.fair = FairGuestSide(self, self.group, back=True)
            return
        self.nonce, self.host_commitment, self.commitments = nonce, commit, None
        late, self._late = self._late, False
        if late:  # back after a reload that kept nothing: this match's value is lost
            self.value = self.commitment = None
            if self.lobby.dealing == FAIR:  # and so are the seat's dealing secrets
                self.cannot_play("no dealing secret of this seat was kept on this device")
                return
        else:
            self.value = shuffle.new_value(self.entropy)
            self.commitment = shuffle.commitment(nonce, self.seat, self.value)
        self.revealed = False
        self.audit_values = self.audit_result = None
        self.deals, self.deal_records, self.digests = {}, {}, {}
        self._jobs.clear()
        self._checked, self._auditing = set(), False
        self.stage = SHUFFLE
        if self.commitment is not None:
            self._send_pending("commit", {"commitment": self.commitment})
        self.fair, self.fair_seed = None, None
        if self.lobby.dealing == FAIR and self.commitment is not None:
            self.fair_seed = self.entropy(SEED_BYTES)  # this seat's secrets for this match, drawn by label
            self.fair = FairGuestSide(self, self.group)

    def _on_commitments(self, body) -> None:
        commitments = body["commitments"]
        if self.host_commitment is None:  # its start was lost: a sync brings both again
            self._ask_sync()
            return
        self._answered("commit")
        if self.commitments is not None and self.commitments != commitments:
            self.problems.append(("changed", "the commitments"))
        self.commitments = commitments
        host = self.lobby.host_seat if self.lobby else None
        if host is None or commitments[host] != self.host_commitment:
            self.problems.append(("changed", "the host's commitment"))
        if self.commitment is not None and commitments[self.seat] not in (self.commitment, None):
            self.problems.append(("changed", "this seat's commitment"))  # None: it came too late
        if self.value is not None and commitments[self.seat] == self.commitment and self.view is None:
            self.revealed = True
            self._send_pending("reveal", {"value": self.value.hex()})

    def _on_state(self, body) -> None:
        view = body["view"]
        if view.seat != self.seat:
            raise Bad(f"a state for seat {view.seat}, not {self.seat}")
        self._answered("commit", "reveal")
        self._gap = False
        self.lobby = body["lobby"]
        over = 1 if view.phase == Phase.GAME_OVER else 0
        self.dealt_from = max(0, view.deal_number + over - body["deals_finished"])
        self._show(body["at"], (), view, True)

    def _on_update(self, body) -> None:
        view = body["view"]
        if view.seat != self.seat:
            raise Bad(f"an update for seat {view.seat}, not {self.seat}")
        self._answered("reveal")
        self._show(body["at"], body["events"], view, False)

    def _show(self, at: int, events, view: View, snapshot: bool) -> None:
        if self._pending and self._pending[0] == "action" and at != self._pending[1]["at"]:
            self._pending = None  # answered: the match moved on
        self.at, self.view = at, view
        self.digests[at] = view_digest(view)
        if view.to_act == self.seat and self.seat_taken:  # watching the computer play it: no turn is offered
            view = replace(view, to_act=None, legal=())
        self.updates.append(Update(at, tuple(events), view, snapshot))
        self.stage = OVER if view.phase == Phase.GAME_OVER else PLAY

    def _on_deal_over(self, body) -> None:
        deal = body["deal"]
        if deal.number in self.deals or self.view is None:
            return
        self.deals[deal.number] = deal
        steps = deal.replay_steps(self.view.rules, self.seat, self.digests)
        self._jobs.append((steps, lambda result: self._deal_checked(deal, result), deal.number))

    def _deal_checked(self, deal, result) -> None:
        self._checked.add(deal.number)
        if result is not None:  # None: the replay refused it (in problems already)
            match, differs = result
            if differs is not None:
                self.problems.append(("deal_differs", deal.number, differs))
            self.deal_records[deal.number] = match.deals[0]
        self._try_audit()

    def _on_audit(self, body) -> None:
        self.audit_values = body["values"]
        self._try_audit()

    def _try_audit(self) -> None:
        if self.audit_values is None or self._auditing or self.view is None or self.commitments is None:
            return
        if self.fair_before is not None or self.dealt_from:
            return  # the host's deals of a match begun fairly: no seed of the values dealt them
        rules = self.view.rules
        if len(self._checked) < rules.deals:
            return  # still checking them, or a sync will bring the rest
        self._auditing = True
        own = self.value if self.revealed else None
        steps = shuffle.audit_steps(rules, self.nonce, self.seat, own, self.commitments, self.audit_values,
                                    dict(self.deals), self.digests)
        self._jobs.append((steps, lambda result: setattr(self, "audit_result", result), None))

    def _work(self) -> None:
        """A slice of the checks (a finished deal's replay, the final audit), at most
        `check_ms` of real time a frame: a browser frame must stay short."""
        if not self._jobs:
            return
        steps, done, deal = self._jobs[0]
        try:
            finished, result = self._slices.run(steps, self.settings.check_ms, self.work_clock)
        except Bad as exc:
            self.problems.append(("bad", "deal_over", str(exc)))
            finished, result = True, None
        if finished:
            self._jobs.popleft()
            self._slices.reset()
            done(result)

    def _on_refused(self, body) -> None:
        if body["code"] in ("stale", "illegal", "not_your_turn", "forged"):
            self._answered("action")
        self.inbox.append(("refused", body["code"], body["detail"]))

    def _on_quick(self, body) -> None:
        self.inbox.append(("quick", body["seat"], body["code"]))

    def _on_notice(self, body) -> None:
        self.inbox.append(("notice", body["kind"], body["seat"]))
        if body["kind"] == "host_away":
            self.stage, self.end_reason = HOST_AWAY, "host_leaving"

    def _on_ping(self, body) -> None:
        pass

    def _on_fair_start(self, body) -> None:
        if self.fair is None and self.fair_before is None and self.fair_seed is not None and self.view is None:
            self.fair = FairGuestSide(self, self.group, back=True)  # (back in a match the host deals on: the fair deals again)
        if self.fair is not None:
            self._answered("commit", "reveal")
            self.fair.take_start(body)

    def _on_fair(self, body) -> None:
        if self.fair is not None:
            self.fair.take(body)

    def _on_after_late(self, body) -> None:
        """Dealt fairly, a seat was named late: the host is choosing how the match goes on
        (choice None), or chose; a choice that changes the match takes effect in the one order
        (fair_room/guest.py).  The screens are told either way."""
        choice = body["choice"]
        if self.fair is None and self.seat_taken:  # (watching: the host's choices about other seats are news)
            self.inbox.append(("after_late", body["seat"], body["deal"], choice))
            return
        if self.fair is None:
            raise Bad("after_late: the cards are not dealt fairly in this game")
        if choice in ("computer", "host", "stop"):
            self.fair.take_turn(body)
        self.inbox.append(("after_late", body["seat"], body["deal"], choice))

    @property
    def seat_taken(self) -> bool:
        """Dealt fairly, this seat was named late and the host's computer plays it now (its
        person may watch: FairGuestSide.watch)."""
        side = self.fair or self.fair_before
        return side is not None and side.taken_over

    def _on_bye(self, body) -> None:
        reason = body["reason"]
        self.end_reason = reason
        self.stage = HOST_AWAY if reason == "host_leaving" else TURNED_AWAY
        self.peer.link.close()


def unkeep(guest: Guest, kept: dict) -> None:
    """What `Guest.keep` kept, taken back (a damaged part: come back without it)."""
    try:
        nonce, value = kept.get("nonce"), kept.get("value")
        guest.nonce = bytes.fromhex(nonce) if isinstance(nonce, str) else None
        guest.value = bytes.fromhex(value) if isinstance(value, str) else None
        guest.commitment = kept.get("commitment") if isinstance(kept.get("commitment"), str) else None
        guest.host_commitment = kept.get("host_commitment") if isinstance(kept.get("host_commitment"), str) else None
        guest.revealed = kept.get("revealed") is True
        if isinstance(kept.get("token"), str) and guest.token is None:
            guest.token = kept["token"]
    except (ValueError, AttributeError):  # a damaged keep: come back without it
        guest.nonce = guest.value = guest.commitment = guest.host_commitment = None
    try:
        seed = kept.get("fair_seed")
        guest.fair_seed = bytes.fromhex(seed) if isinstance(seed, str) and len(seed) == 2 * SEED_BYTES else None
    except (ValueError, AttributeError):  # a damaged seed: this device cannot act for a fairly dealt seat
        guest.fair_seed = None
