"""Auto-play of forced moves (a setting, on by default): when the human has exactly one
legal card, it is played after a short pause scaled by the speed setting, so the player
sees it is their turn and which card had to go."""

from __future__ import annotations

from ...ai.players import view_key
from ...engine import Phase

PAUSE = 0.6  # s at normal speed


class ForcedMove:
    def __init__(self, table):
        self.table = table
        self._key = None
        self.wait = 0.0

    def enabled(self) -> bool:
        return bool(self.table.app.settings.get("autoplay", True))

    def forced_action(self):
        """The one legal card of the human's turn, or None (a real decision, or not a card)."""
        table = self.table
        v = table.v
        if not table.my_turn() or v.phase not in (Phase.PLAY, Phase.EXCHANGE) or len(v.legal) != 1:
            return None
        action = v.legal[0]
        return action if action.card is not None else None

    def update(self, dt: float) -> None:
        action = self.forced_action() if self.enabled() else None
        if action is None:
            self._key = None
            return
        key = view_key(self.table.v)
        if key != self._key:
            self._key = key
            self.wait = PAUSE * self.table.app.speed
        if self.wait > 0:
            self.wait -= dt
            return
        self._key = None
        self.table.act(action)
