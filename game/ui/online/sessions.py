"""What the table reads in an online game, in place of the offline `Session`: the seat it is
drawn from, the names, the view, `apply`, the score sheet's rows, the save.

Why steps: offline, the table applies one action, animates it, and only then lets the next
one happen.  Online, actions come when people make them (the host's referee applies a
guest's or a computer's move at once; a guest's updates arrive as they are sent), so each
side keeps the steps it has not shown yet (an action's events and the view after it) and
hands the table one at a time, when its animations are done (`release`).  The view the
table reads (`view()`) is the last step shown, never one further on.

- `HostSession`: the host deals: its real `Match`, its own actions through the referee.
- `MirrorSession`: no `Match`; a seat read through its mirror (a guest's, or in fair
  dealing the host's own seat: the same API; once the host deals on after a late seat, the
  host's seat read from its referee, with the fair deals' rows still on the score sheet:
  connection.follow_mirror); `match` is a `GuestMatch` (match_face.py)
  that answers the table's questions from the views and the finished deals, and, once the
  match is over and checked, the whole match rebuilt (record, replay, statistics).  An
  action is sent; its result is the next update.
No undo online: it would take back other people's moves.
"""

from __future__ import annotations

import datetime
import time
from collections import deque
from dataclasses import dataclass

from ...engine import Action, IllegalAction, Phase
from ...engine.errors import Refusal
from ...engine.values import replace

ONLINE_STRENGTH = "online"  # the statistics count online games under this label, apart
SCORE_WAIT_S = 3.0  # a deal's last step waits this long at most for that deal's check


@dataclass(frozen=True)
class Step:
    at: int
    events: tuple
    view: object
    snapshot: bool = False


def scored_deal(step: Step) -> int | None:
    """The number of the deal a step scores, or None.  A host that deals sends the score
    with the next deal (its view is the next deal's); dealt fairly, the score comes once
    the deal is audited, its view still the deal's own, and the next deal comes later."""
    kinds = {e.kind for e in step.events}
    if "scored" not in kinds:
        return None
    return step.view.deal_number - (1 if "dealt" in kinds else 0)


class OnlineSession:
    online = True
    hints_used = 0  # the hints this device asked for (its statistics count them); no undo online
    undos_used = 0
    shared = False
    renamed = False
    strength = ONLINE_STRENGTH
    storage = None

    def __init__(self, game, seat: int):
        self.game = game  # the OnlineGame (connection.py)
        self.human = seat
        self.human_seats = (seat,)
        self.players: dict = {}  # no computer players at this table: the host's referee plays them
        self.steps: deque[Step] = deque()
        self.shown = None
        self.at = 0  # the actions the match had taken at the shown view
        self.table = None
        self.scored = -1  # the last deal whose score the table has shown
        self._held_since = None

    # --- what the table reads ------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        lobby = self.game.lobby
        return list(lobby.names()) if lobby is not None else ["", "", ""]

    def name(self, seat: int) -> str:
        return self.names[seat]

    def view(self):
        return self.shown

    def shown_at(self) -> int:
        return self.at

    def show_seat(self, seat: int) -> None:
        if seat != self.human:
            raise ValueError(f"seat {seat!r} is not this device's seat")

    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def finished_deals(self) -> int:
        """Deals finished as far as the table has shown (the score sheet's rows): those
        before the shown view's, or up to the last one whose score was shown (dealt fairly,
        a deal is scored while its last trick is still shown: the next one is not dealt yet)."""
        v = self.shown
        if v is None:
            return 0
        return max(v.deal_number + (1 if v.phase == Phase.GAME_OVER else 0), self.scored + 1)

    def history(self) -> list[dict]:
        rows = []
        for d in self.match.deals[:self.finished_deals()]:
            rows.append({"number": d.number, "dealer": d.dealer, "declarer": d.declarer, "contract": d.contract,
                         "targets": tuple(d.targets), "taken": tuple(d.tricks_taken), "points": tuple(d.points)})
        return rows

    # --- the steps ---------------------------------------------------------------------------
    def pump(self) -> None:
        """Take the steps that arrived (called once a frame)."""

    def ready(self, step: Step) -> bool:
        return True

    def release(self) -> bool:
        """Show the next step if the table is free (no animation running, no screen over
        it waiting); True when one was shown."""
        table = self.table
        if table is None or not self.steps or table.timeline.busy:
            return False
        step = self.steps[0]
        if not self.ready(step):
            return False
        self.steps.popleft()
        self.shown, self.at = step.view, step.at
        number = scored_deal(step)
        if number is not None:
            self.scored = max(self.scored, number)
        if step.snapshot:
            table.timeline.clear()
            table.sync()
        else:
            table.animator.queue(step.events)
        return True

    # --- the end -------------------------------------------------------------------------
    def play_again(self) -> None:
        """The game-over screen's Play again: back to the friends' screen (a new room)."""
        self.game.leave()
        self.game.app.to_title()
        self.game.app.push_scene("friends")

    def record(self):
        """The game's record once it is over (names; people as "human", computers with
        their strength); a str saying why not before (nothing that reveals hidden cards)."""
        from ...engine.formats.record import GameRecord
        from ...engine.names import clean_name

        match = self.finished_match()
        if match is None:
            from ...i18n import t

            return t("online.not_over")
        lobby = self.game.lobby
        strengths = tuple(lobby.strength if s.kind == "computer" else "human" for s in lobby.seats)
        names = tuple(clean_name(n, "?") for n in lobby.names())
        return GameRecord(match, names=names, strengths=strengths, date=datetime.date.today().isoformat(),
                          hints=self.hints_used, undos=0)

    def finished_match(self):
        return None

    def leave(self) -> None:
        """The person leaves the game (the pause menu's Leave): the others are told."""
        self.game.leave()


class HostSession(OnlineSession):
    def __init__(self, game, host):
        super().__init__(game, host.seat)
        self.host = host
        host.take_steps()  # already in the view the table opens on
        self.shown = host.view()
        self.at = len(host.match.history)

    @property
    def match(self):
        return self.host.match

    def apply(self, action):
        host = self.host
        match = host.match
        if match.to_act != self.human:
            raise IllegalAction("it is not your turn", Refusal.NOT_YOUR_TURN, seat=match.to_act)
        problem = host.act(action)
        if problem is not None:
            match.copy().apply(Action.parse(action) if isinstance(action, str) else action)  # the engine's own refusal
            raise IllegalAction(problem)
        steps = host.take_steps()
        self.steps.clear()  # nothing else could happen while it was this seat's turn
        at, events, view = steps[-1]
        self.shown, self.at = view, at
        self.save()
        return list(events)

    def pump(self) -> None:
        steps = self.host.take_steps()
        if steps:
            self.steps.extend(Step(at, events, view) for at, events, view in steps)
            self.save()

    def save(self) -> bool:
        return self.game.save()

    def finished_match(self):
        match = self.host.match
        return match if match is not None and match.is_over() else None


class MirrorSession(OnlineSession):
    """A seat read through its mirror (a guest's `Guest`, or in fair dealing the host's own
    `host.mirror`): the same API whoever dealt, so the same session for both."""

    def __init__(self, game, mirror):
        super().__init__(game, mirror.seat)
        self.mirror = mirror
        from .match_face import GuestMatch

        self.face = GuestMatch(self)
        self._deciding = None  # the view before this seat's action was sent

    @property
    def match(self):
        return self.finished_match() or self.face

    def finished_match(self):
        return self.mirror.table.finished_match()

    def apply(self, action):
        problem = self.mirror.act(action)
        view = self.mirror.view
        if problem is not None and view is not None and view.to_act != self.human:
            raise IllegalAction(problem, Refusal.NOT_YOUR_TURN, seat=view.to_act)
        if problem is None:  # sent: nothing more to decide until the update that answers it (or a refusal)
            self._deciding = self.shown
            self.shown = replace(self.shown, to_act=None, legal=())
        return []

    def refused(self) -> None:
        """The host refused this seat's action: the decision is open again."""
        if self._deciding is not None and not self.steps:
            self.shown, self._deciding = self._deciding, None
            if self.table is not None:
                self.table.sync()

    def pump(self) -> None:
        updates = self.mirror.take_updates()
        if updates:
            self._deciding = None
        for update in updates:
            self.steps.append(Step(update.at, update.events, update.view, update.snapshot))
        if updates or self.game.host is None:  # (the host's game, dealt by it after a late seat: when it moved on)
            self.save()

    def ready(self, step: Step) -> bool:
        """A deal's last step waits (a few seconds at most) until that deal's check is done,
        so the score screen it opens has the deal's row; the match's last step until its
        audit is done, so the game-over screen has the whole match (statistics, record)."""
        number = scored_deal(step)
        if number is None:
            self._held_since = None
            return True
        done = self.mirror.deal_checked(number)
        if "game_over" in {e.kind for e in step.events}:
            done = done and self.mirror.match_checked()
        if done:
            self._held_since = None
            return True
        now = time.monotonic()
        if self._held_since is None:
            self._held_since = now
        return now - self._held_since >= SCORE_WAIT_S

    def history(self) -> list[dict]:
        return self.mirror.table.history()[:self.finished_deals()]

    def deal_match(self, number: int):
        """A finished deal alone, as a match (the deal's analysis); None before it is over."""
        if number >= self.finished_deals():
            return None
        return self.finished_match() or self.mirror.table.deal_match(number)

    def save(self) -> bool:
        return self.game.save() if self.game.host is not None else self.game.keep_guest()
