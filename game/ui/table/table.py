"""The table: one game's table objects, what they show (the board), the animation timeline
and the computer players' turns.  It outlives the phase scenes: each phase scene composes
the objects it needs from here and takes only its phase's input."""

from __future__ import annotations

from ... import i18n
from ...engine import Event, IllegalAction, Phase
from ...engine.values import replace
from ...i18n.format import refusal
from ..access.keys import KeysPanel
from ..draw import anim, gfx
from ..games.players import player_failed
from ..games.seats import HandOver
from . import layout
from .animator import Animator
from .background import Background
from .board import Board
from .celebration import Celebration
from .compositor import Compositor
from .forced import ForcedMove
from .hand import HandFan, sort_cards
from .hintbar import HintBar
from .kitty import Deck, Kitty
from .lookback import LookBack
from .messages import Messages, PromptLine
from .once import DrawingMemo
from .opponents import OpponentHands, hand_anchor
from .overlay import LastTrickOverlay
from .panels import DeclarePanel, ExchangePanel
from .piles import WonPiles
from .plates import Plate, ThinkingDots
from .sprites import FlyingCards
from .steady import SteadyKeys
from .topbar import ContractBadge, TopBar
from .trick import TrickArea
from .verdict import PointSigns, Verdict

MAX_HELD = 3  # frames in a row a computer player's thinking may wait for a presented picture


class Table:
    def __init__(self, app, session):
        self.app = app
        self.session = session
        self.human = session.human
        self.timeline = anim.Timeline(app.speed)
        self.board = Board()
        self.handover = HandOver(session.human_seats, session.human)  # pass-and-play
        self.v = self.view()
        self.time = 0.0
        self.thinking_seat = None
        self.think_wait = 0.0
        self._turn_key = None
        self._decided = None  # (seat, action) a computer player found: applied next frame
        self._held = 0  # frames in a row whose thinking waited for a picture to be presented
        self._think_due = None  # the seat whose slice waits for the end of this frame
        self.compositor = Compositor()  # the cached still layer, redrawn where it changed
        self._prebaked_for = None  # the still layer's records when every plate's next picture was made
        self._frame_keys = None  # the objects' keys frame_key() found this frame
        self._layers = None  # (the objects' ids, (still items, top objects), the objects held): layers()
        self.steady = SteadyKeys()  # the still items' keys, asked only when the inputs changed
        self.memo = DrawingMemo(app)  # the objects' places worked out once a drawing (once.py)
        self.started = False
        # the objects on the felt
        self.background = Background(self)
        self.topbar = TopBar(self)
        self.badge = ContractBadge(self)  # the contract beside the trick
        self.plates = [Plate(self, seat) for seat in range(3)]
        self.opponents = OpponentHands(self)
        self.kitty = Kitty(self)
        self.piles = WonPiles(self)
        self.trick = TrickArea(self)
        self.verdict = Verdict(self)  # the end of a deal: contract made or missed, points to the plates
        self.points = PointSigns(self)
        self.celebration = Celebration(self)  # the end of the game: the winner's moment
        self.hand = HandFan(self)
        self.prompt = PromptLine(self)
        self.declare_panel = DeclarePanel(self)
        self.exchange_panel = ExchangePanel(self)
        self.deck = Deck(self)
        self.dots = ThinkingDots(self)
        self.flying = FlyingCards(self)
        self.messages = Messages(self)
        self.last_trick = LastTrickOverlay(self)
        self.hint = HintBar(self)  # the coach
        self.lookback = LookBack(self)
        self.keys = KeysPanel(self)  # the key list (? or F1)
        self.forced = ForcedMove(self)
        self.animator = Animator(self)
        self.sync()

    # --- what every object asks -----------------------------------------------------
    @property
    def banner(self):
        return self.messages.banner

    @property
    def toast(self):
        return self.messages.toast

    # --- pass-and-play ----------------------------------------------------
    def view(self):
        """The shown seat's view; while that person has not taken the device (pass-and-play:
        a new deal or a resumed game), without its private cards (the hand is drawn face
        down, nothing is playable)."""
        v = self.session.view()
        if self.handover.shows(self.human):
            return v
        return replace(v, hand=(), hand_mask=0, kitty=None, discards=None, legal=(),
                       exchange=tuple(s._replace(given=None, returned=None) for s in v.exchange))

    @property
    def private(self):
        """The seat whose own cards may be drawn face up now, or None."""
        return self.human if self.handover.shows(self.human) else None

    @property
    def you(self):
        """The seat the table calls "you": the only human's; None with several people (names)."""
        return None if self.handover.shared else self.human

    def cover_due(self):
        """The human seat whose "pass the device" cover must come now, or None."""
        return self.handover.cover_due(self.v.to_act, self.timeline.busy or self.board.dealing)

    def show_to(self, seat: int) -> None:
        """The cover was accepted: draw the table from `seat`'s view, its cards face up."""
        self.session.show_seat(seat)
        self.handover.accept(seat)
        self.human = seat
        hand = self.hand
        hand.selected.clear()
        hand.cursor = hand.hover = None
        self.last_trick.visible = False
        self.sync()
        self.invalidate()

    def seat_name(self, seat) -> str:
        return self.session.name(seat) if seat is not None else ""

    def hand_anchor(self, seat: int):
        return hand_anchor(seat, self.human)

    def sort(self, cards) -> list:
        return sort_cards(cards, self.v.trump)

    def my_turn(self) -> bool:
        return self.v.to_act == self.human and not self.timeline.busy

    def legal_cards(self) -> set:
        if not self.my_turn() or self.v.phase not in (Phase.PLAY, Phase.EXCHANGE):
            return set()
        return {a.card for a in self.v.legal if a.card is not None}

    def common_objects(self) -> list:
        """Objects every phase shows, in drawing order; a phase scene adds its panels."""
        return [self.background, self.topbar, self.badge, *self.plates, self.opponents, self.kitty, self.piles, self.trick,
                self.verdict, self.points, self.celebration]

    # --- state ----------------------------------------------------------------------
    def sync(self) -> None:
        """Show the current view as it is (after animations)."""
        v = self.v = self.view()
        self.board.set_from_view(v, self.human, self.sort)
        hand = self.hand
        hand.selected &= set(v.hand)
        if v.phase != Phase.DISCARD:
            hand.selected.clear()
        hand.clamp_cursor()

    def start(self) -> None:
        """First showing of a game: a new game's first deal is dealt out on screen."""
        if not self.started:
            self.started = True
            if not self.session.match.history and self.v.phase in (Phase.DECLARE, Phase.EXCHANGE):
                self.board.clear_for_deal()
                self.animator.deal()
                self.animator.announce_deal()
                access = getattr(self.app, "access", None)
                if access is not None:  # the first deal's start, said as the next deals' are (their "dealt" events)
                    access.heard(self, [Event("dealt", self.v.dealer, None, self.v.deal_number)], self.v)

    def act(self, action) -> bool:
        """Apply the human's (or a computer player's) action and queue its animation."""
        guide = getattr(self.app, "guide", None)
        if guide is not None and not guide.allows(self, action):  # the guided deal keeps to its script
            return False
        deal = self.session.match.deal_number
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            self.refuse(refusal(exc), why=exc)
            return False
        if self.session.match.deal_number != deal:
            self.handover.new_deal()  # the next deal starts face down
            if self.private is None:  # from this frame on (a card just played flies from the hand's place)
                self.board.hand.clear()
        self.animator.queue(events)
        return True

    def refuse(self, message: str, until=None, why=None) -> None:
        """Say why not, for three seconds, or less when `until()` comes true first (a
        refusal that no longer holds must not stay on screen); a screen reader hears it
        (`why`: the engine's refusal, whose suits it names in words)."""
        self.toast.show(message, 3.0, "error", until)
        self.app.sound("error")
        access = getattr(self.app, "access", None)
        if access is not None:
            access.refused(self, message, why)

    # --- frame ----------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Advance timers, animations and the computer players; True when the animations
        have just finished (the scene rebuilds its buttons)."""
        self.time += dt
        self.memo.close()  # (a drawing's answers never reach the game's moves)
        self._think_due = None  # set again below if a slice is due
        self.messages.update(dt)
        self.hint.update(dt)
        guide = getattr(self.app, "guide", None)
        if guide is not None and guide.holds(self):  # a coach's bubble is being read: the game waits for it
            return False
        if self.timeline.busy:
            self.timeline.update(dt)
            return not self.timeline.busy
        self.computer_turn(dt)
        self.forced.update(dt)
        return False

    def undo(self) -> bool:
        """Back to the human's previous decision: the match replayed to it, animations
        dropped, the computer players and the hint started afresh, the table shown as the
        view is (the session writes the save)."""
        if not self.session.undo():
            return False
        self.timeline.clear()
        self.messages.banner.time = 0.0  # an announcement of an undone move
        self.hint.reset()
        self.last_trick.visible = self.lookback.visible = False
        self.thinking_seat, self.think_wait, self._turn_key, self._decided, self._think_due = None, 0.0, None, None, None
        self.undo_cache = (None, None)  # the Undo button asks the new match again
        self.sync()
        return True

    def computer_turn(self, dt: float) -> None:
        v = self.v
        seat = v.to_act
        if v.phase == Phase.GAME_OVER:
            return
        if seat is None or seat not in self.session.players:  # a person's turn (any human seat)
            self.thinking_seat = None
            key = (v.deal_number, v.phase, len(v.tricks), len(v.trick), len(v.exchange), len(v.hand))
            if seat == self.human and key != self._turn_key:
                self._turn_key = key
                self.app.sound("turn")
            return
        decided, self._decided = self._decided, None
        if decided is not None and decided[0] == seat:  # found last frame: shown in a frame of its own
            self.thinking_seat = None
            self.act(decided[1])
            return
        if self.thinking_seat != seat:
            self.thinking_seat = seat
            self.think_wait = 0.45 * self.app.speed
        if self.think_wait > 0:
            self.think_wait -= dt
            return
        if self._think_later():
            self._think_due = seat
            return
        self.think(seat)

    def think(self, seat) -> None:
        """One think() slice of a computer player; the move it finds is applied next frame."""
        self._think_due, self._held = None, 0
        seat_view = self.session.match.view(seat)  # the computer player's own view, never shown
        try:
            action = self.session.players[seat].think(seat_view, 8.0)
        except Exception as exc:  # a faulty player must not stall the game, nor hide
            action = seat_view.legal[0] if seat_view.legal else None
            player_failed(self.app, seat, f"raised {type(exc).__name__}: {exc}", exc)
        if action is not None:
            if action not in seat_view.legal:
                player_failed(self.app, seat, f"answered {action!r}, not a legal action here")
                action = seat_view.legal[0]
            self._decided = (seat, action)

    def _think_later(self) -> bool:
        """Leave this frame's slice to the end of the frame, where it runs only if the frame
        drew nothing (``think_if_due``, from the scene's ``idle``): no frame both thinks
        and presents (a slice and a present at 4x cost 8 + 10 ms), and the
        objects' keys are asked once a frame, by the drawing.  Never more than MAX_HELD
        frames in a row, so thinking cannot starve."""
        app = self.app
        if self._held >= MAX_HELD or app.painter.always_redraw or getattr(app.scene, "table", None) is not self:
            return False
        self._held += 1
        return True

    def think_if_due(self) -> bool:
        """A frame that drew nothing: run the slice this frame's update left (True if one ran)."""
        seat, self._think_due = self._think_due, None
        if seat is None or seat != self.v.to_act or self._decided is not None or self.timeline.busy:
            return False
        self.think(seat)
        return True

    # --- drawing --------------------------------------------------------------------
    def prebake(self) -> bool:
        """Make one plate's picture for the next turn or the next trick won (baked.py) on
        a frame that draws nothing; True when none was missing."""
        layer = self.compositor.still
        if layer.surface is None:
            return True
        if self._prebaked_for is layer.records:
            return True  # nothing drawn since all were made: the plates' states are the same
        if all(plate.prebake(layer.surface.get_size()) for plate in self.plates):  # stops at the first made
            self._prebaked_for = layer.records
            return True
        return False

    def invalidate(self) -> None:
        """Forget the cached still layer (benchmarks: measure drawing from scratch)."""
        self.compositor.invalidate()
        self.steady.forget()
        for plate in self.plates:
            plate.forget()  # drawn again, not copied

    def still_key(self, objects, widgets) -> tuple:
        return self._keys(objects, widgets)[0]

    def frame_key(self, objects, widgets) -> tuple:
        return self._keys(objects, widgets)

    def _keys(self, objects, widgets) -> tuple:
        """(still key, top keys); the per-item keys are kept for this frame's drawing, so
        the compositor does not ask every object again.  A drawing begins here: what the
        objects work out from now to its end is kept (once.py)."""
        self.memo.open()
        still, tops = self.layers(objects, widgets)
        keys, top_keys = self.steady.keys(still, self.inputs(), self.app.frames), [o.state_key() for o in tops]
        self._frame_keys = (self.app.frames, still, keys, tops, top_keys)
        # the still layer has rects left to repaint, or was drawn whole in part: draw again
        unfinished = (len(self.compositor.still.pending), self.compositor.waits)
        return (tuple(keys), self.timeline.busy, i18n.language(), gfx.card_style(), unfinished), tuple(top_keys)

    def inputs(self) -> tuple:
        """What the steady objects' keys are made of (steady.py): the view, the match ahead of
        it (the hand's room), the board, the turn's animation, the human's picks, pointer
        and cursor, the hint's cards, the names, the layout and the drawing's context.  Most
        frames (cards in flight, a computer thinking) change none of it."""
        b, hand = self.board, self.hand
        return (self.v, self.session.match.view(self.human), self.human, self.you, b.key(), b.deck, b.slots,
                b.landed, tuple(b.totals), b.verdict is None, self.timeline.busy, self.timeline.holding,
                frozenset(hand.selected), hand.hover, hand.cursor, self.hint.hand_cards(), tuple(self.session.names),
                layout.now(), gfx.scale(), i18n.language(), gfx.card_style())

    def _known_keys(self, still, tops, keep: bool = False) -> tuple:
        """The keys frame_key() found this frame for exactly these items, or (None, None);
        given once, unless `keep` (the drawing that follows asks again)."""
        known = self._frame_keys
        if known is None or known[0] != self.app.frames or known[1] != still or known[3] != tops:
            return None, None
        if not keep:
            self._frame_keys = None
        return known[2], known[4]

    @staticmethod
    def context() -> tuple:
        """What redraws every object when it changes (the size is checked apart)."""
        return (gfx.scale(), i18n.language(), gfx.card_style())

    def layers(self, objects, widgets) -> tuple[list, list]:
        """(still items: base objects then buttons, top objects), in drawing order: the lists
        of last time for the same objects (asked twice a frame, every frame; sorting them
        again was a tenth of a frame's bytecodes).  Nobody changes the lists given."""
        ids = (tuple(map(id, objects)), tuple(map(id, widgets)))
        kept = self._layers
        if kept is None or kept[0] != ids:
            still = [o for o in objects if o.layer == "base"] + list(widgets)
            kept = self._layers = (ids, (still, [o for o in objects if o.layer == "top"]), list(objects), list(widgets))
        return kept[1]  # (the objects are held in kept: their ids stay theirs)

    def prepare_still(self, surf, objects, widgets) -> bool:
        """The still layer made ready for a whole frame on `surf`, over frames in the browser
        (Compositor.prepare); False: not yet, nothing is to be drawn this frame."""
        still, tops = self.layers(objects, widgets)
        return self.compositor.prepare(still, surf.get_size(), self.context(), self._known_keys(still, tops, keep=True)[0])

    def draw(self, surf, objects, widgets) -> None:
        """The whole frame: the still objects come from one cached opaque layer, redrawn
        only where an object's key changed (alpha blits are slow in WebAssembly); the
        "top" objects go over it."""
        still, tops = self.layers(objects, widgets)
        try:
            self.compositor.full(surf, still, tops, self.context(), *self._known_keys(still, tops))
        finally:
            self.memo.close()

    def draw_dirty(self, surf, objects, widgets):
        """Update `surf`, which holds this table's last frame, only where it changed;
        returns the device rects changed (None: all of it)."""
        still, tops = self.layers(objects, widgets)
        try:
            return self.compositor.partial(surf, still, tops, self.context(), *self._known_keys(still, tops))
        finally:
            self.memo.close()
