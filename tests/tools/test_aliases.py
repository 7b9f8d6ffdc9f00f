"""An old command name (`python -m tools.build_web`, as the scripts, notes and issues wrote
it) runs its new module: the same output and the same exit status as the new name."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(module: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)


@pytest.mark.parametrize(("old", "new"), [("tools.build_web", "tools.web.build"), ("tools.bench_engine", "tools.bench.engine")])
def test_the_old_name_prints_the_new_commands_help(old, new):
    was, now = run(old, "--help"), run(new, "--help")
    assert now.returncode == 0 and "usage:" in now.stdout
    assert (was.returncode, was.stdout) == (now.returncode, now.stdout)


def test_the_old_name_fails_as_the_new_one_does(tmp_path):
    """A web folder with no archive: the check says so and exits 1, by either name."""
    was, now = run("tools.web_check", str(tmp_path)), run("tools.web.check", str(tmp_path))
    assert now.returncode == 1 and "PROBLEM" in now.stdout
    assert (was.returncode, was.stdout) == (now.returncode, now.stdout)
