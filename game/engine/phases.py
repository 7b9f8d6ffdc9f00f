"""The phases of a deal, and what kind of action each one waits for.

``Phase`` members are strings ("declare", "play", ...), so a save, a record or a test that
compares with the plain word still works; code compares with the members.
"""

from enum import StrEnum

from .actions import DECLARE, DISCARD, GIVE, PLAY


class Phase(StrEnum):
    DECLARE = "declare"
    EXCHANGE = "exchange"
    DISCARD = "discard"
    PLAY = "play"
    GAME_OVER = "game_over"


PHASE_KIND = {Phase.DECLARE: DECLARE, Phase.EXCHANGE: GIVE, Phase.DISCARD: DISCARD, Phase.PLAY: PLAY}
PHASE_DOING = {
    Phase.DECLARE: "the contract is being chosen",
    Phase.EXCHANGE: "cards are being exchanged",
    Phase.DISCARD: "the declarer is discarding four cards",
    Phase.PLAY: "cards are being played",
}
