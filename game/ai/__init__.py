"""Computer players for 3-5-8.  ``make_player(strength, seed=None)``; every player has
``choose(view) -> Action``, ``think(view, budget_ms) -> Action | None`` and ``reset()``.

Strengths: "random", "heuristic", "search" (full search, same as "hard"), and the game's
"easy" (heuristic with human-like slips), "normal" (light search), "hard", "expert"
(hard's search over worlds weighted by the opponents' plays, deeper and longer).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from ..strengths import STRENGTHS  # game.ai.STRENGTHS: every strength make_player knows

# The players' classes load with their module when first asked for (game.ai.Player...): in
# the browser each module of the warm-up is a task of its own, and importing the package
# for its first module (the rules of thumb) made all five of the players' one task of
# ~100 ms with the CPU slowed 10x.
_PLAYERS = ("EasyPlayer", "HeuristicPlayer", "Player", "RandomPlayer")
if TYPE_CHECKING:
    from .players import Player

# WebAssembly CPython runs 2-2.5x slower: a shorter exact-solver horizon and fewer worlds
# keep the hard player's decisions and think() slices within the browser's frame budget.
BROWSER_HARD = dict(worlds=12, horizon=4, leaf_horizon=3, solve_cap=3000, node_budget=10000)
# The expert in the browser keeps its weighted worlds (a pool of 4 x 12) and its model
# endgame, with hard's browser budget and horizon.
BROWSER_EXPERT = dict(BROWSER_HARD, close_worlds=0, sim_worlds=16, pool=4)
IN_BROWSER = sys.platform == "emscripten"


def make_player(strength: str, seed=None, **settings) -> Player:
    """A fresh player; settings (worlds, horizon, ...) tune the search players."""
    from .players import EasyPlayer, HeuristicPlayer, RandomPlayer

    key = str(strength).strip().lower()
    if key == "random":
        return RandomPlayer(seed)
    if key == "heuristic":
        return HeuristicPlayer(seed)
    if key == "easy":
        return EasyPlayer(seed)
    if key == "expert":
        from .expert import EXPERT, ExpertPlayer
        base = dict(EXPERT)
        if IN_BROWSER:
            base.update(BROWSER_EXPERT)
        base.update(settings)
        return ExpertPlayer(seed, **base)
    if key in ("search", "hard", "normal"):
        from .search import HARD, NORMAL, SearchPlayer
        base = dict(NORMAL if key == "normal" else HARD)
        if IN_BROWSER and key != "normal":
            base.update(BROWSER_HARD)
        base.update(settings)
        player = SearchPlayer(seed, **base)
        player.name = key
        return player
    raise ValueError(f"unknown player strength {strength!r}: one of {', '.join(STRENGTHS)}")


def __getattr__(name: str):
    if name not in _PLAYERS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import players

    value = getattr(players, name)
    globals()[name] = value  # asked once: a plain attribute from then on
    return value


__all__ = ["make_player", "STRENGTHS", "BROWSER_HARD", "BROWSER_EXPERT", "Player", "RandomPlayer", "HeuristicPlayer", "EasyPlayer"]
