"""The strip along the top: deal number and preset, the contract and who declared it.  Lying
down the deal is on the left and the contract in the middle; standing, both sit right of
the Menu button, the contract shortened to fit."""

from __future__ import annotations

from ...i18n import t
from ...i18n.format import contract_name
from .. import gfx
from . import layout
from .base import TableObject


class TopBar(TableObject):
    def bounds(self):
        return layout.now().top_bar

    def state_key(self):
        v = self.v
        return (v.deal_number, v.deals_total, v.rules.preset_name, v.contract, v.declarer, self.table.seat_name(v.declarer) if v.declarer is not None else "")

    def draw(self, surf) -> None:
        v, lay = self.v, layout.now()
        bar, menu = lay.top_bar, lay.menu
        size, small = lay.size("bar"), lay.size("bar_small")
        cy = bar.centery
        left = (menu.right + 12) if lay.tall else lay.safe.left + 16
        right = lay.safe.right - 10 if lay.tall else menu.left - 12
        deal = t("table.deal", deal=v.deal_number + 1, deals=v.deals_total)
        who = t("table.declarer", name=self.table.seat_name(v.declarer))
        contract = t("table.contract", contract=contract_name(v.contract)) if v.contract else t("contract.none")
        if lay.tall:  # two lines: the deal, then the contract and who declared it
            gfx.blit_text(surf, deal, small, (left, bar.top + 4), gfx.CREAM, True, width=right - left, box=bar)
            label = contract + " · " + who
            x = left
            if v.contract:
                icon = gfx.contract_icon(v.contract, 20)
                gfx.blit(surf, icon, (x, bar.bottom - 13), "midleft")
                x += gfx.logical(icon.get_width()) + 6
            gfx.blit_text(surf, label, small, (x, bar.bottom - 13), gfx.CREAM if v.contract else gfx.MUTED, True, "midleft",
                          width=right - x, box=bar)
            return
        r = gfx.blit_text(surf, deal, size, (left, cy), gfx.CREAM, True, "midleft", box=bar)
        preset = t(f"preset.{v.rules.preset_name}")
        middle_left = r.right + 12
        if lay.wide:
            p = gfx.blit_text(surf, preset, small, (r.right + 12, cy + 1), gfx.MUTED, False, "midleft", box=bar)
            middle_left = p.right + 16
        label = contract + "   ·   " + who
        icon = gfx.contract_icon(v.contract, 34 if lay.wide else 28) if v.contract else None
        iw = gfx.logical(icon.get_width()) + 10 if icon is not None else 0
        room = min(right - bar.centerx, bar.centerx - middle_left) * 2 - iw
        size = lay.size("bar") if gfx.text_width(label, lay.size("bar"), True) <= room else max(gfx.MIN_TEXT + 1, small)
        width = min(gfx.text_width(label, size, True), room)
        x = bar.centerx - (iw + width) // 2
        if icon is not None:
            gfx.blit(surf, icon, (x, cy), "midleft")
        gfx.blit_text(surf, label, size, (x + iw, cy), gfx.CREAM if v.contract else gfx.MUTED, True, "midleft", width=room, box=bar)
