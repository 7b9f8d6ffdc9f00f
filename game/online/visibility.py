"""What one seat may see of the events an action produced.

Why here and not in the guest: the host sends each guest only its filtered events, so a
hidden card never leaves the host's device.  The masking is the offline table's
(game/ui/table/animator.py): a card passed in the exchange is seen by its giver and its
receiver only, the kitty and the discards by the declarer only; played cards, tricks,
contracts, lapsed passes, scores and the deal itself are public.  A masked card becomes
None (and the kitty's cards None as a whole), so the event still says that something
happened, which the table animates face down.
"""

from __future__ import annotations

from game.engine import Event


def event_for(event: Event, seat: int) -> Event:
    """`event` as `seat` may see it."""
    kind = event.kind
    if kind in ("gave", "returned"):
        other = event.data  # the receiver of a gave, the giver of a returned
        if seat not in (event.seat, other):
            return event._replace(card=None)
    elif kind == "kitty":
        if seat != event.seat:
            return event._replace(data=None)
    elif kind == "discarded":
        if seat != event.seat:
            return event._replace(card=None)
    return event


def events_for(events, seat: int) -> list[Event]:
    return [event_for(e, seat) for e in events]
