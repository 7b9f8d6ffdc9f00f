"""In a checkout (and an editable install, and the browser build's archive) there is no
game/assets: the game reads the top-level assets/.  The command line's own options and errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import resources
from game.__main__ import _smoke_frames, smoke_ok

ROOT = Path(__file__).resolve().parents[2]


def test_checkout_reads_the_top_level_assets():
    assert not (ROOT / "game" / "assets").exists()  # the one copy lives at the top level
    assert resources.origin() == "checkout"
    assert resources.root() == ROOT / "assets"
    assert resources.asset_dir("sounds") == ROOT / "assets" / "sounds"
    assert resources.asset_path("icon-32.png") == str(ROOT / "assets" / "icon-32.png")
    assert resources.asset_path("no-such-file.png") == ""


def test_fonts_and_sounds_note_what_they_loaded(tmp_path):
    import pygame

    from game.ui.draw import fonts
    from game.ui.sound import Sounds

    pygame.init()
    fonts.font(17, bold=True)
    assert resources.loaded()["font:bold"] == str(ROOT / "assets" / "fonts" / "DejaVuSans-Bold-subset.ttf")
    sounds = Sounds(directory=tmp_path)  # an empty folder: every sound is a fallback
    if not sounds.available:
        pytest.skip("no audio mixer (SDL_AUDIODRIVER=dummy not honoured)")
    sounds.preload()
    assert resources.loaded()["sound:deal"] is None


@pytest.mark.parametrize("argv, frames, rest", [
    (["--smoke-frames", "5", "lang=pl"], 5, ["lang=pl"]),
    (["--seed", "7", "--smoke-frames=30"], 30, ["--seed", "7"]),
    (["lang=bg"], None, ["lang=bg"]),
])
def test_smoke_frames_option_is_taken_out_of_the_game_options(argv, frames, rest):
    assert _smoke_frames(argv) == (frames, rest)


@pytest.mark.parametrize("argv", [["--smoke-frames"], ["--smoke-frames", "0"], ["--smoke-frames=-3"],
                                  ["--smoke-frames", "many"]])
def test_bad_smoke_frames_is_an_error(argv):
    with pytest.raises(ValueError, match="--smoke-frames"):
        _smoke_frames(argv)


def test_smoke_report_fails_on_any_fallback():
    good = {"fatal": None, "assets": {"origin": "package"}, "icon": "i.png",
            "fonts": {"regular": "r.ttf", "bold": "b.ttf"}, "sounds": {"deal": "d.ogg"}}
    assert smoke_ok(good)
    assert not smoke_ok({**good, "fonts": {"regular": "r.ttf", "bold": None}})
    assert not smoke_ok({**good, "fonts": {"regular": "r.ttf"}})  # bold never loaded
    assert not smoke_ok({**good, "sounds": {"deal": None}})
    assert not smoke_ok({**good, "icon": None})
    assert not smoke_ok({**good, "fatal": "boom"})


def test_no_display_is_one_clear_line_and_exit_1():
    env = {**os.environ, "SDL_VIDEODRIVER": "no-such-driver", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "game", "--smoke-frames", "2"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.strip().splitlines()[-1].startswith("three-five-eight: cannot start the game:")
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("layout, origin", [
    (("game/assets", "assets"), "package"),  # installed or frozen: inside the package wins
    (("assets",), "checkout"),  # checkout, editable install, the web archive
    ((), "missing"),
])
def test_where_the_assets_are_found(tmp_path, layout, origin):
    """resources.py copied into a bare layout: the assets folder it picks, by what is on disk."""
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "__init__.py").write_text("")
    (tmp_path / "game" / "resources.py").write_bytes((ROOT / "game" / "resources.py").read_bytes())
    for folder in layout:
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
    out = subprocess.run([sys.executable, "-c", "from game import resources as r; print(r.origin(), r.root())"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    found, root = out.stdout.split()
    assert found == origin
    if layout:
        assert Path(root) == (tmp_path / layout[0]).resolve()


def test_finding_the_assets_imports_no_resource_readers():
    """In the browser importing importlib.resources' readers was ~70-100 ms of the start
    (CPU slowed 4x): the assets of a checkout or an installed game are found
    without it."""
    code = ("import sys; from game import resources as r; r.root()\n"
            "print(sorted(m for m in sys.modules if m.startswith('importlib.re')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
