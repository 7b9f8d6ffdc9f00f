"""Starting a game: a new one, the saved one continued, or one handed over (an online
table, a replay's position) put on screen in the scene for its phase.  In the browser a
game asked for before the warm-up has loaded the table waits for it: a module compiled a
frame where it must be, imported while the frame has time."""

from __future__ import annotations

import gc
import sys

from ... import i18n
from .. import registry
from ..flow import scene_for
from ..loop import warmup
from .seats import valid_names


class Games:
    """The App's games (``app.games``): the one on screen is the stack's; this starts them."""

    def __init__(self, app):
        self.app = app
        self._waiting = None  # (the screen that asked, how to start it): a game waiting for its modules

    # --- waiting for the table's modules (the browser) --------------------------------------
    def wait_for_table(self, then) -> bool:
        """In the browser a game asked for before the title's warm-up has loaded what it
        needs waits for it over frames (all at once, one task, took 3-4 s at 4x, and the new
        game's first frames were lost); `then` starts it.  True
        when it waits (natively never: imports are quick there)."""
        missing = [m for m in warmup.TABLE_PARTS if m not in sys.modules]
        if not self.app.web or not missing:
            return False
        asked_again = self._waiting is not None
        self._waiting = (self.app.scene, then)  # asked from this screen: left, the game is not started
        if not asked_again:  # what it needs first (Start pressed again changes nothing)
            self.app.warmup.hurry(missing)
        return True

    @property
    def waiting(self) -> bool:
        """A game asked for is waiting for its modules (the browser, early after the start)."""
        return self._waiting is not None

    def start_waiting(self) -> None:
        """Each frame: start the game that waited once what it needs is loaded (not if the
        player has left the screen that asked for it)."""
        waiting = self._waiting
        if waiting is None:
            return
        if waiting[0] is not self.app.scene:
            self._waiting = None
        elif all(m in sys.modules for m in warmup.TABLE_PARTS):
            self._waiting = None
            waiting[1]()

    # --- starting one -------------------------------------------------------------------------
    def open(self, session) -> None:
        """Show a game: its table in the scene for its phase, the only scene above the title."""
        from ..table import Table  # loaded while the title waits

        app = self.app
        table = Table(app, session)
        table.start()
        app.stack.reset_to(registry.create(scene_for(table.v.phase, table.board.dealing), app, table))
        if app.web and not gc.get_freeze_count():
            # everything loaded so far (the modules, their tables, the caches) lives as long as
            # the page: the collector leaves it out from now on.  Scanning it all made one
            # collection in play a browser task of ~120 ms at 4x.
            gc.freeze()

    def start(self, seed=None, rules=None, names=None, strength=None, humans=None) -> None:
        """A new game with these choices (the new-game screen's, else the settings'); `humans`:
        the seats people play (pass-and-play)."""
        if self.wait_for_table(lambda: self.start(seed, rules, names, strength, humans)):
            return
        app = self.app
        if seed is None and isinstance(app.params.get("seed"), int):
            seed = app.params.pop("seed")  # an embedding page's seed: the first game only
        from .session import Session  # loaded by the warm-up (not a module of the start)

        session = Session.new(
            rules=rules or self.rules(),
            seed=seed,
            names=names or self.names(),
            strength=strength or app.param_default("strength", "strength") or "normal",
            storage=app.storage,
            human_seats=humans,
        )
        session.save()
        self.open(session)

    def continue_saved(self) -> bool:
        """The saved game on screen again; False when there is none (a damaged save: the
        notices say so)."""
        from .session import Session

        session, _error = Session.load(self.app.storage)
        if session is None:
            return False
        if not self.wait_for_table(lambda: self.open(session)):
            self.open(session)
        return True

    def rules(self):
        """The rules of the next new game: the stored preset and options (a damaged option
        falls back to the preset alone)."""
        from ...engine.rules import RuleSet

        settings = self.app.settings
        try:
            return RuleSet.preset(settings.get("preset", "standard"), **(settings.get("options") or {}))
        except Exception:
            return RuleSet.preset(settings.get("preset", "standard") if settings.get("preset") in RuleSet.PRESETS else "standard")

    def names(self) -> list[str]:
        """The names of the last new game (kept in the settings, checked by the name rule
        when loaded), else the defaults."""
        names = self.app.settings.get("names")
        if valid_names(names):
            return [n.strip() for n in names]
        return [i18n.t("name.you"), i18n.t("name.left"), i18n.t("name.right")]
