"""What the Replays list says of a game: the same from a record as from its file's headers,
and from any text at all either nothing or words the screen can draw (never a crash)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Match, RuleSet
from game.engine.names import is_label, is_name
from game.records import library, listing
from game.storage.replays import Kept, parse, to_json
from game.ui.games.session import Session

from ..ui.helpers import finished_match


def _record(seed=5, preset="blato", deals=3):
    return library.record_of(Session(finished_match(seed=seed, preset=preset, deals=deals), ["Ann", "Bo", "Cy"], "easy"), date="2026-11-30")


def test_a_file_lists_as_its_record_does(tmp_path):
    record = _record()
    path = library.export_file(record, str(tmp_path))
    assert listing.of_file(path) == listing.of_record(record) == listing.of_text(record.to_text())
    summary = listing.of_record(record)
    assert summary.person() == 0 and summary.preset == "blato" and summary.deals == 3 and summary.date == "2026-11-30"


def test_a_game_in_progress_lists_as_unfinished():
    """A record exported from the pause menu: its finished deals, no seed, no result."""
    match = Match.new(RuleSet.preset("standard", deals=6), seed=8)
    rng = random.Random(8)
    while len(match.deals) < 2:
        match.apply(rng.choice(match.legal_actions()))
    record = library.record_of(Session(match, ["Ann", "Bo", "Cy"], "easy"))
    summary = listing.of_text(record.to_text())
    assert summary.winner is None and summary.totals is None and summary.seed is None and summary.deals == 2
    assert listing.of_record(record) == summary


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_any_text_lists_as_nothing_or_as_drawable_words(text):
    summary = listing.of_text('[Game "3-5-8"]\n' + text)
    assert summary is not None
    assert all(is_name(n) for n in summary.names) and all(is_label(s, listing.LABEL) for s in summary.strengths)
    assert is_label(summary.date, listing.LABEL) and summary.preset in (*listing.PRESETS, "?")
    assert listing.of_text(text) is None or text.lstrip("\ufeff").lstrip().startswith("[")


@settings(max_examples=50, deadline=None)
@given(st.dictionaries(st.sampled_from(["Date", "Preset", "Name0", "Name1", "Strength2", "Result", "Totals", "Seed"]),
                       st.text(max_size=30).filter(lambda v: '"' not in v and "\\" not in v and "\n" not in v and "\r" not in v)))
def test_hand_made_headers_never_break_a_kept_list(headers):
    text = '[Game "3-5-8"]\n' + "".join(f'[{k} "{v}"]\n' for k, v in headers.items())
    summary = listing.of_text(text)
    kept = Kept("A" + "b" * 10, "imported", summary)
    games, bad = parse(to_json([kept]))
    assert bad == 0 and games == [kept]  # what the list shows is stored and read back as it is
