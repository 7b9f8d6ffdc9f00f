"""Buttons, choice selectors and text fields, with hover, focus (arrows/Tab) and Enter."""

from __future__ import annotations

import pygame

from .draw import gfx


class Widget:
    focusable = True

    def __init__(self, rect, name: str = ""):
        self.rect = pygame.Rect(rect)
        self.name = name  # stable id for tests/automation
        self.enabled = True
        self.visible = True
        self.hover = False
        self.focused = False
        self.tooltip = ""

    def hit(self, pos) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def click(self, pos) -> bool:
        return False

    def activate(self) -> bool:
        return self.click(self.rect.center)

    def adjust(self, step: int) -> bool:
        return False

    def key(self, ev) -> bool:
        return False

    def draw(self, surf) -> None:
        pass

    # what the table's compositor (table/compositor.py) redraws by: a widget is redrawn only
    # when its key changed, and only over paint_bounds() (the rect, shadow and focus ring);
    # its own hover and focus change it, so the table asks for it every frame (not steady)
    steady = False

    def state_key(self):
        return (tuple(self.rect), self.visible, self.enabled, self.hover, self.focused)

    def paint_bounds(self):
        return self.rect.inflate(28, 28)

    def ident(self):
        """The same widget across rebuilds: its type and name (unnamed: the object)."""
        return ("widget", type(self).__name__, self.name) if self.name else id(self)


class Button(Widget):
    def __init__(self, rect, label, on_click=None, name: str = "", primary=False, size=24, icon=None):
        super().__init__(rect, name)
        self.label = label  # str or callable -> str
        self.on_click = on_click
        self.primary = primary
        self.size = size
        self.icon = icon  # callable(surf, rect) drawing extra content
        self.selected = False
        self.sublabel = None  # a line under the label: a str, or a tuple of the same said shorter and shorter

    def text(self) -> str:
        return self.label() if callable(self.label) else self.label

    def state_key(self):
        return (super().state_key(), self.text(), self.primary, self.selected, self.sublabel, self.size, self.icon)

    def click(self, pos) -> bool:
        if not self.enabled:
            return False
        if self.on_click:
            self.on_click()
        return True

    def draw(self, surf) -> None:
        if not self.visible:
            return
        r = self.rect
        if not self.enabled:
            base, edge, fg = gfx.BUTTON_DISABLED, (70, 90, 80), gfx.DIM
        elif self.primary or self.selected:
            base = gfx.BUTTON_PRIMARY_HOVER if (self.hover or self.focused) else gfx.BUTTON_PRIMARY
            edge, fg = (255, 232, 160), gfx.INK
        else:
            base = gfx.BUTTON_HOVER if (self.hover or self.focused) else gfx.BUTTON
            edge, fg = (110, 180, 140), gfx.CREAM
        gfx.blit_panel(surf, r, color=base, edge=edge, radius=10, alpha=255, shadow=True, width=2)
        gfx.note("target", r, name=self.name)
        if self.focused:
            gfx.rect(surf, gfx.FOCUS, r.inflate(8, 8), 3, border_radius=14)
        if self.icon:
            self.icon(surf, r, fg)
            return
        light = fg == gfx.INK
        label = self.text()
        if self.sublabel:
            size = gfx.fit_size(label, self.size, r.w - 20, True, LABEL_MIN)
            said = (self.sublabel,) if isinstance(self.sublabel, str) else self.sublabel  # or the same said shorter and shorter
            sublabel, sub = fit_first(said, 15, r.w - 16)
            gap = max(0, (r.h - size - sub - 6) // 3)
            gfx.blit_text(surf, label, size, (r.centerx, r.top + gap + size // 2 + 1), fg, True, "center", light_bg=light, width=r.w - 16, box=r)
            gfx.blit_text(surf, sublabel, sub, (r.centerx, r.bottom - gap - sub // 2 - 2), fg if self.enabled else gfx.DIM, False, "center",
                          light_bg=light, width=r.w - 12, box=r)
        else:
            draw_label(surf, label, self.size, r, fg, light)


LABEL_MIN = 14  # a button's label shrinks this far to fit, then wraps or is shortened


def fit_first(candidates, size: int, width: int, bold: bool = False, least: int = gfx.MIN_TEXT) -> tuple[str, int]:
    """(text, size) of the first of `candidates` (the same thing said shorter and shorter)
    that fits `width` at a size from `size` down to `least` (then to the floor); else the last.  A
    status keeps its names and numbers whole: its words around them give way instead."""
    for floor in dict.fromkeys((least, gfx.MIN_TEXT)):  # each said shorter at a fair size, then each at the floor
        for text in candidates:
            fitted = gfx.fit_size(text, size, width, bold, min(size, floor))
            if gfx.text_width(text, fitted, bold) <= width:
                return text, fitted
    return candidates[-1], min(size, gfx.MIN_TEXT)


TIGHT_PAD = 5  # a label at the floor may come this close to its button's sides


def draw_label(surf, label: str, size: int, r, fg, light: bool = False, bold: bool = True) -> None:
    """A label centred in `r`: shrunk a little to fit, else on two lines when the button is
    tall enough; then the same at the floor's size with less room at the sides (a button's
    word is what the player presses by: shortened only when nothing else fits)."""
    for inner, least in ((r.w - 16, min(size, LABEL_MIN)), (r.w - 2 * TIGHT_PAD, min(size, gfx.MIN_TEXT))):
        fitted = gfx.fit_size(label, size, inner, bold, least)
        if gfx.text_width(label, fitted, bold) <= inner:
            gfx.blit_text(surf, label, fitted, r.center, fg, bold, "center", light_bg=light, box=r)
            return
        lines = gfx.wrap(label, fitted, inner, bold)
        lh = gfx.line_height(fitted, bold, 2)
        if len(lines) == 2 and 2 * lh + 4 <= r.h and all(gfx.text_width(line, fitted, bold) <= inner for line in lines):
            y = r.centery - lh
            for line in lines:
                gfx.blit_text(surf, line, fitted, (r.centerx, y + lh // 2), fg, bold, "center", light_bg=light, box=r)
                y += lh
            return
    gfx.blit_text(surf, label, fitted, r.center, fg, bold, "center", light_bg=light, width=inner, box=r)


class Choice(Widget):
    """label  ◀ value ▶ — click the arrows (or the value) / left-right keys to change."""

    def __init__(self, rect, label, values, get, set, fmt=str, name: str = "", label_w=300):
        super().__init__(rect, name)
        self.label, self.values, self.get, self.set, self.fmt = label, values, get, set, fmt
        self.label_w = label_w

    def state_key(self):
        lab = self.label() if callable(self.label) else self.label
        return (super().state_key(), lab, self.fmt(self.get()))

    def _vals(self):
        return self.values() if callable(self.values) else self.values

    def adjust(self, step: int) -> bool:
        if not self.enabled:
            return False
        vals = self._vals()
        cur = self.get()
        i = vals.index(cur) if cur in vals else 0
        self.set(vals[(i + step) % len(vals)])
        return True

    def click(self, pos) -> bool:
        if not self.enabled:
            return False
        val_rect = self.value_rect()
        if pos[0] < val_rect.left + 44:
            return self.adjust(-1)
        return self.adjust(1)

    def activate(self) -> bool:
        return self.adjust(1)

    def value_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left + self.label_w, self.rect.top, self.rect.w - self.label_w, self.rect.h)

    def draw(self, surf) -> None:
        if not self.visible:
            return
        r = self.rect
        lab = self.label() if callable(self.label) else self.label
        gfx.note("target", r, name=self.name)
        draw_row_label(surf, lab, r, self.label_w, gfx.CREAM if self.enabled else gfx.DIM)
        vr = self.value_rect()
        hot = self.hover or self.focused
        gfx.blit_panel(surf, vr, color=gfx.BUTTON_HOVER if hot else gfx.BUTTON, edge=(110, 180, 140), radius=10, alpha=255, shadow=False)
        if self.focused:
            gfx.rect(surf, gfx.FOCUS, vr.inflate(8, 8), 3, border_radius=14)
        fg = gfx.CREAM if self.enabled else gfx.DIM
        gfx.blit_text(surf, "<", 24, (vr.left + 20, vr.centery), gfx.GOLD if self.enabled else gfx.DIM, True, "center")
        gfx.blit_text(surf, ">", 24, (vr.right - 20, vr.centery), gfx.GOLD if self.enabled else gfx.DIM, True, "center")
        value = self.fmt(self.get())
        gfx.blit_text(surf, value, gfx.fit_size(value, 21, vr.w - 84, True, LABEL_MIN), vr.center, fg, True, "center", width=vr.w - 80, box=vr)


def draw_row_label(surf, lab: str, r, label_w: int, color) -> None:
    """The label left of a row's value: shrunk a little, then on two lines, then shortened."""
    box = pygame.Rect(r.left, r.top, label_w - 10, r.h)
    size = gfx.fit_size(lab, 22 if r.h >= 44 else 18, box.w, False, LABEL_MIN)
    if gfx.text_width(lab, size) <= box.w:
        gfx.blit_text(surf, lab, size, (r.left, r.centery), color, False, "midleft", box=box)
        return
    lines = gfx.wrap(lab, size, box.w)
    lh = gfx.line_height(size, False, 2)
    if len(lines) == 2 and 2 * lh <= r.h + 4:
        for i, line in enumerate(lines):
            gfx.blit_text(surf, line, size, (r.left, r.centery - lh + lh // 2 + i * lh), color, False, "midleft", width=box.w, box=box)
        return
    gfx.blit_text(surf, lab, size, (r.left, r.centery), color, False, "midleft", width=box.w, box=box)


class TextField(Widget):
    """A one-line text field; what is typed keeps the name rule's characters
    (game/engine/names.py: nothing that draws zero-width, no controls, no suit symbols) and
    at most `max_len` of them (a name's NAME_MAX unless told)."""

    def __init__(self, rect, label, get, set, name: str = "", label_w=300, max_len=None):
        super().__init__(rect, name)
        self.label, self.get, self.set = label, get, set
        self.label_w = label_w
        self.max_len = max_len
        self.editing = False
        self.blink = 0.0

    def click(self, pos) -> bool:
        self.editing = True
        return True

    def state_key(self):
        lab = self.label() if callable(self.label) else self.label
        blink = self.editing and (pygame.time.get_ticks() // 500) % 2 == 0
        return (super().state_key(), lab, self.get(), self.editing, blink)

    def activate(self) -> bool:
        self.editing = not self.editing
        return True

    def key(self, ev) -> bool:
        if not self.editing:
            return False
        if ev.key == pygame.K_BACKSPACE:
            self.set(self.get()[:-1])
            return True
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
            self.editing = False
            return ev.key != pygame.K_TAB
        return ev.key == pygame.K_SPACE  # a space is typed (TEXTINPUT), not a button press

    def text_input(self, s: str) -> bool:
        if not self.editing:
            return False
        from ..engine.names import NAME_MAX, typed  # on the first key: not a module of the start

        self.set((self.get() + typed(s))[: self.max_len or NAME_MAX])
        return True

    def draw(self, surf) -> None:
        r = self.rect
        lab = self.label() if callable(self.label) else self.label
        draw_row_label(surf, lab, r, self.label_w, gfx.CREAM)
        vr = pygame.Rect(r.left + self.label_w, r.top, r.w - self.label_w, r.h)
        gfx.blit_panel(surf, vr, color=(250, 246, 232), edge=gfx.GOLD if self.editing else (120, 150, 130), radius=8, alpha=255, shadow=False)
        gfx.note("target", r, name=self.name)  # after its own value's panel, which lies on it
        if self.focused:
            gfx.rect(surf, gfx.FOCUS, vr.inflate(8, 8), 3, border_radius=12)
        value = self.get()
        # a long name in smaller letters (never below the floor), then shortened with an ellipsis
        size = gfx.fit_size(value, min(22, max(LABEL_MIN, vr.h // 2)), vr.w - 28)
        tr = gfx.blit_text(surf, value, size, (vr.left + 12, vr.centery), gfx.INK, False, "midleft", light_bg=True,
                           width=vr.w - 24, box=vr)
        if self.editing and (pygame.time.get_ticks() // 500) % 2 == 0:
            gfx.line(surf, gfx.INK, (tr.right + 2, vr.top + 8), (tr.right + 2, vr.bottom - 8), 2)


def arrow_icon(up: bool):
    """A Button's icon (Button(..., icon=)): a triangle pointing up or down, for the arrows
    that scroll a list by a finger."""
    def draw(surf, r, fg):
        cx, cy, k = r.centerx, r.centery, 8
        pts = [(cx - k, cy + k // 2), (cx + k, cy + k // 2), (cx, cy - k)] if up else [(cx - k, cy - k // 2), (cx + k, cy - k // 2), (cx, cy + k)]
        pygame.draw.polygon(surf, fg, [gfx.dev_pos(q) for q in pts])
    return draw


TOAST_SIZE = 22


class Toast:
    """A short message shown over the table, fading out."""

    def __init__(self):
        self.message = ""
        self.time = 0.0
        self.kind = "info"
        self.until = None  # a condition that ends the message before its time (it no longer holds)

    def show(self, message: str, seconds: float = 2.6, kind: str = "info", until=None) -> None:
        self.message, self.time, self.kind, self.until = message, seconds, kind, until

    def update(self, dt: float) -> None:
        if self.time > 0:
            self.time = 0.0 if self.until is not None and self.until() else max(0.0, self.time - dt)

    @property
    def active(self) -> bool:
        return self.time > 0 and bool(self.message)

    def lines(self) -> tuple[int, list[str]]:
        """(size, lines) of the message: one line, or wrapped within the screen's width."""
        from .window import screen

        room = screen.safe().w - 56
        size = TOAST_SIZE if screen.current().compact > 0.5 else TOAST_SIZE - 4
        if gfx.text_width(self.message, size, True) <= room:
            return size, [self.message]
        return size, gfx.wrap(self.message, size, room, True)[:3]

    def rect(self, center) -> pygame.Rect:
        """The logical rect the message takes when centred on `center`."""
        size, lines = self.lines()
        lh = gfx.line_height(size, True, 2)
        width = max(gfx.text_width(line, size, True) for line in lines)
        r = pygame.Rect(0, 0, width + 40, lh * len(lines) + 16)
        r.center = (int(center[0]), int(center[1]))
        from .window import screen

        return r.clamp(screen.safe())

    def draw(self, surf, center):
        """Draw centred on `center`; returns the logical rect drawn (None when hidden)."""
        if not self.active:
            return None
        r = self.rect(center)
        edge = gfx.BRIGHT_RED if self.kind == "error" else gfx.GOLD
        gfx.blit_panel(surf, r, color=(60, 20, 24) if self.kind == "error" else gfx.PANEL, edge=edge, radius=12, alpha=240,
                       over="passing")  # over the table on purpose, for a moment: it hides nothing for long
        size, lines = self.lines()
        lh = gfx.line_height(size, True, 2)
        y = r.centery - lh * len(lines) / 2 + lh / 2
        for line in lines:
            gfx.blit_text(surf, line, size, (r.centerx, y), gfx.CREAM, True, "center", width=r.w - 20, box=r)
            y += lh
        return r
