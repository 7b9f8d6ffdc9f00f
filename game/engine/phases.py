"""The phases of a deal, and what kind of action each one waits for."""

from .actions import DECLARE, DISCARD, GIVE, PLAY

DECLARE_PHASE, EXCHANGE, DISCARD_PHASE, PLAY_PHASE, GAME_OVER = "declare", "exchange", "discard", "play", "game_over"
PHASE_KIND = {DECLARE_PHASE: DECLARE, EXCHANGE: GIVE, DISCARD_PHASE: DISCARD, PLAY_PHASE: PLAY}
PHASE_DOING = {
    DECLARE_PHASE: "the contract is being chosen",
    EXCHANGE: "cards are being exchanged",
    DISCARD_PHASE: "the declarer is discarding four cards",
    PLAY_PHASE: "cards are being played",
}
