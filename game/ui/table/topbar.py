"""The strip along the top: deal number and preset, the contract and who declared it."""

from __future__ import annotations

import pygame

from ...i18n import t
from .. import gfx
from .base import TableObject
from .layout import TOP_BAR, W


class TopBar(TableObject):
    def bounds(self):
        return pygame.Rect(0, 0, W, TOP_BAR)

    def state_key(self):
        v = self.v
        return (v.deal_number, v.deals_total, v.rules.preset_name, v.contract, v.declarer, self.table.seat_name(v.declarer) if v.declarer is not None else "")

    def draw(self, surf) -> None:
        v = self.v
        r = gfx.blit_text(surf, t("table.deal", deal=v.deal_number + 1, deals=v.deals_total), 20, (16, 26), gfx.CREAM, True, "midleft")
        gfx.blit_text(surf, t(f"preset.{v.rules.preset_name}"), 15, (r.right + 12, 27), gfx.MUTED, False, "midleft")
        who = t("table.declarer", name=self.table.seat_name(v.declarer))
        if not v.contract:
            gfx.blit_text(surf, t("contract.none") + "   ·   " + who, 19, (640, 26), gfx.MUTED, True, "center")
            return
        icon = gfx.contract_icon(v.contract, 34)
        label = t("table.contract", contract=t(f"contract.{v.contract}").lstrip("♠♥♦♣ ")) + "   ·   " + who
        size = 19 if gfx.text_width(label, 19, True) <= 640 else 15
        iw = gfx.logical(icon.get_width())
        x = 640 - (iw + 10 + gfx.text_width(label, size, True)) // 2
        gfx.blit(surf, icon, (x, 26), "midleft")
        gfx.blit_text(surf, label, size, (x + iw + 10, 26), gfx.CREAM, True, "midleft")
