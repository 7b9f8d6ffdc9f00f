"""The game in words, for a player who listens (a screen reader) rather than looks.

Pure Python, no pygame, like the engine: what a card is called ("queen of spades"),
read-outs of what one seat may know (``describe``: the hand by suit, the trick, the last
trick, scores and targets, whose turn, the contract), and the announcements of what
happened (``announcements``: a card played, a trick taken, a contract, the exchange, the
kitty, a deal's result, a refusal and why), each in the player's language through the
message tables (keys under ``access.``).  ``speech`` speaks them through the platform's
screen reader when one can be reached.  The front end's layer (game/ui/access/) collects
them as they happen; the browser's page shows them to its screen reader.
"""

from .announce import Announcement, announcements, refusal_words, turn_words
from .words import VERBOSITY, Seats, card_name, cards_list, describe, hand_order, status_line

__all__ = ["Announcement", "Seats", "VERBOSITY", "announcements", "card_name", "cards_list", "describe", "hand_order",
           "refusal_words", "status_line", "turn_words"]
