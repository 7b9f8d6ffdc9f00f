"""The lobby: three seats and who sits where (each empty seat a computer's), the rules and
the computers' strength, and, for the host, the invitation (the link, Copy, its QR code)
or the codes by hand, moving people, and Start.

The host chooses how the cards are dealt: fairly (the default: no device sees a hand it
should not, the host's included; game/online/fair) or by the host (faster, and the host's
device holds every hand), and the "Dealing" line says plainly which is on.  Once a fairly
dealt match's table has opened, the room (from the table's menu) shows each seat's signing
key's fingerprint, for people to compare: the same on every screen means no device swapped a key.  Guests see the same
room, read only, until the host starts; the table opens when the match begins.
"""

from __future__ import annotations

from ...engine.rules import RuleSet
from ...i18n import t
from ...online.lobby import DEALINGS, FAIR
from ..constants import STRENGTHS
from ..draw import gfx
from ..menus.menu_rows import RowChoice
from ..registry import register
from ..widgets import Button
from .copying import Copier
from .friends import reason_text
from .menu import OnlineMenu, button_block, buttons_block, code_text_block, head_block, qr_block, row_block, text_block

OPTIONS = (
    ("must_trump", [False, True], "onoff"),
    ("exchange", [True, False], "onoff"),
    ("deals", list(range(3, 61, 3)), "number"),
    ("declare_on", [6, 16], "declare_on"),
    ("contracts_once", [True, False], "yesno"),
)


def option_text(kind: str, key: str, value) -> str:
    if kind == "onoff":
        return t("common.on") if value else t("common.off")
    if kind == "yesno":
        return t("common.yes") if value else t("common.no")
    if kind == "declare_on":
        return t(f"option.declare_on.{value}")
    return str(value)


def seat_kind(game, seat: int) -> str:
    """What sits in `seat`, in words: you, the host, a friend, a computer; away or held."""
    info = game.lobby.seats[seat]
    if seat == game.seat:
        return t("online.seat.you")
    if info.kind == "computer":
        return t("online.seat.computer")
    if info.held:  # (present: a computer took the seat for good, its person kept away from it)
        return t("online.seat.held") if not info.present else t("online.after_late.seat_computer")
    if not info.present:
        return t("online.seat.away")
    return t("online.seat.host") if info.kind == "host" else t("online.seat.friend")


def dealing_line(lobby) -> str:
    """Which way the cards are dealt, in words that say who can see what."""
    return t("online.dealing_fair") if lobby.dealing == FAIR else t("online.dealing_host")


def rules_line(lobby) -> str:
    r = lobby.rules
    return t("online.rules_line", preset=t(f"preset.{r.preset_name}"), deals=r.deals, strength=t(f"strength.{lobby.strength}"))


@register("lobby")
class LobbyScene(OnlineMenu):
    name = "lobby"

    def __init__(self, app, game):
        self.online = game
        self.picked = None  # the seat picked to move (the host taps two seats to swap them)
        self.error = ""
        rules = game.lobby.rules
        self.preset = rules.preset_name
        self.options = {k: getattr(rules, k) for k in RuleSet.OPTIONS}
        self.copier = Copier(app)
        super().__init__(app)

    @property
    def hosting(self) -> bool:
        return self.online.host is not None

    def title(self) -> str:
        return t("online.lobby_title") if self.hosting else t("online.lobby_guest_title")

    # --- widgets -------------------------------------------------------------------------
    def make_widgets(self) -> None:
        game = self.online
        self.seat_buttons = []
        for seat in range(3):
            b = Button((0, 0, 300, 52), (lambda seat=seat: f"{seat + 1}. {game.lobby.seats[seat].name}"),
                       (lambda seat=seat: self.pick(seat)), name=f"seat_{seat}", size=20)
            b.sublabel = seat_kind(game, seat)
            b.selected = self.picked == seat
            self.seat_buttons.append(b)
        self.copy_button = Button((0, 0, 200, 48), lambda: t("online.copy"), self.copy, name="copy", size=18)
        self.codes_button = Button((0, 0, 300, 52), lambda: t("online.add_by_codes"), self.add_by_codes, name="add_by_codes", size=20)
        self.preset_row = RowChoice((0, 0, 300, 44), lambda: t("newgame.rules"), list(RuleSet.PRESETS), lambda: self.preset,
                                    self.set_preset, lambda p: t(f"preset.{p}"), name="preset")
        self.option_rows = [RowChoice((0, 0, 300, 44), (lambda key=key: t(f"option.{key}")), values, (lambda key=key: self.options[key]),
                                      (lambda v, key=key: self.set_option(key, v)), (lambda v, kind=kind, key=key: option_text(kind, key, v)),
                                      name=f"opt_{key}") for key, values, kind in OPTIONS]
        self.strength_row = RowChoice((0, 0, 300, 44), lambda: t("strength.label"), list(STRENGTHS), lambda: game.lobby.strength,
                                      self.set_strength, lambda v: t(f"strength.{v}"), name="strength")
        self.dealing_row = RowChoice((0, 0, 300, 44), lambda: t("online.dealing_label"), list(DEALINGS), lambda: game.lobby.dealing,
                                     self.set_dealing, lambda v: t(f"online.dealing.{v}"), name="dealing")

    def bar_buttons(self) -> list:
        leave = "online.leave" if self.online.session is None else "common.back"
        out = [Button((0, 0, 200, 52), lambda: t(leave), self.back, name="back")]
        if self.hosting and not self.online.started():
            out.append(Button((0, 0, 200, 52), lambda: t("common.start"), self.start, name="start", primary=True))
        return out

    def content_widgets(self) -> list:
        out = []
        if self.hosting:
            if self.online.invite is not None:
                out.append(self.copy_button)
            out.append(self.codes_button)
            out += self.seat_buttons
            if not self.online.started():
                out += [self.dealing_row, self.preset_row, *self.option_rows, self.strength_row]
        return out

    def blocks(self, width: int) -> list:
        game = self.online
        out = []
        if self.hosting:
            out += self.invite_blocks()
            out.append(head_block(t("online.seats"), "seats_head"))
            out[-1].new_column = True  # the seats start a column (or a page) of their own
            out += [button_block(b) for b in self.seat_buttons]
            if not game.started():
                out.append(text_block(t("online.move_hint"), gfx.MUTED, 15, "move_hint"))
        else:
            out.append(head_block(t("online.seats"), "seats_head"))
            out += [text_block(f"{s + 1}. {game.lobby.seats[s].name} · {seat_kind(game, s)}", gfx.CREAM, 17, f"seat_{s}")
                    for s in range(3)]
        out.append(text_block(self.status(), gfx.GOLD, 16, "status"))
        out.append(text_block(dealing_line(game.lobby), gfx.CREAM, 15, "dealing_line"))
        keys = self.fingerprints()
        if keys:
            out.append(text_block(t("online.keys_head"), gfx.CREAM, 15, "keys_head"))
            out += [text_block(f"{s + 1}. {key}", gfx.CREAM, 15, f"key_{s}") for s, key in enumerate(keys)]
        if self.error:
            out.append(text_block(self.error, gfx.BRIGHT_RED, 15, "error"))
        if self.hosting and not game.started():
            rows = [self.dealing_row, self.preset_row, *self.option_rows, self.strength_row]
            labels = [w.label() for w in rows]
            values = [w.fmt(v) for w in rows for v in w._vals()]
            out.append(head_block(t("online.rules_head"), "rules_head"))
            blocks = [row_block(w, labels, values) for w in rows]
            blocks[0].new_column = False
            out += blocks
        else:
            out.append(text_block(rules_line(game.lobby), gfx.CREAM, 16, "rules"))
        return out

    def invite_blocks(self) -> list:
        game = self.online
        out = []
        if game.invite is not None:
            link = game.invite_link()
            problem = game.room_problem()
            out.append(text_block(t("online.invite_note"), gfx.CREAM, 16, "invite_note"))
            out.append(code_text_block(lambda: link, "invite_link", lines=3))
            out.append(buttons_block([self.copy_button], "copy_row"))
            out.append(text_block(lambda: self.copier.status(), gfx.MUTED, 14, "copied"))
            out.append(qr_block(lambda: link, "invite_qr"))
            if problem:
                out.append(text_block(reason_text(problem), gfx.BRIGHT_RED, 15, "room_problem"))
        out.append(button_block(self.codes_button))
        return out

    def status(self) -> str:
        game = self.online
        if game.started():
            return t("online.dealing_now")
        if self.hosting:
            return t("online.host_waiting")
        return t("online.guest_waiting", name=game.lobby.seats[game.lobby.host_seat].name)

    def content_key(self):
        game = self.online
        lobby = game.lobby
        return (tuple((s.kind, s.name, s.present, s.held) for s in lobby.seats), lobby.rules, lobby.strength,
                lobby.dealing, self.fingerprints(), self.picked, self.error, game.started(), game.room_problem(), game.seat, self.copier.status())

    # --- the host's changes -------------------------------------------------------------
    def pick(self, seat: int) -> None:
        if not self.hosting or self.online.started():
            return
        if self.picked is None:
            self.picked = seat
        elif self.picked == seat:
            self.picked = None
        else:
            problem = self.online.host.move(self.picked, seat)
            self.picked = None
            self.error = t("online.cannot") if problem else ""

    def set_preset(self, name: str) -> None:
        self.preset = name
        rules = RuleSet.preset(name)
        self.options = {k: getattr(rules, k) for k in RuleSet.OPTIONS}
        self.apply_rules()

    def set_option(self, key: str, value) -> None:
        self.options[key] = value
        self.apply_rules()

    def apply_rules(self) -> None:
        try:
            rules = RuleSet.preset(self.preset, **self.options)
        except ValueError as exc:
            self.error = t("option.invalid", reason=str(exc))
            return
        self.error = ""
        self.online.host.set_rules(rules)

    def set_strength(self, value: str) -> None:
        self.online.host.set_strength(value)

    def set_dealing(self, value: str) -> None:
        self.online.host.set_dealing(value)

    def fingerprints(self) -> tuple | None:
        """Each seat's signing key's fingerprint once a fairly dealt match's table has opened
        (the room, opened from the table's menu, shows them for as long as people compare).
        Not while the match begins: the lobby is on screen a second or two then, and drawing
        it again whole for them was a browser frame of 100-150 ms as the dealing started."""
        game = self.online
        if game.session is None or game.session.table is None:
            return None
        side = game.host or game.guest
        return side.fingerprints() if side is not None else None

    def copy(self) -> None:
        self.copier.copy(self.online.invite_link())

    def add_by_codes(self) -> None:
        self.app.push_scene("codes", self.online)

    def start(self) -> None:
        if self.error:
            self.app.sound("error")
            return
        problem = self.online.host.start()
        if problem:
            self.error = t("online.cannot")
        self.rebuild()

    def update(self, dt: float) -> None:
        self.copier.update()
        super().update(dt)

    def back(self) -> None:
        """Before the match: leave the room (the others are told), the friends' screen
        again.  Once it has begun (the lobby opened from the table): back to the table."""
        if self.online.session is None:
            self.online.leave()
        super().back()
