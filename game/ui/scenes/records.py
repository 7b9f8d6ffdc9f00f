"""Opening and sharing records: the "Replays" scene (pick an exported file, type a path, or
in the browser upload or paste a record or link) and the "Share" scene (the link to copy).

A record that cannot be read shows its error (``line N: ...``) and nothing changes; a good
one opens the replay viewer.  Launch parameters (``--record FILE``, ``record=CODE``, a
page's ``#record=...``) come through `open_launch_record`."""

from __future__ import annotations

import os

import pygame

from ...engine.names import safe_text
from ...i18n import t
from ...records import library
from ...web import bridge
from .. import gfx, screen
from ..menu_layout import bar_top, bottom_bar
from ..record_actions import refusal_text
from ..registry import register
from ..scene import Scene
from ..widgets import Button, TextField, arrow_icon, draw_row_label

ROW_H = 52  # a file of the list: a finger's row with a gap
ARROW = screen.MIN_TARGET  # the list's scroll arrows


def page_places(buttons: int) -> dict:
    """The Replays page on any shape: the title, the panel with the folder's line over the
    files and the path's row with Open and the error's lines (beside the files on a phone
    lying, under them elsewhere), and a bar of `buttons` buttons along the bottom."""
    shape, s = screen.current(), screen.safe()
    big = s.w >= 900 and s.h >= 560
    title = 44 if big else 26 if shape.portrait else 22
    top = s.top + 8 + gfx.line_height(title, True, 0) + 6
    m = 40 if big else 8 if shape.portrait else 12
    panel = pygame.Rect(s.left + m, top, s.w - 2 * m, bar_top(buttons) - 12 - top)
    panel.w = min(panel.w, 1100)
    panel.centerx = s.centerx
    pad = 24 if big else 12
    inner = panel.inflate(-2 * pad, -2 * pad)
    lines = 1 if not shape.portrait and not big else 2
    fs = 17 if big else 15  # the folder's and the error's text
    folder = pygame.Rect(inner.left, inner.top, inner.w, lines * gfx.line_height(fs, True, 2))
    error_h = (2 if big else 3) * gfx.line_height(fs, False, 2)
    open_w = max(96, min(150, inner.w // 4))
    if not shape.portrait and not big:  # a phone lying: the files at the left, the path at the right
        col = max(220, inner.w * 40 // 100)
        folder.w = inner.w - col - 16
        files = pygame.Rect(inner.left, folder.bottom + 6, folder.w, inner.bottom - folder.bottom - 6)
        path = pygame.Rect(inner.right - col, inner.top, col, 48)
        opener = pygame.Rect(path.right - open_w, path.bottom + 8, open_w, 48)
        error = pygame.Rect(path.left, opener.bottom + 8, col, inner.bottom - opener.bottom - 8)
    else:
        error = pygame.Rect(inner.left, inner.bottom - error_h, inner.w, error_h)
        row = pygame.Rect(inner.left, error.top - 8 - 48, inner.w, 48)
        path = pygame.Rect(row.left, row.top, row.w - open_w - 10, row.h)
        opener = pygame.Rect(row.right - open_w, row.top, open_w, row.h)
        files = pygame.Rect(inner.left, folder.bottom + 6, inner.w, row.top - 12 - folder.bottom - 6)
    return {"title": title, "panel": panel, "folder": folder, "files": files, "path": path, "open": opener, "error": error,
            "big": big, "folder_lines": lines, "text": fs}


def open_launch_record(app, source: dict) -> bool:
    """Open the viewer for a launch parameter ({"file": path} or {"code": code}); a bad
    record is reported in a notice over the title, and the title stays."""
    try:
        if "file" in source:
            record = library.read_record_file(source["file"])
        else:
            record = library.read_input(source.get("code", ""))
    except ValueError as exc:
        app.notices.post(t("launch.record_error", reason=refusal_text(exc)), "error", 20.0)
        return False
    app.push_scene("replay", record)
    return True


def web_places(p: dict) -> dict:
    """The browser's Replays panel, top down: what to paste or choose, the Upload button,
    the line while the page's panel is open, the error."""
    panel = p["panel"]
    pad = 24 if p["big"] else 12
    size = 18 if p["big"] else 16
    inner = panel.inflate(-2 * pad, -2 * pad)
    lh = gfx.line_height(size, False, 2)
    text = pygame.Rect(inner.left, inner.top, inner.w, 2 * lh)
    upload = pygame.Rect(0, text.bottom + 10, min(440, inner.w), 64 if p["big"] else 52)
    upload.centerx = inner.centerx
    waiting = pygame.Rect(inner.left, upload.bottom + 10, inner.w, 2 * lh)
    error = pygame.Rect(inner.left, waiting.bottom + 6, inner.w, inner.bottom - waiting.bottom - 6)
    return {"text": text, "upload": upload, "waiting": waiting, "error": error, "size": size}


def path_end(path: str, size: int, room: int) -> str:
    """A long path shown by its end (where the file's name is), after an ellipsis."""
    if gfx.text_width(path, size) <= room:
        return path
    while path and gfx.text_width("…" + path, size) > room:
        path = path[1:]
    return "…" + path


class PathField(TextField):
    """A text field for a file path: long paths show their end; Enter opens the file."""

    def __init__(self, *args, on_enter=None, **kw):
        super().__init__(*args, **kw)
        self.on_enter = on_enter

    def key(self, ev) -> bool:
        if self.editing and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.on_enter is not None:
            self.editing = False
            self.on_enter()
            return True
        return super().key(ev)

    def draw(self, surf) -> None:
        """As a text field draws, the value smaller where the field is narrow (more of the
        path shows) and by its end."""
        r = self.rect
        lab = self.label() if callable(self.label) else self.label
        draw_row_label(surf, lab, r, self.label_w, gfx.CREAM)
        vr = pygame.Rect(r.left + self.label_w, r.top, r.w - self.label_w, r.h)
        gfx.blit_panel(surf, vr, color=(250, 246, 232), edge=gfx.GOLD if self.editing else (120, 150, 130), radius=8, alpha=255, shadow=False)
        gfx.note("target", r, name=self.name)
        if self.focused:
            gfx.rect(surf, gfx.FOCUS, vr.inflate(8, 8), 3, border_radius=12)
        size = 20 if vr.w >= 400 else 16
        shown = path_end(self.get(), size, vr.w - 30)
        tr = gfx.blit_text(surf, shown, size, (vr.left + 12, vr.centery), gfx.INK, False, "midleft", light_bg=True, box=vr)
        if self.editing and (pygame.time.get_ticks() // 500) % 2 == 0:
            gfx.line(surf, gfx.INK, (tr.right + 2, vr.top + 8), (tr.right + 2, vr.bottom - 8), 2)


@register("replays")
class ImportScene(Scene):
    name = "replays"

    def __init__(self, app):
        super().__init__(app)
        self.folder = library.records_dir(app.storage)
        self.files: list[str] = []
        self.first = 0  # the first file shown (the list scrolls)
        self.path = ""
        self.error = ""
        self.waiting = False  # the browser's import panel is open
        self.refresh()

    def refresh(self) -> None:
        self.files = [] if self.app.web else library.list_records(self.folder)
        self.build()

    def resume(self) -> None:
        self.refresh()

    def rebuild(self) -> None:
        self.build()

    def bar_names(self) -> list[str]:
        return ["back"] if self.app.web else ["back", "paste"]

    def shown_rows(self) -> int:
        """How many files the panel shows at once (the rest by the arrows or the wheel)."""
        return max(1, page_places(len(self.bar_names()))["files"].h // ROW_H)

    def build(self) -> None:
        names = self.bar_names()
        p = page_places(len(names))
        self.widgets = []
        if self.app.web:
            self.widgets.append(Button(web_places(p)["upload"], lambda: t("import.upload"), self.upload, name="upload", primary=True))
        else:
            rows, files = self.shown_rows(), p["files"]
            self.first = max(0, min(self.first, len(self.files) - rows))
            more = len(self.files) > rows
            width = files.w - (ARROW + 8 if more else 0)
            for i in range(self.first, min(len(self.files), self.first + rows)):
                label = library.display_name(self.files[i])  # a name that is not UTF-8 shows U+FFFD
                r = pygame.Rect(files.left, files.top + (i - self.first) * ROW_H, width, ROW_H - 6)
                self.widgets.append(Button(r, label, (lambda path=self.files[i]: self.open_file(path)), name=f"file_{i}",
                                           size=18 if p["big"] else 16))
            if more:
                up = pygame.Rect(files.right - ARROW, files.top, ARROW, ARROW)
                down = pygame.Rect(files.right - ARROW, files.top + rows * ROW_H - 6 - ARROW, ARROW, ARROW)
                self.widgets.append(Button(up, "", lambda: self.scroll(-rows), name="files_up", icon=arrow_icon(True)))
                self.widgets.append(Button(down, "", lambda: self.scroll(rows), name="files_down", icon=arrow_icon(False)))
                self.widgets[-2].enabled, self.widgets[-1].enabled = self.first > 0, self.first + rows < len(self.files)
            label_w = min(120, max(56, gfx.text_width(t("import.path"), 18) + 16))
            self.widgets.append(PathField(p["path"], lambda: t("import.path"), lambda: self.path, self._set_path, name="path",
                                          label_w=label_w, max_len=1000, on_enter=lambda: self.open_file(self.path)))
            self.widgets.append(Button(p["open"], lambda: t("import.open"), lambda: self.open_file(self.path),
                                       name="open", primary=True, size=20))
        for name, r in zip(names, bottom_bar(len(names), h=52)):
            if name == "back":
                self.widgets.append(Button(r, lambda: t("common.back"), self.back, name="back"))
            else:
                self.widgets.append(Button(r, lambda: t("import.paste_button"), self.paste, name="paste", size=20))

    def scroll(self, step: int) -> None:
        """Another part of the list (the wheel, the arrows); the focus stays on a button."""
        rows = self.shown_rows()
        first = max(0, min(len(self.files) - rows, self.first + step))
        if first != self.first:
            self.first = first
            focused = self.focused_widget()
            self.build()
            if focused is not None and focused.name in ("files_up", "files_down"):
                self.set_focus(next(w for w in self.widgets if w.name == focused.name))

    def handle(self, inp) -> None:
        if inp.kind == "wheel":
            self.scroll(-(inp.key or 0))
            return
        super().handle(inp)

    def _set_path(self, value: str) -> None:
        self.path = value
        self.error = ""

    # --- opening --------------------------------------------------------------------------
    def open_file(self, path: str) -> bool:
        try:
            record = library.read_record_file(path)
        except ValueError as exc:
            return self.refuse(exc)
        return self.show(record)

    def open_text(self, text: str) -> bool:
        try:
            record = library.read_input(text)
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
        except Exception:  # no clipboard on this system
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
        self.waiting = bridge.open_import_panel(labels)
        if not self.waiting:
            self.error = t("import.error", reason=bridge.NATIVE_MESSAGE)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.waiting:
            got = bridge.poll_import()
            if got is not None:
                self.waiting = False
                kind, text = got
                if kind == "text":
                    self.open_text(text)
                elif kind == "error":
                    self.error = t("import.error", reason=safe_text(text))

    def back(self) -> None:
        if self.waiting:
            bridge.close_import_panel()
            self.waiting = False
        super().back()

    def extra_key(self):
        return (self.error, self.waiting, len(self.files))

    def draw(self, surf) -> None:
        self.draw_background(surf)
        p = page_places(len(self.bar_names()))
        s = screen.safe()
        title = t("import.title")
        gfx.blit_text(surf, title, gfx.fit_size(title, p["title"], s.w - 24, True), (s.centerx, s.top + 10), gfx.GOLD, True, "midtop",
                      shadow=True, width=s.w - 24)
        panel = p["panel"]
        gfx.blit_panel(surf, panel)
        error = p["error"]
        if self.app.web:
            w = web_places(p)
            gfx.blit_wrapped(surf, t("import.paste"), w["size"], w["text"], gfx.CREAM, align="center", line_gap=2, max_lines=2)
            if self.waiting:
                gfx.blit_wrapped(surf, t("import.waiting"), w["size"], w["waiting"], gfx.MUTED, align="center", line_gap=2, max_lines=2)
            error = w["error"]
        else:
            folder = p["folder"]
            head, fs = t("import.folder", folder="").rstrip(), p["text"]
            if p["folder_lines"] == 1:  # "Records in …/records" on one line
                hr = gfx.blit_text(surf, head, fs, folder.topleft, gfx.MUTED, True, width=folder.w // 2, box=folder)
                gfx.blit_text(surf, path_end(safe_text(self.folder, 200), fs, folder.right - hr.right - 8), fs, (hr.right + 8, folder.top), gfx.MUTED,
                              False, box=folder)
            else:
                hr = gfx.blit_text(surf, head, fs, folder.topleft, gfx.MUTED, True, width=folder.w, box=folder)
                gfx.blit_text(surf, path_end(safe_text(self.folder, 200), fs, folder.w), fs, (folder.left, hr.top + gfx.line_height(fs, True, 2)),
                              gfx.MUTED, False, box=folder)
            if not self.files:
                gfx.blit_wrapped(surf, t("import.none"), 17 if p["big"] else 15, p["files"], gfx.CREAM, max_lines=4)
        if self.error:
            gfx.blit_wrapped(surf, self.error, p["text"], error, gfx.BRIGHT_RED, line_gap=2, align="center" if self.app.web else "left",
                             max_lines=max(1, error.h // gfx.line_height(p["text"], False, 2)))
        super().draw(surf)


@register("share")
class ShareScene(Scene):
    name = "share"
    overlay = True

    def __init__(self, app, record):
        super().__init__(app)
        self.fragment = library.share_fragment(record)
        if app.web:  # the page's own address (never its query string) and the game
            self.page = None
            self.link = bridge.page_link(self.fragment)
        else:  # the player's web page address, else the build's, else the code alone
            self.page = library.share_page(app.settings.get("page_address"))
            self.link = library.share_link(record, self.page)
        self.copied = ""  # "", "native", "pending", "ok", "refused"
        self.build()
        self.copy()

    def note(self) -> str:
        """Under the link: whether it is on the clipboard and, natively, where it opens (or
        that the web version opens the code, when no page is known)."""
        note = t({"ok": "share.copied", "native": "share.copied", "refused": "share.refused"}.get(self.copied, "share.copying"))
        if self.app.web:
            return note
        return note + "  " + t("share.page_note" if self.page else "share.no_page")

    def places(self) -> dict:
        """A panel over the screen (most of it on a phone), the link's box in it, the note
        under the box (as many lines as it needs, up to six), the two buttons along the
        panel's bottom."""
        s = screen.safe()
        big = s.w >= 900 and s.h >= 560
        panel = s.inflate(-180, -100) if big else s.inflate(-12, -12)
        panel.w, panel.h = min(panel.w, 1100), min(panel.h, 620)
        panel.center = s.center
        pad = 30 if big else 12
        title = 34 if big else 22
        buttons_h = 52
        bw = min(240, (panel.w - 2 * pad - 12) // 2)
        y = panel.bottom - pad - buttons_h
        copy = pygame.Rect(panel.centerx - 6 - bw, y, bw, buttons_h)
        close = pygame.Rect(panel.centerx + 6, y, bw, buttons_h)
        lines = max(2, min(6, len(gfx.wrap(self.note(), 16, panel.w - 2 * pad))))
        note_h = lines * gfx.line_height(16, False, 2)
        top = panel.top + pad // 2 + gfx.line_height(title, True, 0) + 8
        note = pygame.Rect(panel.left + pad, y - 8 - note_h, panel.w - 2 * pad, note_h)
        box = pygame.Rect(panel.left + pad, top, panel.w - 2 * pad, note.top - 8 - top)
        return {"panel": panel, "title": title, "box": box, "note": note, "copy": copy, "close": close, "pad": pad,
                "note_lines": lines}

    def build(self) -> None:
        p = self.places()
        self.widgets = [
            Button(p["close"], lambda: t("common.back"), self.back, name="close", primary=True),
            Button(p["copy"], lambda: t("share.copy"), self.copy, name="copy"),
        ]

    def rebuild(self) -> None:
        self.build()

    def copy(self) -> None:
        if self.app.web:
            self.copied = "pending" if bridge.copy_text(self.link) else "refused"
            return
        try:  # natively: the SDL clipboard, where there is one
            pygame.scrap.put_text(self.link)
            self.copied = "native"
        except Exception:  # no clipboard (headless): the link is on screen
            self.copied = "refused"

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.copied == "pending":
            self.copied = bridge.clipboard_state() or "pending"

    def extra_key(self):
        return (self.copied, self.link)

    def draw(self, surf) -> None:
        p = self.places()
        panel, inner = p["panel"], p["box"]
        gfx.blit_panel(surf, panel, alpha=255)
        title = t("share.title")
        gfx.blit_text(surf, title, gfx.fit_size(title, p["title"], panel.w - 2 * p["pad"], True), (panel.centerx, panel.top + p["pad"] // 2),
                      gfx.GOLD, True, "midtop", width=panel.w - 2 * p["pad"], box=panel)
        gfx.rect(surf, (250, 246, 232), inner, border_radius=8)
        link = self._breakable(self.link)
        size = 15
        while size > 12 and len(gfx.wrap(link, size, inner.w - 24)) * gfx.line_height(size, False, 2) > inner.h - 16:
            size -= 1
        lines = max(1, (inner.h - 16) // gfx.line_height(size, False, 2))
        gfx.blit_wrapped(surf, link, size, inner.inflate(-24, -16), gfx.INK, line_gap=2, light_bg=True, max_lines=lines)
        gfx.blit_wrapped(surf, self.note(), 16, p["note"], gfx.CREAM, align="center", line_gap=2, max_lines=p["note_lines"])
        super().draw(surf)

    @staticmethod
    def _breakable(link: str) -> str:
        """Spaces every 60 characters so the word wrap can break a link of one word."""
        return " ".join(link[i:i + 60] for i in range(0, len(link), 60))
