"""The trick in the middle of the table.  Each seat's card lies toward its seat (the two
others' cards up and out, the human's down), so who played what is seen without reading.
Before a trick the leader's place is outlined with "leads" in it; the led card carries a
tag with "led" and the led suit's shape (a bare "1" was read as a pile's count); a finished
trick's winning card glows gold, with the winner's name under the trick (and "Tap to
collect" when the trick waits for a tap).  A tap on the trick shows the last one (the play
scene)."""

from __future__ import annotations

import math

import pygame

from ...engine import Phase
from ...i18n import t
from .. import art
from ..draw import gfx
from . import layout
from .base import TableObject
from .once import once_a_drawing

MARGIN = (30, 34)  # what a seat's card paints around it: the glow, the shadow, the led tag and the outline's pill
LEAD_EDGE = (40, 30, 8)  # the dark ground of the leader's pill and of the led card's tag
_tags: dict = gfx.scaled_cache({})  # (word, suit or None, size, style) -> the led tag's picture
TAG_OVER = 6  # logical px a led tag may stick out on each side of its card (the trick's cards lie 12 apart)


def led_tag(suit: int | None, size: float) -> pygame.Surface:
    """The led card's tag: "led" (and the led suit's shape, `suit` not None) on a dark pill,
    `size` the word's logical size; one picture noted as text (the layout check reads it)."""
    word = t("trick.led")
    key = (word, suit, size, gfx.card_style())
    tag = _tags.get(key)
    if tag is None:
        text = gfx.dev_text(word, size, gfx.GOLD, True)
        h = gfx.px(size + 8)
        pad, gap = gfx.px(4 if suit is None else 6), gfx.px(4)
        icon = art.contract_icon("SHDC"[suit], int(h * 0.74), gfx.card_style()) if suit is not None else None
        w = pad + text.get_width() + pad + (gap + icon.get_width() - gfx.px(2) if icon else 0)
        tag = pygame.Surface((w, h), pygame.SRCALPHA)
        r = tag.get_rect()
        pygame.draw.rect(tag, (*LEAD_EDGE, 240), r, border_radius=h // 2)
        pygame.draw.rect(tag, gfx.GOLD, r, max(1, gfx.px(1)), border_radius=h // 2)
        tag.blit(text, text.get_rect(midleft=(pad, h // 2)))
        if icon:
            tag.blit(icon, icon.get_rect(midright=(r.right - pad + gfx.px(2), h // 2)))
        tag = _tags[key] = gfx.labelled(tag, word, size)
    return tag


def _logical_size(img: pygame.Surface) -> tuple[int, int]:
    return tuple(math.ceil(v / gfx.scale()) for v in img.get_size())


def fitting_tag(suit: int, size: float, card_w: int) -> pygame.Surface:
    """The led tag with the suit's shape where that fits the card (TAG_OVER each side),
    else the word alone (a phone's small trick: never over the cards beside it)."""
    tag = led_tag(suit, size)
    return tag if _logical_size(tag)[0] <= card_w + 2 * TAG_OVER else led_tag(None, size)


def led_tag_rect(suit: int, size: float, card_rect: pygame.Rect) -> pygame.Rect:
    """Where the led tag lies: along the card's foot, where the rank and suit in its top
    corner stay in sight."""
    r = pygame.Rect((0, 0), _logical_size(fitting_tag(suit, size, card_rect.w)))
    r.midbottom = (card_rect.centerx, card_rect.bottom - 3)
    return r


def draw_led_tag(surf, card, card_rect: pygame.Rect, size: float) -> pygame.Rect:
    """The led tag on the led card (led_tag_rect); returns where it lies."""
    return gfx.blit(surf, fitting_tag(card.suit, size, card_rect.w), led_tag_rect(card.suit, size, card_rect).center, "center")


def warm_winners(budget_ms: float) -> bool:
    """Make every card's picture as it glows winning the trick, for at most about
    `budget_ms`, on frames that draw nothing (the card winning so far glows as the trick is
    played: each new one was a picture made in the frame it showed, up to 24 a deal).  True
    when all are made."""
    from ...engine.cards import FULL_DECK, cards_of

    device = gfx.card_rect(pygame.Rect((0, 0), gfx.card_size(layout.now().trick_w))).w
    return gfx.make_card_sprites(((card, device, True, art.GOLD, False) for card in cards_of(FULL_DECK)), budget_ms)


class TrickArea(TableObject):
    steady = True  # its key is made of Table.inputs() alone
    def slot(self, seat: int) -> tuple[float, float]:
        lay = layout.now()
        (x, y), dx, dy = lay.trick_center, lay.trick_dx, lay.trick_dy
        return layout.by_side(seat, self.table.human, (x, y + dy), (x - dx, y - dy), (x + dx, y - dy))

    @once_a_drawing
    def card_rect(self, seat: int) -> pygame.Rect:
        cw, ch = gfx.card_size(layout.now().trick_w)
        r = pygame.Rect(0, 0, cw, ch)
        x, y = self.slot(seat)
        r.center = (int(x), int(y))
        return r

    def bounds(self):
        return self.card_rect(0).unionall([self.card_rect(1), self.card_rect(2)])

    def tap_rect(self) -> pygame.Rect:
        """What a tap on the trick hits (it shows the last trick): the three cards' places."""
        return self.bounds()

    @once_a_drawing
    def paint_bounds(self):
        """The cards with their glow, shadow and marks, and the line under the trick."""
        return [self.bounds().inflate(2 * MARGIN[0], 2 * MARGIN[1]).unionall([self.seat_bounds(s) for s in range(3)]), self.caption_room()]

    @once_a_drawing
    def seat_bounds(self, seat: int) -> pygame.Rect:
        """What a seat's card paints (glow, shadow, the led tag) and the leader's outline."""
        r = self.card_rect(seat).inflate(2 * MARGIN[0], 2 * MARGIN[1])
        return r.union(led_tag_rect(0, layout.now().size("leads"), self.card_rect(seat)))  # every suit's tag is as wide

    def changed_bounds(self, old, new):
        """A card laid on the trick, a winner shown, the leader changing: only those seats'
        places and the line under the trick; None (the whole trick) when cards
        are taken away."""
        (old_trick, old_win, old_lead, old_tap), (trick, win, lead, tap) = old, new
        if len(trick) < len(old_trick) or trick[:len(old_trick)] != old_trick:
            return None
        seats = {seat for seat, _card in trick[len(old_trick):]}
        out = []
        if old_win != win or len(old_trick) != len(trick) or old_tap != tap:  # the glow shows on a full trick
            seats |= {s for s in (old_win, win) if s is not None}
            out.append(self.caption_room())
        if old_lead != lead:
            seats |= {s for s in (old_lead, lead) if s is not None}
        return [self.seat_bounds(seat) for seat in sorted(seats)] + out

    def leader(self):
        """The seat that leads the trick on the table (or is about to lead the next one)."""
        b, v = self.board, self.v
        if b.trick:
            return b.trick[0][0]
        if v.phase == Phase.PLAY and not self.table.timeline.busy and not b.dealing and not v.trick:
            return v.to_act
        return None

    def winner(self):
        """The seat whose card won the finished trick on the table, or None."""
        b = self.board
        return b.trick_winner if len(b.trick) == 3 else None

    def state_key(self):
        return (tuple(self.board.trick), self.winner(), self.leader(), self.table.timeline.holding)

    # --- the line under the trick ------------------------------------------------------
    def caption_lines(self) -> list[tuple[str, tuple, bool]]:
        """(text, colour, bold) of each line: who wins the trick, and how to collect it."""
        seat = self.winner()
        if seat is None:
            return []
        table = self.table
        lines = [(t("play.you_won") if seat == table.you else t("play.trick_won", name=table.seat_name(seat)), gfx.GOLD, True)]
        if table.timeline.holding:
            lines.append((t("trick.collect"), gfx.CREAM, False))
        return lines

    def caption_width(self) -> int:
        """The widest the line under the trick may be: the window's width standing, the
        felt between the human's plate and its mirror image lying low."""
        lay = layout.now()
        if lay.tall:
            return lay.safe.w - 16
        if lay.wide:
            return 2 * lay.trick_dx + lay.trick_w + 160
        return min(lay.safe.w - 16, 2 * (lay.plates["bottom"].left - 10 - lay.trick_center[0]))

    def caption_room(self) -> pygame.Rect:
        """The most the line under the trick covers (two lines, the widest)."""
        lay = layout.now()
        size = lay.size("leads")
        r = pygame.Rect(0, lay.trick_caption_top, self.caption_width(), 2 * gfx.line_height(size, True, 2) + 10)
        r.centerx = lay.trick_center[0]
        return r.inflate(4, 4)

    def draw_caption(self, surf) -> None:
        lines = self.caption_lines()
        if not lines:
            return
        lay = layout.now()
        size = lay.size("leads")
        room = self.caption_width() - 24
        texts = [(gfx.ellipsize(s, size, room, bold), colour, bold) for s, colour, bold in lines]
        lh = gfx.line_height(size, True, 2)
        band = pygame.Rect(0, lay.trick_caption_top, max(gfx.text_width(s, size, bold) for s, _c, bold in texts) + 24, len(texts) * lh + 8)
        band.centerx = lay.trick_center[0]
        gfx.blit_panel(surf, band, color=LEAD_EDGE, edge=gfx.GOLD, radius=min(14, band.h // 2), alpha=235, shadow=False, width=1)
        for i, (s, colour, bold) in enumerate(texts):
            gfx.blit_text(surf, s, size, (band.centerx, band.top + 4 + i * lh), colour, bold, "midtop", box=band)

    # --- drawing -----------------------------------------------------------------------
    def draw(self, surf) -> None:
        b = self.board
        won = self.winner()
        for seat, card in b.trick:
            gfx.draw_card(surf, card, self.card_rect(seat), highlight=art.GOLD if seat == won else None)
        lay = layout.now()
        seat = self.leader()
        if seat is not None and b.trick:  # the led card: "led" and the led suit along its foot
            draw_led_tag(surf, b.trick[0][1], self.card_rect(seat), lay.size("leads"))
        elif seat is not None:  # the leader's place, outlined, with "leads" in it
            r = self.card_rect(seat)
            gfx.rect(surf, gfx.GOLD_DARK, r, 2, border_radius=max(4, r.w // 12))
            size = lay.size("leads")
            room = r.w + 2 * MARGIN[0] - 20  # inside what the seat paints
            lines = [gfx.ellipsize(line, size, room, True) for line in gfx.wrap(t("table.leads"), size, room, True)[:2]]
            lh = gfx.line_height(size, True, 0)
            pill = pygame.Rect(0, 0, max(gfx.text_width(line, size, True) for line in lines) + 16, len(lines) * lh + 8)
            pill.center = r.center
            gfx.blit_panel(surf, pill, color=LEAD_EDGE, edge=gfx.GOLD, radius=min(14, pill.h // 2), alpha=230, shadow=False, width=1)
            for i, line in enumerate(lines):
                gfx.blit_text(surf, line, size, (pill.centerx, pill.top + 4 + i * lh), gfx.GOLD, True, "midtop", box=pill)
        self.draw_caption(surf)
