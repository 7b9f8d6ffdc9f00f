"""Feeding Trackers from a real Match: each seat gets the public actions and only its own
cards, as fair dealing would open them.  Shared by the tracker and audit tests."""

from __future__ import annotations

from game.online.fair.tracker import Tracker


def trackers_for(match) -> list[Tracker]:
    trackers = [Tracker(s, match.rules, match.dealer) for s in range(3)]
    for t in trackers:
        open_deal(t, match)
    return trackers


def open_deal(tracker: Tracker, match) -> None:
    """The new deal's own cards, the declarer's first declare_on when it declares first."""
    hand = match.current.hands[tracker.seat]
    if tracker.seat == match.current.declarer and not match.rules.exchange_first:
        hand = hand[: match.rules.declare_on]
    tracker.deal(hand)


def feed(tracker: Tracker, match, events) -> None:
    """One Match.apply's events, as tracker calls, hiding what the seat may not see."""
    me = tracker.seat
    for e in events:
        if e.kind == "dealt":
            open_deal(tracker, match)
        elif e.kind == "declared":
            tracker.declared(e.seat, e.data)
            if me == e.seat and tracker.hidden:
                tracker.rest_of_hand(match.current.hands[me][match.rules.declare_on:])
        elif e.kind == "lapsed":
            tracker.lapsed(e.seat)
        elif e.kind == "gave":
            tracker.gave(e.seat, e.data, e.card if me in (e.seat, e.data) else None)
        elif e.kind == "returned":
            tracker.returned(e.seat, e.data, e.card if me in (e.seat, e.data) else None)
        elif e.kind == "kitty":
            if me == e.seat:
                tracker.kitty_opened(e.data)
        elif e.kind == "discarded":
            tracker.discarded(e.seat, e.card if me == e.seat else None)
        elif e.kind == "played":
            tracker.played(e.seat, e.card)
