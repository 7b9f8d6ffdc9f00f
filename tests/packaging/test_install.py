"""The game as a user installs it: sdist -> wheel (``python -m build``, as a package index
would get them), the wheel installed into a fresh venv in a temporary folder, and the
``three-five-eight`` command started headless from outside the checkout.  Its
``--smoke-frames`` report must show the fonts, sounds and icon loaded from the installed
package, not from the checkout and not a fallback.

Offline: the build uses this environment's setuptools, the venv links this environment's
pygame-ce (``--no-index`` proves pip downloads nothing).
"""

from __future__ import annotations

import email
import json
import os
import subprocess
import sys
import tarfile
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"
SOUNDS = ("deal", "play", "trick", "shuffle", "turn", "click", "win", "lose", "error")


def runtime_assets() -> set[str]:
    """Paths under assets/ that the game reads at run time (what the wheel must carry)."""
    files = {"icon.png", "icon-32.png"}
    files |= {f"fonts/{p.name}" for p in (ASSETS / "fonts").iterdir() if p.is_file()}
    files |= {f"sounds/{p.name}" for p in (ASSETS / "sounds").glob("*.ogg")}
    return files


def run(cmd, **kw) -> subprocess.CompletedProcess:
    done = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kw)
    assert done.returncode == 0, f"{cmd} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    return done


def clean_env(home: Path) -> dict:
    """No venv, no PYTHONPATH pointing at the checkout, headless SDL."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP")}
    env.update(HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               THREE_FIVE_EIGHT_DATA=str(home / "data"))
    return env


@pytest.fixture(scope="module")
def dists(tmp_path_factory) -> dict[str, Path]:
    """The sdist and the wheel built from it (the default of ``python -m build``), with this
    environment's setuptools (dev extra) instead of downloading one per build."""
    out = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--no-isolation", "--outdir", out, ROOT])
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    return {"sdist": sdist, "wheel": wheel}


def share_installed(dist_name: str, site: Path) -> None:
    """Link an already installed distribution (its top-level folders and dist-info) into
    ``site``: pip then finds the wheel's dependency satisfied and downloads nothing."""
    dist = metadata.distribution(dist_name)
    tops = {Path(str(f)).parts[0] for f in dist.files if not str(f).startswith("..")}
    for top in tops:
        source = Path(str(dist.locate_file(top)))
        if source.is_dir():
            (site / top).symlink_to(source, target_is_directory=True)


@pytest.fixture(scope="module")
def venv(dists, tmp_path_factory) -> Path:
    """A fresh venv (no pip of its own: this pip installs into it) holding the wheel, with
    this environment's pygame-ce linked in rather than downloaded again."""
    where = tmp_path_factory.mktemp("venv") / "v"
    run([sys.executable, "-m", "venv", "--without-pip", where])
    python = where / "bin" / "python"
    site = Path(run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    share_installed("pygame-ce", site)
    run([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-index", dists["wheel"]])
    return where


def test_wheel_carries_the_runtime_assets_and_nothing_else_outside_game(dists):
    with zipfile.ZipFile(dists["wheel"]) as whl:
        names = set(whl.namelist())
        packaged = {n.removeprefix("game/assets/") for n in names if n.startswith("game/assets/")}
        assert packaged == runtime_assets()
        for rel in packaged:  # byte-identical to the repo's copy
            assert whl.read(f"game/assets/{rel}") == (ASSETS / rel).read_bytes(), rel
        info = next(n.rsplit("/", 1)[0] for n in names if n.endswith(".dist-info/METADATA"))
        assert {n.split("/", 1)[0] for n in names} == {"game", info}  # no tools/, tests/, main.py
        # the page template (assets/web) stays out; the game's own browser bridge is game/web/
        assert not any(n.startswith("game/assets/web/") or n.endswith(".tmpl") for n in names)
        assert {"game/__main__.py", "game/resources.py", "game/ui/app.py"} <= names
        meta = email.message_from_string(whl.read(f"{info}/METADATA").decode())
        entry_points = whl.read(f"{info}/entry_points.txt").decode()
        assert f"{info}/licenses/assets/fonts/LICENSE-DejaVu.txt" in names
    assert "three-five-eight = game.__main__:main" in entry_points
    assert meta["Name"] == "three-five-eight"
    assert meta["Description-Content-Type"] == "text/markdown"
    assert meta.get_payload().startswith("# 3-5-8")  # the README is the long description
    assert "Topic :: Games/Entertainment" in meta.get_all("Classifier")
    assert "card game" in meta["Keywords"]
    assert meta.get_all("Project-URL")
    assert meta["Requires-Dist"].startswith("pygame-ce")


def test_sdist_carries_the_assets_but_not_the_web_template_tools_or_tests(dists):
    with tarfile.open(dists["sdist"]) as sdist:
        names = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    assets = {n.removeprefix("assets/") for n in names
              if n.startswith("assets/") and not n.endswith(("fonts", "sounds"))}
    assert assets == runtime_assets()
    assert {"setup.py", "pyproject.toml", "README.md", "game/__main__.py"} <= names
    assert not any(n.startswith(("assets/web", "tools/", "tests/", "build/")) for n in names)


def test_installed_command_plays_with_the_packaged_fonts_and_sounds(venv, tmp_path):
    site = next((venv / "lib").glob("python3*/site-packages"))
    packaged = site / "game" / "assets"
    done = run([venv / "bin" / "three-five-eight", "--smoke-frames", "12", "lang=pl", "--seed", "7"],
               cwd=tmp_path, env=clean_env(tmp_path))
    report = json.loads(done.stdout)
    assert report["package"] == str(site / "game")  # not the checkout
    assert report["assets"] == {"origin": "package", "dir": str(packaged)}
    assert report["fatal"] is None and report["frames"] == 12
    assert report["language"] == "pl"
    assert report["scene"] != "title"  # the smoke run started a game halfway
    assert report["fonts"] == {"regular": str(packaged / "fonts" / "DejaVuSans-subset.ttf"),
                               "bold": str(packaged / "fonts" / "DejaVuSans-Bold-subset.ttf")}
    assert report["mixer"] is True and report["video"] == "dummy"
    assert report["sounds"] == {name: str(packaged / "sounds" / f"{name}.ogg") for name in SOUNDS}
    assert report["icon"] == str(packaged / "icon-32.png")
    assert not (tmp_path / "data").exists()  # a smoke run keeps the player's save folder alone


def test_python_dash_m_game_is_the_same_command(venv, tmp_path):
    env = clean_env(tmp_path)
    python = venv / "bin" / "python"
    assert run([python, "-m", "game", "--version"], cwd=tmp_path, env=env).stdout == "three-five-eight 0.1.0\n"
    usage = run([python, "-m", "game", "--help"], cwd=tmp_path, env=env).stdout
    assert all(option in usage for option in ("lang=", "--rules", "--seed", "--strength", "--smoke-frames"))
    bad = subprocess.run([python, "-m", "game", "--smoke-frames", "lots"], cwd=tmp_path, env=env,
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "--smoke-frames" in bad.stderr and bad.stdout == ""


def test_smoke_run_fails_when_an_installed_asset_is_missing(venv, tmp_path):
    site = next((venv / "lib").glob("python3*/site-packages"))
    sound = site / "game" / "assets" / "sounds" / "trick.ogg"
    hidden = sound.with_suffix(".hidden")
    sound.rename(hidden)
    try:
        done = subprocess.run([venv / "bin" / "three-five-eight", "--smoke-frames", "2"], cwd=tmp_path,
                              env=clean_env(tmp_path), capture_output=True, text=True)
    finally:
        hidden.rename(sound)
    report = json.loads(done.stdout)
    assert done.returncode == 1
    assert report["sounds"]["trick"] is None and report["sounds"]["deal"] is not None
