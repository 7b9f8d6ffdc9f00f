"""The save folder fails under a game in progress: full disk, read-only, deleted, blocked.

Every scenario: the last good save is still there and whole, no temporary file is left,
the player is told once (a ``save_failed`` event with the reason, which the UI shows), and
the first save that works again says so.  Faults are simulated by patching ``os.write`` /
``os.open`` / ``os.replace`` (CI runs as root, which ignores file permissions, so a
chmod-ed folder would not fail); where this process may mount, the same checks run on a
real 64 KiB tmpfs, filled up and then remounted read-only (which root cannot write).
"""

import os

import pytest

from game.storage.store import Storage
from tools.faults import saves as save_faults


def _check(figures, reason):
    assert figures["failed"] == figures["writes"] - 2  # every save under the fault failed
    assert figures["torn"] == 0 and figures["lost"] == 0  # the good save is whole and unchanged
    assert figures["temp_left"] == 0  # no partial game.json.*.tmp behind
    assert figures["told"] and figures["reason"] == reason  # told once, with the reason
    assert figures["recovered"] and figures["told_again"]  # the next move saves, and says so


def test_full_disk(tmp_path, saves):
    _check(save_faults.scenario_full_disk(str(tmp_path / "data"), saves), "full")


def test_read_only_folder(tmp_path, saves):
    # root ignores chmod: the folder is made read-only by refusing writes as EROFS would
    _check(save_faults.scenario_read_only(str(tmp_path / "data"), saves), "read_only")


def test_real_tmpfs_full_and_read_only(saves):
    real = save_faults.scenario_real_tmpfs(saves)
    if real is None:
        pytest.skip("this process may not mount a tmpfs (the patched versions above still ran)")
    _check(real["full"], "full")
    _check(real["read_only"], "read_only")


def test_short_write_then_full_leaves_the_old_save(tmp_path, saves):
    storage = Storage(str(tmp_path))
    assert storage.save_game(saves[0])
    before = (tmp_path / "game.json").read_bytes()
    with save_faults.full_disk(room=len(before) // 2):  # half a save fits, then ENOSPC
        assert not storage.save_game(saves[5])
    assert (tmp_path / "game.json").read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["game.json"]


def test_fsync_failure_is_a_failed_save(tmp_path, saves, monkeypatch):
    storage = Storage(str(tmp_path))
    assert storage.save_game(saves[0])
    before = (tmp_path / "game.json").read_bytes()

    def no_room(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_room)
    assert not storage.save_game(saves[1])
    assert (tmp_path / "game.json").read_bytes() == before
    assert storage.take_events() == [("save_failed", "full")]


def test_folder_deleted_mid_game(tmp_path, saves):
    result = save_faults.scenario_missing_folder(str(tmp_path / "data"), saves)
    assert result["saved"] and result["lost"] == 0 and result["events"] == []


def test_blocked_folder_no_false_damaged_notice(tmp_path, saves):
    for name, seen in save_faults.scenario_blocked_folder(str(tmp_path), saves).items():
        assert seen["loaded"] == (None, None), name  # no "damaged save" for a save that does not exist
        assert seen["start_events"] == [] and not seen["has_game"], name
        assert not seen["saved"] and seen["events"] == [("save_failed", "blocked")], name
        assert seen["blocker_intact"], name


def test_settings_write_failure_is_told(tmp_path):
    storage = Storage(str(tmp_path))
    with save_faults.read_only(str(tmp_path)):
        assert not storage.save_settings({"language": "pl"})
    assert storage.take_events() == [("settings_failed", "read_only")]
