"""The strip along the top: deal number and preset, the contract and who declared it.  Lying
down the deal is on the left and the contract in the middle; standing, both sit right of
the Menu button.  Where the room is short the words around the declarer's name go (the
name stays whole).  And the contract's badge: its suit large, beside the trick."""

from __future__ import annotations

import pygame

from ...i18n import t
from ...i18n.format import contract_name
from ..draw import gfx
from ..games.session import deal_title
from ..widgets import fit_first
from . import layout
from .base import TableObject
from .once import once_a_drawing
from .plates import deal_in_play


class TopBar(TableObject):
    steady = True  # its key is made of Table.inputs() alone
    def bounds(self):
        return layout.now().top_bar

    def state_key(self):
        v = self.v
        return (v.deal_number, v.deals_total, v.rules.preset_name, v.contract, v.declarer, self.table.seat_name(v.declarer) if v.declarer is not None else "")

    def statuses(self) -> list[str]:
        """What the bar says of the contract and who declared it, the same said shorter and
        shorter: the declarer's name is always whole (the contract's badge shows it too)."""
        v = self.v
        if v.declarer is None:
            return [t("table.contract", contract=contract_name(v.contract)) if v.contract else t("contract.none")]
        name = self.table.seat_name(v.declarer)
        who = t("table.declarer", name=name)
        if not v.contract:
            return [t("contract.none") + " · " + who, who, name]
        return [t("table.contract", contract=contract_name(v.contract)) + " · " + who, contract_name(v.contract) + " · " + who,
                who, contract_name(v.contract) + " · " + name, name]

    def draw(self, surf) -> None:
        v, lay = self.v, layout.now()
        bar, menu = lay.top_bar, lay.menu
        size, small = lay.size("bar"), lay.size("bar_small")
        cy = bar.centery
        left = (menu.right + 12) if lay.tall else lay.safe.left + 16
        right = lay.safe.right - 10 if lay.tall else menu.left - 12
        deal = deal_title(getattr(self.table, "session", None), v)  # a replay's table has none
        color = gfx.CREAM if v.contract else gfx.MUTED
        if lay.tall:  # two lines: the deal, then the contract and who declared it
            gfx.blit_text(surf, deal, small, (left, bar.top + 4), gfx.CREAM, True, width=right - left, box=bar)
            x = left
            if v.contract:
                icon = gfx.contract_icon(v.contract, 20)
                gfx.blit(surf, icon, (x, bar.bottom - 13), "midleft")
                x += gfx.logical(icon.get_width()) + 6
            label, fitted = fit_first(self.statuses(), small, right - x, True, small)
            r = gfx.blit_text(surf, label, fitted, (x, bar.bottom - 13), color, True, "midleft", width=right - x, box=bar)
            if deal_in_play(self.table):
                gfx.note("need", r, what="the contract")
            return
        r = gfx.blit_text(surf, deal, size, (left, cy), gfx.CREAM, True, "midleft", box=bar)
        preset = t(f"preset.{v.rules.preset_name}")
        middle_left = r.right + 12
        if lay.wide:
            p = gfx.blit_text(surf, preset, small, (r.right + 12, cy + 1), gfx.MUTED, False, "midleft", box=bar)
            middle_left = p.right + 16
        icon = gfx.contract_icon(v.contract, 34 if lay.wide else 28) if v.contract else None
        iw = gfx.logical(icon.get_width()) + 10 if icon is not None else 0
        room = min(right - bar.centerx, bar.centerx - middle_left) * 2 - iw
        if room < gfx.text_width(self.statuses()[-1], small, True):  # off centre rather than a name cut
            room = right - middle_left - iw
        statuses = [s.replace(" · ", "   ·   ", 1) for s in self.statuses()]
        label, fitted = fit_first(statuses, size, room, True, min(size, max(gfx.MIN_TEXT + 1, small)))
        width = min(gfx.text_width(label, fitted, True), room)
        x = max(middle_left, min(bar.centerx - (iw + width) // 2, right - iw - width))
        if icon is not None:
            gfx.blit(surf, icon, (x, cy), "midleft")
        r = gfx.blit_text(surf, label, fitted, (x + iw, cy), color, True, "midleft", width=room, box=bar)
        if deal_in_play(self.table):
            gfx.note("need", r, what="the contract")


BADGE_W = 96  # the contract's badge at its widest


class ContractBadge(TableObject):
    """The contract beside the trick, its suit large (the trumps at a glance where the cards
    are played), named below it when the name fits whole."""
    steady = True  # its key is made of Table.inputs() alone

    @once_a_drawing
    def rect(self) -> pygame.Rect:
        """Left of the trick's left card, clear of what that card paints (its glow, the
        leader's pill), centred on the trick between the opponents' cards above and the
        line under the trick and the prompt below; an empty rect where there is no room."""
        lay = layout.now()
        (cx, cy), dx, cw = lay.trick_center, lay.trick_dx, lay.trick_w
        right = cx - dx - cw // 2 - 22
        left = max(lay.middle.left, lay.safe.left + 8)
        w = min(BADGE_W, right - left)
        top = max([lay.middle.top] + [place.bottom + 6 for kind, place in lay.backs.values() if kind == "row" and place.left < right])
        bottom = lay.trick_caption_top - 4
        prompt = self.table.prompt.bounds()
        if prompt.w and prompt.left < right:
            bottom = min(bottom, prompt.top - 6)
        h = min(w + 24, 110, bottom - top)
        if min(w, h) < 44:
            return pygame.Rect(0, 0, 0, 0)
        r = pygame.Rect(0, 0, w, h)
        r.midright = (right, max(top + h // 2, min(cy, bottom - h // 2)))
        return r

    def bounds(self):
        return self.rect() if self.v.contract else pygame.Rect(0, 0, 0, 0)

    def paint_bounds(self):
        r = self.bounds()  # the panel's shadow falls right and down (as a plate's)
        return pygame.Rect(r.x - 5, r.y - 3, r.w + 16, r.h + 17) if r.w else r

    def state_key(self):
        return (self.v.contract, self.v.phase, tuple(self.rect()), self.board.verdict is None)

    def name_lines(self, width: int) -> tuple[list[str], int]:
        """The contract's name on one or two lines within `width`, whole, or nothing."""
        name = contract_name(self.v.contract)
        for size in (14, 13, gfx.MIN_TEXT):
            lines = gfx.wrap(name, size, width, True)
            if len(lines) <= 2 and all(gfx.text_width(line, size, True) <= width for line in lines):
                return lines, size
        return [], 0

    def draw(self, surf) -> None:
        contract = self.v.contract
        r = self.rect()
        if not contract or not r.w:
            return
        gfx.blit_panel(surf, r, color=gfx.PANEL, edge=gfx.GOLD, radius=12, alpha=225, width=2)
        lines, size = self.name_lines(r.w - 10)
        lh = gfx.line_height(size, True, 0) if lines else 0
        icon_h = min(r.w - 20, r.h - 16 - len(lines) * lh)
        icon = gfx.contract_icon(contract, icon_h)
        if gfx.logical(icon.get_width()) > r.w - 12:  # a wide badge (NT, MT): as wide as the room
            icon = gfx.contract_icon(contract, icon_h * (r.w - 12) / gfx.logical(icon.get_width()))
        ih = gfx.logical(icon.get_height())
        top = r.centery - (ih + 4 + len(lines) * lh) // 2 if lines else r.centery - ih // 2
        drawn = [gfx.blit(surf, icon, (r.centerx, top), "midtop")]
        y = top + ih + 4
        for line in lines:
            drawn.append(gfx.blit_text(surf, line, size, (r.centerx, y), gfx.CREAM, True, "midtop", box=r))
            y += lh
        if deal_in_play(self.table):  # else the deal's result says the contract
            gfx.note("need", drawn[0].unionall(drawn), what="the contract's badge")
