"""The settings screen: one row per setting, and a sample of the card style.  The rows fill
one column, two where the window is wide and low, and pages where even that is not enough
(game/ui/menus/menu_page.py); the label sits above its value on a narrow window."""

from __future__ import annotations

import pygame

from ... import i18n
from ...engine import Card
from ...i18n import t
from ..constants import CARD_STYLES, REDUCED_MOTION, SPEEDS, STRENGTHS, TRICK_HOLDS, VERBOSITIES
from ..draw import gfx
from ..menus import menu_page
from ..menus.menu_page import Block, Paged
from ..menus.menu_rows import RowChoice, arrangement, label_size, row_height
from ..registry import register
from ..scene import Scene
from ..widgets import Button
from ..window.picture import PICTURES

SAMPLE = ("AS", "KH", "QD", "JC")
NOTE_SIZE = 14
PAD = 14  # a column's panel around its rows
COL_GAP = 24 + 2 * PAD  # between two columns' rows: 24 between their panels


@register("settings")
class SettingsScene(Paged, Scene):
    name = "settings"

    def __init__(self, app):
        super().__init__(app)
        self.build()

    def rebuild(self):
        page = self.page
        self.build()
        self.show_page(page)

    def rows(self) -> list[tuple]:
        st = self.app.settings
        onoff = lambda v: t("common.on") if v else t("common.off")
        rows = [
            ("language", "settings.language", list(i18n.LANGUAGES), lambda v: i18n.LANGUAGE_NAMES.get(v, v)),
            ("speed", "settings.speed", list(SPEEDS), lambda v: t(f"speed.{v}")),
            ("trick_hold", "settings.trick_hold", list(TRICK_HOLDS), lambda v: t(f"trick_hold.{v}")),
            ("sound", "settings.sound", [True, False], onoff),
            ("card_style", "settings.card_style", list(CARD_STYLES), lambda v: t("style.four_color" if v in ("four_colour", "four_color") else f"style.{v}")),
            ("undo", "settings.undo", [True, False], onoff),
            ("autoplay", "settings.autoplay", [True, False], onoff),
            ("tips", "settings.tips", [True, False], onoff),  # the first-time tips (game/ui/coach/tips.py)
            ("strength", "settings.strength", list(STRENGTHS), lambda v: t(f"strength.{v}")),
        ]
        if self.app.web:  # the render size; natively the window's own resolution
            rows.insert(-1, ("picture", "settings.picture", list(PICTURES), self.picture_text))
        rows += [  # a player who listens, or who would rather nothing moved (game/ui/access/)
            ("screen_reader", "access.settings.screen_reader", [False, True], onoff),
            ("verbosity", "access.settings.verbosity", list(VERBOSITIES), lambda v: t(f"access.verbosity.{v}")),
            ("reduced_motion", "access.settings.motion", list(REDUCED_MOTION), lambda v: t(f"access.motion.{v}")),
        ]
        return [(key, label, values, fmt, (lambda key=key: i18n.language() if key == "language" else st.get(key))) for key, label, values, fmt in rows]

    def build(self):
        self.widgets = []
        self.choices = []
        for key, label, values, fmt, get in self.rows():
            self.choices.append(RowChoice((0, 0, 300, 44), (lambda label=label: t(label)), values, get,
                                          (lambda v, key=key: self.app.set_setting(key, v)), fmt, name=f"set_{key}"))
        self.address = None
        if not self.app.web:  # natively: the web page that Share links open (the browser shares its own)
            from ..menus.address_row import AddressField

            self.address = AddressField(self.app, (0, 0, 300, 44))
        rows = [*self.choices, *([self.address] if self.address else [])]
        self.widgets = [*rows, Button((0, 0, 260, 52), lambda: t("common.back"), self.back, name="back", primary=True),
                        *menu_page.arrow_buttons(self)]
        self.layout()

    def notes(self) -> dict:
        """The line under a row that says what it does."""
        out = {"set_strength": t("settings.strength_note"), "set_screen_reader": t("access.settings.screen_reader_note")}
        if self.app.web:  # what the picture setting does
            out["set_picture"] = t("settings.picture_note")
        return out

    def blocks(self, width: int) -> list[Block]:
        """A block per row (with its note), and the sample of the card style where it fits."""
        size = label_size(width)
        labels = [w.label() for w in self.choices] + ([self.address.label()] if self.address else [])
        stacked, label_w = arrangement(width, labels, [w.fmt(v) for w in self.choices for v in w._vals()])
        notes = self.notes()
        blocks = []
        for w in self.choices:
            note = notes.get(w.name)

            def height(width, note=note):
                h = row_height(stacked)
                return h + (4 + gfx.wrapped_height(note, NOTE_SIZE, width - label_w, False, 2) if note else 0)

            def place(r, w=w):
                w.stacked, w.label_w, w.label_size = stacked, label_w, size
                w.rect = pygame.Rect(r.left, r.top, r.w, row_height(stacked))

            def draw(surf, r, note=note, w=w):
                if note:
                    box = pygame.Rect(r.left + label_w, w.rect.bottom + 4, r.w - label_w, r.bottom - w.rect.bottom - 4)
                    gfx.blit_wrapped(surf, note, NOTE_SIZE, box, gfx.DIM, line_gap=2)

            blocks.append(Block(height, place, draw, [w], name=w.name))
        if self.address is not None:
            blocks.append(self.address_block(stacked, label_w, size))
        blocks.append(Block(lambda width: 92, draw=self.draw_sample, name="sample", optional=True))
        return blocks

    def address_block(self, stacked: bool, label_w: int, size: int) -> Block:
        """The web page address's row, with the line under it (what it does, or why a typed
        address was not kept, in red)."""
        f = self.address

        def height(width):
            return row_height(stacked) + 4 + f.notes_height(width - label_w, NOTE_SIZE)

        def place(r):
            f.stacked, f.label_w, f.label_size = stacked, label_w, size
            f.rect = pygame.Rect(r.left, r.top, r.w, row_height(stacked))

        def draw(surf, r):
            text, colour = f.note()
            box = pygame.Rect(r.left + label_w, f.rect.bottom + 4, r.w - label_w, r.bottom - f.rect.bottom - 4)
            gfx.blit_wrapped(surf, text, NOTE_SIZE, box, colour, line_gap=2)

        return Block(height, place, draw, [f], name=f.name)

    def layout(self):
        """Columns and pages for the window's shape; the arrows in the bar when there are pages."""
        for kinds in (["wide"], ["wide", "prev", "next"]):
            places = menu_page.bar(kinds)
            area = menu_page.content_rect(places["top"]).inflate(-2 * PAD, -2 * PAD)
            self.pages, self._columns, self._blocks = menu_page.pour(self.blocks, area, (1, 2), 300, menu_page.row_gap(), COL_GAP, 820 - 2 * PAD)
            if self.pages == 1:
                menu_page.centre(self._blocks, area, 1)
                break
        self._label = places["label"]
        back, *arrows = self.widgets[len(self.choices) + (self.address is not None):]
        for w, r in zip([back, *arrows], places["rects"] + [pygame.Rect(0, 0, 0, 0)] * 2):
            w.rect = r
        for w in arrows:
            w.visible = self.pages > 1
        self.show_page(self.page)

    def picture_text(self, value) -> str:
        """Auto shows what it chose once it has."""
        auto = self.app.picture.auto
        if value == "auto" and auto:
            return t("picture.auto_chose", choice=t(f"picture.{auto}"))
        return t(f"picture.{value}")

    def extra_key(self):
        return (self.page, self.pages, self.address.error if self.address else "")

    def draw_sample(self, surf, r):
        """A sample of the card style, centred in its block."""
        w, gap = 60, 6
        x = r.centerx - (len(SAMPLE) * (w + gap) - gap) // 2
        for i, c in enumerate(SAMPLE):
            gfx.draw_card(surf, Card.parse(c), pygame.Rect(x + i * (w + gap), r.top + 4, w, 84))

    def draw(self, surf):
        self.draw_background(surf)
        menu_page.draw_title(surf, t("settings.title"))
        shown = [b for b in self._blocks if b.page == self.page]
        menu_page.draw_blocks(surf, shown, self._columns, PAD)
        super().draw(surf)
        self.draw_page_label(surf, self._label)
