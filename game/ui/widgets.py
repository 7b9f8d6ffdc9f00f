"""Buttons, choice selectors and text fields, with hover, focus (arrows/Tab) and Enter."""

from __future__ import annotations

import pygame

from . import gfx


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
    # when its key changed, and only over paint_bounds() (the rect, shadow and focus ring)
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
        self.sublabel = None

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
        if self.focused:
            gfx.rect(surf, gfx.FOCUS, r.inflate(8, 8), 3, border_radius=14)
        if self.icon:
            self.icon(surf, r, fg)
            return
        light = fg == gfx.INK
        label = self.text()
        size = gfx.fit_size(label, self.size, r.w - 20, True)
        if self.sublabel:
            gfx.blit_text(surf, label, size, (r.centerx, r.centery - 9), fg, True, "center", light_bg=light)
            sub = gfx.fit_size(self.sublabel, 15, r.w - 16)
            gfx.blit_text(surf, self.sublabel, sub, (r.centerx, r.centery + 14), fg if self.enabled else gfx.DIM, False, "center", light_bg=light)
        else:
            gfx.blit_text(surf, label, size, r.center, fg, True, "center", light_bg=light)


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
        gfx.blit_text(surf, lab, gfx.fit_size(lab, 22, self.label_w - 12), (r.left, r.centery), gfx.CREAM if self.enabled else gfx.DIM, False, "midleft")
        vr = self.value_rect()
        hot = self.hover or self.focused
        gfx.blit_panel(surf, vr, color=gfx.BUTTON_HOVER if hot else gfx.BUTTON, edge=(110, 180, 140), radius=10, alpha=255, shadow=False)
        if self.focused:
            gfx.rect(surf, gfx.FOCUS, vr.inflate(8, 8), 3, border_radius=14)
        fg = gfx.CREAM if self.enabled else gfx.DIM
        gfx.blit_text(surf, "<", 24, (vr.left + 20, vr.centery), gfx.GOLD if self.enabled else gfx.DIM, True, "center")
        gfx.blit_text(surf, ">", 24, (vr.right - 20, vr.centery), gfx.GOLD if self.enabled else gfx.DIM, True, "center")
        value = self.fmt(self.get())
        gfx.blit_text(surf, value, gfx.fit_size(value, 21, vr.w - 84, True), vr.center, fg, True, "center")


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
        gfx.blit_text(surf, lab, gfx.fit_size(lab, 22, self.label_w - 12), (r.left, r.centery), gfx.CREAM, False, "midleft")
        vr = pygame.Rect(r.left + self.label_w, r.top, r.w - self.label_w, r.h)
        gfx.blit_panel(surf, vr, color=(250, 246, 232), edge=gfx.GOLD if self.editing else (120, 150, 130), radius=8, alpha=255, shadow=False)
        if self.focused:
            gfx.rect(surf, gfx.FOCUS, vr.inflate(8, 8), 3, border_radius=12)
        value = self.get()
        size = gfx.fit_size(value, 22, vr.w - 28)  # a long name in smaller letters, never below 12 px
        tr = gfx.blit_text(surf, value, size, (vr.left + 12, vr.centery), gfx.INK, False, "midleft", light_bg=True)
        if self.editing and (pygame.time.get_ticks() // 500) % 2 == 0:
            gfx.line(surf, gfx.INK, (tr.right + 2, vr.top + 8), (tr.right + 2, vr.bottom - 8), 2)


class Toast:
    """A short message shown over the table, fading out."""

    def __init__(self):
        self.message = ""
        self.time = 0.0
        self.kind = "info"

    def show(self, message: str, seconds: float = 2.6, kind: str = "info") -> None:
        self.message, self.time, self.kind = message, seconds, kind

    def update(self, dt: float) -> None:
        if self.time > 0:
            self.time = max(0.0, self.time - dt)

    @property
    def active(self) -> bool:
        return self.time > 0 and bool(self.message)

    def rect(self, center) -> pygame.Rect:
        """The logical rect the message takes when centred on `center`."""
        img = gfx.text(self.message, 22, gfx.CREAM, True)  # logical size, for the panel
        return img.get_rect(center=center).inflate(40, 20)

    def draw(self, surf, center):
        """Draw centred on `center`; returns the logical rect drawn (None when hidden)."""
        if not self.active:
            return None
        r = self.rect(center)
        edge = gfx.BRIGHT_RED if self.kind == "error" else gfx.GOLD
        gfx.blit_panel(surf, r, color=(60, 20, 24) if self.kind == "error" else gfx.PANEL, edge=edge, radius=12, alpha=240)
        gfx.blit_text(surf, self.message, 22, r.center, gfx.CREAM, True, "center")
        return r
