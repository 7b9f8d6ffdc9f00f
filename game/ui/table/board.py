"""What the table shows right now.  While animations run this lags behind the engine (a card
in flight is in neither the hand nor the trick); ``Table.sync`` sets it to the human's view."""

from __future__ import annotations

from ...engine import Phase


class Board:
    __slots__ = ("hand", "hidden", "sizes", "trick", "taken", "kitty", "deck", "dealing", "trick_winner", "sprites",
                 "slots", "landed", "totals", "verdict", "chips", "signs", "celebration")

    def __init__(self):
        self.hand: list = []  # the human's visible cards, in display order
        self.hidden = 0  # the human's cards not seen yet (declarer before the kitty, 6-card declare)
        self.sizes = [0, 0, 0]  # cards in each seat's hand
        self.trick: list = []  # (seat, card) on the table
        self.taken = [0, 0, 0]  # tricks won this deal
        self.kitty = 0  # kitty cards face down on the table
        self.deck = 0  # cards left in the dealer's deck (deal animation)
        self.dealing = False
        self.trick_winner = None  # seat whose card glows over a finished trick
        self.sprites: list = []  # cards in flight
        # while dealing, the human's hand as it will be (display order, None face
        # down) and the indices of the slots whose card has landed: the fan is laid out once
        # and a card landing changes only its own slot
        self.slots: tuple | None = None
        self.landed: tuple = ()
        # the end of a deal and of the game (verdict.py, celebration.py): the totals the plates
        # show (they change as each seat's points land), the deal's result, the points in
        # flight [seat, points, (x, y)], the signs left on the plates {seat: (points, since)}
        # and the winner's moment (winner, since)
        self.totals = [0, 0, 0]
        self.verdict = None
        self.chips: list = []
        self.signs: dict = {}
        self.celebration = None

    def set_from_view(self, v, human: int, sort) -> None:
        self.hand = sort(v.hand)
        self.hidden = max(0, v.hand_sizes[human] - len(v.hand))
        self.sizes = list(v.hand_sizes)
        self.trick = list(v.trick)
        self.taken = list(v.tricks_taken)
        self.kitty = 4 if v.phase in (Phase.DECLARE, Phase.EXCHANGE) else 0
        self.sprites.clear()
        self.dealing = False
        self.deck = 0
        self.trick_winner = None
        self.slots, self.landed = None, ()
        self.totals = list(v.totals)
        self.end_moments()

    def end_moments(self) -> None:
        """Nothing of a finished deal's or game's moments is left on the table."""
        self.verdict, self.celebration = None, None
        self.chips.clear()
        self.signs.clear()

    def clear_for_deal(self) -> None:
        self.deck = 52
        self.hand, self.hidden = [], 0
        self.sizes = [0, 0, 0]
        self.trick, self.taken = [], [0, 0, 0]
        self.kitty = 0
        self.dealing = True
        self.slots, self.landed = None, ()
        self.trick_winner = None
        self.end_moments()

    def key(self) -> tuple:
        return (tuple(self.hand), self.hidden, tuple(self.sizes), tuple(self.trick), tuple(self.taken), self.kitty, self.dealing, self.trick_winner)
