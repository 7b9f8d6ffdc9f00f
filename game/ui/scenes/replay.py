"""The replay viewer: any game record stepped forward and back, action by action, trick by
trick and deal by deal, with all hands face up, the trick on the table and the scores.

Keys: Left/Right one action, Shift+Left/Right (or Up/Down) one trick, Page Up/Page Down
(or Ctrl+Left/Right) one deal, Home/End the start and the end, Esc closes.  The buttons do
the same.  The table is drawn by the game's own table objects (game/ui/table/replay.py).
Opened from a line of the analysis (a `Review`, game/ui/coach/review.py) it starts at that
decision, marks its cards and goes back to the analysis."""

from __future__ import annotations

import pygame

from ...engine import Phase
from ...engine.history import ReplayCursor, replayed
from ...i18n import t
from ...i18n.format import card_label, contract_name
from ..coach.review import draw_caption as draw_review_caption
from ..draw import gfx
from ..games.record_actions import export_record, share_record
from ..loop.input import by_touch
from ..registry import register
from ..scene import Scene
from ..table.replay import ReplayTable
from ..table.replay_places import STEPS, places, step_name
from ..widgets import Button, fit_first

STEP_KEYS = {("deal", -1): "replay.deal_back", ("trick", -1): "replay.trick_back", ("action", -1): "replay.action_back",
             ("action", 1): "replay.action_next", ("trick", 1): "replay.trick_next", ("deal", 1): "replay.deal_next"}


def card_text(card) -> str:
    """A card as a person reads it: 10♥, Q♠."""
    return card_label(card)


def signed(names, values) -> str:
    """Ann +3, Bo -1, Cy -2"""
    return ", ".join(f"{name} {v:+d}" for name, v in zip(names, values))


def bottom_seat(record) -> int:
    """The seat shown at the bottom: the record's human player, else seat 0."""
    return next((s for s in range(3) if record.strengths[s] == "human"), 0)


@register("replay")
class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app, record, review=None):
        super().__init__(app)
        self.record = record
        self.review = review  # opened from a line of the analysis: its position and marks
        if getattr(record, "renamed", ()):  # names the font cannot draw were replaced on reading
            app.notices.post(t("names.replaced"), "info")
        self.cursor = ReplayCursor(record.match, finished_only=review is not None)
        self.actors, self.last_deal = self._actors(record.match)
        self.table = ReplayTable(app, record.names, bottom_seat(record) if review is None else review.bottom)
        if review is not None:
            self.cursor.goto(max(0, min(self.cursor.end, review.start)))
        self.show()
        self.build()

    @staticmethod
    def _actors(match) -> tuple[list[int], int]:
        """The seat that took each action (the record's lines name it; the match does not
        keep it), and the number of the last deal with an action (-1: none)."""
        m, out, last = replayed(match, 0), [], -1
        for action in match.history:
            out.append(m.to_act)
            last = m.deal_number
            m.apply(action)
        return out, last

    def show(self) -> None:
        """The table at the cursor.  On a line of the analysis its cards marked and the table
        as the seat saw it; the deal after a review's last, dealt, unseen.  A record without
        a seed (a game in progress) knows the cards of its deals only: the deal after them is
        shown without hands, not with the cards the reader dealt to fill it."""
        position = self.cursor.position
        marks = self.review.marks(position) if self.review is not None else None
        match = self.cursor.match
        self.table.show(match, marks, sealed=self.cursor.partial and position == self.cursor.end)
        if getattr(self.record, "seedless", False) and match.deal_number > self.last_deal:
            b = self.table.board
            b.hands, b.hand, b.sizes = [[], [], []], [], [0, 0, 0]
            b.kitty_cards, b.kitty_label = [], ""

    # --- stepping -------------------------------------------------------------------------
    def step(self, by: str, direction: int) -> bool:
        moved = self.cursor.forward(by) if direction > 0 else self.cursor.back(by)
        if moved:
            self.show()
            self.enable_steps()
        return moved

    def goto(self, position: int) -> None:
        self.cursor.goto(max(0, min(self.cursor.end, position)))
        self.show()
        self.enable_steps()

    @property
    def match(self):
        return self.cursor.match

    # --- widgets --------------------------------------------------------------------------
    def build(self) -> None:
        """The buttons where the shape puts them (table/replay_places.py): Close where the
        game has Menu, the six steps in the bottom bar (a block at the right, lying on a
        phone), Export and Share beside them (at the top, standing)."""
        p = places()
        at = p.buttons
        self.widgets = []
        for by, direction in STEPS:
            name = step_name(by, direction)
            self.widgets.append(Button(at[name], (lambda key=STEP_KEYS[(by, direction)]: t(key)),
                                       (lambda by=by, d=direction: self.step(by, d)), name=name, size=17))
        short = "_short" if p.short_labels else ""
        if self.review is None or self.review.shareable:  # a game in progress: the pause menu exports it
            self.widgets.append(Button(at["export"], lambda: t("record.export" + short), self.export, name="export", size=17))
            self.widgets.append(Button(at["share"], lambda: t("record.share" + short), self.share, name="share", size=17))
        close = "replay.close" if self.review is None else "common.back"  # back to the analysis
        self.widgets.append(Button(at["close"], lambda: t(close), self.back, name="close", size=18))
        self.enable_steps()

    def rebuild(self) -> None:
        self.show()  # the kitty's label is translated
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
        if m.phase == Phase.GAME_OVER:
            winner, totals = m.winner(), signed(self.record.names, m.totals)
            if self.is_you(winner):
                return t("replay.you_won", totals=totals)
            return t("replay.game_over", name=self.record.names[winner], totals=totals)
        action, seat = self.cursor.last_action, self.actors[pos - 1]
        if not m.current.tricks and not m.trick and m.deals and action.kind == "play":
            return t("replay.deal_over", deal=m.deals[-1].number + 1, points=signed(self.record.names, m.deals[-1].points))
        said = {"contract": t(f"contract.{action.contract}")} if action.kind == "declare" else {"card": card_text(action.card)}
        if self.is_you(seat):  # "You play", never "You plays"
            line = t(f"replay.you.{action.kind}", **said)
        else:
            line = t(f"replay.did.{action.kind}", name=self.record.names[seat], **said)
        done = self.table.board.finished
        if done is not None and action.kind == "play":
            line += " · " + (t("replay.you_took") if self.is_you(done.winner) else t("replay.took", name=self.record.names[done.winner]))
        return line

    def is_you(self, seat) -> bool:
        """The seat's name is the word for the player ("You", "Ty", "Вы", "Вие"): the
        captions address them (a sentence with the name would read "You plays")."""
        return seat is not None and self.record.names[seat] == t("name.you")

    def extra_key(self):
        return (self.cursor.position, self.table.board.key(), by_touch())

    def draw(self, surf) -> None:
        for obj in self.table.objects():
            obj.draw(surf)
        p = places()
        position = t("replay.position", n=self.cursor.position, total=self.cursor.end)
        if p.header is not None:  # standing: the deal and the move, then the contract
            self.draw_header(surf, p, position)
            position = ""
        line = self.review.at(self.cursor.position) if self.review is not None else None
        if line is not None:  # a line of the analysis: what it said, in its colours
            draw_review_caption(surf, p, line, position)
        else:
            self.draw_caption(surf, p, self.captions(), position)
        if p.keys is not None and not by_touch():  # the keys' line for a keyboard's player only
            keys = t("replay.keys")
            gfx.blit_text(surf, keys, gfx.fit_size(keys, p.size("small"), p.keys.w), p.keys.midtop, gfx.DIM, False, "midtop",
                          width=p.keys.w, box=p.keys)
        super().draw(surf)

    def captions(self) -> tuple[str, ...]:
        """What describe() says, then the same said shorter where there is a shorter way
        (the game's end without the totals: the winner's name whole on one line)."""
        line, m = self.describe(), self.match
        if self.cursor.position and m.phase == Phase.GAME_OVER:
            winner = m.winner()
            return (line, t("over.you_win") if self.is_you(winner) else t("over.winner", name=self.record.names[winner]))
        return (line,)

    def draw_caption(self, surf, p, said: tuple[str, ...], position: str) -> None:
        """What the last move did (`said`: the same shorter and shorter): on as many lines
        as its place has (two on a desktop and standing, shortened beyond), the move's
        number under it on a desktop and at its right lying on a phone."""
        line = said[0]
        box, size, small = p.caption, p.size("caption"), p.size("small")
        lh = gfx.line_height(size, True, 2)
        width = box.w
        if position and box.h < 2 * lh:  # one line: the number at the right
            pos = gfx.blit_text(surf, position, small, (box.right, box.centery), gfx.MUTED, False, "midright", box=box)
            width = pos.left - 12 - box.left
            line, size = fit_first(said, size, width - 6, True)
            gfx.blit_text(surf, line, size, (box.left + width // 2, box.centery), gfx.GOLD, True, "center", width=width - 6, box=box)
            return
        lines = max(1, (box.h - (gfx.line_height(small, False, 2) if position else 0)) // lh)
        if lines == 1:
            size = gfx.fit_size(line, size, width, True)
        y = gfx.blit_wrapped(surf, line, size, pygame.Rect(box.left, box.top, width, lines * lh), gfx.GOLD, True, line_gap=2,
                             align="center", max_lines=lines)
        if position:
            gfx.blit_text(surf, position, small, (box.centerx, y), gfx.MUTED, False, "midtop", width=box.w, box=box)

    def draw_header(self, surf, p, position: str) -> None:
        """Standing: the deal and the move on one line, the contract and who declared it on
        the next (the game's top bar says the same lying)."""
        v, box, size = self.table.v, p.header, p.size("head")
        lh = gfx.line_height(size, True, 2)
        deal = t("table.deal", deal=v.deal_number + 1, deals=v.deals_total) + " · " + position
        gfx.blit_text(surf, deal, size, (box.left, box.top), gfx.CREAM, True, width=box.w, box=box)
        x, y = box.left, box.top + lh + lh // 2
        if v.contract:
            icon = gfx.contract_icon(v.contract, 20)
            x = gfx.blit(surf, icon, (x, y), "midleft").right + 6
            name = self.table.seat_name(v.declarer)
            said = [t("table.contract", contract=contract_name(v.contract)) + " · " + t("table.declarer", name=name),
                    contract_name(v.contract) + " · " + name, name]  # shorter and shorter: the name whole
        else:
            said = [t("contract.none")]
        label, fitted = fit_first(said, size, box.right - x, True)
        gfx.blit_text(surf, label, fitted, (x, y), gfx.CREAM if v.contract else gfx.MUTED, True, "midleft", width=box.right - x, box=box)
