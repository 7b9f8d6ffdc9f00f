"""Over the table of an online game (the coach bar's button in Undo's place, or key Q): the
quick messages (Well played, Oops, Thanks), who sits where and whether they are here, and
what can be done about the room: the host shows the invitation again (a friend lost it, or
comes back by codes); a guest whose link to the host was lost joins again.
"""

from __future__ import annotations

import pygame

from ...i18n import t
from ...online.protocol import QUICK
from ..draw import gfx
from ..menus.menu_layout import grid
from ..registry import register
from ..scene import Scene
from ..widgets import Button
from ..window import screen
from .lobby import seat_kind

QUICK_KEYS = {pygame.K_1: "well_played", pygame.K_2: "oops", pygame.K_3: "thanks"}


def places(actions: int) -> dict:
    """The panel, its title, the quick messages' row, the seats' lines and the buttons."""
    s = screen.safe()
    low = s.h < 520
    line = gfx.line_height(16, False, 2)
    gap = 6 if low else 10
    width = min(560, s.w - 20)
    quick_cols = 3 if width >= 3 * 120 + 2 * gap + 40 else 1
    quick_h = (52 + gap) * (3 // quick_cols) - gap
    buttons_h = (52 + gap) * actions - gap
    title_h = 44 if not low else 36
    h = title_h + quick_h + 12 + 3 * line + 12 + buttons_h + 20
    panel = pygame.Rect(0, 0, width, min(h, s.h - 8))
    panel.center = s.center
    inner = panel.inflate(-32, 0)
    y = panel.top + title_h
    quick = pygame.Rect(inner.left, y, inner.w, quick_h)
    seats = pygame.Rect(inner.left, quick.bottom + 12, inner.w, 3 * line)
    buttons = pygame.Rect(inner.left, seats.bottom + 12, inner.w, panel.bottom - 14 - seats.bottom - 12)
    return {"panel": panel, "quick": grid(quick, 3, 52, gap, 400, cols=quick_cols), "seats": seats,
            "buttons": grid(buttons, actions, 52, gap, 400, cols=1), "title": 30 if not low else 22}


@register("room")
class RoomScene(Scene):
    name = "room"
    overlay = True

    def __init__(self, app, game):
        super().__init__(app)
        self.online = game
        self.build()

    def actions(self) -> list[tuple]:
        game = self.online
        out = []
        if game.host is not None:
            out.append(("invitation", lambda: t("online.invitation"), self.invitation))
        elif game.guest is not None and game.guest.stage in ("host_away", "turned_away", "closed"):
            out.append(("join_again", lambda: t("online.join_again"), self.join_again))
        out.append(("close", lambda: t("common.back"), self.back))
        return out

    def build(self) -> None:
        actions = self.actions()
        p = places(len(actions))
        self.widgets = [Button(r, (lambda code=code: t(f"online.quick.{code}")), (lambda code=code: self.say(code)), name=f"quick_{code}", size=18)
                        for code, r in zip(QUICK, p["quick"])]
        self.widgets += [Button(r, label, action, name=name, primary=name == "close") for (name, label, action), r in zip(actions, p["buttons"])]
        self._key = self.content_key()

    def rebuild(self) -> None:
        self.build()

    def content_key(self):
        game = self.online
        lobby = game.lobby
        stage = game.guest.stage if game.guest is not None else None
        return (tuple((s.kind, s.name, s.present, s.held) for s in lobby.seats) if lobby else None, stage)

    def say(self, code: str) -> None:
        if self.online.quick(code):
            self.back()
        else:
            self.app.notices.post(t("online.quick_not_sent"), "info", 3.0)

    def invitation(self) -> None:
        self.app.push_scene("lobby", self.online)

    def join_again(self) -> None:
        game = self.online
        if game.invite is not None:
            self.app.push_scene("join", game.invite)
            return
        from . import connection
        from .net import current

        again = connection.OnlineGame.joining(self.app, current(self.app), game.name)
        connection.start(self.app, again)
        self.app.push_scene("codes", again)

    def key(self, inp) -> None:
        code = QUICK_KEYS.get(inp.key)
        if code:
            self.say(code)
        elif inp.key == pygame.K_q:
            self.back()
        else:
            super().key(inp)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.content_key() != self._key:
            self.build()

    def extra_key(self):
        return self._key

    def draw(self, surf) -> None:
        p = places(len(self.actions()))
        panel = p["panel"]
        gfx.blit_panel(surf, panel, alpha=255)
        title = t("online.room_title")
        gfx.blit_text(surf, title, gfx.fit_size(title, p["title"], panel.w - 24, True), (panel.centerx, panel.top + 8), gfx.GOLD, True,
                      "midtop", width=panel.w - 24, box=panel)
        game, box = self.online, p["seats"]
        line = gfx.line_height(16, False, 2)
        if game.lobby is not None:
            for seat in range(3):
                text = f"{seat + 1}. {game.lobby.seats[seat].name} · {seat_kind(game, seat)}"
                r = pygame.Rect(box.left, box.top + seat * line, box.w, line)
                gfx.blit_text(surf, text, 16, r.topleft, gfx.CREAM, width=box.w, box=r)
        super().draw(surf)
