"""Text game records (docs/RECORD.md): round trips, a hand-built deal, refusing mangled text."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import Match, RuleSet
from game.engine.formats.record import GameRecord, RecordError, read_record, write_record
from game.records.cli import main as record_cli

PRESETS = ("standard", "blato", "classic")


def random_game(preset: str, seed: int, stop: int | None = None, **options) -> Match:
    """A game of random legal actions, whole or cut after `stop` actions."""
    m = Match.new(RuleSet.preset(preset, **options), seed=seed)
    rng = random.Random(seed)
    while not m.is_over() and (stop is None or len(m.history) < stop):
        m.apply(rng.choice(m.legal_actions()))
    return m


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 2**32 - 1), st.one_of(st.none(), st.integers(0, 950)),
       st.integers(0, 5), st.integers(0, 5))
def test_record_text_record_is_identical(preset, seed, stop, hints, undos):
    m = random_game(preset, seed, stop)
    record = GameRecord(m, ("Ann", 'Bo "the bold"', "Cy\\Z"), ("human", "hard", "normal"), "2026-11-30", hints, undos)
    text = record.to_text()
    again = read_record(text)
    assert again == record
    assert again.to_text() == text
    assert again.match.to_json() == m.to_json()
    assert (again.names, again.hints, again.undos) == (record.names, hints, undos)
    assert read_record(write_record(m)).match.to_json() == m.to_json()


DOMINANT = """\
[Game "3-5-8"]
[Format "1"]
[Preset "standard"]
[Options "must_trump=no exchange=yes deals=3 declare_on=6 contracts_once=yes"]
[Seed "7"]
[Date "2026-11-30"]
[Name0 "Ann"]
[Name1 "Bo"]
[Name2 "Cy"]
[StartDealer "0"]
[StartHands "JH TH 9H 8H 7H 6H 5H 4H 3H 2H AD KD QD JD TD 9D / AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH / 8D 7D 6D 5D 4D 3D 2D AC KC QC JC TC 9C 8C 7C 6C"]
[StartKitty "5C 4C 3C 2C"]
[Result "*"]
[Totals "-3 +8 -5"]

; seat 1 holds every spade: it takes all sixteen tricks
deal 1: dealer 0, declarer 1
1 declare S
1 discard 5C 4C 3C 2C
trick 1: 1 AS, 2 AC, 0 JH -> 1
trick 2: 1 KS, 2 KC, 0 TH -> 1
trick 3: 1 QS, 2 QC, 0 9H -> 1
trick 4: 1 JS, 2 JC, 0 8H -> 1
trick 5: 1 TS, 2 TC, 0 7H -> 1
trick 6: 1 9S, 2 9C, 0 6H -> 1
trick 7: 1 8S, 2 8C, 0 5H -> 1
trick 8: 1 7S, 2 7C, 0 4H -> 1
trick 9: 1 6S, 2 6C, 0 3H -> 1
trick 10: 1 5S, 2 8D, 0 2H -> 1
trick 11: 1 4S, 2 7D, 0 AD -> 1
trick 12: 1 3S, 2 6D, 0 KD -> 1
trick 13: 1 2S, 2 5D, 0 QD -> 1
trick 14: 1 AH, 2 4D, 0 JD -> 1
trick 15: 1 KH, 2 3D, 0 TD -> 1
trick 16: 1 QH, 2 2D, 0 9D -> 1
points: -3 +8 -5
"""


def test_hand_built_record_gives_its_known_totals():
    record = read_record(DOMINANT)
    m = record.match
    assert m.totals == [-3, 8, -5] or tuple(m.totals) == (-3, 8, -5)
    assert m.deals[0].tricks_taken == [0, 16, 0]
    assert m.deal_number == 1 and not m.is_over()
    assert record.names == ("Ann", "Bo", "Cy")
    assert read_record(record.to_text()) == record


@pytest.mark.parametrize("old, new, at, words", [
    ("trick 4: 1 JS, 2 JC, 0 8H -> 1", "trick 4: 1 JS, 2 JC, 0 8H -> 2", None, "seat 1 won this trick"),
    ("trick 4: 1 JS, 2 JC, 0 8H -> 1", "trick 4: 1 JS, 2 JC, 0 QS -> 1", None, "you do not hold QS"),
    ("trick 4: 1 JS, 2 JC, 0 8H -> 1", "trick 4: 1 JS, 0 8H, 2 JC -> 1", None, "seat 2's turn"),
    ("points: -3 +8 -5", "points: -3 +7 -4", None, "scored -3 +8 -5"),
    ('[Totals "-3 +8 -5"]', '[Totals "-3 +8 -4"]', None, "totals"),
    ("1 declare S", "1 declare X", None, "not a contract"),
    ("deal 1: dealer 0, declarer 1", "deal 2: dealer 0, declarer 1", None, "this is deal 1"),
    ("1 discard 5C 4C 3C 2C", "1 discard 5C 4C 3C", "trick 1:", "no trick can be played now"),
    ("trick 9: 1 6S, 2 6C, 0 3H -> 1\n", "", "trick 10:", "this is trick 9"),
    ("points: -3 +8 -5\n", "", "trick 16:", "points line"),
    ('[Seed "7"]', '[Seed "seven"]', None, "seed"),
    ('[Preset "standard"]', '[Preset "bridge"]', None, "unknown rule preset"),
])
def test_a_bad_record_names_its_line(old, new, at, words):
    text = DOMINANT.replace(old, new, 1)
    assert text != DOMINANT
    lines = text.split("\n")
    line = 1 + next(i for i, t in enumerate(lines) if t.startswith(at or new))
    with pytest.raises(RecordError) as err:
        read_record(text)
    assert err.value.line == line and str(err.value).startswith(f"line {line}: ")
    assert words in str(err.value)


def _mangle(text: str, rng: random.Random) -> str:
    """One damaging edit of a line the rules check (headers that carry no rule are left alone)."""
    lines = text.split("\n")
    checked = [i for i, line in enumerate(lines)
               if line and not line.startswith(";") and not line.startswith(("[Name", "[Strength", "[Date", "[Hints", "[Undos"))]
    body = [i for i in checked if not lines[i].startswith("[")]
    i = rng.choice(checked)
    kind = rng.randrange(6)
    if kind == 0:  # delete a line
        del lines[i]
    elif kind == 1:  # swap two different checked lines
        j = rng.choice(body)
        if lines[i] == lines[j]:
            j = body[(body.index(j) + 1) % len(body)] if i != body[(body.index(j) + 1) % len(body)] else body[0]
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 2:  # a non-space character replaced by another
        line = lines[i]
        spots = [k for k, ch in enumerate(line) if not ch.isspace()]
        k = rng.choice(spots)
        ch = rng.choice([c for c in "0123456789AKQJTSHDC+->:[]\"xyz,." if c != line[k]])
        lines[i] = line[:k] + ch + line[k + 1:]
    elif kind == 3:  # junk inserted
        k = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:k] + rng.choice(["X", "9", "+", "AS", "->", "\"", ",", "]"]) + lines[i][k:]
    elif kind == 4:  # cut short inside the body
        j = rng.choice(body)
        lines = lines[:j] + [lines[j][: rng.randrange(len(lines[j]))]]
    else:  # a line repeated
        lines.insert(i, lines[i])
    return "\n".join(lines)


def test_a_thousand_mangled_records_are_refused_clearly():
    games = [random_game(p, seed, None, deals=3) for p in PRESETS for seed in (1, 2)]
    texts = [write_record(g) for g in games]
    rng = random.Random(358)
    refused = 0
    for n in range(1000):
        text = texts[n % len(texts)]
        mangled = _mangle(text, rng)
        if mangled == text:
            continue
        with pytest.raises(RecordError) as err:
            read_record(mangled)
        assert isinstance(err.value, ValueError)
        assert err.value.line >= 1 and str(err.value).startswith(f"line {err.value.line}: "), str(err.value)
        refused += 1
    assert refused >= 990


@pytest.mark.parametrize("junk", [b"\xff\xfe", "", "   ", "[Game \"3-5-8\"]", "hello", "x" * 2_000_000, 42, None])
def test_junk_is_refused(junk):
    with pytest.raises(RecordError):
        read_record(junk)


def test_writing_refuses_unprintable_details():
    m = random_game("standard", 1, 10)
    for bad in (dict(names=("a", "", "c")), dict(names=("a\x00", "b", "c")), dict(hints=-1), dict(undos=1.5),
                dict(strengths=("x" * 41, "b", "c")), dict(names=("a", "b"))):
        with pytest.raises(ValueError):
            write_record(m, **bad)


def test_record_command_shows_deals_and_totals(tmp_path, capsys):
    path = tmp_path / "game.358"
    path.write_text(DOMINANT, encoding="utf-8")
    assert record_cli(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "trick 16: Bo QH, Cy 2D, Ann 9D  -> Bo" in out
    assert "Ann -3, Bo +8, Cy -5" in out
    path.write_text(DOMINANT.replace("0 9D -> 1", "0 9D -> 2"), encoding="utf-8")
    assert record_cli(["check", str(path)]) == 1
    assert f"line {DOMINANT.split(chr(10)).index('trick 16: 1 QH, 2 2D, 0 9D -> 1') + 1}:" in capsys.readouterr().err


def test_the_documented_example_reads():
    from pathlib import Path
    text = (Path(__file__).resolve().parents[3] / "docs" / "example.358").read_text(encoding="utf-8")
    record = read_record(text)
    assert record.match.is_over() and record.to_text() == text
    assert (record.names, record.hints, record.undos) == (("Ann", "Bo", "Cy"), 2, 1)
