"""Playing the tricks: click (or pick with the arrows and Enter) a card to play it; an
illegal card is refused with the rule it breaks (the engine says which).  A tap on the trick
or on a won pile shows the last trick (as L and a right click do); Look back's pages turn
with its arrows (on screen and on the keyboard), and any other tap closes it."""

from __future__ import annotations

import pygame

from ...engine import Action, Phase
from ..registry import register
from .table_scene import TableScene


@register("play")
class PlayScene(TableScene):
    name = "play"

    def choose_card(self, card) -> None:
        if self.v.phase == Phase.PLAY and self.v.to_act == self.human:
            self.table.act(Action.play(card))

    # --- the tricks by touch -----------------------------------------------------------
    def last_trick_targets(self) -> list:
        """(name, rect) of what a tap shows the last trick from: the trick and each won
        pile, once a trick of this deal is finished, while nothing covers the table and no
        card moves (a tap then hurries the cards, or collects the trick that waits for it)."""
        tb = self.table
        if not self.v.tricks or tb.last_trick.visible or tb.lookback.visible or tb.timeline.busy:
            return []
        return [("last_trick", tb.trick.tap_rect())] + [(f"pile:{seat}", r) for seat, r in tb.piles.tap_rects()]

    def click(self, pos) -> None:
        tb = self.table
        if tb.lookback.visible and tb.lookback.turn_at(pos):
            return
        if not self.widget_at(pos) and any(r.collidepoint(pos) for _name, r in self.last_trick_targets()):
            tb.last_trick.toggle()
            return
        super().click(pos)

    def widget_at(self, pos):
        return next((w for w in self.widgets if w.visible and w.hit(pos)), None)

    def key(self, inp) -> None:
        look = self.table.lookback
        if look.visible and inp.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            look.turn(-1 if inp.key in (pygame.K_LEFT, pygame.K_PAGEUP) else 1)
            return
        super().key(inp)

    def targets(self):
        look = self.table.lookback
        if look.visible:
            return [(name, r) for name, r in look.arrows() if r is not None] + super().targets()
        return super().targets() + self.last_trick_targets()
