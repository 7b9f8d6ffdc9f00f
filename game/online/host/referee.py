"""The host's referee in a host-dealt game: the one `Match` of the game, on the host's
device, and the only place where actions are applied.

Why a referee: the same engine and rules as offline decide everything; the guests only
show what they are sent and ask for their own actions.  Each guest is sent only its own
seat's `View` and the events filtered for its seat (visibility.py), so no hidden card
leaves this device.  A guest's action is taken only when it answers the current decision
(`at`, the number of actions taken so far), for its own seat, in its turn, and the rules
allow it.  A person who does not act within `turn_timeout_s`, or whose seat a computer
holds while they are away, is stood in for by a computer player thinking in slices like
the offline table's computers, so nothing a guest does (or fails to do) stalls the game.

(Dealt fairly there is no referee: no device holds a `Match`; game/online/fair_room.  A
match begun fairly may go on dealt by the host after a seat was named late, from the next
deal (host/after_late.py): the referee's `Match` then starts at that deal from the position
the fair devices carried, its cards shuffled from a new seed of the host's, and the fair
deals' records stay for the score sheet.)
"""

from __future__ import annotations

from collections import deque

from game.engine import Action, Match
from game.engine.deal import shuffled_deal

from ..codec import event_to_json, view_to_json
from ..deals import FinishedDeal, actions_in
from ..guest_table import CarriedTable
from ..lobby import COMPUTER, OVER, PLAY
from ..updates import Update, drain
from ..visibility import events_for


def finished_deal(match: Match, index: int) -> FinishedDeal:
    """The match's finished deal `index` (of `match.deals`) as the host publishes it: its
    number and the position before it counted from where the match started (a match taken
    up at a later deal starts with its totals), its actions' place in this match's history."""
    start = match.start
    deals = match.deals[:index + 1]
    deal, before = deals[index], deals[:index]
    totals = start["totals"] if start else (0, 0, 0)
    used = start["used"] if start else ((), (), ())
    first_at = sum(actions_in(d) for d in before)
    return FinishedDeal(
        deal.number, deal.dealer, deal.hands, deal.kitty,
        tuple(totals[s] + sum(d.points[s] for d in before) for s in range(3)),
        tuple(tuple(used[s]) + tuple(d.contract for d in before if d.declarer == s) for s in range(3)),
        tuple(before[-1].points if before else (start["previous_points"] if start else (0, 0, 0))),
        tuple(match.history[first_at:first_at + actions_in(deal)]), first_at)


class Referee:
    def __init__(self, settings, clock, entropy):
        self.settings = settings
        self.clock = clock
        self.entropy = entropy  # n -> n random bytes: the computers' seeds (seeded in tests)
        self.match: Match | None = None
        self.players: dict = {}  # seat -> the computer player deciding there
        self.turn_since = 0.0  # when the seat to act got its turn
        # for the host's own table, one step per action applied: (actions taken after it, its
        # events as the host's seat may see them, its view after it); the table shows them, at
        # the pace of its animations, while the match itself may already be further on
        self.steps: deque[tuple] = deque()
        # a match begun fairly, dealt here from a late seat's next deal on: the fair deals'
        # records (number -> Deal), and the host's own seat read as a mirror (CarriedSeat)
        self.before: dict = {}
        self.carried: CarriedSeat | None = None

    def begin(self, rules, seed: int) -> None:
        self.match = Match.new(rules, seed=seed)
        self.turn_since = self.clock()

    def take_up(self, rules, position: dict, seed: int, before: dict) -> None:
        """The match goes on here from the deal `position` starts (FairDevice.carried: its
        number and dealer, the totals, contracts used and last points before it), its cards
        and every later deal's shuffled from `seed`; `before` the fair deals' records."""
        number, dealer = position["number"], position["dealer"]
        hands, kitty = shuffled_deal(seed, number, dealer)
        self.match = Match.from_position(rules, hands, kitty, dealer, number, position["totals"], position["used"],
                                         position["previous"], seed=seed)
        self.before = dict(before)
        self.steps.clear()
        self.turn_since = self.clock()

    def refusal(self, seat: int, body):
        """Why a guest's action (`body`, from `seat`) is not the one awaited, or None."""
        if body["seat"] != seat:
            return ("forged", f"an action for seat {body['seat']} from seat {seat}")
        if body["at"] != len(self.match.history):
            return ("stale", f"an answer to decision {body['at']}, not {len(self.match.history)}")
        if self.match.to_act != seat:
            return ("not_your_turn", f"seat {self.match.to_act} is to act")
        return None

    def apply(self, action: Action, own: int, seated) -> tuple | None:
        """Apply the action of the seat to act; each of the `seated` guests gets its own view
        and events, and the host's table (seat `own`) a step.  None, or why not (illegal)."""
        match = self.match
        try:
            events = match.apply(action)
        except ValueError as exc:
            return ("illegal", str(exc))
        at = len(match.history)
        self.steps.append((at, tuple(events_for(events, own)), match.view(own)))
        finished = finished_deal(match, len(match.deals) - 1).to_json() if any(e.kind == "scored" for e in events) else None
        for v in seated:
            if finished is not None:
                v.send("deal_over", {"deal": finished})
            v.send("update", {"at": at, "events": [event_to_json(e) for e in events_for(events, v.seat)],
                              "view": view_to_json(match.view(v.seat))})
        self.turn_since = self.clock()
        return None

    def think(self, now: float, lobby) -> tuple | None:
        """One slice of thinking for the seat to act when a computer decides there (a
        computer's seat, one held for a person away, or a person's turn timed out):
        (seat, action, timed_out) once it has decided, else None."""
        seat = self.match.to_act
        info = lobby.seats[seat]
        one_turn = info.kind != COMPUTER and not info.held  # a person's turn, timed out
        timeout = self.settings.turn_timeout_s
        if one_turn and (timeout is None or now - self.turn_since < timeout):
            return None
        view = self.match.view(seat)
        player = self.players.get(seat)
        if player is None:
            from game.ai import make_player  # the search players load only when a computer plays

            player = self.players[seat] = make_player(lobby.strength, seed=int.from_bytes(self.entropy(4), "big") >> 1)
            player.meet(lobby.table())
        try:
            action = player.think(view, self.settings.think_ms)
        except Exception:  # a faulty player must not stall the game
            action = view.legal[0]
        if action is None:
            return None
        if action not in view.legal:
            action = view.legal[0]
        return seat, action, one_turn

    def restart_turn(self, seat: int) -> None:
        """A person back at the table: its turn, if it is, starts again."""
        if self.match is not None and self.match.to_act == seat:
            self.turn_since = self.clock()

    def snapshot(self, v, lobby) -> None:
        """Everything a guest needs to show the game: its view, the room, the finished deals."""
        match = self.match
        v.send("state", {"at": len(match.history), "view": view_to_json(match.view(v.seat)),
                         "lobby": lobby.to_json(), "deals_finished": len(match.deals)})
        for index in range(len(match.deals)):
            v.send("deal_over", {"deal": finished_deal(match, index).to_json()})

    def take_steps(self) -> list[tuple]:
        """The (at, events, view) of every action applied since the last call, oldest first."""
        steps = list(self.steps)
        self.steps.clear()
        return steps


class CarriedSeat:
    """The host's own seat read as its screens read a mirror (a guest's API: view,
    take_updates, act, table, deal_checked), in a match begun fairly that the host deals from
    a late seat's next deal on.  Why: the host's table showed the fair deals through its fair
    seat (sessions.MirrorSession); it goes on through this one, at the same score sheet (the
    fair deals' records, then the referee's deals), with the new deal as a snapshot."""

    audit_result = audit_values = None  # (GuestTable: no seed deals this whole match)

    def __init__(self, host, before_table=None):
        self.host = host
        self.seat = host.seat
        self.hint_seed = int.from_bytes(host.entropy(4), "big") >> 1
        match = host.match
        self.at = len(match.history)
        self.updates: deque[Update] = deque([Update(self.at, (), match.view(self.seat), snapshot=True)])
        self.table = CarriedTable(self, before_table)

    @property
    def lobby(self):
        return self.host.lobby

    @property
    def view(self):
        return self.host.match.view(self.seat)

    @property
    def stage(self) -> str:
        return OVER if self.host.match.is_over() else PLAY

    @property
    def deal_records(self) -> dict:
        return {**self.host.referee.before, **{d.number: d for d in self.host.match.deals}}

    @property
    def deals(self) -> dict:
        """The referee's finished deals as published (number -> FinishedDeal)."""
        match = self.host.match
        return {d.number: finished_deal(match, i) for i, d in enumerate(match.deals)}

    def take_updates(self) -> list[Update]:
        for at, events, view in self.host.referee.take_steps():
            self.updates.append(Update(at, tuple(events), view))
            self.at = at
        return drain(self.updates)

    def take_inbox(self) -> list[tuple]:
        return []  # (the host's own inbox tells its screens)

    def act(self, action) -> str | None:
        return self.host.act(action)

    def deal_checked(self, number: int) -> bool:
        """Its record is in: a fair deal's audited, or the referee's deal over."""
        return number in self.deal_records

    def match_checked(self) -> bool:
        return len(self.deal_records) >= self.host.lobby.rules.deals
