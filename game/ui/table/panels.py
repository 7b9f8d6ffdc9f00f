"""The phase panels in the middle of the table: naming the contract (with one button per
contract) and the exchange plan (who passes how many cards to whom, and why)."""

from __future__ import annotations

import pygame

from ...i18n import t
from .. import gfx
from ..widgets import Button
from .base import TableObject

DECLARE_RECT = pygame.Rect(300, 236, 680, 236)


class DeclarePanel(TableObject):
    paint_margin = 14  # the panel's shadow
    def shown(self) -> bool:
        table, v = self.table, self.v
        return v.phase == "declare" and v.to_act == table.human and not table.timeline.busy and not self.board.dealing

    def bounds(self):
        return DECLARE_RECT

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
        bw, gap = 100, 12
        x0 = 640 - (len(contracts) * bw + (len(contracts) - 1) * gap) // 2
        return pygame.Rect(x0 + contracts.index(contract) * (bw + gap), 346, bw, 108)

    def _contract_face(self, contract):
        def draw(surf, rect, fg):
            gfx.blit(surf, gfx.contract_icon(contract, 44), (rect.centerx, rect.top + 34), "center")
            label = t(f"contract.{contract}").lstrip("♠♥♦♣ ")
            size = gfx.fit_size(label, 15, rect.w - 8, True, 12)
            lines = [label] if gfx.text_width(label, size, True) <= rect.w - 8 else gfx.wrap(label, 12, rect.w - 8, True)[:2]
            y = rect.top + (68 if len(lines) == 1 else 62)
            for line in lines:
                gfx.blit_text(surf, line, size if len(lines) == 1 else 12, (rect.centerx, y), fg, True, "midtop", light_bg=fg == gfx.INK)
                y += 14
            used = self.used_in(self.table.human, contract)
            if used is not None:
                note = t("contract.used", deal=used + 1)
                gfx.blit_text(surf, note, gfx.fit_size(note, 13, rect.w - 6), (rect.centerx, rect.top + 90), gfx.BRIGHT_RED, False, "midtop")

        return draw

    def state_key(self):
        return (self.shown(), self.v.hand_sizes[self.table.human], len(self.v.hand))

    def draw(self, surf) -> None:
        if not self.shown():
            return
        v, r = self.v, DECLARE_RECT
        gfx.blit_panel(surf, r)
        gfx.blit_text(surf, t("declare.title"), 30, (640, 248), gfx.GOLD, True, "midtop")
        target = v.rules.targets(v.dealer, None)[self.table.human]
        if len(v.hand) < v.hand_sizes[self.table.human]:
            msg = t("declare.prompt", target=target, count=len(v.hand))
        else:
            msg = t("declare.prompt_whole", target=target)
        gfx.blit_wrapped(surf, msg, 17, pygame.Rect(r.left + 24, 290, r.w - 48, 50), gfx.CREAM, align="center")


class ExchangePanel(TableObject):
    paint_margin = 14
    def shown(self) -> bool:
        return self.v.phase == "exchange" and not self.table.timeline.busy and not self.board.dealing

    def lines(self) -> list[str]:
        v, table = self.v, self.table
        name = table.seat_name
        prev = v.previous_points
        out = [t("exchange.why", points=", ".join(f"{name(s)} {prev[s]:+d}" for s in range(3)))]
        counts: dict = {}
        for g, rcv in v.exchange_plan:
            counts[(g, rcv)] = counts.get((g, rcv), 0) + 1
        for (g, rcv), n in counts.items():
            if g == table.you:  # issue 9e: "you" only with one person at the table
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
        return pygame.Rect(250, 246, 780, 66 + 28 * len(self.lines()))

    def state_key(self):
        return self.shown() and (tuple(self.lines()),)

    def draw(self, surf) -> None:
        if not self.shown():
            return
        lines = self.lines()
        r = pygame.Rect(250, 246, 780, 66 + 28 * len(lines))
        gfx.blit_panel(surf, r)
        gfx.blit_text(surf, t("exchange.title"), 26, (640, r.top + 12), gfx.GOLD, True, "midtop")
        y = r.top + 52
        for line in lines:
            gfx.blit_text(surf, line, gfx.fit_size(line, 18, r.w - 30), (640, y), gfx.CREAM, False, "midtop")
            y += 28
