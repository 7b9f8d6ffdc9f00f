"""The base of the phase scenes (deal, declare, exchange, kitty, play): composes the table
objects, routes clicks and keys, and hands the table to the next phase's scene (by name,
through the App) when the engine's phase changes."""

from __future__ import annotations

import time

import pygame

from ...engine import Phase
from ...i18n import t
from ..access.keys import table_key
from ..coach.controls import CoachControls
from ..draw import gfx
from ..flow import scene_for
from ..scene import Scene
from ..table import layout
from ..table.opponents import warm_backs
from ..table.panels import warm_panels
from ..table.piles import warm_piles
from ..table.sprites import warm_flights
from ..table.trick import warm_winners
from ..widgets import Button

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
IDLE_WARM_MS = 3.0  # card pictures made ahead at a time in a frame that drew nothing
IDLE_MS = 24.0  # ...and more while the frame's own time is under this (at 10x a card's picture is ~10 ms)


class TableScene(CoachControls, Scene):
    name = "table"

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self._was_busy = table.timeline.busy  # the buttons were built for the table as it was then
        self.build()

    # --- what tests, tools and the autopilot read ------------------------------------
    @property
    def v(self):
        return self.table.v

    @property
    def session(self):
        return self.table.session

    @property
    def human(self) -> int:
        return self.table.human

    @property
    def timeline(self):
        return self.table.timeline

    def my_turn(self) -> bool:
        return self.table.my_turn()

    def legal_cards(self) -> set:
        return self.table.legal_cards()

    def card_rects(self) -> list:
        return self.table.hand.card_rects()

    @property
    def selected(self) -> set:
        """The discards picked so far (kitty phase)."""
        return self.table.hand.selected

    # --- composition ----------------------------------------------------------------
    def panels(self) -> list:
        """This phase's table objects drawn between the trick and the hand."""
        return []

    def objects(self) -> list:
        tb = self.table
        return [*tb.common_objects(), *self.panels(), tb.hand, tb.prompt, tb.deck, tb.dots, tb.flying, tb.hint, tb.messages, tb.last_trick, tb.lookback, tb.keys]

    def phase_widgets(self) -> list:
        return []

    def build(self) -> None:
        menu = Button(layout.now().menu, lambda: t("table.menu"), self.pause, name="menu", size=18)
        # the look-back button (key B) took the last-trick button's place; right click and L
        # still show the last trick
        self.widgets = [*self.phase_widgets(), *self.coach_widgets(), menu]  # Tab reaches this phase's buttons first

    def rebuild(self) -> None:
        self.build()

    def widget(self, name):
        return next((w for w in self.widgets if w.name == name), None)

    # --- lifecycle ------------------------------------------------------------------
    def enter(self) -> None:
        self.table.timeline.speed = self.app.speed

    def resume(self) -> None:
        self.table.timeline.speed = self.app.speed
        self.build()

    def pause(self) -> None:
        self.app.push_scene("pause", self.table)

    def back(self) -> None:
        self.pause()

    def follow_phase(self) -> bool:
        """Hand the table to the scene for the phase now shown; True if it moved on."""
        name = scene_for(self.v.phase, self.table.board.dealing)
        if name != self.name and self.app.scene is self:
            self.app.stack.show_table(name, self.table)
            return True
        return False

    # --- input ----------------------------------------------------------------------
    def handle(self, inp) -> None:
        tb = self.table
        if inp.kind == "move":
            super().handle(inp)
            tb.hand.hover = tb.hand.card_at(inp.pos)[1]
        elif inp.kind == "click":
            self.click(inp.pos)
        elif inp.kind == "alt":
            tb.last_trick.toggle()
        elif inp.kind == "key":
            self.key(inp)

    def click(self, pos) -> None:
        tb = self.table
        for name in ("menu", "room"):  # they open over the table whatever moves on it: a click never just skips
            w = self.widget(name)
            if w is not None and w.hit(pos):
                w.click(pos)
                return
        if tb.last_trick.visible or tb.lookback.visible or tb.keys.visible:
            tb.last_trick.visible = tb.lookback.visible = tb.keys.visible = False
            return
        if tb.timeline.busy:
            if tb.timeline.skippable:
                tb.timeline.skip()
            return
        if self.v.to_act != self.human and tb.think_wait > 0:
            tb.think_wait = 0.0
        for w in reversed(self.widgets):
            if w.hit(pos):
                if w.enabled:
                    w.click(pos)
                    self.app.sound("click")
                else:
                    self.disabled_click(w)
                return
        i, c = tb.hand.card_at(pos)
        if i is not None:
            tb.hand.cursor = None
            self.click_card(c)

    def disabled_click(self, widget) -> None:
        """A click on a greyed-out button (a phase may say why)."""
        self.coach_disabled_click(widget)

    def click_card(self, card) -> None:
        v = self.v
        if card is None:
            self.hidden_card()
            return
        if v.to_act != self.human:
            if v.to_act is not None:
                self.table.refuse(t("refusal.not_your_turn", name=self.table.seat_name(v.to_act)),
                                  until=lambda: self.v.to_act == self.human)  # gone when the turn is the player's
            return
        self.choose_card(card)

    def hidden_card(self) -> None:
        """A click on a card not seen yet."""

    def choose_card(self, card) -> None:
        """The human picked a card of their hand on their turn."""

    def key(self, inp) -> None:
        tb, k = self.table, inp.key
        if table_key(self, inp):  # the read-outs and the key list (game/ui/access/keys.py)
            return
        if k == pygame.K_ESCAPE:
            if tb.last_trick.visible or tb.lookback.visible:
                tb.last_trick.visible = tb.lookback.visible = False
            else:
                self.pause()
            return
        if self.coach_key(k):
            return
        if tb.timeline.busy:
            if k in ENTER:
                tb.timeline.skip()
            return
        if k == pygame.K_l:
            tb.last_trick.toggle()
            return
        self.key_turn(inp)

    def key_turn(self, inp) -> None:
        """Left/Right move the card cursor, Home/End to the ends, Down/Up to the next or
        previous suit while the cursor is in the hand (Up from the first suit, and both
        outside the hand, move the focus through the buttons, as Tab), Enter picks."""
        tb, k = self.table, inp.key
        cards = tb.hand.cards()
        focused = self.focused_widget()
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            if cards:
                self.clear_focus()
                tb.hand.move_cursor(-1 if k == pygame.K_LEFT else 1)
        elif k in (pygame.K_HOME, pygame.K_END):
            if cards:
                self.clear_focus()
                tb.hand.cursor_to_end(k == pygame.K_END)
        elif k in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            if k != pygame.K_TAB and tb.hand.cursor is not None and tb.hand.cursor_to_suit(1 if k == pygame.K_DOWN else -1):
                return  # to the next or previous suit
            tb.hand.cursor = None
            self.move_focus(1 if k in (pygame.K_DOWN, pygame.K_TAB) else -1)
        elif k in ENTER:
            if tb.hand.cursor is not None and tb.hand.cursor < len(cards):
                self.click_card(cards[tb.hand.cursor])
            elif focused is not None and focused.focused:
                focused.activate()
            elif cards:  # the cursor starts on a card that may be played
                legal = tb.legal_cards()
                tb.hand.cursor = next((i for i, c in enumerate(cards) if c in legal), 0)

    def clear_focus(self) -> None:
        for w in self.widgets:
            w.focused = False
        self.focus = None

    # --- frame ----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.table.update(dt)
        # the animations ended this frame, or since the last one (a click or Enter skips
        # them between frames): the buttons are built again for the table as it is now
        # (the Hint button was left greyed after a skip although H gave a hint)
        busy = self.table.timeline.busy
        settled, self._was_busy = self._was_busy and not busy, busy
        if self.offer_cover():
            return
        if self.table.my_turn():
            self.table.hand.start_turn()
        if not self.follow_phase() and settled:
            self.build()

    def offer_cover(self) -> bool:
        """(pass-and-play): a different person is to decide: the "pass the device"
        cover comes before anything of theirs is drawn."""
        if self.app.scene is self and self.table.cover_due() is not None:
            self.app.push_scene("handover", self.table)
            return True
        return False

    def frame_key(self):
        return (self.name, self.table.frame_key(self.objects(), self.widgets))

    def invalidate(self) -> None:
        self.table.invalidate()

    @property
    def first_drawn(self) -> bool:
        """Shown whole once (the App makes a first frame over several frames until then):
        a new phase's scene shows the table already drawn, changed where it changed."""
        return self.table.compositor.drawn

    @first_drawn.setter
    def first_drawn(self, value) -> None:
        pass  # the compositor knows

    def idle(self) -> None:
        """A frame that drew nothing thinks for a computer player whose slice waits, or makes
        ahead what the next seconds need first: a sound of play the warm-up has not loaded
        yet, else pictures while the frame's own time is under IDLE_MS (pictures_ahead);
        once all are made, the rest of the warm-up (the score screen's modules and first
        frame, needed when the deal ends), then card faces.  (With the warm-up first and one
        picture a frame, a game started at once spent its idle frames on the score screen
        while play made its cards' pictures in the frames that showed them: at 10x a third
        of its frames of play made one.)"""
        self.table.memo.close()  # the plates made ahead show a turn the game has not reached
        if self.table.think_if_due():  # a computer player's slice, in a frame that presents nothing
            return
        warmup = self.app.warmup
        if warmup.play_sound():
            return
        while not self.pictures_ahead():
            if time.perf_counter() - self.app.frame_start > IDLE_MS / 1000.0:
                return
        if warmup.step(drawing=False):  # what the title had no time for
            return
        warmup.make_faces()  # the card faces the played cards will show

    def pictures_ahead(self) -> bool:
        """Make the next pictures play will show, for a few ms: the plates with the turn
        passed and a trick more, the hand's cards, the opponents' hands, the piles, the
        cards in flight and the trick's winner, the phase panels.  True when all are made."""
        if not self.table.prebake():
            return False
        hand = (tuple(self.table.board.hand), self.v.phase == Phase.DISCARD)  # what warm() makes depends on both
        if hand != getattr(self, "_warm_hand", None):
            if not self.table.hand.warm(IDLE_WARM_MS):
                return False
            self._warm_hand = hand  # all made for this hand: not asked again until it changes
        key = (gfx.scale(), gfx.card_style(), gfx.composites_made, self.app.window.get_size())  # a phone turned: rows of backs elsewhere
        if key != getattr(self, "_warm_flights", None):
            # (the opponents' rows and the piles first: each card they play shows the next row
            # in order, the first trick gathered the first pile)
            if not (warm_backs(IDLE_WARM_MS) and warm_piles(IDLE_WARM_MS) and warm_flights(IDLE_WARM_MS) and warm_winners(IDLE_WARM_MS)):
                return False
            self._warm_flights = key
        if key != getattr(self, "_warm_panels", None):
            if not warm_panels(IDLE_WARM_MS):  # the exchange's was made as it showed
                return False
            self._warm_panels = key
        return True

    def make_ahead(self, deadline: float) -> bool:
        """What the table's first seconds draw, made before its first frame shows (the App
        asks while that frame is made over several frames): a new deal's cards as they land
        in the hand.  True when nothing is left."""
        return self.table.hand.warm_dealt(deadline)

    def draw(self, surf) -> None:
        self.table.draw(surf, self.objects(), self.widgets)

    def prepare_still(self, surf) -> bool:
        """Ready for a whole frame (the painter asks first); False: keep the last frame."""
        return self.table.prepare_still(surf, self.objects(), self.widgets)

    @property
    def compositor(self):
        """What keeps the last frame's pictures (the App's partial drawing asks)."""
        return self.table.compositor

    def draw_dirty(self, surf):
        """Redraw only what changed since this table's last frame on `surf` (dirty rects)."""
        return self.table.draw_dirty(surf, self.objects(), self.widgets)

    def targets(self):
        out = [(w.name, w.rect) for w in self.widgets if w.visible and w.enabled and w.name]
        return out + self.table.hand.targets()
