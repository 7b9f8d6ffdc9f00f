"""Records and share codes made to hurt: names a save would refuse, lone surrogates, values
of the wrong type, header names the writer refuses, numbers too long for int(), seeds out of
range, a whole link given to `unshare`.  Each is refused with a message that names the
line, or read with the name replaced; nothing read can fail to be written again."""

import base64
import json
import unicodedata
import zlib

import pytest

from game.engine.formats.record import GameRecord, RecordError, read_record
from game.engine.formats.sharecode import ShareError, decode, encode
from game.records.cli import main as record_cli
from tests.engine.formats.test_record import DOMINANT, random_game

HOSTILE = {"DEL": "\x7f", "C1": "\x9b", "bidi override": "\u202e", "BOM": "\ufeff", "noncharacter": "\uffff",
           "private use": "\ue000", "lone surrogate": "\ud800", "zero width": "\u200b", "escape": "\x1b"}


def _with_header(text, key, value):
    lines = text.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith(f"[{key} ")) if any(
        line.startswith(f"[{key} ") for line in lines) else 3
    new = f'[{key} "{value}"]\n'
    if lines[at].startswith(f"[{key} "):
        lines[at] = new
    else:
        lines.insert(at, new)
    return "".join(lines)


def _code(head_changes=None, drop=()):
    """A share code of DOMINANT's game with its JSON header changed (the way a hand-made or
    damaged link could be), written with ASCII escapes so lone surrogates survive."""
    record = read_record(DOMINANT)
    raw = zlib.decompress(base64.urlsafe_b64decode(encode(record)[1:] + "=="))
    head, _, moves = raw.partition(b"\n")
    head = json.loads(head)
    head.update(head_changes or {})
    for key in drop:
        head.pop(key, None)
    payload = json.dumps(head, ensure_ascii=True).encode() + b"\n" + moves
    return "A" + base64.urlsafe_b64encode(zlib.compress(payload, 9)).decode().rstrip("=")


# --- names a save would refuse ------------------------------------------------------------------
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_record_name_a_save_would_refuse_is_replaced(kind):
    record = read_record(_with_header(DOMINANT, "Name1", "Bo" + HOSTILE[kind]))
    assert record.names == ("Ann", "Bo", "Cy") and record.renamed == (1,)
    assert read_record(record.to_text()).names == record.names  # what was read is written again


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_share_code_name_a_save_would_refuse_is_replaced(kind):
    record = decode(_code({"n": ["Ann", HOSTILE[kind] + "Bo", "Cy"]}))
    assert record.names == ("Ann", "Bo", "Cy") and record.renamed == (1,)
    record.to_text().encode("utf-8")  # a lone surrogate made this, Export and Share raise
    assert decode(encode(record)).names == record.names


def test_a_lone_surrogate_name_does_not_leave_a_stray_part_file_on_export(tmp_path):
    from game.records import library

    record = decode(_code({"n": ["\ud800", "Bo", "Cy"]}))
    path = library.export_file(record, str(tmp_path))
    assert library.read_record_file(path).names == ("?", "Bo", "Cy")
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.rsplit("/", 1)[-1]]


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_other_labels_a_save_would_refuse_are_refused_with_their_line(kind):
    for key in ("Date", "Strength2", "Comment"):
        text = _with_header(DOMINANT, key, "x" + HOSTILE[kind])
        with pytest.raises(RecordError) as err:
            read_record(text)
        assert err.value.line == text.splitlines().index(f'[{key} "x{HOSTILE[kind]}"]') + 1


def test_the_show_command_prints_no_raw_control_characters(tmp_path, capsys):
    path = tmp_path / "g.358"
    path.write_text(_with_header(DOMINANT, "Name0", "Ann\x1b[2J\u202e"), encoding="utf-8")
    assert record_cli(["show", str(path)]) == 0
    captured = capsys.readouterr()
    for out in (captured.out, captured.err):
        assert all(ch in "\n" or unicodedata.category(ch)[0] != "C" for ch in out), repr(out[:200])
    assert "Ann" in captured.out and "\x1b" not in captured.out


@pytest.mark.parametrize("changes", [{"n": [["a"], "Bo", "Cy"]}, {"n": ["Ann", 7, "Cy"]}, {"t": ["human", {"x": 1}, "easy"]},
                                     {"d": ["2026"]}, {"d": 20261130}, {"h": "2"}, {"h": 2.0}, {"u": True},
                                     {"x": {"Comment": ["x"]}}, {"x": ["Comment"]}, {"n": "AnnBoCy"}])
def test_the_share_decoder_refuses_values_of_the_wrong_type(changes):
    with pytest.raises(ShareError):
        decode(_code(changes))


# --- the reader and the writer agree --------------------------------------------------------------
def test_a_header_name_longer_than_the_writer_allows_is_refused_where_it_is_read(capsys, tmp_path):
    long_key = "X" * 32
    text = _with_header(DOMINANT, long_key, "hello")
    with pytest.raises(RecordError) as err:
        read_record(text)
    assert err.value.line == text.splitlines().index(f'[{long_key} "hello"]') + 1
    path = tmp_path / "g.358"
    path.write_text(text, encoding="utf-8")
    assert record_cli(["share", str(path)]) == 1  # it printed a code that decode refused
    assert capsys.readouterr().out == ""
    fine = _with_header(DOMINANT, "X" * 31, "hello")
    assert decode(encode(read_record(fine))).extra == {"X" * 31: "hello"}


# --- numbers -----------------------------------------------------------------------------------
HUGE = "9" * 5000


@pytest.mark.parametrize("where", ["option", "deal", "trick", "points", "start", "hints"])
def test_a_huge_number_is_refused_with_its_line_not_pythons_message(where, tmp_path, capsys):
    text = DOMINANT
    if where == "option":
        text = text.replace("deals=3", f"deals={HUGE}")
        line = 4
    elif where == "deal":
        text = text.replace("deal 1: dealer 0", f"deal {HUGE}: dealer 0")
        line = text.splitlines().index(f"deal {HUGE}: dealer 0, declarer 1") + 1
    elif where == "trick":
        text = text.replace("trick 2: ", f"trick {HUGE}: ")
        line = next(i for i, s in enumerate(text.splitlines(), 1) if s.startswith(f"trick {HUGE}"))
    elif where == "points":
        text = text.replace("points: -3 +8 -5", f"points: -{HUGE} +8 -5")
        line = len(text.splitlines())
    elif where == "start":
        text = _with_header(text, "StartTotals", f"+{HUGE} +0 -0")
        line = next(i for i, s in enumerate(text.splitlines(), 1) if s.startswith("[StartTotals"))
    else:
        text = _with_header(text, "Hints", HUGE)
        line = next(i for i, s in enumerate(text.splitlines(), 1) if s.startswith("[Hints"))
    with pytest.raises(RecordError) as err:
        read_record(text)
    message = str(err.value)
    assert err.value.line == line and message.startswith(f"line {line}:"), message[:200]
    assert "Exceeds the limit" not in message and len(message) < 300
    path = tmp_path / "g.358"
    path.write_text(text, encoding="utf-8")
    assert record_cli(["check", str(path)]) == 1
    assert capsys.readouterr().err.split(": ", 1)[1].startswith(f"line {line}:")


def test_a_seed_out_of_range_says_so():
    for seed in (str(2**64), str(2**64 + 5), "9" * 39):
        with pytest.raises(RecordError) as err:
            read_record(_with_header(DOMINANT, "Seed", seed))
        assert "seed" in str(err.value).lower() and "starting position" not in str(err.value)
        assert str(2**64 - 1) in str(err.value)
    assert read_record(_with_header(DOMINANT, "Seed", str(2**64 - 1))).match.seed == 2**64 - 1


# --- the command line takes a link as people copy it ------------------------------------------
def test_unshare_takes_a_whole_https_link(capsys):
    code = encode(read_record(DOMINANT))
    for link in (f"https://example.org/358/index.html#record={code}", f"https://example.org/358/?lang=pl#record={code}&x=1",
                 f"<https://example.org/358/#record={code}>."):
        assert record_cli(["unshare", link]) == 0, capsys.readouterr().err
        assert capsys.readouterr().out == read_record(DOMINANT).to_text()
    assert record_cli(["unshare", "https://example.org/358/index.html"]) == 1
    assert "version 'h'" not in capsys.readouterr().err


def test_a_renamed_record_is_said_on_the_command_line(tmp_path, capsys):
    path = tmp_path / "g.358"
    path.write_text(_with_header(DOMINANT, "Name2", "Cy\u200b"), encoding="utf-8")
    assert record_cli(["check", str(path)]) == 0
    assert "name" in capsys.readouterr().err.lower()


def test_every_accepted_record_writes_and_shares_again():
    record = read_record(DOMINANT)
    for extra in ({"Event": "Club night"}, {"X" * 31: "y" * 40}):
        again = GameRecord(record.match, record.names, record.strengths, record.date, 0, 0, extra)
        text = again.to_text()
        assert read_record(text).to_text() == text and decode(encode(read_record(text))) == read_record(text)
    assert random_game("standard", 3, 40)  # the helpers still build games
