"""Playing the tricks: click (or pick with the arrows and Enter) a card to play it; an
illegal card is refused with the rule it breaks (the engine says which)."""

from __future__ import annotations

from ...engine import Action, Phase
from ..registry import register
from .table_scene import TableScene


@register("play")
class PlayScene(TableScene):
    name = "play"

    def choose_card(self, card) -> None:
        if self.v.phase == Phase.PLAY and self.v.to_act == self.human:
            self.table.act(Action.play(card))
