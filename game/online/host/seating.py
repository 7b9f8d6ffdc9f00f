"""Who sits where in the host's room: the guests' links (`Visitor`), the people in the
seats (`Person`: the token that gets a seat back, the link it is on), and their comings and
goings: a hello, a move before the start, a link lost, a person away and back.

Why tokens: a guest who reloads the page or loses the connection comes back on a new link;
the random token the host gave it (kept by the browser) is the only thing that gets the
seat back, and a name alone never does.  A link that does not say hello within
`hello_wait_s` is closed, and only `max_unseated` wait for theirs at once (each link costs
the host's every frame).  A person away for `absent_wait_s` in a host-dealt game has a
computer hold the seat until they are back; dealt fairly, no computer holds a seat's
secrets, so the game waits for its person (everyone is told they are away).

The seating reads and changes the room through its Host (the lobby, the stage, the notices
every guest is sent), as the fair room does (fair_room/host.py).
"""

from __future__ import annotations

import hmac
from dataclasses import replace

from ..links.transport import CLOSED
from ..lobby import COMPUTER, GUEST, LOBBY, SHUFFLE, LobbyError, Seat
from ..peer import Person, Visitor


class Seating:
    def __init__(self, host):
        self.host = host
        self.visitors: list[Visitor] = []  # every guest's link, seated once its hello was taken
        self.people: dict[int, Person] = {}  # seat -> its person (a guest)

    # --- the links ------------------------------------------------------------------------------
    def seated(self) -> list[Visitor]:
        return [v for v in self.visitors if v.seat is not None and v.open]

    def unseated(self) -> list[Visitor]:
        """The links still to say hello (a closed one is forgotten on the next poll)."""
        return [v for v in self.visitors if v.seat is None and v.link.state != CLOSED]

    def present_guests(self) -> list[int]:
        """The guests' seats whose person is here (on a link)."""
        seats = self.host.lobby.seats
        return [s for s in range(3) if seats[s].kind == GUEST and self.people[s].link is not None]

    def add_link(self, link) -> None:
        """A guest's device connected (its hello comes next, within `hello_wait_s`).  Closed
        at once when `max_unseated` links are waiting for their hello already: a link costs
        the host's every frame, and one that never says hello must not make it slow."""
        host = self.host
        if len(self.unseated()) >= host.settings.max_unseated:
            link.close()
            host._count("crowded", None, f"{host.settings.max_unseated} links have not said hello yet")
            return
        self.visitors.append(Visitor(link, host.clock))

    def welcome(self, v: Visitor) -> None:
        host = self.host
        token = self.people[v.seat].token
        v.send("welcome", {"seat": v.seat, "token": token, "lobby": host.lobby.to_json(), "started": host.stage != LOBBY})

    def leave(self, own: int) -> None:
        """The host (seat `own`) goes: every guest is told, the links close."""
        for v in self.seated():
            v.send("notice", {"kind": "host_away", "seat": own})
            v.send("bye", {"reason": "host_leaving"})
        for v in self.visitors:
            v.link.close()
        self.visitors.clear()
        for person in self.people.values():
            person.link = None

    # --- before the start ---------------------------------------------------------------------
    def swap(self, a: int, b: int) -> None:
        """The people in seats a and b change places (the lobby's seats have already)."""
        pa, pb = self.people.pop(a, None), self.people.pop(b, None)
        for seat, person in ((b, pa), (a, pb)):
            if person is not None:
                self.people[seat] = person
                if person.link is not None:
                    person.link.seat = seat
                    self.welcome(person.link)

    # --- what a guest's link says -------------------------------------------------------------------
    def on_hello(self, v: Visitor, body):
        if v.seat is not None:  # the same hello again (a resend): answer again, nothing else
            self.welcome(v)
            return None
        host = self.host
        token = body["token"]
        if token is not None:
            seat = next((s for s, p in self.people.items() if hmac.compare_digest(p.token, token)), None)
            if seat is not None:
                self._returns(v, seat)
                return None
            if host.stage != LOBBY:
                return self._turn_away(v, "unknown_token", "no seat has this token")
        if host.stage != LOBBY:
            return self._turn_away(v, "started", "the game has started")
        try:
            host.lobby, seat = host.lobby.with_guest(body["name"])
        except LobbyError:
            return self._turn_away(v, "full", "every seat has a person")
        self.people[seat] = Person(host.entropy(16).hex(), v)
        v.seat = seat
        self.welcome(v)
        host._send_lobby()
        return None

    def on_bye(self, v: Visitor, body):
        v.link.close()
        return None

    def _turn_away(self, v: Visitor, code: str, detail: str):
        self.host._refuse(v, code, detail, v.in_seq)
        v.send("bye", {"reason": code})
        v.link.close()
        return None

    def _returns(self, v: Visitor, seat: int) -> None:
        """A guest back with its token: the seat, then everything it needs to go on."""
        host = self.host
        person = self.people[seat]
        old = person.link
        if old is not None and old is not v:  # back before the old link was seen to close
            old.seat = None
            old.link.close()
        was_away = person.away_since is not None
        person.link, person.away_since = v, None
        host.referee.restart_turn(seat)
        v.seat = seat
        # dealt fairly, a seat the host's computer plays (its person sent no key before the start, or it was
        # handed over after it was named late) stays the computer's, also once the host deals on
        fair = host.fair or host.fair_past
        held = fair is not None and seat in fair.seats
        host.lobby = host.lobby.seated(seat, replace(host.lobby.seats[seat], present=True, held=held))
        host._catch_up(v, back=True)
        if was_away:
            host._notice("back", seat)
        host._send_lobby()

    # --- the frame's timers, and links lost -------------------------------------------------------------
    def forget_the_silent(self, now: float) -> None:
        """A link that has not said hello within `hello_wait_s` of its coming is closed and
        forgotten (a guest's device says it as soon as its link opens, and again until answered)."""
        wait = self.host.settings.hello_wait_s
        for v in self.unseated():
            if now - v.came >= wait:
                self.host._refuse(v, "no_hello", f"no hello within {wait:g} s", 0, reply=False)
                v.link.close()
                self.visitors.remove(v)

    def lost(self, v: Visitor, now: float) -> None:
        """A link closed: its person is away (before the start: the seat is a computer's again)."""
        host = self.host
        self.visitors.remove(v)
        seat = v.seat
        person = self.people.get(seat) if seat is not None else None
        if person is None or person.link is not v:
            return
        person.link = None
        if host.stage == LOBBY:
            del self.people[seat]
            used = set(host.lobby.names())
            name = next((n for n in host.computer_names if n not in used), host.computer_names[0])
            host.lobby = host.lobby.seated(seat, Seat(COMPUTER, name))
        else:
            person.away_since = now
            host.lobby = host.lobby.seated(seat, replace(host.lobby.seats[seat], present=False))
            host._notice("away", seat)
            if host.stage == SHUFFLE:
                host._fair_progress()
        host._send_lobby()

    def hold_the_away(self, now: float) -> None:
        """A person away for `absent_wait_s`: a computer holds the seat until they are back.
        Not when dealt fairly: no computer holds a seat's secrets, so the game waits for its
        person (everyone was told they are away)."""
        host = self.host
        if host.fair is not None:
            return
        for seat, person in self.people.items():
            held = host.lobby.seats[seat].held
            if person.away_since is not None and not held and now - person.away_since >= host.settings.absent_wait_s:
                host.lobby = host.lobby.seated(seat, replace(host.lobby.seats[seat], held=True))
                host._notice("computer", seat)
                host._send_lobby()
