"""The listener's settings: kept between starts, a damaged value reset (and named), the
launch parameter a11y turning screen-reader mode on for this session only."""

from game.storage.store import Storage
from game.ui.constants import DEFAULT_SETTINGS, SPEEDS, STRENGTHS
from game.ui.settings_check import check_settings


def test_the_settings_round_trip_through_the_settings_screen(make_app, tmp_path):
    app = make_app(storage_dir=tmp_path)
    assert (app.settings["screen_reader"], app.settings["verbosity"], app.settings["reduced_motion"]) == (False, "brief", "auto")
    app.push_scene("settings")
    app.step(dt=0.05)
    for name in ("set_screen_reader", "set_verbosity", "set_reduced_motion"):
        assert app.access.perform({"type": "button", "id": name}) is None
    assert (app.settings["screen_reader"], app.settings["verbosity"], app.settings["reduced_motion"]) == (True, "full", "on")
    again = make_app(storage_dir=tmp_path)
    assert (again.settings["screen_reader"], again.settings["verbosity"], again.settings["reduced_motion"]) == (True, "full", "on")
    assert again.access.enabled and again.access.reduced_motion()


def test_damaged_values_are_reset_and_named():
    stored = {"screen_reader": "yes", "verbosity": "loud", "reduced_motion": ["on"], "sound": False}
    settings, reset = check_settings(stored, DEFAULT_SETTINGS, SPEEDS, STRENGTHS)
    assert sorted(reset) == ["reduced_motion", "screen_reader", "verbosity"]
    assert (settings["screen_reader"], settings["verbosity"], settings["reduced_motion"]) == (False, "brief", "auto")
    assert settings["sound"] is False


def test_a_damaged_stored_value_is_reset_when_the_game_starts(make_app, tmp_path):
    Storage(str(tmp_path)).save_settings({**DEFAULT_SETTINGS, "language": "en", "verbosity": 3})
    app = make_app(storage_dir=tmp_path)
    assert app.settings["verbosity"] == "brief"
    assert Storage(str(tmp_path)).load_settings()["verbosity"] == "brief", "the repaired settings are stored"


def test_the_launch_parameter_turns_the_mode_on_for_this_session_only(make_app, tmp_path):
    app = make_app(storage_dir=tmp_path, params={"a11y": True})
    assert app.access.enabled and app.settings["screen_reader"] is False
    assert not make_app(storage_dir=tmp_path).access.enabled
