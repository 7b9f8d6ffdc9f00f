"""Starting, resuming and showing a game (the App's part that makes a Session and puts its
table on screen).  Mixed into the App."""

from __future__ import annotations

import sys

from .. import i18n
from . import preload, registry
from .flow import scene_for
from .frame import TABLE_PARTS, table_steps
from .session import Session, valid_names


class GamesMixin:
    _game_waiting = None  # a game asked for before its modules were loaded (the browser)

    def wait_for_table(self, then) -> bool:
        """In the browser a game asked for before the title's warm-up has loaded what it
        needs waits for it, one module a frame (each import is one task: all at once took
        3-4 s at 4x, and the new game's first frames were lost); `then` starts it.  True
        when it waits (natively never: imports are quick there)."""
        missing = [m for m in TABLE_PARTS if m not in sys.modules]
        if not self.web or not missing:
            return False
        asked_again = self._game_waiting is not None
        self._game_waiting = (self.scene, then)  # asked from this screen: left, the game is not started
        if not asked_again:  # what it needs first (Start pressed again changes nothing)
            steps = getattr(self, "_warm_modules", [])
            first = [s for s in table_steps(missing) if not s.startswith("compile:") or preload.compile_needed(s[8:])]
            steps[:] = first + [s for s in steps if s not in first]
        return True

    def start_waiting_game(self) -> None:
        """Each frame: start the game that waited once what it needs is loaded (not if the
        player has left the screen that asked for it)."""
        waiting = self._game_waiting
        if waiting is None:
            return
        if waiting[0] is not self.scene:
            self._game_waiting = None
        elif all(m in sys.modules for m in TABLE_PARTS):
            self._game_waiting = None
            waiting[1]()

    def open_game(self, session) -> None:
        """Show a game: its table in the scene for its phase, the only scene above the title."""
        from .table import Table  # loaded while the title waits

        table = Table(self, session)
        table.start()
        self.reset_to(registry.create(scene_for(table.v.phase, table.board.dealing), self, table))

    def start_new_game(self, seed=None, rules=None, names=None, strength=None, humans=None) -> None:
        if self.wait_for_table(lambda: self.start_new_game(seed, rules, names, strength, humans)):
            return
        if seed is None and isinstance(self.params.get("seed"), int):
            seed = self.params.pop("seed")  # an embedding page's seed: the first game only
        session = Session.new(
            rules=rules or self.current_rules(),
            seed=seed,
            names=names or self.player_names(),
            strength=strength or self.param_default("strength", "strength") or "normal",
            storage=self.storage,
            human_seats=humans,  # pass-and-play
        )
        session.save()
        self.open_game(session)

    def continue_game(self) -> bool:
        session, _error = Session.load(self.storage)  # a damaged save: the notices say so
        if session is None:
            return False
        if not self.wait_for_table(lambda: self.open_game(session)):
            self.open_game(session)
        return True

    def current_rules(self):
        from ..engine.rules import RuleSet

        try:
            return RuleSet.preset(self.settings.get("preset", "standard"), **(self.settings.get("options") or {}))
        except Exception:
            return RuleSet.preset(self.settings.get("preset", "standard") if self.settings.get("preset") in RuleSet.PRESETS else "standard")

    def player_names(self) -> list[str]:
        """The names of the last new game (kept in the settings, checked by the name rule
        when loaded), else the defaults."""
        names = self.settings.get("names")
        if valid_names(names):
            return [n.strip() for n in names]
        return [i18n.t("name.you"), i18n.t("name.left"), i18n.t("name.right")]
