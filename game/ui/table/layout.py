"""The table's logical 1280x720 design: card sizes and where each seat sits.  Objects take
their places from here; the App scales the whole design to the window (800x450 and any
resize keep the same layout)."""

from __future__ import annotations

W, H = 1280, 720
CARD_W = 92  # a card in the hand or in a trick
SMALL_W = 64  # kitty, deck, opponents' backs
PILE_W = 40  # a won trick lying sideways
TOP_BAR = 52
DECK_POS = (640, 300)
SUIT_ORDER = (0, 1, 3, 2)  # ♠ ♥ ♣ ♦: colours alternate in the hand


def side(seat: int, human: int) -> str:
    """Where a seat sits for the human: "bottom" (the human), "left" or "right"."""
    return ("bottom", "left", "right")[(seat - human) % 3]


def by_side(seat: int, human: int, bottom, left, right):
    """Pick the value for the seat's side."""
    return {"bottom": bottom, "left": left, "right": right}[side(seat, human)]


def mirror_x(x: float) -> float:
    return W - x
