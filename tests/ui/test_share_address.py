"""Share natively: the link opens the web page set in the settings ("Web page address"), else
the build's own page (game/records/published.py), else the screen says that the web version
opens the code.  The address is typed (or pasted) in the settings, kept only when it is a
web page's address, and a refusal is said in the player's language."""

from urllib.parse import urlsplit

import pygame
import pytest

from game.i18n import t
from game.records import library, published
from game.ui.games.session import Session
from game.web import params as web_params

from .helpers import finished_match


@pytest.fixture(autouse=True)
def no_build_address(monkeypatch):
    monkeypatch.setattr(published, "PAGE_ADDRESS", "")


def click(app, name):
    rect = dict(app.scene.targets())[name]
    app.step(events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.to_window(rect.center), button=1)], dt=1 / 60)


def press(app, key, mod=0):
    app.step(events=[pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod)], dt=1 / 60)


def type_text(app, text):
    app.step(events=[pygame.event.Event(pygame.TEXTINPUT, text=text)], dt=1 / 60)


def share_from_game_over(app, seed=9):
    match = finished_match(seed=seed)
    app.push_scene("game_over", Session(match, ["Ann", "Bo", "Cy"], "hard", storage=app.storage))
    app.step(dt=1 / 60)
    click(app, "share")
    assert app.scene_name == "share"
    return match, app.scene


def opens_the_same_game(link, match):
    """The link as the page reads it (its launch parameters) and as Replays reads a paste."""
    parts = urlsplit(link)
    assert parts.query == "" and web_params.parse_query(parts.query) == {}
    code = web_params.parse_record_fragment("#" + parts.fragment, parts.query)["code"]
    assert library.read_input(code).match.to_json() == match.to_json()
    assert library.read_input(link).match.to_json() == match.to_json()


def set_address(app, text, finish=pygame.K_RETURN):
    app.push_scene("settings")
    app.step(dt=1 / 60)
    click(app, "set_page_address")
    field = app.scene.address
    assert field.editing
    for _ in range(len(field.draft)):
        press(app, pygame.K_BACKSPACE)
    type_text(app, text)
    press(app, finish)
    return field


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "bg"])
def test_with_no_page_known_share_says_the_web_version_opens_the_code(make_app, lang):
    app = make_app(settings={"language": lang})
    match, scene = share_from_game_over(app)
    assert scene.link.startswith("#record=A")
    assert t("share.no_page") in scene.note()
    assert scene.copied == "native" and pygame.scrap.get_text() == scene.link
    assert library.read_input(scene.link).match.to_json() == match.to_json()


def test_the_typed_address_is_kept_and_share_links_open_there(make_app):
    app = make_app()
    field = set_address(app, "https://example.org/358/index.html?lang=pl&seed=7")
    assert not field.editing and not field.error
    assert app.settings["page_address"] == "https://example.org/358/index.html"  # the page only
    assert field.draft == app.settings["page_address"]
    assert app.storage.load_settings()["page_address"] == "https://example.org/358/index.html"
    app.pop()
    match, scene = share_from_game_over(app)
    assert scene.link == "https://example.org/358/index.html" + scene.fragment
    assert t("share.page_note") in scene.note() and t("share.no_page") not in scene.note()
    opens_the_same_game(scene.link, match)


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "bg"])
def test_what_is_no_web_page_address_is_refused_in_the_players_language(make_app, lang):
    app = make_app(settings={"language": lang})
    set_address(app, "https://example.org/358/")
    field = set_address(app, "example.org/358")
    assert field.error == t("settings.page_error")
    assert app.scene.address.note()[0] == t("settings.page_error")  # the line under the row
    assert app.settings["page_address"] == "https://example.org/358/"  # unchanged
    click(app, "set_page_address")  # back into the field; Esc puts the stored address back
    assert field.editing and field.draft == "example.org/358"
    press(app, pygame.K_ESCAPE)
    assert not field.editing and field.draft == "https://example.org/358/" and not field.error
    assert app.scene_name == "settings"  # Esc left the field, not the screen


def test_an_emptied_address_gives_the_builds_page_again(make_app, monkeypatch):
    monkeypatch.setattr(published, "PAGE_ADDRESS", "https://build.example/358/")
    app = make_app(settings={"page_address": "https://mine.example/"})
    set_address(app, "")
    assert app.settings["page_address"] == ""
    assert "https://build.example/358/" in app.scene.address.note()[0]
    app.pop()
    match, scene = share_from_game_over(app)
    assert scene.link == "https://build.example/358/" + scene.fragment
    opens_the_same_game(scene.link, match)


def test_an_address_is_pasted_with_ctrl_v(make_app):
    app = make_app()
    app.push_scene("settings")
    app.step(dt=1 / 60)
    pygame.scrap.put_text("https://example.org/game/\n")
    click(app, "set_page_address")
    press(app, pygame.K_v, pygame.KMOD_CTRL)
    press(app, pygame.K_TAB)  # leaving the field keeps it too
    assert app.settings["page_address"] == "https://example.org/game/"


def test_a_damaged_stored_address_is_reset_and_said(make_app, tmp_path):
    import json

    (tmp_path / "settings.json").write_text(json.dumps({"page_address": "javascript:alert(1)", "language": "en"}), encoding="utf-8")
    app = make_app(storage_dir=tmp_path)
    assert app.settings["page_address"] == ""
    assert app.notices.text()


def test_the_browser_has_no_address_row_it_shares_its_own_page(make_app):
    app = make_app()
    app.web = True
    app.push_scene("settings")
    app.step(dt=1 / 60)
    assert app.scene.address is None and "set_page_address" not in dict(app.scene.targets())


@pytest.mark.parametrize("size", [(360, 640), (844, 390)])
def test_the_address_row_and_the_share_notes_keep_the_floors_on_a_phone(size):
    """The refused address's reason under its row, the link with its page and the code with
    the word about the web version: nothing small, cut or over anything (Bulgarian)."""
    from tools.ui import layout_check

    assert layout_check.run(sizes=[size], langs=["bg"], scenes=["settings:address", "share", "share:page"]) == {}


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (844, 390), (1280, 720)])
@pytest.mark.parametrize("page", ["", "https://example.org/358/index.html"])
@pytest.mark.parametrize("deals", [3, 18])
def test_the_link_is_shown_whole_on_every_screen(make_app, monkeypatch, size, page, deals):
    """Every character of the link or code is on the screen, line after line (scrolled to
    where the box is too small), none cut off by an ellipsis, none under the floor."""
    from game.ui.draw import gfx

    app = make_app(size=size, settings={"page_address": page})
    app.push_scene("game_over", Session(finished_match(seed=9, deals=deals), ["Ann", "Bo", "Cy"], "hard", storage=app.storage))
    app.step(dt=1 / 60)
    click(app, "share")
    scene = app.scene
    pieces = []
    real = gfx.blit_text

    def spy(surf, s, size, *args, **kwargs):
        if kwargs.get("light_bg") and len(args) == 2:  # the link's lines: dark on the light box, left aligned
            pieces.append((s, size))
        return real(surf, s, size, *args, **kwargs)

    monkeypatch.setattr(gfx, "blit_text", spy)
    covered = set()
    for _ in range(40):
        app.painter.key = None
        app.step(dt=1 / 60)
        assert pieces and all("…" not in piece and text_size >= 12 for piece, text_size in pieces), pieces
        shown = "".join(piece for piece, _ in pieces)  # the lines on screen, one after the other
        start = scene.link.index(shown)
        covered.update(range(start, start + len(shown)))
        pieces.clear()
        targets = dict(scene.targets())
        if "link_down" not in targets or not next(w for w in scene.widgets if w.name == "link_down").enabled:
            break
        click(app, "link_down")
        pieces.clear()  # the click's own frame: the next one is looked at whole
    assert covered == set(range(len(scene.link)))
