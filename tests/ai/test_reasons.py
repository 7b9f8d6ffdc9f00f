"""Hints say why in words (game/ai/reasons.py; the wording game/i18n/why.py): on hand-built
positions, the fact that explains each kind of decision, and its sentence in every language."""

import pytest

from game import i18n
from game.ai.evaluate import Estimate, Evaluation, evaluate
from game.ai.reasons import Reason, discard_set, explain
from game.engine import Action, Card, Match, RuleSet
from game.engine.cards import CARDS
from game.i18n.why import figures, sentence

NAMES = ["You", "Anna", "Boris"]
SUITS = "SHDC"


def deal(spec: dict, voids: dict | None = None, rules: str = "standard", dealer: int = 2, kitty=()) -> Match:
    """A first deal with the given cards in the given seats ("first" cards first: the
    declarer names the contract on its first six); every other card goes to a seat in
    order, never into a suit the `voids` keep it out of, and the last four to the kitty."""
    hands = {s: [Card.parse(c) for c in spec.get(s, "").split()] for s in range(3)}
    kitty = [Card.parse(c) for c in kitty] if isinstance(kitty, (list, tuple)) else [Card.parse(c) for c in kitty.split()]
    taken = {c for h in hands.values() for c in h} | set(kitty)
    rest = [c for c in CARDS if c not in taken]
    turn = 0
    for card in list(rest):  # dealt round the table, skipping a seat kept out of the suit
        for k in range(3):
            seat = (turn + k) % 3
            if len(hands[seat]) < 16 and SUITS[card.suit] not in (voids or {}).get(seat, ""):
                hands[seat].append(card)
                rest.remove(card)
                turn = seat + 1
                break
    kitty += rest[: 4 - len(kitty)]
    return Match.from_position(RuleSet.preset(rules), [hands[0], hands[1], hands[2]], kitty, dealer, seed=1)


def play(m: Match, *actions) -> Match:
    for a in actions:
        m.apply(a)
    return m


def chosen(view, action) -> Evaluation:
    """The evaluator's verdict with `action` best (what the reasoning is asked to explain)."""
    action = Action.parse(action)
    rest = [a for a in view.legal if a != action]
    return Evaluation(view.seat, action.kind, (Estimate(action, 1.0, 9.0, 1.0, 1),
                                                *(Estimate(a, 0.0, 8.0, 0.0, 1) for a in rest)))


def why(m: Match, action) -> Reason:
    view = m.view(m.to_act)
    return explain(view, chosen(view, action))


def cards(text: str) -> tuple:
    return tuple(Card.parse(c) for c in text.split())


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


# --- the contract ----------------------------------------------------------------------
def test_a_trump_suit_is_explained_by_its_length_and_honours_in_the_cards_seen():
    m = deal({0: "AH KH JH 9H QS 3D"})
    r = why(m, "declare H")
    assert r.code == "declare_suit_honours"
    assert r.facts == {"contract": "H", "count": 4, "seen": 6, "cards": cards("AH KH")}
    assert r.extra is None
    assert sentence(r, NAMES) == "♥ Hearts: 4 of the 6 cards you see are of this suit, with A♥, K♥."


def test_a_contract_kept_for_later_is_named_when_another_would_score_more_now():
    m = deal({0: "AS KS QS JS 2H 3D"})  # the four top spades: spades would score most on these six
    r = why(m, "declare MT")
    assert r.code == "declare_mt_aces" and r.facts["cards"] == cards("AS")
    assert r.extra == Reason("declare_keep", {"other": "S"})
    assert "♠ Spades would score more now; keep it for a hand that suits it better." in sentence(r, NAMES)
    assert why(m, "declare S").extra is None  # the best now needs no word about later


def test_minimum_tricks_is_explained_by_the_low_cards():
    m = deal({0: "2S 3S 4H 5D 6C 9C"})
    r = why(m, "declare MT")
    assert r.code == "declare_mt" and r.facts["count"] == 5 and r.facts["seen"] == 6


def test_no_trumps_is_explained_by_high_cards_spread_over_the_suits():
    m = deal({0: "AS KH AD 4C 5S 6H"})
    r = why(m, "declare NT")
    assert r.code == "declare_nt" and r.facts["cards"] == cards("AS KH AD")


def test_the_last_contract_owed_is_said_to_be_the_only_one_left():
    rules = RuleSet.preset("standard")
    used = (("S", "H", "D", "C", "NT"), ("S", "H", "D", "C", "NT"), ("S", "H", "D", "C", "NT"))
    hands = [list(CARDS[0:16]), list(CARDS[16:32]), list(CARDS[32:48])]
    m = Match.from_position(rules, hands, list(CARDS[48:]), 2, 15, used=used, seed=1)
    view = m.view(0)
    assert [a.contract for a in view.legal] == ["MT"]
    r = explain(view, evaluate(view, worlds=2, sim_worlds=2, declare_worlds=2, min_worlds=1))
    assert r == Reason("declare_last", {"contract": "MT"})
    assert sentence(r, NAMES) == "Minimum tricks is the last contract you still owe, so it is played now."


# --- the exchange ----------------------------------------------------------------------
def _exchange() -> Match:
    """The guided deal's position: you were up one, Boris down one, hearts are trumps."""
    from game.ui.coach.lesson_deal import lesson_match

    return play(lesson_match(), "declare H")


def test_a_low_pass_is_explained_by_the_return_of_the_receivers_highest_card():
    r = why(_exchange(), "give 5S")
    assert r.code == "give_low"
    assert r.facts == {"card": Card.parse("5S"), "seat": 2, "suit": 0, "cards": cards("AS KS")}
    assert sentence(r, NAMES) == ("Pass 5♠, your lowest of that suit: Boris must give back their highest ♠, "
                                  "and A♠, K♠ are not yours.")


def test_a_higher_pass_names_the_cards_above_it_that_are_out():
    r = why(_exchange(), "give QD")  # your diamonds are Q 7 3: the ace and king are out
    assert r == Reason("give", {"card": Card.parse("QD"), "seat": 2, "suit": 2, "cards": cards("AD KD")})


def test_a_pass_in_a_suit_you_top_costs_nothing():
    from game.ui.coach import lesson_deal as lesson

    hands = [list(h) for h in lesson.HANDS]  # the lesson's deal with your Q♦ and Boris's A♦ swapped
    hands[0][hands[0].index(Card.parse("QD"))], hands[2][hands[2].index(Card.parse("AD"))] = Card.parse("AD"), Card.parse("QD")
    m = play(Match.from_position(RuleSet.preset("standard"), hands, lesson.KITTY, 2, 1, totals=(1, 0, -1),
                                 used=((), (), ("D",)), previous_points=(1, 0, -1), seed=1), "declare H")
    r = why(m, "give 3D")  # you hold the A♦ now: whatever diamond comes back, nothing above yours is out
    assert r == Reason("give_safe", {"card": Card.parse("3D"), "seat": 2, "suit": 2})
    assert sentence(r, NAMES) == "Pass 3♦: you hold the best ♦ already, so nothing you need can be lost."


# --- the discards ----------------------------------------------------------------------
def test_discarding_a_short_suit_whole_is_explained_by_the_void_it_makes():
    m = play(_exchange(), "give 5S")
    view = m.view(0)
    assert discard_set(view, Card.parse("9C")) == cards("9C 6C 4C 2C")  # the hint completes the discard
    r = why(m, "discard 9C")
    assert r == Reason("discard_void", {"cards": cards("9C 6C 4C 2C"), "suit": 3})
    assert sentence(r, NAMES) == "Discard 9♣, 6♣, 4♣, 2♣: with no ♣ left you can trump that suit."
    assert why(m, "discard 3D") == Reason("discard_void", {"cards": cards("QD 7D 3D 2C"), "suit": 2})


def test_discards_that_make_no_void_are_the_low_cards_of_short_suits():
    m = deal({0: "AS KS QS JS TS AH KH QH JH TH AD KD QD JD TD 2C"}, kitty="3C 4C 5C 6C")
    play(m, "declare S")
    r = why(m, "discard 2C")
    assert r.code == "discard_short" and Card.parse("2C") in r.facts["cards"] and len(r.facts["cards"]) == 4


def test_discards_in_minimum_tricks_shed_the_high_cards():
    m = play(deal({0: "AS KS QH 2D 3D 4C"}, kitty="AH KH QS JS"), "declare MT")
    r = why(m, "discard AH")
    assert r.code == "discard_mt" and Card.parse("AH") in r.facts["cards"]
    assert len(r.facts["cards"]) == 4


def test_discards_in_no_trumps():
    m = play(deal({0: "AS KH AD 4C 5S 6H"}), "declare NT")
    assert why(m, m.view(0).legal[-1]).code == "discard_nt"


# --- card play: leading ----------------------------------------------------------------
def _spades_declared(spec, voids=None) -> Match:
    """Spades trumps, you declare; your discards are the last four cards of your hand."""
    m = play(deal(spec, voids), "declare S")
    for c in list(m.view(0).hand)[-4:]:
        m.apply(Action.discard(c))
    return m


def test_a_low_lead_is_explained_by_the_opponent_who_would_trump():
    # you lead A♥; Anna has no hearts and throws a club; Boris follows: Anna is known void
    m = _spades_declared({0: "AH 4H 5H AS KS QS", 1: "2C 3S", 2: "2H"}, voids={1: "H"})
    play(m, "play AH", "play 2C", "play 2H")
    assert m.to_act == 0
    r = why(m, "play 4H")
    assert r == Reason("lead_low_void", {"card": Card.parse("4H"), "suit": 1, "seat": 1})
    assert sentence(r, NAMES) == "Lead low: Anna has no ♥ left and will trump."


def test_leading_the_highest_card_still_out():
    m = _spades_declared({0: "AH 4H 5H AS KS QS"})
    r = why(m, "play AH")
    assert r == Reason("lead_master", {"card": Card.parse("AH"), "suit": 1})
    assert sentence(r, NAMES) == "Lead A♥: it is the highest ♥ still out, so it takes the trick."


def test_leading_trumps_counts_the_trumps_still_out():
    m = _spades_declared({0: "AS KS QS JS 4H 5H"})
    r = why(m, "play AS")
    assert r.code == "lead_trump" and r.facts["count"] == 13 - 4 - sum(1 for c in m.view(0).hand if c.suit == 0 and c not in cards("AS KS QS JS"))
    assert "trumps; draw them" in sentence(r, NAMES)


def test_a_low_lead_keeps_the_high_cards():
    m = _spades_declared({0: "KH 4H 2H AS KS QS"})
    assert why(m, "play 2H") == Reason("lead_low", {"card": Card.parse("2H"), "suit": 1})


def test_leading_a_long_suit_in_no_trumps():
    m = play(deal({0: "QH JH 9H 8H 7H AS"}), "declare NT")
    for c in list(m.view(0).hand)[-4:]:
        m.apply(Action.discard(c))
    r = why(m, "play QH")
    assert r.code == "lead_long" and r.facts["count"] >= 4


# --- card play: following --------------------------------------------------------------
def _third_to_play(spec, voids=None):
    """You play third: Anna leads, Boris follows (spades trumps, you declared)."""
    m = _spades_declared({0: "AS KS QS " + spec[0], 1: spec[1], 2: spec[2]}, voids)
    play(m, "play AS", m.view(1).legal[0], m.view(2).legal[0])  # your ace takes the first trick
    return m


def test_the_follow_examples_read_as_the_table_shows_them():
    """Follow with the lowest: Boris's king already wins (the hint's own example)."""
    m = deal({0: "2H 9H JD 2S 3S 4S", 1: "5H AH", 2: "KH"}, dealer=0)  # Anna declares and leads
    play(m, "declare S")
    for c in list(m.view(1).hand)[-4:]:
        m.apply(Action.discard(c))
    play(m, "play 5H", "play KH")
    assert m.to_act == 0
    r = why(m, "play 2H")
    assert r == Reason("follow_low", {"card": Card.parse("2H"), "led": 1, "winner": Card.parse("KH"), "winner_seat": 2})
    assert sentence(r, NAMES) == "Follow with 2♥: K♥ (Boris) already wins the trick."


def _boris_leads(spec, contract="S", voids=None):
    """Boris declares (Anna deals) and leads; you play second, Anna last."""
    m = deal(spec, voids, dealer=1)
    play(m, f"declare {contract}")
    for c in list(m.view(2).hand)[-4:]:
        m.apply(Action.discard(c))
    return m


def test_following_low_when_the_next_player_would_trump_and_winning_cheaply_otherwise():
    m = _boris_leads({0: "2H 3H QH AH", 1: "2C", 2: "5H 6H 7H 8H 9H TH JH KH"}, voids={1: "H"})
    play(m, "play 5H", "play 2H", "play 2C")  # Anna threw a club on hearts: she has none left
    play(m, "play 6H")  # Boris took it and leads again
    r = why(m, "play 3H")
    assert r == Reason("follow_low_void", {"card": Card.parse("3H"), "led": 1, "winner": Card.parse("6H"),
                                           "winner_seat": 2, "seat": 1})
    assert sentence(r, NAMES) == "Follow low with 3♥: Anna has no ♥ and would trump any card of yours."
    r = why(m, "play QH")
    assert r.code == "win_cheap"
    assert sentence(r, NAMES) == "Play Q♥: enough to beat 6♥ (Boris) without spending a higher card."


def test_following_low_to_keep_the_high_cards():
    m = _boris_leads({0: "2H 3H QH AH", 2: "5H 6H"})
    play(m, "play 5H")
    assert why(m, "play 2H").code == "follow_keep"


def test_a_card_nobody_can_beat_makes_the_trick_sure_in_no_trumps():
    m = _boris_leads({0: "2H 9H AH", 2: "5H 6H 7H 8H TH JH QH KH"}, contract="NT")
    play(m, "play 5H")
    assert why(m, "play AH") == Reason("win_sure", {"card": Card.parse("AH"), "led": 1, "winner": Card.parse("5H"),
                                                    "winner_seat": 2})
    assert why(m, "play 9H").code == "win_cheap"


def test_cards_that_play_alike_count_as_the_cheapest():
    m = _boris_leads({0: "2H KH AH", 2: "5H 6H 7H 8H 9H TH JH QH"}, contract="NT")
    play(m, "play 5H")
    assert why(m, "play AH").code == why(m, "play KH").code == "win_cheap"  # nothing lies between them


def _anna_leads(spec, contract="S", voids=None, rules="standard"):
    """Anna declares (the dealer is you) and leads; Boris has played when you are asked."""
    m = deal(spec, voids, rules=rules, dealer=0)
    play(m, f"declare {contract}")
    for c in list(m.view(1).hand)[-4:]:
        m.apply(Action.discard(c))
    return m


def test_taking_the_trick_last_with_the_lowest_card_that_beats_it():
    m = _anna_leads({0: "AH QH 2D", 1: "5H", 2: "KH"})
    play(m, "play 5H", "play KH")
    r = why(m, "play AH")
    assert r.code == "win_last" and r.facts["winner"] == Card.parse("KH")
    assert sentence(r, NAMES) == "Take it with A♥: it beats K♥, nobody plays after you, and your higher cards stay."


def test_trumping_in_when_void_in_the_suit_led():
    m = _anna_leads({0: "2S 5S 9S 2D 3D 4D", 1: "5H", 2: "KH"}, voids={0: "H"})
    play(m, "play 5H", "play KH")
    r = why(m, "play 2S")
    assert r == Reason("trump_in", {"card": Card.parse("2S"), "led": 1, "winner": Card.parse("KH"), "winner_seat": 2})
    assert sentence(r, NAMES) == "You have no ♥: trump with 2♠, enough to take the trick."


def test_throwing_a_card_away_when_void_and_without_trumps():
    m = _anna_leads({0: "2D 3D 4D", 1: "5H", 2: "KH"}, contract="NT", voids={0: "H"})
    play(m, "play 5H", "play KH")
    assert why(m, "play 2D").code == "throw_low"


def test_keeping_trumps_when_throwing_a_card_away():
    m = _anna_leads({0: "2S 5S 2D 3D 4D", 1: "5H", 2: "KH"}, voids={0: "H"})
    play(m, "play 5H", "play KH")
    assert why(m, "play 2D").code == "discard_keep_trumps"


def test_minimum_tricks_ducks_under_with_the_highest_card_that_still_loses():
    m = _anna_leads({0: "8D 5D KD", 1: "9D", 2: "2D"}, contract="MT")
    play(m, "play 9D", "play 2D")
    r = why(m, "play 8D")
    assert r.code == "mt_duck_high" and r.facts["winner"] == Card.parse("9D")
    assert sentence(r, NAMES) == "Play 8♦ under 9♦: the highest card you can lose this trick with."


def test_minimum_tricks_when_the_trick_cannot_be_lost():
    m = _anna_leads({0: "KD QD", 1: "9D", 2: "2D"}, contract="MT", voids={0: "D"})
    play(m, "play 9D", "play 2D")
    assert {a.card for a in m.view(0).legal} == set(cards("KD QD"))  # only two diamonds, both above the 9
    r = why(m, "play KD")
    assert r.code == "mt_must_win"
    assert sentence(r, NAMES) == "You cannot lose this trick: take it with your highest, K♦, and keep the low cards for later."
    assert why(m, "play QD").code == "best"


def test_blato_makes_you_trump_under_a_higher_trump():
    m = _anna_leads({0: "2S 3S 2D 3D", 1: "5H", 2: "AS"}, voids={0: "H", 2: "H"}, rules="blato")
    play(m, "play 5H", "play AS")  # Boris trumps Anna's heart with the ace of trumps
    view = m.view(0)
    assert {a.card.suit for a in view.legal} == {0}  # Blato: you must trump
    r = why(m, "play 2S")
    assert r.code == "trump_under" and r.facts["winner"] == Card.parse("AS")


def test_a_forced_card_is_said_to_be_the_only_one():
    m = _anna_leads({0: "AH 2D 3D", 1: "5H", 2: "KH"}, voids={0: "H"})
    play(m, "play 5H", "play KH")
    view = m.view(0)
    assert [a.card for a in view.legal if a.card.suit == 1] == [Card.parse("AH")] == [a.card for a in view.legal]
    ev = evaluate(view, worlds=2, sim_worlds=2, declare_worlds=2, min_worlds=1)
    assert explain(view, ev) == Reason("forced", {"card": Card.parse("AH")})
    assert sentence(explain(view, ev), NAMES) == "A♥ is the only card you may play."


# --- the evaluator's own choice is explained -----------------------------------------
def test_the_real_evaluator_choice_gets_a_reason_in_every_language():
    m = _anna_leads({0: "AH QH 2D", 1: "5H", 2: "KH"})
    play(m, "play 5H", "play KH")
    view = m.view(0)
    ev = evaluate(view, worlds=4, sim_worlds=3, declare_worlds=3, min_worlds=2)
    r = explain(view, ev)
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        text = sentence(r, NAMES) + " " + figures(ev.best.tricks, ev.best.points)
        assert "{" not in text and text.strip()


# --- the words -------------------------------------------------------------------------
CODES = ("forced", "best", "same", "declare_last", "declare_suit", "declare_suit_honours", "declare_nt", "declare_nt_even",
         "declare_mt", "declare_mt_aces", "declare_keep", "give_low", "give", "give_safe", "discard_void",
         "discard_short", "discard_nt", "discard_mt", "discard_mt_low", "lead_trump", "lead_master", "lead_low_void",
         "lead_long", "lead_low", "mt_lead_low", "mt_lead_sure", "win_cheap", "win_last", "win_sure", "trump_in",
         "trump_under", "follow_low", "follow_low_void", "follow_keep", "discard_keep_trumps", "throw_low",
         "mt_must_win", "mt_duck_high", "mt_duck", "mt_shed")
FACTS = {"card": Card.parse("2H"), "also": Card.parse("3H"), "cards": cards("2C 3C"), "suit": 3, "led": 1, "seat": 1, "winner_seat": 2,
         "winner": Card.parse("KH"), "contract": "H", "other": "NT", "count": 5, "seen": 6}


def test_reasons_found_in_the_code_all_have_words():
    import inspect
    import re

    import game.ai.reasons as module

    found = set(re.findall(r'Reason\("([a-z_]+)"', inspect.getsource(module)))
    found |= set(re.findall(r'"([a-z_]+)" if', inspect.getsource(module))) | set(re.findall(r'else "([a-z_]+)"', inspect.getsource(module)))
    assert found - {"declare_keep"} <= set(CODES)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_reason_reads_whole_in_every_language(lang):
    i18n.set_language(lang)
    for code in CODES:
        text = sentence(Reason(code, FACTS), NAMES)
        assert not text.startswith("why.") and "{" not in text, (lang, code, text)
    assert "{" not in figures(8.24, -0.5)
    assert "8,2" in figures(8.24, -0.5) if lang != "en" else "8.2" in figures(8.24, -0.5)


def test_cards_worth_the_same_are_said_to_be_so():
    m = _spades_declared({0: "AH 4H 9H AS KS QS"})
    view = m.view(0)
    nine, four = Action.parse("play 9H"), Action.parse("play 4H")
    ev = Evaluation(0, "play", (Estimate(nine, 0.5, 8.5, 0.5, 1), Estimate(four, 0.5, 8.5, 0.5, 1),
                                *(Estimate(a, 0.0, 8.0, 0.0, 1) for a in view.legal if a not in (nine, four))))
    r = explain(view, ev)
    assert r == Reason("same", {"card": Card.parse("9H"), "also": Card.parse("4H")})
    assert sentence(r, NAMES) == "9♥ and 4♥ are worth the same here: either will do."
    assert why(m, "play 9H").code == "best"  # a real difference with no fact found: said plainly


def test_a_low_trump_lead_from_few_trumps_is_not_called_drawing_trumps():
    m = _spades_declared({0: "2S 3S AH KH QH JH"})  # two small trumps of thirteen
    assert why(m, "play 2S").code == "best"
    m = _spades_declared({0: "AS KS QS JS TS 9S 8S 2S"})  # most of the trumps: draw them
    assert why(m, "play 2S").code == "lead_trump"
