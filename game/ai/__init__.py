"""Computer players for 3-5-8.  ``make_player(strength, seed=None)``; every player has
``choose(view) -> Action``, ``think(view, budget_ms) -> Action | None`` and ``reset()``.

Strengths: "random", "heuristic", "search" (full search, same as "hard"), and the game's
"easy" (heuristic with human-like slips), "normal" (light search), "hard".
"""

from __future__ import annotations

from .players import EasyPlayer, HeuristicPlayer, Player, RandomPlayer

STRENGTHS = ("random", "easy", "normal", "hard", "heuristic", "search")


def make_player(strength: str, seed=None, **settings) -> Player:
    """A fresh player; settings (worlds, horizon, ...) tune the search players."""
    key = str(strength).strip().lower()
    if key == "random":
        return RandomPlayer(seed)
    if key == "heuristic":
        return HeuristicPlayer(seed)
    if key == "easy":
        return EasyPlayer(seed)
    if key in ("search", "hard", "normal"):
        from .search import SearchPlayer, NORMAL, HARD
        base = dict(NORMAL if key == "normal" else HARD)
        base.update(settings)
        player = SearchPlayer(seed, **base)
        player.name = key
        return player
    raise ValueError(f"unknown player strength {strength!r}: one of {', '.join(STRENGTHS)}")


__all__ = ["make_player", "STRENGTHS", "Player", "RandomPlayer", "HeuristicPlayer", "EasyPlayer"]
