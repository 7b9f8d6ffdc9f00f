"""The player is told, in the running app (headless): a save that failed shows at once as
a banner over the table and on the pause screen, the game goes on, the next move saves
again; damaged saves and settings are set aside or reset with a notice, never a crash loop.
"""

import json

import pygame

from game.storage.store import Storage, checksum
from game.ui.autopilot import Autopilot, post_key
from game.ui.games.session import Session
from tools.faults import saves as save_faults


def _moves(app):
    return len(app.scene.session.match.history) if hasattr(app.scene, "session") else -1


def _play_on(app, moves=1, seed=4):
    start = _moves(app)
    assert Autopilot(app, seed=seed).run(stop=lambda a: _moves(a) >= start + moves, max_frames=5000)


def test_failed_save_is_shown_at_once_and_on_the_pause_screen(make_app, tmp_path):
    app = make_app(storage_dir=tmp_path)
    app.games.start(seed=12)
    _play_on(app)
    good = (tmp_path / "game.json").read_bytes()
    assert app.notices.save_line() == "The game is saved after every move."

    with save_faults.full_disk(room=0):
        _play_on(app)  # the game goes on
        app.step(dt=1 / 60)
        assert "could not be saved: the disk is full" in app.notices.text()
        assert app.notices.current.kind == "error"
        assert (tmp_path / "game.json").read_bytes() == good  # the last good save is kept
        post_key(pygame.K_ESCAPE)
        app.step(dt=1 / 60)
        assert app.scene_name == "pause"
        assert app.notices.save_line().startswith("Not saved: the disk is full")
        post_key(pygame.K_ESCAPE)
        app.step(dt=1 / 60)

    moves = _moves(app)
    _play_on(app)  # the next action retries, and works
    app.step(dt=1 / 60)
    assert "Your game is saved again." in app.notices.text()
    assert "could not be saved" not in app.notices.text()
    assert app.notices.save_line() == "The game is saved after every move."
    session, error = Session.load(Storage(str(tmp_path)))
    assert error is None and len(session.match.history) > moves


def test_notice_is_drawn_over_the_table_and_dismissed_by_a_click(make_app, tmp_path):
    app = make_app(storage_dir=tmp_path)
    app.games.start(seed=12)
    app.step(dt=1 / 60)
    plain = app.screenshot()
    app.notices.post("Your game could not be saved: the disk is full.", "error")
    app.step(dt=1 / 60)
    rect = app.notices.rect()
    shot = app.screenshot()
    assert shot.get_at(rect.center) != plain.get_at(rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=app.to_window(rect.center)))
    app.step(dt=1 / 60)
    assert app.notices.current is None


def _write_save(tmp_path, **changes):
    """A whole, correctly checksummed save whose wrapper holds `changes`."""
    storage = Storage(str(tmp_path))
    from game.engine import Match

    session = Session(Match.new(seed=9), ["You", "Anna", "Boris"], "random", storage=storage)
    body = {**session.to_save(), **changes, "version": 2, "generation": 1, "writer": "other"}
    body["checksum"] = checksum(body)
    (tmp_path / "game.json").write_text(json.dumps(body))


def test_bad_wrapper_values_are_set_aside_with_a_notice(make_app, tmp_path):
    bad = [
        {"human": 1.0},  # passed `in (0, 1, 2)`, then every Continue raised TypeError
        {"human": True},
        {"strength": "grandmaster"},
    ]
    for changes in bad:
        for p in tmp_path.iterdir():
            p.unlink()
        _write_save(tmp_path, **changes)
        app = make_app(storage_dir=tmp_path)
        for _ in range(3):
            app.step(dt=1 / 60)
        assert app.scene_name == "title", changes
        assert "set aside" in app.notices.text(), changes
        assert "continue" not in dict(app.scene.targets()), changes
        assert any(p.name.startswith("game.json.damaged") for p in tmp_path.iterdir()), changes


def test_saved_names_that_break_the_name_rule_are_replaced_and_the_game_kept(make_app, tmp_path):
    """A name an older version let in (a NUL raised in pygame on every frame, a 1 MB name
    took 94 s for 600 frames, a zero-width one drew nothing): the game loads, the name is
    replaced, the player is told once, and the save is written again with it."""
    cases = [
        (["You\0", "Anna", "Boris"], ["You", "Anna", "Boris"]),
        (["x" * 1_000_000, "Anna", "Boris"], ["x" * 24, "Anna", "Boris"]),
        (["", "Anna", "Boris"], ["Player 1", "Anna", "Boris"]),
        (["x" * 25, "Anna", "Boris"], ["x" * 24, "Anna", "Boris"]),
        (["You", "\u200b", "Bo\ufe0fris"], ["You", "Player 2", "Boris"]),
        ("not a list", ["Player 1", "Player 2", "Player 3"]),
    ]
    for names, kept in cases:
        for p in tmp_path.iterdir():
            p.unlink()
        _write_save(tmp_path, names=names)
        app = make_app(storage_dir=tmp_path)
        for _ in range(3):
            app.step(dt=1 / 60)
        assert "continue" in dict(app.scene.targets()), names
        assert app.notices.text() == "Some player names could not be drawn and were replaced.", names
        assert not any(p.name.startswith("game.json.damaged") for p in tmp_path.iterdir())
        assert json.loads((tmp_path / "game.json").read_text())["names"] == kept
        assert app.games.continue_saved() and app.scene.session.names == kept
        again = make_app(storage_dir=tmp_path)
        again.step(dt=1 / 60)
        assert again.notices.text() == ""  # told once: the save holds the replaced names now


def test_good_wrapper_loads(make_app, tmp_path):
    _write_save(tmp_path, names=["Zoë", "Ана", "x" * 24])
    app = make_app(storage_dir=tmp_path)
    app.step(dt=1 / 60)
    assert "continue" in dict(app.scene.targets()) and app.notices.text() == ""


def test_edited_save_fails_its_checksum(tmp_path):
    _write_save(tmp_path)
    data = json.loads((tmp_path / "game.json").read_text())
    data["human"] = 2  # a valid value, but not what was saved
    (tmp_path / "game.json").write_text(json.dumps(data))
    storage = Storage(str(tmp_path))
    assert Session.load(storage)[0] is None
    assert [k for k, _ in storage.take_events()] == ["game_set_aside"]


def test_damaged_settings_values_are_reset_and_told_once(make_app, tmp_path):
    stored = {"language": "en", "speed": "warp", "sound": "yes", "strength": "hard", "card_style": "neon",
              "names": ["A\0", "B", "C"], "preset": "blato", "options": {"deals": 7}}
    (tmp_path / "settings.json").write_text(json.dumps(stored))
    app = make_app(storage_dir=tmp_path, settings={"speed": "instant"})
    app.step(dt=1 / 60)
    assert "settings were damaged and have been reset" in app.notices.text()
    assert app.settings["preset"] == "standard" and app.settings["options"] == {}
    repaired = json.loads((tmp_path / "settings.json").read_text())
    assert repaired["card_style"] == "classic" and repaired["names"] is None and repaired["sound"] in (True, False)
    assert repaired["speed"] in ("slow", "normal", "fast", "instant") and repaired["preset"] == "standard"
    again = make_app(storage_dir=tmp_path)
    again.step(dt=1 / 60)
    assert again.notices.text() == ""  # said once


def test_damaged_settings_file_is_set_aside_and_told(make_app, tmp_path):
    (tmp_path / "settings.json").write_text("{not json")
    app = make_app(storage_dir=tmp_path)
    app.step(dt=1 / 60)
    assert "settings were damaged" in app.notices.text()
    assert any(p.name.startswith("settings.json.damaged") for p in tmp_path.iterdir())


def test_another_window_saving_is_told_in_the_app(make_app, tmp_path):
    app = make_app(storage_dir=tmp_path)
    app.games.start(seed=12)
    other = Storage(str(tmp_path))  # a second window on the same folder
    assert other.save_game(app.scene.session.to_save())
    _play_on(app)
    app.step(dt=1 / 60)
    assert "Another window is playing from the same saved game" in app.notices.text()
    assert not any(".damaged" in p.name for p in tmp_path.iterdir())


def test_a_game_over_does_not_remove_another_windows_save(tmp_path):
    from game.engine import Match

    mine, theirs = Storage(str(tmp_path)), Storage(str(tmp_path))
    assert theirs.save_game(Session(Match.new(seed=1), ["a", "b", "c"], "random").to_save())
    mine.clear_game()  # this window's game ended
    assert Session.load(Storage(str(tmp_path)))[0] is not None
