"""Match: one whole game of 3-5-8, driven by ``legal_actions()`` and ``apply()``.

The state machine walks each deal through its phases (RULES.md): declare, exchange
(before the contract in classic), kitty discards, 16 tricks, score; the next deal is dealt
as soon as the last trick is taken.  Steps that need no decision (the receiver's forced
return in the exchange, lapsed passes, picking up the kitty) happen inside ``apply``.
"""

from __future__ import annotations

import random

from . import fast
from .actions import _DISCARD, _GIVE, _PLAY, Action, Event, IllegalAction
from .cards import SUIT_MASKS, SUIT_NAMES, Card, InvalidNotation, indices_of, parse_cards, shown
from .deal import DealRecord, InvalidPosition, TrickRecord, check_seat, first_dealer, shuffled_deal
from .exchange import ExchangeSteps
from .persist import MatchRecords
from .phases import DECLARE_PHASE, DISCARD_PHASE, EXCHANGE, GAME_OVER, PHASE_DOING, PHASE_KIND, PLAY_PHASE
from .rules import CONTRACT_NAMES, MT, RuleSet, parse_contract, trump_of
from .seat_views import SeatViews
from .view import View


SEED_LIMIT = 2**64  # seeds are whole numbers 0 <= seed < SEED_LIMIT
DEAL_POINTS = 13  # one deal scores at most +13 (16 tricks against a target of 3) or -13 (MT)


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


def _seed(value) -> int:
    if type(value) is not int or not 0 <= value < SEED_LIMIT:
        raise InvalidPosition(f"the seed must be a whole number from 0 to 2**64 - 1, not {shown(value)}")
    return value


def _check_rules(rules) -> RuleSet:
    if not isinstance(rules, RuleSet):
        raise InvalidPosition(f"rules must be a RuleSet (RuleSet.preset(...)), not {shown(rules)}")
    return rules


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


class Match(ExchangeSteps, SeatViews, MatchRecords):
    """A whole game.  Create with ``Match.new`` or ``Match.from_position``."""

    def __init__(self, rules: RuleSet, seed: int, dealer: int, deal_number: int, totals, used,
                 previous_points, hands, kitty, start: dict | None):
        self.rules = rules
        self.seed = seed
        self._totals = list(totals)
        self.deals: list[DealRecord] = []
        self.history: list[Action] = []
        self._start = start
        self._used = [list(u) for u in used]
        self._previous_points = tuple(previous_points)
        self._version = 0
        self._views: dict[int, tuple[int, View]] = {}
        self._start_deal(deal_number, dealer, hands, kitty, [])

    # --- construction -----------------------------------------------------------------
    @classmethod
    def new(cls, rules: RuleSet | None = None, seed: int | None = None) -> "Match":
        rules = _check_rules(RuleSet.preset("standard") if rules is None else rules)
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 32)
        _seed(seed)
        dealer = first_dealer(seed)
        hands, kitty = shuffled_deal(seed, 0, dealer)
        return cls(rules, seed, dealer, 0, (0, 0, 0), ((), (), ()), (0, 0, 0), hands, kitty, None)

    @classmethod
    def from_position(cls, rules: RuleSet, hands, kitty, dealer: int, deal_number: int = 0,
                      totals=(0, 0, 0), used=((), (), ()), previous_points=(0, 0, 0),
                      seed: int | None = None) -> "Match":
        """Start at a chosen deal; the seed shuffles the deals that follow."""
        _check_rules(rules)
        try:
            hands = [parse_cards(h) for h in _seats(hands, "hands")]
            kitty = parse_cards(kitty)
        except InvalidNotation as exc:
            raise InvalidPosition(f"bad position: {exc}") from None
        if any(len(h) != 16 for h in hands) or len(kitty) != 4:
            raise InvalidPosition("bad position: each hand needs 16 cards and the kitty 4")
        if len({c.index for h in hands for c in h} | {c.index for c in kitty}) != 52:
            raise InvalidPosition("bad position: the hands and kitty must hold all 52 cards, each once")
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
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 32)
        _seed(seed)
        start = {
            "hands": [[str(c) for c in h] for h in hands], "kitty": [str(c) for c in kitty],
            "dealer": dealer, "deal_number": deal_number, "totals": list(totals),
            "used": [list(u) for u in used], "previous_points": list(previous_points),
        }
        return cls(rules, seed, dealer, deal_number, totals, used, previous_points, hands, kitty, start)

    # --- state ------------------------------------------------------------------------
    @property
    def totals(self) -> tuple[int, int, int]:
        return tuple(self._totals)

    @property
    def deal_number(self) -> int:
        return self.current.number

    @property
    def dealer(self) -> int:
        return self.current.dealer

    @property
    def declarer(self) -> int:
        return self.current.declarer

    @property
    def contract(self) -> str | None:
        return self.current.contract

    @property
    def used(self) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(u) for u in self._used)

    @property
    def previous_points(self) -> tuple[int, int, int]:
        return self._previous_points

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The full hand of a seat (not a view: the engine's own knowledge)."""
        return tuple(self._hands[check_seat(seat)])

    @property
    def trick(self) -> tuple[tuple[int, Card], ...]:
        return tuple(self._trick)

    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    # --- the deal's state machine -----------------------------------------------------
    def _start_deal(self, number: int, dealer: int, hands, kitty, events: list) -> None:
        rules = self.rules
        declarer = rules.declarer_of(dealer)
        self.current = DealRecord(number, dealer, declarer, tuple(tuple(h) for h in hands), tuple(kitty),
                                  targets=rules.targets(dealer, None))
        self._hands = [list(h) for h in hands]
        self._masks = [sum(c.mask for c in h) for h in hands]
        self._kitty = list(kitty)
        self._trump = -1
        self._trick: list[tuple[int, Card]] = []
        self._leader = declarer
        self._played = 0
        self._passes: list[tuple[int, int]] = []
        self._kitty_taken = False
        events.append(Event("dealt", dealer, None, number))
        if rules.exchange_first:
            self._begin_exchange(events)
        else:
            self.phase, self.to_act = DECLARE_PHASE, declarer

    def _remove(self, seat: int, card: Card) -> None:
        self._hands[seat].remove(card)
        self._masks[seat] ^= card.mask

    def _add(self, seat: int, card: Card) -> None:
        self._hands[seat].append(card)
        self._masks[seat] |= card.mask

    # --- actions ----------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY_PHASE:
            led = self._trick[0][1].suit if self._trick else -1
            mask = fast.legal_mask(self._masks[self.to_act], led, self._trump, self.rules.must_trump)
            return [_PLAY[i] for i in indices_of(mask)]
        if phase == DISCARD_PHASE:
            return [_DISCARD[i] for i in indices_of(self._masks[self.to_act])]
        if phase == EXCHANGE:
            mask = self._masks[self.to_act]
            if self._trump >= 0:
                mask &= ~SUIT_MASKS[self._trump]
            return [_GIVE[i] for i in indices_of(mask)]
        if phase == DECLARE_PHASE:
            return [Action.declare(c) for c in self._declarable(self.to_act)]
        return []

    def _declarable(self, seat: int) -> list[str]:
        if not self.rules.contracts_once:
            return list(self.rules.contracts)
        used = self._used[seat]
        return [c for c in self.rules.contracts if c not in used]

    def apply(self, action) -> list[Event]:
        """Apply one action of the seat to act; raises IllegalAction and changes nothing
        if the rules forbid it."""
        if not isinstance(action, Action):
            try:
                action = Action.parse(action)
            except InvalidNotation as exc:
                raise IllegalAction(str(exc)) from None
        phase = self.phase
        if phase == GAME_OVER:
            raise IllegalAction("the game is over")
        if action.kind != PHASE_KIND[phase]:
            raise IllegalAction(f"you cannot {action.kind} now: {PHASE_DOING[phase]}")
        seat = self.to_act
        events: list[Event] = []
        if phase == PLAY_PHASE:
            self._play(seat, action.card, events)
        elif phase == DISCARD_PHASE:
            self._discard(seat, action.card, events)
        elif phase == EXCHANGE:
            self._give(seat, action.card, events)
        else:
            self._declare(seat, action.contract, events)
        self.history.append(action)
        self._version += 1
        return events

    def _check_holds(self, seat: int, card: Card) -> None:
        if not self._masks[seat] & card.mask:
            raise IllegalAction(f"you do not hold {card}")

    def _play(self, seat: int, card: Card, events: list) -> None:
        mask = self._masks[seat]
        if not mask & card.mask:
            raise IllegalAction(f"you do not hold {card}")
        trick = self._trick
        if trick:
            led = trick[0][1].suit
            if card.suit != led:
                if mask & SUIT_MASKS[led]:
                    raise IllegalAction(f"you must follow {SUIT_NAMES[led]}")
                trump = self._trump
                if self.rules.must_trump and trump >= 0 and card.suit != trump and mask & SUIT_MASKS[trump]:
                    raise IllegalAction(f"you have no {SUIT_NAMES[led]}, so you must play a trump ({SUIT_NAMES[trump]})")
        self._remove(seat, card)
        self._played |= card.mask
        trick.append((seat, card))
        events.append(Event("played", seat, card))
        if len(trick) < 3:
            self.to_act = (seat + 1) % 3
            return
        deal = self.current
        winner = fast.trick_winner(self._leader, [c.index for _, c in trick], self._trump)
        deal.tricks.append(TrickRecord(self._leader, tuple(c for _, c in trick), winner))
        deal.tricks_taken[winner] += 1
        events.append(Event("trick", winner, None, len(deal.tricks) - 1))
        self._trick = []
        self._leader = self.to_act = winner
        if len(deal.tricks) == 16:
            self._finish_deal(events)

    def _discard(self, seat: int, card: Card, events: list) -> None:
        self._check_holds(seat, card)
        self._remove(seat, card)
        self.current.discards.append(card)
        events.append(Event("discarded", seat, card))
        if len(self.current.discards) == 4:
            self.phase = PLAY_PHASE
            self._leader = self.to_act = self.current.declarer

    def _declare(self, seat: int, contract: str, events: list) -> None:
        if contract not in self.rules.contracts:
            raise IllegalAction(f"{CONTRACT_NAMES.get(contract, contract)} is not a contract in the {self.rules.preset_name} rules")
        if self.rules.contracts_once and contract in self._used[seat]:
            raise IllegalAction(f"you have already declared {CONTRACT_NAMES[contract]}: each contract once per game")
        deal = self.current
        deal.contract = contract
        deal.targets = self.rules.targets(deal.dealer, contract)
        self._trump = trump_of(contract)
        self._used[seat].append(contract)
        events.append(Event("declared", seat, None, contract))
        if self.rules.exchange_first:
            self._take_kitty(events)
        else:
            self._begin_exchange(events)

    def _finish_deal(self, events: list) -> None:
        deal = self.current
        deal.points = fast.score(deal.tricks_taken, deal.targets, deal.contract == MT)
        for s in range(3):
            self._totals[s] += deal.points[s]
        self.deals.append(deal)
        self._previous_points = deal.points
        events.append(Event("scored", None, None, deal.points))
        if deal.number + 1 >= self.rules.deals:
            self.phase, self.to_act = GAME_OVER, None
            events.append(Event("game_over", self.winner(), None, self.result()[1]))
            return
        dealer = (deal.dealer + 1) % 3
        hands, kitty = shuffled_deal(self.seed, deal.number + 1, dealer)
        self._start_deal(deal.number + 1, dealer, hands, kitty, events)

    # --- results ----------------------------------------------------------------------
    def result(self) -> tuple[int | None, str | None]:
        """(winner, tie-break used): 'total', 'last_deal' or 'last_trick'; (None, None) before the end."""
        if self.phase != GAME_OVER:
            return None, None
        return decide_winner(self.totals, self.deals)

    def winner(self) -> int | None:
        return self.result()[0]

    @property
    def points(self) -> list[tuple[int, int, int]]:
        """Points of every finished deal, in order."""
        return [d.points for d in self.deals]



def decide_winner(totals, deals: list[DealRecord]) -> tuple[int, str]:
    """Highest total wins; among tied players, more points in the last deal; then whoever
    of them won the latest trick of the last deal (seed 002's tie-breaks), looking back
    into earlier deals if none of them took a trick in the last one."""
    last = deals[-1]
    best = max(totals)
    tied = [s for s in range(3) if totals[s] == best]
    if len(tied) == 1:
        return tied[0], "total"
    top = max(last.points[s] for s in tied)
    tied = [s for s in tied if last.points[s] == top]
    if len(tied) == 1:
        return tied[0], "last_deal"
    for deal in reversed(deals):
        for trick in reversed(deal.tricks):
            if trick.winner in tied:
                return trick.winner, "last_trick"
    return tied[0], "last_trick"  # none of them ever took a trick: cannot happen in a full game
