"""A room on one machine: the host and its guests over in-memory links on a manual clock,
every person's decisions made by a computer player through the online path (the host's
`act`, a guest's `act`), and the computer seats left to the host."""

from __future__ import annotations

import random
import zlib
from dataclasses import replace

from game.ai import make_player
from game.engine import Match, RuleSet
from game.online.guest import Guest, GuestSettings
from game.online.host import Host, HostSettings
from game.online.links.transport import Faults, ManualClock, memory_pair

NAMES = ("Gus", "Gia")
QUIET = HostSettings(turn_timeout_s=None)


class Room:
    def __init__(self, guests: int = 2, rules: RuleSet | None = None, strength: str = "random",
                 settings: HostSettings = QUIET, faults: Faults | None = None, back_faults: Faults | None = None,
                 guest_settings: GuestSettings | None = None, people: str = "random", seed: int = 0,
                 dealing: str = "host"):
        self.clock = ManualClock()
        self.faults, self.back_faults = faults, back_faults
        self.guest_settings = guest_settings
        self.entropy = random.Random(seed).randbytes  # the same deals on every run
        self.host = Host("Hana", settings=settings, clock=self.clock, rules=rules or RuleSet.preset("standard", deals=3),
                         strength=strength, entropy=self.entropy, dealing=dealing)
        self.people = people
        self.seed = seed
        self.guests: list[Guest] = []
        self.links: dict[int, object] = {}  # guest index -> its host-side link end
        self.deciders: dict = {}
        self.paused: set[int] = set()  # guest indexes whose person does not act
        for i in range(guests):
            self.join(NAMES[i])

    def join(self, name: str, token=None, kept=None, index: int | None = None) -> Guest:
        n = len(self.links)  # each link its own faults
        faults, back = (None if f is None else replace(f, seed=f.seed + 1000 * n) for f in (self.faults, self.back_faults))
        host_end, guest_end = memory_pair(self.clock, faults, back)
        self.host.add_link(host_end)
        guest = Guest(guest_end, name, token=token, kept=kept, settings=self.guest_settings, clock=self.clock,
                      entropy=self.entropy)
        if index is None:
            self.guests.append(guest)
            index = len(self.guests) - 1
        else:
            self.guests[index] = guest
        self.links[index] = host_end
        return guest

    def decider(self, key):
        if key not in self.deciders:
            self.deciders[key] = make_player(self.people, seed=zlib.crc32(repr((self.seed, key)).encode()))
        return self.deciders[key]

    def step(self, dt: float = 0.05) -> None:
        for g in self.guests:
            g.poll()
        self.host.poll()
        for g in self.guests:
            g.poll()
        self.people_act()
        self.clock.advance(dt)

    def people_act(self) -> None:
        host = self.host
        if host.fair is not None:
            self.fair_people_act()
            return
        if host.stage == "play" and host.match.to_act == host.seat:
            action = self.decider("host").think(host.view(), 50.0)
            if action is not None:
                assert host.act(action) is None
        for i, g in enumerate(self.guests):
            if i in self.paused or g.stage != "play" or g.view.to_act != g.seat or g._pending:
                continue
            action = self.decider(("guest", i, g.seat)).think(g.view, 50.0)
            if action is not None:
                assert g.act(action) is None

    def fair_people_act(self) -> None:
        """Fair dealing: each person decides from its own seat's view (the host's mirror, a
        guest's view), through the same act() the screens call."""
        mirrors = [("host", self.host.mirror, self.host.act)]
        mirrors += [(("guest", i), g.fair.seat if g.fair else None, g.act) for i, g in enumerate(self.guests)
                    if i not in self.paused]
        for key, seat, act in mirrors:
            action = self.fair_choice(key, seat)
            if action is not None:
                assert act(action) is None

    def fair_choice(self, key, seat):
        """What the person at a fair `seat` (a FairSeat, or None) clicks now, or None when
        it is not theirs to decide (a computer's seat, not their turn, an action on its way)."""
        if seat is None or seat.player is not None or seat.view is None or seat._chosen is not None:
            return None
        view = seat.view
        if view.to_act != seat.seat or not view.legal or seat.tracker.view() != view:
            return None
        return self.decider((key, seat.seat)).think(view, 50.0)

    def settle(self, steps: int = 5) -> None:
        for _ in range(steps):
            self.step()

    def start(self) -> None:
        self.run_until(lambda: all(g.stage == "lobby" for g in self.guests), 400)
        assert self.host.start() is None
        self.run_until(lambda: self.host.stage == "play", 400)

    def run_until(self, done, limit: int = 20000) -> int:
        for n in range(limit):
            if done():
                return n
            self.step()
        raise AssertionError(f"not done after {limit} steps: stage {self.host.stage}")

    def play_to_end(self, limit: int = 40000) -> None:
        """Until the match is over and every guest has seen its end and made its audit."""
        def seen():
            host = self.host
            if host.fair is not None:
                return host.stage == "over" and all(g.stage == "over" for g in self.guests if g.stage != "left")
            return host.stage == "over" and all(
                g.at == len(host.match.history) and g.audit_result is not None for g in self.guests if g.stage != "left")
        self.run_until(seen, limit)


def views_by_at(match: Match, seat: int) -> dict:
    """Every view `seat` had in `match`, by the number of actions taken (a replay)."""
    replay = Match.from_dict({**match.to_dict(), "actions": []})
    views = {0: replay.view(seat)}
    for at, action in enumerate(match.history, 1):
        replay.apply(action)
        views[at] = replay.view(seat)
    return views
