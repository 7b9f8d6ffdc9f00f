"""Launch parameters from the page address (browser) or the command line / environment."""

from __future__ import annotations

import sys
import types

import pytest

from game.web import params as web_params
from game.web.params import parse_argv, parse_query, read_launch_params


def test_full_query():
    assert parse_query("?lang=pl&rules=blato&seed=7&strength=hard") == {
        "lang": "pl", "rules": "blato", "seed": 7, "strength": "hard"}


def test_invalid_and_unknown_values_are_dropped_with_a_message(capsys):
    got = parse_query("lang=xx&rules=nope&seed=-3&strength=HARD&colour=red&wheel=x.whl")
    assert got == {"strength": "hard"}
    err = capsys.readouterr().err
    assert "lang='xx'" in err and "rules='nope'" in err and "seed='-3'" in err
    assert "'colour'" in err and "wheel" not in err


@pytest.mark.parametrize("query", ["", "?", "?&&", "?seed=", "?seed=1e3", "?seed=99999999999999999999999",
                                   "?lang=%00", "?=x", "?lang"])
def test_odd_queries_never_raise(query):
    assert "seed" not in parse_query(query)


def test_language_region_is_trimmed():
    assert parse_query("?lang=pl-PL")["lang"] == "pl"
    assert parse_query("?lang=RU")["lang"] == "ru"


def test_argv_forms():
    assert parse_argv(["lang=bg", "--seed", "12", "--rules=classic", "-v", "stray"]) == {
        "lang": "bg", "seed": 12, "rules": "classic"}


def test_native_reads_environment_then_argv():
    env = {"G358_LANG": "ru", "G358_SEED": "5", "G358_STRENGTH": "easy"}
    assert read_launch_params(["--seed", "9"], env) == {"lang": "ru", "seed": 9, "strength": "easy"}


def _page(monkeypatch, query: str) -> list:
    """The browser, its page's address ending in `query`; the console's warnings, as said."""
    import platform

    warned = []
    window = types.SimpleNamespace(location=types.SimpleNamespace(search=query),
                                   console=types.SimpleNamespace(warn=warned.append))
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "window", window, raising=False)
    return warned


def test_browser_reads_the_page_query(monkeypatch):
    warned = _page(monkeypatch, "?lang=pl&rules=blato&seed=7&strength=hard&bogus=1")
    assert read_launch_params(["--seed", "1"], {"G358_SEED": "2"}) == {
        "lang": "pl", "rules": "blato", "seed": 7, "strength": "hard"}
    assert warned and "bogus" in warned[0]


def test_the_keys_a_runtime_or_harness_adds_are_read_without_a_word(monkeypatch):
    """pygbag's and the test harness's own keys (the wheel, the archive, the pace of its
    frames) are not the player's: no warning (on a cheap phone one cost the start ~30 ms)."""
    warned = _page(monkeypatch, "?wheel=pygame.whl&archive=three-five-eight.tar.gz&pace=frame&lang=pl")
    assert read_launch_params([], {}) == {"lang": "pl"}
    assert warned == []


def test_browser_without_window_gives_no_params(monkeypatch, capsys):
    import platform

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.delattr(platform, "window", raising=False)
    assert read_launch_params() == {}


def test_presets_match_the_engine():
    from game.engine import RuleSet

    for name in web_params.RULES:
        assert RuleSet.preset(name).preset_name == name


# --- the start does not import urllib.parse ----------------------------------------
QUERIES = ["", "a=1", "a", "a=", "=b", "a=1&b=2", "a=1&&b", "a+b=c+d", "x=%C5%BC&y=1", "a=b=c", "&a=1&",
           ";a=1", "a=1;b=2", "lang=pl&rules=blato&seed=7", "record=ABC-def_123~",
           "wheel=pygame.whl&archive=three-five-eight.tar.gz&pace=frame&perf=1"]


def test_parse_qsl_is_urllibs():
    from urllib.parse import parse_qsl as real

    from game.web.params import parse_qsl

    for query in QUERIES:
        assert parse_qsl(query) == real(query, keep_blank_values=True), query


def test_reading_a_plain_query_does_not_import_urllib_parse():
    import subprocess
    import sys

    root = str(__import__("pathlib").Path(__file__).resolve().parents[2])
    # -S: natively `site` (an editable install's finder) imports urllib.parse itself
    code = (f"import sys; sys.path.insert(0, {root!r}); from game import perf; "
            "from game.web import params as web_params; "
            "web_params.parse_query('lang=pl&seed=7&perf=1'); web_params.parse_record_fragment('#x=1', '?a=b'); "
            "sys.platform = 'emscripten'; perf._query_flag(); "  # no page here: it asks and gives up
            "print('urllib.parse' in sys.modules)")
    out = subprocess.run([sys.executable, "-S", "-c", code], capture_output=True, text=True, timeout=60, cwd=root)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


def test_the_perf_flag_needs_a_value_as_before(monkeypatch):
    """?perf=1 switches the frame recorder on; a blank ?perf= or a bare ?perf does not
    (urllib's parse_qsl, used before, dropped blank pairs)."""
    from game import perf

    monkeypatch.setattr(sys, "platform", "emscripten")

    def flag(query):
        page = types.SimpleNamespace(window=types.SimpleNamespace(location=types.SimpleNamespace(search=query)))
        monkeypatch.setitem(sys.modules, "platform", page)
        return perf._query_flag()

    assert [flag(q) for q in ("?perf=1", "?lang=pl&perf=yes", "?perf=", "?perf", "?perf=0", "?x=1")] == \
        [True, True, False, False, False, False]


def test_the_launch_choices_are_the_games_own():
    """The page checks its parameters without loading the engine, the players or the
    translations' tables; its lists must still be exactly theirs."""
    from game.ai import STRENGTHS
    from game.engine import RuleSet
    from game.i18n import LANGUAGES

    assert web_params.RULES == RuleSet.PRESETS
    assert web_params.STRENGTHS == STRENGTHS and web_params.LANGUAGES == LANGUAGES
