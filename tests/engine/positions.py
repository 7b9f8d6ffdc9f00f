"""Hand-built deals for the rule tests: whole suits in chosen hands, so outcomes are known."""

from game.engine import Card, Match, RuleSet

SPADES = [r + "S" for r in "AKQJT98765432"]
HEARTS = [r + "H" for r in "AKQJT98765432"]
DIAMONDS = [r + "D" for r in "AKQJT98765432"]
CLUBS = [r + "C" for r in "AKQJT98765432"]


def dominant_deal():
    """Seat 1 holds every spade and the three top hearts; the kitty is four low clubs.

    With dealer 0 (standard: seat 1 declares), seat 1 takes all 16 tricks in a spade or
    no-trump contract whatever the others play, once it discards the kitty cards and leads
    spades first.
    """
    seat1 = SPADES + HEARTS[:3]
    seat0 = HEARTS[3:] + DIAMONDS[:6]          # 10 hearts + 6 diamonds
    seat2 = DIAMONDS[6:] + CLUBS[:9]           # 7 diamonds + 9 clubs
    kitty = CLUBS[9:]                          # 5C 4C 3C 2C
    return [seat0, seat1, seat2], kitty


def position(preset="standard", hands=None, kitty=None, dealer=0, **kw):
    if hands is None:
        hands, kitty = dominant_deal()
    rules = preset if isinstance(preset, RuleSet) else RuleSet.preset(preset)
    return Match.from_position(rules, hands, kitty, dealer, **kw)


def play_lowest(match, until=None):
    """Everybody plays their lowest legal card (by rank) until the deal or game moves on."""
    number = match.deal_number
    while match.phase == "play" and match.deal_number == number and (until is None or not until(match)):
        legal = match.legal_actions()
        match.apply(min(legal, key=lambda a: (a.card.rank, a.card.suit)))


def finish_dominant(match, contract):
    """Declare, discard the kitty's clubs, then seat 1 leads spades then hearts."""
    match.apply(f"declare {contract}")
    while match.phase == "exchange":
        match.apply(match.legal_actions()[0])
    for c in ("5C", "4C", "3C", "2C"):
        match.apply(f"discard {c}")
    order = SPADES + HEARTS[:3]
    number = match.deal_number
    while match.deal_number == number and match.phase == "play":
        if match.to_act == 1:
            match.apply("play " + next(c for c in order if Card.parse(c) in match.hand(1)))
        else:
            match.apply(match.legal_actions()[0])
