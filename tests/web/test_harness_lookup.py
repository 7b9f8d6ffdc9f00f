"""The webcheck harness is found from any checkout (a worktree too), or
the tools say clearly where they looked and what to set."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.web.conftest import ROOT
from tools.web.wasm import HarnessNotFound, find_webcheck


def _harness(folder):
    folder.mkdir(parents=True)
    for name in ("run.py", "setup.sh"):
        (folder / name).write_text("# stand-in\n")
    return folder


def test_found_above_a_worktree(tmp_path, monkeypatch):
    """A main checkout at X/main and a worktree at X/wt/NAME both use X/shared/webcheck."""
    monkeypatch.delenv("WEBCHECK_DIR", raising=False)
    harness = _harness(tmp_path / "shared" / "webcheck")
    for checkout in (tmp_path / "main", tmp_path / "wt" / "i12"):
        checkout.mkdir(parents=True)
        assert find_webcheck(root=checkout) == harness.resolve()


def test_environment_variable_comes_first(tmp_path, monkeypatch):
    _harness(tmp_path / "shared" / "webcheck")
    mine = _harness(tmp_path / "elsewhere" / "harness")
    monkeypatch.setenv("WEBCHECK_DIR", str(mine))
    (tmp_path / "repo").mkdir()
    assert find_webcheck(root=tmp_path / "repo") == mine.resolve()
    option = _harness(tmp_path / "option")
    assert find_webcheck(root=tmp_path / "repo", explicit=option) == option.resolve()


def test_a_wrong_named_folder_is_an_error_not_skipped(tmp_path, monkeypatch):
    _harness(tmp_path / "shared" / "webcheck")
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv("WEBCHECK_DIR", str(tmp_path / "empty"))
    (tmp_path / "repo").mkdir()
    with pytest.raises(HarnessNotFound, match=r"WEBCHECK_DIR.*lacks run\.py, setup\.sh"):
        find_webcheck(root=tmp_path / "repo")


def test_not_found_says_where_it_looked(tmp_path, monkeypatch):
    monkeypatch.delenv("WEBCHECK_DIR", raising=False)
    repo = tmp_path / "a" / "repo"
    repo.mkdir(parents=True)
    with pytest.raises(HarnessNotFound) as info:
        find_webcheck(root=repo)
    message = str(info.value)
    assert str(repo / "shared" / "webcheck") in message and str(tmp_path / "shared" / "webcheck") in message
    assert "WEBCHECK_DIR" in message


def test_web_play_exits_2_with_the_reason(tmp_path):
    wheel = tmp_path / "pygame_ce_wasm.whl"
    wheel.write_bytes(b"PK")
    done = subprocess.run([sys.executable, "-m", "tools.web.play", "--wheel", str(wheel), "--web", str(tmp_path),
                           "--out", str(tmp_path / "shots"), "--webcheck", str(tmp_path / "nowhere")],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "web_play: the webcheck harness named by --webcheck" in done.stderr and "lacks run.py" in done.stderr
