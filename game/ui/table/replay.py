"""The replay viewer's table: a finished (or saved) game with every hand face up, drawn in
the replay's own places (replay_places.py) with the game's own pieces: its top bar, its
trick, its card pictures and plates' look.

Why an adapter rather than a second table: the table objects read only ``table.v``,
``table.board`` and a few questions (``seat_name``, ``my_turn``, ``legal_cards``...).  A
replay answers them from the `ReplayCursor`'s match: the view of the bottom seat for the
public facts, and the match's own hands (a finished game hides nothing) on the board.
Nothing moves by itself here: there is no timeline and no computer player."""

from __future__ import annotations

import pygame

from ...engine import Phase
from ...i18n import t
from ...i18n.format import suit_symbol
from .. import art
from ..draw import gfx
from . import layout
from .base import TableObject
from .board import Board
from .hand import sort_cards
from .plates import Plate
from .replay_places import places, rank_layout
from .topbar import TopBar
from .trick import TrickArea

KITTY_TEXT = (255, 170, 80)  # the kitty's cards in the declarer's hand, written in rows of ranks


class _Still:
    """The replay's timeline: nothing is ever in flight."""

    busy = False


class _NoHint:
    """A replay has no coach: the objects that ask which cards a hint suggests get none."""

    @staticmethod
    def hand_cards() -> frozenset:
        return frozenset()


class ReplayBoard(Board):
    """The board plus every seat's hand (face up) and the cards around the kitty."""

    __slots__ = ("hands", "kitty_cards", "kitty_label", "finished", "taken_kitty", "marks")

    def __init__(self):
        super().__init__()
        self.hands = [[], [], []]
        self.kitty_cards: list = []
        self.kitty_label = ""
        self.finished = None  # the Trick shown after a trick is taken (None: the live trick)
        self.taken_kitty = frozenset()  # the kitty's cards in the declarer's hand until discarded
        self.marks: dict = {}  # card -> glow: a line of the analysis (the better card, the one chosen)

    def key(self) -> tuple:
        return (super().key(), tuple(tuple(h) for h in self.hands), tuple(self.kitty_cards), self.kitty_label, self.taken_kitty,
                tuple(self.marks.items()))


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
        self.background = ReplayBackground(self)
        self.topbar = TopBar(self)
        self.plates = [SeatBlock(self, seat) for seat in range(3)]  # each seat's name, score and hand
        self.trick = ReplayTrick(self)
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
        top = [self.topbar] if places().top_bar is not None else []
        return [self.background, *top, *self.plates, self.kitty, self.trick]

    # --- showing a position ---------------------------------------------------------------
    def show(self, match, marks=None, sealed: bool = False) -> None:
        """Show `match` as it stands: all hands, the trick (or the one just taken), totals.
        `marks` (card -> glow, perhaps none: a contract): a decision of the analysis, shown
        as the seat saw it, so a trick just taken is off the table.  `sealed`: a deal dealt that a review must not
        show (a game in progress): no hand and no kitty."""
        v = self.v = match.view(self.human)
        b = self.board
        b.set_from_view(v, self.human, self.sort)
        b.hands = [[], [], []] if sealed else [self.sort(match.hand(seat)) for seat in range(3)]
        b.hand, b.hidden = list(b.hands[self.human]), 0
        b.sizes = [len(h) for h in b.hands]
        b.marks = dict(marks or {})
        done = None if marks is not None else finished_trick(match)
        b.finished = done
        if done is not None:
            b.trick = [(done.seat_of(i), card) for i, card in enumerate(done.cards)]
            b.trick_winner = done.winner
        deal = match.current
        b.kitty_cards, b.kitty_label = [], ""
        b.taken_kitty = frozenset(deal.kitty) if v.phase == Phase.DISCARD else frozenset()
        if sealed:
            return
        if v.phase in (Phase.DECLARE, Phase.EXCHANGE):  # sorted as a hand is: by suit, high cards first
            b.kitty_cards, b.kitty_label = self.sort(deal.kitty), t("replay.kitty")
        elif deal.discards:
            b.kitty_cards, b.kitty_label = self.sort(deal.discards), t("replay.discards")
        elif v.phase == Phase.GAME_OVER and match.deals and match.deals[-1].discards:
            b.kitty_cards, b.kitty_label = self.sort(match.deals[-1].discards), t("replay.discards")

    def shown_hands(self) -> list[list]:
        """Each seat's cards as the objects draw them (tests compare them with the match)."""
        out = [[], [], []]
        for block in self.plates:
            out[block.seat] = block.shown_cards()
        return out


class ReplayBackground(TableObject):
    """The felt, the oval the trick lies on and the top bar's strip, made once per place."""

    _pictures: dict = gfx.scaled_cache({})

    def draw(self, surf) -> None:
        p = places()
        key = (surf.get_size(), tuple(p.ring), tuple(p.top_bar) if p.top_bar else None)
        bg = self._pictures.get(key)
        if bg is None:
            bg = gfx.felt(surf.get_size()).copy()
            ring = pygame.Surface(gfx.dev_rect(p.ring).size, pygame.SRCALPHA)
            pygame.draw.ellipse(ring, (255, 255, 255, 14), ring.get_rect())
            pygame.draw.ellipse(ring, (255, 255, 255, 28), ring.get_rect(), max(1, gfx.px(2)))
            bg.blit(ring, gfx.dev_rect(p.ring))
            if p.top_bar is not None:
                bar = gfx.dev_rect(p.top_bar)
                bg.blit(gfx.overlay(bar.size, (6, 28, 20, 200)), bar)
                gfx.line(bg, gfx.GOLD_DARK, (0, p.top_bar.bottom), (p.top_bar.right, p.top_bar.bottom), 2)
            if len(self._pictures) > 4:
                self._pictures.clear()
            self._pictures[key] = bg
        surf.blit(bg, (0, 0))


def strip_name(name: str, size: int, room: int, height: int) -> tuple[int, list[str], bool]:
    """(size, lines, bold) of a seat's name in its strip, whole: smaller letters, else two
    lines (bold, then regular) where the strip is tall enough; else one line, shortened."""
    fitted = gfx.fit_size(name, size, room, True)
    if gfx.text_width(name, fitted, True) <= room:
        return fitted, [name], True
    for bold in (True, False):
        lines = gfx.wrap(name, gfx.MIN_TEXT, room, bold)
        if len(lines) == 2 and 2 * gfx.line_height(gfx.MIN_TEXT, bold, 0) <= height and all(gfx.text_width(x, gfx.MIN_TEXT, bold) <= room for x in lines):
            return gfx.MIN_TEXT, lines, bold
    return fitted, [name], True


class SeatBlock(TableObject):
    """A seat: a strip with its name, roles, tricks and total (the gold edge when it is to
    act, as on the game's plates), and its hand face up: a row of cards, or on a phone
    rows of ranks by suit (the kitty's cards in orange while the declarer holds them)."""

    def __init__(self, table, seat: int):
        super().__init__(table)
        self.seat = seat

    def place(self):
        return places().seats[layout.side(self.seat, self.table.human)]

    def bounds(self):
        p = self.place()
        return p.box.union(p.cards)

    def cards(self) -> list:
        return self.board.hands[self.seat]

    def shown_cards(self) -> list:
        if self.place().card_w:
            return [c for c, _ in self.card_rects()]
        return [c for line in self.rank_lines()[1] for c, _x in line if not isinstance(c, int)]

    # --- the strip --------------------------------------------------------------------------
    def active(self) -> bool:
        v = self.v
        return v.to_act == self.seat and v.phase != Phase.GAME_OVER

    def draw_strip(self, surf, p) -> None:
        box, r = p.box, p.strip
        text = places().size
        active = self.active()
        gfx.blit_panel(surf, box, color=gfx.PANEL, edge=gfx.GOLD if active else gfx.PANEL_EDGE, radius=10, alpha=225,
                       width=3 if active else 2, shadow=False)
        pad = 10
        score = self.v.totals[self.seat]
        right = gfx.blit_text(surf, f"{score:+d}", text("score"), (r.right - pad, r.centery), gfx.GOLD if score > 0 else gfx.MUTED,
                              True, "midright", box=box).left - 12
        tricks = Plate.tricks_text(self)  # the plates' own words and colours
        if tricks:
            right = gfx.blit_text(surf, tricks[0], text("tricks"), (right, r.centery), tricks[1], True, "midright",
                                  width=max(40, right - r.centerx), box=box).left - 10
        name = self.table.seat_name(self.seat)
        roles = " · ".join(Plate.roles(self))
        room = right - r.left - pad
        name_w = gfx.text_width(name, text("name"), True)
        if roles and name_w + 10 + min(60, gfx.text_width(roles, text("role"), True)) > room:
            roles = ""  # a narrow strip: the whole name first (the top bar names the declarer)
        nsize, lines, bold = strip_name(name, text("name"), room, r.h)
        lh = gfx.line_height(nsize, bold, 0)
        for i, line in enumerate(lines):
            nr = gfx.blit_text(surf, line, nsize, (r.left + pad, r.centery + (2 * i - len(lines) + 1) * lh // 2), gfx.CREAM, bold, "midleft",
                               width=room, box=box)
        if len(lines) > 1:
            roles = ""
        if roles:
            gfx.blit_text(surf, roles, text("role"), (nr.right + 10, r.centery), gfx.GOLD, True, "midleft", width=right - nr.right - 10, box=box)

    # --- the hand -----------------------------------------------------------------------
    def card_rects(self) -> list:
        """A row of face-up cards, as wide as the place allows, centred."""
        p = self.place()
        cards = self.cards()
        cw, ch = gfx.card_size(p.card_w)
        n = len(cards)
        if not n:
            return []
        step = min(cw * 0.72, (p.cards.w - cw) / max(1, n - 1))
        x0 = p.cards.centerx - (step * (n - 1) + cw) / 2
        return [(c, pygame.Rect(int(x0 + i * step), p.cards.bottom - ch, cw, ch)) for i, c in enumerate(cards)]

    def rank_lines(self) -> tuple[int, list]:
        """(size, lines): the hand as rows of ranks by suit, a suit never split while it fits
        a line; each line is [(suit, x), (card, x), ...] with x from the line's left."""
        p = self.place()
        largest = places().size("ranks")
        width = p.cards.w
        lines: list = []
        for size in (largest, largest - 1, largest - 2):
            lines = rank_layout(self.cards(), size, width)
            if len(lines) * gfx.line_height(size, True, 2) <= p.cards.h + 2:
                break
        return size, lines

    def draw_ranks(self, surf, p) -> None:
        size, lines = self.rank_lines()
        lh = gfx.line_height(size, True, 2)
        if not lines:  # every card played
            gfx.blit_text(surf, "—", size, p.cards.topleft, gfx.DIM, True, box=p.box)
        kitty = self.board.taken_kitty
        y = p.cards.top
        for line in lines:
            for item, x in line:
                if isinstance(item, int):
                    gfx.blit_text(surf, suit_symbol(item), size, (p.cards.left + x, y), gfx.CREAM, True, box=p.box)
                else:
                    colour = KITTY_TEXT if item in kitty else gfx.CREAM
                    gfx.blit_text(surf, item.rank_label, size, (p.cards.left + x, y), colour, True, box=p.box)
            y += lh

    def state_key(self):
        v = self.v
        marks = tuple((c, g) for c, g in self.board.marks.items() if c in self.cards())
        return (self.seat, tuple(self.cards()), self.board.taken_kitty, self.active(), v.declarer, v.dealer, v.contract,
                v.targets[self.seat], self.board.taken[self.seat], v.totals[self.seat], marks)

    def draw(self, surf) -> None:
        p = self.place()
        self.draw_strip(surf, p)
        if not p.card_w:
            self.draw_ranks(surf, p)
            return
        kitty, marks = self.board.taken_kitty, self.board.marks
        for card, r in self.card_rects():
            gfx.draw_card(surf, card, r, highlight=marks.get(card) or (art.KITTY if card in kitty else None))


class ReplayTrick(TrickArea):
    """The game's trick, in the replay's place (the "leads" pill as wide as the cards
    beside it leave, not shortened over a narrow card)."""

    def draw(self, surf) -> None:
        b = self.board
        for seat, card in b.trick:
            glow = art.GOLD if seat == b.trick_winner and len(b.trick) == 3 else None
            gfx.draw_card(surf, card, self.card_rect(seat), highlight=glow)
        seat = self.leader()
        if seat is None:
            return
        r, p = self.card_rect(seat), places()
        room = max(r.w + 40, 3 * p.trick_dx - 20)  # one pill at a time: the trick's width is its own
        label = t("table.leads")
        size = gfx.fit_size(label, layout.now().size("leads"), room - 16, True)
        label = gfx.ellipsize(label, size, room - 16, True)
        pill = pygame.Rect(0, 0, gfx.text_width(label, size, True) + 16, size + 8)
        pill.midbottom = (r.centerx, r.top - 4)
        pill.clamp_ip(layout.now().safe)
        gfx.blit_panel(surf, pill, color=(40, 30, 8), edge=gfx.GOLD, radius=pill.h // 2, alpha=230, shadow=False, width=1)
        gfx.blit_text(surf, label, size, pill.center, gfx.GOLD, True, "center", box=pill)

    def slot(self, seat: int) -> tuple[float, float]:
        p = places()
        (x, y), dx, dy = p.trick_center, p.trick_dx, p.trick_dy
        return layout.by_side(seat, self.table.human, (x, y + dy), (x - dx, y - dy), (x + dx, y - dy))

    def card_rect(self, seat: int) -> pygame.Rect:
        cw, ch = gfx.card_size(places().trick_w)
        r = pygame.Rect(0, 0, cw, ch)
        x, y = self.slot(seat)
        r.center = (int(x), int(y))
        return r


class KittyRow(TableObject):
    """The kitty face up while it lies on the table, then the declarer's discards: a label
    over a row of small cards, in the middle of its place."""

    def cards_rects(self) -> list:
        p = places()
        cards = self.board.kitty_cards
        cw, ch = gfx.card_size(p.kitty_w)
        step = min(cw + 6, (p.kitty.w - cw) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
        x0 = p.kitty.centerx - (step * (len(cards) - 1) + cw) / 2
        return [(c, pygame.Rect(int(x0 + i * step), p.kitty.bottom - ch, cw, ch)) for i, c in enumerate(cards)]

    def bounds(self):
        return places().kitty

    def state_key(self):
        return (tuple(self.board.kitty_cards), self.board.kitty_label)

    def draw(self, surf) -> None:
        rects = self.cards_rects()
        if not rects:
            return
        p = places()
        label = self.board.kitty_label
        gfx.blit_text(surf, label, p.size("label"), (p.kitty.centerx, p.kitty.top), gfx.MUTED, True, "midtop",
                      width=p.kitty.w - 4, box=p.kitty)
        for card, r in rects:
            gfx.draw_card(surf, card, r)
