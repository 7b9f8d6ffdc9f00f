"""A starting position (``Match.from_position``) checked against what the rules can produce.

Why a module of its own: a position comes from outside (the arena, a record's header, a
test, a save) and every field must be refused with a clear reason before any state is
built, so the checks read as one list, apart from the state machine that plays on.
"""

from __future__ import annotations

from .cards import Card, parse_cards, shown
from .errors import InvalidNotation, InvalidPosition
from .rules import MT, RuleSet, parse_contract
from .values import value_type

SEED_LIMIT = 2**64  # seeds are whole numbers 0 <= seed < SEED_LIMIT
DEAL_POINTS = 13  # one deal scores at most +13 (16 tricks against a target of 3) or -13 (MT)


def check_seed(value) -> int:
    if type(value) is not int or not 0 <= value < SEED_LIMIT:
        raise InvalidPosition(f"the seed must be a whole number from 0 to 2**64 - 1, not {shown(value)}")
    return value


def check_rules(rules) -> RuleSet:
    if not isinstance(rules, RuleSet):
        raise InvalidPosition(f"rules must be a RuleSet (RuleSet.preset(...)), not {shown(rules)}")
    return rules


def _seats(value, name: str) -> tuple:
    if not isinstance(value, (list, tuple)) or len(value) != 3:
        raise InvalidPosition(f"bad position: {name} must list three seats, not {shown(value)}")
    return tuple(value)


def _whole(value, name: str) -> int:
    if type(value) is not int:
        raise InvalidPosition(f"{name} must be a whole number, not {shown(value)}")
    return value


def _contract_list(value) -> tuple:
    if not isinstance(value, (list, tuple)):
        raise InvalidPosition(f"bad position: each seat's used contracts must be a list, not {shown(value)}")
    return tuple(value)


@value_type(frozen=True)
class Position:
    """The state a match starts from: a deal just dealt, and what came before it."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    kitty: tuple[Card, ...]
    dealer: int
    deal_number: int
    totals: tuple[int, int, int]
    used: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    previous_points: tuple[int, int, int]

    @staticmethod
    def checked(rules: RuleSet, hands, kitty, dealer, deal_number=0, totals=(0, 0, 0), used=((), (), ()),
                previous_points=(0, 0, 0)) -> "Position":
        """The position, or InvalidPosition naming the first thing the rules could not produce."""
        check_rules(rules)
        hands, kitty = dealt_cards(hands, kitty)
        if type(dealer) is not int or dealer not in (0, 1, 2):
            raise InvalidPosition(f"bad position: dealer must be seat 0, 1 or 2, not {shown(dealer)}")
        if type(deal_number) is not int or not 0 <= deal_number < rules.deals:
            raise InvalidPosition(f"bad position: deal_number must be 0..{rules.deals - 1}, not {shown(deal_number)}")
        totals = tuple(_whole(t, "each total") for t in _seats(totals, "totals"))
        previous_points = tuple(_whole(p, "each previous point") for p in _seats(previous_points, "previous_points"))
        _check_scores(rules, dealer, deal_number, totals, previous_points)
        try:
            used = tuple(tuple(parse_contract(c) for c in _contract_list(u)) for u in _seats(used, "used"))
        except InvalidNotation as exc:
            raise InvalidPosition(f"bad position: {exc}") from None
        _check_used(rules, dealer, deal_number, used)
        return Position(hands, kitty, dealer, deal_number, totals, used, previous_points)

    def to_dict(self) -> dict:
        """The position in a save's "start" field (text notation, plain lists)."""
        return {
            "hands": [[str(c) for c in h] for h in self.hands], "kitty": [str(c) for c in self.kitty],
            "dealer": self.dealer, "deal_number": self.deal_number, "totals": list(self.totals),
            "used": [list(u) for u in self.used], "previous_points": list(self.previous_points),
        }


def dealt_cards(hands, kitty) -> tuple[tuple, tuple]:
    """Three hands of 16 and a kitty of 4 holding all 52 cards once (Card values), or
    InvalidPosition; a starting position's deal and each deal a record gives after it."""
    try:
        hands = tuple(tuple(parse_cards(h)) for h in _seats(hands, "hands"))
        kitty = tuple(parse_cards(kitty))
    except InvalidNotation as exc:
        raise InvalidPosition(f"bad position: {exc}") from None
    if any(len(h) != 16 for h in hands) or len(kitty) != 4:
        raise InvalidPosition("bad position: each hand needs 16 cards and the kitty 4")
    if len({c.index for h in hands for c in h} | {c.index for c in kitty}) != 52:
        raise InvalidPosition("bad position: the hands and kitty must hold all 52 cards, each once")
    return hands, kitty


def later_deals(rules: RuleSet, deal_number: int, later) -> tuple:
    """The deals after a starting position given as (hands, kitty) each rather than shuffled
    from the seed (a record without its seed: docs/RECORD.md), each checked as a deal, all
    within the game."""
    if not isinstance(later, (list, tuple)) or not all(isinstance(d, (list, tuple)) and len(d) == 2 for d in later):
        raise InvalidPosition("bad position: later deals are a list of (hands, kitty)")
    later = tuple(dealt_cards(h, k) for h, k in later)
    if later and deal_number + len(later) >= rules.deals:
        raise InvalidPosition(f"bad position: {len(later)} later deals do not fit in a game of {rules.deals}")
    return later


def later_to_dict(later) -> dict:
    """The later deals in a save's "start" field (none: no field, as saves always were)."""
    if not later:
        return {}
    return {"later": [{"hands": [[str(c) for c in h] for h in hands], "kitty": [str(c) for c in kitty]} for hands, kitty in later]}


def later_from_dict(start: dict) -> list:
    """The (hands, kitty) pairs a save's "start" field gives; TypeError when malformed."""
    later = start.get("later", [])
    if not isinstance(later, list) or not all(isinstance(d, dict) for d in later):
        raise TypeError("later deals are a list of objects")
    return [(d["hands"], d["kitty"]) for d in later]


def _check_used(rules: RuleSet, dealer: int, deal_number: int, used) -> None:
    for seat, u in enumerate(used):
        bad = [c for c in u if c not in rules.contracts]
        if bad:
            raise InvalidPosition(f"bad position: {bad[0]} is not a contract in {rules.preset_name}")
        if rules.contracts_once:
            if len(set(u)) != len(u):
                raise InvalidPosition(f"bad position: seat {seat} declared a contract twice")
            remaining = sum(1 for d in range(deal_number, rules.deals) if rules.declarer_of((dealer + d - deal_number) % 3) == seat)
            if remaining > len(rules.contracts) - len(u):
                raise InvalidPosition(f"bad position: seat {seat} has too few contracts left for the remaining deals")
        elif len(u) > rules.deals:
            raise InvalidPosition(f"bad position: seat {seat} cannot have declared {len(u)} contracts")


def _check_scores(rules: RuleSet, dealer: int, deal_number: int, totals, previous_points) -> None:
    """Totals and the last deal's points as the rules can produce them: every deal's
    points add up to 0, and the last deal's are tricks against that deal's targets."""
    if sum(totals) != 0:
        raise InvalidPosition(f"bad position: every deal's points add up to 0, so the totals must too, not {shown(totals)}")
    limit = DEAL_POINTS * deal_number
    if any(abs(t) > limit for t in totals):
        raise InvalidPosition(f"bad position: after {deal_number} deals a total lies between -{limit} and {limit}, not {shown(totals)}")
    if sum(previous_points) != 0:
        raise InvalidPosition("bad position: previous_points must add up to 0")
    if deal_number == 0:
        if any(previous_points):
            raise InvalidPosition("bad position: the first deal has no previous deal, so previous_points must be 0, 0, 0")
        return
    last_dealer = (dealer - 1) % 3
    for minimum in (False, True) if MT in rules.contracts else (False,):
        targets = rules.targets(last_dealer, MT if minimum else None)
        taken = [t - p if minimum else t + p for t, p in zip(targets, previous_points)]
        if all(0 <= n <= 16 for n in taken):
            return
    raise InvalidPosition(
        f"bad position: no deal scores {shown(tuple(previous_points))} (points are tricks taken against targets of 8, 5 and 3)"
    )


__all__ = ["Position", "SEED_LIMIT", "check_seed", "check_rules", "dealt_cards", "later_deals", "later_from_dict",
           "later_to_dict"]
