"""The browser side of game records, with a stand-in for pygbag's ``platform.window``: the
``#record=`` fragment and ``record=`` parameters, the import panel's answers (upload or
paste), the download and clipboard calls.  The real page is exercised by webcheck
(tools/web/replay.py)."""

import json
import random
import sys
import types

import pygame
import pytest

from game.engine import Match, RuleSet
from game.records import library
from game.ui.games.session import Session
from game.web import bridge
from game.web import params as web_params


def finished_record(seed=17):
    m = Match.new(RuleSet.preset("blato", deals=3), seed=seed)
    rng = random.Random(seed)
    while m.phase != "game_over":
        m.apply(rng.choice(m.legal_actions()))
    return library.record_of(Session(m, ["Ann", "Bo", "Cy"], "easy"))


class FakeWindow:
    """``platform.window``: a location, and eval() answering like the page's scripts."""

    def __init__(self, hash_="", search=""):
        self.location = types.SimpleNamespace(hash=hash_, search=search)
        self.scripts: list[str] = []
        self.answers: list[str] = []

    def eval(self, script):
        self.scripts.append(script)
        if self.answers:
            return self.answers.pop(0)
        if 'createElement("div")' in script:  # the import panel opens
            return "open"
        if "location.href" in script:
            return "https://example.org/358/index.html?lang=pl"
        if "window.g358_import ||" in script:  # polled: nothing chosen yet
            return ""
        return "pending" if "clipboard" in script else "ok"


@pytest.fixture
def browser(monkeypatch):
    import platform

    window = FakeWindow()
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "window", window, raising=False)
    monkeypatch.setattr(bridge, "WEB", True)
    return window


# --- launch parameters ------------------------------------------------------------------------
def test_command_line_record_forms(tmp_path):
    path = tmp_path / "g.358"
    path.write_text("x", encoding="utf-8")
    assert web_params.parse_record_argv(["--record", "a.358"]) == {"file": "a.358"}
    assert web_params.parse_record_argv(["--lang", "pl", "--record=b.358"]) == {"file": "b.358"}
    assert web_params.parse_record_argv(["record=Aabc"]) == {"code": "Aabc"}
    assert web_params.parse_record_argv([f"record={path}"]) == {"file": str(path)}
    assert web_params.parse_record_argv(["--lang", "pl"]) == {}
    assert web_params.parse_record_argv(["--record"]) == {}


def test_fragment_and_query_forms():
    assert web_params.parse_record_fragment("#record=Axy_-z") == {"code": "Axy_-z"}
    assert web_params.parse_record_fragment("", "?lang=pl&record=Aq") == {"code": "Aq"}
    assert web_params.parse_record_fragment("#debug", "?lang=pl") == {}
    assert web_params.parse_record_fragment("#record=", "") == {}


def test_the_page_fragment_opens_the_viewer(browser, make_app, monkeypatch):
    record = finished_record()
    fragment = library.share_fragment(record)
    browser.location.hash = fragment
    browser.location.search = "?lang=en"
    import main

    params = main.launch_params()
    assert params["record"] == {"code": fragment[len("#record="):]}
    monkeypatch.setattr(sys, "platform", "linux")  # the App itself runs as natively here
    app = make_app(params=params)
    assert app.scene_name == "replay"
    assert app.scene.record.to_text() == record.to_text()


def test_a_damaged_fragment_shows_why_on_the_title(browser, make_app, monkeypatch):
    code = library.share_fragment(finished_record())
    browser.location.hash = code[:-7] + "zzzzzzz"
    import main

    params = main.launch_params()
    monkeypatch.setattr(sys, "platform", "linux")
    app = make_app(params=params)
    assert app.scene_name == "title"
    assert "could not be opened" in app.notices.text()


# --- bridge -----------------------------------------------------------------------------------
def test_download_passes_the_text_as_a_json_literal(browser):
    text = '[Game "3-5-8"]\n</script>\u2028"quotes"\n'
    assert bridge.download("3-5-8 game.358", text)
    script = browser.scripts[-1]
    assert "new Blob" in script and "a.download = name" in script
    assert json.dumps(text) in script and json.dumps("3-5-8 game.358") in script
    assert "\u2028" not in script  # JSON escapes it: the script stays one valid literal


def test_natively_the_page_bridge_does_nothing():
    assert not bridge.WEB
    assert bridge.download("a.358", "x") is False
    assert bridge.poll_import() is None
    assert bridge.page_link("#record=A1") == "#record=A1"
    assert bridge.open_import_panel({}) is False


@pytest.mark.parametrize("raw, expected", [
    ("", None),
    ('{"kind": "cancel"}', ("cancel", "")),
    ('{"kind": "text", "text": "abc", "name": "f.358"}', ("text", "abc")),
    ('{"kind": "error", "text": "too big"}', ("error", "too big")),
    ("not json", ("error", "unreadable answer from the page")),
    ('{"kind": "evil", "text": 3}', ("error", "unreadable answer from the page")),
    ("[1, 2]", ("error", "unreadable answer from the page")),
])
def test_import_panel_answers(raw, expected):
    assert bridge.parse_import_result(raw) == expected


def test_upload_or_paste_in_the_browser(browser, make_app):
    """The Replays scene opens the DOM panel, polls it each frame, refuses a bad paste with
    its line and opens the viewer for a pasted share link."""
    app = make_app()
    app.web = True
    app.push_scene("replays")
    app.step(dt=1 / 60)
    assert [name for name, _ in app.scene.targets()] == ["upload", "back"]
    rect = dict(app.scene.targets())["upload"]
    app.step(events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.to_window(rect.center), button=1)], dt=1 / 60)
    assert any("g358-import" in s for s in browser.scripts) and app.scene.waiting
    bad = finished_record().to_text().replace("trick 2:", "trick 9:", 1)
    browser.answers = [json.dumps({"kind": "text", "text": bad})]
    app.step(dt=1 / 60)
    assert app.scene_name == "replays" and "line " in app.scene.error and not app.scene.waiting
    app.scene.upload()
    record = finished_record(seed=3)
    link = "https://example.org/358/" + library.share_fragment(record)
    browser.answers = ["", json.dumps({"kind": "text", "text": link})]
    app.step(dt=1 / 60)
    assert app.scene_name == "replays"  # nothing yet: the panel is still open
    app.step(dt=1 / 60)
    assert app.scene_name == "replay"
    assert app.scene.record.to_text() == record.to_text()


def test_share_in_the_browser_builds_the_page_link_and_copies_it(browser, make_app):
    """The page's own address and the game, never the sender's query string: the friend
    gets the game, not the sender's language and seed; and the link opens that game."""
    from urllib.parse import urlsplit

    app = make_app()
    app.web = True
    record = finished_record()
    browser.answers = ["https://example.org/358/index.html?seed=7&lang=en#record=Aold"]  # the sender's address
    app.push_scene("share", record)
    scene = app.scene
    assert scene.link == "https://example.org/358/index.html" + library.share_fragment(record)
    assert any("navigator.clipboard.writeText" in s for s in browser.scripts)
    parts = urlsplit(scene.link)  # the friend's page opens at the link: its launch parameters
    browser.location.search, browser.location.hash = ("?" + parts.query if parts.query else ""), "#" + parts.fragment
    import main

    params = main.launch_params()
    assert set(params) == {"record"}, "the sender's language and seed stay with the sender"
    assert library.read_input(params["record"]["code"]).to_text() == record.to_text()
    browser.answers = ["ok"]
    app.step(dt=1 / 60)
    assert scene.copied == "ok"


def test_pygbag_argv_from_the_fragment_is_a_fallback(browser, monkeypatch):
    """pygbag's loader copies the page's fragment into sys.argv; if the location cannot be
    read, the record still opens from there (as a code, never as a file path)."""
    del browser.location
    monkeypatch.setattr(sys, "argv", ["main.py", "record=Aabc"])
    assert web_params.read_launch_record() == {"code": "Aabc"}
    monkeypatch.setattr(sys, "argv", ["main.py", "--record", "/etc/passwd"])
    assert web_params.read_launch_record() == {}
