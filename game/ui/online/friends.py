""""Play with friends": the name this person plays under, then make a room (an invitation
by link, in the page), invite by codes carried by hand, join by codes, or go on with the
game this device hosted before.

Natively there are no rooms by link (docs/ONLINE.md, "Rooms are the page's alone"), and
without the ``online`` extra this screen says how to get it and offers nothing else.
"""

from __future__ import annotations

from ...i18n import t
from ..draw import gfx
from ..menus.menu_rows import RowChoice, RowField
from ..registry import register
from ..widgets import Button
from . import connection, keep
from .menu import OnlineMenu, button_block, row_block, text_block
from .net import current


def clean(name: str) -> str | None:
    """The name as it will be shown, or None when the name rule refuses it."""
    from ...engine.names import clean_name, is_name

    name = (name or "").strip()
    return clean_name(name, "") if name and is_name(name) else None


@register("friends")
class FriendsScene(OnlineMenu):
    name = "friends"

    def __init__(self, app):
        self.net = current(app)
        self.problem = self.net.problem()
        kept = keep.load_guest(app.storage)["name"]
        self.typed = kept or (app.games.names()[0] if app.settings.get("names") else "")
        self.local_only = False
        self.error = ""
        self.saved = keep.load_host(app.storage)
        super().__init__(app)

    def title(self) -> str:
        return t("online.title")

    def saved_info(self) -> str:
        try:
            match = self.saved["host"]["match"]
            from ...engine import Match

            m = Match.from_json(match)
            return t("menu.continue_info", deal=m.deal_number + 1, deals=m.rules.deals, preset=t(f"preset.{m.rules.preset_name}"))
        except Exception:  # a damaged save: resuming says so
            return ""

    def make_widgets(self) -> None:
        self.name_field = RowField((0, 0, 300, 44), lambda: t("online.your_name"), lambda: self.typed, self._type, name="name")
        self.local_row = RowChoice((0, 0, 300, 44), lambda: t("online.local_only"), [False, True], lambda: self.local_only,
                                   self._set_local, lambda v: t("common.on") if v else t("common.off"), name="local_only")
        saved = self.saved is not None
        self.continue_button = Button((0, 0, 300, 52), lambda: t("online.continue"), self.resume, name="continue", primary=True)
        self.continue_button.sublabel = self.saved_info() if saved else None
        self.room_button = Button((0, 0, 300, 52), lambda: t("online.make_room"), self.make_room, name="make_room", primary=not saved)
        self.offer_button = Button((0, 0, 300, 52), lambda: t("online.host_codes"), self.host_codes, name="host_codes",
                                   primary=not saved and not self.net.rooms)
        self.answer_button = Button((0, 0, 300, 52), lambda: t("online.join_codes"), self.join_codes, name="join_codes")

    def content_widgets(self) -> list:
        if self.problem:
            return []
        out = [self.name_field]
        if self.saved is not None:
            out.append(self.continue_button)
        if self.net.rooms:
            out.append(self.room_button)
        return out + [self.offer_button, self.answer_button, self.local_row]

    def blocks(self, width: int) -> list:
        if self.problem:
            return [text_block(self.problem_text(), gfx.CREAM, 17, "problem")]
        labels = [t("online.your_name"), t("online.local_only")]
        values = [t("common.on"), t("common.off"), "Maximiliana"]
        out = [row_block(self.name_field, labels, values)]
        if self.error:
            out.append(text_block(self.error, gfx.BRIGHT_RED, 15, "error"))
        if self.saved is not None:
            out.append(button_block(self.continue_button))
        if self.net.rooms:
            out += [button_block(self.room_button), text_block(t("online.room_note"), gfx.MUTED, 15, "room_note")]
        out += [button_block(self.offer_button, new_column=True), button_block(self.answer_button),
                row_block(self.local_row, labels, values), text_block(t("online.codes_note"), gfx.MUTED, 15, "codes_note")]
        return out

    def problem_text(self) -> str:
        from ...online.links.native import INSTALL_HINT

        if self.net.rooms:
            return t(f"online.reason.{self.problem}") if self.problem in REASONS else t("online.reason.failed")
        return t("online.native_extra", command=INSTALL_HINT)

    def content_key(self):
        return (self.error, self.saved is not None)

    # --- input --------------------------------------------------------------------------
    def _type(self, value: str) -> None:
        self.typed = value
        self.error = ""

    def _set_local(self, value: bool) -> None:
        self.local_only = value

    def player_name(self) -> str | None:
        name = clean(self.typed)
        if name is None:
            self.error = t("online.name_needed")
            self.app.sound("error")
            return None
        kept = keep.load_guest(self.app.storage)
        keep.save_guest(self.app.storage, name, kept["room"], kept["keep"])
        return name

    def _start(self, game, scene: str, *args) -> None:
        game.local_only = self.local_only
        connection.start(self.app, game)
        self.app.push_scene(scene, game, *args)

    def make_room(self) -> None:
        name = self.player_name()
        if name:
            self._start(connection.OnlineGame.hosting(self.app, self.net, name, by_link=True), "lobby")

    def host_codes(self) -> None:
        name = self.player_name()
        if name:
            game = connection.OnlineGame.hosting(self.app, self.net, name, by_link=False)
            game.local_only = self.local_only
            connection.start(self.app, game)
            self.app.push_scene("lobby", game)
            self.app.push_scene("codes", game)

    def join_codes(self) -> None:
        name = self.player_name()
        if name:
            self._start(connection.OnlineGame.joining(self.app, self.net, name), "codes")

    def resume(self) -> None:
        game = connection.OnlineGame.resumed(self.app, self.net, self.saved)
        if game is None:
            self.saved = None
            self.error = t("online.save_damaged")
            self.rebuild()
            return
        connection.start(self.app, game)
        game.poll()  # the table opens: the match is there


REASONS = ("timeout", "ice_failed", "rendezvous_unreachable", "no_host", "wrong_key", "no_rendezvous", "bad_code",
           "wrong_code", "code_too_long", "closed", "lost", "closed_here", "replaced", "no_webrtc", "no_shim", "failed",
           "not_waiting")


def reason_text(code: str | None) -> str:
    """A link's reason (game/online/links/reasons.py) in plain words, with what to try."""
    return t(f"online.reason.{code}") if code in REASONS else t("online.reason.failed")
