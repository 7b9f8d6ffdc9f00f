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

Laid out for the window's shape (game/ui/menus/analysis_view.py): on a desktop the list and the
hands side by side; on a phone a page at a time, the list (it scrolls: arrows beside it,
the wheel, the keys) and a mistake's detail with the deal's hands, opened by "Hands" (or
the right arrow) and closed by "List" (or Esc).

Each line opens the replay viewer at that decision (a tap or a click on it, Enter, or "On
the table"), the table as it was and the line's cards marked (game/ui/coach/review.py); Back
there comes back here, to the same line.
"""

from __future__ import annotations

import time

import pygame

from ...ai.analysis import Analysis
from ...i18n import language, t
from ..coach.review import open_review
from ..draw import gfx
from ..menus.analysis_view import ARROW, ROW_H, detail_places, draw_page, draw_progress, hands_layout, places, summary_text
from ..menus.menu_layout import bottom_bar
from ..registry import register
from ..scene import Scene
from ..widgets import Button, arrow_icon

WARM_MS = 3.0  # card pictures made per frame ahead of showing the hands (no 100 ms frame)


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
        self.page = "list"  # on a phone: "list" or "detail" (a desktop shows both)
        self.longest_step_ms = 0.0  # the longest Analysis.step of a frame (figures for the report)
        self.budget_ms = 4.0 if app.web else 8.0
        self._to_warm = None  # cards whose pictures are still to be made; [] once all are
        self._warm_w = None  # the device width they are made at
        self._still = None  # (key, surface): the cached still picture
        self.build()

    # --- lifecycle ----------------------------------------------------------------------
    def rebuild(self):
        self.build()

    def bar_names(self) -> list[str]:
        """The bottom bar's buttons for the page shown."""
        if self.page == "detail" and not self.split():
            return ["list", "view"]
        people = self.people()
        persons = [f"person_{seat}" for seat in people] if len(people) > 1 else []
        return ["back"] + (["view"] if self.split() else ["hands"]) + persons

    def split(self) -> bool:
        return places(1).split

    def build(self):
        names = self.bar_names()
        p = places(len(names))
        self.widgets = []
        for name, r in zip(names, bottom_bar(len(names), h=48)):
            if name == "back":
                b = Button(r, lambda: t("common.back"), self.back, name="back", primary=True, size=20)
            elif name == "list":
                b = Button(r, lambda: t("analysis.list"), self.close_detail, name="list", size=20)
            elif name == "view":  # the selected line on the table (the detail page's main button)
                b = Button(r, lambda: t("analysis.open_line"), self.open_line, name="view", primary=self.page == "detail", size=18)
            elif name == "hands":
                b = Button(r, lambda: t("analysis.show_hands"), self.open_detail, name="hands", size=18)
            else:
                seat = int(name.split("_")[1])
                b = Button(r, self.session.names[seat], (lambda seat=seat: self.show_person(seat)), name=name, size=18)
                b.selected = seat == self.seat
            self.widgets.append(b)
        if p.split or self.page == "detail":
            d = detail_places(p)
            if self.deal_numbers is None or len(self.deal_numbers) > 1:
                self.widgets.append(Button(d.prev, "<", lambda: self.turn_deal(-1), name="prev_deal", size=22))
                self.widgets.append(Button(d.next, ">", lambda: self.turn_deal(1), name="next_deal", size=22))
        if p.split or self.page == "list":
            track = p.track
            self.widgets.append(Button(pygame.Rect(track.left, track.top, ARROW, ARROW), "", lambda: self.scroll_by(-self.visible_rows()),
                                       name="scroll_up", icon=arrow_icon(True)))
            self.widgets.append(Button(pygame.Rect(track.left, track.bottom - ARROW, ARROW, ARROW), "", lambda: self.scroll_by(self.visible_rows()),
                                       name="scroll_down", icon=arrow_icon(False)))
        self._still = None
        self.refresh_widgets()

    def refresh_widgets(self) -> None:
        """Which buttons show now: the deal's arrows with the hands, the list's arrows when it
        does not fit, Hands once there are hands to show."""
        overflow = len(self.rows()) > self.visible_rows()
        for w in self.widgets:
            if w.name in ("prev_deal", "next_deal"):
                w.visible = self.hands_shown() is not None
            elif w.name in ("scroll_up", "scroll_down"):
                w.visible = overflow
                w.enabled = overflow and (self.scroll > 0 if w.name == "scroll_up" else self.scroll < len(self.rows()) - self.visible_rows())
            elif w.name == "hands":
                w.enabled = self.hands_shown() is not None
            elif w.name == "view":
                w.enabled = bool(self.rows())

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

    def open_detail(self) -> None:
        """A phone: the selected mistake (or the deal shown) with the deal's hands."""
        if self.split() or self.hands_shown() is None:
            return
        self.page = "detail"
        self.build()

    def close_detail(self) -> None:
        self.page = "list"
        self.build()

    def open_line(self, index: int | None = None) -> bool:
        """The replay viewer at the line's decision, its cards marked (game/ui/coach/review.py);
        its Back comes back here, to this line."""
        if index is not None:
            self.select(index)
        return bool(self.rows()) and open_review(self.app, self.session, self.rows(), self.selected, self.seat)

    def back(self):
        if self.page == "detail" and not self.split():
            self.close_detail()
            return
        self.app.pop()

    @property
    def done(self) -> bool:
        return self.analysis is not None and self.analysis.done

    def update(self, dt):
        super().update(dt)
        self.refresh_widgets()
        if self.error or (self.done and self.cards_ready()):
            return
        start = time.perf_counter()
        if self.analysis is not None and not self.cards_ready():
            self.warm_cards(WARM_MS)
        if self.analysis is None:
            match = self.session.match
            one_deal = getattr(self.session, "deal_match", None)  # online: a guest has a finished deal alone
            if one_deal is not None and self.deal_numbers and len(self.deal_numbers) == 1:
                match = one_deal(self.deal_numbers[0]) or match
            try:
                self.analysis = Analysis(match, self.seat, self.deal_numbers, seed=self.session.match.seed or 0, **self.evaluator_settings)
            except (ValueError, AttributeError):  # AttributeError: online, a match this device does not have
                self.error = t("analysis.not_over")
                return
            numbers = sorted(self.analysis.deals)
            self.shown_deal = numbers[-1] if numbers else None
        elif not self.analysis.done:  # the cards' pictures came out of the same budget
            self.analysis.step(max(1.0, self.budget_ms - (time.perf_counter() - start) * 1000.0))
            if self.analysis.done:
                self.select(0)
        self.longest_step_ms = max(self.longest_step_ms, (time.perf_counter() - start) * 1000.0)

    def card_width(self) -> int:
        """The hands' cards' width on this shape (the pictures are made at it ahead)."""
        return hands_layout(detail_places(places(len(self.bar_names()))).hands)[0]

    def warm_cards(self, budget_ms: float) -> None:
        """Make the face-up cards' pictures a few at a time (the first drawing of 52 cards
        would otherwise take one long frame, longest in the browser)."""
        width = gfx.px(self.card_width())
        if self._to_warm is None or self._warm_w != width:
            cards = {c for d in self.analysis.deals.values() for c in (*d.kitty, *(x for h in d.hands for x in h))}
            self._to_warm, self._warm_w = sorted(cards, key=lambda c: c.index), width
        end = time.perf_counter() + budget_ms / 1000.0
        while self._to_warm and time.perf_counter() < end:
            gfx.card_sprite(self._to_warm.pop(), width, True, None, False, True)

    def cards_ready(self) -> bool:
        return self._to_warm == []

    def relayout(self) -> None:
        super().relayout()
        if self._to_warm == [] and self._warm_w != gfx.px(self.card_width()):
            self._to_warm = None  # another size of card: made again, a few a frame

    def extra_key(self):
        progress = -1 if self.analysis is None else round(self.analysis.progress * 200)
        return (progress, self.error, self.selected, self.scroll, self.shown_deal, self.cards_ready(), self.seat, self.page)

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
        p = places(len(self.bar_names()))
        return max(1, (p.hint.top - 6 - p.list_top) // ROW_H)

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
        paged = not self.split()
        on_button = getattr(self.focused_widget(), "focused", False)  # Enter presses the button the keys reached
        if k in moves and self.rows():
            self.select(self.selected + moves[k])
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and not on_button and self.rows():
            self.open_line()
        elif paged and self.page == "list" and k == pygame.K_RIGHT and self.rows():
            self.open_detail()
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and self.done and (not paged or self.page == "detail"):
            self.turn_deal(-1 if k == pygame.K_LEFT else 1)
        else:
            super().key(inp)

    def row_rect(self, index: int) -> pygame.Rect:
        p = places(len(self.bar_names()))
        right = p.track.left - 6 if len(self.rows()) > self.visible_rows() else p.list.right - 10
        return pygame.Rect(p.list.left + 10, p.list_top + (index - self.scroll) * ROW_H, right - p.list.left - 10, ROW_H)

    def shown_rows(self) -> range:
        if not self.split() and self.page != "list":
            return range(0)
        return range(self.scroll, min(len(self.rows()), self.scroll + self.visible_rows()))

    def click_empty(self, pos):
        for i in self.shown_rows():
            if self.row_rect(i).collidepoint(pos):
                self.open_line(i)
                return

    def targets(self):
        out = super().targets()
        for i in self.shown_rows():
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
        key = (surf.get_size(), gfx.scale(), language(), gfx.card_style(), self.error, self.done, self.page,
               self.cards_ready(), self.shown_deal, self.selected, self.scroll, self.seat)
        if self._still is None or self._still[0] != key or gfx.recording():  # a layout check notes what it draws
            still = pygame.Surface(surf.get_size(), 0, surf)
            draw_page(still, self)
            self._still = (key, still)
        surf.blit(self._still[1], (0, 0))
        p = places(len(self.bar_names()))
        if not self.error and not self.done and (p.split or self.page == "list"):
            draw_progress(surf, self.analysis, p.list)
        self.refresh_widgets()
        super().draw(surf)

    def summary(self) -> str:
        return summary_text(self)
