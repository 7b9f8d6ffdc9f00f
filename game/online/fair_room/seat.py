"""One seat of a fairly dealt online game, on the device that plays it: its FairDevice, and
what the screens read, through the same API a host-dealt guest offers (game/online/guest.py,
guest_table.py; docs/ONLINE.md "What a guest's screens read").

Why the same API: the screens should not care who dealt.  A guest's `Guest`, and in fair
dealing the host's own `host.mirror`, both give `view`, `take_updates()` (`Update`: the
events of each action as this seat may see them, and the view after it), `act(action)`,
`take_inbox()`, `stage` and `table` (score sheet, finished deals, result).  Here the view is
the seat's Tracker's, and an update is made when the tracker has settled after an action
(a pass given back, the rest of the declarer's hand or the kitty opened), so each update
equals what the host would have sent.  Between deals, while the next one is shuffled and
opened, `dealing` is True and the view is the deal just played out (its last trick, no
one to act); its score comes as a "scored" event once every device's audit has spoken
(the house rule's score when someone breached, with ("breach", deal, seat, trick, reason)
in the inbox, or ("late", deal, seat, duty) when the host's deadline named it), and the next deal as a "dealt" event.

A computer seat (the host's) decides from this tracker's view with a game.ai player, one
slice of thinking per frame; a person's seat waits for `act`.

A seat rebuilt after a reload (from its kept seed, fair/draws.py) takes the whole
transcript again: meanwhile (`replaying`) its screens get nothing, and at the end one
snapshot of where the game is, as a host-dealt guest coming back gets a `state`.
"""

from __future__ import annotations

from collections import deque

from game.engine import Action, Event, Match
from game.engine.deal import Deal
from game.engine.match import decide_winner

from ...engine import Phase
from ...engine.rules import MT
from ...engine.values import replace
from ..fair.breach import breached_tricks
from ..fair.device import FairDevice
from ..fair.tracker import DEALING
from ..guest_table import GuestTable
from ..lobby import OVER, PLAY
from ..updates import Update, drain


class FairTable(GuestTable):
    """GuestTable's answers for a fairly dealt game: every finished deal comes from the
    audit's replay, on every device alike."""

    def deal_match(self, number: int) -> Match | None:
        replay = self._guest.replays.get(number)
        if replay is None or not replay.deals:
            return None  # not finished yet, or stopped by a breach
        return replay.copy()

    def finished_match(self) -> Match | None:
        """The whole match once every deal is audited and none was breached (for the record,
        the replay and the statistics); None before, or when a deal was scored by the house
        rule, which no engine Match plays.  No seed deals it: each deal's cards come from
        its audit, as a record of a game carries them (Match.from_position's `later`)."""
        seat = self._guest
        rules = self.rules
        if self._finished is None and seat.match_checked() and not seat.breaches:
            first = seat.replays[0].deals[0]
            later = [(seat.replays[n].deals[0].hands, seat.replays[n].deals[0].kitty) for n in range(1, rules.deals)]
            match = Match.from_position(rules, first.hands, first.kitty, first.dealer, later=later, seed=seat.game_seed)
            for number in range(rules.deals):
                for action in seat.replays[number].history:
                    match.apply(action)
            self._finished = match
        return self._finished

    def result(self):
        """(winner, tie-break) once the match is over; a match stopped after a late seat (the
        host's choice) is decided on the deals played, as a finished one is on all of them."""
        if self._guest.stopped and self.is_over() and self.deals:
            return decide_winner(self.totals, list(self.deals))
        return super().result()


class FairSeat:
    def __init__(self, seat: int, rules, dealer: int, game: str, group, seed: bytes, public: bytes,
                 hint_seed: int = 0, player=None, think_ms: float = 8.0, judge=None, device_class=FairDevice,
                 replaying: bool = False, turn_timeout_s: float | None = None, clock=None):
        self.seat = seat
        self.turn_timeout_s, self.clock = turn_timeout_s, clock  # a person's turn, then a computer plays it
        self._turn: tuple | None = None  # (actions taken, when) of the person's turn now asked
        self._stand_in = None  # the computer that plays a person's turn that took too long
        self.outbox: list = []  # the device's messages, to be signed and sent
        self.player = player  # a game.ai player deciding here (a computer seat), or None (a person)
        self.think_ms = think_ms
        self.thought = False  # the player has thought this frame (the station clears it)
        # `seed` draws every secret of the seat (fair/draws.py), its signing key too
        self.device = device_class(seat, rules, dealer, self.outbox.append, self._choose, game, seed, group, judge)
        self.key_seed, self.public = self.device.draws.signing_key(), public
        self.device.replaying = replaying  # rebuilt after a reload: the transcript is taken again, shown at its end
        self.device.on_message = self._collect
        self.device.on_verdict = self._verdict
        self.lobby = None  # the room, kept by the owner (Guest or Host)
        self.view = None
        self.at = 0
        self.hint_seed = hint_seed
        self.updates: deque[Update] = deque()
        self.inbox: deque[tuple] = deque()
        self.breaches: list = []  # (deal, Breach) in order
        self.deal_records: dict[int, Deal] = {}
        self.replays: dict[int, Match] = {}
        self.audit_result = self.audit_values = None  # (GuestTable: no seed to audit)
        self.table = FairTable(self)
        self._chosen: Action | None = None
        self._events: list[Event] = []
        self._first = True
        self.stopped = False  # the host stopped the match after a late seat: it ends where it is

    @property
    def game_seed(self) -> int:
        """A number every device of this game shares (from the match's nonce), for the
        rebuilt match's seed: its deals come from the audits, so the seed deals nothing,
        but it names the game alike on every device (the statistics count a game once)."""
        try:
            return int(self.device.game[:15], 16)
        except ValueError:
            return 0

    # --- for the screens ----------------------------------------------------------------
    @property
    def tracker(self):
        return self.device.tracker

    @property
    def stage(self) -> str:
        return OVER if self.view is not None and self.view.phase == Phase.GAME_OVER else PLAY

    @property
    def dealing(self) -> bool:
        """The next deal is being shuffled and opened (the screens can say so)."""
        return self.tracker.phase == DEALING

    def deal_checked(self, number: int) -> bool:
        """Deal `number` is audited on this device and its record is in."""
        return number in self.deal_records

    def match_checked(self) -> bool:
        """Every deal of the match is audited on this device (of a match stopped after a late
        seat, every deal played)."""
        return len(self.deal_records) == self.device.rules.deals or self.stopped

    def take_updates(self) -> list[Update]:
        return drain(self.updates)

    @property
    def replaying(self) -> bool:
        return self.device.replaying

    def end_replay(self) -> None:
        """The transcript is taken again: the device does its duties again, and the screens
        get where the game is, as one snapshot."""
        if self.replaying:
            self.device.replaying = False
            if self.view is not None:
                self.updates.append(Update(self.at, (), self.view, snapshot=True))

    def take_inbox(self) -> list[tuple]:
        return drain(self.inbox)

    def act(self, action) -> str | None:
        """This seat's decision; None when taken (the device sends it), else why not."""
        view = self.view
        if self.player is not None:
            return "a computer plays this seat"
        if self.replaying:
            return "the game is being caught up"
        if view is None or view.to_act != self.seat or self.tracker.view() != view:
            return "it is not your turn"
        if self._chosen is not None:
            return "your last action is on its way"
        try:
            action = Action.parse(action) if not isinstance(action, Action) else action
        except ValueError as exc:
            return str(exc)
        if action not in view.legal:
            return f"{action} is not allowed now"
        self._chosen = action
        return None

    # --- after a seat was named late (the host's choice: host/after_late.py) ------------------------
    def rebase(self, game: str, seed: bytes, carried: dict) -> None:
        """The match goes on under the new game id `game` from the deal `carried` starts
        (FairDevice.carried): a seat was handed to the host's computer, and what was begun of
        that deal under the old id is void.  A new device for this seat draws from `seed`; its
        signing key, and all the screens have read so far, stay."""
        old = self.device
        device = type(old)(self.seat, old.rules, carried["dealer"], self.outbox.append, self._choose, game, seed,
                           old.group, old.judge)
        device.timekeeper, device.replaying = old.timekeeper, old.replaying
        device.on_message, device.on_verdict = self._collect, self._verdict
        device.resume(carried)
        self.outbox.clear()
        self.device, self._events, self._chosen, self._first = device, [], None, False

    def stop(self) -> None:
        """The host stopped the match after a late seat: it is over where it is, scored as far
        as it was played, and the screens are told (the final score screen)."""
        if self.stopped or self.view is None:
            return
        self.stopped = True
        records = [self.deal_records[n] for n in sorted(self.deal_records)]
        view = replace(self.view, phase=Phase.GAME_OVER, to_act=None, legal=(), hand=(), hand_mask=0,
                       hand_sizes=(0, 0, 0), kitty=None, discards=None, trick=())
        events = ()
        if records:
            winner, tiebreak = decide_winner(view.totals, records)
            events = (Event("game_over", winner, None, tiebreak),)
        self._push(Update(self.at, events, view))

    # --- the device's side ----------------------------------------------------------------
    def _choose(self, view):
        if self.player is None:
            chosen, self._chosen = self._chosen, None
            if chosen in view.legal:
                return chosen
            return self._timed_out(view)
        return self._think(self.player, view)

    def _think(self, player, view):
        if self.thought:
            return None  # one slice of thinking a frame
        self.thought = True
        try:
            action = player.think(view, self.think_ms)
        except Exception:  # a faulty player must not stall the game
            action = view.legal[0]
        return None if action is None else (action if action in view.legal else view.legal[0])

    def _timed_out(self, view):
        """A person whose turn took longer than the turn timeout: a computer plays that turn, as
        the host's does in a host-dealt game (nobody else holds this seat's cards, and the host
        names a seat that owes its turn much longer: fair/dues.py)."""
        if self.turn_timeout_s is None or self.clock is None:
            return None
        now = self.clock()
        if self._turn is None or self._turn[0] != self.tracker.actions:
            self._turn = (self.tracker.actions, now)
        if now - self._turn[1] < self.turn_timeout_s:
            return None
        if self._stand_in is None:
            from game.ai import make_player  # the search players load only when a computer plays

            strength = self.lobby.strength if self.lobby is not None else "normal"
            self._stand_in = make_player(strength, seed=self.hint_seed)
            if self.lobby is not None:
                self._stand_in.meet(self.lobby.table())
        action = self._think(self._stand_in, view)
        if action is not None:
            self.inbox.append(("notice", "timeout", self.seat))
        return action

    def _settled(self) -> bool:
        """The tracker shows what Match.view would after a whole action."""
        t = self.tracker
        if t.phase in (DEALING, Phase.GAME_OVER):
            return True
        if t.pending_give is not None:
            return False
        if t.seat == t.declarer and (t.hidden and t.phase != Phase.DECLARE or t.kitty_taken and t.kitty is None):
            return False
        return True

    def _current_view(self):
        t = self.tracker
        over = t.phase == Phase.GAME_OVER and self.device.d.verdict != "pending"
        if t.phase == DEALING or (t.phase == Phase.GAME_OVER and not over):
            return t.between
        return t.view()

    def _collect(self) -> None:
        """After each message the device took: an update once the tracker has settled."""
        t = self.tracker
        self._events += t.take_events()
        if not self._settled() or not self._events:
            return
        events, self._events = self._events, []
        view = self._current_view()
        if self._first and events[0].kind == "dealt":  # the first deal: a snapshot, as a host's `state`
            self._first = False
            self._push(Update(t.actions, tuple(events[1:]), view, snapshot=not events[1:]))
            return
        self._push(Update(t.actions, tuple(events), view))

    def _verdict(self, number: int) -> None:
        """The deal's verdict is in and scored: its record, any breach, and its score."""
        t = self.tracker
        verdict = self.device.verdicts[number]
        self._record(number, verdict, self.device.replays[number])
        if verdict is not None:
            self.breaches.append((number, verdict))
            if verdict.duty is not None:  # named late by the host's deadline: what it failed to send
                self.inbox.append(("late", number, verdict.seat, verdict.duty))
            else:
                self.inbox.append(("breach", number, verdict.seat, verdict.trick, verdict.reason))
        self._events += t.take_events()
        events = self._events + [Event("scored", None, None, tuple(t.previous_points))]
        self._events = []
        if t.phase == Phase.GAME_OVER:
            records = [self.deal_records[n] for n in sorted(self.deal_records)]
            winner, tiebreak = decide_winner(t.totals, records)
            events.append(Event("game_over", winner, None, tiebreak))
        self._push(Update(t.actions, tuple(events), self._current_view()))

    def _record(self, number: int, verdict, replay) -> None:
        d, t = self.device.d, self.tracker
        points = tuple(t.previous_points)
        if replay is not None:
            self.replays[number] = replay
        if replay is not None and replay.deals:
            deal = replay.deals[0]
        elif replay is not None:
            deal = replay.current  # stopped by a breach: as far as it went
        else:  # ended by the host's deadline, unaudited: its contract, and the tricks the house rule scored
            declarer = self.device.rules.declarer_of(d.dealer)
            contract, targets = self.device.last_contract, self.device.last_targets
            taken = breached_tricks(verdict.seat, targets, contract == MT) if verdict is not None else [0, 0, 0]
            deal = Deal(number, d.dealer, declarer, ((), (), ()), (), contract=contract, targets=targets,
                        tricks_taken=taken)
        self.deal_records[number] = replace(deal, points=points, tricks_taken=list(deal.tricks_taken))

    def _push(self, update: Update) -> None:
        self.view, self.at = update.view, update.at
        if not self.replaying:
            self.updates.append(update)


__all__ = ["FairSeat", "FairTable"]
