"""Match: one whole game of 3-5-8, driven by ``legal_actions()`` and ``apply()``.

The state machine walks each deal through its phases (RULES.md): declare, exchange
(before the contract in classic), kitty discards, 16 tricks, score; the next deal is dealt
as soon as the last trick is taken.  Steps that need no decision (the receiver's forced
return in the exchange, lapsed passes, picking up the kitty) happen inside ``apply``.

One class with one job: the state of a game and its rules.  It is long, but its parts (the
exchange, the views, the save) all read and write the same private state, so they stay in
it rather than in mixins that share privates.  The formats above it (the text record,
share codes) and the history below it (undo, the replay cursor) import Match; Match
imports neither.
"""

from __future__ import annotations

import copy
import random

from . import fast, save
from .actions import _DISCARD, _GIVE, _PLAY, Action, Event
from .cards import SUIT_MASKS, SUIT_NAMES, Card, highest_in_suit, indices_of
from .deal import Deal, ExchangeStep, Trick, check_seat, first_dealer, shuffled_deal
from .errors import IllegalAction, InvalidNotation, Refusal, SaveError
from .exchange import exchange_plan
from .phases import PHASE_DOING, PHASE_KIND, Phase
from .position import Position, check_rules, check_seed, later_deals, later_from_dict, later_to_dict
from .rules import CONTRACT_NAMES, MT, RuleSet, trump_of
from .view import View


class Match:
    """A whole game.  Create with ``Match.new``, ``Match.from_position``, or from a save
    (``Match.from_json``, ``Match.from_dict``)."""

    def __init__(self, rules: RuleSet, seed: int, position: Position, start: dict | None, later=()):
        self.rules = rules
        self.seed = seed
        self._later = tuple(later)  # the dealt cards of the deals after the starting one, if given
        self._totals = list(position.totals)
        self.deals: list[Deal] = []
        self.history: list[Action] = []
        self._start = start
        self._used = [list(u) for u in position.used]
        self._previous_points = tuple(position.previous_points)
        self._version = 0
        self._views: dict[int, tuple[int, View]] = {}
        self._start_deal(position.deal_number, position.dealer, position.hands, position.kitty, [])

    # --- construction -----------------------------------------------------------------
    @classmethod
    def new(cls, rules: RuleSet | None = None, seed: int | None = None) -> "Match":
        rules = check_rules(RuleSet.preset("standard") if rules is None else rules)
        seed = check_seed(random.SystemRandom().randrange(1 << 32) if seed is None else seed)
        dealer = first_dealer(seed)
        hands, kitty = shuffled_deal(seed, 0, dealer)
        position = Position(tuple(map(tuple, hands)), tuple(kitty), dealer, 0, (0, 0, 0), ((), (), ()), (0, 0, 0))
        return cls(rules, seed, position, None)

    @classmethod
    def from_position(cls, rules: RuleSet, hands, kitty, dealer: int, deal_number: int = 0,
                      totals=(0, 0, 0), used=((), (), ()), previous_points=(0, 0, 0),
                      seed: int | None = None, later=()) -> "Match":
        """Start at a chosen deal; the seed shuffles the deals that follow, except those
        whose (hands, kitty) `later` gives, in order (a record of a game in progress
        carries its deals' cards and no seed: docs/RECORD.md)."""
        position = Position.checked(rules, hands, kitty, dealer, deal_number, totals, used, previous_points)
        seed = check_seed(random.SystemRandom().randrange(1 << 32) if seed is None else seed)
        later = later_deals(rules, deal_number, later)
        return cls(rules, seed, position, {**position.to_dict(), **later_to_dict(later)}, later)

    @classmethod
    def from_dict(cls, data) -> "Match":
        """The match a dict of ``to_dict()`` describes, every action replayed through the
        rules; SaveError (nothing built) if it is malformed or could not have happened."""
        rules, seed, start, actions = save.fields(data)
        try:
            if start is None:
                match = cls.new(rules, seed=seed)
            else:
                match = cls.from_position(
                    rules, start["hands"], start["kitty"], start["dealer"], start["deal_number"],
                    start["totals"], start["used"], start["previous_points"], seed=seed,
                    later=later_from_dict(start),
                )
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            raise SaveError(f"the saved starting position is invalid: {exc}") from None
        for number, text in enumerate(actions, 1):
            try:
                match.apply(text)
            except (IllegalAction, InvalidNotation) as exc:
                raise SaveError(f"action {number} ({text!r}) is not possible in this game: {exc}") from None
        return match

    @classmethod
    def from_json(cls, text) -> "Match":
        """A match from its save text (``to_json``); SaveError if the text is damaged,
        edited, or describes moves the rules do not allow."""
        data, summary = save.decode(text)
        match = cls.from_dict(data)
        if summary != match._summary():
            raise SaveError("the save file's summary does not match its moves")
        return match

    def to_dict(self) -> dict:
        """Rules, seed, starting position and actions: everything needed to rebuild exactly."""
        return {
            "format": save.FORMAT,
            "version": save.VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "start": copy.deepcopy(self._start),
            "actions": [str(a) for a in self.history],
        }

    def to_json(self) -> str:
        """The save: ``to_dict()`` with a summary and a checksum."""
        return save.encode(self.to_dict(), self._summary())

    def _summary(self) -> dict:
        return {"deal_number": self.deal_number, "phase": str(self.phase), "totals": list(self.totals)}

    def copy(self) -> "Match":
        """An independent copy to play on.  The finished deals' records are shared, not
        copied: a deal's record only changes while it is the current deal."""
        return copy.deepcopy(self, {id(d): d for d in self.deals})

    @property
    def start(self) -> dict | None:
        """The starting position this match was built from (None: the seed's first deal)."""
        return copy.deepcopy(self._start)

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
        return self.phase == Phase.GAME_OVER

    # --- the deal's state machine -----------------------------------------------------
    def _start_deal(self, number: int, dealer: int, hands, kitty, events: list) -> None:
        rules = self.rules
        declarer = rules.declarer_of(dealer)
        self.current = Deal(number, dealer, declarer, tuple(tuple(h) for h in hands), tuple(kitty),
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
            self.phase, self.to_act = Phase.DECLARE, declarer

    def _remove(self, seat: int, card: Card) -> None:
        self._hands[seat].remove(card)
        self._masks[seat] ^= card.mask

    def _add(self, seat: int, card: Card) -> None:
        self._hands[seat].append(card)
        self._masks[seat] |= card.mask

    # --- actions ----------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == Phase.PLAY:
            led = self._trick[0][1].suit if self._trick else -1
            mask = fast.legal_mask(self._masks[self.to_act], led, self._trump, self.rules.must_trump)
            return [_PLAY[i] for i in indices_of(mask)]
        if phase == Phase.DISCARD:
            return [_DISCARD[i] for i in indices_of(self._masks[self.to_act])]
        if phase == Phase.EXCHANGE:
            mask = self._masks[self.to_act]
            if self._trump >= 0:
                mask &= ~SUIT_MASKS[self._trump]
            return [_GIVE[i] for i in indices_of(mask)]
        if phase == Phase.DECLARE:
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
                raise IllegalAction(str(exc), Refusal.BAD_NOTATION) from None
        phase = self.phase
        if phase == Phase.GAME_OVER:
            raise IllegalAction("the game is over", Refusal.GAME_OVER)
        if action.kind != PHASE_KIND[phase]:
            raise IllegalAction(f"you cannot {action.kind} now: {PHASE_DOING[phase]}", Refusal.WRONG_PHASE,
                                kind=action.kind, phase=phase)
        seat = self.to_act
        events: list[Event] = []
        if phase == Phase.PLAY:
            self._play(seat, action.card, events)
        elif phase == Phase.DISCARD:
            self._discard(seat, action.card, events)
        elif phase == Phase.EXCHANGE:
            self._give(seat, action.card, events)
        else:
            self._declare(seat, action.contract, events)
        self.history.append(action)
        self._version += 1
        return events

    def _check_holds(self, seat: int, card: Card) -> None:
        if not self._masks[seat] & card.mask:
            raise IllegalAction(f"you do not hold {card}", Refusal.NOT_HELD, card=card)

    def _play(self, seat: int, card: Card, events: list) -> None:
        mask = self._masks[seat]
        if not mask & card.mask:
            raise IllegalAction(f"you do not hold {card}", Refusal.NOT_HELD, card=card)
        trick = self._trick
        if trick:
            led = trick[0][1].suit
            if card.suit != led:
                if mask & SUIT_MASKS[led]:
                    raise IllegalAction(f"you must follow {SUIT_NAMES[led]}", Refusal.MUST_FOLLOW, suit=led)
                trump = self._trump
                if self.rules.must_trump and trump >= 0 and card.suit != trump and mask & SUIT_MASKS[trump]:
                    raise IllegalAction(f"you have no {SUIT_NAMES[led]}, so you must play a trump ({SUIT_NAMES[trump]})",
                                        Refusal.MUST_TRUMP, suit=led, trump=trump)
        self._remove(seat, card)
        self._played |= card.mask
        trick.append((seat, card))
        events.append(Event("played", seat, card))
        if len(trick) < 3:
            self.to_act = (seat + 1) % 3
            return
        deal = self.current
        winner = fast.trick_winner(self._leader, [c.index for _, c in trick], self._trump)
        deal.tricks.append(Trick(self._leader, tuple(c for _, c in trick), winner))
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
            self.phase = Phase.PLAY
            self._leader = self.to_act = self.current.declarer

    def _declare(self, seat: int, contract: str, events: list) -> None:
        if contract not in self.rules.contracts:
            raise IllegalAction(f"{CONTRACT_NAMES.get(contract, contract)} is not a contract in the {self.rules.preset_name} rules",
                                Refusal.NO_SUCH_CONTRACT, contract=contract, preset=self.rules.preset_name)
        if self.rules.contracts_once and contract in self._used[seat]:
            raise IllegalAction(f"you have already declared {CONTRACT_NAMES[contract]}: each contract once per game",
                                Refusal.CONTRACT_USED, contract=contract)
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
            self.phase, self.to_act = Phase.GAME_OVER, None
            events.append(Event("game_over", self.winner(), None, self.result()[1]))
            return
        dealer = (deal.dealer + 1) % 3
        given = deal.number - (self._start["deal_number"] if self._start else 0)  # index into _later
        hands, kitty = self._later[given] if given < len(self._later) else shuffled_deal(self.seed, deal.number + 1, dealer)
        self._start_deal(deal.number + 1, dealer, hands, kitty, events)

    # --- the exchange (RULES.md, "The exchange") ---------------------------------------
    def _begin_exchange(self, events: list) -> None:
        deal = self.current
        self._passes = exchange_plan(self.rules, deal.number, deal.contract, deal.targets, self._previous_points)
        self.current.exchange_plan = tuple(self._passes)
        self.phase = Phase.EXCHANGE
        self._next_pass(events)

    def _next_pass(self, events: list) -> None:
        trump_cards = SUIT_MASKS[self._trump] if self._trump >= 0 else 0
        while self._passes:
            giver = self._passes[0][0]
            if self._masks[giver] & ~trump_cards:
                self.to_act = giver
                return
            events.append(Event("lapsed", giver, None, len([p for p in self._passes if p[0] == giver])))
            self._passes = [p for p in self._passes if p[0] != giver]
        if self.rules.exchange_first:
            self.phase, self.to_act = Phase.DECLARE, self.current.declarer
        else:
            self._take_kitty(events)

    def _take_kitty(self, events: list) -> None:
        declarer = self.current.declarer
        self._hands[declarer].extend(self._kitty)
        for c in self._kitty:
            self._masks[declarer] |= c.mask
        self._kitty_taken = True
        events.append(Event("kitty", declarer, None, tuple(self._kitty)))
        self.phase, self.to_act = Phase.DISCARD, declarer

    def _give(self, seat: int, card: Card, events: list) -> None:
        self._check_holds(seat, card)
        if card.suit == self._trump:
            raise IllegalAction(f"you may not pass a trump ({SUIT_NAMES[card.suit]})", Refusal.TRUMP_PASS, suit=card.suit)
        giver, receiver = self._passes.pop(0)
        self._remove(giver, card)
        self._add(receiver, card)
        top = Card.from_index(highest_in_suit(self._masks[receiver], card.suit))
        self._remove(receiver, top)
        self._add(giver, top)
        self.current.exchange.append(ExchangeStep(giver, receiver, card, top))
        events.append(Event("gave", giver, card, receiver))
        events.append(Event("returned", receiver, top, giver))
        self._next_pass(events)

    # --- results ----------------------------------------------------------------------
    def result(self) -> tuple[int | None, str | None]:
        """(winner, tie-break used): 'total', 'last_deal' or 'last_trick'; (None, None) before the end."""
        if self.phase != Phase.GAME_OVER:
            return None, None
        return decide_winner(self.totals, self.deals)

    def winner(self) -> int | None:
        return self.result()[0]

    @property
    def points(self) -> list[tuple[int, int, int]]:
        """Points of every finished deal, in order."""
        return [d.points for d in self.deals]

    # --- what one seat may know ------------------------------------------------------
    def view(self, seat: int) -> View:
        check_seat(seat)
        cached = self._views.get(seat)
        if cached and cached[0] == self._version:
            return cached[1]
        deal = self.current
        phase = self.phase
        is_declarer = seat == deal.declarer
        hand = tuple(self._hands[seat])
        hand_mask = self._masks[seat]
        if phase == Phase.DECLARE and is_declarer and self.rules.declare_on < len(hand):
            hand = hand[: self.rules.declare_on]
            hand_mask = sum(c.mask for c in hand)
        show_kitty = is_declarer and self._kitty_taken and phase != Phase.GAME_OVER
        exchange = tuple(
            step if seat in (step.giver, step.receiver) else ExchangeStep(step.giver, step.receiver, None, None)
            for step in deal.exchange
        )
        view = View(
            seat=seat, rules=self.rules, phase=phase, to_act=self.to_act, deal_number=deal.number,
            deals_total=self.rules.deals, dealer=deal.dealer, declarer=deal.declarer,
            contract=deal.contract, trump=self._trump, hand=hand, hand_mask=hand_mask,
            hand_sizes=tuple(len(h) for h in self._hands),
            kitty=tuple(deal.kitty) if show_kitty else None,
            discards=tuple(deal.discards) if show_kitty else None,
            trick=tuple(self._trick), leader=self._leader, tricks=tuple(deal.tricks),
            tricks_taken=tuple(deal.tricks_taken), targets=deal.targets, totals=tuple(self.totals),
            previous_points=self._previous_points, used=self.used,
            exchange_plan=deal.exchange_plan,
            exchange=exchange, played_mask=self._played,
            legal=tuple(self.legal_actions()) if seat == self.to_act else (),
        )
        self._views[seat] = (self._version, view)
        return view

    def __str__(self) -> str:
        lines = [f"{self.rules.preset_name} game, seed {self.seed}, deal {self.deal_number + 1}/{self.rules.deals}, phase {self.phase}"]
        lines += [d.summary() for d in self.deals]
        lines.append(f"totals: {' '.join(f'{t:+d}' for t in self.totals)}")
        return "\n".join(lines)


def decide_winner(totals, deals: list[Deal]) -> tuple[int, str]:
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
