"""The menus' rows on any width: a setting's choice and a name's field with the label beside
the value where the row is wide, above it where it is narrow (a phone upright), and values
that wrap onto two lines rather than being cut."""

from __future__ import annotations

import pygame

from ..draw import gfx
from ..widgets import LABEL_MIN, Choice, TextField, draw_label
from ..window import screen

ROW_H = 44  # a row's value: a finger's target (48 where the window is roomy)
LABEL_ABOVE = 22  # a label above its value
ARROW_ZONE = 26  # the drawn width of a choice's "<" and ">" (a click on the left 44 px goes back)


def roomy() -> bool:
    """A window near the reference design's size: taller rows, larger labels."""
    return screen.current().compact >= 0.75


def value_height() -> int:
    return ROW_H + 4 if roomy() else ROW_H


def label_size(width: int) -> int:
    """One size for every label of a page: smaller in a narrow column."""
    if roomy() and width >= 480:
        return 20
    return 18 if width >= 560 else 16 if width >= 400 else 15


_longest: dict[tuple, int] = {}


def longest_word(texts, size: int, bold: bool = False) -> int:
    """The widest word of `texts`.  Kept: a menu's layout asks it of the same rows for every
    width it tries (the lobby's rules rows: ~4,000 words measured a layout, ~60 ms of a
    browser frame whenever a friend joined or the match began)."""
    key = (tuple(texts), size, bold, gfx.card_style())
    width = _longest.get(key)
    if width is None:
        width = max((gfx.text_width(w, size, bold) for text in texts for w in text.split()), default=0)
        if len(_longest) > 512:
            _longest.clear()
        _longest[key] = width
    return width


_arranged: dict[tuple, tuple[bool, int]] = {}


def arrangement(width: int, labels, values) -> tuple[bool, int]:
    """(stacked, label width) for rows of this width: the label beside the value where the
    longest word of every label and of every value fits on its side (labels wrap onto two
    lines, values too), else the label above the value.  Kept, as longest_word."""
    key = (width, tuple(labels), tuple(values), gfx.card_style())
    found = _arranged.get(key)
    if found is None:
        found = _arrange(width, labels, values)
        if len(_arranged) > 256:
            _arranged.clear()
        _arranged[key] = found
    return found


def _arrange(width: int, labels, values) -> tuple[bool, int]:
    label_need = longest_word(labels, LABEL_MIN) + 20
    value_need = longest_word(values, LABEL_MIN, True) + 2 * ARROW_ZONE + 8
    if label_need + value_need > width:
        return True, 0
    narrowest = max(label_need, min(360, width * 46 // 100))
    for label_w in range(min(narrowest, width - value_need), width - value_need + 1, 8):
        if all(len(gfx.wrap(text, LABEL_MIN, label_w - 16)) <= 2 for text in labels):  # draw_label_beside's room
            return False, label_w
    return True, 0


def row_height(stacked: bool) -> int:
    return value_height() + (LABEL_ABOVE if stacked else 0)


def value_area(r: pygame.Rect, stacked: bool, label_w: int) -> pygame.Rect:
    """Where a row's value goes: under its label (stacked), else right of it."""
    if stacked:
        return pygame.Rect(r.left, r.top + LABEL_ABOVE, r.w, r.h - LABEL_ABOVE)
    return pygame.Rect(r.left + label_w, r.top, r.w - label_w, r.h)


def draw_label_above(surf, text: str, r, color, size: int = 15) -> None:
    box = pygame.Rect(r.left, r.top, r.w, LABEL_ABOVE)
    gfx.blit_text(surf, text, size, (r.left + 2, box.centery - 1), color, False, "midleft", width=r.w - 4, box=box)


def draw_label_beside(surf, text: str, r, label_w: int, color, largest: int) -> None:
    """The label left of a row's value, at the page's size: on one line, else two, else
    shortened with an ellipsis."""
    box = pygame.Rect(r.left, r.top, label_w - 12, r.h)
    for size in range(largest, min(largest, LABEL_MIN) - 1, -1):  # a point or two smaller before an ellipsis
        room = box.w - 4  # drawn at the device's size, a line may come out a pixel or two wider
        lines = [text] if gfx.text_width(text, size) <= room else gfx.wrap(text, size, room)
        lh = gfx.line_height(size, False, 2)
        if len(lines) <= 2 and len(lines) * lh <= r.h + 4:
            break
    else:
        lines = [text]
    y = r.centery - lh * len(lines) // 2 + lh // 2
    for line in lines:
        gfx.blit_text(surf, line, size, (r.left, y), color, False, "midleft", width=box.w - 4, box=box)
        y += lh


class RowChoice(Choice):
    """label  < value >: click the arrows (or the value) or press left/right to change.
    `stacked`: the label on a line above the value."""

    def __init__(self, rect, label, values, get, set, fmt=str, name: str = "", label_w=300, stacked=False):
        super().__init__(rect, label, values, get, set, fmt, name, label_w)
        self.stacked = stacked
        self.label_size = 17

    def value_rect(self) -> pygame.Rect:
        return value_area(self.rect, self.stacked, self.label_w)

    def state_key(self):
        return (super().state_key(), self.stacked, self.label_w, self.label_size)

    def draw(self, surf) -> None:
        if not self.visible:
            return
        r = self.rect
        lab = self.label() if callable(self.label) else self.label
        vr = self.value_rect()
        hot = self.hover or self.focused
        gfx.blit_panel(surf, vr, color=gfx.BUTTON_HOVER if hot else gfx.BUTTON, edge=(110, 180, 140), radius=10, alpha=255, shadow=False)
        gfx.note("target", r, name=self.name)
        color = gfx.CREAM if self.enabled else gfx.DIM
        if self.stacked:
            draw_label_above(surf, lab, r, color, self.label_size)
        elif self.label_w > 0:
            draw_label_beside(surf, lab, r, self.label_w, color, self.label_size)
        if self.focused:
            gfx.rect(surf, gfx.FOCUS, vr.inflate(8, 8), 3, border_radius=14)
        arrow = gfx.GOLD if self.enabled else gfx.DIM
        gfx.blit_text(surf, "<", 22, (vr.left + ARROW_ZONE // 2 + 2, vr.centery), arrow, True, "center", box=vr)
        gfx.blit_text(surf, ">", 22, (vr.right - ARROW_ZONE // 2 - 2, vr.centery), arrow, True, "center", box=vr)
        inner = pygame.Rect(vr.left + ARROW_ZONE - 6, vr.top, vr.w - 2 * ARROW_ZONE + 12, vr.h)
        draw_label(surf, self.fmt(self.get()), 20, inner, color)


class RowField(TextField):
    """A name typed in: the label beside the box or above it (`stacked`)."""

    def __init__(self, rect, label, get, set, name: str = "", label_w=140, stacked=False, max_len=None):
        super().__init__(rect, label, get, set, name, label_w, max_len)
        self.stacked = stacked
        self.label_size = 17

    def box(self) -> pygame.Rect:
        return value_area(self.rect, self.stacked, self.label_w)

    def state_key(self):
        return (super().state_key(), self.stacked, self.label_w, self.label_size)

    def draw(self, surf) -> None:
        if not self.visible:
            return
        r = self.rect
        lab = self.label() if callable(self.label) else self.label
        vr = self.box()
        gfx.blit_panel(surf, vr, color=(250, 246, 232), edge=gfx.GOLD if self.editing else (120, 150, 130), radius=8, alpha=255, shadow=False)
        gfx.note("target", r, name=self.name)
        if self.stacked:
            draw_label_above(surf, lab, r, gfx.CREAM, self.label_size)
        else:
            draw_label_beside(surf, lab, r, self.label_w, gfx.CREAM, self.label_size)
        if self.focused:
            gfx.rect(surf, gfx.FOCUS, vr.inflate(8, 8), 3, border_radius=12)
        value = self.get()
        size = gfx.fit_size(value, 20, vr.w - 28, False, LABEL_MIN)
        tr = gfx.blit_text(surf, value, size, (vr.left + 12, vr.centery), gfx.INK, False, "midleft", light_bg=True, width=vr.w - 28, box=vr)
        if self.editing and (pygame.time.get_ticks() // 500) % 2 == 0:
            x = min(tr.right + 2, vr.right - 8) if value else vr.left + 12
            gfx.line(surf, gfx.INK, (x, vr.top + 8), (x, vr.bottom - 8), 2)
