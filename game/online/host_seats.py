"""The host's seats: people joining the room, moved by the host, leaving, held by a
computer while away, and coming back with their token.  A mixin of `Host` (host.py),
kept apart so the referee's play and the room's comings and goings each read on their own.

Why tokens: a guest who reloads the page or loses the connection comes back on a new
link; the random token the host gave it (kept by the browser) is the only thing that
gets the seat back, and a name alone never does.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .lobby import COMPUTER, LOBBY, SHUFFLE, LobbyError, Seat

if TYPE_CHECKING:
    from .peer import Visitor


@dataclass
class Person:
    """A guest's seat: the token that gets it back, the link it is on (None: away)."""

    token: str
    link: "Visitor | None"
    away_since: float | None = None


class Seating:
    def move(self, a: int, b: int) -> str | None:
        """The people (or computers) in seats a and b change places, before the start."""
        return self._lobby_change(lambda: self.lobby.swapped(a, b), (a, b))

    def set_rules(self, rules) -> str | None:
        return self._lobby_change(lambda: self.lobby.with_rules(rules))

    def set_strength(self, strength: str) -> str | None:
        return self._lobby_change(lambda: self.lobby.with_strength(strength))

    def _lobby_change(self, change, swap=None) -> str | None:
        if self.stage != LOBBY:
            return "started"
        try:
            self.lobby = change()
        except LobbyError as exc:
            return exc.code
        if swap:
            a, b = swap
            pa, pb = self.people.pop(a, None), self.people.pop(b, None)
            for seat, person in ((b, pa), (a, pb)):
                if person is not None:
                    self.people[seat] = person
                    if person.link is not None:
                        person.link.seat = seat
                        self._welcome(person.link)
        self._send_lobby()
        return None

    def _on_hello(self, v: Visitor, body):
        if v.seat is not None:  # the same hello again (a resend): answer again, nothing else
            self._welcome(v)
            return None
        token = body["token"]
        if token is not None:
            seat = next((s for s, p in self.people.items() if hmac.compare_digest(p.token, token)), None)
            if seat is not None:
                self._returns(v, seat)
                return None
            if self.stage != LOBBY:
                return self._turn_away(v, "unknown_token", "no seat has this token")
        if self.stage != LOBBY:
            return self._turn_away(v, "started", "the game has started")
        try:
            self.lobby, seat = self.lobby.with_guest(body["name"])
        except LobbyError:
            return self._turn_away(v, "full", "every seat has a person")
        self.people[seat] = Person(self.entropy(16).hex(), v)
        v.seat = seat
        self._welcome(v)
        self._send_lobby()
        return None

    def _turn_away(self, v: Visitor, code: str, detail: str):
        self._refuse(v, code, detail, v.in_seq)
        v.send("bye", {"reason": code})
        v.link.close()
        return None

    def _returns(self, v: Visitor, seat: int) -> None:
        """A guest back with its token: the seat, then everything it needs to go on."""
        person = self.people[seat]
        old = person.link
        if old is not None and old is not v:  # back before the old link was seen to close
            old.seat = None
            old.link.close()
        was_away = person.away_since is not None
        person.link, person.away_since = v, None
        if self.match is not None and self.match.to_act == seat:
            self.turn_since = self.clock()  # the person's turn starts again
        v.seat = seat
        self.lobby = self.lobby.seated(seat, replace(self.lobby.seats[seat], present=True, held=False))
        self._catch_up(v)
        if was_away:
            self._notice("back", seat)
        self._send_lobby()

    def _on_bye(self, v: Visitor, body):
        v.link.close()
        return None

    def _lost(self, v: Visitor, now: float) -> None:
        """A link closed: its person is away (before the start: the seat is a computer's again)."""
        self.visitors.remove(v)
        seat = v.seat
        person = self.people.get(seat) if seat is not None else None
        if person is None or person.link is not v:
            return
        person.link = None
        if self.stage == LOBBY:
            del self.people[seat]
            used = set(self.lobby.names())
            name = next((n for n in self.computer_names if n not in used), self.computer_names[0])
            self.lobby = self.lobby.seated(seat, Seat(COMPUTER, name))
        else:
            person.away_since = now
            self.lobby = self.lobby.seated(seat, replace(self.lobby.seats[seat], present=False))
            self._notice("away", seat)
            if self.stage == SHUFFLE:
                self._fair_progress()
        self._send_lobby()

    def _hold_the_away(self, now: float) -> None:
        """A person away for `absent_wait_s`: a computer holds the seat until they are back."""
        for seat, person in self.people.items():
            held = self.lobby.seats[seat].held
            if person.away_since is not None and not held and now - person.away_since >= self.settings.absent_wait_s:
                self.lobby = self.lobby.seated(seat, replace(self.lobby.seats[seat], held=True))
                self._notice("computer", seat)
                self._send_lobby()
