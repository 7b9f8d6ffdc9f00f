"""Opening and sharing records: the "Replays" scene (pick an exported file, type a path, or
in the browser upload or paste a record or link) and the "Share" scene (the link to copy).

A record that cannot be read shows its error (``line N: ...``) and nothing changes; a good
one opens the replay viewer.  Launch parameters (``--record FILE``, ``record=CODE``, a
page's ``#record=...``) come through `open_launch_record`."""

from __future__ import annotations

import os

import pygame

from ...records import library as records_io
from ...web import bridge as web_io
from ...engine.names import safe_text
from ...i18n import t
from .. import gfx
from ..record_actions import refusal_text
from ..registry import register
from ..scene import Scene
from ..widgets import Button, TextField

W, H = 1280, 720
LIST_TOP, ROW_H, ROWS = 196, 46, 6


def open_launch_record(app, source: dict) -> bool:
    """Open the viewer for a launch parameter ({"file": path} or {"code": code}); a bad
    record is reported in a notice over the title, and the title stays."""
    try:
        if "file" in source:
            record = records_io.read_record_file(source["file"])
        else:
            record = records_io.read_input(source.get("code", ""))
    except ValueError as exc:
        app.notices.post(t("launch.record_error", reason=refusal_text(exc)), "error", 20.0)
        return False
    app.push_scene("replay", record)
    return True


class PathField(TextField):
    """A text field for a file path: long paths show their end."""

    def draw(self, surf) -> None:
        value = self.get()
        safe_text = value
        room = self.rect.w - self.label_w - 30
        while safe_text and gfx.text_width(safe_text, 22) > room:
            safe_text = safe_text[1:]
        if safe_text != value:
            safe_text = "…" + safe_text[1:]
        real, self.get = self.get, (lambda: safe_text)
        try:
            super().draw(surf)
        finally:
            self.get = real


@register("replays")
class ImportScene(Scene):
    name = "replays"

    def __init__(self, app):
        super().__init__(app)
        self.folder = records_io.records_dir(app.storage)
        self.files: list[str] = []
        self.path = ""
        self.error = ""
        self.waiting = False  # the browser's import panel is open
        self.refresh()

    def refresh(self) -> None:
        self.files = [] if self.app.web else records_io.list_records(self.folder)
        self.build()

    def resume(self) -> None:
        self.refresh()

    def rebuild(self) -> None:
        self.build()

    def build(self) -> None:
        self.widgets = []
        if self.app.web:
            self.widgets.append(Button((W // 2 - 220, 260, 440, 64), lambda: t("import.upload"), self.upload,
                                       name="upload", primary=True))
        else:
            for i, path in enumerate(self.files[:ROWS]):
                label = records_io.display_name(path)  # a name that is not UTF-8 shows U+FFFD
                self.widgets.append(Button((140, LIST_TOP + i * ROW_H, 1000, ROW_H - 6), label,
                                           (lambda path=path: self.open_file(path)), name=f"file_{i}", size=18))
            self.widgets.append(PathField((140, 510, 840, 48), lambda: t("import.path"), lambda: self.path,
                                          self._set_path, name="path", label_w=120, max_len=1000))
            self.widgets.append(Button((1000, 510, 140, 48), lambda: t("import.open"), lambda: self.open_file(self.path),
                                       name="open", primary=True, size=20))
            self.widgets.append(Button((W - 90 - 340, H - 92, 340, 60), lambda: t("import.paste_button"), self.paste,
                                       name="paste", size=20))
        self.widgets.append(Button((90, H - 92, 200, 60), lambda: t("common.back"), self.back, name="back"))

    def _set_path(self, value: str) -> None:
        self.path = value
        self.error = ""

    # --- opening --------------------------------------------------------------------------
    def open_file(self, path: str) -> bool:
        try:
            record = records_io.read_record_file(path)
        except ValueError as exc:
            return self.refuse(exc)
        return self.show(record)

    def open_text(self, text: str) -> bool:
        try:
            record = records_io.read_input(text)
        except ValueError as exc:
            return self.refuse(exc)
        return self.show(record)

    def refuse(self, exc) -> bool:
        self.error = t("import.error", reason=refusal_text(exc) if isinstance(exc, ValueError) else safe_text(str(exc)))
        self.app.sound("error")
        return False

    def show(self, record) -> bool:
        self.error = ""
        self.app.push_scene("replay", record)
        return True

    def paste(self) -> bool:
        """Natively: open what the clipboard holds (a share link or code from the Share
        screen, a record's text, or a file's path)."""
        try:
            text = (pygame.scrap.get_text() or "").strip()
        except Exception:  # noqa: BLE001 - no clipboard on this system
            text = ""
        if not text:
            return self.refuse(t("import.clipboard_empty"))
        if "\n" not in text and os.path.isfile(os.path.expanduser(text)):
            self.path = text
            return self.open_file(text)
        return self.open_text(text)

    def upload(self) -> None:
        labels = {key: t(f"import.{key}") for key in ("title", "paste", "open", "cancel", "too_big", "unreadable")}
        labels["title"] = t("import.upload")
        self.waiting = web_io.open_import_panel(labels)
        if not self.waiting:
            self.error = t("import.error", reason=web_io.NATIVE_MESSAGE)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.waiting:
            got = web_io.poll_import()
            if got is not None:
                self.waiting = False
                kind, text = got
                if kind == "text":
                    self.open_text(text)
                elif kind == "error":
                    self.error = t("import.error", reason=safe_text(text))

    def back(self) -> None:
        if self.waiting:
            web_io.close_import_panel()
            self.waiting = False
        super().back()

    def extra_key(self):
        return (self.error, self.waiting, len(self.files))

    def draw(self, surf) -> None:
        self.draw_background(surf)
        gfx.blit_text(surf, t("import.title"), 44, (W // 2, 30), gfx.GOLD, True, "midtop", shadow=True)
        gfx.blit_panel(surf, pygame.Rect(110, 120, W - 220, 470))
        if self.app.web:
            gfx.blit_wrapped(surf, t("import.paste"), 19, pygame.Rect(180, 160, W - 360, 80), gfx.CREAM, align="center")
            if self.waiting:
                gfx.blit_wrapped(surf, t("import.waiting"), 18, pygame.Rect(180, 350, W - 360, 60), gfx.MUTED, align="center")
        else:
            head = t("import.folder", folder=safe_text(self.folder, 200))
            gfx.blit_text(surf, head, gfx.fit_size(head, 18, W - 300), (140, 140), gfx.MUTED, True)
            if not self.files:
                gfx.blit_wrapped(surf, t("import.none"), 18, pygame.Rect(140, LIST_TOP, 1000, 60), gfx.CREAM)
        if self.error:
            gfx.blit_wrapped(surf, self.error, 17, pygame.Rect(140, 566 if not self.app.web else 420, 1000, 60), gfx.BRIGHT_RED)
        super().draw(surf)


@register("share")
class ShareScene(Scene):
    name = "share"
    overlay = True

    def __init__(self, app, record):
        super().__init__(app)
        self.fragment = records_io.share_fragment(record)
        self.link = web_io.page_link(self.fragment)
        self.copied = ""  # "", "native", "pending", "ok", "refused"
        self.build()
        self.copy()

    def build(self) -> None:
        self.widgets = [
            Button((W // 2 + 10, 600, 220, 54), lambda: t("common.back"), self.back, name="close", primary=True),
            Button((W // 2 - 230, 600, 220, 54), lambda: t("share.copy"), self.copy, name="copy"),
        ]

    def rebuild(self) -> None:
        self.build()

    def copy(self) -> None:
        if self.app.web:
            self.copied = "pending" if web_io.copy_text(self.link) else "refused"
            return
        try:  # natively: the SDL clipboard, where there is one
            pygame.scrap.put_text(self.link)
            self.copied = "native"
        except Exception:  # noqa: BLE001 - no clipboard (headless): the link is on screen
            self.copied = "refused"

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.copied == "pending":
            self.copied = web_io.clipboard_state() or "pending"

    def extra_key(self):
        return (self.copied, self.link)

    def draw(self, surf) -> None:
        box = pygame.Rect(90, 60, W - 180, 620)
        gfx.blit_panel(surf, box, alpha=255)
        gfx.blit_text(surf, t("share.title"), 34, (W // 2, 80), gfx.GOLD, True, "midtop")
        inner = pygame.Rect(120, 140, W - 240, 360)
        gfx.rect(surf, (250, 246, 232), inner, border_radius=8)
        size = 15
        while size > 12 and len(gfx.wrap(self._breakable(self.link), size, inner.w - 24)) * (gfx.font(size).get_linesize() + 2) > inner.h - 16:
            size -= 1
        gfx.blit_wrapped(surf, self._breakable(self.link), size, inner.inflate(-24, -16), gfx.INK, line_gap=2, light_bg=True)
        note = {"ok": "share.copied", "native": "share.copied", "refused": "share.refused"}.get(self.copied, "share.copying")
        text = t(note) + ("" if self.app.web else "  " + t("share.native"))
        gfx.blit_wrapped(surf, text, 17, pygame.Rect(120, 512, W - 240, 80), gfx.CREAM, align="center")
        super().draw(surf)

    @staticmethod
    def _breakable(link: str) -> str:
        """Spaces every 60 characters so the word wrap can break a link of one word."""
        return " ".join(link[i:i + 60] for i in range(0, len(link), 60))
