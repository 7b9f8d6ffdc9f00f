"""Starting, resuming and showing a game (the App's part that makes a Session and puts its
table on screen).  Mixed into the App."""

from __future__ import annotations

from .. import i18n
from . import registry
from .flow import scene_for
from .session import Session, valid_names


class GamesMixin:
    def open_game(self, session) -> None:
        """Show a game: its table in the scene for its phase, the only scene above the title."""
        from .table import Table  # loaded while the title waits (issue 13)

        table = Table(self, session)
        table.start()
        self.reset_to(registry.create(scene_for(table.v.phase, table.board.dealing), self, table))

    def start_new_game(self, seed=None, rules=None, names=None, strength=None, humans=None) -> None:
        if seed is None and isinstance(self.params.get("seed"), int):
            seed = self.params.pop("seed")  # an embedding page's seed: the first game only
        session = Session.new(
            rules=rules or self.current_rules(),
            seed=seed,
            names=names or self.player_names(),
            strength=strength or self.param_default("strength", "strength") or "normal",
            storage=self.storage,
            human_seats=humans,  # issue 9e: pass-and-play
        )
        session.save()
        self.open_game(session)

    def continue_game(self) -> bool:
        session, _error = Session.load(self.storage)  # a damaged save: the notices say so
        if session is None:
            return False
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
