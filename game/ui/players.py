"""Computer players for the UI: the seats' players from ``game.ai``.

Every player follows one interface: ``choose(view)``, ``think(view, budget_ms)`` (None while
still thinking, so the frame loop keeps drawing) and ``reset()``.
"""

from __future__ import annotations

from ..ai import make_player as ai_make_player


def make_player(strength: str, seed=None):
    """A computer player of the chosen strength; an unknown strength (an old settings file)
    falls back to "normal" rather than refusing to start the game."""
    try:
        return ai_make_player(strength, seed=seed)
    except ValueError:
        return ai_make_player("normal", seed=seed)
