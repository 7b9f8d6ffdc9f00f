"""The late person whose seat the host's computer took (host/after_late.py, `computer`) may
stay and watch: the host shows them that seat as the computer plays it, to the match's end.

Why as host-dealt messages: the late device no longer deals (its secrets are void, the seat's
new ones on the host's device alone), so it cannot follow the deals itself; the host's
computer seat's tracker holds that seat's view and nothing more (its own hand, the public
plays), which is exactly what the seat's person may see.  So the host sends its person what a
host-dealt game sends a seat (referee.py): a `state` first, then each `update`, and each
finished deal's `deal_over` (its cards shown to every device at its end) before the update
that scores it.  The `at` of each is the tracker's action count, the match's, as a host-dealt
game's is.  The guest takes them once its device has taken the handover
(fair_room/guest.py), as a host-dealt guest, and checks each finished deal against the views
it was sent.  A deal scored by the house rule (a later breach) has no replay to publish: its
row is not sent.
"""

from __future__ import annotations

from ..codec import event_to_json, view_to_json
from ..deals import FinishedDeal


class Watch:
    def __init__(self, room, seat: int, first: int):
        self.room = room
        self.seat = seat
        self.first = first  # the first deal the computer plays here (the one after the late one)
        self.deals: dict[int, FinishedDeal] = {}  # number -> each finished deal the computer played here
        self.last = None  # the last Update shown (the seat's view now), None before the computer's first

    def poll(self) -> None:
        """The computer seat's updates since the last frame, to its person if connected (a
        person away is sent the state on coming back: catch_up)."""
        fair_seat = self.room.seats.get(self.seat)
        if fair_seat is None:
            return
        v = self._visitor()
        for update in fair_seat.take_updates():
            if update.view is None:
                continue
            fresh = self._finished(fair_seat, update)
            if v is not None and self.last is None:
                self.last = update
                self._state(v)
            elif v is not None:
                for deal in fresh:
                    v.send("deal_over", {"deal": deal.to_json()})
                v.send("update", {"at": update.at, "events": [event_to_json(e) for e in update.events],
                                  "view": view_to_json(update.view)})
            self.last = update

    def catch_up(self, v) -> None:
        """The person back, or one that missed a message: where the seat is, and the deals
        the computer finished."""
        if self.last is not None and v.seat == self.seat:
            self._state(v)

    def _state(self, v) -> None:
        v.send("state", {"at": self.last.at, "view": view_to_json(self.last.view),
                         "lobby": self.room.host.lobby.to_json(), "deals_finished": len(self.deals)})
        for number in sorted(self.deals):
            v.send("deal_over", {"deal": self.deals[number].to_json()})

    def _visitor(self):
        person = self.room.host.people.get(self.seat)
        v = person.link if person is not None else None
        return v if v is not None and v in self.room.host._seated() else None

    def _finished(self, fair_seat, update) -> list[FinishedDeal]:
        """The deals this update scores, as a host publishes a finished deal: from the
        audit's replay, its first action's place in the match's count."""
        if not any(e.kind == "scored" for e in update.events):
            return []
        fresh = []
        for number, replay in sorted(fair_seat.replays.items()):
            if number in self.deals or replay is None or not replay.deals or number < self.first:
                continue
            deal, start = replay.deals[0], replay.start
            self.deals[number] = FinishedDeal(
                number, deal.dealer, deal.hands, deal.kitty, tuple(start["totals"]),
                tuple(tuple(u) for u in start["used"]), tuple(start["previous_points"]), tuple(replay.history),
                update.at - len(replay.history))
            fresh.append(self.deals[number])
        return fresh


__all__ = ["Watch"]
