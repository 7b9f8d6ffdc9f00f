"""Computer players for the UI: the seats' players from ``game.ai``.

Every player follows one interface: ``choose(view)``, ``think(view, budget_ms)`` (None while
still thinking, so the frame loop keeps drawing) and ``reset()``.  A player that raises or
answers an action that is not legal is a bug: the table plays the first legal action for it
(the game must not stall) and ``player_failed`` makes sure the bug cannot hide.
"""

from __future__ import annotations


def make_player(strength: str, seed=None):
    """A computer player of the chosen strength; an unknown strength (an old settings file)
    falls back to "normal" rather than refusing to start the game.  game.ai is imported
    here, not at the start: the title shows first (the menus load it meanwhile)."""
    from ...ai import make_player as ai_make_player

    try:
        return ai_make_player(strength, seed=seed)
    except ValueError:
        return ai_make_player("normal", seed=seed)


def player_failed(app, seat, what: str, exc: BaseException | None = None) -> None:
    """A computer player's bug: logged with its traceback every time, told to the player
    once (a notice)."""
    import logging

    from ...i18n import t

    logging.getLogger("game.players").error("computer player at seat %s %s; it plays the first legal action",
                                            seat, what, exc_info=exc)
    if not getattr(app, "_player_failure_told", False):
        app._player_failure_told = True
        app.notices.post(t("player.failed"), "error")
