"""A random-input soak of every reader a player (or anyone who can hand them a file or a
link) can feed: game records, share codes, pasted links, settings and statistics.  Inputs
are real records, codes and files mangled at random (text from all of Unicode inserted,
lone surrogates included, lines cut, dropped or swapped, huge numbers, values of other
types), plus text and JSON made from nothing.

Each reader must answer every case with a result or its own refusal (a ValueError with a
line or a kind), never another exception; whatever it accepts keeps the name rule and can
be written, read and shared again.  Hypothesis draws each case's seed (a failure prints it:
the case is rebuilt from it exactly); the case itself is made by ``random.Random(seed)``,
which is many times cheaper than composite strategies and keeps the soak of a few thousand
cases within seconds.  The counts (cases, accepted, refused) are printed at the end of the
run (tests/faults/soak_counts.py)."""

from __future__ import annotations

import base64
import functools
import json
import os
import random
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import Match, RuleSet
from game.engine.formats.record import GameRecord, RecordError, read_record
from game.engine.formats.sharecode import ShareError, decode, encode
from game.engine.names import is_name
from game.records import library
from game.storage.stats import Stats, StatsError
from game.storage.store import Storage
from game.ui.constants import DEFAULT_SETTINGS, SPEEDS, STRENGTHS
from game.ui.settings_check import check_settings
from tests.engine.formats.test_record import DOMINANT
from tests.faults.soak_counts import note

SOAK = settings(deadline=None, database=None, suppress_health_check=list(HealthCheck))
SEEDS = st.integers(0, 2**63 - 1)
NUMBERS = ["0", "1", "-1", "+1", "60", "99", "2" * 25, "9" * 5000, str(2**64), "1e9", "0x10", "٣", "１", "-0", "+-1"]
HEADERS = ["Name0", "Name1", "Name2", "Date", "Strength1", "Seed", "Options", "Hints", "Result", "Totals", "Event",
           "StartTotals", "StartDeal", "StartHands", "Preset", "Game", "Format"]


# --- random pieces -----------------------------------------------------------------------------------
def _char(rng: random.Random) -> str:
    """Any code point, lone surrogates included, with the troublesome ones drawn often."""
    pick = rng.random()
    if pick < 0.35:
        return rng.choice("\x00\x1b\x7f\x85\x9b\u200b\u200d\u202e\u2066\ufeff\ufe0f\u034f\u17b4\ud800\udfff\uffff"
                          "\ue000\u2028\xa0\t\n\r\"\\[]♠ ")
    if pick < 0.7:
        return chr(rng.randrange(0x20, 0x250))
    return chr(rng.randrange(0x110000))


def _text(rng: random.Random, most: int = 12) -> str:
    return "".join(_char(rng) for _ in range(rng.randrange(most + 1)))


def _json(rng: random.Random, depth: int = 0):
    pick = rng.randrange(9 if depth < 3 else 6)
    if pick == 0:
        return None
    if pick == 1:
        return rng.random() < 0.5
    if pick == 2:
        return rng.choice([0, 1, -1, 3, 60, 2**31, 2**64, -2**70, 10**30])
    if pick == 3:
        return rng.choice([0.5, 1.0, float("nan"), float("inf"), -0.0])
    if pick in (4, 5):
        return _text(rng, 10)
    if pick in (6, 7):
        return [_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {_text(rng, 4): _json(rng, depth + 1) for _ in range(rng.randrange(4))}


@functools.lru_cache(maxsize=None)
def _games() -> tuple[GameRecord, ...]:
    """Records to mangle: a whole short game, games cut in their middle, a hand-built deal."""
    out = []
    for preset, seed, stop in (("standard", 1, None), ("blato", 2, 40), ("classic", 3, 25), ("standard", 4, 5)):
        m = Match.new(RuleSet.preset(preset, deals=3), seed=seed)
        rng = random.Random(seed)
        while not m.is_over() and (stop is None or len(m.history) < stop):
            m.apply(rng.choice(m.legal_actions()))
        out.append(GameRecord(m, ("Ann", "Bożena", "Цветан"), ("human", "hard", "easy"), "2026-11-30", 1, 2,
                              {"Event": "Club night"}))
    out.append(read_record(DOMINANT))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _texts() -> tuple[str, ...]:
    return tuple(g.to_text() for g in _games())


@functools.lru_cache(maxsize=None)
def _codes() -> tuple[str, ...]:
    return tuple(encode(g) for g in _games())


def _pick(rng, items):
    """The whole game (the slowest to read) one time in eight, the shorter ones otherwise."""
    return items[0] if rng.random() < 0.125 else rng.choice(items[1:])


def _accepted_record_is_whole(record: GameRecord) -> None:
    assert all(is_name(n) for n in record.names), record.names
    text = record.to_text()
    text.encode("utf-8")
    again = read_record(text)
    assert again == record and again.to_text() == text
    assert decode(encode(record)) == record


# --- game records ------------------------------------------------------------------------------------
def mangled_record(rng: random.Random) -> str | bytes:
    if rng.random() < 0.08:
        return _text(rng, 200)
    if rng.random() < 0.03:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
    lines = _pick(rng, _texts()).split("\n")
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(lines))
        line = lines[at]
        how = rng.choice(["insert", "delete", "header", "header", "number", "drop", "swap", "token", "junk line"])
        if how == "insert":
            k = rng.randrange(len(line) + 1)
            lines[at] = line[:k] + _text(rng, 6) + line[k:]
        elif how == "delete" and line:
            k = rng.randrange(len(line))
            lines[at] = line[:k] + line[k + rng.randint(1, 8):]
        elif how == "header":
            key = rng.choice(HEADERS + ["X" * rng.randint(1, 40)])
            value = (_text(rng, 30) if rng.random() < 0.7 else rng.choice(NUMBERS)).replace("\\", "\\\\").replace('"', '\\"')
            lines.insert(rng.randrange(17), f'[{key} "{value}"]')
        elif how == "number":
            lines[at] = " ".join(rng.choice(NUMBERS) if w.strip("+-:").isdigit() and rng.random() < 0.5 else w
                                 for w in line.split(" "))
        elif how == "drop":
            del lines[at]
        elif how == "swap":
            other = rng.randrange(len(lines))
            lines[at], lines[other] = lines[other], lines[at]
        elif how == "token":
            words = line.split(" ")
            words[rng.randrange(len(words))] = _text(rng, 4) if rng.random() < 0.6 else rng.choice(NUMBERS)
            lines[at] = " ".join(words)
        else:
            lines.insert(at, _text(rng, 40))
        lines = lines or [""]
    return "\n".join(lines)


@settings(SOAK, max_examples=800)
@given(SEEDS)
def test_the_record_reader_reads_or_refuses_with_its_line(seed):
    text = mangled_record(random.Random(seed))
    try:
        record = read_record(text)
    except RecordError as exc:
        note("records", False)
        assert exc.line >= 0 and len(str(exc)) < 1000
        return
    note("records", True)
    _accepted_record_is_whole(record)


# --- share codes --------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def _heads() -> tuple[tuple[dict, bytes], ...]:
    out = []
    for code in _codes():
        raw = zlib.decompress(base64.urlsafe_b64decode(code[1:] + "=="))
        head, _, moves = raw.partition(b"\n")
        out.append((json.loads(head), moves))
    return tuple(out)


def _code_of(head, moves: bytes) -> str:
    payload = json.dumps(head, ensure_ascii=True, allow_nan=True).encode() + b"\n" + moves
    return "A" + base64.urlsafe_b64encode(zlib.compress(payload, 9)).decode().rstrip("=")


def share_code(rng: random.Random):
    pick = rng.random()
    if pick < 0.5:  # a header of another shape, or moves cut, changed or added
        head, moves = _pick(rng, _heads())
        head = dict(head)
        for _ in range(rng.randint(1, 3)):
            key = rng.choice(["n", "n", "t", "d", "h", "u", "x", "p", "o", "s", "st", "zz"])
            head[key] = [_text(rng, 30) for _ in range(3)] if key == "n" and rng.random() < 0.6 else _json(rng)
        how = rng.choice(["keep", "keep", "cut", "byte", "extra"])
        if how == "cut" and moves:
            moves = moves[:rng.randrange(len(moves))]
        elif how == "byte" and moves:
            k = rng.randrange(len(moves))
            moves = moves[:k] + bytes([rng.randrange(256)]) + moves[k + 1:]
        elif how == "extra":
            moves += bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
        return _code_of(head, moves)
    if pick < 0.9:  # a real code with a character changed, cut or inserted
        code = _pick(rng, _codes())
        k = rng.randrange(len(code))
        how = rng.choice(["replace", "cut", "insert"])
        if how == "replace":
            return code[:k] + rng.choice([_char(rng), rng.choice("ABCxyz019-_")]) + code[k + 1:]
        if how == "cut":
            return code[:k]
        return code[:k] + _text(rng, 3) + code[k:]
    return _text(rng, 80) if rng.random() < 0.7 else _json(rng)


@settings(SOAK, max_examples=800)
@given(SEEDS)
def test_the_share_decoder_reads_or_refuses(seed):
    code = share_code(random.Random(seed))
    try:
        record = decode(code)
    except ShareError as exc:
        note("share codes", False)
        assert exc.kind and len(str(exc)) < 2000
        return
    note("share codes", True)
    _accepted_record_is_whole(record)


# --- what people paste ---------------------------------------------------------------------------------
DECORATIONS = ["", " ", "\n", ".", ",", "<", ">", '"', "'", "“", "”", "«", "»", "(", ")", "\r\n", "\t", "> ", "*",
               "!", ";", "?", "&lang=pl"]


def pasted_link(rng: random.Random):
    at = 0 if rng.random() < 0.125 else rng.randrange(1, len(_games()))
    record, code = _games()[at], _codes()[at]
    link = rng.choice([code, f"#record={code}", f"https://example.org/358/index.html#record={code}",
                       f"https://example.org/358/?lang=pl&record={code}", f"https://example.org/358/index.html%23record%3D{code}",
                       f"https://example.org/358/?lang=pl&amp;seed=3#record={code}&amp;lang=pl"])
    if rng.random() < 0.5:  # wrapped or spaced at random places
        for _ in range(rng.randint(1, 4)):
            k = rng.randrange(1, len(link))
            link = link[:k] + rng.choice([" ", "\n", "\r\n", "\n    ", "\n> "]) + link[k:]
    before = "".join(rng.choice(DECORATIONS[:-5]) for _ in range(rng.randrange(4)))  # no parameter before a link
    after = "".join(rng.choice(DECORATIONS) for _ in range(rng.randrange(4)))
    if link == code and after.lstrip(" \n\r\t.,>\"'”»)!;*").startswith("&"):
        before = before or " "  # a bare code then "&lang=pl": still a code and its parameter
    noise = _text(rng, 3) if rng.random() < 0.2 else ""
    return before + link + after + noise, record, not noise


@settings(SOAK, max_examples=300)
@given(SEEDS)
def test_pasted_links_read_or_are_refused_clearly(seed):
    text, record, plain = pasted_link(random.Random(seed))
    try:
        got = library.read_input(text)
    except (RecordError, ShareError) as exc:
        note("pasted links", False)
        assert not plain, (text, exc)  # decorations people add never make a link unreadable
        assert getattr(exc, "kind", "") or getattr(exc, "line", 0)
        return
    note("pasted links", True)
    assert all(is_name(n) for n in got.names)
    if plain:
        assert got == record


# --- settings and statistics ------------------------------------------------------------------------
GOOD_SETTINGS = {"language": "pl", "speed": "fast", "sound": True, "card_style": "classic", "strength": "hard",
                 "names": ["Ann", "Bo", "Cy"], "undo": True, "autoplay": False, "humans": [0], "preset": "blato",
                 "options": {"deals": 6}}


def settings_bytes(rng: random.Random) -> bytes:
    pick = rng.random()
    if pick < 0.75:
        data = json.loads(json.dumps(GOOD_SETTINGS))
        for _ in range(rng.randrange(4)):
            key = rng.choice(sorted(GOOD_SETTINGS) + ["names", "names", "zz"])
            data[key] = [_text(rng, 30) for _ in range(3)] if key == "names" and rng.random() < 0.6 else _json(rng)
        return json.dumps(data, ensure_ascii=rng.random() < 0.5, allow_nan=True).encode("utf-8", "surrogatepass")
    if pick < 0.9:
        return _text(rng, 60).encode("utf-8", "surrogatepass")
    return bytes(rng.randrange(256) for _ in range(rng.randrange(60)))


@pytest.fixture(scope="module")
def settings_folder(tmp_path_factory):
    """One folder for every case (emptied before each): a folder per case costs more than the read."""
    return str(tmp_path_factory.mktemp("settings-soak"))


@settings(SOAK, max_examples=700)
@given(seed=SEEDS)
def test_the_settings_reader_keeps_valid_values_and_resets_the_rest(settings_folder, seed):
    folder = settings_folder
    for name in os.listdir(folder):
        os.unlink(os.path.join(folder, name))
    with open(os.path.join(folder, "settings.json"), "wb") as f:
        f.write(settings_bytes(random.Random(seed)))
    storage = Storage(folder)
    stored = storage.load_settings()
    result, reset = check_settings(stored, DEFAULT_SETTINGS, SPEEDS, STRENGTHS)
    set_aside = any(name.startswith("settings.json.damaged") for name in os.listdir(folder))
    note("settings", not reset and not set_aside)
    assert isinstance(stored, dict) and set(result) == set(DEFAULT_SETTINGS)
    assert result["names"] is None or (len(result["names"]) == 3 and all(is_name(n) for n in result["names"]))
    assert result["speed"] in SPEEDS and result["strength"] in STRENGTHS and type(result["sound"]) is bool
    RuleSet.preset(result["preset"], **result["options"])
    json.dumps(result)  # what is kept can be stored again


@functools.lru_cache(maxsize=None)
def _good_stats() -> str:
    from tests.storage.test_stats import _good

    return json.dumps(_good())


def stats_text(rng: random.Random) -> str:
    if rng.random() < 0.2:
        return _text(rng, 80) if rng.random() < 0.5 else json.dumps(_json(rng), allow_nan=True)
    data = json.loads(_good_stats())
    for _ in range(rng.randrange(4)):
        key = rng.choice(sorted(data) + ["zz"])
        rows = data.get(key)
        # (an earlier pass may have left an empty row or table there: then it is replaced whole)
        if key in ("games", "deals") and isinstance(rows, list) and rows and isinstance(rows[0], list) and rows[0] \
                and rng.random() < 0.6:
            row = rows[0]
            row[rng.randrange(len(row))] = _json(rng)
        elif key in ("best", "worst") and isinstance(data.get(key), dict) and data[key] and rng.random() < 0.6:
            data[key][rng.choice(sorted(data[key]))] = _json(rng)
        else:
            data[key] = _json(rng)
    return json.dumps(data, allow_nan=True)


@settings(SOAK, max_examples=700)
@given(SEEDS)
def test_the_statistics_reader_reads_or_refuses(seed):
    text = stats_text(random.Random(seed))
    try:
        stats = Stats.from_json(text)
    except StatsError:
        note("statistics", False)
        return
    note("statistics", True)
    assert Stats.from_json(stats.to_json()).to_dict() == stats.to_dict()
