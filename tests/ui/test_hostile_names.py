"""Names that draw nothing (zero-width, format and joiner characters) reach the screens
from a record, a share code, the settings or the keyboard: every screen that shows them
keeps working, and the name is replaced by one the font can draw (a notice says so)."""

import json

import pygame
import pytest

from game.engine.formats.record import GameRecord, write_record
from game.engine.formats.sharecode import encode
from game.records import library
from game.ui.scenes.records import open_launch_record

from .helpers import finished_match

INVISIBLE = ("\u200b", "\u200d", "\ufeff", "\ufe0f", "\u034f", "\u17b4", "\u2060\u200b")


def _record_text(names):
    text = write_record(finished_match(seed=5), names=("Ann", "Bo", "Cy"))
    for seat, name in enumerate(names):
        text = text.replace(f'[Name{seat} "{("Ann", "Bo", "Cy")[seat]}"]', f'[Name{seat} "{name}"]')
    return text


def _frames(app, n=3):
    for _ in range(n):
        app.painter.key = None  # draw every frame
        app.step(dt=1 / 60)


@pytest.mark.parametrize("name", INVISIBLE)
def test_a_record_with_an_invisible_name_opens_in_the_viewer(make_app, tmp_path, name):
    app = make_app()
    path = tmp_path / "odd.358"
    path.write_text(_record_text((name, "Bo", name + "Cy")), encoding="utf-8")
    assert open_launch_record(app, {"file": str(path)})
    _frames(app)
    assert app.scene_name == "replay"
    shown = app.scene.record.names
    assert shown[1] == "Bo" and shown[2] == "Cy" and name not in shown[0]
    assert "names" in app.notices.text().lower()  # the player is told the names were replaced


@pytest.mark.parametrize("name", INVISIBLE)
def test_a_share_code_with_an_invisible_name_opens_in_the_viewer(make_app, name):
    app = make_app()
    code = encode(GameRecord(finished_match(seed=6), (name, "Bo", "Cy"), ("human", "easy", "easy")))
    assert open_launch_record(app, {"code": code})
    _frames(app)
    assert app.scene_name == "replay" and name not in app.scene.record.names[0]


@pytest.mark.parametrize("typed", ["\ufe0f", "\u034f", "\u17b4", "\u200b", "\u202e", "\ue000"])
def test_typing_a_character_that_draws_nothing_into_an_empty_name_field(make_app, typed):
    app = make_app()
    app.push_scene("new_game")
    _frames(app, 1)
    field = next(w for w in app.scene.widgets if w.name == "name_0")
    app.scene.names[0] = ""
    field.editing = True
    app.step(events=[pygame.event.Event(pygame.TEXTINPUT, text=typed)], dt=1 / 60)
    _frames(app)
    assert app.scene_name == "new_game" and app.scene.names[0] == ""
    app.step(events=[pygame.event.Event(pygame.TEXTINPUT, text="Zo" + typed + "ë")], dt=1 / 60)
    assert app.scene.names[0] == "Zoë"


@pytest.mark.parametrize("name", ["\ufe0f", "\u034f\u17b4", "A\u202eB"])
def test_invisible_names_in_the_settings_are_reset_before_any_screen_draws_them(make_app, tmp_path, name):
    (tmp_path / "settings.json").write_text(json.dumps({"language": "en", "names": [name, "Anna", "Boris"]}))
    app = make_app(storage_dir=tmp_path)
    _frames(app)
    assert "settings were damaged" in app.notices.text()
    app.push_scene("new_game")
    _frames(app)
    assert app.scene_name == "new_game" and name not in app.scene.names
    app.games.start(seed=3)
    _frames(app)
    assert name not in app.scene.session.names


def test_a_typed_name_as_long_as_the_rule_allows_is_kept_whole(make_app):
    from game.engine.names import NAME_MAX

    app = make_app()
    app.push_scene("new_game")
    field = next(w for w in app.scene.widgets if w.name == "name_1")
    app.scene.names[1] = ""
    field.editing = True
    app.step(events=[pygame.event.Event(pygame.TEXTINPUT, text="W" * (NAME_MAX + 5))], dt=1 / 60)
    _frames(app)
    assert app.scene.names[1] == "W" * NAME_MAX
    app.scene.start()
    _frames(app)
    assert app.scene.session.names[1] == "W" * NAME_MAX


def test_exported_record_of_a_renamed_game_reads_back(make_app, tmp_path):
    record = library.read_input(_record_text(("\u200b\u200d", "Bo", "Cy")))
    assert record.names[0] == "?"  # nothing drawable left: the record's word for unknown
    path = library.export_file(record, str(tmp_path))
    assert library.read_record_file(path).names == record.names


def test_the_autopilot_leaves_a_replay_alone(make_app, tmp_path):
    """A replay has a table but is not a game being played: the autopilot (automation, the
    soak test's random player) decides nothing there instead of asking it whose turn it is."""
    from game.ui.autopilot import Autopilot

    app = make_app()
    path = tmp_path / "game.358"
    path.write_text(_record_text(("Ann", "Bo", "Cy")), encoding="utf-8")
    assert open_launch_record(app, {"file": str(path)})
    _frames(app)
    assert app.scene_name == "replay"
    pilot = Autopilot(app, seed=1)
    for _ in range(5):
        pilot.decide()
        _frames(app, 1)
    assert app.scene_name == "replay"
