"""The replay viewer's table: the game's own table objects (plates, top bar, trick, the
bottom seat's hand fan) over a finished game, with every hand face up.

Why an adapter rather than a second table: the table objects read only ``table.v``,
``table.board`` and a few questions (``seat_name``, ``my_turn``, ``legal_cards``...).  A
replay answers them from the `ReplayCursor`'s match: the view of the bottom seat for the
public facts, and the match's own hands (a finished game hides nothing) on the board.
Nothing moves by itself here: there is no timeline and no computer player."""

from __future__ import annotations

import pygame

from ...i18n import t
from .. import art, gfx
from .background import Background
from .base import TableObject
from .board import Board
from .hand import HandFan, sort_cards
from .layout import SMALL_W, W, side
from .plates import Plate
from .topbar import TopBar
from .trick import TrickArea

SIDE_W = 430  # the face-up hands of the two other seats: a box beside each plate
SIDE_TOP = 196
ROW_STEP = 58
PER_ROW = 10


class _Still:
    """The replay's timeline: nothing is ever in flight."""

    busy = False


class _NoHint:
    """A replay has no coach: the hand fan asks which cards a hint suggests, and none are."""

    @staticmethod
    def hand_cards() -> frozenset:
        return frozenset()


class ReplayBoard(Board):
    """The board plus every seat's hand (face up) and the cards around the kitty."""

    __slots__ = ("hands", "kitty_cards", "kitty_label", "finished", "taken_kitty")

    def __init__(self):
        super().__init__()
        self.hands = [[], [], []]
        self.kitty_cards: list = []
        self.kitty_label = ""
        self.finished = None  # the Trick shown after a trick is taken (None: the live trick)
        self.taken_kitty = frozenset()  # the kitty's cards in the declarer's hand until discarded

    def key(self) -> tuple:
        return (super().key(), tuple(tuple(h) for h in self.hands), tuple(self.kitty_cards), self.kitty_label, self.taken_kitty)


def finished_trick(match):
    """The trick the last play completed (in this deal or the one that just ended), or None."""
    if match.trick:
        return None
    if match.current.tricks:
        return match.current.tricks[-1]
    return match.deals[-1].tricks[-1] if match.deals and match.deals[-1].tricks else None


class ReplayTable:
    """What the table objects ask of a Table, answered from a replayed match."""

    def __init__(self, app, names, bottom: int = 0):
        self.app = app
        self.names = list(names)
        self.human = bottom  # the seat at the bottom of the screen
        self.timeline = _Still()
        self.hint = _NoHint()
        self.board = ReplayBoard()
        self.v = None
        self.time = 0.0
        self.thinking_seat = None
        self.background = Background(self)
        self.topbar = TopBar(self)
        self.plates = [Plate(self, seat) for seat in range(3)]
        self.trick = TrickArea(self)
        self.hand = HandFan(self)
        self.sides = [SideHand(self, seat) for seat in range(3) if seat != bottom]
        self.kitty = KittyRow(self)

    # --- what the objects ask -------------------------------------------------------------
    def seat_name(self, seat) -> str:
        return self.names[seat] if seat is not None else ""

    def sort(self, cards) -> list:
        return sort_cards(cards, self.v.trump if self.v is not None else -1)

    def my_turn(self) -> bool:
        return False

    def legal_cards(self) -> set:
        return set()

    def objects(self) -> list:
        return [self.background, self.topbar, *self.plates, self.kitty, *self.sides, self.trick, self.hand]

    # --- showing a position ---------------------------------------------------------------
    def show(self, match) -> None:
        """Show `match` as it stands: all hands, the trick (or the one just taken), totals."""
        v = self.v = match.view(self.human)
        b = self.board
        b.set_from_view(v, self.human, self.sort)
        b.hands = [self.sort(match.hand(seat)) for seat in range(3)]
        b.hand, b.hidden = list(b.hands[self.human]), 0
        b.sizes = [len(h) for h in b.hands]
        done = finished_trick(match)
        b.finished = done
        if done is not None:
            b.trick = [(done.seat_of(i), card) for i, card in enumerate(done.cards)]
            b.trick_winner = done.winner
        deal = match.current
        b.kitty_cards, b.kitty_label = [], ""
        b.taken_kitty = frozenset(deal.kitty) if v.phase == "discard" else frozenset()
        if v.phase in ("declare", "exchange"):
            b.kitty_cards, b.kitty_label = list(deal.kitty), t("replay.kitty")
        elif deal.discards:
            b.kitty_cards, b.kitty_label = list(deal.discards), t("replay.discards")
        elif v.phase == "game_over" and match.deals and match.deals[-1].discards:
            b.kitty_cards, b.kitty_label = list(match.deals[-1].discards), t("replay.discards")
        self.hand.selected.clear()

    def shown_hands(self) -> list[list]:
        """Each seat's cards as the objects draw them (tests compare them with the match)."""
        out = [[], [], []]
        out[self.human] = [c for c in self.hand.cards() if c is not None]
        for obj in self.sides:
            out[obj.seat] = [c for c, _ in obj.card_rects()]
        return out


class SideHand(TableObject):
    """Another seat's hand face up, in rows below its plate."""

    def __init__(self, table, seat: int):
        super().__init__(table)
        self.seat = seat

    def box(self) -> pygame.Rect:
        left = side(self.seat, self.table.human) == "left"
        return pygame.Rect(14 if left else W - 14 - SIDE_W, SIDE_TOP, SIDE_W, ROW_STEP + 100)

    def bounds(self):
        return self.box()

    def card_rects(self) -> list:
        cards = self.board.hands[self.seat]
        box = self.box()
        cw, ch = gfx.card_size(SMALL_W)
        per_row = min(PER_ROW, max(8, (len(cards) + 1) // 2))
        step = (box.w - cw) / max(1, per_row - 1)
        out = []
        for i, card in enumerate(cards):
            row, col = divmod(i, per_row)
            out.append((card, pygame.Rect(int(box.left + col * step), box.top + row * ROW_STEP, cw, ch)))
        return out

    def state_key(self):
        return (self.seat, tuple(self.board.hands[self.seat]), self.board.taken_kitty)

    def draw(self, surf) -> None:
        kitty = self.board.taken_kitty
        for card, r in self.card_rects():
            gfx.draw_card(surf, card, r, highlight=art.KITTY if card in kitty else None)


class KittyRow(TableObject):
    """The kitty face up while it lies on the table, then the declarer's discards."""

    def cards_rects(self) -> list:
        cards = self.board.kitty_cards
        cw, ch = gfx.card_size(48)
        x0 = 640 - (len(cards) * (cw + 6) - 6) // 2
        return [(c, pygame.Rect(x0 + i * (cw + 6), 120, cw, ch)) for i, c in enumerate(cards)]

    def state_key(self):
        return (tuple(self.board.kitty_cards), self.board.kitty_label)

    def draw(self, surf) -> None:
        rects = self.cards_rects()
        if not rects:
            return
        gfx.blit_text(surf, self.board.kitty_label, 15, (640, 116), gfx.MUTED, True, "midbottom")
        for card, r in rects:
            gfx.draw_card(surf, card, r)
