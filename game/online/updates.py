"""What a seat's screens take, one step at a time, whoever dealt: an `Update`.

Why a module of its own: a host-dealt guest (guest.py) and a fairly dealt seat (fair_room/seat.py)
both hand their screens the same steps, and neither should import the other for it."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Event, View


@dataclass(frozen=True)
class Update:
    """One step for the table: the events of one action as this seat may see them, and the
    view after it.  A snapshot (after coming back or a lost message) has no events."""

    at: int  # actions the match had taken after this step
    events: tuple[Event, ...]
    view: View
    snapshot: bool = False


def drain(queue) -> list:
    """Everything in `queue`, in order, leaving it empty: the screens take a seat's updates
    and inbox once a frame."""
    taken = list(queue)
    queue.clear()
    return taken


__all__ = ["Update", "drain"]
