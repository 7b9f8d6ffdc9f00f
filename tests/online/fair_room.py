"""A fairly dealt room on one machine (helpers.Room with dealing "fair"), and what the tests
read from it: every seat's device wherever it runs, every update a screen would take, and
the scan of everything a device stores for cards its seat may not see."""

from __future__ import annotations

from game.engine import CARDS, Card, Match, View
from game.online.guest import GuestSettings
from game.online.host import HostSettings

from .fair.test_fair_deal import SKIP, allowed_cards, true_deal
from .fair.test_fair_deal import held_cards as deal_held_cards
from .helpers import Room

FAST = HostSettings(turn_timeout_s=None, duty_wait_s=2.0)
FAST_GUEST = GuestSettings(turn_timeout_s=None)


def reference_views(mirror, seat: int, first: int = 0, first_at: int = 0) -> dict:
    """Every view `seat` should have had, by the match's action count: each finished deal
    from `first` on (its first action the match's `first_at`) replayed through the engine
    from the record of it in `mirror` (any device's: the audits agree)."""
    views = {}
    for number in range(first, mirror.tracker.rules.deals):
        replay = mirror.table.deal_match(number)
        fresh = Match.from_dict({**replay.to_dict(), "actions": []})
        for i, action in enumerate(replay.history):
            views[first_at + i] = fresh.view(seat)
            fresh.apply(action)
        first_at += len(replay.history)
    return views


class FairRoom(Room):
    def __init__(self, guests: int = 2, rules=None, **kw):
        kw.setdefault("settings", FAST)
        kw.setdefault("guest_settings", FAST_GUEST)
        super().__init__(guests=guests, rules=rules, dealing="fair", **kw)
        self.seen: dict[int, list] = {}  # seat -> every update its screen took, in order

    def seat_of(self, seat: int):
        """The FairSeat of `seat`, on whichever device plays it."""
        if seat in self.host.fair.seats:
            return self.host.fair.seats[seat]
        return next(g.fair.seat for g in self.guests if g.seat == seat)

    @property
    def devices(self) -> list:
        return [self.seat_of(s).device for s in range(3)]

    def step(self, dt: float = 0.05) -> None:
        super().step(dt)
        self.take_updates()

    def take_updates(self) -> None:
        """What the screens take each frame: the host's mirror and each guest."""
        mirror = self.host.mirror
        if mirror is not None:
            self.seen.setdefault(mirror.seat, []).extend(mirror.take_updates())
        for g in self.guests:
            if g.seat is not None:
                self.seen.setdefault(g.seat, []).extend(g.take_updates())

    def play_to_end(self, limit: int = 40000) -> None:
        """Until every device (the host's computer seats' too) has audited the last deal."""
        deals = self.host.lobby.rules.deals
        super().play_to_end(limit)
        if self.host.fair is not None:
            self.run_until(lambda: all(len(d.verdicts) == deals for d in self.devices), limit)

    def ready(self) -> bool:
        return self.host.fair is not None and self.host.fair.started and all(
            g.fair is not None and g.fair.seat is not None for g in self.guests)


# --- what a device holds ----------------------------------------------------------------------

ROOM_SKIP = SKIP | {
    "player",  # a computer player's guesses, drawn from its seat's view alone
    "deal_records",  # finished deals: shown to every seat at their end (the score sheet)
    "past",  # the host's: finished deals' messages, kept for a guest back after a reload (shown to all at their end)
    "deciders", "decider",  # the test's own stand-ins for people
}


def held_cards(obj, finished_before: int, seen=None) -> set[int]:
    """Every card `obj` holds (Card objects and card names anywhere in it), leaving out the
    views of deals before `finished_before` (played out and shown to all at their end)."""
    return deal_held_cards(obj, seen, ROOM_SKIP, finished_before)


def where(obj, finished_before: int, cards: set[int], path: str = "", seen=None) -> list[str]:
    """The paths in `obj` at which any of `cards` is held (for a failure's message)."""
    seen = set() if seen is None else seen
    if id(obj) in seen or (isinstance(obj, View) and obj.deal_number < finished_before):
        return []
    seen.add(id(obj))
    if held_cards(obj, finished_before, set()) & cards == set():
        return []
    if isinstance(obj, (Card, str)):
        return [path]
    if isinstance(obj, dict):
        parts = [(f"[{k!r}]"[:24], v) for k, v in obj.items()]
    elif isinstance(obj, (list, tuple, set, frozenset)) or type(obj).__name__ == "deque":
        parts = [(f"[{i}]", v) for i, v in enumerate(obj)]
    else:
        names = vars(obj) if hasattr(obj, "__dict__") else {f: getattr(obj, f) for f in obj.__dataclass_fields__}
        parts = [("." + n, v) for n, v in names.items() if n not in ROOM_SKIP]
    return [p for name, v in parts for p in where(v, finished_before, cards, path + name, seen)][:5]


def in_flight(room: FairRoom, number: int) -> set[int]:
    """Cards of messages on their way to every device (taken by the host, not yet relayed;
    relayed, not yet checked by a guest): public once sent, as the core's scan counts them.
    A reveal on its way means the deal is over: everything is shown."""
    fair = room.host.fair
    objs = [item[1] for item in fair.queue] + [item[1] for item in fair.held.values()]
    for g in room.guests:
        objs += [item[0] for item in g.fair.queue] + [item[0] for item in g.fair.early.values()]
    objs = [o for o in objs if o["deal"] == number]
    if any(o["kind"] == "reveal" for o in objs):
        return {c.index for c in CARDS}
    return {Card.parse(o["body"]["card"]).index for o in objs if o["kind"] == "play"}


def scan(room: FairRoom) -> list[tuple]:
    """Checks every device (the host's object with its seats, each guest's) against what its
    seats may see now, each in the deal it is in (they move to the next deal one after the
    other); returns (owner, deal, phase) for each device scanned, none while a deal's final
    deck is not made yet."""
    owners = [("host", room.host, list(room.host.fair.seats))] + [(f"guest {g.seat}", g, [g.seat]) for g in room.guests]
    out = []
    for name, owner, seats in owners:
        devices = [room.seat_of(s).device for s in seats]
        number = devices[0].d.number
        deal = true_deal(room, number)
        if deal is None or any(d.d.number != number for d in devices):
            continue
        allowed = set().union(in_flight(room, number), *(allowed_cards(room, s, deal) for s in seats))
        extra = held_cards(owner, number) - allowed
        assert not extra, (type(owner).__name__, seats, [str(CARDS[i]) for i in extra], where(owner, number, extra))
        out.append((name, number, devices[0].tracker.phase))
    return out
