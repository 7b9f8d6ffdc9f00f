import json
import os

from game.storage.store import Storage


def test_settings_roundtrip(tmp_path):
    s = Storage(str(tmp_path))
    assert s.load_settings() == {}
    s.save_settings({"language": "pl", "sound": False})
    assert Storage(str(tmp_path)).load_settings() == {"language": "pl", "sound": False}


def test_damaged_settings_ignored(tmp_path):
    (tmp_path / "settings.json").write_text("{not json")
    assert Storage(str(tmp_path)).load_settings() == {}


def test_env_var_points_storage(tmp_path, monkeypatch):
    monkeypatch.setenv("THREE_FIVE_EIGHT_DATA", str(tmp_path / "x"))
    s = Storage()
    s.save_settings({"a": 1})
    assert (tmp_path / "x" / "settings.json").exists()


def test_damaged_game_set_aside(tmp_path):
    from game.ui.games.session import Session

    (tmp_path / "game.json").write_text('{"version": 1, "match": "garbage"}')
    s = Storage(str(tmp_path))
    session, error = Session.load(s)
    assert session is None and error and "set aside" in error
    assert not (tmp_path / "game.json").exists()
    assert any(n.startswith("game.json.damaged") for n in os.listdir(tmp_path))
    assert Session.load(s) == (None, None)


def test_truncated_game_set_aside(tmp_path):
    from game.engine import Match
    from game.ui.games.session import Session

    s = Storage(str(tmp_path))
    m = Match.new(seed=5)
    m.apply(m.legal_actions()[0])
    Session(m, ["a", "b", "c"], storage=s).save()
    text = (tmp_path / "game.json").read_text()
    loaded, err = Session.load(s)
    assert loaded is not None and err is None and loaded.match.history == m.history
    (tmp_path / "game.json").write_text(text[: len(text) // 2])
    loaded, err = Session.load(s)
    assert loaded is None and err


class FakeLocalStorage:
    def __init__(self):
        self.d = {}

    def getItem(self, k):
        return self.d.get(k)

    def setItem(self, k, v):
        self.d[k] = str(v)

    def removeItem(self, k):
        self.d.pop(k, None)


def test_local_storage_backend():
    from game.storage.store import _LocalStorageBackend
    from game.ui.games.session import Session

    ls = FakeLocalStorage()
    s = Storage(backend=_LocalStorageBackend(ls))
    s.save_settings({"language": "ru"})
    assert s.load_settings() == {"language": "ru"}
    s.save_game({"match": "broken", "names": ["a", "b", "c"]})
    assert s.has_game()
    session, err = Session.load(s)
    assert session is None and err
    assert not s.has_game()
    assert any(k.endswith(".damaged") for k in ls.d)
    json.loads(ls.d["three-five-eight:settings"])


class JsNull:  # what Pyodide's localStorage.getItem returns for a missing key
    def __str__(self):
        return "jsnull"


def test_local_storage_js_null_is_missing():
    from game.storage.store import _LocalStorageBackend
    from game.ui.games.session import Session

    ls = FakeLocalStorage()
    ls.getItem = lambda k: JsNull()
    s = Storage(backend=_LocalStorageBackend(ls))
    assert not s.has_game()
    assert Session.load(s) == (None, None)
    assert s.load_settings() == {}


# --- how a save is written, what is read back --------------------------------
def _saves(n=3, seed=5):
    from game.engine import Match
    from game.ui.games.session import Session

    m = Match.new(seed=seed)
    out = []
    for _ in range(n):
        m.apply(m.legal_actions()[0])
        out.append(Session(m, ["a", "b", "c"], "random").to_save())
    return out


def test_each_write_has_its_own_temp_file_synced_before_the_rename(tmp_path, monkeypatch):
    import stat
    import tempfile

    calls = []
    real_mkstemp, real_fsync, real_replace = tempfile.mkstemp, os.fsync, os.replace

    def mkstemp(*a, **kw):
        fd, name = real_mkstemp(*a, **kw)
        calls.append(("temp", name))
        return fd, name

    def fsync(fd):
        calls.append(("fsync", "folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file"))
        return real_fsync(fd)

    def replace(src, dst):
        calls.append(("replace", os.path.basename(dst)))
        return real_replace(src, dst)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    s = Storage(str(tmp_path))
    for save in _saves(2):
        assert s.save_game(save)
    temps = [c[1] for c in calls if c[0] == "temp"]
    assert len(set(temps)) == 2 and all(os.path.dirname(t) == str(tmp_path) for t in temps)
    one = calls[: len(calls) // 2]
    assert [c[0] for c in one] == ["temp", "fsync", "replace", "fsync"]
    assert one[1][1] == "file" and one[3][1] == "folder" and one[2][1] == "game.json"
    assert sorted(os.listdir(tmp_path)) == ["game.json"]


def test_the_whole_save_is_checksummed_and_numbered(tmp_path):
    s = Storage(str(tmp_path))
    a, b, _ = _saves()
    s.save_game(a)
    s.save_game(b)
    body = json.loads((tmp_path / "game.json").read_text())
    assert body["version"] == 2 and body["generation"] == 2 and body["writer"] == s.writer
    assert Storage(str(tmp_path)).load_game_raw() == b
    body["names"] = ["a", "b", "d"]  # valid, but not what was saved
    (tmp_path / "game.json").write_text(json.dumps(body))
    import pytest

    from game.storage.store import DamagedSave

    with pytest.raises(DamagedSave, match="checksum"):
        Storage(str(tmp_path)).load_game_raw()


def test_version_1_saves_still_load(tmp_path):
    from game.ui.games.session import Session

    save = _saves(1)[0]
    (tmp_path / "game.json").write_text(json.dumps({"version": 1, **save}))
    session, error = Session.load(Storage(str(tmp_path)))
    assert error is None and session.names == ["a", "b", "c"]


def test_a_save_that_cannot_be_read_is_not_called_damaged(tmp_path):
    from game.ui.games.session import Session

    (tmp_path / "game.json").mkdir()  # in the way, but not damage in a save
    s = Storage(str(tmp_path))
    assert Session.load(s) == (None, None)
    assert [k for k, _ in s.take_events()] == ["game_unreadable"]
    assert (tmp_path / "game.json").is_dir()


def test_parent_of_the_folder_is_a_file(tmp_path):
    from game.ui.games.session import Session

    (tmp_path / "file").write_text("x")
    s = Storage(str(tmp_path / "file" / "data"))
    assert not s.has_game() and Session.load(s) == (None, None) and s.take_events() == []


def test_a_huge_save_is_set_aside_not_read(tmp_path):
    from game.ui.games.session import Session

    (tmp_path / "game.json").write_text('{"version": 2, "match": "' + "x" * (5 << 20) + '"}')
    s = Storage(str(tmp_path))
    session, error = Session.load(s)
    assert session is None and "set aside" in error


def test_stale_temp_files_are_swept(tmp_path):
    old = tmp_path / "game.json.abc123.tmp"
    new = tmp_path / "game.json.def456.tmp"
    old.write_text("{half a sa")
    new.write_text("{being written")
    os.utime(old, (0, 0))
    Storage(str(tmp_path)).has_game()
    assert not old.exists() and new.exists()  # another window may be writing the new one


def test_a_full_local_storage_is_told_as_such():
    from game.storage.store import _LocalStorageBackend

    class Full(FakeLocalStorage):
        def setItem(self, k, v):
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")

    s = Storage(backend=_LocalStorageBackend(Full()))
    assert not s.save_game(_saves(1)[0])
    assert s.take_events() == [("save_failed", "quota")] and s.save_problem == "quota"
