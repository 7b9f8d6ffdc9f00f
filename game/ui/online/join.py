"""A friend opened the invitation: a name (the name rule), Join, and then the room.

A guest who was in this room before (a reload, a lost connection) has its name and token
kept (keep.py) and joins at once: the host gives the seat back.  No connection within the
link's wait (15 s) is said in plain words, with Try again and the codes by hand.
"""

from __future__ import annotations

from ...i18n import t
from ..draw import gfx
from ..menus.menu_rows import RowField
from ..registry import register
from ..widgets import Button
from . import connection, keep
from .friends import clean, reason_text
from .menu import OnlineMenu, button_block, buttons_block, row_block, text_block
from .net import current


@register("join")
class JoinScene(OnlineMenu):
    name = "join"

    def __init__(self, app, invite):
        self.invite = invite
        self.online = None
        kept = keep.load_guest(app.storage)
        self.typed = kept["name"]
        self.error = ""
        self.started = 0.0
        super().__init__(app)
        back = kept["keep"] is not None and kept["room"] is not None and invite is not None and kept["room"] == invite.room
        if back and clean(self.typed):
            self.join()  # the same room again: the seat back without a question

    def title(self) -> str:
        return t("online.join_title")

    def make_widgets(self) -> None:
        self.name_field = RowField((0, 0, 300, 44), lambda: t("online.your_name"), lambda: self.typed, self._type, name="name")
        self.join_button = Button((0, 0, 300, 52), lambda: t("online.join"), self.join, name="join", primary=True)
        self.retry_button = Button((0, 0, 200, 48), lambda: t("online.retry"), self.retry, name="retry", size=18, primary=True)
        self.codes_button = Button((0, 0, 200, 48), lambda: t("online.use_codes"), self.use_codes, name="use_codes", size=18)

    def state(self) -> str:
        """"damaged" (no invitation), "name" (to type), "connecting" or "failed"."""
        if self.invite is None:
            return "damaged"
        game = self.online
        if game is None:
            return "name"
        return "failed" if game.link_problem() else "connecting"

    def content_widgets(self) -> list:
        state = self.state()
        if state == "name":
            return [self.name_field, self.join_button]
        if state == "failed":
            return [self.retry_button, self.codes_button]
        return []

    def blocks(self, width: int) -> list:
        state = self.state()
        if state == "damaged":
            return [text_block(t("online.invite_damaged"), gfx.CREAM, 17, "damaged")]
        if state == "name":
            out = [text_block(t("online.join_note"), gfx.CREAM, 16, "note"),
                   row_block(self.name_field, [t("online.your_name")], ["Maximiliana"])]
            if self.error:
                out.append(text_block(self.error, gfx.BRIGHT_RED, 15, "error"))
            return out + [button_block(self.join_button)]
        if state == "connecting":
            return [text_block(lambda: t("online.joining", seconds=int(self.time - self.started)), gfx.GOLD, 17, "connecting")]
        return [text_block(reason_text(self.online.link_problem()), gfx.CREAM, 16, "problem"),
                buttons_block([self.retry_button, self.codes_button], "choices")]

    def content_key(self):
        return (self.state(), self.error, int(self.time - self.started) if self.state() == "connecting" else 0)

    # --- actions -----------------------------------------------------------------------------
    def _type(self, value: str) -> None:
        self.typed = value
        self.error = ""

    def join(self) -> None:
        name = clean(self.typed)
        if name is None:
            self.error = t("online.name_needed")
            self.app.sound("error")
            return
        kept = keep.load_guest(self.app.storage)
        if kept["name"] != name:
            keep.save_guest(self.app.storage, name, kept["room"], kept["keep"])
        self.online = connection.OnlineGame.joining(self.app, current(self.app), name, self.invite)
        connection.start(self.app, self.online)
        self.started = self.time

    def retry(self) -> None:
        if self.online is not None and self.online.retry():
            self.started = self.time

    def use_codes(self) -> None:
        game = self.online
        game.link = None
        game.guest = None
        game.invite = None
        game.problem = None
        self.app.stack.replace(self._scene("codes", game))

    def _scene(self, name: str, *args):
        from .. import registry

        return registry.create(name, self.app, *args)

    def update(self, dt: float) -> None:
        game = self.online
        if game is not None and game.guest is not None and game.guest.seat is not None:
            self.app.stack.replace(self._scene("lobby", game))  # welcomed: the room
            return
        super().update(dt)

    def back(self) -> None:
        if self.online is not None:
            self.online.leave()
        super().back()
