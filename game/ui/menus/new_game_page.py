"""Where the new-game screen's rows go on any window (game/ui/menus/menu_page.py): the rules
(presets, what the preset is, its options) and the players (opponents, names and who
plays each seat, notes) as blocks in one or two columns and as many pages as they need;
and, while a name is typed on a phone, the page moved up above the keyboard."""

from __future__ import annotations

import pygame

from ...i18n import t
from ..draw import gfx
from ..window import screen
from . import menu_page
from .menu_page import Block
from .menu_rows import arrangement, label_size, roomy, row_height, value_height

PAD = 16  # a section's panel around its rows
COL_GAP = 24 + 2 * PAD  # between two columns' rows: 24 between their panels
HEAD = 18  # a section's heading
KEYBOARD = 0.5  # the part of a phone's window its keyboard leaves free, from the top


class NewGamePage:
    """Mixed into the new-game scene: layout() after its widgets are built."""

    lifted = 0  # logical px the page is moved up while a name is typed on a phone
    about_laid = None  # the description (or what changed) the blocks were last laid out for
    sections = True  # the players' section starts a column of its own
    _editing = None

    def layout(self):
        """The sections in columns and pages for the window; the bar with or without the
        arrows; the page moved up while a name is typed on a phone."""
        least = menu_page.widest_word([t("common.back"), t("common.start")])
        self.about_laid = self.about()[0]
        for kinds in (["wide", "wide"], ["wide", "prev", "next", "wide"]):
            places = menu_page.bar(kinds, least)
            area = menu_page.content_rect(places["top"]).inflate(-2 * PAD, -2 * PAD)
            self.sections = True  # the players' section in a column of its own where all fits one page
            self.pages, self._columns, self._blocks = menu_page.pour(self.blocks, area, (1, 2), 250, menu_page.row_gap(), COL_GAP)
            if self.pages > 1:  # in pages the rows pour on: no half-empty page before the players'
                self.sections = False
                flowed = menu_page.pour(self.blocks, area, (1, 2), 250, menu_page.row_gap(), COL_GAP)
                if flowed[0] <= self.pages:
                    self.pages, self._columns, self._blocks = flowed
                else:
                    self.sections = True
                    self.pages, self._columns, self._blocks = menu_page.pour(self.blocks, area, (1, 2), 250, menu_page.row_gap(), COL_GAP)
            if self.pages == 1:
                break
        menu_page.centre(self._blocks, area, self.pages)
        for b in self._blocks:
            b.home = pygame.Rect(b.rect)  # where lift() puts it back
        rects = places["rects"]
        self.back_button.rect, self.start_button.rect = rects[0], rects[-1]
        for w, r in zip(self.arrows, rects[1:3] if self.pages > 1 else ()):
            w.rect = r
        for w in self.arrows:
            w.visible = self.pages > 1
        self._label = places["label"]
        editing = self.editing_field()
        if editing is not None and getattr(editing, "page", None) is not None:
            self.page = editing.page
        self.show_page(self.page)

    def relayout(self) -> None:
        """A new shape: built again (the field being typed in kept by Scene), then laid out
        with that field above the keyboard."""
        super().relayout()
        self.layout()

    def page_shown(self) -> None:
        self.lift()

    def lift(self) -> None:
        """While a name is typed on a phone, the blocks of its page move up so that the field
        sits in the top half (the keyboard covers the rest); what goes above the window is
        hidden.  Nothing moves otherwise."""
        editing = self.editing_field()
        shown = [b for b in self._blocks if b.page == self.page]
        for b in shown:
            b.place(b.home)
        self.lifted = 0
        if editing is not None and menu_page.phone() and getattr(editing, "page", None) == self.page:
            s = screen.safe()
            free = s.top + int(s.h * KEYBOARD) - 8
            self.lifted = max(0, editing.rect.bottom - free)
        for b in shown:
            if self.lifted:
                b.place(b.home.move(0, -self.lifted))
            b.hidden = b.rect.top < screen.safe().top + 8
            for w in b.widgets:
                w.visible = not b.hidden

    def update(self, dt):
        super().update(dt)
        editing = self.editing_field()
        name = editing.name if editing is not None else None
        if name != self._editing:  # a name begun or ended: the page moves for the keyboard
            self._editing = name
            self.layout()

    def blocks(self, width: int) -> list[Block]:
        """The rules (presets, what the preset is, its options) and the players (opponents,
        names and who plays each seat, notes), a block per row."""
        size = label_size(width)
        rows = [*self.option_rows, self.strength_row]
        stacked, label_w = arrangement(width, [w.label() for w in rows], [w.fmt(v) for w in rows for v in w._vals()])
        head_h = gfx.line_height(HEAD, True, 0) + 8

        def row(widget, first=False, head=None):
            def place(r):
                widget.stacked, widget.label_w, widget.label_size = stacked, label_w, size
                widget.rect = pygame.Rect(r.left, r.bottom - row_height(stacked), r.w, row_height(stacked))

            def draw(surf, r):
                if head:
                    gfx.blit_text(surf, t(head), HEAD, (r.left, r.top), gfx.MUTED, True, width=r.w, box=r)
            return Block(lambda w: row_height(stacked) + (head_h if head else 0), place, draw, [widget], new_column=first, name=widget.name)

        buttons = self.preset_columns(width) == len(self.preset_buttons)
        unused = self.preset_row if buttons else self.preset_buttons
        for w in unused if isinstance(unused, list) else [unused]:
            w.page, w.visible = None, False
        blocks = [Block(lambda w: head_h + self.presets_height(w), self.place_presets, self.draw_presets_head,
                        self.preset_buttons if buttons else [self.preset_row], new_column=True, name="presets"),
                  Block(self.about_height, draw=self.draw_about, name="about")]
        blocks += [row(w) for w in self.option_rows]
        blocks.append(row(self.strength_row, first=self.sections, head="newgame.names"))
        seat_w = max(120, min(170, menu_page.widest_word([t("newgame.seat.human"), t("newgame.seat.computer")], 17)))
        name_w = min(label_w, 150)
        name_stacked = stacked or width - seat_w - 8 - name_w < 160  # the box keeps room for a name
        for field, seat in self.name_rows:
            def place(r, field=field, seat=seat):
                field.stacked, field.label_w, field.label_size = name_stacked, 0 if name_stacked else name_w, size
                field.rect = pygame.Rect(r.left, r.top, r.w - seat_w - 8, row_height(name_stacked))
                seat.rect = pygame.Rect(r.right - seat_w, r.bottom - value_height(), seat_w, value_height())
            blocks.append(Block(lambda w: row_height(name_stacked), place, None, [field, seat], name=field.name))
        blocks.append(Block(self.notes_height, draw=self.draw_notes, name="notes"))
        return blocks

    def presets_height(self, width: int) -> int:
        return value_height() if self.preset_columns(width) == len(self.preset_buttons) else row_height(False)

    def preset_columns(self, width: int) -> int:
        """The presets side by side as buttons where their names fit (else one selector)."""
        need = menu_page.widest_word([t(f"preset.{p}") for p in self.RuleSet.PRESETS], 16)
        n = len(self.preset_buttons)
        return n if (width - (n - 1) * 8) // n >= need else 1

    def place_presets(self, r):
        n = self.preset_columns(r.w)
        if n == 1:
            self.preset_row.rect = pygame.Rect(r.left, r.bottom - row_height(False), r.w, row_height(False))
            return
        w = (r.w - (n - 1) * 8) // n
        for i, b in enumerate(self.preset_buttons):
            b.rect = pygame.Rect(r.left + i * (w + 8), r.bottom - value_height(), w, value_height())

    def draw_presets_head(self, surf, r):
        gfx.blit_text(surf, t("newgame.rules"), HEAD, (r.left, r.top), gfx.MUTED, True, width=r.w, box=r)

    def about(self) -> tuple[str, tuple]:
        """What the preset is, or which of its options were changed (its description would
        no longer be true), or why the options cannot be played."""
        if self.error:
            return self.error, gfx.BRIGHT_RED
        changes = self.changes()
        if changes:
            listed = ", ".join(f"{t(f'option.{k}')}: {self.formats[k](v)}" for k, v in changes)
            return t("newgame.changed", preset=t(f"preset.{self.preset}"), changes=listed), gfx.GOLD
        return t(f"preset.{self.preset}.desc"), gfx.CREAM

    def about_size(self, width: int) -> int:
        return 18 if width >= 480 and roomy() else 16 if width >= 400 else 15

    def about_height(self, width: int) -> int:
        """As tall as the longest description (the page does not jump when the preset changes)."""
        size = self.about_size(width)
        texts = [t(f"preset.{p}.desc") for p in self.RuleSet.PRESETS] + [self.about()[0]]
        return max(gfx.wrapped_height(x, size, width, False, 2) for x in texts)

    def draw_about(self, surf, r):
        text, colour = self.about()
        gfx.blit_wrapped(surf, text, self.about_size(r.w), r, colour, line_gap=2)

    def notes(self) -> list[tuple[str, tuple]]:
        out = [(t("newgame.name_hint"), gfx.DIM)]
        if len(self.human_seats()) > 1:
            out.append((t("newgame.pass_and_play"), gfx.GOLD))
        if self.replaces:
            out.append((self.replaces, gfx.GOLD))
        return out

    def notes_height(self, width: int) -> int:
        return sum(gfx.wrapped_height(text, 15, width, False, 2) + 6 for text, _ in self.notes())

    def draw_notes(self, surf, r):
        y = r.top
        for text, colour in self.notes():
            y = gfx.blit_wrapped(surf, text, 15, pygame.Rect(r.left, y, r.w, r.bottom - y), colour, line_gap=2) + 6

    def draw_blocks(self, surf) -> None:
        """A panel behind each column's blocks on the page, then the blocks."""
        shown = [b for b in self._blocks if b.page == self.page and not getattr(b, "hidden", False)]
        menu_page.draw_blocks(surf, shown, self._columns, PAD)
