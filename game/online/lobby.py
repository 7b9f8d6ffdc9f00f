"""The room: who sits where (the host, guests, computers), the rules, the computers'
strength and how the cards are dealt, before and during a match.

Dealing: FAIR (the default: the three devices deal together and none sees a hand it
should not, docs/FAIR_DEALING.md) or HOST_DEALS (faster: the host's device deals and holds
every hand, docs/ONLINE.md).  The lobby shows which is on.

Why a value of its own: the host changes it (a guest joins, the host moves people, picks
rules) and sends it whole to every guest, who shows it; one immutable value with one JSON
form keeps both sides showing the same room.  Operations return a new Lobby or raise
`LobbyError` with a reason code the host's UI translates; nothing changes on a refusal.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.ai import STRENGTHS
from game.engine import RuleSet

from .codec import Bad, fields, flag, rules_from_json, rules_to_json, text

HOST, GUEST, COMPUTER = "host", "guest", "computer"
# The room's stages on the host (host/): people gather, the fair shuffle, the match, over,
# and the host gone (its game kept)
LOBBY, SHUFFLE, PLAY, OVER, LEFT = "lobby", "shuffle", "play", "over", "left"
KINDS = (HOST, GUEST, COMPUTER)
FAIR, HOST_DEALS = "fair", "host"  # how the cards are dealt
DEALINGS = (FAIR, HOST_DEALS)
NAME_MAX = 24  # the same limit as a name at the offline table (game/ui/games/session.py)


class LobbyError(ValueError):
    """A change the room cannot take; `code` names why (for a translated message)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def valid_name(name) -> bool:
    """A name the table can draw: printable, 1 to NAME_MAX characters, not all spaces."""
    return isinstance(name, str) and 0 < len(name) <= NAME_MAX and name.isprintable() and not name.isspace()


@dataclass(frozen=True)
class Seat:
    kind: str  # HOST, GUEST or COMPUTER
    name: str
    present: bool = True  # the person's device is connected (a computer always is)
    held: bool = False  # a computer plays for this person while they are away


@dataclass(frozen=True)
class Lobby:
    seats: tuple[Seat, Seat, Seat]
    rules: RuleSet
    strength: str
    dealing: str = FAIR

    @staticmethod
    def new(host_name: str, computer_names=("Anna", "Boris"), rules: RuleSet | None = None,
            strength: str = "normal", dealing: str = FAIR) -> "Lobby":
        for name in (host_name, *computer_names):
            if not valid_name(name):
                raise LobbyError("name", f"not a name: {name!r}")
        seats = (Seat(HOST, host_name), Seat(COMPUTER, computer_names[0]), Seat(COMPUTER, computer_names[1]))
        return Lobby(seats, rules or RuleSet.preset("standard"), strength).with_strength(strength).with_dealing(dealing)

    @property
    def host_seat(self) -> int:
        return next(s for s in range(3) if self.seats[s].kind == HOST)

    def people(self) -> list[int]:
        """Seats of persons (the host and guests)."""
        return [s for s in range(3) if self.seats[s].kind != COMPUTER]

    def free_seat(self) -> int | None:
        """The first seat a computer holds, for a guest who joins."""
        return next((s for s in range(3) if self.seats[s].kind == COMPUTER), None)

    def seated(self, seat: int, seat_value: Seat) -> "Lobby":
        seats = list(self.seats)
        seats[seat] = seat_value
        return replace(self, seats=tuple(seats))

    def with_guest(self, name: str) -> tuple["Lobby", int]:
        if not valid_name(name):
            raise LobbyError("name", f"not a name: {name!r}")
        seat = self.free_seat()
        if seat is None:
            raise LobbyError("full", "every seat has a person")
        return self.seated(seat, Seat(GUEST, name)), seat

    def swapped(self, a: int, b: int) -> "Lobby":
        """The occupants of seats a and b change places (the host moves people)."""
        if a not in (0, 1, 2) or b not in (0, 1, 2) or type(a) is not int or type(b) is not int:
            raise LobbyError("seat", f"no such seats: {a!r}, {b!r}")
        seats = list(self.seats)
        seats[a], seats[b] = seats[b], seats[a]
        return replace(self, seats=tuple(seats))

    def with_rules(self, rules: RuleSet) -> "Lobby":
        if not isinstance(rules, RuleSet):
            raise LobbyError("rules", f"not rules: {rules!r}")
        return replace(self, rules=rules)

    def with_strength(self, strength: str) -> "Lobby":
        if strength not in STRENGTHS:
            raise LobbyError("strength", f"not a strength: {strength!r}")
        return replace(self, strength=strength)

    def with_dealing(self, dealing: str) -> "Lobby":
        if dealing not in DEALINGS:
            raise LobbyError("dealing", f"not a way of dealing: {dealing!r}")
        return replace(self, dealing=dealing)

    def names(self) -> tuple[str, str, str]:
        return tuple(s.name for s in self.seats)

    def table(self) -> tuple:
        """Who sits where, as a computer player is told (Player.meet): the computer's
        strength at a computer's seat, None at a person's."""
        return tuple(self.strength if s.kind == COMPUTER else None for s in self.seats)

    # --- JSON ---------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "seats": [{"kind": s.kind, "name": s.name, "present": s.present, "held": s.held} for s in self.seats],
            "rules": rules_to_json(self.rules), "strength": self.strength, "dealing": self.dealing,
        }

    @staticmethod
    def from_json(value) -> "Lobby":
        """Strict: raises codec.Bad on anything but a lobby as the host writes it."""
        d = fields(value, ("seats", "rules", "strength", "dealing"), "lobby")
        if type(d["seats"]) is not list or len(d["seats"]) != 3:
            raise Bad("a lobby lists three seats")
        seats = tuple(_seat(s) for s in d["seats"])
        if sum(s.kind == HOST for s in seats) != 1:
            raise Bad("a lobby has exactly one host")
        strength = d["strength"]
        if type(strength) is not str or strength not in STRENGTHS:
            raise Bad(f"not a strength: {text(strength, 20, 'strength')!r}")
        dealing = d["dealing"]
        if type(dealing) is not str or dealing not in DEALINGS:
            raise Bad(f"dealing must be one of {', '.join(DEALINGS)}")
        return Lobby(seats, rules_from_json(d["rules"]), strength, dealing)


def _seat(value) -> Seat:
    d = fields(value, ("kind", "name", "present", "held"), "a seat")
    kind = d["kind"]
    if type(kind) is not str or kind not in KINDS:
        raise Bad(f"a seat's kind must be one of {', '.join(KINDS)}")
    if not valid_name(d["name"]):
        raise Bad(f"a seat's name must be printable text of 1 to {NAME_MAX} characters")
    return Seat(kind, d["name"], flag(d["present"], "present"), flag(d["held"], "held"))
