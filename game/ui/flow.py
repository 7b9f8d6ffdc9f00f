"""Which scene shows the table: the one small map from the engine's phase to a phase scene."""

from __future__ import annotations

PHASE_SCENES = {"declare": "declare", "exchange": "exchange", "discard": "kitty", "play": "play", "game_over": "play"}


def scene_for(phase: str, dealing: bool = False) -> str:
    """The registered name of the scene for an engine phase ("deal" while cards fly out)."""
    return "deal" if dealing else PHASE_SCENES.get(phase, "play")
