"""Match.view(seat): exactly what one seat may know, built from the match's private state
(View is the value type, view.py).  A mixin of Match."""

from __future__ import annotations

from .deal import ExchangeStep, check_seat
from .phases import DECLARE_PHASE, GAME_OVER
from .view import View


class SeatViews:
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
        if phase == DECLARE_PHASE and is_declarer and self.rules.declare_on < len(hand):
            hand = hand[: self.rules.declare_on]
            hand_mask = sum(c.mask for c in hand)
        show_kitty = is_declarer and self._kitty_taken and phase != GAME_OVER
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
