"""The human's hand: a fan of cards along the bottom edge.  The fan is one row while every
card keeps a strip a finger wide, else two or three rows overlapping from the top (each
card's corner index shows); layout.py says how.

One cue per meaning, each its own kind of sign:
- on the human's turn the cards that may not be played are dimmed (nothing else marks
  the playable ones);
- the keyboard's cursor (or, without one, the card under the pointer that may be picked)
  has the focus ring, the same ring the buttons show;
- marks in a card's top right corner: a star for the card(s) the hint suggests, a tick for
  a discard picked, a plus for a card the kitty brought (art.mark);
- a discard picked is also raised where the hand is one row (nothing else is raised).
The trick's winner glows gold on the trick; no card of the hand glows."""

from __future__ import annotations

import pygame

from ...engine import Phase
from ...engine.cards import SUIT_OF
from .. import art
from ..draw import gfx
from ..draw.cardblit import prepare
from ..draw.cardfan import card_layers, draw_overlapping
from . import layout
from .base import TableObject
from .layout import SUIT_ORDER
from .once import once_a_drawing


def sort_cards(cards, trump: int) -> list:
    """Display order: suits alternate in colour, trumps first, high cards left."""
    order = list(SUIT_ORDER)
    if trump >= 0:
        order.remove(trump)
        order.insert(0, trump)
    rank = {s: i for i, s in enumerate(order)}
    return sorted(cards, key=lambda c: (rank[c.suit], -c.rank))


class HandFan(TableObject):
    steady = True  # its key is made of Table.inputs() alone
    paint_margin = 16  # glow and shadow around the cards
    def __init__(self, table):
        super().__init__(table)
        self.cursor: int | None = None  # keyboard cursor: index into cards()
        self.turn = None  # the decision the cursor was last placed for (start_turn)
        self.hover = None  # card under the mouse
        self.selected: set = set()  # discards picked in the kitty phase

    # --- layout ---------------------------------------------------------------------
    def dealt_slots(self):
        """While dealing: (the whole hand's slots, the indices landed so far);
        else None."""
        b = self.board
        slots = getattr(b, "slots", None)
        return None if slots is None or not b.dealing else (slots, b.landed)

    def cards(self) -> list:
        """The displayed hand: cards, then None for each card not seen yet."""
        dealt = self.dealt_slots()
        if dealt is not None:
            return [dealt[0][i] for i in dealt[1]]
        return list(self.board.hand) + [None] * self.board.hidden

    @once_a_drawing
    def room(self) -> int:
        """How many cards the hand is laid out for, so that cards passing through it move
        neither its rows nor the plate above them: the cards it shows, or the cards the
        match already gives it while they fly (the kitty coming), and through an exchange
        the human takes part in its whole size, one more where the human receives, and the
        kitty still to come to the declarer."""
        dealt = self.dealt_slots()
        n = len(dealt[0]) if dealt is not None else len(self.board.hand) + self.board.hidden
        v, human = self.v, self.table.human
        sizes = [n]
        ahead = self.table.session.match.view(human)  # the table's view lags the match while cards fly
        if ahead.deal_number == v.deal_number:
            sizes.append(ahead.hand_sizes[human])
        if v.phase == Phase.EXCHANGE:
            receives = any(receiver == human for _giver, receiver in v.exchange_plan)
            if receives or any(giver == human for giver, _receiver in v.exchange_plan):
                sizes.append(v.hand_sizes[human] + receives)
            if v.declarer == human:  # the kitty (the cards in no hand) comes to the declarer after it
                sizes.append(v.hand_sizes[human] + len(SUIT_OF) - sum(v.hand_sizes))
        return max(sizes)

    def slot_rects(self, n: int, room: int | None = None) -> list[pygame.Rect]:
        """The unlifted rect of each of n slots, laid out for `room` cards (at least n):
        rows from the top, each centred in the hand's area, the last row on the area's
        bottom edge."""
        lay = layout.now()
        room = max(n, room or 0)
        rows = lay.hand_rows(room)
        area = lay.hand_area
        cw, ch = gfx.card_size(rows.w)
        top = lay.hand_top(room)
        out = []
        for i in range(n):
            row, col = divmod(i, rows.per_row)
            count = min(rows.per_row, room - row * rows.per_row)
            x0 = area.centerx - (rows.step * (count - 1) + cw) / 2
            out.append(pygame.Rect(int(x0 + col * rows.step), top + row * rows.row_step, cw, ch))
        return out

    def slot_x(self) -> list:
        """x of each card of cards() (tests read it)."""
        return [r.x for r in self._slots()]

    def _slots(self) -> list[pygame.Rect]:
        """The slot of each card of cards(): spread over the whole hand while dealing (a
        card that lands takes its final place and moves no other), else over the cards shown."""
        dealt = self.dealt_slots()
        if dealt is not None:
            rects = self.slot_rects(len(dealt[0]))
            return [rects[i] for i in dealt[1]]
        return self.slot_rects(len(self.board.hand) + self.board.hidden, self.room())

    def slot_center(self, slot: int) -> tuple[float, float]:
        """Where the card of a slot of the hand being dealt sits (cards fly there)."""
        return self.slot_rects(len(self.board.slots))[slot].center

    def card_width(self) -> int:
        """The width of the cards in the hand now."""
        return layout.now().hand_rows(max(1, self.room())).w

    def kitty_cards(self) -> frozenset:
        """The kitty's cards in the declarer's hand until the discards are made."""
        v = self.v
        return frozenset(v.kitty or ()) if v.phase == Phase.DISCARD else frozenset()

    @once_a_drawing
    def card_rects(self) -> list[tuple[object, pygame.Rect]]:
        cards = self.cards()
        slots = self._slots()
        lay = layout.now()
        lift = lay.hand_rows(self.room()).lift
        out = []
        for i, c in enumerate(cards):
            r = slots[i].copy()
            if lift and c is not None and c in self.selected:
                r.y -= lift
            out.append((c, r))
        return out

    def bounds(self):
        rects = self.card_rects()
        if not rects:
            return None
        r = rects[0][1].unionall([r for _, r in rects])
        return r

    def card_at(self, pos):
        """(index, card) under a logical point (the topmost card), or (None, None)."""
        rects = self.card_rects()
        for i in range(len(rects) - 1, -1, -1):
            c, r = rects[i]
            if r.collidepoint(pos):
                return i, c
        return None, None

    def center_of(self, card):
        for c, r in self.card_rects():
            if c == card:
                return r.center
        return self.table.hand_anchor(self.table.human)

    def targets(self) -> list:
        """(name, visible part of the card) for tests and the autopilot."""
        return [(f"card:{c}", vis) for c, vis in self.visible_parts() if c is not None]

    @once_a_drawing
    def visible_parts(self) -> list:
        """(card, the part of its rect no later card covers): a card's strip in its row,
        the top of a card with a row below it."""
        rects = self.card_rects()
        per_row = layout.now().hand_rows(self.room()).per_row
        slots = [i // per_row for i in range(len(rects))] if self.dealt_slots() is None else [i // per_row for i in self.dealt_slots()[1]]
        out = []
        for i, (c, r) in enumerate(rects):
            vis = r.copy()
            for j in range(i + 1, len(rects)):
                other = rects[j][1]
                if not other.colliderect(vis):
                    continue
                if slots[j] == slots[i]:  # the next card in the row
                    vis.width = max(4, min(vis.width, other.left - vis.left))
                else:  # a row below
                    vis.height = max(4, min(vis.height, other.top - vis.top))
            out.append((c, vis))
        return out

    def top(self) -> int:
        """The top of the hand as laid out for its cards now (lifted cards included)."""
        lay = layout.now()
        n = max(1, self.room())
        return lay.hand_top(n) - lay.hand_rows(n).lift

    # --- state ----------------------------------------------------------------------
    def clamp_cursor(self) -> None:
        n = len(self.cards())
        if self.cursor is not None and self.cursor >= n:
            self.cursor = n - 1 if n else None

    def start_turn(self) -> None:
        """A new decision of the human's: the keyboard cursor (if in use) starts on a card
        that may be played, where it was if that one may, else the nearest that may (after
        a trick the same place often holds a card of another suit)."""
        v = self.v
        turn = (v.deal_number, v.phase, len(v.tricks), len(v.trick), len(v.exchange), len(v.hand))
        if turn == self.turn:
            return
        self.turn = turn
        cards, legal = self.cards(), self.table.legal_cards()
        if self.cursor is None or not legal or (self.cursor < len(cards) and cards[self.cursor] in legal):
            return
        playable = [i for i, c in enumerate(cards) if c in legal]
        if playable:
            self.cursor = min(playable, key=lambda i: (abs(i - self.cursor), i))

    def move_cursor(self, step: int) -> None:
        n = len(self.cards())
        if n:
            self.cursor = (0 if step > 0 else n - 1) if self.cursor is None else (self.cursor + step) % n

    def cursor_to_end(self, last: bool) -> None:
        """Home / End: the first or the last card."""
        n = len(self.cards())
        self.cursor = (n - 1 if last else 0) if n else None

    def cursor_to_suit(self, step: int) -> bool:
        """Down / Up: the first card of the next (step 1, round from the last suit to the
        first) or previous (-1) suit of the fan.  False when there is none before the
        first suit (Up there leaves the hand for the buttons, as it always did)."""
        cards = self.cards()
        starts = [i for i, c in enumerate(cards) if c is not None and (i == 0 or cards[i - 1] is None or cards[i - 1].suit != c.suit)]
        if not starts:
            return False
        if self.cursor is None:
            self.cursor = starts[0] if step > 0 else starts[-1]
            return True
        here = max((k for k, i in enumerate(starts) if i <= self.cursor), default=0)
        if step < 0 and here == 0:
            return False
        self.cursor = starts[(here + step) % len(starts)]
        return True

    def state_key(self):
        legal = self.table.legal_cards()  # what draw() and card_rects() read
        dealt = self.dealt_slots()
        shown = dealt if dealt is not None else (tuple(self.board.hand), self.board.hidden)
        return (dealt is not None, shown, frozenset(self.selected), (self.hover, self.ring()), self.cursor,
                self.choosing(), frozenset(legal), self.kitty_cards(), self.table.hint.hand_cards(), self.room())

    def changed_bounds(self, old, new):
        """The logical rects a change from key `old` to `new` repaints, when narrower than
        the whole fan (the compositor asks; None: the whole fan).  While dealing only the
        slots whose card landed (a deal frame redraws one card, not sixteen); when
        only the card under the pointer changed, the cards whose focus ring came or went."""
        if old[3] != new[3] and old[:3] == new[:3] and old[4:] == new[4:] and not new[0]:
            m = self.paint_margin  # the ring: no card moves
            rings = {old[3][1], new[3][1]}
            return [r.inflate(2 * m, 2 * m) for i, (c, r) in enumerate(self.card_rects()) if i in rings] or None
        if not (old[0] and new[0]) or old[2:] != new[2:] or old[1][0] != new[1][0] or self.cursor is not None:
            return None
        slots = self.slot_rects(len(new[1][0]))
        lift = layout.now().hand_rows(len(slots)).lift + 6
        changed = set(old[1][1]) ^ set(new[1][1])
        m = self.paint_margin
        return [pygame.Rect(slots[i].x, slots[i].y - lift, slots[i].w, slots[i].h + lift).inflate(2 * m, 2 * m) for i in sorted(changed)]

    # --- drawing --------------------------------------------------------------------
    def choosing(self) -> bool:
        return self.table.my_turn() and self.v.phase in (Phase.PLAY, Phase.EXCHANGE)

    def pickable(self, c) -> bool:
        """May the human pick card `c` now (play or pass it, or choose it as a discard)?"""
        if c is None or not self.table.my_turn():
            return False
        phase = self.v.phase
        return phase == Phase.DISCARD or (phase in (Phase.PLAY, Phase.EXCHANGE) and c in self.table.legal_cards())

    def ring(self):
        """The index of the card with the focus ring: the keyboard's cursor, else the card
        under the pointer when it may be picked; None."""
        if self.cursor is not None:
            return self.cursor
        if self.hover is not None and self.pickable(self.hover):
            cards = self.cards()
            return cards.index(self.hover) if self.hover in cards else None
        return None

    def marks_of(self, c) -> tuple:
        """The marks in card `c`'s corner, in the order drawn from the right: "picked",
        "hint", "kitty" (art.mark)."""
        if c is None:
            return ()
        out = []
        if c in self.selected:
            out.append("picked")
        if c in self.table.hint.hand_cards():  # the card(s) the hint suggests
            out.append("hint")
        if c in self.kitty_cards():
            out.append("kitty")
        return tuple(out[:2])

    def look_of(self, c) -> set:
        """Every cue card `c` shows now (tests read it): "dimmed", "ring", "raised" and its marks."""
        out = set(self.marks_of(c))
        rects = self.card_rects()
        i = next((k for k, (card, _r) in enumerate(rects) if card == c), None)
        if i is None:
            return out
        if self.choosing() and c not in self.table.legal_cards():
            out.add("dimmed")
        if self.ring() == i:
            out.add("ring")
        slots = self._slots()
        if rects[i][1].top < slots[i].top:
            out.add("raised")
        return out

    def warm(self, budget_ms: float) -> bool:
        """Make the pictures of this hand's cards as they will be drawn on the human's turn
        (plain, dimmed) for at most about `budget_ms`, on frames that draw nothing
        (in WebAssembly a card's first picture costs 3-5 ms at 4x, and the frame
        that shows which cards may be played made a dozen).  True when all are made."""
        rects = self.card_rects()
        if not rects:
            return True
        width = gfx.card_rect(rects[0][1]).w
        return gfx.make_card_sprites(((c, width, True, None, dim) for c, _r in rects if c is not None for dim in (False, True)), budget_ms)

    def looks(self) -> list:
        """(card, logical rect, face up, glow, dimmed) of every card as drawn now."""
        legal = self.table.legal_cards()
        choosing = self.choosing()
        cards = []
        for c, r in self.card_rects():
            if c is None:
                cards.append((None, r, False, None, False))
            else:
                cards.append((c, r, True, None, choosing and c not in legal))
        return cards

    @staticmethod
    def dealt_width(n: int) -> int:
        """The device width of a card of a hand of n being dealt (its slots' width)."""
        return gfx.px(gfx.card_size(layout.now().hand_rows(n).w)[0])

    @staticmethod
    def warm_card(card, width: int) -> bool:
        """The picture of `card` as it lands in a hand being dealt, made if it is not yet;
        True when it had to be made."""
        if gfx.has_card_sprite(card, width, True, None, False):
            return False
        prepare(*gfx.card_sprite(card, width, True, None, False))
        return True

    def warm_dealt(self, deadline: float) -> bool:
        """Before a deal shows (its first frame made over several frames in the browser):
        the picture of every card of the hand being dealt as it will land, stopping past
        `deadline` (after at least one); made in the deal's own frames they cost 3-5 ms
        each at 4x, up to three a frame.  True when all are made."""
        import time

        dealt = self.dealt_slots()
        if dealt is None or not dealt[0]:
            return True
        width = self.dealt_width(len(dealt[0]))
        for card in dealt[0]:
            if card is not None and self.warm_card(card, width) and time.perf_counter() > deadline:
                return False
        return True

    def make_pictures(self, deadline: float) -> bool:
        """Make the card pictures draw() needs, stopping past `deadline` (after at least
        one): a first frame made over several frames then never holds all
        sixteen in one frame.  True when all are made."""
        import time

        for card, r, face_up, highlight, dim in self.looks():
            width = gfx.card_rect(r).w
            if not gfx.has_card_sprite(card, width, face_up, highlight, dim):
                prepare(*gfx.card_sprite(card, width, face_up, highlight, dim))
                if time.perf_counter() > deadline:
                    return False
        return True

    def draw(self, surf) -> None:
        draw_overlapping(surf, card_layers(self.looks()))  # each card's hidden part left out
        parts = self.visible_parts()
        ring = self.ring()
        mark = max(16, min(24, int(layout.now().hand_rows(max(1, self.room())).w * 0.3)))
        for i, (c, vis) in enumerate(parts):
            for k, kind in enumerate(self.marks_of(c)):  # a second mark below the first, else beside it if there is room
                if k and vis.h >= 2 * mark + 8:
                    place = (vis.right - 3 - mark, vis.top + 5 + mark)
                elif k and vis.w >= 2 * mark + 26:
                    place = (vis.right - 5 - 2 * mark, vis.top + 3)
                elif k:
                    break
                else:
                    place = (vis.right - 3 - mark, vis.top + 3)
                gfx.blit(surf, art.mark(kind, gfx.px(mark)), place)
            if i == ring:
                gfx.rect(surf, gfx.FOCUS, vis.inflate(6, 6), 3, border_radius=8)
        if gfx.recording():  # the layout check: each card's visible part is read and tapped
            for c, vis in parts:
                gfx.note("card", vis)
                if c is not None:
                    gfx.note("target", vis, name=f"card:{c}", card=True)
