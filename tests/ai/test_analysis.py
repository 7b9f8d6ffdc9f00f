"""Analysis after a deal: a hand-built deal where the human gives away a sure trick."""

import pytest

from game.ai.analysis import Analysis, analyse
from game.engine import Match, RuleSet

HANDS = [
    "QH JH TH 9H 8H 7H 6H 5H 4H 3H AD QD JD TD 9D 8D",  # seat 0, the human
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH 2D",  # seat 1 declares no trumps
    "KD 7D 6D 5D 4D 3D AC KC QC JC TC 9C 8C 7C 6C 5C",  # seat 2
]
KITTY = "2H 4C 3C 2C"
HUMAN_DISCARDS = "3H 4H 5H 6H 7H 8H 9H TH JH QH 8D 9D TD".split()
SEAT2_DISCARDS = "5C 6C 7C 8C 9C TC JC QC KC AC 3D 4D 5D".split()
SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S".split()


def blunder_deal(human_card: str = "QD") -> Match:
    """Seat 1 runs its spades; then leads 2D, seat 2 plays KD and the human, holding AD QD JD
    with every higher diamond gone, plays `human_card` (QD gives the sure trick away)."""
    m = Match.from_position(RuleSet.preset("standard", deals=3), HANDS, KITTY, dealer=0, seed=1)
    m.apply("declare NT")
    for card in KITTY.split():
        m.apply(f"discard {card}")
    for lead, two, zero in zip(SPADES, SEAT2_DISCARDS, HUMAN_DISCARDS):
        for card in (lead, two, zero):
            m.apply(f"play {card}")
    rest = {"QD": ["2D", "KD", "QD", "7D", "AD", "KH", "JD", "AH", "6D"],
            "AD": ["2D", "KD", "AD", "QD", "KH", "7D", "JD", "AH", "6D"]}[human_card]
    for card in rest:
        m.apply(f"play {card}")
    assert m.deal_number == 1
    return m


def test_giving_away_a_sure_trick_is_found_and_costed():
    m = blunder_deal("QD")
    assert m.deals[0].tricks_taken[0] == 2
    result = analyse(m, seat=0, seed=4)
    deal = result.deals[0]
    assert [str(c) for c in deal.hands[0]] == HANDS[0].split() and [str(c) for c in deal.kitty] == KITTY.split()
    assert deal.decisions >= 14  # 13 discards on spades and the diamond tricks (the last card is forced)
    blunders = [x for x in deal.mistakes if x.trick == 14]
    assert len(blunders) == 1
    blunder = blunders[0]
    assert str(blunder.chosen) == "play QD" and str(blunder.best) == "play AD"
    # from the human's view AD takes all three last tricks; after QD the others hold the lead
    # and may cash winners: at least the trick given away is lost, at most all three
    assert 1.0 <= blunder.cost <= 3.0
    assert deal.mistakes[0] is blunder  # the largest cost comes first
    assert [x.cost for x in deal.mistakes] == sorted((x.cost for x in deal.mistakes), reverse=True)
    assert result.mistakes == deal.mistakes


def test_the_right_card_is_no_mistake():
    m = blunder_deal("AD")
    assert m.deals[0].tricks_taken[0] == 3
    result = analyse(m, seat=0, seed=4)
    assert not [x for x in result.deals[0].mistakes if x.trick and x.trick >= 14]


def test_analysis_runs_in_slices():
    m = blunder_deal("QD")
    sliced = Analysis(m, 0, seed=4)
    steps = 0
    while not sliced.step(budget_ms=2.0):
        steps += 1
        assert 0.0 <= sliced.progress < 1.0
    assert steps > 1 and sliced.progress == 1.0
    whole = analyse(m, 0, seed=4)
    assert [(x.index, str(x.chosen), x.cost) for x in sliced.mistakes] == [(x.index, str(x.chosen), x.cost) for x in whole.mistakes]


def test_only_finished_deals_are_analysed():
    m = blunder_deal("QD")
    with pytest.raises(ValueError):
        Analysis(m, 0, deals=[1])
    with pytest.raises(ValueError):
        Analysis(m, 3)
    other = analyse(m, seat=2, seed=4)  # seat 2 made no decision worth flagging on the last tricks
    assert other.deals[0].seat == 2
