"""A hand-built deal whose first trick's words are known: the declarer (seat 0, "You")
holds every spade and the top hearts, Anna the other hearts and the top diamonds, Boris
the low diamonds and the clubs; the kitty is the four lowest clubs."""

from game.engine import Match, RuleSet, parse_cards

HANDS = (
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH",
    "JH TH 9H 8H 7H 6H 5H 4H 3H 2H AD KD QD JD TD 9D",
    "8D 7D 6D 5D 4D 3D 2D AC KC QC JC TC 9C 8C 7C 6C",
)
KITTY = "5C 4C 3C 2C"
NAMES = ("You", "Anna", "Boris")


def first_trick_match(preset: str = "standard", contract: str = "NT") -> Match:
    """Declared (`contract`), the kitty's clubs put away: the declarer (seat 0) to lead."""
    m = Match.from_position(RuleSet.preset(preset), [parse_cards(h) for h in HANDS], parse_cards(KITTY), dealer=2, seed=5)
    m.apply(f"declare {contract}")
    for card in KITTY.split():
        m.apply(f"discard {card}")
    return m
