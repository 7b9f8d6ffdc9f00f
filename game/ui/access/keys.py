"""The table's keys for a player who listens, and the list of all the table's keys that
? (or F1) shows on screen and says.

The plan, so that no key does two things: the hand by the arrows (Left/Right a card,
Home/End the ends, Up/Down the next or previous suit), Enter or Space plays; the coach
keeps H (hint), U (undo), B (look back) and L (last trick, now also read out); the read-outs
take letters nobody uses at the table: A (all your cards), T (trick), S (scores), W (whose
turn), K (contract: "kontrakt" in Polish, Russian and Bulgarian), R (repeat).  Suits have
no letters: C, D, H, S would take H from the hint and S from the scores, and a key that
means one thing in one mode and another in another is a key a player cannot learn once.
"""

from __future__ import annotations

import pygame

from ...i18n import t
from ..draw import gfx
from ..table import layout
from ..table.base import TableObject

READ_KEYS = {
    pygame.K_a: "hand", pygame.K_t: "trick", pygame.K_l: "last_trick", pygame.K_s: "scores",
    pygame.K_w: "turn", pygame.K_k: "contract", pygame.K_r: "repeat",
}
HELP_KEYS = (pygame.K_F1, pygame.K_QUESTION, pygame.K_SLASH)
KEY_LINES = ("cards", "suits", "play", "hand", "trick", "last", "scores", "turn", "contract", "repeat", "coach", "help")


def key_lines() -> list[str]:
    return [t(f"access.key.{name}") for name in KEY_LINES]


def table_key(scene, inp) -> bool:
    """The read-out keys and ? at a table scene; True when the key was one of them (L
    goes on to the table too: it also shows the last trick)."""
    access = getattr(scene.app, "access", None)
    panel = getattr(scene.table, "keys", None)
    if access is None or panel is None:
        return False
    k = inp.key
    if k in HELP_KEYS:
        panel.toggle()
        if panel.visible:
            access.announce(". ".join(key_lines()))
        return True
    if panel.visible and k == pygame.K_ESCAPE:
        panel.visible = False
        return True
    what = READ_KEYS.get(k)
    if what is None or inp.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
        return False
    access.read(what)
    return k != pygame.K_l


class KeysPanel(TableObject):
    """The key list over the table (? or F1 shows it, again or Esc or a click hides it)."""

    layer = "top"

    def __init__(self, table):
        super().__init__(table)
        self.visible = False

    def toggle(self) -> None:
        self.visible = not self.visible

    def state_key(self):
        return self.visible

    def paint_bounds(self):
        return None if self.visible else pygame.Rect(0, 0, 0, 0)  # the veil covers the table

    def places(self) -> tuple[pygame.Rect, int, list[list[str]]]:
        """(panel, text size, each line wrapped): the largest text from 16 down to 12
        whose lines fit the room under the top bar."""
        lay = layout.now()
        room = pygame.Rect(lay.safe.left + 8, lay.top_bar.bottom + 8, lay.safe.w - 16, lay.safe.bottom - lay.top_bar.bottom - 16)
        w = min(620, room.w)
        lines = key_lines()
        for size in (16, 15, 14, 13, 12):
            wrapped = [gfx.wrap(line, size, w - 32) for line in lines]
            h = 20 + gfx.line_height(18, True, 4) + sum(len(p) for p in wrapped) * gfx.line_height(size, False, 3) + 16
            if h <= room.h or size == 12:
                panel = pygame.Rect(0, 0, w, min(h, room.h))
                panel.center = room.center
                return panel, size, wrapped
        raise AssertionError("unreachable")

    def bounds(self):
        return self.places()[0]

    def draw(self, surf) -> None:
        if not self.visible:
            return
        lay = layout.now()
        gfx.fill_overlay(surf, (0, 0, lay.w, lay.h), (0, 0, 0, 110))
        panel, size, wrapped = self.places()
        gfx.blit_panel(surf, panel, alpha=255)
        y = panel.top + 12
        gfx.blit_text(surf, t("access.keys_title"), 18, (panel.centerx, y), gfx.GOLD, True, "midtop", width=panel.w - 24, box=panel)
        y += gfx.line_height(18, True, 4) + 8
        step = gfx.line_height(size, False, 3)
        for parts in wrapped:
            for part in parts:
                if y + step > panel.bottom - 4:
                    return
                gfx.blit_text(surf, part, size, (panel.left + 16, y), gfx.CREAM, False, width=panel.w - 32, box=panel)
                y += step
