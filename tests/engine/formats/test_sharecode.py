"""Share codes (#record=...): compact, URL-safe, and damaged codes refused clearly."""

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.formats.record import GameRecord
from game.engine.formats.sharecode import ShareError, decode, encode
from game.records.cli import main as record_cli
from tests.engine.formats.test_record import DOMINANT, PRESETS, random_game


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 2**32 - 1), st.one_of(st.none(), st.integers(0, 900)))
def test_share_code_round_trip(preset, seed, stop):
    m = random_game(preset, seed, stop)
    record = GameRecord(m, ("Ann", "Bożena", "Цветан"), ("human", "hard", "easy"), "2026-11-30", 1, 2)
    code = encode(record)
    assert re.fullmatch(r"[A-Za-z0-9_-]+", code)
    assert decode(code) == record
    assert decode("#record=" + code) == record


def test_a_whole_game_codes_to_a_short_link():
    m = random_game("standard", 9)
    assert m.is_over()
    assert len(encode(GameRecord(m))) < 1600  # the record text is ~15,000 characters


def test_hand_built_position_survives_sharing():
    from game.engine.formats.record import read_record
    record = read_record(DOMINANT)
    assert decode(encode(record)) == record


def test_damaged_codes_are_refused():
    original = GameRecord(random_game("blato", 4, 300))
    code = encode(original)
    rng, refused = random.Random(1), 0
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for n in range(300):
        k = rng.randrange(1, len(code))
        kind = n % 3
        if kind == 0:
            bad = code[:k] + rng.choice([c for c in alphabet if c != code[k]]) + code[k + 1:]
        elif kind == 1:
            bad = code[:k]
        else:
            bad = code[:k] + code[k + 1:]
        try:
            got = decode(bad)
        except ShareError:
            refused += 1
        else:  # only deflate's padding bits can change harmlessly: the very same game comes back
            assert got == original
    assert refused >= 295
    for junk in ("", "#record=", "Z" + code[1:], code + "!", "A" * 30000, None, 5):
        with pytest.raises(ShareError):
            decode(junk)


def test_share_commands(tmp_path, capsys):
    path = tmp_path / "g.358"
    path.write_text(DOMINANT, encoding="utf-8")
    assert record_cli(["share", str(path)]) == 0
    link = capsys.readouterr().out.strip()
    assert link.startswith("#record=A")
    assert record_cli(["unshare", link]) == 0
    from game.engine.formats.record import read_record
    assert capsys.readouterr().out == read_record(DOMINANT).to_text()
    assert record_cli(["unshare", link[:-3]]) == 1
    assert "damaged" in capsys.readouterr().err
