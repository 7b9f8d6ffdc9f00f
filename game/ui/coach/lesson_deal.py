"""The guided deal's cards and the computer seats' script (no pygame).

A hand-built position (``Match.from_position``), so that every step of the lesson happens
as its text says: a practice deal set up as the second deal of a Standard game (the first
has no exchange), after a deal in which you took one trick more than you needed (+1) and
Boris one fewer (-1).  Boris deals, so you declare and need 8, Anna 5 and Boris 3.  You see
A♥ K♥ J♥ 9♥ among your first six cards and name hearts; you pass Boris the 5♠ and he must
give back his K♠; the kitty brings Q♥ 10♥ and two spades, and four clubs go down, so you
can trump clubs.  Then three taught tricks: your Q♠ draws Anna's A♠ (and your K♠ is then
the highest spade); Anna leads K♦, you follow with your lowest and Boris's A♦ takes it;
Boris leads A♣ and you trump it.  After that the deal is yours to play; the computer seats
play by the rules of thumb.

Each taught decision has the moves the lesson accepts (`expected`: following suit with any
diamond is following suit) and the one move its words name (`advised`): the hint names
that one, so the lesson and the hint never give two answers.
"""

from __future__ import annotations

from ...engine import Action, Card, Match, Phase, RuleSet

YOU, ANNA, BORIS = 0, 1, 2
DEALER = BORIS
DEAL_NUMBER = 1  # the second deal: the exchange needs a previous deal
PREVIOUS = (1, 0, -1)  # the last deal's points: you +1, Anna 0, Boris -1
USED = ((), (), ("D",))  # Boris declared diamonds in the first deal
SEED = 358


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


# your first six cards are the ones you declare on
HANDS = (
    _cards("AH KH JH 9H QS 3D TS 5S 7H 2H QD 7D 2C 4C 6C 9C"),
    _cards("AS JS 9S 7S 4H 3H KD JD TD 9D KC QC JC 8C 5C 3C"),
    _cards("KS 6S 3S 2S 8H 6H 5H AD 8D 6D 5D 4D 2D AC TC 7C"),
)
KITTY = _cards("QH TH 8S 4S")

CONTRACT = "H"
PASS = Card.parse("5S")  # to Boris, who gives back his highest spade, the K♠
RETURNED = Card.parse("KS")
DISCARDS = _cards("2C 4C 6C 9C")
FIRST_LEAD = Card.parse("QS")
FOLLOW_LOW = Card.parse("3D")  # your lowest diamond: Boris's ace takes the trick anyway
TRUMP_LOW = Card.parse("2H")  # your lowest trump: any heart beats the A♣
TAUGHT_TRICKS = 3

# the computer seats' cards in the taught tricks: (trick number, seat) -> card
SCRIPT = {
    (0, ANNA): "AS", (0, BORIS): "2S",  # your Q♠ led: Anna's ace takes it
    (1, ANNA): "KD", (1, BORIS): "AD",  # Anna leads K♦, you follow low, Boris's ace takes it
    (2, BORIS): "AC", (2, ANNA): "3C",  # Boris leads A♣, you trump it
}


# the whole taught line, every seat's actions in order (the human's trump may be any heart)
LINE = ("declare H", "give 5S", "discard 2C", "discard 4C", "discard 6C", "discard 9C",
        "play QS", "play AS", "play 2S",  # trick 1
        "play KD", "play AD", "play 3D",  # trick 2
        "play AC", "play 2H", "play 3C")  # trick 3


def rules() -> RuleSet:
    return RuleSet.preset("standard")


def lesson_match() -> Match:
    """The guided deal at its start (the seed only shuffles deals after it, never shown)."""
    return Match.from_position(rules(), HANDS, KITTY, DEALER, DEAL_NUMBER, totals=PREVIOUS, used=USED,
                               previous_points=PREVIOUS, seed=SEED)


def decision(view) -> str | None:
    """Which taught decision the human faces in `view`: "declare", "exchange", "kitty",
    "lead", "follow" or "trump" (the lesson's step of that name); None when it is not the
    human's turn or the taught part is over."""
    if view.deal_number != DEAL_NUMBER or view.to_act != YOU:
        return None
    if view.phase == Phase.PLAY:
        return ("lead", "follow", "trump")[len(view.tricks)] if len(view.tricks) < TAUGHT_TRICKS else None
    return {Phase.DECLARE: "declare", Phase.EXCHANGE: "exchange", Phase.DISCARD: "kitty"}.get(view.phase)


def expected(view) -> frozenset | None:
    """The human's actions the lesson allows now (None: any legal action).  The taught
    part is fixed so that the text stays true; after it, the deal is the player's."""
    which = decision(view)
    if which is None:
        return None
    if which == "declare":
        return frozenset({Action.declare(CONTRACT)})
    if which == "exchange":
        return frozenset({Action.give(PASS)})
    if which == "kitty":
        return frozenset(Action.discard(c) for c in DISCARDS)
    if which == "lead":
        return frozenset({Action.play(FIRST_LEAD)})
    if which == "follow":  # follow suit: any diamond loses to Boris's ace
        return frozenset(a for a in view.legal if a.card.suit == 2)
    return frozenset(a for a in view.legal if a.card.suit == 1)  # trump the club: any heart


def advised(view) -> tuple[Action, frozenset] | None:
    """The move the lesson's words name at the human's decision `view`, and the cards of
    the hand it is made with (the whole discard for the kitty); None where the lesson names
    none (the free play).  Always one of the moves `expected` allows."""
    which = decision(view)
    if which is None:
        return None
    if which == "kitty":
        left = [c for c in DISCARDS if c in view.hand]
        return (Action.discard(left[0]), frozenset(left)) if left else None
    action = {"declare": Action.declare(CONTRACT), "exchange": Action.give(PASS), "lead": Action.play(FIRST_LEAD),
              "follow": Action.play(FOLLOW_LOW), "trump": Action.play(TRUMP_LOW)}[which]
    return action, frozenset({action.card} if action.card is not None else ())


class ScriptedPlayer:
    """A computer seat of the lesson: the script's card in the taught tricks, then the
    rules of thumb.  It waits (think() answers None) while the lesson holds the table, so a
    step's text is read before the next card comes."""

    def __init__(self, seat: int, hold=lambda: False):
        from ...ai.players import HeuristicPlayer  # the rules of thumb: quick, and the same every time

        self.seat = seat
        self.hold = hold
        self.after = HeuristicPlayer(seed=SEED + seat)

    def scripted(self, view):
        if view.deal_number != DEAL_NUMBER or view.phase != Phase.PLAY:
            return None
        card = SCRIPT.get((len(view.tricks), self.seat))
        if card is None:
            return None
        action = Action.play(Card.parse(card))
        return action if action in view.legal else None

    def choose(self, view):
        return self.scripted(view) or self.after.choose(view)

    def think(self, view, budget_ms: float = 8.0):
        if self.hold():
            return None
        return self.choose(view)

    def reset(self) -> None:
        self.after.reset()
