"""The replay viewer: any game record stepped forward and back, action by action, trick by
trick and deal by deal, with all hands face up, the trick on the table and the scores.

Keys: Left/Right one action, Shift+Left/Right (or Up/Down) one trick, Page Up/Page Down
(or Ctrl+Left/Right) one deal, Home/End the start and the end, Esc closes.  The buttons do
the same.  The table is drawn by the game's own table objects (game/ui/table/replay.py)."""

from __future__ import annotations

import pygame

from ...engine.history import replayed
from ...engine.history import ReplayCursor
from ...i18n import t
from .. import gfx
from ..registry import register
from ..scene import Scene
from ..table.layout import W
from ..table.replay import ReplayTable
from ..widgets import Button
from ..record_actions import export_record, share_record

STEP_Y = 486
STEP_W = 132  # a step button and its gap: "<< Раздаване" fits at a readable size
STEPS = (("deal", -1, "replay.deal_back"), ("trick", -1, "replay.trick_back"), ("action", -1, "replay.action_back"),
         ("action", 1, "replay.action_next"), ("trick", 1, "replay.trick_next"), ("deal", 1, "replay.deal_next"))


def card_text(card) -> str:
    """A card as a person reads it: 10♥, Q♠."""
    text = str(card)
    return ("10" if text[0] == "T" else text[0]) + "♠♥♦♣"[card.suit]


def signed(names, values) -> str:
    """Ann +3, Bo -1, Cy -2"""
    return ", ".join(f"{name} {v:+d}" for name, v in zip(names, values))


def bottom_seat(record) -> int:
    """The seat shown at the bottom: the record's human player, else seat 0."""
    return next((s for s in range(3) if record.strengths[s] == "human"), 0)


@register("replay")
class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app, record):
        super().__init__(app)
        self.record = record
        if getattr(record, "renamed", ()):  # names the font cannot draw were replaced on reading
            app.notices.post(t("names.replaced"), "info")
        self.cursor = ReplayCursor(record.match)
        self.actors = self._actors(record.match)
        self.table = ReplayTable(app, record.names, bottom_seat(record))
        self.table.show(self.cursor.match)
        self.build()

    @staticmethod
    def _actors(match) -> list[int]:
        """The seat that took each action (the record's lines name it; the match does not keep it)."""
        m, out = replayed(match, 0), []
        for action in match.history:
            out.append(m.to_act)
            m.apply(action)
        return out

    # --- stepping -------------------------------------------------------------------------
    def step(self, by: str, direction: int) -> bool:
        moved = self.cursor.forward(by) if direction > 0 else self.cursor.back(by)
        if moved:
            self.table.show(self.cursor.match)
            self.enable_steps()
        return moved

    def goto(self, position: int) -> None:
        self.cursor.goto(max(0, min(self.cursor.end, position)))
        self.table.show(self.cursor.match)
        self.enable_steps()

    @property
    def match(self):
        return self.cursor.match

    # --- widgets --------------------------------------------------------------------------
    def build(self) -> None:
        self.widgets = []
        x0 = W // 2 - (6 * STEP_W - 8) // 2
        for i, (by, direction, key) in enumerate(STEPS):
            name = f"{'next' if direction > 0 else 'back'}_{by}"
            self.widgets.append(Button((x0 + i * STEP_W, STEP_Y, STEP_W - 8, 44), (lambda key=key: t(key)),
                                       (lambda by=by, d=direction: self.step(by, d)), name=name, size=17))
        self.widgets.append(Button((W - 124, 8, 112, 36), lambda: t("replay.close"), self.back, name="close", size=18))
        self.widgets.append(Button((W - 186, 604, 172, 44), lambda: t("record.export"), self.export, name="export", size=17))
        self.widgets.append(Button((W - 186, 656, 172, 44), lambda: t("record.share"), self.share, name="share", size=17))
        self.enable_steps()

    def rebuild(self) -> None:
        self.table.show(self.cursor.match)  # the kitty's label is translated
        self.build()

    def enable_steps(self) -> None:
        for w in self.widgets:
            if w.name.startswith("back_"):
                w.enabled = self.cursor.position > 0
            elif w.name.startswith("next_"):
                w.enabled = self.cursor.position < self.cursor.end

    def export(self) -> None:
        export_record(self.app, self.record)

    def share(self) -> None:
        share_record(self.app, self.record)

    # --- input ----------------------------------------------------------------------------
    def key(self, inp) -> None:
        k, mod = inp.key, inp.mod
        shift, ctrl = mod & pygame.KMOD_SHIFT, mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step("deal" if ctrl else "trick" if shift else "action", 1 if k == pygame.K_RIGHT else -1)
        elif k in (pygame.K_UP, pygame.K_DOWN):
            self.step("trick", 1 if k == pygame.K_DOWN else -1)
        elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.step("deal", 1 if k == pygame.K_PAGEDOWN else -1)
        elif k in (pygame.K_HOME, pygame.K_END):
            self.goto(0 if k == pygame.K_HOME else self.cursor.end)
        else:
            super().key(inp)

    # --- what is shown --------------------------------------------------------------------
    def describe(self) -> str:
        """One line: what the last action did, or how the deal / the game ended."""
        m, pos = self.match, self.cursor.position
        if pos == 0:
            return t("replay.start")
        if m.phase == "game_over":
            winner = m.winner()
            return t("replay.game_over", name=self.record.names[winner], totals=signed(self.record.names, m.totals))
        action, seat = self.cursor.last_action, self.actors[pos - 1]
        if not m.current.tricks and not m.trick and m.deals and action.kind == "play":
            return t("replay.deal_over", deal=m.deals[-1].number + 1, points=signed(self.record.names, m.deals[-1].points))
        name = self.record.names[seat]
        if action.kind == "declare":
            line = t("replay.did.declare", name=name, contract=t(f"contract.{action.contract}"))
        else:
            line = t(f"replay.did.{action.kind}", name=name, card=card_text(action.card))
        done = self.table.board.finished
        if done is not None and action.kind == "play":
            line += " · " + t("replay.took", name=self.record.names[done.winner])
        return line

    def extra_key(self):
        return (self.cursor.position, self.table.board.key())

    def draw(self, surf) -> None:
        for obj in self.table.objects():
            obj.draw(surf)
        pos = t("replay.position", n=self.cursor.position, total=self.cursor.end)
        gfx.blit_text(surf, pos, 15, (W - 140, 26), gfx.MUTED, True, "midright")
        line = self.describe()
        gfx.blit_text(surf, line, gfx.fit_size(line, 19, 780, True), (640, 80), gfx.GOLD, True, "center")
        keys = t("replay.keys")
        gfx.blit_text(surf, keys, gfx.fit_size(keys, 14, 700), (640, STEP_Y + 56), gfx.DIM, False, "midtop")
        super().draw(surf)
