"""One command line however the game is started: ``python main.py``, ``python -m game`` and
the installed ``three-five-eight`` print the same usage for --help (and the same version)
and exit, rather than opening the game's window."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(sys.executable).with_name("three-five-eight")  # put there by `pip install -e .` (make)


def run(args):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("flag", ["--help", "-h", "--version"])
def test_main_py_answers_like_the_command(flag):
    by_module = run([sys.executable, "-m", "game", flag])
    by_file = run([sys.executable, "main.py", flag])  # before: the game started (and never ended)
    assert by_module.returncode == by_file.returncode == 0
    assert by_file.stdout == by_module.stdout and by_file.stdout.startswith(("usage: three-five-eight", "three-five-eight "))
    if SCRIPT.exists():
        assert run([str(SCRIPT), flag]).stdout == by_module.stdout


def test_a_bad_option_value_is_refused_the_same_way():
    by_module = run([sys.executable, "-m", "game", "--smoke-frames", "x"])
    by_file = run([sys.executable, "main.py", "--smoke-frames", "x"])
    assert by_module.returncode == by_file.returncode == 2 and by_file.stderr == by_module.stderr
