"""Codes carried by hand (for a network where the rooms are blocked, a LAN, the native
window): the host shows an offer code (Copy, QR code) and takes the answer code pasted
back; a guest pastes the offer and shows its answer.  Two codes per guest.

"This network only" makes the codes with no STUN server, so only devices on the same
network meet (game/online/links/ice.py).  A code that cannot be used, or a link that does not
open in time, is said in plain words (reasons.py) with a fresh start offered.
"""

from __future__ import annotations

from ...i18n import t
from ...online.links.transport import CLOSED, OPEN
from ..draw import gfx
from ..menus.menu_rows import RowChoice
from ..registry import register
from ..widgets import Button
from .copying import Copier, Paster
from .friends import reason_text
from .menu import OnlineMenu, buttons_block, code_text_block, qr_block, row_block, text_block


@register("codes")
class CodesScene(OnlineMenu):
    name = "codes"

    def __init__(self, app, game):
        self.online = game
        self.copier = Copier(app)
        self.paster = Paster(app)
        self.link = None
        self.problem = None  # why the last code or link failed
        self.connected = False
        self._accepted = False
        if game.host is not None:
            self.link = game.new_offer()
        super().__init__(app)

    @property
    def hosting(self) -> bool:
        return self.online.host is not None

    def title(self) -> str:
        return t("online.codes_title")

    def my_code(self) -> str:
        return self.link.code if self.link is not None and self.link.state != CLOSED else ""

    # --- widgets -------------------------------------------------------------------------
    def make_widgets(self) -> None:
        self.copy_button = Button((0, 0, 200, 48), lambda: t("online.copy"), self.copy, name="copy", size=18)
        self.paste_button = Button((0, 0, 200, 48), lambda: t("online.paste"), self.paste, name="paste", size=18,
                                   primary=self.waiting_for_paste())
        self.again_button = Button((0, 0, 200, 48), lambda: t("online.new_codes"), self.again, name="again", size=18)
        self.local_row = RowChoice((0, 0, 300, 44), lambda: t("online.local_only"), [False, True], lambda: self.online.local_only,
                                   self.set_local, lambda v: t("common.on") if v else t("common.off"), name="local_only")

    def waiting_for_paste(self) -> bool:
        if self.problem:
            return False
        if self.hosting:
            return bool(self.my_code()) and not self.answered()
        return self.link is None

    def answered(self) -> bool:
        return self.link is not None and self._accepted

    def content_widgets(self) -> list:
        out = []
        if self.my_code():
            out.append(self.copy_button)
        if self.waiting_for_paste():
            out.append(self.paste_button)
        if self.problem:
            out.append(self.again_button)
        if self.can_switch():
            out.append(self.local_row)
        return out

    def can_switch(self) -> bool:
        """"This network only" applies to the next code made: before one is in use."""
        return (self.hosting and not self.answered()) or (not self.hosting and self.link is None)

    def blocks(self, width: int) -> list:
        code = self.my_code()
        out = []
        first, second = ("online.offer_step", "online.paste_answer_step") if self.hosting else ("online.paste_offer_step", "online.answer_step")
        if self.hosting:
            out.append(text_block(t(first), gfx.CREAM, 16, "step1"))
            out += self.code_blocks(code)
            out.append(text_block(t(second), gfx.CREAM, 16, "step2"))
        else:
            out.append(text_block(t(first), gfx.CREAM, 16, "step1"))
            if code or self.link is not None:
                out.append(text_block(t(second), gfx.CREAM, 16, "step2"))
                out += self.code_blocks(code)
        if self.waiting_for_paste():
            out.append(buttons_block([self.paste_button], "paste_row"))
        out.append(text_block(self.status(), gfx.GOLD if not self.problem else gfx.BRIGHT_RED, 16, "status"))
        if self.problem:
            out.append(buttons_block([self.again_button], "again_row"))
        if self.can_switch():
            labels = [t("online.local_only")]
            out.append(row_block(self.local_row, labels, [t("common.on"), t("common.off")]))
            out.append(text_block(t("online.local_note"), gfx.MUTED, 14, "local_note"))
        return out

    def code_blocks(self, code: str) -> list:
        if not code:
            return [text_block(t("online.making_code"), gfx.MUTED, 15, "making")]
        return [code_text_block(lambda: code, "code", lines=3), buttons_block([self.copy_button], "copy_row"),
                text_block(lambda: self.copier.status(), gfx.MUTED, 14, "copied"), qr_block(lambda: code, "code_qr")]

    def status(self) -> str:
        if self.problem:
            return reason_text(self.problem)
        if self.connected:
            return t("online.connected")
        if self.hosting:
            return t("online.connecting") if self.answered() else ""
        if self.link is None:
            return ""
        return t("online.wait_for_friend") if self.my_code() else t("online.making_code")

    def content_key(self):
        return (self.my_code(), self.problem, self.connected, self.answered(), self.link is None, self.online.local_only,
                self.copier.status())

    # --- actions ----------------------------------------------------------------------------
    def copy(self) -> None:
        self.copier.copy(self.my_code())

    def paste(self) -> None:
        text = self.paster.paste()
        if text is not None:
            self.take_code(text)
        elif not self.paster.waiting:
            self.problem = "bad_code"
            self.app.sound("error")

    def take_code(self, text: str) -> None:
        """The other person's code, pasted (tests and tools hand it in here)."""
        self.problem = None
        if self.hosting:
            if self.link is None:
                return
            why = self.link.accept(text)
            if why is None:
                self._accepted = True
            else:
                self.problem = why
                self.app.sound("error")
        else:
            self.link = self.online.answer(text)

    def again(self) -> None:
        """A fresh start: a new offer (host), or paste another offer (guest)."""
        self.problem = None
        self._accepted = False
        if self.hosting:
            if self.link is not None and self.link in self.online.offers:
                self.online.offers.remove(self.link)
                self.link.close()
            self.link = self.online.new_offer()
        else:
            self.link = None

    def set_local(self, value: bool) -> None:
        self.online.local_only = value
        if self.hosting and not self.answered():
            self.again()

    # --- the frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.copier.update()
        pasted = self.paster.poll()
        if pasted is not None:
            self.take_code(pasted)
        link = self.link
        if link is not None and not self.problem:
            error = getattr(link, "code_error", None)
            if self.hosting and error and self.answered():
                self.problem, self._accepted = error, False
            elif link.state == CLOSED:
                self.problem = link.reason or "failed"
            elif link.state == OPEN and self.hosting:
                self.connected = True
        if not self.hosting and self.online.guest is not None and self.online.guest.seat is not None:
            self.app.stack.replace(self.app_scene("lobby"))  # welcomed: the room
            return
        if self.hosting and self.connected and self.app.scene is self:
            self.app.pop()  # the friend is in: back to the lobby
            return
        super().update(dt)

    def app_scene(self, name: str):
        from .. import registry

        return registry.create(name, self.app, self.online)

    def back(self) -> None:
        self.paster.close()
        if self.hosting:
            if self.link is not None and self.link in self.online.offers and not self.answered():
                self.online.offers.remove(self.link)
                self.link.close()
            super().back()
            return
        self.online.leave()  # a guest who goes back from here was never in the room
        super().back()
