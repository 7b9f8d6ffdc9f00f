"""The deal lines of a text game record (docs/RECORD.md), replayed through the rules.

record.py reads the headers and writes records; this module checks
that every deal opens with its deal line and closes with its points, and that each action,
trick and winner is what the rules allow, raising RecordError with the line's number.
"""

from __future__ import annotations

from ..actions import Action
from ..cards import Card, format_cards, shown
from ..errors import IllegalAction, InvalidNotation, RecordError
from .notation import MAX_DIGITS, NUMBER, SIGNED, Pattern, signed

DEAL = Pattern(rf"deal ({NUMBER}): dealer ([012]), declarer ([012])")
DEALT_HAND = Pattern(r"hand ([012]): (\S+(?: \S+)*)")  # a deal's cards: read where the record has no seed
DEALT_KITTY = Pattern(r"kitty: (\S+(?: \S+)*)")
_TRICK = Pattern(rf"trick ({NUMBER}): (.*?)(?: -> ([012]))?")
_ACTIONS = Pattern(r"([012]) (declare|give|discard) (\S+(?: \S+)*)")
_POINTS = Pattern(r"points: (\S+) (\S+) (\S+)")


def replay_lines(match, lines, first: int) -> None:
    """Apply the body lines after line `first` (0-based index of the first body line)."""
    reader = _Reader(match)
    for number in range(first + 1, len(lines) + 1):
        line = " ".join(lines[number - 1].split())
        if not line or line.startswith(";"):
            continue
        try:
            reader.line(line)
        except RecordError as exc:
            raise RecordError(number, exc.reason) from None
        except (IllegalAction, InvalidNotation) as exc:
            raise RecordError(number, f"{exc}") from None
    try:
        reader.finish()
    except RecordError as exc:
        raise RecordError(len(lines), exc.reason) from None


class _Reader:
    """Replays body lines in order; every deal opens with its deal line, closes with its points."""

    def __init__(self, match):
        self.match = match
        self.announced = -1  # deal number whose deal line was read
        self.scored = len(match.deals)  # points lines read
        self.acted = False  # an action of the announced deal was read (its cards come before)

    def _owe_points(self) -> None:
        if self.scored != len(self.match.deals):
            raise RecordError(0, f"deal {self.match.deals[-1].number + 1} is over: its points line comes next")

    def finish(self) -> None:
        self._owe_points()

    def line(self, line: str) -> None:
        match = self.match
        if line.startswith("["):
            raise RecordError(0, "headers belong before the deals")
        got = _POINTS.fullmatch(line)
        if got:
            if not all(SIGNED.fullmatch(p) and len(p) <= MAX_DIGITS + 1 for p in got.groups()):
                raise RecordError(0, "points are three signed numbers such as +1 -2 +1")
            if self.scored == len(match.deals):
                raise RecordError(0, "points follow the last trick of a deal")
            points = tuple(int(p) for p in got.groups())
            if points != match.deals[-1].points:
                raise RecordError(0, f"the deal scored {signed(match.deals[-1].points)}, not {signed(points)}")
            self.scored += 1
            return
        self._owe_points()
        got = DEAL.fullmatch(line)
        if got:
            deal, dealer, declarer = _number(got.group(1), "deal"), int(got.group(2)), int(got.group(3))
            if match.is_over():
                raise RecordError(0, "the game is over: no more deals")
            if self.announced == match.deal_number:
                raise RecordError(0, f"deal {deal} starts before deal {match.deal_number + 1} is over")
            expect = (match.deal_number + 1, match.dealer, match.declarer)
            if (deal, dealer, declarer) != expect:
                raise RecordError(0, f"this is deal {expect[0]}: dealer {expect[1]}, declarer {expect[2]}")
            self.announced = match.deal_number
            self.acted = False
            return
        if match.is_over():
            raise RecordError(0, "the game is over: nothing more can be played")
        if self.announced != match.deal_number:
            raise RecordError(0, f"deal {match.deal_number + 1} needs its deal line before its actions")
        hand, kitty = DEALT_HAND.fullmatch(line), DEALT_KITTY.fullmatch(line)
        if hand or kitty:
            return self._dealt(hand, kitty)
        self.acted = True
        got = _TRICK.fullmatch(line)
        if got:
            return self._trick(got)
        got = _ACTIONS.fullmatch(line)
        if got:
            seat, kind, args = got.groups()
            args = args.split()
            if kind == "declare" and len(args) != 1:
                raise RecordError(0, "one contract per declare line")
            for arg in args:
                _act(match, seat, Action.declare(arg) if kind == "declare" else Action(kind, _card(arg)))
            return
        raise RecordError(0, "not a deal, action, trick or points line (see docs/RECORD.md)")

    def _dealt(self, hand, kitty) -> None:
        """A hand or the kitty as dealt: between the deal line and the deal's first action,
        and exactly the cards the deal has (from the seed, or from these lines without one)."""
        deal = self.match.current
        if self.acted:
            raise RecordError(0, f"deal {deal.number + 1}'s cards come before its first action")
        text = (hand or kitty).group(2 if hand else 1)
        cards = [_card(c) for c in text.split()]
        dealt = deal.hands[int(hand.group(1))] if hand else deal.kitty
        if len(cards) != len(dealt) or set(cards) != set(dealt):
            what = f"hand {hand.group(1)}" if hand else "the kitty"
            raise RecordError(0, f"{what} of deal {deal.number + 1} was dealt as {format_cards(dealt)}")

    def _trick(self, got) -> None:
        match = self.match
        if match.phase != "play":
            raise RecordError(0, f"no trick can be played now: the game is in its {match.phase} phase")
        number = _number(got.group(1), "trick")
        if match.trick or number != len(match.current.tricks) + 1:
            raise RecordError(0, f"this is trick {len(match.current.tricks) + 1}, not {number}")
        plays = got.group(2).split(", ")
        if not 1 <= len(plays) <= 3:
            raise RecordError(0, "a trick has one to three plays, each 'seat card', separated by commas")
        closed = len(plays) == 3
        if closed != (got.group(3) is not None):
            raise RecordError(0, "a finished trick ends with '-> winner', and only a finished trick")
        deals_before = len(match.deals)
        for play in plays:
            seat, _, card = play.partition(" ")
            _act(match, seat, Action.play(_card(card)))
        if closed:
            deal = match.deals[-1] if len(match.deals) > deals_before else match.current
            winner = deal.tricks[number - 1].winner
            if int(got.group(3)) != winner:
                raise RecordError(0, f"seat {winner} won this trick, not seat {got.group(3)}")


def _number(text: str, what: str) -> int:
    """A deal or trick number; one far too long is refused before int() (which stops at
    4,300 digits with a message of its own)."""
    if len(text) > MAX_DIGITS:
        raise RecordError(0, f"no {what} has a number as large as {shown(text, 16)}")
    return int(text)


def _card(text: str) -> Card:
    card = Card.parse(text)
    if str(card) != text:
        raise InvalidNotation(f"write the card as {card}, not {shown(text)}")
    return card


def _act(match, seat: str, action: Action) -> None:
    if seat not in ("0", "1", "2"):
        raise RecordError(0, f"not a seat: {shown(seat)} (0, 1 or 2)")
    if match.to_act != int(seat):
        who = "nobody (the game is over)" if match.to_act is None else f"seat {match.to_act}"
        raise RecordError(0, f"it is {who}'s turn, not seat {seat}'s ({action})")
    match.apply(action)
