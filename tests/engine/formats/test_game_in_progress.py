"""Records and share codes of a game that is not over: the finished deals with their cards,
no seed and nothing of the deal in progress, so that no card hidden at the table can be
worked out from them; still replayed through the rules, and old records still read."""

import base64
import json
import random
import re
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Match, RuleSet
from game.engine.cards import format_cards
from game.engine.deal import shuffled_deal
from game.engine.errors import RecordError
from game.engine.formats.record import GameRecord, game_so_far, read_record, write_record
from game.engine.formats.sharecode import decode, encode
from tests.engine.formats.test_record import DOMINANT, PRESETS, random_game


def in_deal(preset, seed, deal, actions_in=7, **options):
    """A game of random legal actions stopped `actions_in` actions into deal `deal` (0-based)."""
    m = Match.new(RuleSet.preset(preset, **options), seed=seed)
    rng, began = random.Random(seed), 0
    while m.deal_number < deal or len(m.history) - began < actions_in:
        before = m.deal_number
        m.apply(rng.choice(m.legal_actions()))
        if m.deal_number != before:
            began = len(m.history)
    return m


def payload_head(code):
    body = code[1:]
    data = zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    return json.loads(data.partition(b"\n")[0])


def hidden_lines(m):
    """What the deal in progress would add to a record: its dealt hands and kitty."""
    deal = m.current
    return [format_cards(h) for h in deal.hands] + [format_cards(deal.kitty)]


@pytest.mark.parametrize("preset", PRESETS)
def test_the_record_of_a_game_in_progress_has_no_seed_and_no_card_of_the_deal_in_progress(preset):
    m = in_deal(preset, 31, 2, deals=6)
    assert not m.is_over() and len(m.deals) == 2
    text = GameRecord(game_so_far(m), seedless=True).to_text()
    assert '[Seed "?"]' in text and f'[Seed "{m.seed}"]' not in text
    for cards in hidden_lines(m):
        assert cards not in text
    assert "deal 3:" not in text and "StartHands" not in text and "StartKitty" not in text
    record = read_record(text)
    assert record.seedless and record.to_text() == text
    assert [(d.hands, d.kitty, d.points) for d in record.match.deals] == [(d.hands, d.kitty, d.points) for d in m.deals]
    assert record.match.totals == tuple(sum(d.points[s] for d in m.deals) for s in range(3))
    # what the reader deals after the record's deals is not the deal that was in progress
    assert record.match.current.hands != m.current.hands


def test_the_finished_deals_replay_move_for_move():
    m = in_deal("standard", 8, 1, 12)
    so_far = game_so_far(m)
    assert so_far.history == m.history[:len(so_far.history)] and len(so_far.deals) == 1
    assert so_far.deal_number == 1 and so_far.current.tricks == [] and so_far.current.contract is None
    assert so_far.totals == tuple(m.deals[0].points)


def test_the_share_code_of_a_game_in_progress_carries_no_seed():
    m = in_deal("classic", 5, 2, 5, deals=6)
    record = GameRecord(game_so_far(m), ("Ann", "Bo", "Cy"), ("human", "human", "hard"), "2026-11-30", seedless=True)
    code = encode(record)
    head = payload_head(code)
    assert head["s"] is None and "hands" not in head["st"] and len(head["k"]) == 2
    for cards in hidden_lines(m):
        assert all(cards not in deal for deal in head["k"])  # nor the letters of the deal in progress
    assert decode(code) == record and decode(code).seedless


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 2**32 - 1), st.integers(0, 900))
def test_any_game_cut_anywhere_round_trips_without_its_seed(preset, seed, stop):
    m = random_game(preset, seed, stop)
    if m.is_over():
        return
    record = GameRecord(game_so_far(m), ("Ann", "Bożena", "Цветан"), ("human", "hard", "easy"), "2026-11-30", 1, 2,
                        seedless=True)
    text = record.to_text()
    assert read_record(text) == record
    assert decode(encode(record)) == record
    assert len(record.match.deals) == len(m.deals)


def test_a_game_from_a_position_keeps_its_start_but_not_its_first_hands():
    from game.engine.history import replayed

    m = replayed(read_record(DOMINANT).match, 5)  # five actions into its first deal: nothing is finished
    text = write_record(game_so_far(m), seedless=True)
    assert "StartHands" not in text and "JH TH 9H" not in text and '[StartDealer "0"]' in text
    record = read_record(text)
    assert record.match.deals == [] and record.match.history == []


def test_a_finished_game_keeps_its_seed():
    m = random_game("standard", 12, deals=3)
    assert m.is_over()
    assert f'[Seed "{m.seed}"]' in GameRecord(m).to_text()


def test_records_with_a_seed_read_as_before_and_their_hand_lines_are_checked():
    m = random_game("blato", 3, 200)
    text = write_record(m)
    assert read_record(text).match.to_json() == m.to_json()
    uncommented = text.replace("; hand ", "hand ").replace("; kitty", "kitty")
    assert read_record(uncommented).match.to_json() == m.to_json()  # lines that agree with the seed
    wrong = uncommented.replace("hand 0: " + format_cards(m.deals[0].hands[0]),
                                "hand 0: " + format_cards(m.deals[0].hands[1]), 1)
    with pytest.raises(RecordError, match="hand 0 of deal 1 was dealt as"):
        read_record(wrong)


SEEDLESS = write_record(game_so_far(random_game("standard", 44, 140)), seedless=True)


@pytest.mark.parametrize("edit,message", [
    (lambda s: re.sub(r"\nkitty: [^\n]*", "", s, count=1), "kitty missing"),
    (lambda s: re.sub(r"\nhand 2: [^\n]*", "", s, count=1), "hand 2 missing"),
    (lambda s: s.replace("hand 1: ", "hand 1: AS ", 1), "not a deal"),
    (lambda s: s.replace('[StartUsed', '[StartHands "AS / KS / QS"]\n[StartUsed', 1), "not in StartHands"),
    (lambda s: s.replace("\ndeal 1:", "\nhand 0: AS\ndeal 1:", 1), "cards come after its deal line"),
    (lambda s: re.sub(r"(\nkitty: [^\n]*)(\n[^\n]*)", r"\2\1", s, count=1), "come before its first action"),
    (lambda s: s.replace('[Seed "?"]', '[Seed "??"]'), "seed must be a whole number"),
])
def test_a_damaged_seedless_record_is_refused_with_its_line(edit, message):
    text = edit(SEEDLESS)
    assert text != SEEDLESS
    with pytest.raises(RecordError, match=message) as caught:
        read_record(text)
    assert caught.value.line > 0


def test_later_deals_are_checked_like_a_starting_position():
    hands, kitty = shuffled_deal(1, 0, 0)
    bad = (hands[:2] + [hands[2][:15]], kitty)
    with pytest.raises(ValueError, match="16 cards"):
        Match.from_position(RuleSet.preset("standard"), hands, kitty, 0, later=[bad])
    with pytest.raises(ValueError, match="do not fit"):
        Match.from_position(RuleSet.preset("standard", deals=3), hands, kitty, 0, later=[(hands, kitty)] * 3)
    m = Match.from_position(RuleSet.preset("standard", deals=3), hands, kitty, 0, seed=9, later=[shuffled_deal(2, 1, 1)])
    assert Match.from_json(m.to_json()).to_json() == m.to_json()  # the save keeps them
