"""Who sits where: the seats' names, which seats people play (pass-and-play), and whose
cards may be face up on the table right now.

One to three people share one device.  A human seat's cards are shown only after that
person accepted the "pass the device to NAME" cover.  The rule, in one place:

- when the seat to decide is a human other than the one whose cover was last accepted,
  the cover comes first (`HandOver.cover_due`);
- between, while computers play or cards fly, the last accepted human's hand stays face up
  (they still hold the device) until the next human's cover;
- a new deal, and a resumed game, start with no hand face up (the score screen is a natural
  moment to pass the device around): the first human to decide gets the cover, even if it
  is the same person as before.

With one human seat nothing of this shows: that seat's cards are always face up, as in a
game against two computers.  No pygame here: the rule is tested on its own.
"""

from __future__ import annotations


def valid_name(name) -> bool:
    """A name the table can draw: the one name rule (game/engine/names.py)."""
    from ...engine.names import is_name  # when a name is checked: not a module of the start

    return is_name(name)


def valid_names(names) -> bool:
    """Three names, each one the table can draw."""
    return isinstance(names, list) and len(names) == 3 and all(valid_name(n) for n in names)


def check_human_seats(value) -> tuple[int, ...]:
    """The human seats as a sorted tuple, or ValueError: exactly ints 0..2 (no bools), no
    duplicates, one to three of them, given as a list or tuple."""
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"the human seats must be a list of 1 to 3 seats, not {type(value).__name__}")
    if not 1 <= len(value) <= 3:
        raise ValueError(f"there must be 1 to 3 human seats, not {len(value)}")
    for seat in value:
        if type(seat) is not int or seat not in (0, 1, 2):
            raise ValueError(f"a human seat must be 0, 1 or 2, not {seat!r}")
    if len(set(value)) != len(value):
        raise ValueError(f"the human seats {list(value)!r} name a seat twice")
    return tuple(sorted(value))


class HandOver:
    """Whose cards may be face up now, and when the cover must come."""

    def __init__(self, human_seats, viewer: int):
        self.humans = check_human_seats(human_seats)
        self.shared = len(self.humans) > 1  # pass-and-play: covers between people
        self.revealed = viewer if not self.shared else None  # the seat whose cover was last accepted
        self.accepted = 0  # covers accepted (tests and tools read it)

    def cover_due(self, to_act, busy: bool):
        """The human seat that must get the device now, or None (no cover while cards fly)."""
        if not self.shared or busy or to_act not in self.humans or to_act == self.revealed:
            return None
        return to_act

    def accept(self, seat: int) -> None:
        if seat not in self.humans:
            raise ValueError(f"seat {seat!r} is not a human seat")
        self.revealed = seat
        self.accepted += 1

    def new_deal(self) -> None:
        """A new deal starts with every hand face down (pass-and-play only)."""
        if self.shared:
            self.revealed = None

    def shows(self, seat: int) -> bool:
        """May `seat`'s private cards be drawn face up now?"""
        return seat == self.revealed
