"""Naming the contract: one button per contract on the declare panel."""

from __future__ import annotations

import pygame

from ...engine import Action, Phase
from ...i18n import t
from ..registry import register
from .table_scene import ENTER, TableScene


@register("declare")
class DeclareScene(TableScene):
    name = "declare"

    def panels(self) -> list:
        return [self.table.declare_panel]

    def phase_widgets(self) -> list:
        if self.v.phase != Phase.DECLARE or self.v.to_act != self.human:
            return []
        return self.table.declare_panel.buttons(self.declare)

    def declare(self, contract: str) -> None:
        if self.my_turn() and self.v.phase == Phase.DECLARE:
            self.table.act(Action.declare(contract))

    def disabled_click(self, widget) -> None:
        """Why a greyed-out contract cannot be chosen."""
        super().disabled_click(widget)
        if widget.name.startswith("declare:"):
            contract = widget.name.split(":", 1)[1]
            used = self.table.declare_panel.used_in(self.human, contract)
            if used is not None:
                self.table.refuse(t("declare.used_reason", contract=t(f"contract.{contract}"), deal=used + 1))

    def hidden_card(self) -> None:
        v = self.v
        if v.phase == Phase.DECLARE and v.declarer == self.human and self.table.private is not None:
            self.table.toast.show(t("table.hidden_note", count=len(v.hand)), 2.5)

    def contract_buttons(self) -> list:
        return [w for w in self.focusables() if w.name.startswith("declare:")]

    def key_turn(self, inp) -> None:
        """Tab, Enter and the arrows go to the contracts first; Left/Right cycle among them."""
        k = inp.key
        focused = self.focused_widget()
        focused = focused if focused is not None and focused.focused else None
        buttons = self.contract_buttons()
        if not buttons or self.table.hand.cursor is not None:
            super().key_turn(inp)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and (focused in buttons or focused is None):
            step = -1 if k == pygame.K_LEFT else 1
            i = buttons.index(focused) + step if focused in buttons else (0 if step > 0 else -1)
            self.set_focus(buttons[i % len(buttons)])
        elif k in ENTER and focused is None:
            self.set_focus(buttons[0])
        else:
            super().key_turn(inp)
