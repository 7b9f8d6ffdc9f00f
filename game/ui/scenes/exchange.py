"""The exchange after a deal: the plan on the panel; the human gives (or returns) a card by
clicking it."""

from __future__ import annotations

from ...engine import Action
from ...i18n import t
from ..registry import register
from .table_scene import TableScene


@register("exchange")
class ExchangeScene(TableScene):
    name = "exchange"

    def panels(self) -> list:
        return [self.table.exchange_panel]

    def choose_card(self, card) -> None:
        v = self.v
        action = Action.give(card)
        if action in v.legal:
            self.table.act(action)
        elif v.trump >= 0 and card.suit == v.trump:
            self.table.refuse(t("exchange.no_trump", suit=t(f"contract.{'SHDC'[v.trump]}")))
        else:
            self.table.refuse(t("play.illegal.other"))
