"""Computer players for the UI: the seats' players from ``game.ai``.

Every player follows one interface: ``choose(view)``, ``think(view, budget_ms)`` (None while
still thinking, so the frame loop keeps drawing) and ``reset()``.
"""

from __future__ import annotations


def make_player(strength: str, seed=None):
    """A computer player of the chosen strength; an unknown strength (an old settings file)
    falls back to "normal" rather than refusing to start the game.  game.ai is imported
    here, not at the start: the title shows first (the menus load it meanwhile, issue 13)."""
    from ..ai import make_player as ai_make_player

    try:
        return ai_make_player(strength, seed=seed)
    except ValueError:
        return ai_make_player("normal", seed=seed)
