"""Short tips the first time something happens in a real game: the first exchange, the
first minimum-tricks contract, the first kitty you pick up, the first time Blato makes you
trump.  Each is shown once (the settings keep the ones seen) and the player can turn them
all off, from the tip itself or in the settings.

A tip is a coach's bubble (bubble.py) over the table, pointing at what it is about.  It
stands in nobody's way: the player's next click or key closes it (and still goes to the
table), and so does the next deal.  Only the phase scenes of a game in progress get
tips: never the guided deal (it teaches all of them), the replay or the menus.
"""

from __future__ import annotations

from ..engine import Phase
from ..engine.cards import SUIT_MASKS
from ..i18n import t

TIPS = ("exchange", "minimum", "kitty", "must_trump")
TABLE_SCENES = ("declare", "exchange", "kitty", "play")


def due(table) -> str | None:
    """The tip the table shows the moment for now (seen or not), or None."""
    v = table.v
    if table.timeline.busy or table.board.dealing or table.private is None:
        return None
    human = table.human
    if v.phase == Phase.EXCHANGE and v.exchange_plan:
        return "exchange"
    if v.phase == Phase.DISCARD and v.to_act == human:
        return "kitty"
    if v.contract == "MT" and v.phase in (Phase.DISCARD, Phase.PLAY):
        return "minimum"
    if (v.phase == Phase.PLAY and v.to_act == human and v.trick and v.rules.must_trump and v.trump >= 0
            and not v.hand_mask & SUIT_MASKS[v.led_suit] and v.hand_mask & SUIT_MASKS[v.trump]):
        return "must_trump"
    return None


def spots(table, name: str) -> list:
    """What the tip is about, and always the hand (the tip must not hide the cards to play)."""
    hand = [r for c, r in table.hand.card_rects() if c is not None]
    out = [hand[0].unionall(hand[1:])] if hand else []
    if name == "exchange":
        out.append(table.exchange_panel.bounds())
    elif name == "minimum":
        out += [p.bounds() for p in table.plates]
    elif name == "kitty":
        from .table import layout

        out.append(layout.now().coach4["discard"])
    return out


class Tips:
    """The tip showing now, if any, and the settings that say which were seen."""

    def __init__(self, app):
        self.app = app
        self.name: str | None = None
        self._bubble = None
        self._table = None
        self._moment = None  # the deal the tip is about
        self._spots_at = None  # ((frame, tip, table), the tip's spots then)

    def enabled(self) -> bool:
        return bool(self.app.settings.get("tips", True))

    def seen(self) -> list:
        return list(self.app.settings.get("tips_seen") or [])

    def update(self, dt: float) -> None:
        scene = self.app.scene
        table = getattr(scene, "table", None)
        if self.name is not None:
            if table is not self._table or table.v.deal_number != self._moment:
                self.close()  # the game is gone, or the moment has passed
            return
        if not self.enabled() or table is None or getattr(scene, "name", "") not in TABLE_SCENES:
            return
        name = due(table)
        if name is None or name in self.seen():
            return
        self.show(name, table)
        self.app.set_setting("tips_seen", self.seen() + [name])  # once: even if the game ends now

    def show(self, name: str, table) -> None:
        """Put tip `name` up over `table` (until the player's next click or key, or the next deal)."""
        self.name, self._table, self._bubble = name, table, None
        self._moment = table.v.deal_number

    def bubble(self):
        scene = self.app.scene
        if self.name is None or getattr(scene, "table", None) is not self._table or getattr(scene, "name", "") not in TABLE_SCENES:
            return None  # the pause menu or the device's cover over the table: the tip waits
        from .bubble import Bubble

        moment = (self.app.frames, self.name, self._table)  # asked three times a frame: the hand's rects once
        if self._spots_at is None or self._spots_at[0] != moment:
            self._spots_at = (moment, spots(self._table, self.name))
        places = self._spots_at[1]
        if self._bubble is None:
            self._bubble = Bubble(t("tip.title"), t(f"tip.{self.name}"),
                                  [("tips_off", t("tip.off"), False), ("ok", t("tip.ok"), True)], places,
                                  modal=False, step=("tip", self.name))
        elif [tuple(r) for r in self._bubble.spots] != [tuple(r) for r in places]:
            self._bubble.spots = [r.copy() for r in places]
        return self._bubble

    def press(self, name: str) -> None:
        if name == "tips_off":
            self.app.set_setting("tips", False)
        self.close()

    def close(self) -> None:
        self.name = self._bubble = self._table = self._moment = None
