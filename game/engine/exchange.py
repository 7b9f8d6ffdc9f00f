"""The exchange (RULES.md): who passes to whom after the previous deal, lapsed passes, the
receiver's forced return of the highest card of the suit, then the kitty.  A mixin of Match,
kept apart so the trick play and the exchange each read on their own."""

from __future__ import annotations

from .actions import Event, IllegalAction
from .cards import SUIT_MASKS, SUIT_NAMES, Card, highest_in_suit
from .deal import ExchangeStep
from .phases import DECLARE_PHASE, DISCARD_PHASE, EXCHANGE
from .rules import trump_of


class ExchangeSteps:
    def _exchange_plan(self) -> list[tuple[int, int]]:
        rules, deal = self.rules, self.current
        if not rules.exchange or deal.number == 0:
            return []
        if not rules.exchange_first and trump_of(deal.contract) < 0:
            return []
        prev = self._previous_points
        ups = sorted((s for s in range(3) if prev[s] > 0), key=lambda s: -deal.targets[s])
        downs = sorted((s for s in range(3) if prev[s] < 0), key=lambda s: -deal.targets[s])
        if not ups:
            return []
        if len(ups) == 1:
            return [(ups[0], d) for d in downs for _ in range(-prev[d])]
        return [(u, downs[0]) for u in ups for _ in range(prev[u])]

    def _begin_exchange(self, events: list) -> None:
        self._passes = self._exchange_plan()
        self.current.exchange_plan = tuple(self._passes)
        self.phase = EXCHANGE
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
            self.phase, self.to_act = DECLARE_PHASE, self.current.declarer
        else:
            self._take_kitty(events)

    def _take_kitty(self, events: list) -> None:
        declarer = self.current.declarer
        self._hands[declarer].extend(self._kitty)
        for c in self._kitty:
            self._masks[declarer] |= c.mask
        self._kitty_taken = True
        events.append(Event("kitty", declarer, None, tuple(self._kitty)))
        self.phase, self.to_act = DISCARD_PHASE, declarer

    def _give(self, seat: int, card: Card, events: list) -> None:
        self._check_holds(seat, card)
        if card.suit == self._trump:
            raise IllegalAction(f"you may not pass a trump ({SUIT_NAMES[card.suit]})")
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
