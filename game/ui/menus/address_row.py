"""The settings' "Web page address" row (natively): the page that Share links open.

Why a field of its own: an address is typed (or pasted with Ctrl+V) as a draft and kept
only when the typing ends (Enter, Tab, a click elsewhere) and it is a web page's address
(game/records/library.page_address: http(s), a host; its query and fragment dropped).
Anything else is refused with a translated line under the row, and the stored address is
unchanged; Esc puts the stored one back.  Empty means the build's own address
(game/records/published.py), or none: then Share gives a code for the web version."""

from __future__ import annotations

import pygame

from ...i18n import t
from ..draw import gfx
from .menu_rows import RowField

KEY = "page_address"
MAX_LEN = 500  # the longest address kept (game/records/library.ADDRESS_MAX)


class AddressField(RowField):
    """A RowField over a draft of the address, kept in the settings when the typing ends."""

    def __init__(self, app, rect, name: str = "set_page_address"):
        self.app = app
        self.draft = app.settings.get(KEY) or ""
        self.error = ""
        super().__init__(rect, lambda: t("settings.page_address"), lambda: self.draft, self._type, name=name, max_len=MAX_LEN)

    def _type(self, value: str) -> None:
        self.draft = value
        self.error = ""

    # editing ends however it ends (Enter, Tab, a click elsewhere): the draft is checked then
    @property
    def editing(self) -> bool:
        return getattr(self, "_editing", False)

    @editing.setter
    def editing(self, value: bool) -> None:
        was, self._editing = self.editing, bool(value)
        if was and not self._editing:
            self.commit()

    def commit(self) -> bool:
        """Keep the draft if it is empty or a web page's address (in its normal form); else
        say why under the row and keep the stored address."""
        from ...records.library import page_address

        text = self.draft.strip()
        address = page_address(text) if text else ""
        if address is None:
            self.error = t("settings.page_error")
            return False
        self.draft, self.error = address, ""
        if address != (self.app.settings.get(KEY) or ""):
            self.app.set_setting(KEY, address)
        return True

    def key(self, ev) -> bool:
        if not self.editing:
            return False
        if ev.key == pygame.K_ESCAPE:  # the typing is dropped: the stored address again
            self.draft, self.error, self._editing = self.app.settings.get(KEY) or "", "", False
            return True
        if ev.key == pygame.K_v and ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            return self.paste()
        return super().key(ev)

    def paste(self) -> bool:
        """Ctrl+V: the clipboard's text at the end of the draft (a copied address)."""
        try:
            text = pygame.scrap.get_text() or ""
        except Exception:  # no clipboard on this system: nothing is pasted
            text = ""
        self.text_input(" ".join(text.split()))
        return True

    def note(self) -> tuple[str, tuple]:
        """The line under the row: why the draft was not kept, else what the address does."""
        if self.error:
            return self.error, gfx.BRIGHT_RED
        from ...records import published
        from ...records.library import page_address

        default = page_address(published.PAGE_ADDRESS)
        empty = t("settings.page_default", address=default) if default else t("settings.page_none")
        return t("settings.page_note") + " " + empty, gfx.DIM

    def notes_height(self, width: int, size: int) -> int:
        """The room the line under the row needs at most (the note or the error)."""
        saved, self.error = self.error, ""
        note = self.note()[0]
        self.error = saved
        return max(gfx.wrapped_height(note, size, width, False, 2), gfx.wrapped_height(t("settings.page_error"), size, width, False, 2))
