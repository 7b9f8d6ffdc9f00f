"""Over the table of a fairly dealt game, once a seat was named late and the deal's score was
shown: how the match goes on.  The host's person chooses (Wait for them, A computer plays
for them, I deal from now on, Stop here), the first choice focused being the one a card
player expects (wait for someone still connected, else the computer: host/after_late.py),
and taken for them when they let the time pass.  Every other screen says the host is
choosing, then what was chosen; a guest may leave at any moment, and the late person whose
seat a computer took is told so and may stay or leave (the late person who plays on as the
host deals is told that too: their device now only sends their own moves).

The state is the OnlineGame's (`after_late`: seat, deal, choice), told by the core's inbox;
this panel only reads it, so it is the same whether it opened before or after the choice.
"""

from __future__ import annotations

import pygame

from ...i18n import t
from ...online.protocol import AFTER_LATE
from ..draw import gfx
from ..menus.menu_layout import grid
from ..registry import register
from ..scene import Scene
from ..widgets import Button
from ..window import screen

TEXT = 17
BUTTON_H = 52
LATE_PERSON = {"computer": "online.after_late.taken", "host": "online.after_late.host_you"}  # what the late one is told


def places(buttons: int, text_h: int) -> dict:
    """The panel, its title, its text and its buttons, centred in the safe area."""
    s = screen.safe()
    low = s.h < 520
    gap = 6 if low else 10
    width = min(600, s.w - 20)
    title_h = 40 if not low else 32
    buttons_h = (BUTTON_H + gap) * buttons - gap
    h = min(title_h + text_h + 16 + buttons_h + 24, s.h - 8)
    panel = pygame.Rect(0, 0, width, h)
    panel.center = s.center
    inner = panel.inflate(-32, 0)
    text = pygame.Rect(inner.left, panel.top + title_h, inner.w, text_h)
    area = pygame.Rect(inner.left, panel.bottom - 14 - buttons_h, inner.w, buttons_h)
    return {"panel": panel, "text": text, "buttons": grid(area, buttons, BUTTON_H, gap, 440, cols=1),
            "title": 26 if not low else 20}


@register("after_late")
class AfterLateScene(Scene):
    name = "after_late"
    overlay = True

    def __init__(self, app, game):
        super().__init__(app)
        self.online = game
        self._key = None
        self.build()

    # --- what it says ------------------------------------------------------------------------
    @property
    def state(self) -> tuple:
        return self.online.after_late or (None, None, None)

    def _names(self) -> tuple:
        lobby = self.online.lobby
        return lobby.names() if lobby is not None else ("", "", "")

    def deciding(self) -> bool:
        """The host's person, while the choice is theirs to make."""
        return self.online.host is not None and self.state[2] is None and self.online.host.after_late.choosing

    def title(self) -> str:
        seat, deal, _choice = self.state
        if seat is None:
            return ""
        return t("online.after_late.title", deal=deal + 1, name=self._names()[seat])

    def text(self) -> str:
        seat, _deal, choice = self.state
        if seat is None:
            return ""
        names = self._names()
        game = self.online
        host = names[game.lobby.host_seat] if game.lobby is not None else ""
        name, you = names[seat], seat == game.seat
        if choice is None:
            if game.host is not None:
                return t("online.after_late.ask", name=name)
            return t("online.after_late.choosing_you" if you else "online.after_late.choosing", host=host, name=name)
        if game.host is not None:
            return t(f"online.after_late.chosen_you.{choice}", name=name)
        if you and choice in LATE_PERSON:
            return t(LATE_PERSON[choice], host=host)
        return t(f"online.after_late.chosen.{choice}", host=host, name=name)

    def actions(self) -> list[tuple]:
        seat, _deal, _choice = self.state
        name = self._names()[seat] if seat is not None else ""
        if self.deciding():
            return [(c, (lambda c=c: t(f"online.after_late.{c}", name=name)), (lambda c=c: self.choose(c)))
                    for c in AFTER_LATE]
        out = [("close", lambda: t("online.after_late.close"), self.back)]
        if self.online.host is None:
            out.append(("leave", lambda: t("online.after_late.leave"), self.leave))
        return out

    # --- the widgets --------------------------------------------------------------------------
    def content_key(self) -> tuple:
        return (self.state, self.deciding(), screen.safe().size)

    def text_height(self) -> int:
        width = min(600, screen.safe().w - 20) - 32
        return min(gfx.wrapped_height(self.text(), TEXT, width, False, 2), 6 * gfx.line_height(TEXT, False, 2))

    def build(self) -> None:
        actions = self.actions()
        p = places(len(actions), self.text_height())
        self.widgets = [Button(r, label, action, name=name, size=18, primary=i == 0 and not self.deciding())
                        for i, ((name, label, action), r) in enumerate(zip(actions, p["buttons"]))]
        if self.deciding():  # the choice a card player expects, focused first
            first = self.online.host.after_late.default()
            self.set_focus(next(w for w in self.widgets if w.name == first))
        self._key = self.content_key()

    def rebuild(self) -> None:
        self.build()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.online.closed or self.online.after_late is None or self.state[2] == "stop":
            if self.app.scene is self:  # (stopped: the final score screen comes; the notice says why)
                self.app.pop()
            return
        if self.content_key() != self._key:
            self.build()

    def extra_key(self):
        return self._key

    # --- what it does -------------------------------------------------------------------------
    def choose(self, choice: str) -> None:
        self.online.choose_after_late(choice)

    def leave(self) -> None:
        """A guest leaves the game, as the pause menu's Leave does."""
        self.online.leave()
        self.app.to_title()

    def back(self) -> None:
        if self.deciding():
            return  # the host's person chooses first (or lets the time choose)
        self.online.after_late = None
        self.app.pop()

    def draw(self, surf) -> None:
        p = places(len(self.widgets), self.text_height())
        panel = p["panel"]
        gfx.blit_panel(surf, panel, alpha=255)
        title = self.title()
        gfx.blit_text(surf, title, gfx.fit_size(title, p["title"], panel.w - 24, True), (panel.centerx, panel.top + 8),
                      gfx.GOLD, True, "midtop", width=panel.w - 24, box=panel)
        gfx.blit_wrapped(surf, self.text(), TEXT, p["text"], gfx.CREAM, line_gap=2, max_lines=6)
        super().draw(surf)
