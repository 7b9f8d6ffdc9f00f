"""Analysis of a finished deal or of the whole game: the human's decisions the hard
player's evaluation would have made differently, costed in points, largest first, and the
deal's hands face up.

Why sliced: each decision is re-evaluated from the human's view (game/ai/analysis.py), tens of
milliseconds each natively and more in the browser, so ``update`` runs ``Analysis.step``
for a few milliseconds per frame (8 natively, 4 in the browser) under a progress bar.
The hands are shown only for deals that are over (Match.deals): the analysis refuses any
other deal, and then the scene says so and shows no card.  In pass-and-play each person
has a button with their name: the analysis is of one person's decisions at a time (the
person who held the device last first), each kept once made.
"""

from __future__ import annotations

import time

import pygame

from ...ai.analysis import Analysis
from ...i18n import language, t
from .. import gfx
from ..registry import register
from ..scene import Scene
from ..widgets import Button

W, H = 1280, 720
LIST = pygame.Rect(30, 92, 700, 540)
HANDS = pygame.Rect(748, 92, 502, 540)
ROW_H = 34
CARD_W = 46
WARM_MS = 3.0  # card pictures made per frame ahead of showing the hands (no 100 ms frame)
HEAD_H = 30
BEST_GLOW = (120, 230, 140)
CHOSEN_GLOW = (255, 110, 110)


def points_text(value: float) -> str:
    """A cost as −1.4 (a comma as the decimal mark in pl, ru and bg)."""
    text = f"\u2212{abs(value):.1f}"
    return text.replace(".", ",") if language() in ("pl", "ru", "bg") else text


def action_text(action) -> str:
    if action.kind == "declare":
        return t(f"contract.{action.contract}")
    return action.card.pretty()


def draw_cards(surf, cards, pos, marks, step=None):
    """A row of face-up cards at one device width (the pictures warm_cards made)."""
    if not cards:
        gfx.blit_text(surf, "—", 18, (pos[0] + 6, pos[1] + 20), gfx.DIM)
        return
    step = step or min(CARD_W + 4, (HANDS.w - 32 - CARD_W) / max(1, len(cards) - 1))
    width = gfx.px(CARD_W)
    for i, card in enumerate(cards):
        img, margin = gfx.card_sprite(card, width, True, marks.get(card), False, True)
        x, y = gfx.dev_pos((pos[0] + i * step, pos[1]))
        surf.blit(img, (x - margin, y - margin), special_flags=pygame.BLEND_PREMULTIPLIED)


@register("analysis")
class AnalysisScene(Scene):
    name = "analysis"
    evaluator_settings: dict = {}  # the hard player's own by default; tests may lighten them

    def __init__(self, app, session, deals=None):
        super().__init__(app)
        self.session = session
        self.deal_numbers = None if deals is None else list(deals)
        self.seat = session.human  # whose decisions are analysed
        self.analyses: dict[int, Analysis] = {}  # pass-and-play: one per person, kept
        self.analysis: Analysis | None = None
        self.error = ""
        self.selected = 0  # index into rows()
        self.scroll = 0  # first row shown
        self.shown_deal = None  # deal whose hands are shown
        self.longest_step_ms = 0.0  # the longest Analysis.step of a frame (figures for the report)
        self.budget_ms = 4.0 if app.web else 8.0
        self._to_warm = None  # cards whose pictures are still to be made; [] once all are
        self._still = None  # (key, surface): the cached still picture
        self.build()

    # --- lifecycle ----------------------------------------------------------------------
    def rebuild(self):
        self.build()

    def build(self):
        self.widgets = [Button((W // 2 - 130, H - 76, 260, 56), lambda: t("common.back"), self.back, name="back", primary=True)]
        if self.deal_numbers is None or len(self.deal_numbers) > 1:
            self.widgets.append(Button((HANDS.left + 14, HANDS.top + 10, 48, 40), "<", lambda: self.turn_deal(-1), name="prev_deal", size=22))
            self.widgets.append(Button((HANDS.right - 62, HANDS.top + 10, 48, 40), ">", lambda: self.turn_deal(1), name="next_deal", size=22))
        people = self.people()
        for i, seat in enumerate(people if len(people) > 1 else ()):
            button = Button((LIST.left + i * 150, H - 76, 140, 56), self.session.names[seat],
                            (lambda seat=seat: self.show_person(seat)), name=f"person_{seat}", size=20)
            button.selected = seat == self.seat
            self.widgets.append(button)

    def people(self) -> list[int]:
        """The seats whose decisions can be analysed: the people at the table."""
        return sorted(getattr(self.session, "human_seats", None) or (self.session.human,))

    def show_person(self, seat: int) -> None:
        """Analyse another person's decisions (pass-and-play); one made before is kept."""
        if seat == self.seat or seat not in self.people():
            return
        if self.analysis is not None:
            self.analyses[self.seat] = self.analysis
        self.seat = seat
        self.analysis = self.analyses.get(seat)
        self.selected = self.scroll = 0
        if self.analysis is not None and self.analysis.done:
            self.select(0)
        for w in self.widgets:
            if w.name.startswith("person_"):
                w.selected = w.name == f"person_{seat}"

    def back(self):
        self.app.pop()

    @property
    def done(self) -> bool:
        return self.analysis is not None and self.analysis.done

    def update(self, dt):
        super().update(dt)
        if self.error or (self.done and self.cards_ready()):
            return
        start = time.perf_counter()
        if self.analysis is not None and not self.cards_ready():
            self.warm_cards(WARM_MS)
        if self.analysis is None:
            try:
                self.analysis = Analysis(self.session.match, self.seat, self.deal_numbers,
                                         seed=self.session.match.seed or 0, **self.evaluator_settings)
            except ValueError:
                self.error = t("analysis.not_over")
                return
            numbers = sorted(self.analysis.deals)
            self.shown_deal = numbers[-1] if numbers else None
        elif not self.analysis.done:  # the cards' pictures came out of the same budget
            self.analysis.step(max(1.0, self.budget_ms - (time.perf_counter() - start) * 1000.0))
            if self.analysis.done:
                self.select(0)
        self.longest_step_ms = max(self.longest_step_ms, (time.perf_counter() - start) * 1000.0)

    def warm_cards(self, budget_ms: float) -> None:
        """Make the face-up cards' pictures a few at a time (the first drawing of 52 cards
        would otherwise take one long frame, longest in the browser)."""
        if self._to_warm is None:
            cards = {c for d in self.analysis.deals.values() for c in (*d.kitty, *(x for h in d.hands for x in h))}
            self._to_warm = sorted(cards, key=lambda c: c.index)
        end = time.perf_counter() + budget_ms / 1000.0
        while self._to_warm and time.perf_counter() < end:
            gfx.card_sprite(self._to_warm.pop(), gfx.px(CARD_W), True, None, False, True)

    def cards_ready(self) -> bool:
        return self._to_warm == []

    def extra_key(self):
        progress = -1 if self.analysis is None else round(self.analysis.progress * 200)
        return (progress, self.error, self.selected, self.scroll, self.shown_deal, self.cards_ready(), self.seat)

    # --- what is shown ------------------------------------------------------------------
    def rows(self) -> list:
        """The mistakes listed, largest cost first (empty until the analysis is done)."""
        return self.analysis.mistakes if self.done else []

    def finished_deals(self) -> set:
        return {d.number for d in self.session.match.deals if d.points is not None}

    def hands_shown(self):
        """The DealAnalysis whose hands are face up now, or None: only once the analysis has
        the deal, and only for a deal that is over."""
        if self.analysis is None or self.shown_deal not in self.analysis.deals or not self.cards_ready():
            return None
        if self.shown_deal not in self.finished_deals():
            return None
        return self.analysis.deals[self.shown_deal]

    def visible_rows(self) -> int:
        return (LIST.h - 64 - HEAD_H) // ROW_H

    def select(self, index: int) -> None:
        rows = self.rows()
        if not rows:
            self.selected = self.scroll = 0
            return
        self.selected = max(0, min(len(rows) - 1, index))
        self.shown_deal = rows[self.selected].deal_number
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + self.visible_rows():
            self.scroll = self.selected - self.visible_rows() + 1

    def scroll_by(self, step: int) -> None:
        most = max(0, len(self.rows()) - self.visible_rows())
        self.scroll = max(0, min(most, self.scroll + step))

    def turn_deal(self, step: int) -> None:
        if self.analysis is None:
            return
        numbers = sorted(self.analysis.deals)
        if not numbers:
            return
        i = numbers.index(self.shown_deal) if self.shown_deal in numbers else 0
        self.shown_deal = numbers[(i + step) % len(numbers)]

    # --- input --------------------------------------------------------------------------
    def handle(self, inp):
        if inp.kind == "wheel":
            self.scroll_by(-3 * (inp.key or 0))
            return
        super().handle(inp)

    def key(self, inp):
        k = inp.key
        moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible_rows(),
                 pygame.K_PAGEDOWN: self.visible_rows(), pygame.K_HOME: -10**6, pygame.K_END: 10**6}
        if k in moves and self.rows():
            self.select(self.selected + moves[k])
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and self.done:
            self.turn_deal(-1 if k == pygame.K_LEFT else 1)
        else:
            super().key(inp)

    def row_rect(self, index: int) -> pygame.Rect:
        top = LIST.top + 64 + HEAD_H + (index - self.scroll) * ROW_H
        return pygame.Rect(LIST.left + 10, top, LIST.w - 20, ROW_H)

    def click_empty(self, pos):
        for i in range(self.scroll, min(len(self.rows()), self.scroll + self.visible_rows())):
            if self.row_rect(i).collidepoint(pos):
                self.select(i)
                return

    def targets(self):
        out = super().targets()
        for i in range(self.scroll, min(len(self.rows()), self.scroll + self.visible_rows())):
            out.append((f"row_{i}", self.row_rect(i)))
        return out

    # --- drawing ------------------------------------------------------------------------
    def title(self) -> str:
        if self.deal_numbers is not None and len(self.deal_numbers) == 1:
            return t("analysis.title_deal", deal=self.deal_numbers[0] + 1)
        return t("analysis.title_game")

    def draw(self, surf):
        """The still picture (felt, panels, list, hands) is cached: while the analysis runs
        only the progress bar changes, and redrawing 52 cards per step costs tens of ms in
        the browser."""
        key = (surf.get_size(), gfx.scale(), language(), gfx.card_style(), self.error, self.done,
               self.cards_ready(), self.shown_deal, self.selected, self.scroll, self.seat)
        if self._still is None or self._still[0] != key:
            still = pygame.Surface(surf.get_size(), 0, surf)
            self.draw_still(still)
            self._still = (key, still)
        surf.blit(self._still[1], (0, 0))
        if not self.error and not self.done:
            self.draw_progress(surf)
        for w in self.widgets:
            if w.name in ("prev_deal", "next_deal"):
                w.visible = self.hands_shown() is not None
        super().draw(surf)

    def draw_still(self, surf):
        gfx.blit_felt(surf)
        gfx.blit_text(surf, self.title(), 34, (W // 2, 20), gfx.GOLD, True, "midtop", shadow=True)
        gfx.flat_panel(surf, LIST)  # opaque panels: no large alpha blits
        gfx.flat_panel(surf, HANDS)
        if self.error:
            gfx.blit_wrapped(surf, self.error, 20, LIST.inflate(-60, -200), gfx.CREAM, align="center")
        elif self.done:
            self.draw_list(surf)
        self.draw_hands(surf)

    def draw_progress(self, surf):
        a = self.analysis
        done, total = (a.evaluated, a.total) if a and a.collected else (0, "…")
        label = t("analysis.running", done=done, total=total)
        gfx.blit_text(surf, label, 20, (LIST.centerx, LIST.centery - 50), gfx.CREAM, True, "midtop")
        bar = pygame.Rect(LIST.left + 60, LIST.centery, LIST.w - 120, 26)
        gfx.rect(surf, (30, 60, 46), bar, border_radius=8)
        fill = bar.copy()
        fill.w = max(0, round(bar.w * (a.progress if a else 0.0)))
        if fill.w:
            gfx.rect(surf, gfx.GOLD, fill, border_radius=8)
        gfx.rect(surf, gfx.PANEL_EDGE, bar, 2, border_radius=8)

    def summary(self) -> str:
        a = self.analysis
        decisions = sum(d.decisions for d in a.deals.values())
        rows = self.rows()
        if not rows:
            text = t("analysis.none", decisions=decisions)
        else:
            text = t("analysis.summary", decisions=decisions, mistakes=len(rows), cost=points_text(sum(m.cost for m in rows)))
        return f"{self.session.names[self.seat]} — {text}" if len(self.people()) > 1 else text

    def draw_list(self, surf):
        rows = self.rows()
        gfx.blit_wrapped(surf, self.summary(), 17, pygame.Rect(LIST.left + 20, LIST.top + 12, LIST.w - 40, 48), gfx.CREAM)
        cols = (LIST.left + 20, LIST.left + 110, LIST.left + 250, LIST.left + 420, LIST.right - 24)
        head_y = LIST.top + 64
        for x, key in zip(cols[:4], ("analysis.deal", "analysis.trick", "analysis.played", "analysis.better")):
            gfx.blit_text(surf, t(key), gfx.fit_size(t(key), 16, 120, True), (x, head_y), gfx.MUTED, True)
        gfx.blit_text(surf, t("analysis.cost"), 16, (cols[4], head_y), gfx.MUTED, True, "topright")
        gfx.line(surf, gfx.PANEL_EDGE, (LIST.left + 10, head_y + HEAD_H - 6), (LIST.right - 10, head_y + HEAD_H - 6), 1)
        for i in range(self.scroll, min(len(rows), self.scroll + self.visible_rows())):
            m, r = rows[i], self.row_rect(i)
            if i == self.selected:
                gfx.fill_overlay(surf, r, (255, 220, 120, 46))
            y = r.centery
            when = str(m.trick) if m.trick else t(f"analysis.kind.{m.chosen.kind}")
            gfx.blit_text(surf, str(m.deal_number + 1), 19, (cols[0] + 16, y), gfx.CREAM, False, "center")
            gfx.blit_text(surf, when, gfx.fit_size(when, 19, 130), (cols[1], y), gfx.CREAM, False, "midleft")
            for x, action, colour in ((cols[2], m.chosen, gfx.BRIGHT_RED), (cols[3], m.best, (140, 230, 150))):
                text = action_text(action)
                gfx.blit_text(surf, text, gfx.fit_size(text, 19, 160, True), (x, y), colour, True, "midleft")
            gfx.blit_text(surf, points_text(m.cost), 19, (cols[4], y), gfx.GOLD, True, "midright")
        if len(rows) > self.visible_rows():  # a scroll bar
            track = pygame.Rect(LIST.right - 8, LIST.top + 64 + HEAD_H, 4, self.visible_rows() * ROW_H)
            gfx.rect(surf, (40, 80, 60), track)
            h = max(16, track.h * self.visible_rows() // len(rows))
            y = track.top + (track.h - h) * self.scroll // max(1, len(rows) - self.visible_rows())
            gfx.rect(surf, gfx.MUTED, (track.left, y, track.w, h))

    def draw_hands(self, surf):
        deal = self.hands_shown()
        if deal is None:
            return
        gfx.blit_text(surf, t("analysis.hands", deal=deal.deal_number + 1), 20, (HANDS.centerx, HANDS.top + 18), gfx.GOLD, True, "midtop")
        marks = {}
        rows = self.rows()
        if rows and rows[self.selected].deal_number == deal.deal_number:
            m = rows[self.selected]
            for action, glow in ((m.best, BEST_GLOW), (m.chosen, CHOSEN_GLOW)):
                if action.card is not None:
                    marks[action.card] = glow
        y = HANDS.top + 62
        names = self.session.names
        for seat in range(3):
            label = names[seat]
            gfx.blit_text(surf, label, 16, (HANDS.left + 16, y), gfx.CREAM, seat == self.seat)
            draw_cards(surf, deal.hands[seat], (HANDS.left + 16, y + 20), marks)
            y += 20 + 66 + 12
        for i, (key, cards) in enumerate((("analysis.kitty", deal.kitty), ("analysis.discards", deal.discards))):
            x = HANDS.left + 16 + i * 240
            gfx.blit_text(surf, t(key), 16, (x, y), gfx.CREAM)
            draw_cards(surf, cards, (x, y + 20), marks, step=34)
        if marks:
            y += 20 + 66 + 14
            gfx.blit_text(surf, t("analysis.marks"), 14, (HANDS.left + 16, y), gfx.MUTED)
