"""What one seat knows of a match dealt fairly: the View, without anyone holding every hand.

Why: in fair dealing no device knows every hand, so none can run a `Match`.  Each device
runs a Tracker for its seat, fed the public actions (played cards opened to all), its own
cards and the cards opened to it, and gets exactly the `View` that `Match.view(seat)`
would give (a property test plays random matches through both).  It walks the deal
through the same phases as Match, with the engine's own pieces (targets, the exchange
plan, legal masks, trick winners, scores).

It refuses at once what it can see is wrong (Breach): a seat acting out of turn, a card
already played, one it holds or knows to be elsewhere, a seat with no cards left, a
contract the seat may not name, a trump passed to it, a returned card of another suit or
lower than the one passed, a suit played after the seat showed it had none.  What it
cannot see (could a seat have followed suit?  did the receiver give back its highest
card?  may the giver lapse?) waits for the audit, which replays the opened deal through
the real rules.

A tracker of no seat (`seat` None) holds no card and knows only what is public: its
refusals are the public rules of the game's turns, and the rule book (rulebook.py) keeps
one as its `watcher`, on every device and in the audit alike.  So whatever a seat's own
tracker refuses on public grounds, the rule book has refused first, and the audit again.

For the screens it also keeps the engine's `Event`s of what it saw, as this seat may see
them (`take_events`: a hidden card is None, as visibility.py masks them), counts the
actions taken (`actions`, the match's ``len(history)``), and keeps the view of a deal just
played out (`between`) while the next one is being dealt.
"""

from __future__ import annotations

from ...engine import fast
from ...engine.actions import _DISCARD, _GIVE, _PLAY, Action, Event
from ...engine.cards import SUIT_MASKS, SUIT_NAMES, Card, indices_of
from ...engine.deal import ExchangeStep, Trick
from ...engine.exchange import exchange_plan
from ...engine.phases import Phase
from ...engine.rules import MT, RuleSet, trump_of
from ...engine.values import replace
from ...engine.view import View
from .breach import Breach

DEALING = "dealing"  # between deals: the next fair deal is being shuffled and opened


class Tracker:
    """One seat's knowledge of the match; `view()` is what Match.view(seat) would be (`seat`
    None: a watcher's, which holds no card and sees only what is public)."""

    def __init__(self, seat: int, rules: RuleSet, dealer: int, deal_number: int = 0, totals=(0, 0, 0),
                 used=((), (), ()), previous_points=(0, 0, 0)):
        self.seat, self.rules = seat, rules
        self.totals = list(totals)
        self.used = [list(u) for u in used]
        self.previous_points = tuple(previous_points)
        self.deal_number, self.dealer = deal_number, dealer
        self.declarer = rules.declarer_of(dealer)
        self.phase, self.to_act = DEALING, None
        self.events: list[Event] = []  # since the last take_events()
        self.actions = 0  # actions taken in the match (declare, give, discard, play)
        self.between: View | None = None  # the deal just played out, while the next is dealt
        self._clear_deal()

    def take_events(self) -> list[Event]:
        events, self.events = self.events, []
        return events

    # --- a deal ---------------------------------------------------------------------
    def _clear_deal(self) -> None:
        self.contract, self.trump = None, -1
        self.targets = self.rules.targets(self.dealer, None)
        self.hand: list[Card] = []
        self.hidden = 0  # own cards not yet opened (the declarer's last ten before declaring)
        self.sizes = [0, 0, 0]
        self.kitty: list[Card] | None = None  # the declarer's own, once taken and opened
        self.kitty_taken = False
        self.discards: list[Card] = []  # own (declarer) discards; others only count them
        self.discard_count = 0
        self.trick: list[tuple[int, Card]] = []
        self.leader = self.declarer
        self.tricks: list[Trick] = []
        self.taken = [0, 0, 0]
        self.played_mask = 0
        self.plan: list[tuple[int, int]] = []
        self.exchange_plan: tuple = ()
        self.exchange: list[ExchangeStep] = []
        self.pending_give: tuple[int, int, Card | None] | None = None
        self.elsewhere: dict[int, set[int]] = {}  # card index -> the seats that may hold it, as far as known
        self.voids: list[set[int]] = [set(), set(), set()]  # suits a seat showed it lacks, with the trick
        self.void_trick: dict[tuple[int, int], int] = {}

    def deal(self, cards) -> None:
        """A new deal has been opened to this seat: its own cards in dealt order (the
        declarer's first `declare_on` only, when it declares on part of its hand)."""
        if self.phase != DEALING:
            raise Breach(self.seat, "a new deal before this one ended")
        cards = list(cards)
        self.hand = cards
        self.hidden = 16 - len(cards)
        self.sizes = [16, 16, 16]
        self.between = None
        self.events.append(Event("dealt", self.dealer, None, self.deal_number))
        if self.rules.exchange_first:
            self._begin_exchange()
        else:
            self.phase, self.to_act = Phase.DECLARE, self.declarer

    def rest_of_hand(self, cards) -> None:
        """The declarer's remaining cards, opened to it after it declared."""
        cards = list(cards)
        if len(cards) != self.hidden:
            raise Breach(self.seat, "the rest of the hand has the wrong number of cards")
        self.hand += cards
        self.hidden = 0

    # --- actions ------------------------------------------------------------------
    def _expect(self, seat: int, phase: str, what: str) -> None:
        if self.phase != phase or seat != self.to_act:
            raise Breach(seat, f"{what} out of turn")

    def declared(self, seat: int, contract: str) -> None:
        self._expect(seat, Phase.DECLARE, "declared")
        if contract not in self.rules.contracts or (self.rules.contracts_once and contract in self.used[seat]):
            raise Breach(seat, f"declared {contract}, which it may not")
        self.contract = contract
        self.targets = self.rules.targets(self.dealer, contract)
        self.trump = trump_of(contract)
        self.used[seat].append(contract)
        self.actions += 1
        self.events.append(Event("declared", seat, None, contract))
        if self.rules.exchange_first:
            self._take_kitty()
        else:
            self._begin_exchange()

    def _begin_exchange(self) -> None:
        self.plan = exchange_plan(self.rules, self.deal_number, self.contract, self.targets, self.previous_points)
        self.exchange_plan = tuple(self.plan)
        self.phase = Phase.EXCHANGE
        self._next_pass()

    def _next_pass(self) -> None:
        if self.plan:
            self.to_act = self.plan[0][0]
            return
        if self.rules.exchange_first:
            self.phase, self.to_act = Phase.DECLARE, self.declarer
        else:
            self._take_kitty()

    def must_lapse(self) -> bool:
        """This seat is the giver to act and holds no card outside the trump suit."""
        trumps = SUIT_MASKS[self.trump] if self.trump >= 0 else 0
        return self.phase == Phase.EXCHANGE and self.to_act == self.seat and not self._mask() & ~trumps

    def lapsed(self, giver: int) -> None:
        self._expect(giver, Phase.EXCHANGE, "lapsed")
        if self.pending_give:
            raise Breach(giver, "lapsed while a card was passed")
        if giver == self.seat and not self.must_lapse():
            raise Breach(giver, "lapsed holding a card it could pass")
        self.events.append(Event("lapsed", giver, None, sum(1 for p in self.plan if p[0] == giver)))
        self.plan = [p for p in self.plan if p[0] != giver]
        self._next_pass()

    def gave(self, giver: int, receiver: int, card: Card | None = None) -> None:
        self._expect(giver, Phase.EXCHANGE, "passed a card")
        if self.pending_give or (giver, receiver) != self.plan[0]:
            raise Breach(giver, "passed a card to the wrong seat")
        if (self.seat in (giver, receiver)) != (card is not None):
            raise ValueError("a passed card is known to the giver and the receiver only")
        if giver == self.seat:
            if card not in self.hand or card.suit == self.trump:
                raise Breach(giver, f"passed {card}, which it may not")
            self._remove(card)
        elif receiver == self.seat:
            if card.suit == self.trump:
                raise Breach(giver, f"passed a trump ({card})")
            self._known_free(giver, card)
            self.hand.append(card)
        else:  # a pass between the other two may move a card known to be with either
            for holders in self.elsewhere.values():
                if holders & {giver, receiver}:
                    holders |= {giver, receiver}
        self.pending_give = (giver, receiver, card)
        self.to_act = receiver
        self.actions += 1
        self.events.append(Event("gave", giver, card, receiver))

    def returned(self, receiver: int, giver: int, card: Card | None = None) -> None:
        if self.phase != Phase.EXCHANGE or not self.pending_give or self.pending_give[:2] != (giver, receiver):
            raise Breach(receiver, "returned a card out of turn")
        given = self.pending_give[2]
        if (self.seat in (giver, receiver)) != (card is not None):
            raise ValueError("a returned card is known to the giver and the receiver only")
        if receiver == self.seat:
            top = Card.from_index(_highest(self._mask(), given.suit))
            if card is not top:
                raise Breach(receiver, f"returned {card}, not its highest {SUIT_NAMES[given.suit]} ({top})")
            self._remove(card)
            self.elsewhere[card.index] = {giver}
        elif giver == self.seat:
            if card.suit != given.suit or card.rank < given.rank:
                raise Breach(receiver, f"returned {card} for {given}: not the highest card of that suit")
            if card is not given:  # the passed card stays with the receiver
                self._known_free(receiver, card)
                self.elsewhere[given.index] = {receiver}
            self.hand.append(card)
        self.exchange.append(ExchangeStep(giver, receiver, given, card))
        self.events.append(Event("returned", receiver, card, giver))
        self.pending_give = None
        self.plan.pop(0)
        self._next_pass()

    def _take_kitty(self) -> None:
        self.sizes[self.declarer] += 4
        self.kitty_taken = True
        self.phase, self.to_act = Phase.DISCARD, self.declarer
        if self.seat != self.declarer:  # the declarer's comes with the cards (kitty_opened)
            self.events.append(Event("kitty", self.declarer, None, None))

    def kitty_opened(self, cards) -> None:
        """The declarer's own tracker: the four kitty cards, opened to it."""
        cards = list(cards)
        if self.seat != self.declarer or not self.kitty_taken or self.kitty is not None or len(cards) != 4:
            raise ValueError("only the declarer sees the kitty, once, when it takes it")
        for c in cards:
            self._known_free(None, c)
        self.kitty = cards
        self.hand += cards
        self.events.append(Event("kitty", self.declarer, None, tuple(cards)))

    def discarded(self, seat: int, card: Card | None = None) -> None:
        self._expect(seat, Phase.DISCARD, "discarded")
        if (seat == self.seat) != (card is not None):
            raise ValueError("a discard is known to the declarer only")
        if card is not None:
            if card not in self.hand:
                raise Breach(seat, f"discarded {card}, which it does not hold")
            self._remove(card)
            self.discards.append(card)
        else:
            self.sizes[seat] -= 1
        self.actions += 1
        self.events.append(Event("discarded", seat, card))
        self.discard_count += 1
        if self.discard_count == 4:
            self.phase = Phase.PLAY
            self.leader = self.to_act = self.declarer

    def played(self, seat: int, card: Card) -> None:
        self._expect(seat, Phase.PLAY, f"played {card}")
        trick_no = len(self.tricks)
        if self.played_mask & card.mask:
            raise Breach(seat, f"played {card}, already played", trick_no)
        if seat == self.seat:
            if card.mask & ~self._legal_mask():
                raise Breach(seat, f"played {card}, which it may not", trick_no)
            self._remove(card)
        else:
            if self.sizes[seat] == 0:
                raise Breach(seat, "played with no cards left", trick_no)
            if card in self.hand or card in self.discards or seat not in self.elsewhere.get(card.index, {seat}):
                raise Breach(seat, f"played {card}, which it does not hold", trick_no)
            if card.suit in self.voids[seat]:
                raise Breach(seat, f"did not follow {SUIT_NAMES[card.suit]} though it could",
                             self.void_trick[(seat, card.suit)])
            self.sizes[seat] -= 1
            self._note_voids(seat, card, trick_no)
        self.elsewhere.pop(card.index, None)
        self.played_mask |= card.mask
        self.trick.append((seat, card))
        self.actions += 1
        self.events.append(Event("played", seat, card))
        if len(self.trick) < 3:
            self.to_act = (seat + 1) % 3
            return
        winner = fast.trick_winner(self.leader, [c.index for _, c in self.trick], self.trump)
        self.tricks.append(Trick(self.leader, tuple(c for _, c in self.trick), winner))
        self.taken[winner] += 1
        self.trick = []
        self.leader = self.to_act = winner
        self.events.append(Event("trick", winner, None, len(self.tricks) - 1))
        if len(self.tricks) == 16:
            self._finish_deal(fast.score(self.taken, self.targets, self.contract == MT))

    def _note_voids(self, seat: int, card: Card, trick_no: int) -> None:
        """A seat that does not follow the led suit has none of it from now on (and, under
        must_trump, playing neither led suit nor trump shows it has no trump either)."""
        if not self.trick:
            return
        led = self.trick[0][1].suit
        if card.suit == led:
            return
        shown = [led]
        if self.rules.must_trump and self.trump >= 0 and card.suit != self.trump:
            shown.append(self.trump)
        for suit in shown:
            if suit not in self.voids[seat]:
                self.voids[seat].add(suit)
                self.void_trick[(seat, suit)] = trick_no

    def _finish_deal(self, points) -> None:
        for s in range(3):
            self.totals[s] += points[s]
        self.previous_points = tuple(points)
        self.to_act = None
        self.between = replace(self.view(), legal=())  # the deal as it ended, totals after it
        if self.deal_number + 1 >= self.rules.deals:
            self.phase, self.to_act = Phase.GAME_OVER, None
            return
        self.deal_number += 1
        self.dealer = (self.dealer + 1) % 3
        self.declarer = self.rules.declarer_of(self.dealer)
        self.phase, self.to_act = DEALING, None
        self._clear_deal()

    def rescore(self, points) -> None:
        """The deal just finished is scored again (a breach the audit found after it)."""
        for s in range(3):
            self.totals[s] += points[s] - self.previous_points[s]
        self.previous_points = tuple(points)
        if self.between is not None:
            self.between = replace(self.between, totals=tuple(self.totals), previous_points=self.previous_points)

    def breached(self, points) -> None:
        """The deal ends at a breach, scored by the house rule (breach.breached_points)."""
        self.trick = []
        self._finish_deal(points)

    # --- own cards -------------------------------------------------------------------
    def _mask(self) -> int:
        return sum(c.mask for c in self.hand)

    def _remove(self, card: Card) -> None:
        self.hand.remove(card)

    def _known_free(self, holder, card: Card) -> None:
        """A card opened to this seat must not be one it knows to be somewhere else."""
        if card in self.hand or card in self.discards or self.played_mask & card.mask or \
                holder not in self.elsewhere.get(card.index, {holder}):
            raise Breach(holder if holder is not None else self.seat, f"{card} opened twice")

    def _legal_mask(self) -> int:
        led = self.trick[0][1].suit if self.trick else -1
        return fast.legal_mask(self._mask(), led, self.trump, self.rules.must_trump)

    def legal(self) -> tuple[Action, ...]:
        if self.seat is None or self.to_act != self.seat:
            return ()
        if self.phase == Phase.PLAY:
            return tuple(_PLAY[i] for i in indices_of(self._legal_mask()))
        if self.phase == Phase.DISCARD:
            return tuple(_DISCARD[i] for i in indices_of(self._mask()))
        if self.phase == Phase.EXCHANGE and not self.pending_give:
            mask = self._mask() & ~(SUIT_MASKS[self.trump] if self.trump >= 0 else 0)
            return tuple(_GIVE[i] for i in indices_of(mask))
        if self.phase == Phase.DECLARE:
            used = self.used[self.seat] if self.rules.contracts_once else ()
            return tuple(Action.declare(c) for c in self.rules.contracts if c not in used)
        return ()

    # --- the view ----------------------------------------------------------------------
    def view(self) -> View:
        hand = tuple(self.hand)
        if self.phase == Phase.DECLARE and self.seat == self.declarer and self.rules.declare_on < 16:
            hand = hand[: self.rules.declare_on]
        sizes = [0, 0, 0] if self.phase == Phase.GAME_OVER else list(self.sizes)
        if self.phase not in (Phase.GAME_OVER, DEALING) and self.seat is not None:
            sizes[self.seat] = len(self.hand) + self.hidden
        show_kitty = self.seat == self.declarer and self.kitty_taken and self.phase != Phase.GAME_OVER
        return View(
            seat=self.seat, rules=self.rules, phase=self.phase, to_act=self.to_act, deal_number=self.deal_number,
            deals_total=self.rules.deals, dealer=self.dealer, declarer=self.declarer, contract=self.contract,
            trump=self.trump, hand=hand, hand_mask=sum(c.mask for c in hand), hand_sizes=tuple(sizes),
            kitty=tuple(self.kitty) if show_kitty and self.kitty is not None else None,
            discards=tuple(self.discards) if show_kitty else None,
            trick=tuple(self.trick), leader=self.leader, tricks=tuple(self.tricks), tricks_taken=tuple(self.taken),
            targets=self.targets, totals=tuple(self.totals), previous_points=self.previous_points,
            used=tuple(tuple(u) for u in self.used), exchange_plan=self.exchange_plan,
            exchange=tuple(self.exchange), played_mask=self.played_mask, legal=self.legal(),
        )


def _highest(mask: int, suit: int) -> int:
    bits = mask >> (13 * suit) & 0x1FFF
    return suit * 13 + bits.bit_length() - 1 if bits else -1


__all__ = ["Tracker", "DEALING", "exchange_plan"]
