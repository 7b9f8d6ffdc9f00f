"""Playing the tricks: click (or pick with the arrows and Enter) a card to play it; an
illegal card is refused with the rule it breaks."""

from __future__ import annotations

from ...engine import Action
from ...engine.cards import SUIT_MASKS
from ...i18n import t
from ..registry import register
from .table_scene import TableScene


@register("play")
class PlayScene(TableScene):
    name = "play"

    def choose_card(self, card) -> None:
        v = self.v
        if v.phase != "play":
            return
        action = Action.play(card)
        if action in v.legal:
            self.table.act(action)
        else:
            self.table.refuse(self.illegal_reason(card))

    def illegal_reason(self, card) -> str:
        v = self.v
        led = v.led_suit
        if led >= 0 and card.suit != led and v.hand_mask & SUIT_MASKS[led]:
            return t("play.illegal.follow", suit="♠♥♦♣"[led])
        if led >= 0 and v.rules.must_trump and v.trump >= 0 and card.suit != v.trump and v.hand_mask & SUIT_MASKS[v.trump]:
            return t("play.illegal.trump", suit="♠♥♦♣"[v.trump])
        return t("play.illegal.other")
