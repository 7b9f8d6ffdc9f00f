"""The game in words: a hand-built trick announced in English and Polish, refusals named
with their reason, and the read-outs of a seat's view."""

import pytest

from game import i18n
from game.access import Seats, announcements, card_name, describe, refusal_words, turn_words
from game.engine import Card, IllegalAction
from tests.access.deals import NAMES, first_trick_match

YOU = Seats(NAMES, you=0, private=0)


def play_first_trick(m):
    """AH, JH, AC: the declarer's ace of hearts takes it; the words of each action."""
    said = []
    for action in ("play AH", "play JH", "play AC"):
        events = m.apply(action)
        said += [a.text for a in announcements(events, YOU, m.view(0))]
    return said


def test_a_trick_is_announced_card_by_card_and_its_taker_in_english():
    assert play_first_trick(first_trick_match()) == [
        "You played the ace of hearts.",
        "Anna played the jack of hearts.",
        "Boris played the ace of clubs.",
        "You took the trick.",
    ]


def test_a_trick_is_announced_in_polish():
    i18n.set_language("pl")
    assert play_first_trick(first_trick_match()) == [
        "Zagrywasz: as kier.",
        "Anna zagrywa: walet kier.",
        "Boris zagrywa: as trefl.",
        "Bierzesz lewę.",
    ]


def refused(m, action) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        m.apply(action)
    return caught.value


def test_an_illegal_card_is_refused_with_the_suit_to_follow_in_words():
    m = first_trick_match()
    m.apply("play AH")
    exc = refused(m, "play AD")  # Anna holds hearts
    assert refusal_words(exc, YOU) == "You must follow suit: play hearts."
    i18n.set_language("pl")
    assert refusal_words(exc, YOU) == "Musisz dołożyć do koloru: kiery."


def test_blato_names_the_trump_a_void_player_must_play():
    m = first_trick_match("blato", "C")
    m.apply("play AH")
    m.apply("play JH")
    exc = refused(m, "play 8D")  # Boris has no hearts but holds clubs, the trumps
    assert refusal_words(exc, YOU) == "You have no hearts: you must play a trump, clubs."


def test_your_turn_says_which_cards_may_be_played():
    m = first_trick_match()
    m.apply("play AH")
    anna = Seats(("Me", "Anna", "Boris"), you=1, private=1)
    text = turn_words(m.view(1), anna)
    assert text.startswith("Your turn. You may play: jack of hearts, ten of hearts,")
    assert "diamonds" not in text
    full = turn_words(m.view(1), anna, "full")
    assert full.startswith("On the table: Me, ace of hearts.") and full.endswith(text)


def test_the_read_outs_of_the_declarers_view():
    m = first_trick_match()
    m.apply("play AH")
    v = m.view(0)
    hand = describe(v, YOU, "hand")
    assert hand.startswith("Your hand, 15 cards. Spades: ace, king, queen,")
    assert hand.endswith("Hearts: king, queen.")
    assert describe(v, YOU, "trick") == "On the table: you, ace of hearts."
    assert describe(v, YOU, "turn") == "It is Anna's turn."
    assert describe(v, YOU, "contract") == "Contract: No trumps, yours."
    assert describe(v, YOU, "scores") == "Deal 1 of 18. Tricks: you 0 of 8, Anna 0 of 5, Boris 0 of 3. Score: you 0, Anna 0, Boris 0."
    assert describe(v, YOU, "last_trick") == "No trick played yet."
    m.apply("play JH")
    m.apply("play AC")
    assert describe(m.view(0), YOU, "last_trick") == "Last trick: you, ace of hearts; Anna, jack of hearts; Boris, ace of clubs. You took it."


def test_a_card_is_named_in_each_language():
    queen = Card.parse("QS")
    said = {}
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        said[lang] = card_name(queen)
    assert said == {"en": "queen of spades", "pl": "dama pik", "ru": "дама пик", "bg": "дама пика"}
