"""Computer players for the UI: ``game.ai.make_player`` when it is there, else a stand-in.

Both follow the player interface of the team notes: ``choose(view)``,
``think(view, budget_ms)`` (None while still thinking) and ``reset()``.
"""

from __future__ import annotations

import random


class StandInPlayer:
    """Picks a random legal action at once: the simplest legal player."""

    strength = "random"

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, view):
        legal = list(view.legal)
        if not legal:
            raise ValueError("no legal action in this view")
        return self.rng.choice(legal)

    def think(self, view, budget_ms: float = 10.0):
        return self.choose(view)

    def reset(self) -> None:
        pass


def make_player(strength: str, seed=None):
    try:
        from ..ai import make_player as ai_make_player
    except Exception:
        return StandInPlayer(seed)
    try:
        player = ai_make_player(strength, seed=seed)
    except Exception:
        try:
            player = ai_make_player("random", seed=seed)
        except Exception:
            return StandInPlayer(seed)
    if not hasattr(player, "think"):
        player.think = lambda view, budget_ms=10.0, _p=player: _p.choose(view)  # type: ignore[attr-defined]
    return player
