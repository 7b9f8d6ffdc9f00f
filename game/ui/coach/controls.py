"""The coach's controls on every phase scene: the Hint, Undo and Look back
buttons and their keys H, U and B.  A mixin of TableScene, kept apart so the phase scenes'
own input stays readable."""

from __future__ import annotations

import pygame

from ...engine import Phase
from ...i18n import t
from ..table import layout
from ..widgets import Button


class CoachControls:

    def coach_widgets(self) -> list:
        tb = self.table
        places = layout.now().coach4 if self.shows_discard() else layout.now().coach  # a column or a 2x2 block lying, a bar standing
        hint = Button(places["hint"], lambda: t("hint.use") if tb.hint.current() is not None else t("hint.button"), self.ask_hint, name="hint", size=17)
        hint.enabled = tb.hint.available()
        if getattr(tb.session, "online", False):  # no undo online: the friends' room (quick messages) in its place
            undo = Button(places["undo"], lambda: t("online.room_button"), self.open_room, name="room", size=17)
        else:
            undo = Button(places["undo"], lambda: t("undo.button"), self.take_back, name="undo", size=17)
            undo.enabled = self.undo_allowed() is None
        look = Button(places["look_back"], lambda: t("lookback.button"), tb.lookback.toggle, name="look_back", size=18)
        return [hint, undo, look]

    def shows_discard(self) -> bool:
        """The kitty's Discard button is among the buttons (standing, the bar makes room)."""
        v = self.v
        return self.name == "kitty" and v.phase == Phase.DISCARD and v.to_act == self.human

    # --- hint ------------------------------------------------------------------------
    def ask_hint(self) -> None:
        """The hint; asked again once it shows (the button then reads "Use hint"), used."""
        if self.table.hint.current() is not None and self.use_hint():
            return
        if not self.table.hint.request():
            self.table.toast.show(t("hint.not_now"), 2.5)

    def use_hint(self) -> bool:
        """Select what the hint suggests, for the player to confirm: its card gets the
        cursor (Enter plays or passes it), its discards are picked (Discard is then
        enabled), its contract's button gets the focus.  False when it cannot be."""
        tb = self.table
        action = tb.hint.current().best.action
        if action.kind == "declare":
            button = self.widget(f"declare:{action.contract}")
            if button is None:
                return False
            self.set_focus(button)
            return True
        if action.kind == "discard":
            tb.hand.selected.clear()
            tb.hand.selected.update(tb.hint.hand_cards())
            self.build()
            return True
        cards = tb.hand.cards()
        if action.card not in cards:
            return False
        self.clear_focus()
        tb.hand.cursor = cards.index(action.card)
        return True

    # --- undo ------------------------------------------------------------------------
    def undo_allowed(self) -> str | None:
        """None when the human may undo now, else the message saying why not."""
        if not self.app.settings.get("undo", True):
            return t("undo.off")
        session = self.table.session
        if session.shared:  # several people: an undo would take back another person's moves
            return t("undo.shared")
        match = session.match
        known, able = getattr(self.table, "undo_cache", (None, None))  # per game: scenes come and go
        # can_undo replays the game: ask once per position, and never again once the answer
        # is yes (a decision in the history stays there until an undo makes a new match)
        if known is None or known[0] != id(match) or (not able and known[1] != len(match.history)):
            self.table.undo_cache = known, able = (id(match), len(match.history)), session.can_undo()
        return None if able else t("undo.nothing")

    def open_room(self) -> None:
        """Online: the quick messages and the seats, over the table (game/ui/online/room.py)."""
        self.app.push_scene("room", self.table.session.game)

    def take_back(self) -> None:
        why = self.undo_allowed()
        if why is not None:
            self.table.toast.show(why, 2.5)
            return
        if self.table.undo():
            self.table.toast.show(t("undo.done"), 1.6)
            if not self.follow_phase():
                self.build()

    # --- input -----------------------------------------------------------------------
    def coach_key(self, k) -> bool:
        """Keys H, U and B; True when the key was the coach's."""
        if k == pygame.K_h:
            self.ask_hint()
        elif k == pygame.K_u and not getattr(self.table.session, "online", False):
            self.take_back()
        elif k == pygame.K_q and getattr(self.table.session, "online", False):
            self.open_room()
        elif k == pygame.K_b:
            self.table.lookback.toggle()
        else:
            return False
        return True

    def coach_disabled_click(self, widget) -> bool:
        """Why a greyed-out coach button does nothing; True if it was one."""
        if widget.name == "hint":
            self.ask_hint()
        elif widget.name == "undo":
            self.take_back()
        else:
            return False
        return True
