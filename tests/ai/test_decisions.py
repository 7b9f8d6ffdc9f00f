"""Hand-built positions where the right decision is clear."""

import pytest

from game.ai import heuristic as H
from game.ai import make_player
from game.engine import Action, Card
from game.engine.cards import SUIT_MASKS, mask_of

from .helpers import play_view

STRONG = ("heuristic", "hard")


@pytest.mark.parametrize("strength", STRONG)
def test_cash_a_sure_winner(strength):
    # NT, two tricks left: the ace of spades wins now; led later it would be discarded on clubs
    view = play_view("AS 2C", ("3C 4C", "5C 6C"), contract="NT")
    assert make_player(strength, seed=1).choose(view) == Action.parse("play AS")


@pytest.mark.parametrize("strength", STRONG)
def test_duck_in_mt(strength):
    # MT: 9S led, 3S followed; KS would take the trick, 5S ducks under the nine
    view = play_view("KS 5S", ("AS", "2H"), trick=((1, "9S"), (2, "3S")), leader=1, contract="MT")
    assert make_player(strength, seed=1).choose(view) == Action.parse("play 5S")


def test_heuristic_ducks_with_highest_losing_card():
    view = play_view("KS 8S 5S 2D", ("AS QS 3D", "JS 4D 2C"), trick=((1, "9S"),), leader=1, contract="MT")
    assert make_player("heuristic").choose(view) == Action.parse("play 8S")


def test_take_the_trick_last_cheaply():
    # last to play in a trump deal: win with the lowest card that wins
    view = play_view("AH QH 3H 4C", ("TH 2S 5D", "JH 3S 6D"), trick=((1, "TH"), (2, "JH")), leader=1, contract="S")
    assert make_player("heuristic").choose(view) == Action.parse("play QH")


def test_never_pass_a_trump():
    # hearts are trumps: the pass is never a heart, and it goes from a suit where a higher card is out
    hand = mask_of("AH KH QH JH TH 2S AD KD QD JD TD 9D 8D 7D 6D 5D".split())
    unknown = ~hand & ((1 << 52) - 1)
    card = H.choose_pass(hand, unknown, unknown, 1)
    assert card // 13 != 1
    assert card == Card.parse("2S").index


def test_discard_voids_a_short_suit():
    # spades trumps; diamonds are two low cards: discard both to ruff diamonds later
    hand = mask_of("AS KS QS JS 9S 7S AH KH QH 5H 4H AC KC QC 8C 6C 3C 2C 3D 5D".split())
    out = ~hand & ((1 << 52) - 1)
    chosen = H.discard_set(hand, 0, False, out)
    assert chosen & SUIT_MASKS[2] == mask_of(["3D", "5D"])
    assert not chosen & SUIT_MASKS[0]


def test_mt_discards_high_cards():
    hand = mask_of("AS KS 2S 3S AH 4H 5H 6H AD 2D 3D 4D 5C 6C 7C 8C 9C 2C 3C 4C".split())
    out = ~hand & ((1 << 52) - 1)
    chosen = H.discard_set(hand, -1, True, out)
    assert chosen & mask_of("AS KS AH AD".split()) == chosen


def test_contract_on_six_cards():
    # six hearts with the top honours: hearts, not MT or NT
    hand = mask_of("AH KH QH JH 9H 8H".split())
    assert H.choose_contract(hand, ["S", "H", "D", "C", "NT", "MT"], True) == "H"
    low = mask_of("2S 3S 2H 4D 3C 5C".split())
    assert H.choose_contract(low, ["S", "H", "D", "C", "NT", "MT"], True) == "MT"
    # the last declaration is forced
    assert H.choose_contract(hand, ["MT"], True) == "MT"
