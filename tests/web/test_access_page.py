"""game/web/access_page.py without a browser: natively every call is a harmless no-op; in the
browser each is one small script (its arguments JSON literals), a snapshot is sent only when
it changed, the page's answers are checked before the game sees them; and the `a11y` launch
parameter.  The scripts themselves run in Chromium in tests/web/test_access_mirror.py."""

from __future__ import annotations

import json
import re
import types

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.web import access_page
from game.web.params import parse_argv, parse_query, read_launch_params
from tools.web import build as build_web

SNAPSHOT = {"v": 1, "lang": "en", "scene": "title", "status": "3-5-8", "hand": [], "focus": None, "trick": [],
            "buttons": [{"id": "new_game", "label": "New game", "disabled": False}], "log": [], "announce": []}


class FakeWindow:
    """A page that records the scripts it is given and answers as told."""

    def __init__(self, answers=None, search=""):
        self.scripts: list[str] = []
        self.answers = answers or {}
        self.location = types.SimpleNamespace(search=search)

    def eval(self, script):
        self.scripts.append(script)
        for marker, answer in self.answers.items():
            if marker in script:
                return answer(script) if callable(answer) else answer
        return None


@pytest.fixture
def page(monkeypatch):
    """page(answers, search) -> a FakeWindow that access_page sees as the browser's window."""
    import platform

    def make(answers=None, search=""):
        window = FakeWindow(answers, search)
        monkeypatch.setattr(access_page, "WEB", True)
        monkeypatch.setattr(access_page, "_sent", access_page._Sent())
        monkeypatch.setattr(access_page, "_wanted", access_page._Wanted())
        monkeypatch.setattr(platform, "window", window, raising=False)
        return window

    return make


@pytest.fixture
def clock(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(access_page.time, "monotonic", lambda: now[0])
    return now


def test_natively_every_call_is_a_no_op(monkeypatch):
    import platform

    monkeypatch.setattr(access_page, "WEB", False)
    monkeypatch.setattr(platform, "window", None, raising=False)  # touched, it would raise
    assert access_page.publish(SNAPSHOT) is None
    assert access_page.take_actions() == []
    assert access_page.prefers_reduced_motion() is None
    assert access_page.wanted() is False


def test_a_snapshot_is_sent_once_until_it_changes(page):
    window = page({"g358access": "ok"})
    access_page.publish(SNAPSHOT)
    access_page.publish(dict(SNAPSHOT))
    access_page.publish(json.loads(json.dumps(SNAPSHOT)))
    assert len(window.scripts) == 1
    sent = window.scripts[0]
    assert "a.render(" in sent and json.dumps(SNAPSHOT["buttons"][0]["label"]) in sent
    changed = {**SNAPSHOT, "status": "Your turn"}
    access_page.publish(changed)
    assert len(window.scripts) == 2
    changed["status"] = "changed in place"  # the caller's dict changed after it was sent
    access_page.publish(changed)
    assert len(window.scripts) == 3


def test_the_snapshot_is_a_json_literal_in_the_script_whatever_its_text(page):
    window = page({"g358access": "ok"})
    tricky = {**SNAPSHOT, "status": 'quote " backslash \\ </script> line\u2028break ąę'}
    access_page.publish(tricky)
    script = window.scripts[0]
    literal = script[script.index("})(") + 3:script.rindex(")")]
    assert json.loads(literal) == tricky


def test_a_page_without_the_mirror_is_asked_again_later_not_every_frame(page, clock):
    window = page({"g358access": "absent"})
    access_page.publish(SNAPSHOT)
    access_page.publish({**SNAPSHOT, "status": "1"})
    assert len(window.scripts) == 1
    clock[0] += access_page.ASK_EVERY_S
    window.answers = {"g358access": "ok"}
    access_page.publish({**SNAPSHOT, "status": "2"})
    assert len(window.scripts) == 2
    access_page.publish({**SNAPSHOT, "status": "2"})
    assert len(window.scripts) == 2


def test_a_page_that_fails_is_no_answer(page, clock):
    def broken(script):
        raise RuntimeError("no eval here")

    page({"": broken})
    access_page.publish(SNAPSHOT)
    assert access_page.take_actions() == []
    assert access_page.prefers_reduced_motion() is None
    assert access_page.wanted() is False


def test_actions_come_back_in_the_contracts_shape(page):
    taken = [{"type": "card", "id": "QS"}, {"type": "button", "id": "declare:8"},
             {"type": "read", "what": "last_trick"}]
    page({"a.take()": json.dumps(taken)})
    assert access_page.take_actions() == taken


@pytest.mark.parametrize("raw", ["", "null", "{}", "[1, 2]", "not json", '[{"type": "card"}]',
                                 '[{"type": "card", "id": 7}]', '[{"type": "read", "what": "cards"}]',
                                 '[{"type": "button", "id": ""}]', '[{"type": "eval", "id": "x"}]',
                                 json.dumps([{"type": "card", "id": "Q" * 65}]),
                                 json.dumps([{"type": "card", "id": "Q\nS"}])])
def test_odd_answers_are_refused_and_change_nothing(raw):
    assert access_page.parse_actions(raw) == []


def test_only_the_good_actions_of_a_mixed_answer_are_kept(capsys):
    raw = json.dumps([{"type": "card", "id": "QS", "extra": "dropped"}, {"type": "nope"}, "text"])
    assert access_page.parse_actions(raw) == [{"type": "card", "id": "QS"}]
    assert "2 odd action(s) ignored" in capsys.readouterr().err


def test_a_flood_of_actions_is_cut():
    raw = json.dumps([{"type": "read", "what": "hand"}] * 1000)
    assert len(access_page.parse_actions(raw)) == access_page.ACTIONS_MAX


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=12))
def test_whatever_the_page_answers_the_game_gets_only_contract_actions(value):
    for action in access_page.parse_actions(json.dumps(value)):
        assert action["type"] in access_page.ACTION_TYPES
        if action["type"] == "read":
            assert set(action) == {"type", "what"} and action["what"] in access_page.READS
        else:
            assert set(action) == {"type", "id"} and isinstance(action["id"], str) and action["id"]


def test_reduced_motion_is_the_pages_answer(page):
    window = page({"prefers-reduced-motion": "1"})
    assert access_page.prefers_reduced_motion() is True
    window.answers = {"prefers-reduced-motion": "0"}
    assert access_page.prefers_reduced_motion() is False
    window.answers = {"prefers-reduced-motion": ""}
    assert access_page.prefers_reduced_motion() is None


@pytest.mark.parametrize(("search", "expected"), [("?a11y=1", True), ("?lang=pl&a11y=on", True), ("?a11y=yes", True),
                                                  ("?a11y=0", False), ("?a11y=maybe", False), ("", False)])
def test_the_address_asks_for_the_mirror(page, search, expected):
    window = page({"a.wanted()": "0"}, search=search)
    assert access_page.wanted() is expected
    if expected:
        assert window.scripts == []  # the address is enough: nothing asked of the page


def test_the_pages_button_is_asked_at_most_twice_a_second_and_then_kept(page, clock):
    window = page({"a.wanted()": "0"})
    assert access_page.wanted() is False
    assert access_page.wanted() is False
    assert len(window.scripts) == 1
    clock[0] += access_page.ASK_EVERY_S
    window.answers = {"a.wanted()": "1"}
    assert access_page.wanted() is True
    window.answers = {"a.wanted()": "0"}
    clock[0] += access_page.ASK_EVERY_S
    assert access_page.wanted() is True
    assert len(window.scripts) == 2


# --- the a11y launch parameter -------------------------------------------------------------
@pytest.mark.parametrize(("value", "expected"), [("1", True), ("true", True), ("ON", True), ("yes", True),
                                                 ("0", False), ("false", False), ("off", False), ("no", False)])
def test_the_a11y_parameter_is_a_yes_or_a_no(value, expected):
    assert parse_query(f"?a11y={value}") == {"a11y": expected}


@pytest.mark.parametrize("value", ["", "2", "maybe", "1x"])
def test_a_bad_a11y_value_is_ignored_with_a_message(value, capsys):
    assert parse_query(f"?lang=pl&a11y={value}") == {"lang": "pl"}
    assert f"a11y={value!r}" in capsys.readouterr().err


def test_a11y_natively_from_the_command_line_or_the_environment():
    assert parse_argv(["--a11y", "1", "--lang", "ru"]) == {"a11y": True, "lang": "ru"}
    assert parse_argv(["a11y=off"]) == {"a11y": False}
    assert read_launch_params([], {"G358_A11Y": "1"}) == {"a11y": True}


# --- the page ships the mirror ------------------------------------------------------------
def test_the_page_loads_the_mirror_and_the_build_ships_it_for_offline_play():
    web = build_web.TEMPLATE.parent
    assert re.search(r'<script src="access\.js" defer></script>', (web / "index.tmpl").read_text(encoding="utf-8"))
    assert "access.js" in build_web.PAGE_FILES and (web / "access.js").is_file()  # copied, and in sw.js's APP_FILES
