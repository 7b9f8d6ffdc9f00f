"""The exchange after a deal: the plan on the panel; the human gives (or returns) a card by
clicking it; a card the rules forbid is refused with the reason the engine gives."""

from __future__ import annotations

from ...engine import Action, Phase
from ..registry import register
from .table_scene import TableScene


@register("exchange")
class ExchangeScene(TableScene):
    name = "exchange"

    def panels(self) -> list:
        return [self.table.exchange_panel]

    def choose_card(self, card) -> None:
        if self.v.phase == Phase.EXCHANGE and self.v.to_act == self.human:
            self.table.act(Action.give(card))
