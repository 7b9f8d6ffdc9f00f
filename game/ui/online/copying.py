"""Copy and paste of an invitation or a code: the browser's clipboard (asked through the
page, answered on a later frame) or a paste panel; natively SDL's clipboard.

Why a small object: the lobby and the codes screen both copy, show "Copied" (or why not),
and the codes screen pastes; in tests and the layout check (no clipboard) the text is on
screen and a code is handed in directly (`CodesScene.take_code`).
"""

from __future__ import annotations

import pygame

from ...i18n import t


class Copier:
    def __init__(self, app):
        self.app = app
        self.state = ""  # "", "pending", "ok", "refused"

    def copy(self, text: str) -> None:
        if not text:
            return
        if self.app.web:
            from ...web import bridge

            self.state = "pending" if bridge.copy_text(text) else "refused"
            return
        try:
            pygame.scrap.put_text(text)
            self.state = "ok"
        except Exception:  # no clipboard here: the text is on screen to copy by hand
            self.state = "refused"

    def update(self) -> None:
        if self.state == "pending":
            from ...web import bridge

            self.state = bridge.clipboard_state() or "pending"

    def status(self) -> str:
        return {"ok": t("online.copied"), "refused": t("online.copy_refused"), "pending": t("online.copying")}.get(self.state, "")


class Paster:
    """Natively the clipboard's text at once; in the browser the paste panel, whose text a
    later frame takes (`poll`)."""

    def __init__(self, app):
        self.app = app
        self.waiting = False

    def paste(self) -> str | None:
        """The text now (natively), or None (the browser's panel opened, or nothing)."""
        if self.app.web:
            from ...web import bridge

            labels = {key: t(f"import.{key}") for key in ("paste", "open", "cancel", "too_big", "unreadable")}
            labels["title"] = t("online.paste_title")
            labels["paste"] = t("online.paste_here")
            self.waiting = bridge.open_import_panel(labels)
            return None
        try:
            return (pygame.scrap.get_text() or "").strip() or None
        except Exception:  # no clipboard on this system
            return None

    def poll(self) -> str | None:
        if not self.waiting:
            return None
        from ...web import bridge

        got = bridge.poll_import()
        if got is None:
            return None
        self.waiting = False
        kind, text = got
        return text if kind == "text" else None

    def close(self) -> None:
        if self.waiting:
            from ...web import bridge

            bridge.close_import_panel()
            self.waiting = False
