"""The phase panels in the middle of the table: naming the contract (with one button per
contract) and the exchange plan (who passes how many cards to whom, and why)."""

from __future__ import annotations

import pygame

from ...engine import Phase
from ...i18n import t
from ...i18n.format import contract_name
from ..draw import gfx
from ..widgets import Button
from . import layout
from .base import TableObject


def warm_panels(budget_ms: float) -> bool:
    """Make the pictures of the phase panels (naming the contract, the exchange plan) on
    frames that draw nothing, one part of a panel a call (gfx.make_panel), and panels
    already made for at most about `budget_ms`: the exchange's, made in the frame it first
    showed, was a browser task of ~100 ms at 4x.  True when all are made."""
    import time

    end = time.perf_counter() + budget_ms / 1000.0
    lay = layout.now()
    rects = [_panel_rect()]
    if lay.wide:  # the exchange panel's height follows its lines: the reason, 1-3 gifts or none, the rule
        rects += [ExchangePanel.rect_for(lines) for lines in (3, 4, 5)]
    elif lay.tall:  # ... and on a phone its rows of text
        rects += [ExchangePanel.fitted(rows, lines) for rows, lines in ((4, 3), (5, 4), (6, 4), (7, 5))]
    else:
        narrow = lay.info.copy()
        narrow.w = max(lay.info.w // 2, lay.info.w - BUBBLE_COLUMN)
        rects += [lay.info, narrow]
    for r in rects:
        if not gfx.make_panel(r) or time.perf_counter() > end:
            return False
    return True


def _panel_rect(lines: int = 0) -> pygame.Rect:
    """The phase panels' place: centred on a wide table, the whole middle on a phone."""
    return layout.now().panel


HINT_BUTTON_MIN = 56  # a contract's button, at least, beside the room kept for the hint


class DeclarePanel(TableObject):
    paint_margin = 14  # the panel's shadow
    def shown(self) -> bool:
        table, v = self.table, self.v
        return v.phase == Phase.DECLARE and v.to_act == table.human and not table.timeline.busy and not self.board.dealing

    def bounds(self):
        return _panel_rect()

    def _grid(self) -> tuple[int, int, pygame.Rect]:
        """(columns, rows, the rect the buttons share) for this many contracts."""
        lay, n = layout.now(), len(self.v.rules.contracts)
        r = _panel_rect()
        cols = n if not lay.tall else min(n, 3)
        rows = -(-n // cols)
        top = self._text_bottom()
        if lay.wide:
            bw, gap = 100, 12
            w = cols * bw + (cols - 1) * gap
            return cols, rows, pygame.Rect(r.centerx - w // 2, r.bottom - 126, w, 108)
        bottom = self.hint_slot().top - 8
        height = min(rows * 100 + (rows - 1) * 8, bottom - top)
        return cols, rows, pygame.Rect(r.left + 12, bottom - height, r.w - 24, height)

    def hint_slot(self) -> pygame.Rect:
        """On a phone, the room kept at the panel's bottom for the hint's words (up to three
        rows, fewer where the contracts would get too low to tap), so the hint covers no
        contract and no contract moves when it comes."""
        lay, n = layout.now(), len(self.v.rules.contracts)
        r = _panel_rect()
        rows = -(-n // (min(n, 3) if lay.tall else n))
        free = r.bottom - 10 - self._text_bottom() - rows * HINT_BUTTON_MIN - (rows - 1) * 8 - 8
        lh = gfx.line_height(lay.size("hint"), False, 2)
        lines = max(1, min(3, (free - 14) // lh))
        h = lines * lh + 14
        return pygame.Rect(r.left + 12, r.bottom - 10 - h, r.w - 24, h)

    def _text_bottom(self) -> int:
        """Below the title and the prompt."""
        lay = layout.now()
        r = _panel_rect()
        return r.top + 10 + gfx.line_height(lay.size("panel_title"), True, 2) + 4 + 2 * gfx.line_height(lay.size("panel"), False, 2) + 6

    def used_in(self, seat: int, contract: str):
        """Deal index in which `seat` declared `contract`, or None (public history)."""
        if not self.v.rules.contracts_once:
            return None
        for row in self.table.session.history():
            if row["declarer"] == seat and row["contract"] == contract:
                return row["number"]
        return None

    def buttons(self, on_declare) -> list:
        """One button per contract, named "declare:<contract>"; the ones not allowed now are
        disabled (clicking one says why)."""
        v = self.v
        contracts = v.rules.contracts
        legal = {a.contract for a in v.legal}
        out = []
        for c in contracts:
            b = Button(self.button_rect(c), "", (lambda c=c: on_declare(c)), name=f"declare:{c}")
            b.icon = self._contract_face(c)
            b.enabled = c in legal and not self.table.timeline.busy
            out.append(b)
        return out

    def button_rect(self, contract: str) -> pygame.Rect:
        """Where the contract's button is (the hint outlines it)."""
        contracts = self.v.rules.contracts
        cols, rows, area = self._grid()
        gap = 12 if layout.now().wide else 8
        bw = (area.w - (cols - 1) * gap) // cols
        bh = (area.h - (rows - 1) * gap) // rows
        row, col = divmod(contracts.index(contract), cols)
        count = min(cols, len(contracts) - row * cols)
        x0 = area.centerx - (count * bw + (count - 1) * gap) // 2
        return pygame.Rect(x0 + col * (bw + gap), area.top + row * (bh + gap), bw, bh)

    def _contract_face(self, contract):
        def draw(surf, rect, fg):
            used = self.used_in(self.table.human, contract)
            label = contract_name(contract)
            inner = rect.w - 8
            size = gfx.fit_size(label, 15, inner, True, 13)
            lines = [label] if gfx.text_width(label, size, True) <= inner else gfx.wrap(label, 13, inner, True)[:2]
            size = size if len(lines) == 1 else 13
            lh = size + 2
            note = t("contract.used", deal=used + 1) if used is not None else None
            if note is not None and gfx.text_width(note, 12) > inner:
                note = t("contract.used_short")
            text_h = len(lines) * lh + (14 if note else 0)
            icon_h = max(18, min(44, rect.h - text_h - 14))
            top = rect.top + (rect.h - icon_h - 4 - text_h) // 2
            gfx.blit(surf, gfx.contract_icon(contract, icon_h), (rect.centerx, top + icon_h // 2), "center")
            y = top + icon_h + 4
            for line in lines:
                gfx.blit_text(surf, line, size, (rect.centerx, y), fg, True, "midtop", light_bg=fg == gfx.INK, width=inner, box=rect)
                y += lh
            if note:
                gfx.blit_text(surf, note, 12, (rect.centerx, y), gfx.BRIGHT_RED, False, "midtop", width=inner, box=rect)

        return draw

    def state_key(self):
        return (self.shown(), self.v.hand_sizes[self.table.human], len(self.v.hand))

    def draw(self, surf) -> None:
        if not self.shown():
            return
        v, r, lay = self.v, _panel_rect(), layout.now()
        gfx.blit_panel(surf, r)
        title = lay.size("panel_title")
        gfx.blit_text(surf, t("declare.title"), title, (r.centerx, r.top + 10), gfx.GOLD, True, "midtop", width=r.w - 24, box=r)
        target = v.rules.targets(v.dealer, None)[self.table.human]
        if len(v.hand) < v.hand_sizes[self.table.human]:
            msg = t("declare.prompt", target=target, count=len(v.hand))
        else:
            msg = t("declare.prompt_whole", target=target)
        top = r.top + 10 + gfx.line_height(title, True, 2) + 4
        gfx.blit_wrapped(surf, msg, lay.size("panel"), pygame.Rect(r.left + 16, top, r.w - 32, 50), gfx.CREAM, align="center", line_gap=2, max_lines=2)


PHONE_LINES_MAX = 5  # the exchange panel's lines: the reason, up to three gifts, the rule
BUBBLE_COLUMN = 280  # a lying phone: kept free beside the exchange panel for a coach's bubble


class ExchangePanel(TableObject):
    paint_margin = 14
    def shown(self) -> bool:
        return self.v.phase == Phase.EXCHANGE and not self.table.timeline.busy and not self.board.dealing

    def lines(self) -> list[str]:
        v, table = self.v, self.table
        name = table.seat_name
        prev = v.previous_points
        out = [t("exchange.why", points=", ".join(f"{name(s)} {prev[s]:+d}" for s in range(3)))]
        counts: dict = {}
        for g, rcv in v.exchange_plan:
            counts[(g, rcv)] = counts.get((g, rcv), 0) + 1
        for (g, rcv), n in counts.items():
            if g == table.you:  # "you" only with one person at the table
                out.append(t("exchange.plan_you", receiver=name(rcv), count=n))
            elif rcv == table.you:
                out.append(t("exchange.plan_to_you", giver=name(g), count=n))
            else:
                out.append(t("exchange.plan", giver=name(g), receiver=name(rcv), count=n))
        if not counts:
            out.append(t("exchange.none"))
        out.append(t("exchange.rule") if v.trump >= 0 else t("exchange.rule_any"))
        return out

    def bounds(self):
        lay = layout.now()
        if lay.wide:
            return self.rect_for(len(self.lines()))
        lines = self.lines()
        if lay.tall:
            return self.fitted(self._rows(lines, lay.info.w), len(lines))
        narrow = max(lay.info.w // 2, lay.info.w - BUBBLE_COLUMN)
        # the words stay above the prompt, which rises with a hand laid out for a card to come
        prompt_top = lay.prompt_over(self.table.hand.room()) - 6 - gfx.line_height(lay.size("prompt"), True, 2)
        fits = self._height(self._rows(lines, narrow), len(lines)) <= min(lay.info.h, prompt_top - lay.info.top)
        return pygame.Rect(lay.info.left, lay.info.top, narrow if fits else lay.info.w, lay.info.h)

    @staticmethod
    def _rows(lines, width: int) -> int:
        """The rows of text the lines take on a phone in a panel `width` wide (three a line
        at most, as drawn)."""
        size = layout.now().size("panel")
        return sum(min(3, len(gfx.wrap(line, size, width - 28))) for line in lines)

    @staticmethod
    def _height(rows: int, lines: int) -> int:
        """A phone's panel holding this many rows of text in this many lines."""
        lay = layout.now()
        h = 14 + gfx.line_height(lay.size("panel_title") - 2, True, 2) + rows * gfx.line_height(lay.size("panel"), False, 2)
        return h + 2 * lines + 6  # as drawn: 2 px after each line, then the edge

    @classmethod
    def fitted(cls, rows: int, lines: int = PHONE_LINES_MAX) -> pygame.Rect:
        """The panel's place on a phone held upright with this many rows of text in this
        many lines: only as tall as its words, from the top of the middle (below it the
        table shows, and a coach's bubble has room beside what it explains).  Lying, the
        middle is low: all of it, but for a column at the right kept for a coach's bubble
        where the words fit without it."""
        info = layout.now().info
        return pygame.Rect(info.left, info.top, info.w, min(info.h, cls._height(rows, lines)))

    @staticmethod
    def rect_for(lines: int) -> pygame.Rect:
        """The panel's place on a wide table with this many lines."""
        info = layout.now().info
        return pygame.Rect(info.left, info.top, info.w, 66 + 28 * lines)

    def state_key(self):
        return self.shown() and (tuple(self.lines()),)

    def draw(self, surf) -> None:
        if not self.shown():
            return
        lines = self.lines()
        lay = layout.now()
        r = self.bounds()
        gfx.blit_panel(surf, r)
        title = lay.size("panel_title") if lay.wide else lay.size("panel_title") - 2
        gfx.blit_text(surf, t("exchange.title"), title, (r.centerx, r.top + 10), gfx.GOLD, True, "midtop", width=r.w - 24, box=r)
        y = r.top + 14 + gfx.line_height(title, True, 2)
        size = lay.size("panel")
        for line in lines:
            if lay.wide:
                gfx.blit_text(surf, line, gfx.fit_size(line, 18, r.w - 30), (r.centerx, y), gfx.CREAM, False, "midtop", width=r.w - 30, box=r)
                y += 28
                continue
            room = max(1, (r.bottom - 8 - y) // gfx.line_height(size, False, 2))
            y = gfx.blit_wrapped(surf, line, size, pygame.Rect(r.left + 14, y, r.w - 28, 0), gfx.CREAM, align="center", line_gap=2, max_lines=min(3, room)) + 2
