"""Replays keeps every finished game by itself, and every game opened from a code, a link or
a file, and lists them by what they are (date, rules, result, opponents), never by a file's
name; a damaged or newer list of kept games is told and nothing in it is lost."""

import datetime
import json

import pytest

from game.engine.formats.sharecode import encode
from game.i18n import set_language, t
from game.records import library
from game.storage.replays import REPLAYS_KEY
from game.ui.games.session import Session

from .helpers import click_named, finished_match


def finish(app, seed=21, strength="hard", names=("You", "Anna", "Boris"), preset="standard"):
    match = finished_match(seed=seed, preset=preset)
    app.push_scene("game_over", Session(match, list(names), strength, storage=app.storage))
    app.step(dt=1 / 60)
    app.to_title()
    app.step(dt=1 / 60)
    return match


def open_replays(app, drawn_text):
    click_named(app, "replays")
    assert app.scene_name == "replays"
    drawn_text.clear()
    app.painter.key = None
    app.step(dt=1 / 60)
    return [name for name, _ in app.scene.targets() if name.startswith("file_")]


@pytest.mark.parametrize("web", [False, True])
def test_a_finished_game_is_kept_and_listed_by_what_it_is(make_app, drawn_text, web):
    app = make_app(size=(390, 844))
    app.web = web
    match = finish(app)
    rows = open_replays(app, drawn_text)
    assert rows == ["file_0"]
    result = t("replays.won" if match.winner() == 0 else "replays.lost", points=f"{match.totals[0]:+d}")
    today = datetime.date.today().isoformat()
    assert result in drawn_text
    assert any("Standard" in s and today in s for s in drawn_text)
    assert "Against Anna, Boris · Hard" in drawn_text
    click_named(app, "file_0")
    assert app.scene_name == "replay" and app.scene.record.match.to_json() == match.to_json()


def test_exported_files_are_listed_by_their_game_not_their_name(make_app, drawn_text):
    app = make_app(size=(360, 640))
    record = library.record_of(Session(finished_match(seed=5, preset="blato"), ["Ann", "Bo", "Cy"], "easy"))
    path = library.export_file(record, library.records_dir(app.storage), datetime.datetime(2024, 5, 1, 12, 0))
    rows = open_replays(app, drawn_text)
    assert rows == ["file_0"]
    assert not any(".358" in s or "seed" in s for s in drawn_text)  # no file's name anywhere
    assert any("Blato" in s for s in drawn_text) and "Against Bo, Cy · Easy" in drawn_text
    click_named(app, "file_0")
    assert app.scene_name == "replay" and app.scene.record == library.read_record_file(path)


def test_a_game_opened_from_a_code_is_kept_as_imported(make_app, drawn_text):
    app = make_app()
    record = library.record_of(Session(finished_match(seed=31), ["Ann", "Bo", "Cy"], "easy"))
    app.push_scene("replays")
    assert app.scene.open_text(f"https://example.org/358/#record={encode(record)}")
    assert app.scene_name == "replay"
    app.to_title()
    rows = open_replays(app, drawn_text)
    assert rows == ["file_0"]
    assert any(t("replays.imported") in s for s in drawn_text)
    app.scene.open_text(encode(record))  # the same game again: kept once
    app.to_title()
    assert open_replays(app, drawn_text) == ["file_0"]


def test_every_finished_game_is_kept_newest_first(make_app, drawn_text):
    app = make_app(size=(844, 390))
    finish(app, seed=21, preset="standard")
    finish(app, seed=22, preset="classic", strength="easy")
    rows = open_replays(app, drawn_text)
    assert len(rows) == 2
    assert any("Classic" in s for s in drawn_text) and any("Standard" in s for s in drawn_text)


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "bg"])
def test_a_damaged_list_is_set_aside_and_its_readable_games_kept(make_app, tmp_path, drawn_text, lang):
    app = make_app(storage_dir=tmp_path, settings={"language": lang})
    set_language(lang)
    try:
        finish(app, seed=21)
        data = json.loads(app.storage.backend.get(REPLAYS_KEY))
        data["games"].append({"code": "A!!", "origin": "nobody"})  # one game that cannot be read
        app.storage.backend.set(REPLAYS_KEY, json.dumps(data))
        rows = open_replays(app, drawn_text)
        assert rows == ["file_0"]  # the good game is still there
        assert t("replays.damaged") in app.notices.text()
        assert any(p.name.startswith(f"{REPLAYS_KEY}.json.damaged") for p in tmp_path.iterdir())  # nothing lost
    finally:
        set_language("en")


def test_a_newer_list_is_left_as_it_is(make_app, tmp_path, drawn_text):
    newer = json.dumps({"format": "3-5-8 replays", "version": 7, "games": []})
    (tmp_path / f"{REPLAYS_KEY}.json").write_text(newer)
    app = make_app(storage_dir=tmp_path)
    finish(app, seed=23)
    assert (tmp_path / f"{REPLAYS_KEY}.json").read_text() == newer
    assert t("replays.newer") in app.notices.text()


def test_the_lists_keep_the_floors_on_every_screen():
    """The kept games' rows (three lines each) at a phone upright and sideways and a desktop."""
    from tools.ui import layout_check

    assert layout_check.run(sizes=[(390, 844), (360, 640), (844, 390), (1280, 720)], langs=["en", "pl"], scenes=["replays"]) == {}


@pytest.mark.parametrize("css", [(390, 844), (360, 640), (844, 390), (1280, 720)])
def test_the_browser_list_keeps_the_floors(tmp_path, css):
    """The browser's Replays: the words, Upload, the kept games (longest names, every
    language) and an error, nothing small, cut or over anything."""
    import pygame

    from game.ui.app import App
    from tools.shots.window_sizes import pixel_ratio
    from tools.ui import layout_check

    ratio = pixel_ratio(css)
    if pygame.display.get_init():
        pygame.event.clear()
    app = App(size=(round(css[0] * ratio), round(css[1] * ratio)), storage_dir=str(tmp_path), pixel_ratio=ratio,
              settings={"language": "en", "speed": "instant", "sound": False, "tips": False})
    app.web = True
    for seed in (21, 22, 23):
        app.push_scene("game_over", Session(finished_match(seed=seed), list(layout_check.NAMES), "search", storage=app.storage))
        app.step(dt=1 / 60)
    found = {}
    for lang in ("en", "pl", "ru", "bg"):
        app.to_title()
        app.set_setting("language", lang)
        app.push_scene("replays")
        app.scene.refuse(ValueError("a rather long reason why the pasted text is not a game, " * 2))
        problems = layout_check.breaches(layout_check.render(app), app.shape, app.window)
        if problems:
            found[lang] = problems
    set_language("en")
    assert found == {}
