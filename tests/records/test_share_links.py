"""Share links: only the web page's address and #record=CODE, and the link opens the very
same game, read back as the page reads its address (game/web/params.py) and as Replays
reads a paste (game/records/library.py).  Natively the page is the player's setting, else
the build's own address, else none (the code, with a word that the web version opens it)."""

import json
from urllib.parse import urlsplit

import pytest

from game.engine.formats.record import read_record
from game.records import library, published
from game.records.cli import main as record_cli
from game.web import params as web_params
from tests.engine.formats.test_record import DOMINANT


@pytest.fixture
def record():
    return read_record(DOMINANT)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """The game's data folder (its stored settings) in a folder of the test's own."""
    folder = tmp_path / "data"
    monkeypatch.setenv("THREE_FIVE_EIGHT_DATA", str(folder))
    monkeypatch.setattr(published, "PAGE_ADDRESS", "")
    return folder


def opened_by_the_page(link: str):
    """What the web page makes of `link`: its launch parameters (the query) and the record
    its fragment opens, as main.launch_params and the title do."""
    parts = urlsplit(link)
    params = web_params.parse_query("?" + parts.query)
    found = web_params.parse_record_fragment("#" + parts.fragment, "?" + parts.query)
    return params, library.read_input(found["code"])


@pytest.mark.parametrize("text, address", [
    ("https://example.org/358/", "https://example.org/358/"),
    ("  https://example.org/358/index.html  ", "https://example.org/358/index.html"),
    ("HTTPS://example.org", "https://example.org/"),
    ("http://localhost:8000/", "http://localhost:8000/"),
    ("https://example.org/358/?seed=7&lang=en#record=Aabc", "https://example.org/358/"),
    ("https://пример.рф/игра/", "https://пример.рф/игра/"),
])
def test_a_web_page_address_keeps_only_the_page(text, address):
    assert library.page_address(text) == address


@pytest.mark.parametrize("text", [
    "", "   ", "example.org/358", "ftp://example.org/", "javascript:alert(1)", "file:///home/me/358/index.html",
    "https://", "https:///358/", "https://exa mple.org/", "https://example.org/\u202e358", "https://example.org/\n358",
    "https://example.org:port/", "https://user:secret@example.org/", "https://example.org/" + "a" * 600, None, 7, ["https://x.org"],
])
def test_what_is_no_web_page_address_is_refused(text):
    assert library.page_address(text) is None


def test_the_builds_own_address_is_empty_or_a_web_page():
    """A published build that carries an address must carry one whose links open."""
    assert published.PAGE_ADDRESS == "" or library.page_address(published.PAGE_ADDRESS) == published.PAGE_ADDRESS


def test_a_share_link_is_the_page_and_the_game_and_opens_the_same_game(record):
    link = library.share_link(record, "https://example.org/358/index.html?lang=pl&seed=7")
    assert link == "https://example.org/358/index.html" + library.share_fragment(record)
    params, opened = opened_by_the_page(link)
    assert params == {}, "the friend gets the game, not the sender's language or seed"
    assert opened.to_text() == record.to_text()
    assert library.read_input(link).to_text() == record.to_text()  # pasted into Replays


def test_the_setting_wins_over_the_builds_address(data_dir, monkeypatch):
    monkeypatch.setattr(published, "PAGE_ADDRESS", "https://build.example/358/")
    assert library.share_page("https://mine.example/game/") == "https://mine.example/game/"
    assert library.share_page("") == "https://build.example/358/"
    assert library.share_page("not an address") == "https://build.example/358/"
    monkeypatch.setattr(published, "PAGE_ADDRESS", "")
    assert library.share_page("") is None


def write_settings(folder, text):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(text, encoding="utf-8")


def share(path, capsys, *extra):
    status = record_cli(["share", str(path), *extra])
    out, err = capsys.readouterr()
    return status, out.strip(), err


def test_the_command_gives_the_page_it_is_told(record, data_dir, tmp_path, capsys):
    path = tmp_path / "g.358"
    path.write_text(DOMINANT, encoding="utf-8")
    status, link, err = share(path, capsys, "--page", "https://example.org/358/?lang=ru")
    assert status == 0 and not err
    assert link == "https://example.org/358/" + library.share_fragment(record)
    params, opened = opened_by_the_page(link)
    assert params == {} and opened.to_text() == record.to_text()


def test_the_command_reads_the_games_setting_then_the_builds_address(record, data_dir, tmp_path, capsys, monkeypatch):
    path = tmp_path / "g.358"
    path.write_text(DOMINANT, encoding="utf-8")
    monkeypatch.setattr(published, "PAGE_ADDRESS", "https://build.example/358/")
    assert share(path, capsys)[1] == "https://build.example/358/" + library.share_fragment(record)
    write_settings(data_dir, json.dumps({"language": "pl", "page_address": "https://mine.example/358/"}))
    assert share(path, capsys)[1] == "https://mine.example/358/" + library.share_fragment(record)
    write_settings(data_dir, "{damaged")  # counts as no setting, and is left as it is
    assert share(path, capsys)[1] == "https://build.example/358/" + library.share_fragment(record)
    assert (data_dir / "settings.json").read_text(encoding="utf-8") == "{damaged"


def test_with_no_page_known_the_command_says_the_web_version_opens_the_code(record, data_dir, tmp_path, capsys):
    path = tmp_path / "g.358"
    path.write_text(DOMINANT, encoding="utf-8")
    status, code, err = share(path, capsys)
    assert status == 0
    assert code == library.share_fragment(record)
    assert "opens in the web version" in err
    assert library.read_input(code).to_text() == record.to_text()


@pytest.mark.parametrize("page", ["example.org", "ftp://example.org/", "https://", "javascript:alert(1)"])
def test_a_bad_page_is_refused_and_nothing_is_printed(data_dir, tmp_path, capsys, page):
    path = tmp_path / "g.358"
    path.write_text(DOMINANT, encoding="utf-8")
    status, out, err = share(path, capsys, "--page", page)
    assert status == 1 and out == ""
    assert "is not a web page's address" in err
