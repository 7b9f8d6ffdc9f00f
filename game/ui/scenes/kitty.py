"""The declarer's kitty: the four kitty cards joined the hand; pick four discards and confirm."""

from __future__ import annotations

from ...engine import Action, Phase
from ...i18n import t
from ..registry import register
from ..table import layout
from ..widgets import Button
from .table_scene import TableScene


@register("kitty")
class KittyScene(TableScene):
    name = "kitty"

    def phase_widgets(self) -> list:
        if self.v.phase != Phase.DISCARD or self.v.to_act != self.human:
            return []
        b = Button(layout.now().coach4["discard"], lambda: t("kitty.confirm"), self.confirm_discards, name="discard", primary=True, size=22)
        b.enabled = len(self.selected) == 4
        return [b]

    def choose_card(self, card) -> None:
        if self.v.phase != Phase.DISCARD:
            return
        if card in self.selected:
            self.selected.discard(card)
        elif len(self.selected) < 4:
            self.selected.add(card)
        else:
            self.table.refuse(t("kitty.too_many"))
        self.build()

    def confirm_discards(self) -> None:
        if not self.my_turn() or self.v.phase != Phase.DISCARD or len(self.selected) != 4:
            return
        chosen = [c for c in self.table.board.hand if c in self.selected]
        self.selected.clear()
        for c in chosen:
            if not self.table.act(Action.discard(c)):
                break
