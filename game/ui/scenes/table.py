"""The card table: one scene for a whole deal — deal animation, declare, exchange, kitty,
play — drawn from the human seat's view only.

Engine events (which may name hidden cards) are turned into animations here; a card is
shown face up only when the human's view allows it (their own cards, the kitty when they
declare, cards passed to or by them, cards played to a trick).
"""

from __future__ import annotations

import pygame

from ...engine import Action, IllegalAction
from ...engine.cards import SUIT_MASKS
from ... import i18n
from ...i18n import t
from .. import anim, art, gfx
from ..scene import Scene
from ..widgets import Button, Toast

W, H = 1280, 720
CARD_W = 92
SMALL_W = 64
PILE_W = 40
HAND_LEFT, HAND_RIGHT = 200, 1080
HAND_TOP = 586
LIFT = 24
TOP_BAR = 52

PHASE_SCENE = {"declare": "declare", "exchange": "exchange", "discard": "kitty", "play": "play", "game_over": "game_over"}
SUIT_ORDER = (0, 1, 3, 2)  # ♠ ♥ ♣ ♦: colours alternate


class Sprite:
    """A card in flight."""

    __slots__ = ("card", "face", "pos", "width", "angle")

    def __init__(self, card, face, pos, width=CARD_W, angle=0.0):
        self.card, self.face, self.pos, self.width, self.angle = card, face, pos, width, angle


class TableScene(Scene):
    def __init__(self, app, session):
        super().__init__(app)
        self._base = None
        self._base_key = None
        self._turn_key = None
        self.session = session
        self.human = session.human
        self.timeline = anim.Timeline(app.speed)
        self.toast = Toast()
        self.banner = Toast()
        self.sprites: list[Sprite] = []
        self.selected: set = set()  # discards picked in the kitty phase
        self.kb_card: int | None = None  # keyboard cursor in the hand
        self.show_last = False
        self.dealing = False
        self.think_wait = 0.0
        self.thinking_seat = None
        self.hover_card = None
        self.score_pending = False
        self.v = session.view()
        self.sync()
        self.build()
        self.started = False

    # --- naming -----------------------------------------------------------------------
    @property
    def name(self) -> str:
        if self.dealing:
            return "deal"
        return PHASE_SCENE.get(self.v.phase, "play")

    def seat_name(self, seat: int) -> str:
        return self.session.name(seat)

    # --- geometry ---------------------------------------------------------------------
    def side(self, seat: int) -> str:
        d = (seat - self.human) % 3
        return ("bottom", "left", "right")[d]

    def plate_rect(self, seat: int) -> pygame.Rect:
        s = self.side(seat)
        if s == "bottom":
            return pygame.Rect(14, 596, 176, 112)
        if s == "left":
            return pygame.Rect(14, 66, 210, 112)
        return pygame.Rect(W - 14 - 210, 66, 210, 112)

    def hand_anchor(self, seat: int) -> tuple[float, float]:
        s = self.side(seat)
        if s == "bottom":
            return (640, HAND_TOP + 64)
        if s == "left":
            return (119, 350)
        return (W - 119, 350)

    def pile_pos(self, seat: int) -> tuple[float, float]:
        """Centre of the pile of tricks a seat has won."""
        s = self.side(seat)
        if s == "bottom":
            return (60, 556)
        if s == "left":
            return (268, 122)
        return (W - 268, 122)

    def trick_slot(self, seat: int) -> tuple[float, float]:
        s = self.side(seat)
        if s == "bottom":
            return (640, 400)
        if s == "left":
            return (528, 322)
        return (752, 322)

    def kitty_pos(self, i: int) -> tuple[float, float]:
        return (640 - 1.5 * 40 + i * 40, 128)

    def hand_layout(self, n: int) -> tuple[float, float]:
        """x of the first card and the step between cards."""
        if n <= 0:
            return 640.0, 0.0
        span = HAND_RIGHT - HAND_LEFT
        step = min(64.0, (span - CARD_W) / max(1, n - 1))
        total = step * (n - 1) + CARD_W
        return 640 - total / 2, step

    def sort_hand(self, cards) -> list:
        trump = self.v.trump
        order = list(SUIT_ORDER)
        if trump >= 0:
            order.remove(trump)
            order.insert(0, trump)
        rank = {s: i for i, s in enumerate(order)}
        return sorted(cards, key=lambda c: (rank[c.suit], -c.rank))

    def hand_cards(self) -> list:
        """Displayed hand: (card or None for a hidden card) in display order."""
        return list(self.disp_hand) + [None] * self.disp_hidden

    def card_rects(self) -> list[tuple[object, pygame.Rect]]:
        cards = self.hand_cards()
        x0, step = self.hand_layout(len(cards))
        cw, ch = gfx.card_size(CARD_W)
        legal = self.legal_cards()
        out = []
        for i, c in enumerate(cards):
            y = HAND_TOP
            if c is not None and (c in legal or c in self.selected):
                y -= LIFT
            if self.kb_card == i:
                y -= 6
            out.append((c, pygame.Rect(int(x0 + i * step), y, cw, ch)))
        return out

    def card_at(self, pos):
        rects = self.card_rects()
        for i in range(len(rects) - 1, -1, -1):
            c, r = rects[i]
            if r.collidepoint(pos):
                return i, c
        return None, None

    # --- state ------------------------------------------------------------------------
    def sync(self) -> None:
        """Show the current view as it is (after animations)."""
        v = self.v = self.session.view()
        self.disp_hand = self.sort_hand(v.hand)
        self.disp_hidden = max(0, v.hand_sizes[self.human] - len(v.hand))
        self.disp_sizes = list(v.hand_sizes)
        self.disp_trick = list(v.trick)
        self.disp_taken = list(v.tricks_taken)
        self.disp_kitty = 4 if v.phase in ("declare", "exchange") else 0
        self.sprites.clear()
        self.dealing = False
        self.disp_deck = 0
        self.trick_winner = None
        self.selected &= set(v.hand)
        if v.phase != "discard":
            self.selected.clear()
        if self.kb_card is not None and self.kb_card >= len(self.hand_cards()):
            self.kb_card = len(self.hand_cards()) - 1 if self.hand_cards() else None
        self.build()

    def my_turn(self) -> bool:
        return self.v.to_act == self.human and not self.timeline.busy

    def legal_cards(self) -> set:
        if not self.my_turn():
            return set()
        v = self.v
        if v.phase in ("play", "exchange"):
            return {a.card for a in v.legal if a.card is not None}
        return set()

    # --- widgets ----------------------------------------------------------------------
    def rebuild(self) -> None:
        self.build()

    def build(self) -> None:
        self.widgets = [
            Button((W - 124, 8, 112, 36), lambda: t("table.menu"), self.pause, name="menu", size=18),
            Button((W - 186, 656, 172, 46), lambda: t("table.last_trick"), self.toggle_last, name="last_trick", size=18),
        ]
        v = self.v
        if v.phase == "discard" and v.to_act == self.human:
            b = Button((W - 186, 596, 172, 52), lambda: t("kitty.confirm"), self.confirm_discards, name="discard", primary=True, size=22)
            b.enabled = len(self.selected) == 4
            self.widgets.append(b)
        if v.phase == "declare" and v.to_act == self.human:
            self.build_declare()
        for w in self.widgets:
            if w.name == "last_trick":
                w.enabled = bool(v.tricks) and v.phase == "play"

    def build_declare(self) -> None:
        v = self.v
        contracts = v.rules.contracts
        legal = {a.contract for a in v.legal}
        n = len(contracts)
        bw, gap = 100, 12
        x0 = 640 - (n * bw + (n - 1) * gap) // 2
        for i, c in enumerate(contracts):
            b = Button((x0 + i * (bw + gap), 346, bw, 108), lambda c=c: "", (lambda c=c: self.declare(c)), name=f"declare:{c}")
            b.icon = self._contract_icon(c)
            b.enabled = c in legal and not self.timeline.busy
            self.widgets.append(b)

    def _contract_icon(self, contract):
        def draw(surf, rect, fg):
            icon = art.contract_icon(contract, gfx.px(44), gfx.card_style())
            gfx.blit(surf, icon, (rect.centerx, rect.top + 34), "center")
            label = t(f"contract.{contract}").lstrip("♠♥♦♣ ")
            size = gfx.fit_size(label, 15, rect.w - 8, True, 12)
            lines = [label] if gfx.text_width(label, size, True) <= rect.w - 8 else gfx.wrap(label, 12, rect.w - 8, True)[:2]
            y = rect.top + (68 if len(lines) == 1 else 62)
            for line in lines:
                gfx.blit_text(surf, line, size if len(lines) == 1 else gfx.fit_size(line, 12, rect.w - 6, True, 9), (rect.centerx, y), fg, True, "midtop", light_bg=fg == gfx.INK)
                y += 14
            used = self.used_in(self.human, contract)
            if used is not None:
                note = t("contract.used", deal=used + 1)
                gfx.blit_text(surf, note, gfx.fit_size(note, 13, rect.w - 6, False, 9), (rect.centerx, rect.top + 90), gfx.BRIGHT_RED, False, "midtop")

        return draw

    def explain_contract(self, contract: str) -> None:
        """Why a greyed-out contract cannot be chosen."""
        used = self.used_in(self.human, contract)
        if used is not None:
            self.refuse(t("declare.used_reason", contract=t(f"contract.{contract}"), deal=used + 1))

    def used_in(self, seat: int, contract: str):
        """Deal index in which `seat` declared `contract`, or None (public history)."""
        if not self.v.rules.contracts_once:
            return None
        for row in self.session.history():
            if row["declarer"] == seat and row["contract"] == contract:
                return row["number"]
        return None

    # --- lifecycle ------------------------------------------------------------------
    def enter(self) -> None:
        if not self.started:
            self.started = True
            m = self.session.match
            if not m.history and self.v.phase in ("declare", "exchange"):
                self.animate_deal()
                self.announce_deal_start()

    def resume(self) -> None:
        self.timeline.speed = self.app.speed
        self.build()

    def pause(self) -> None:
        from .menu import PauseScene

        self.app.push(PauseScene(self.app, self))

    def back(self) -> None:
        self.pause()

    # --- actions --------------------------------------------------------------------
    def act(self, action) -> bool:
        old = self.v
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            self.refuse(str(exc))
            return False
        self.queue_events(events, old)
        return True

    def refuse(self, message: str) -> None:
        self.toast.show(message, 3.0, "error")
        self.app.sound("error")

    def declare(self, contract: str) -> None:
        if not self.my_turn() or self.v.phase != "declare":
            return
        self.act(Action.declare(contract))

    def confirm_discards(self) -> None:
        if not self.my_turn() or self.v.phase != "discard" or len(self.selected) != 4:
            return
        chosen = [c for c in self.disp_hand if c in self.selected]
        self.selected.clear()
        for c in chosen:
            if not self.act(Action.discard(c)):
                break

    def toggle_last(self) -> None:
        self.show_last = not self.show_last and bool(self.v.tricks)

    def click_card(self, card) -> None:
        v = self.v
        if card is None:
            if v.phase == "declare" and v.declarer == self.human:
                self.toast.show(t("table.hidden_note", count=len(v.hand)), 2.5)
            return
        if v.to_act != self.human:
            if v.to_act is not None:
                self.refuse(t("play.illegal.turn", name=self.seat_name(v.to_act)))
            return
        if v.phase == "play":
            action = Action.play(card)
            if action in v.legal:
                self.act(action)
            else:
                self.refuse(self.illegal_reason(card))
        elif v.phase == "exchange":
            action = Action.give(card)
            if action in v.legal:
                self.act(action)
            else:
                self.refuse(t("exchange.no_trump", suit=t(f"contract.{'SHDC'[v.trump]}")) if v.trump >= 0 and card.suit == v.trump else t("play.illegal.other"))
        elif v.phase == "discard":
            if card in self.selected:
                self.selected.discard(card)
            elif len(self.selected) < 4:
                self.selected.add(card)
            else:
                self.refuse(t("kitty.too_many"))
            self.build()

    def illegal_reason(self, card) -> str:
        v = self.v
        led = v.led_suit
        if led >= 0 and card.suit != led and v.hand_mask & SUIT_MASKS[led]:
            return t("play.illegal.follow", suit="♠♥♦♣"[led])
        if led >= 0 and v.rules.must_trump and v.trump >= 0 and card.suit != v.trump and v.hand_mask & SUIT_MASKS[v.trump]:
            return t("play.illegal.trump", suit="♠♥♦♣"[v.trump])
        return t("play.illegal.other")

    # --- events -> animation --------------------------------------------------------
    def queue_events(self, events, old) -> None:
        tl = self.timeline
        tl.speed = self.app.speed
        new = self.session.view()
        for ev in events:
            k = ev.kind
            if k == "played":
                self.anim_play(ev.seat, ev.card)
            elif k == "trick":
                self.anim_trick(ev.seat)
            elif k == "declared":
                self.anim_declared(ev.seat, ev.data)
            elif k == "gave":
                self.anim_pass(ev.seat, ev.data, ev.card, "gave")
            elif k == "returned":
                self.anim_pass(ev.seat, ev.data, ev.card, "returned")
            elif k == "lapsed":
                tl.call(lambda s=ev.seat: self.banner.show(t("exchange.lapsed", giver=self.seat_name(s)), 2.4))
                tl.wait(0.8)
            elif k == "kitty":
                self.anim_kitty(ev.seat, new)
            elif k == "discarded":
                self.anim_discard(ev.seat, ev.card)
            elif k == "scored":
                if self.session.match.phase != "game_over":
                    tl.wait(0.3)
                    tl.call(self.show_score, barrier=True)
            elif k == "dealt":
                tl.call(self.prepare_deal)
                self.animate_deal(queue_only=True)
                tl.call(self.announce_deal_start)
            elif k == "game_over":
                tl.wait(0.3)
                tl.call(self.show_game_over, barrier=True)
        tl.call(self.sync)

    def _fly(self, sprite: Sprite, start, end, duration, delay=0.0, on_start=None, on_done=None, width_to=None):
        w0 = sprite.width

        def begin():
            sprite.pos = start
            self.sprites.append(sprite)
            if on_start:
                on_start()

        def update(k):
            sprite.pos = anim.lerp2(start, end, k)
            if width_to is not None:
                sprite.width = int(anim.lerp(w0, width_to, k))

        def done():
            if sprite in self.sprites:
                self.sprites.remove(sprite)
            if on_done:
                on_done()

        return anim.Tween(duration, update=update, start=begin, done=done, delay=delay, ease=anim.ease_in_out)

    def hand_card_center(self, card):
        for c, r in self.card_rects():
            if c == card:
                return r.center
        return self.hand_anchor(self.human)

    def anim_play(self, seat, card) -> None:
        sprite = Sprite(card, True, (0, 0))

        def start():
            if seat == self.human:
                if card in self.disp_hand:
                    self.disp_hand.remove(card)
            self.disp_sizes[seat] = max(0, self.disp_sizes[seat] - 1)
            self.app.sound("play")

        def done():
            self.disp_trick.append((seat, card))

        origin = self.hand_card_center(card) if seat == self.human else self.hand_anchor(seat)
        self.timeline.then(self._fly(sprite, origin, self.trick_slot(seat), 0.28, on_start=start, on_done=done))

    def anim_trick(self, winner) -> None:
        tl = self.timeline
        tl.wait(0.7, start=lambda: setattr(self, "trick_winner", winner))  # the winning card glows
        target = self.pile_pos(winner)
        tweens = []
        holder = {}

        def start():
            self.trick_winner = None
            holder["cards"] = list(self.disp_trick)
            self.disp_trick.clear()

        def taken():
            self.disp_taken[winner] += 1
            self.app.sound("trick")

        first = True
        for seat in range(3):
            slot = self.trick_slot(seat)
            sprite = Sprite(None, True, slot)

            def begin(sprite=sprite, seat=seat):
                for s, c in holder.get("cards", ()):
                    if s == seat:
                        sprite.card = c

            tw = self._fly(sprite, slot, target, 0.35, on_start=begin, on_done=taken if first else None, width_to=PILE_W)
            first = False
            tweens.append(tw)
        tl.then(anim.Tween(0.0, done=start), *[])
        tl.then(*tweens)
        msg = t("play.you_won") if winner == self.human else t("play.trick_won", name=self.seat_name(winner))
        tl.call(lambda: self.banner.show(msg, 1.0))

    def anim_declared(self, seat, contract) -> None:
        name = t(f"contract.{contract}")
        msg = t("declare.you_announce", contract=name) if seat == self.human else t("declare.announce", name=self.seat_name(seat), contract=name)
        self.timeline.call(lambda: (self.banner.show(msg, 2.2 * max(0.5, self.app.speed)), self.app.sound("turn")))
        if seat != self.human:
            self.timeline.wait(1.2)

    def anim_pass(self, src, dst, card, kind) -> None:
        visible = self.human in (src, dst)
        sprite = Sprite(card if visible else None, visible, (0, 0))

        def start():
            if src == self.human and card in self.disp_hand:
                self.disp_hand.remove(card)
            self.disp_sizes[src] = max(0, self.disp_sizes[src] - 1)
            if kind == "gave":
                if src == self.human:
                    msg = t("exchange.you_gave", card=card.pretty(), receiver=self.seat_name(dst))
                elif dst == self.human:
                    msg = t("exchange.you_got", card=card.pretty(), giver=self.seat_name(src))
                else:
                    msg = t("exchange.gave", giver=self.seat_name(src), receiver=self.seat_name(dst))
            else:
                if src == self.human:
                    msg = t("exchange.you_returned", card=card.pretty(), giver=self.seat_name(dst))
                elif dst == self.human:
                    msg = t("exchange.returned", receiver=self.seat_name(src), card=card.pretty())
                else:
                    msg = t("exchange.returned", receiver=self.seat_name(src), card="").strip()
            self.banner.show(msg, 2.0)
            self.app.sound("play")

        def done():
            self.disp_sizes[dst] += 1
            if dst == self.human:
                self.disp_hand.append(card)

        origin = self.hand_card_center(card) if src == self.human else self.hand_anchor(src)
        self.timeline.then(self._fly(sprite, origin, self.hand_anchor(dst), 0.55, on_start=start, on_done=done))
        self.timeline.wait(0.5)

    def anim_kitty(self, declarer, new) -> None:
        mine = declarer == self.human and new.kitty is not None
        cards = list(new.kitty) if mine else [None] * 4
        tweens = []
        for i, c in enumerate(cards):
            sprite = Sprite(c, mine, self.kitty_pos(i), SMALL_W)

            def start(i=i):
                self.disp_kitty = max(0, self.disp_kitty - 1)

            def done(c=c):
                self.disp_sizes[declarer] += 1
                if mine and c is not None:
                    self.disp_hand.append(c)

            tweens.append(self._fly(sprite, self.kitty_pos(i), self.hand_anchor(declarer), 0.45, delay=i * 0.08, on_start=start, on_done=done, width_to=CARD_W))
        self.timeline.then(*tweens)

    def anim_discard(self, seat, card) -> None:
        sprite = Sprite(None, False, (0, 0), CARD_W)

        def start():
            if seat == self.human and card in self.disp_hand:
                self.disp_hand.remove(card)
            self.disp_sizes[seat] = max(0, self.disp_sizes[seat] - 1)

        origin = self.hand_card_center(card) if seat == self.human else self.hand_anchor(seat)
        self.timeline.then(self._fly(sprite, origin, (640, 128), 0.22, on_start=start, width_to=SMALL_W))

    def prepare_deal(self) -> None:
        self.disp_deck = 52
        self.disp_hand, self.disp_hidden = [], 0
        self.disp_sizes = [0, 0, 0]
        self.disp_trick, self.disp_taken = [], [0, 0, 0]
        self.disp_kitty = 0
        self.dealing = True

    def animate_deal(self, queue_only=False) -> None:
        """52 cards fly from the deck: one at a time from the dealer's left, then the kitty."""
        if not queue_only:
            self.prepare_deal()
        tl = self.timeline
        tl.speed = self.app.speed
        tl.call(lambda: self.app.sound("shuffle"))
        holder = {}

        def setup():
            v = self.session.view()
            holder["v"] = v
            holder["dealer"] = v.dealer
            holder["order"] = list(v.hand)  # the human's hand in dealt order (visible part)
            self.dealing = True

        tl.call(setup)
        deck = (640, 300)
        tweens = []
        for i in range(52):
            def start(i=i):
                pass

            def done(i=i):
                if i >= 48:
                    self.disp_kitty += 1
                    return
                seat = (holder["dealer"] + 1 + i) % 3
                self.disp_sizes[seat] += 1
                if seat == self.human:
                    k = i // 3
                    order = holder["order"]
                    if k < len(order):
                        self.disp_hand.append(order[k])
                        self.disp_hand = self.sort_hand(self.disp_hand)
                    else:
                        self.disp_hidden += 1
                if i % 6 == 0:
                    self.app.sound("deal")

            sprite = Sprite(None, False, deck, SMALL_W)
            tweens.append(self._deal_tween(sprite, i, holder, deck, start, done))
        tl.then(*tweens)
        tl.call(self.sync)

    def _deal_tween(self, sprite, i, holder, deck, start, done):
        def begin():
            self.disp_deck = max(0, self.disp_deck - 1)
            if i >= 48:
                sprite.pos = deck
                holder[i] = self.kitty_pos(i - 48)
            else:
                seat = (holder["dealer"] + 1 + i) % 3
                holder[i] = self.hand_anchor(seat)
            self.sprites.append(sprite)

        def update(k):
            sprite.pos = anim.lerp2(deck, holder[i], k)

        def fin():
            if sprite in self.sprites:
                self.sprites.remove(sprite)
            done()

        return anim.Tween(0.22, update=update, start=begin, done=fin, delay=i * 0.025, ease=anim.ease_out)

    def announce_deal_start(self) -> None:
        v = self.session.view()
        self.banner.show(t("table.deal", deal=v.deal_number + 1, deals=v.deals_total), 1.6)

    def show_score(self) -> None:
        from .score import ScoreScene

        self.app.push(ScoreScene(self.app, self.session))

    def show_game_over(self) -> None:
        from .score import GameOverScene

        self.app.push(GameOverScene(self.app, self.session))

    # --- input ----------------------------------------------------------------------
    def handle(self, inp) -> None:
        if inp.kind == "move":
            super().handle(inp)
            i, c = self.card_at(inp.pos)
            self.hover_card = c
            return
        if inp.kind == "click":
            menu = self.widgets[0]
            if menu.hit(inp.pos):
                menu.click(inp.pos)
                return
            if self.show_last:
                self.show_last = False
                return
            if self.timeline.busy:
                if self.timeline.skippable:
                    self.timeline.skip()
                return
            if self.v.to_act != self.human and self.think_wait > 0:
                self.think_wait = 0.0
            for w in reversed(self.widgets):
                if w.hit(inp.pos):
                    if w.enabled:
                        w.click(inp.pos)
                        self.app.sound("click")
                    elif w.name.startswith("declare:"):
                        self.explain_contract(w.name.split(":", 1)[1])
                    return
            i, c = self.card_at(inp.pos)
            if i is not None:
                self.kb_card = None
                self.click_card(c)
            return
        if inp.kind == "alt":
            self.toggle_last()
            return
        if inp.kind == "key":
            self.key_table(inp)

    def key_table(self, inp) -> None:
        k = inp.key
        if k == pygame.K_ESCAPE:
            if self.show_last:
                self.show_last = False
            else:
                self.pause()
            return
        if self.timeline.busy:
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.timeline.skip()
            return
        cards = self.hand_cards()
        focused = self.focused_widget()
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if k == pygame.K_LEFT else 1
            if focused is not None and focused.focused and focused.name.startswith("declare:"):
                self.move_focus(step)
                return
            if cards:
                self._clear_widget_focus()
                self.kb_card = (0 if step > 0 else len(cards) - 1) if self.kb_card is None else (self.kb_card + step) % len(cards)
        elif k in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            if self.kb_card is not None and k == pygame.K_DOWN:
                return
            self.kb_card = None
            self.move_focus(1 if k in (pygame.K_DOWN, pygame.K_TAB) else -1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.kb_card is not None and self.kb_card < len(cards):
                self.click_card(cards[self.kb_card])
            elif focused is not None and focused.focused:
                focused.activate()
            elif self.v.phase == "declare" and self.v.to_act == self.human:
                self.move_focus(1)
            elif cards:
                self.kb_card = 0
        elif k == pygame.K_l:
            self.toggle_last()

    def _clear_widget_focus(self) -> None:
        for w in self.widgets:
            w.focused = False
        self.focus = None

    # --- frame ----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.toast.update(dt)
        self.banner.update(dt)
        if self.timeline.busy:
            self.timeline.update(dt)
            if not self.timeline.busy:
                self.build()
            return
        v = self.v
        if v.phase == "game_over":
            return
        seat = v.to_act
        if seat is None or seat == self.human:
            self.thinking_seat = None
            key = (v.deal_number, v.phase, len(v.tricks), len(v.trick), len(v.exchange), len(v.hand))
            if seat == self.human and key != self._turn_key:
                self._turn_key = key
                self.app.sound("turn")
            return
        if self.thinking_seat != seat:
            self.thinking_seat = seat
            self.think_wait = 0.45 * self.app.speed
        if self.think_wait > 0:
            self.think_wait -= dt
            return
        player = self.session.players[seat]
        seat_view = self.session.match.view(seat)  # the computer player's own view, never shown
        try:
            action = player.think(seat_view, 8.0)
        except Exception:
            action = None
            legal = list(seat_view.legal)
            if legal:
                action = legal[0]
        if action is not None:
            self.thinking_seat = None
            if action not in seat_view.legal:  # a faulty player must not stall the game
                action = seat_view.legal[0]
            self.act(action)

    # --- drawing --------------------------------------------------------------------
    def base_key(self) -> tuple:
        """Everything the still part of the table depends on; unchanged -> reuse it."""
        return (
            self.v, tuple(self.disp_hand), self.disp_hidden, tuple(self.disp_sizes), tuple(self.disp_trick),
            tuple(self.disp_taken), self.disp_kitty, self.trick_winner, frozenset(self.selected), self.hover_card, self.kb_card,
            self.timeline.busy, self.dealing,
            tuple((w.name, w.hover, w.focused, w.enabled, w.visible) for w in self.widgets),
            i18n.language(), gfx.card_style(),
        )

    def invalidate(self) -> None:
        """Forget the cached layers (benchmarks: measure drawing from scratch)."""
        self._base_key = None

    def thinking_dots(self) -> int:
        seat = self.thinking_seat
        if seat is None or seat == self.human or self.v.to_act != seat or self.dealing:
            return -1
        return int(self.time * 3) % 4

    def frame_key(self):
        return (
            self.base_key(), self.thinking_dots(), self.dealing and self.disp_deck,
            tuple((sp.card, sp.face, sp.pos, sp.width) for sp in self.sprites),
            self.banner.active and self.banner.message, self.toast.active and (self.toast.message, self.toast.kind),
            self.show_last,
        )

    def draw(self, surf) -> None:
        """The still table is drawn into one opaque layer, redrawn only when it changes
        (alpha blits are slow in WebAssembly); cards in flight and messages go on top."""
        key = self.base_key()
        if self._base is None or key != self._base_key or self._base.get_size() != surf.get_size():
            if self._base is None or self._base.get_size() != surf.get_size():
                self._base = pygame.Surface(surf.get_size())  # device pixels
                if pygame.display.get_surface() is not None:
                    self._base = self._base.convert()
            self._base_key = key
            self.draw_base(self._base)
        surf.blit(self._base, (0, 0))
        if self.dealing and self.disp_deck > 0:
            cw, ch = gfx.card_size(SMALL_W)
            for i in range(min(8, self.disp_deck // 6 + 1)):
                gfx.draw_card(surf, None, pygame.Rect(640 - cw // 2 - i, 300 - ch // 2 - i, cw, ch), face_up=False, shadow=i == 0)
        dots = self.thinking_dots()
        if dots > 0:
            r = self.plate_rect(self.thinking_seat)
            gfx.blit_text(surf, "•" * dots, 26, (r.right - 14, r.bottom - 10), gfx.GOLD, True, "bottomright")
        for sp in self.sprites:
            self.draw_sprite(surf, sp)
        self.banner.draw(surf, (640, 206))
        self.toast.draw(surf, (640, 540))
        if self.show_last:
            self.draw_last_trick(surf)

    def draw_base(self, surf) -> None:
        surf.blit(_background(surf.get_size()), (0, 0))
        self.draw_top_bar(surf)
        for seat in range(3):
            self.draw_plate(surf, seat)
        for seat in range(3):
            if seat != self.human:
                self.draw_opponent_hand(surf, seat)
        self.draw_kitty(surf)
        self.draw_piles(surf)
        self.draw_trick(surf)
        self.draw_phase_panel(surf)
        self.draw_hand(surf)
        self.draw_prompt(surf)
        for w in self.widgets:
            w.draw(surf)

    def draw_top_bar(self, surf) -> None:
        v = self.v
        r = gfx.blit_text(surf, t("table.deal", deal=v.deal_number + 1, deals=v.deals_total), 20, (16, 26), gfx.CREAM, True, "midleft")
        gfx.blit_text(surf, t(f"preset.{v.rules.preset_name}"), 15, (r.right + 12, 27), gfx.MUTED, False, "midleft")
        if v.contract:
            icon = art.contract_icon(v.contract, gfx.px(34), gfx.card_style())
            label = t("table.contract", contract=t(f"contract.{v.contract}").lstrip("♠♥♦♣ "))
            label += "   ·   " + t("table.declarer", name=self.seat_name(v.declarer))
            size = 19 if gfx.text_width(label, 19, True) <= 640 else 15
            iw = gfx.logical(icon.get_width())
            total = iw + 10 + gfx.text_width(label, size, True)
            x = 640 - total // 2
            gfx.blit(surf, icon, (x, 26), "midleft")
            gfx.blit_text(surf, label, size, (x + iw + 10, 26), gfx.CREAM, True, "midleft")
        else:
            gfx.blit_text(surf, t("contract.none") + "   ·   " + t("table.declarer", name=self.seat_name(v.declarer)), 19, (640, 26), gfx.MUTED, True, "center")

    def draw_plate(self, surf, seat) -> None:
        v = self.v
        r = self.plate_rect(seat)
        if self.timeline.busy:  # the view is from before the moves now animating
            active = seat == self.trick_winner
        else:
            active = v.to_act == seat and v.phase != "game_over" and not self.dealing
        edge = gfx.GOLD if active else gfx.PANEL_EDGE
        gfx.blit_panel(surf, r, color=gfx.PANEL, edge=edge, radius=12, alpha=225, width=3 if active else 2)
        name = self.seat_name(seat)
        gfx.blit_text(surf, name, gfx.fit_size(name, 21, r.w - 76, True), (r.left + 12, r.top + 8), gfx.CREAM, True)
        roles = []
        if seat == v.declarer:
            roles.append(t("table.role.declarer"))
        if seat == v.dealer:
            roles.append(t("table.role.dealer"))
        if roles:
            role = " · ".join(roles)
            gfx.blit_text(surf, role, gfx.fit_size(role, 14, r.w - 24, True, 9), (r.left + 12, r.top + 36), gfx.GOLD, True)
        target = v.targets[seat]
        taken = self.disp_taken[seat]
        if v.contract or v.phase != "declare":
            key = "table.tricks_min" if v.contract == "MT" else "table.tricks"
            col = gfx.CREAM
            if v.contract == "MT":
                col = gfx.BRIGHT_RED if taken > target else gfx.CREAM
            elif taken >= target:
                col = (140, 230, 150)
            gfx.blit_text(surf, t(key, taken=taken, target=target), 30, (r.left + 12, r.bottom - 8), col, True, "bottomleft")
        score = v.totals[seat]
        gfx.blit_text(surf, f"{score:+d}", 18, (r.right - 12, r.top + 11), gfx.GOLD if score > 0 else gfx.MUTED, True, "topright")

    def draw_opponent_hand(self, surf, seat) -> None:
        n = self.disp_sizes[seat]
        if n <= 0:
            return
        layer = _opponent_layer(n)
        ax, ay = self.hand_anchor(seat)
        gfx.blit(surf, layer, (ax, ay), "center", special_flags=pygame.BLEND_PREMULTIPLIED)

    def draw_piles(self, surf) -> None:
        for seat in range(3):
            n = self.disp_taken[seat]
            if n <= 0:
                continue
            x, y = self.pile_pos(seat)
            back = _rotated_back(PILE_W)
            bh, bw = gfx.card_size(PILE_W)  # logical size of the card turned sideways
            for i in range(min(n, 6)):
                gfx.blit(surf, back, (int(x), int(y - i * 3)), "center")
            badge = art.badge(str(n), gfx.px(22), gfx.INK, gfx.GOLD)
            gfx.blit(surf, badge, (int(x + bw // 2), int(y - min(n, 6) * 3 - bh // 2 + 4)), "center")

    def draw_kitty(self, surf) -> None:
        for i in range(self.disp_kitty):
            x, y = self.kitty_pos(i)
            img = gfx.card_back(gfx.px(SMALL_W))
            gfx.blit(surf, img, (x, y), "center")

    def draw_trick(self, surf) -> None:
        for seat, card in self.disp_trick:
            x, y = self.trick_slot(seat)
            cw, ch = gfx.card_size(CARD_W)
            r = pygame.Rect(0, 0, cw, ch)
            r.center = (int(x), int(y))
            gfx.draw_card(surf, card, r, highlight=art.GOLD if seat == self.trick_winner and len(self.disp_trick) == 3 else None)

    def draw_hand(self, surf) -> None:
        legal = self.legal_cards()
        v = self.v
        my = self.my_turn()
        kitty = frozenset(v.kitty or ()) if v.phase == "discard" else frozenset()
        for i, (c, r) in enumerate(self.card_rects()):
            if c is None:
                gfx.draw_card(surf, None, r, face_up=False)
                continue
            hl = None
            dim = False
            if c in self.selected:
                hl = art.SELECT
            elif my and v.phase in ("play", "exchange") and c in legal:
                hl = art.GOLD if (self.hover_card == c or self.kb_card == i) else None
            elif c in kitty:
                hl = art.HINT
            if my and v.phase in ("play", "exchange") and c not in legal:
                dim = True
            if self.kb_card == i and hl is None:
                hl = art.SELECT
            gfx.draw_card(surf, c, r, highlight=hl, dim=dim)

    def prompt(self) -> str:
        v = self.v
        if self.dealing:
            return t("table.dealing")
        if v.phase == "game_over":
            return ""
        seat = v.to_act
        if seat is None:
            return ""
        name = self.seat_name(seat)
        if seat != self.human:
            if v.phase == "declare":
                return t("declare.waiting", name=name)
            if v.phase == "exchange":
                recv = self.current_receiver()
                return t("exchange.waiting", giver=name, receiver=self.seat_name(recv) if recv is not None else "")
            if v.phase == "discard":
                return t("kitty.waiting", name=name)
            return t("table.thinking", name=name)
        if v.phase == "play":
            return t("play.prompt_lead") if not v.trick else t("play.prompt")
        if v.phase == "discard":
            return t("kitty.prompt", chosen=len(self.selected))
        if v.phase == "exchange":
            recv = self.current_receiver()
            left = sum(1 for g, _ in v.exchange_plan if g == self.human) - sum(1 for s in v.exchange if s.giver == self.human)
            return t("exchange.prompt", receiver=self.seat_name(recv) if recv is not None else "", left=left)
        if v.phase == "declare":
            return ""
        return t("table.your_turn")

    def current_receiver(self):
        v = self.v
        done = len(v.exchange)
        if done < len(v.exchange_plan):
            return v.exchange_plan[done][1]
        return None

    def draw_prompt(self, surf) -> None:
        if self.timeline.busy and not self.dealing:
            return
        msg = self.prompt()
        if not msg:
            return
        img = gfx.text(msg, 20, gfx.CREAM, True)
        if img.get_width() > 860:
            lines = gfx.wrap(msg, 18, 860, True)
            y = 518 - 11 * len(lines)
            for line in lines:
                gfx.blit_text(surf, line, 18, (640, y), gfx.CREAM, True, "midtop", shadow=True)
                y += 22
            return
        r = img.get_rect(center=(640, 530))
        gfx.fill_overlay(surf, r.inflate(36, 12), (0, 0, 0, 90))
        gfx.blit_text(surf, msg, 20, r.center, gfx.CREAM, True, "center")

    def draw_phase_panel(self, surf) -> None:
        v = self.v
        if self.dealing:
            return
        if v.phase == "declare" and v.to_act == self.human and not self.timeline.busy:
            r = pygame.Rect(300, 236, 680, 236)
            gfx.blit_panel(surf, r)
            gfx.blit_text(surf, t("declare.title"), 30, (640, 248), gfx.GOLD, True, "midtop")
            target = v.rules.targets(v.dealer, None)[self.human]
            if len(v.hand) < v.hand_sizes[self.human]:
                msg = t("declare.prompt", target=target, count=len(v.hand))
            else:
                msg = t("declare.prompt_whole", target=target)
            gfx.blit_wrapped(surf, msg, 17, pygame.Rect(r.left + 24, 290, r.w - 48, 50), gfx.CREAM, align="center")
        elif v.phase == "exchange" and not self.timeline.busy:
            self.draw_exchange_panel(surf)

    def draw_exchange_panel(self, surf) -> None:
        v = self.v
        lines = []
        prev = v.previous_points
        pts = ", ".join(f"{self.seat_name(s)} {prev[s]:+d}" for s in range(3))
        lines.append(t("exchange.why", points=pts))
        counts: dict = {}
        for g, rcv in v.exchange_plan:
            counts[(g, rcv)] = counts.get((g, rcv), 0) + 1
        for (g, rcv), n in counts.items():
            if g == self.human:
                lines.append(t("exchange.plan_you", receiver=self.seat_name(rcv), count=n))
            elif rcv == self.human:
                lines.append(t("exchange.plan_to_you", giver=self.seat_name(g), count=n))
            else:
                lines.append(t("exchange.plan", giver=self.seat_name(g), receiver=self.seat_name(rcv), count=n))
        if not counts:
            lines.append(t("exchange.none"))
        lines.append(t("exchange.rule") if v.trump >= 0 else t("exchange.rule_any"))
        r = pygame.Rect(250, 246, 780, 66 + 28 * len(lines))
        gfx.blit_panel(surf, r)
        gfx.blit_text(surf, t("exchange.title"), 26, (640, r.top + 12), gfx.GOLD, True, "midtop")
        y = r.top + 52
        for line in lines:
            gfx.blit_text(surf, line, gfx.fit_size(line, 18, r.w - 30), (640, y), gfx.CREAM, False, "midtop")
            y += 28

    def draw_sprite(self, surf, sp: Sprite) -> None:
        face = sp.face and sp.card is not None
        if sp.width in (CARD_W, SMALL_W, PILE_W):
            cw, ch = gfx.card_size(sp.width)
            r = pygame.Rect(0, 0, cw, ch)
            r.center = (int(sp.pos[0]), int(sp.pos[1]))
            gfx.draw_card(surf, sp.card, r, face_up=face, shadow=sp.width >= SMALL_W)
            return
        # a card growing or shrinking in flight: scale a cached size instead of rendering
        # new card art for every in-between width
        base = CARD_W if sp.width > SMALL_W else SMALL_W
        img, m = gfx.card_sprite(sp.card, gfx.px(base), face)
        k = sp.width / base
        img = pygame.transform.scale(img, (max(1, int(img.get_width() * k)), max(1, int(img.get_height() * k))))
        gfx.blit(surf, img, (int(sp.pos[0]), int(sp.pos[1])), "center", special_flags=pygame.BLEND_PREMULTIPLIED)

    def draw_last_trick(self, surf) -> None:
        v = self.v
        gfx.fill_overlay(surf, (0, 0, W, H), (0, 0, 0, 110))
        r = pygame.Rect(390, 190, 500, 250)
        gfx.blit_panel(surf, r, alpha=255)
        if not v.tricks:
            gfx.blit_text(surf, t("table.no_last_trick"), 22, r.center, gfx.CREAM, True, "center")
            return
        tr = v.tricks[-1]
        gfx.blit_text(surf, t("table.last_trick_title", name=self.seat_name(tr.winner)), 22, (r.centerx, r.top + 14), gfx.GOLD, True, "midtop")
        for i, c in enumerate(tr.cards):
            seat = tr.seat_of(i)
            x = r.left + 90 + i * 160
            cw, ch = gfx.card_size(84)
            cr = pygame.Rect(0, 0, cw, ch)
            cr.center = (x, r.top + 140)
            gfx.draw_card(surf, c, cr, highlight=art.GOLD if seat == tr.winner else None)
            gfx.blit_text(surf, self.seat_name(seat), 15, (x, cr.bottom + 6), gfx.CREAM, False, "midtop")

    # --- automation -----------------------------------------------------------------
    def targets(self):
        out = [(w.name, w.rect) for w in self.widgets if w.visible and w.enabled and w.name]
        rects = self.card_rects()
        for i, (c, r) in enumerate(rects):
            if c is None:
                continue
            vis = r.copy()
            if i + 1 < len(rects):
                vis.width = max(4, rects[i + 1][1].left - r.left)
            out.append((f"card:{c}", vis))
        return out


_layers: dict = gfx.scaled_cache({})  # device-sized layers: dropped when the scale changes


def _background(size):
    """Felt, the oval where tricks are played and the top bar's strip: one opaque blit
    (device pixels)."""
    bg = _layers.get(("bg", size))
    if bg is None:
        bg = gfx.felt(size).copy()
        ring = pygame.Surface((gfx.px(520), gfx.px(300)), pygame.SRCALPHA)
        pygame.draw.ellipse(ring, (255, 255, 255, 14), ring.get_rect())
        pygame.draw.ellipse(ring, (255, 255, 255, 28), ring.get_rect(), max(1, gfx.px(2)))
        gfx.blit(bg, ring, (640, 360), "center")
        gfx.fill_overlay(bg, (0, 0, W, TOP_BAR), (6, 28, 20, 200))
        gfx.line(bg, gfx.GOLD_DARK, (0, TOP_BAR), (W, TOP_BAR), 2)
        if pygame.display.get_surface() is not None:
            bg = bg.convert()
        _layers[("bg", size)] = bg
    return bg


def _opponent_layer(n):
    """An opponent's hand: n backs in a column (cached per count and style)."""
    key = ("opp", n, gfx.card_style())
    layer = _layers.get(key)
    if layer is None:
        back = _rotated_back(SMALL_W)
        span = 250
        step = min(16.0, span / max(1, n - 1)) * gfx.scale()
        pad = gfx.px(6)
        hgt = int(step * (n - 1) + back.get_height()) + 2 * pad
        layer = pygame.Surface((back.get_width() + 2 * pad, hgt), pygame.SRCALPHA)
        for i in range(n):
            layer.blit(back, (pad, int(pad + i * step)))
        if pygame.display.get_surface() is not None:
            layer = layer.convert_alpha()
        layer = layer.premul_alpha()
        _layers[key] = layer
    return layer


_rot_backs: dict = gfx.scaled_cache({})


def _rotated_back(width):
    """A card back turned sideways, `width` logical (device pixels)."""
    key = (width, gfx.card_style())
    img = _rot_backs.get(key)
    if img is None:
        img = pygame.transform.rotate(gfx.card_back(gfx.px(width)), 90)
        _rot_backs[key] = img
    return img
