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

(Dealt fairly there is no referee: no device holds a `Match`; game/online/fair_room.)
"""

from __future__ import annotations

from collections import deque

from game.engine import Action, Match

from ..codec import event_to_json, view_to_json
from ..deals import FinishedDeal
from ..lobby import COMPUTER
from ..visibility import events_for


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

    def begin(self, rules, seed: int) -> None:
        self.match = Match.new(rules, seed=seed)
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
        finished = FinishedDeal.of(match, len(match.deals) - 1).to_json() if any(e.kind == "scored" for e in events) else None
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
        for number in range(len(match.deals)):
            v.send("deal_over", {"deal": FinishedDeal.of(match, number).to_json()})

    def take_steps(self) -> list[tuple]:
        """The (at, events, view) of every action applied since the last call, oldest first."""
        steps = list(self.steps)
        self.steps.clear()
        return steps
