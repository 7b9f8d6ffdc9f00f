"""One game in progress: the match, the names, the computer players, and its save.

Scenes use ``session.view()`` (the human seat's view) and only public facts of finished
deals (``history()``); hidden cards in engine events are never shown beyond the view.
"""

from __future__ import annotations

import random

from .. import i18n
from ..engine import Match
from .players import make_player

HUMAN = 0


class Session:
    def __init__(self, match, names, strength="normal", human=HUMAN, storage=None):
        self.match = match
        self.names = list(names)
        self.strength = strength
        self.human = human
        self.storage = storage
        self.players = {}
        seed = getattr(match, "seed", None) or 0
        for seat in range(3):
            if seat != human:
                self.players[seat] = make_player(strength, seed=(hash((seed, seat)) & 0x7FFFFFFF))

    @classmethod
    def new(cls, rules=None, seed=None, names=None, strength="normal", storage=None) -> "Session":
        if seed is None:
            seed = random.SystemRandom().randrange(1, 1 << 31)
        match = Match.new(rules=rules, seed=seed)
        return cls(match, names or ["You", "Anna", "Boris"], strength, storage=storage)

    # --- saving ---------------------------------------------------------------------
    def to_save(self) -> dict:
        return {"match": self.match.to_json(), "names": self.names, "strength": self.strength, "human": self.human}

    def save(self) -> bool:
        if self.storage is None:
            return False
        if self.match.phase == "game_over":
            self.storage.clear_game()
            return True
        return self.storage.save_game(self.to_save())

    @classmethod
    def load(cls, storage) -> tuple["Session | None", str | None]:
        """(session, None), (None, None) when there is no save, or (None, message) when the
        save was damaged and has been set aside."""
        try:
            data = storage.load_game_raw()
            if data is None:
                return None, None
            match = Match.from_json(data["match"])
            names = data.get("names") or []
            if not (isinstance(names, list) and len(names) == 3 and all(isinstance(n, str) for n in names)):
                names = [i18n.t("name.you"), i18n.t("name.left"), i18n.t("name.right")]
            human = data.get("human", HUMAN)
            if human not in (0, 1, 2):
                human = HUMAN
            if match.phase == "game_over":
                storage.clear_game()
                return None, None
            return cls(match, names, data.get("strength", "normal"), human, storage), None
        except Exception:
            where = storage.set_aside_game()
            return None, i18n.t("menu.save_damaged", where=where)

    # --- play -----------------------------------------------------------------------
    def view(self):
        return self.match.view(self.human)

    def apply(self, action):
        events = self.match.apply(action)
        self.save()
        return events

    def name(self, seat: int) -> str:
        return self.names[seat]

    def history(self) -> list[dict]:
        """Public facts of the finished deals (no cards)."""
        rows = []
        for d in getattr(self.match, "deals", ()):
            rows.append(
                {
                    "number": d.number,
                    "dealer": d.dealer,
                    "declarer": d.declarer,
                    "contract": d.contract,
                    "targets": tuple(d.targets) if d.targets else (0, 0, 0),
                    "taken": tuple(d.tricks_taken) if d.tricks_taken else (0, 0, 0),
                    "points": tuple(d.points) if d.points else (0, 0, 0),
                }
            )
        return rows
