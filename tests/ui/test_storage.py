import json
import os

from game.storage import Storage


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
    from game.ui.session import Session

    (tmp_path / "game.json").write_text('{"version": 1, "match": "garbage"}')
    s = Storage(str(tmp_path))
    session, error = Session.load(s)
    assert session is None and error and "set aside" in error
    assert not (tmp_path / "game.json").exists()
    assert any(n.startswith("game.json.damaged") for n in os.listdir(tmp_path))
    assert Session.load(s) == (None, None)


def test_truncated_game_set_aside(tmp_path):
    from game.engine import Match
    from game.ui.session import Session

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
    from game.storage import _LocalStorageBackend
    from game.ui.session import Session

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
    from game.storage import _LocalStorageBackend
    from game.ui.session import Session

    ls = FakeLocalStorage()
    ls.getItem = lambda k: JsNull()
    s = Storage(backend=_LocalStorageBackend(ls))
    assert not s.has_game()
    assert Session.load(s) == (None, None)
    assert s.load_settings() == {}
