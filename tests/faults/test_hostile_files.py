"""Files the game did not make, where it reads and writes: links planted where it writes,
folders, FIFOs and devices where it expects a file, unreadable statistics, file names that
are not UTF-8.  The game writes only through a temporary file of its own, reads only
regular files, leaves what it cannot read where it is, and says what really happened."""

import datetime
import os
import resource
import subprocess
import sys
import threading

import pytest

from game.records import library
from game.storage.stats import STATS_KEY, load_stats
from game.storage.store import Storage
from game.ui.games.session import Session
from tests.ui.helpers import click_named, finished_match

posix_only = pytest.mark.skipif(os.name != "posix", reason="links, FIFOs and byte file names of POSIX")
WHEN = datetime.datetime(2026, 11, 30, 19, 15)


def _record():
    return library.record_of(Session(finished_match(seed=8), ["Ann", "Bo", "Cy"], "easy"))


def _returns_within(call, seconds=10.0, release=None):
    """call() in a thread; (finished, result or exception).  A call stuck on a FIFO is let
    go by `release` (opening the FIFO's other end) so that the test run goes on."""
    box = {}

    def run():
        try:
            box["value"] = call()
        except BaseException as exc:  # handed to the test
            box["value"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    finished = not thread.is_alive()
    if not finished and release is not None:
        release()
        thread.join(seconds)
    return finished, box.get("value")


def _release_fifo(path):
    def release():
        try:
            fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            os.close(fd)
        except OSError:
            pass
    return release


# --- export never writes through a planted link ------------------------------------------------
@posix_only
@pytest.mark.parametrize("dangling", [False, True])
def test_export_does_not_write_through_a_link_planted_at_its_temporary_name(tmp_path, dangling):
    folder = tmp_path / "records"
    folder.mkdir()
    record = _record()
    name = library.record_file_name(record, WHEN)
    victim = tmp_path / "victim.txt"
    if not dangling:
        victim.write_text("keep me")
    for planted in (name + ".part", name + ".tmp", name + ".358.part"):
        os.symlink(victim, folder / planted)
    path = library.export_file(record, str(folder), WHEN)
    assert not os.path.islink(path) and os.path.isfile(path)
    assert library.read_record_file(path).to_text() == record.to_text()
    if dangling:
        assert not victim.exists()  # nothing was created at the link's target
    else:
        assert victim.read_text() == "keep me"


@posix_only
def test_export_does_not_replace_a_link_planted_at_its_final_name(tmp_path):
    folder = tmp_path / "records"
    folder.mkdir()
    record = _record()
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    os.symlink(victim, folder / library.record_file_name(record, WHEN))
    path = library.export_file(record, str(folder), WHEN)
    assert os.path.basename(path) != library.record_file_name(record, WHEN)
    assert not os.path.islink(path) and victim.read_text() == "keep me"
    assert [p.name for p in folder.iterdir() if ".part" in p.name or p.name.endswith(".tmp")] == []


# --- a records folder with a file name that is not UTF-8 ----------------------------------------
@posix_only
def test_a_file_name_that_is_not_utf8_in_the_records_folder(make_app, tmp_path):
    app = make_app(storage_dir=tmp_path)
    folder = library.records_dir(app.storage)
    os.makedirs(folder)
    record = _record()
    raw = os.path.join(os.fsencode(folder), b"game \xff\xfe.358")
    with open(raw, "w", encoding="utf-8") as f:
        f.write(record.to_text())
    click_named(app, "replays")
    for _ in range(3):
        app.painter.key = None
        app.step(dt=1 / 60)
    assert app.scene_name == "replays"
    click_named(app, "file_0")
    assert app.scene_name == "replay"
    assert app.scene.record.to_text() == record.to_text()


# --- statistics that cannot be read are never overwritten ---------------------------------------
def _count_a_game(app):
    app.push_scene("game_over", Session(finished_match(seed=26), ["You", "Anna", "Boris"], "normal", storage=app.storage))
    app.step(dt=1 / 60)
    assert app.scene_name == "game_over"


def test_statistics_that_are_not_utf8_are_set_aside_for_real(make_app, tmp_path):
    path = tmp_path / f"{STATS_KEY}.json"
    path.write_bytes(b'{"format": "3-5-8 stats", \xff\xfe}')
    app = make_app(storage_dir=tmp_path)
    _count_a_game(app)
    assert "set aside" in app.notices.text()
    kept = [p for p in tmp_path.iterdir() if p.name.startswith(f"{STATS_KEY}.json.damaged")]
    assert len(kept) == 1 and kept[0].read_bytes() == b'{"format": "3-5-8 stats", \xff\xfe}'
    assert load_stats(app.storage)[0].played() == 1


@posix_only
@pytest.mark.parametrize("kind", ["folder", "link loop", "fifo"])
def test_statistics_that_cannot_be_read_are_left_in_place_and_told_so(make_app, tmp_path, kind):
    path = tmp_path / f"{STATS_KEY}.json"
    if kind == "folder":
        path.mkdir()
    elif kind == "link loop":
        os.symlink(path.name, path)
    else:
        os.mkfifo(path)
    app = make_app(storage_dir=tmp_path)
    finished, error = _returns_within(lambda: _count_a_game(app), release=_release_fifo(path))
    assert finished, "counting a game hung on the statistics file"
    assert error is None, error
    text = app.notices.text()
    assert "set aside" not in text and "left as" in text
    if kind == "folder":
        assert path.is_dir()
    elif kind == "link loop":
        assert os.readlink(path) == path.name
    else:
        assert path.is_fifo()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(STATS_KEY)] == [path.name]


# --- FIFOs, folders and devices where a file belongs --------------------------------------------
@posix_only
@pytest.mark.parametrize("key", ["settings", "game"])
def test_a_fifo_as_settings_or_save_does_not_hang_the_start(tmp_path, key):
    path = tmp_path / f"{key}.json"
    os.mkfifo(path)
    storage = Storage(str(tmp_path))
    read = storage.load_settings if key == "settings" else (lambda: Session.load(storage))
    finished, result = _returns_within(read, release=_release_fifo(path))
    assert finished, f"reading {key}.json (a FIFO) hung"
    assert not isinstance(result, BaseException), result
    assert path.is_fifo()  # left as it is
    write = (lambda: storage.save_settings({"language": "pl"})) if key == "settings" else (
        lambda: storage.save_game(Session(finished_match(seed=2), ["A", "B", "C"], "easy").to_save()))
    finished, saved = _returns_within(write, release=_release_fifo(path))
    assert finished and saved is False and path.is_fifo()  # never replaced
    storage.clear_game()  # a finished game removes its save: not what is not the game's
    assert path.is_fifo()


@posix_only
def test_a_fifo_given_as_a_record_path_is_refused_at_once(tmp_path):
    path = tmp_path / "game.358"
    os.mkfifo(path)
    finished, result = _returns_within(lambda: library.read_record_file(str(path)), release=_release_fifo(path))
    assert finished, "opening a FIFO as a record froze the game"
    assert isinstance(result, ValueError) and "not a file" in str(result).lower()


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_the_record_command_refuses_dev_zero_without_reading_it():
    def limit():  # before the fix this read without bound: keep the test's memory in check
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    done = subprocess.run([sys.executable, "-m", "game.records", "show", "/dev/zero"], capture_output=True,
                          text=True, timeout=120, preexec_fn=limit,
                          cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and "not a file" in done.stderr.lower()


@pytest.mark.parametrize("key", ["settings", "game"])
def test_a_folder_where_a_save_file_belongs_is_named_as_such(make_app, tmp_path, key):
    (tmp_path / f"{key}.json").mkdir()
    app = make_app(storage_dir=tmp_path, settings={"language": "en"})
    app.set_setting("sound", False)  # writes the settings
    app.games.start(seed=4)  # writes the save
    app.step(dt=1 / 60)
    text = app.notices.text()
    assert "could not be saved" in text
    assert "cannot be created" not in text  # the folder exists: that was the wrong reason
    assert f"{key}.json" in text and "not a file" in text
    assert (tmp_path / f"{key}.json").is_dir()
