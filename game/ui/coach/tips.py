"""Short tips the first time something happens in a real game: the first exchange, the
first minimum-tricks contract, the first kitty you pick up, the first time Blato makes you
trump.  Each is shown once (the settings keep the ones seen) and the player can turn them
all off, from the tip itself or in the settings.

A tip is a coach's bubble (bubble.py) over the table, pointing at what it is about.  The
game waits while it shows (no pass, play or animation runs under it, so it keeps its
place); the player's next click or key closes it (and still goes to the table), and so
does the end of the phase it is about.  Tips due at the same moment come one after
another.  Only the phase scenes of a game in progress get tips: never the guided deal
(it teaches all of them), the replay or the menus.
"""

from __future__ import annotations

from ...engine.cards import SUIT_MASKS
from ...i18n import t

TIPS = ("exchange", "minimum", "kitty", "must_trump")
TABLE_SCENES = ("declare", "exchange", "kitty", "play")
LOW_WINDOW = 400  # logical px: lower, no room for a tip beside both what it is about and the hand


def due(table) -> str | None:
    """The first tip for the moment the table shows now (seen or not), or None."""
    return next(iter(all_due(table)), None)


def all_due(table) -> list[str]:
    """Every tip for the moment the table shows now (seen or not), in the order they come."""
    v = table.v
    if table.timeline.busy or table.board.dealing or table.private is None:
        return []
    from ...engine.phases import Phase  # the table loaded it: the start, which loads this module, need not

    human = table.human
    out = []
    if v.phase == Phase.EXCHANGE and v.exchange_plan:
        out.append("exchange")
    if v.phase == Phase.DISCARD and v.to_act == human:
        out.append("kitty")
    if v.contract == "MT" and v.phase in (Phase.DISCARD, Phase.PLAY):
        out.append("minimum")
    if (v.phase == Phase.PLAY and v.to_act == human and v.trick and v.rules.must_trump and v.trump >= 0
            and not v.hand_mask & SUIT_MASKS[v.led_suit] and v.hand_mask & SUIT_MASKS[v.trump]):
        out.append("must_trump")
    return out


def spots(table, name: str) -> list:
    """What the tip is about, first, then the hand (the tip must not hide the cards to play)."""
    from ..table import layout

    out = []
    if name == "exchange":
        out.append(table.exchange_panel.bounds())
    elif name == "minimum":
        out += [p.bounds() for p in table.plates]
    elif name == "kitty":
        out.append(layout.now().coach4["discard"])
    hand = [r for c, r in table.hand.card_rects() if c is not None]
    if hand and layout.now().h >= LOW_WINDOW:  # lower (a small phone lying), the tip may lie over
        out.insert(1 if out else 0, hand[0].unionall(hand[1:]))  # the hand: the table waits for it
    return out


class Tips:
    """The tip showing now, if any, and the settings that say which were seen."""

    def __init__(self, app):
        self.app = app
        self.name: str | None = None
        self._bubble = None
        self._table = None
        self._moment = None  # the deal and phase the tip is about: it goes when they end
        self._spots_at = None  # (the screen's shape, the tip's spots then): one place for its life

    def enabled(self) -> bool:
        return bool(self.app.settings.get("tips", True))

    def seen(self) -> list:
        return list(self.app.settings.get("tips_seen") or [])

    @staticmethod
    def moment(table) -> tuple:
        return table.v.deal_number, table.v.phase

    def update(self, dt: float) -> None:
        scene = self.app.scene
        table = getattr(scene, "table", None)
        if self.name is not None:
            if table is not self._table or self.moment(table) != self._moment:
                self.close()  # the game is gone, or the phase it was about has ended
            return
        if not self.enabled() or table is None or getattr(scene, "name", "") not in TABLE_SCENES:
            return
        name = next((n for n in all_due(table) if n not in self.seen()), None)  # the others wait their turn
        if name is None:
            return
        self.show(name, table)
        self.app.set_setting("tips_seen", self.seen() + [name])  # once: even if the game ends now

    def show(self, name: str, table) -> None:
        """Put tip `name` up over `table` until the player's next click or key, or the end
        of the phase it is about; the table waits for it meanwhile (Guide.holds)."""
        self.name, self._table, self._bubble, self._spots_at = name, table, None, None
        self._moment = self.moment(table)

    def showing_over(self, table) -> bool:
        return self.name is not None and self._table is table and self.bubble() is not None

    def bubble(self):
        scene = self.app.scene
        if self.name is None or getattr(scene, "table", None) is not self._table or getattr(scene, "name", "") not in TABLE_SCENES:
            return None  # the pause menu or the device's cover over the table: the tip waits
        from ..window import screen
        from .bubble import Bubble

        shape = screen.current()  # the spots once per shape: the bubble keeps its place while it shows
        if self._spots_at is None or self._spots_at[0] is not shape:
            self._spots_at = (shape, spots(self._table, self.name))
            if self._bubble is not None:
                self._bubble.spots = [r.copy() for r in self._spots_at[1]]
        if self._bubble is None:
            self._bubble = Bubble(t("tip.title"), t(f"tip.{self.name}"),
                                  [("tips_off", t("tip.off"), False), ("ok", t("tip.ok"), True)], self._spots_at[1],
                                  modal=False, step=("tip", self.name))
        return self._bubble

    def press(self, name: str) -> None:
        if name == "tips_off":
            self.app.set_setting("tips", False)
        self.close()

    def close(self) -> None:
        self.name = self._bubble = self._table = self._moment = self._spots_at = None
