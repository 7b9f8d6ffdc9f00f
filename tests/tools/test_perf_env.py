"""G358_PERF as people write it: on-words in any case, off-words, a .json path to write the
recording to; a value that is none of these is said on stderr and never becomes a file
name in the working folder."""

import atexit

import pytest

from game import perf


@pytest.fixture
def exits(monkeypatch):
    """The functions enable_from_launch registers to run at exit."""
    registered = []
    monkeypatch.setattr(atexit, "register", lambda fn, *args, **kw: registered.append((fn, args)))
    yield registered
    perf.disable()


@pytest.mark.parametrize("value", ["1", "true", "yes", "on", "YES", "True", "On", " yes "])
def test_on_words_in_any_case_switch_recording_on_without_a_file(exits, value):
    assert perf.enable_from_launch({"G358_PERF": value}) is not None
    assert exits == []


@pytest.mark.parametrize("value", ["0", "false", "no", "off", "NO", "Off", ""])
def test_off_words_in_any_case_leave_it_off(exits, value):
    assert perf.enable_from_launch({"G358_PERF": value}) is None and exits == []


@pytest.mark.parametrize("value", ["yes please", "verbose", "frames"])
def test_an_unknown_word_is_not_a_file_name(exits, value, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    perf.enable_from_launch({"G358_PERF": value})
    for fn, args in exits:
        fn(*args)
    assert list(tmp_path.iterdir()) == []
    assert "G358_PERF" in capsys.readouterr().err


def test_a_json_path_gets_the_recording(exits, tmp_path):
    path = tmp_path / "frames.json"
    assert perf.enable_from_launch({"G358_PERF": str(path)}) is not None
    for fn, args in exits:
        fn(*args)
    assert path.read_text().startswith("{")
