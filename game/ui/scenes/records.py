"""Opening and sharing records: the "Replays" scene (the games kept, each game that ended and
each game opened, with natively the record files of the folder, all listed by what they
are: result, rules and date, players; or type a path, or in the browser upload or paste a
record or link) and the "Share" scene (the link to copy, shown whole).

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
from ..draw import gfx
from ..games.record_actions import keep_game, kept_games, refusal_text
from ..menus.menu_layout import bar_top, bottom_bar
from ..registry import register
from ..scene import Scene
from ..widgets import Button, TextField, arrow_icon, draw_row_label
from ..window import screen

ARROW = screen.MIN_TARGET  # the list's scroll arrows
ROW_SIZES = ((16, True), (15, False), (14, False), (14, False))  # a game's lines: result, rules and date, players (two where needed)
ROW_PAD = 6  # above and below a game's lines in its row
ROW_TEXT_X = 12  # a game's lines from its row's sides


def row_height() -> int:
    """A game's row: its four lines and a finger's gap under it."""
    return 2 * ROW_PAD + sum(gfx.line_height(size, bold) for size, bold in ROW_SIZES) + 6


def page_places(buttons: int, web: bool = False) -> dict:
    """The Replays page on any shape: the title; the panel with the games listed (under the
    folder's line natively) and what opens another game: natively the path's row with Open,
    in the browser the words and the Upload button; its error (or, in the browser, the
    line while the page's panel is open) under it.  Beside the games on a phone lying,
    under them elsewhere; a bar of `buttons` buttons along the bottom."""
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
    size = 18 if big else 16  # the browser's words over Upload
    folder = pygame.Rect(inner.left, inner.top, inner.w, 0 if web else lines * gfx.line_height(fs, True, 2))
    error_h = (2 if big else 3) * gfx.line_height(fs, False, 2)
    open_w = max(96, min(150, inner.w // 4))
    lh = gfx.line_height(size, False, 2)
    lying = not shape.portrait and not big
    if lying:  # a phone lying: the games at the left, what opens another at the right
        col = max(220, inner.w * 40 // 100)
        folder.w = inner.w - col - 16
        list_top = folder.bottom + 6 if not web else inner.top
        files = pygame.Rect(inner.left, list_top, folder.w, inner.bottom - list_top)
        right = pygame.Rect(inner.right - col, inner.top, col, inner.h)
        text_h = min(4, len(gfx.wrap(t("import.paste"), size, col))) * lh
    else:
        right = pygame.Rect(inner.left, inner.top, inner.w, inner.h)
        text_h = min(3, len(gfx.wrap(t("import.paste"), size, inner.w))) * lh
    places = {"title": title, "panel": panel, "folder": folder, "big": big, "folder_lines": lines, "text": fs, "size": size}
    if web:
        text = pygame.Rect(right.left, right.top, right.w, text_h)
        upload = pygame.Rect(0, text.bottom + 8, min(440, right.w), 64 if big else 52)
        upload.centerx = right.centerx
        if lying:
            error = pygame.Rect(right.left, upload.bottom + 8, right.w, right.bottom - upload.bottom - 8)
        else:
            error = pygame.Rect(inner.left, inner.bottom - error_h, inner.w, error_h)
            files = pygame.Rect(inner.left, upload.bottom + 12, inner.w, error.top - 8 - upload.bottom - 12)
        return {**places, "files": files, "text_rect": text, "upload": upload, "error": error}
    if lying:
        path = pygame.Rect(right.left, right.top, col, 48)
        opener = pygame.Rect(path.right - open_w, path.bottom + 8, open_w, 48)
        error = pygame.Rect(path.left, opener.bottom + 8, col, inner.bottom - opener.bottom - 8)
    else:
        error = pygame.Rect(inner.left, inner.bottom - error_h, inner.w, error_h)
        row = pygame.Rect(inner.left, error.top - 8 - 48, inner.w, 48)
        path = pygame.Rect(row.left, row.top, row.w - open_w - 10, row.h)
        opener = pygame.Rect(row.right - open_w, row.top, open_w, row.h)
        files = pygame.Rect(inner.left, folder.bottom + 6, inner.w, row.top - 12 - folder.bottom - 6)
    return {**places, "files": files, "path": path, "open": opener, "error": error}


def strength_words(strength: str) -> str:
    key = f"strength.{strength}"
    text = t(key)
    return strength if text == key else text


def result_words(summary) -> str:
    """Won or lost (the player's own game), who won (anyone else's), or how far it went."""
    if summary.winner is None or summary.totals is None:
        return t("replays.unfinished", deals=summary.deals)
    me = summary.person()
    if me is not None:
        return t("replays.won" if summary.winner == me else "replays.lost", points=f"{summary.totals[me]:+d}")
    return t("replays.winner", name=summary.names[summary.winner], points=f"{summary.totals[summary.winner]:+d}")


def rules_words(summary, origin: str) -> str:
    preset = t(f"preset.{summary.preset}") if summary.preset != "?" else "?"
    return " · ".join([preset, summary.date, *([t("replays.imported")] if origin == "imported" else [])])


def players_lines(summary, width: int, size: int) -> list[str]:
    """The opponents of the player's own game (else all three players) with their strength
    (said once when it is the same for all), on one line where it fits, else on two: a
    name is never cut."""
    me = summary.person()
    shown = [seat for seat in range(3) if seat != me]
    strengths = {summary.strengths[seat] for seat in shown} - {"human", "?"}
    same = len(strengths) == 1 and all(summary.strengths[seat] not in ("human", "?") for seat in shown)
    names = [summary.names[seat] + ("" if same or summary.strengths[seat] in ("human", "?")
                                    else f" ({strength_words(summary.strengths[seat])})") for seat in shown]
    tail = f" · {strength_words(next(iter(strengths)))}" if same else ""
    key = "replays.against" if me is not None else "replays.players"
    whole = t(key, players=", ".join(names)) + tail
    if gfx.text_width(whole, size) <= width:
        return [whole]
    return [t(key, players=", ".join(names[:-1]) + ","), names[-1] + tail]


def row_lines(entry, width: int) -> list[str]:
    """What a game's row says, line by line (never the name of a file)."""
    if entry.summary is None:
        return [t("replays.not_record")]
    return [result_words(entry.summary), rules_words(entry.summary, entry.origin),
            *players_lines(entry.summary, width, ROW_SIZES[2][0])]


class Entry:
    """A game the list shows: kept (its code), or a record file of the folder (natively)."""

    def __init__(self, summary, origin: str, code: str = "", path: str = ""):
        self.summary, self.origin, self.code, self.path = summary, origin, code, path

    def when(self) -> str:
        return self.summary.date if self.summary is not None and self.summary.date != "?" else ""


def entries(kept, files) -> list:
    """The files of the folder and the kept games that are in none of them, newest first (a
    game kept and exported once is listed once, as its file)."""
    from ...records.listing import of_file

    shown = [Entry(of_file(path), "file", path=path) for path in files]
    in_files = {e.summary.same_game() for e in shown if e.summary is not None}
    shown += [Entry(k.summary, k.origin, code=k.code) for k in kept if k.summary.same_game() not in in_files]
    return sorted(shown, key=Entry.when, reverse=True)  # stable: the newest of a day first, as kept


class GameRow(Button):
    """A game of the list: its result, its rules and date, its players, on up to four lines."""

    def __init__(self, rect, lines, on_click, name):
        super().__init__(rect, " · ".join(lines), on_click, name=name, size=16)
        self.lines = lines

    def draw(self, surf) -> None:
        if not self.visible:
            return
        r = self.rect
        base = gfx.BUTTON_HOVER if (self.hover or self.focused) else gfx.BUTTON
        gfx.blit_panel(surf, r, color=base, edge=(110, 180, 140), radius=10, alpha=255, shadow=True, width=2)
        gfx.note("target", r, name=self.name)
        if self.focused:
            gfx.rect(surf, gfx.FOCUS, r.inflate(8, 8), 3, border_radius=14)
        y, inner = r.top + ROW_PAD, r.w - 2 * ROW_TEXT_X
        for line, (size, bold), colour in zip(self.lines, ROW_SIZES, (gfx.CREAM, gfx.CREAM, gfx.MUTED, gfx.MUTED)):
            fitted = gfx.fit_size(line, size, inner, bold)
            gfx.blit_text(surf, line, fitted, (r.left + ROW_TEXT_X, y + (size - fitted) // 2), colour, bold, width=inner, box=r)
            y += gfx.line_height(size, bold)


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
    keep_game(app, record, "imported")  # Replays lists it from now on
    app.push_scene("replay", record)
    return True


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
        self.games: list[Entry] = []
        self.first = 0  # the first game shown (the list scrolls)
        self.path = ""
        self.error = ""
        self.waiting = False  # the browser's import panel is open
        self.refresh()

    def refresh(self) -> None:
        files = [] if self.app.web else library.list_records(self.folder)
        self.games = entries(kept_games(self.app), files)
        self.build()

    def resume(self) -> None:
        self.refresh()

    def rebuild(self) -> None:
        self.build()

    def bar_names(self) -> list[str]:
        return ["back"] if self.app.web else ["back", "paste"]

    def places(self) -> dict:
        return page_places(len(self.bar_names()), self.app.web)

    def shown_rows(self) -> int:
        """How many games the panel shows at once (the rest by the arrows or the wheel)."""
        return max(1, (self.places()["files"].h + 6) // row_height())

    def build(self) -> None:
        names = self.bar_names()
        p = self.places()
        self.widgets = []
        if self.app.web:
            self.widgets.append(Button(p["upload"], lambda: t("import.upload"), self.upload, name="upload", primary=True))
        self.build_list(p["files"])
        if not self.app.web:
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

    def build_list(self, files) -> None:
        """A row per game shown, and the arrows when there are more than fit."""
        rows, step = self.shown_rows(), row_height()
        self.first = max(0, min(self.first, len(self.games) - rows))
        more = len(self.games) > rows
        width = files.w - (ARROW + 8 if more else 0)
        for i in range(self.first, min(len(self.games), self.first + rows)):
            r = pygame.Rect(files.left, files.top + (i - self.first) * step, width, step - 6)
            lines = row_lines(self.games[i], r.w - 2 * ROW_TEXT_X)
            self.widgets.append(GameRow(r, lines, (lambda e=self.games[i]: self.open_entry(e)), name=f"file_{i}"))
        if more:
            up = pygame.Rect(files.right - ARROW, files.top, ARROW, ARROW)
            down = pygame.Rect(files.right - ARROW, files.top + rows * step - 6 - ARROW, ARROW, ARROW)
            self.widgets.append(Button(up, "", lambda: self.scroll(-rows), name="files_up", icon=arrow_icon(True)))
            self.widgets.append(Button(down, "", lambda: self.scroll(rows), name="files_down", icon=arrow_icon(False)))
            self.widgets[-2].enabled, self.widgets[-1].enabled = self.first > 0, self.first + rows < len(self.games)

    def scroll(self, step: int) -> None:
        """Another part of the list (the wheel, the arrows); the focus stays on a button."""
        rows = self.shown_rows()
        first = max(0, min(len(self.games) - rows, self.first + step))
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
    def open_entry(self, entry: Entry) -> bool:
        """A game of the list: its file (read and checked again), or its kept code."""
        if entry.path:
            try:
                record = library.read_record_file(entry.path)
            except ValueError as exc:
                return self.refuse(exc)
            return self.show(record)
        try:
            record = library.read_input(entry.code)
        except ValueError as exc:
            return self.refuse(exc)
        return self.show(record)

    def open_file(self, path: str) -> bool:
        try:
            record = library.read_record_file(path)
        except ValueError as exc:
            return self.refuse(exc)
        keep_game(self.app, record, "imported")
        return self.show(record)

    def open_text(self, text: str) -> bool:
        try:
            record = library.read_input(text)
        except ValueError as exc:
            return self.refuse(exc)
        keep_game(self.app, record, "imported")
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
        return (self.error, self.waiting, len(self.games), self.first)

    def draw(self, surf) -> None:
        self.draw_background(surf)
        p = self.places()
        s = screen.safe()
        title = t("import.title")
        gfx.blit_text(surf, title, gfx.fit_size(title, p["title"], s.w - 24, True), (s.centerx, s.top + 10), gfx.GOLD, True, "midtop",
                      shadow=True, width=s.w - 24)
        gfx.blit_panel(surf, p["panel"])
        error, fs = p["error"], p["text"]
        if self.app.web:
            gfx.blit_wrapped(surf, t("import.paste"), p["size"], p["text_rect"], gfx.CREAM, align="center", line_gap=2,
                             max_lines=max(1, p["text_rect"].h // gfx.line_height(p["size"], False, 2)))
            if self.waiting and not self.error:  # the line while the page's panel is open, where an error would be
                gfx.blit_wrapped(surf, t("import.waiting"), fs, error, gfx.MUTED, align="center", line_gap=2,
                                 max_lines=max(1, error.h // gfx.line_height(fs, False, 2)))
        else:
            self.draw_folder(surf, p)
        if not self.games:
            gfx.blit_wrapped(surf, t("replays.none"), 17 if p["big"] else 15, p["files"], gfx.CREAM,
                             max_lines=max(1, p["files"].h // gfx.line_height(17 if p["big"] else 15)))
        if self.error:
            gfx.blit_wrapped(surf, self.error, fs, error, gfx.BRIGHT_RED, line_gap=2, align="center" if self.app.web else "left",
                             max_lines=max(1, error.h // gfx.line_height(fs, False, 2)))
        super().draw(surf)

    def draw_folder(self, surf, p) -> None:
        """Natively: the folder whose record files are listed with the kept games."""
        folder, fs = p["folder"], p["text"]
        head = t("import.folder", folder="").rstrip()
        if p["folder_lines"] == 1:  # "Records in …/records" on one line
            hr = gfx.blit_text(surf, head, fs, folder.topleft, gfx.MUTED, True, width=folder.w // 2, box=folder)
            gfx.blit_text(surf, path_end(safe_text(self.folder, 200), fs, folder.right - hr.right - 8), fs, (hr.right + 8, folder.top), gfx.MUTED,
                          False, box=folder)
        else:
            hr = gfx.blit_text(surf, head, fs, folder.topleft, gfx.MUTED, True, width=folder.w, box=folder)
            gfx.blit_text(surf, path_end(safe_text(self.folder, 200), fs, folder.w), fs, (folder.left, hr.top + gfx.line_height(fs, True, 2)),
                          gfx.MUTED, False, box=folder)


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
        self.top_line = 0  # the first line of the link shown (where the box is too small for all)
        self.build()
        self.copy()

    def note(self, copied: str | None = None) -> str:
        """Under the link: whether it is on the clipboard and, natively, where it opens (or
        that the web version opens the code, when no page is known)."""
        copied = self.copied if copied is None else copied
        note = t({"ok": "share.copied", "native": "share.copied", "refused": "share.refused"}.get(copied, "share.copying"))
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
        # room for the longest note, so that the link's box stays where it is as the copying goes
        lines = max(2, min(6, max(len(gfx.wrap(self.note(c), 16, panel.w - 2 * pad)) for c in ("pending", "ok", "refused"))))
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
        view = self.link_view(p["box"])
        if view["scroll"]:  # the arrows at the box's right, the lines at their left
            arrows = view["arrows"]
            up = pygame.Rect(arrows.left, arrows.top, ARROW, ARROW)
            down = pygame.Rect(arrows.left, arrows.bottom - ARROW, ARROW, ARROW)
            self.widgets.append(Button(up, "", lambda: self.scroll(-1), name="link_up", icon=arrow_icon(True)))
            self.widgets.append(Button(down, "", lambda: self.scroll(1), name="link_down", icon=arrow_icon(False)))
            self.top_line = max(0, min(self.top_line, len(view["lines"]) - view["rows"]))
            self.widgets[-2].enabled = self.top_line > 0
            self.widgets[-1].enabled = self.top_line + view["rows"] < len(view["lines"])

    def link_view(self, box) -> dict:
        """The link cut into lines that fit the box (a link has no spaces to wrap at): at the
        largest size from 15 down to 12 where all of it fits; else at 14, a part at a time,
        with arrows to scroll."""
        text = pygame.Rect(box).inflate(-24, -16)
        key = (self.link, tuple(text))
        if getattr(self, "_view", (None,))[0] == key:
            return self._view[1]
        for size in (15, 14, 13, 12):
            lines, lh = link_lines(self.link, size, text.w - LINK_SLACK), gfx.line_height(size, False, 2)
            if len(lines) * lh <= text.h:
                view = {"size": size, "lines": lines, "rows": len(lines), "text": text, "scroll": False}
                break
        else:
            size = 14
            lh = gfx.line_height(size, False, 2)
            room = pygame.Rect(text.left, text.top, text.w - ARROW - 8, text.h)
            arrows = pygame.Rect(text.right - ARROW, box.top + 8, ARROW, box.h - 16)
            view = {"size": size, "lines": link_lines(self.link, size, room.w - LINK_SLACK), "rows": max(1, text.h // lh),
                    "text": room, "scroll": True, "arrows": arrows}
        self._view = (key, view)
        return view

    def scroll(self, direction: int) -> None:
        """The next (or the previous) part of the link, the last line of one the first of the next."""
        view = self.link_view(self.places()["box"])
        step = max(1, view["rows"] - 1)
        top = max(0, min(len(view["lines"]) - view["rows"], self.top_line + direction * step))
        if view["scroll"] and top != self.top_line:
            self.top_line = top
            focused = self.focused_widget()
            self.build()
            if focused is not None and focused.name in ("link_up", "link_down"):
                self.set_focus(next(w for w in self.widgets if w.name == focused.name))

    def handle(self, inp) -> None:
        if inp.kind == "wheel":
            self.scroll(-1 if (inp.key or 0) > 0 else 1)
            return
        super().handle(inp)

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
        return (self.copied, self.link, self.top_line)

    def draw(self, surf) -> None:
        p = self.places()
        panel, box = p["panel"], p["box"]
        gfx.blit_panel(surf, panel, alpha=255)
        title = t("share.title")
        gfx.blit_text(surf, title, gfx.fit_size(title, p["title"], panel.w - 2 * p["pad"], True), (panel.centerx, panel.top + p["pad"] // 2),
                      gfx.GOLD, True, "midtop", width=panel.w - 2 * p["pad"], box=panel)
        gfx.rect(surf, (250, 246, 232), box, border_radius=8)
        view = self.link_view(box)
        lh, text = gfx.line_height(view["size"], False, 2), view["text"]
        shown = view["lines"][self.top_line:self.top_line + view["rows"]] if view["scroll"] else view["lines"]
        for i, line in enumerate(shown):
            gfx.blit_text(surf, line, view["size"], (text.left, text.top + i * lh), gfx.INK, light_bg=True, box=text)
        gfx.blit_wrapped(surf, self.note(), 16, p["note"], gfx.CREAM, align="center", line_gap=2, max_lines=p["note_lines"])
        super().draw(surf)


LINK_SLACK = 4  # a line of the link measured this much narrower than its box: drawn at the screen's scale it may come out wider


def link_lines(link: str, size: int, width: int) -> list[str]:
    """`link` in lines of as many characters as fit `width`, in order: every character is on
    a line, none is cut off."""
    lines, i = [], 0
    while i < len(link):
        lo, hi = 1, min(len(link) - i, 400)
        while lo < hi:  # the longest part from i that fits
            mid = (lo + hi + 1) // 2
            if gfx.text_width(link[i:i + mid], size) <= width:
                lo = mid
            else:
                hi = mid - 1
        lines.append(link[i:i + lo])
        i += lo
    return lines
