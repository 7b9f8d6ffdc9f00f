"""The offline web build: what build/web holds, and that the source tree is untouched."""

from __future__ import annotations

import hashlib
import io
import os
import re
import shutil
import tarfile
from pathlib import Path

import pytest

from tests.web.conftest import ROOT, build_elsewhere
from tools.web.build import NAME, SKIP_SUFFIXES, TEMPLATE, pack_archives
from tools.web.check import BYTECODE_KB, PYGAME_BYTECODE_KB, PYGAME_PART, SOURCES, SOURCES_KB, check, member_problem, part_sizes


def _members(web_dir: Path) -> dict[str, bytes]:
    with tarfile.open(web_dir / f"{NAME}.tar.gz", "r:gz") as tar:
        return {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}


def _expected(main_py: Path, snapshot: dict) -> dict[str, bytes]:
    """What should be packed (from the sources as they were at build time), worked out
    independently of the build tool."""
    want = {"assets/main.py": main_py.read_bytes() if main_py != ROOT / "main.py" else snapshot["main.py"][2]}
    for rel, (_, _, data) in snapshot.items():
        parts = rel.split("/")
        if parts[0] not in ("game", "assets") or any(p.startswith(".") for p in parts):
            continue
        if parts[0] == "game" and ("tests" in parts or "__pycache__" in parts or parts[:2] == ["game", "arena"]):
            continue
        if rel == "game/ui/online/loop_net.py":  # in-memory links for the tests and the layout check
            continue
        if Path(rel).suffix.lower() in SKIP_SUFFIXES:  # .pyc, .wav, .md, ...
            continue
        if parts[0] == "assets" and (parts[1] == "web" or Path(rel).suffix.lower() in SKIP_SUFFIXES):
            continue
        want[f"assets/{rel}"] = data
    return want


def test_build_passes_its_own_checks(web_build):
    web_dir, *_ = web_build
    report = check(web_dir)
    assert report.ok, report.problems
    assert {"index.html", "favicon.png", f"{NAME}.tar.gz", f"{NAME}.apk"} <= set(report.sizes)


def test_archive_holds_exactly_main_game_and_assets(web_build):
    """The sources and assets, and besides them only the start's bytecode (test_bytecode)."""
    web_dir, main_py, before, _ = web_build
    packed = {k: v for k, v in _members(web_dir).items() if "/__pycache__/" not in k}
    expected = _expected(main_py, before)
    assert sorted(packed) == sorted(expected)
    assert "assets/main.py" in packed
    assert "assets/game/__init__.py" in packed
    assert any(name.startswith("assets/game/engine/") for name in packed)
    for name in packed:
        assert member_problem(name) is None, name
        assert "/tests/" not in name and "/." not in name and not name.endswith(".wav"), name
        assert not name.endswith(".tmpl"), name


def test_archive_files_are_the_sources_byte_for_byte(web_build):
    """pygbag must not reformat (black) or rewrite (.wav → .ogg) what it packs."""
    web_dir, main_py, before, _ = web_build
    packed = _members(web_dir)
    for name, data in _expected(main_py, before).items():
        assert hashlib.sha256(packed[name]).digest() == hashlib.sha256(data).digest(), name


def test_source_tree_untouched(web_build):
    _, _, before, after = web_build
    changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
    assert not changed
    assert not (ROOT / "pygbag.ini").exists()
    assert not (ROOT / "game" / "build").exists()


def test_each_part_of_the_archive_within_its_own_budget(web_build):
    """The sources and assets, and each bytecode version shipped, measured on their own;
    the archive within the sum of the budgets of what it holds."""
    web_dir, *_ = web_build
    report = check(web_dir)
    assert set(report.pygame) == set(report.bytecode)  # made together, by the same interpreter
    assert set(report.parts) == {SOURCES} | set(report.bytecode) | {PYGAME_PART + tag for tag in report.pygame}
    assert report.budgets == {SOURCES: SOURCES_KB, **{tag: BYTECODE_KB[tag] for tag in report.bytecode},
                              **{PYGAME_PART + tag: PYGAME_BYTECODE_KB[tag] for tag in report.pygame}}
    for part, size in report.parts.items():
        assert size <= report.budgets[part] * 1024, (part, size)
    assert report.max_kb == sum(report.budgets.values())
    assert (web_dir / f"{NAME}.tar.gz").stat().st_size <= report.max_kb * 1024


def _repacked(web_dir: Path, dest: Path, keep) -> Path:
    """A copy of the build whose archives hold only the members keep(name) accepts."""
    shutil.copytree(web_dir, dest)
    members = {k: v for k, v in _members(web_dir).items() if keep(k)}
    pack_archives(members, dest / f"{NAME}.tar.gz", dest / f"{NAME}.apk")
    return dest


def test_a_parts_size_does_not_depend_on_the_others(web_build, tmp_path):
    """The archive with the bytecode and without it: the sources measure the same, and each
    mix passes. (A budget of 300 KB + 180 KB per version in one stream failed an archive
    with 3.12 bytecode alone: gzip had made the 3.14 pycs cheap beside the 3.12 ones.)"""
    web_dir, *_ = web_build
    report = check(web_dir)
    if not report.bytecode:
        pytest.skip("this build ships no bytecode (its pinned interpreter could not be had)")
    bare = check(_repacked(web_dir, tmp_path / "bare", lambda name: "/__pycache__/" not in name))
    assert bare.ok, bare.problems
    assert bare.bytecode == bare.pygame == {} and bare.parts == {SOURCES: report.parts[SOURCES]}
    assert bare.max_kb == SOURCES_KB
    assert report.ok and report.archive_bytes > bare.archive_bytes


def test_a_part_over_its_budget_is_reported_whatever_the_total(web_build, tmp_path):
    web_dir, *_ = web_build
    sizes = part_sizes(web_dir / f"{NAME}.tar.gz")
    tight = check(web_dir, sources_kb=int(sizes[SOURCES] / 1024) - 1)
    assert any(p.startswith(f"{SOURCES}: ") and "over the" in p for p in tight.problems), tight.problems
    web = _repacked(web_dir, tmp_path / "odd", lambda name: True)
    members = _members(web)
    members["assets/game/engine/__pycache__/cards.cpython-313.pyc"] = b"\xf3\x0d\x0d\x0a\x01" + b"\0" * 11
    pack_archives(members, web / f"{NAME}.tar.gz", web / f"{NAME}.apk")
    assert any("cpython-313: no size budget" in p for p in check(web).problems)


def test_another_machine_builds_the_same_bytes(web_build, tmp_path):
    """The same sources give the same archives and build id on a machine with no Python
    3.12 on PATH, another home (no pyenv, no webcheck caches), another language and
    umask: nothing of the machine's decides what ships."""
    web_dir, main_py, *_ = web_build
    if main_py != ROOT / "main.py":
        pytest.skip("the session build used a stand-in main.py")
    home = tmp_path / "home"
    home.mkdir()
    path = [d for d in os.environ["PATH"].split(os.pathsep)
            if d and not (Path(d) / "python3.12").exists() and ".pyenv" not in d]
    env = {"PATH": os.pathsep.join(path), "HOME": str(home), "LANG": "pl_PL.UTF-8", "LANGUAGE": "pl",
           "G358_LANG": "ru", "SDL_VIDEODRIVER": "dummy"}
    other, status, said = build_elsewhere(tmp_path / "other", env, umask=0o077)
    assert status == 0, said
    for name in (f"{NAME}.tar.gz", f"{NAME}.apk", "index.html", "favicon.png", "sw.js"):
        assert (other / name).read_bytes() == (web_dir / name).read_bytes(), name


@pytest.mark.parametrize("name, ok", [
    ("assets/game/__pycache__/cards.cpython-312.pyc", True),
    ("assets/game/ui/__pycache__/app.cpython-314.pyc", True),
    ("assets/game/cards.pyc", False),  # where no CPython 3 looks
    ("assets/game/__pycache__/cards.pyc", False),  # no interpreter tag
    ("assets/game/__pycache__/cards.cpython-312.opt-1.pyc", False),  # only for python -O
    ("assets/game/__pycache__/notes.txt", False),
    ("assets/pygame_bytecode/pygame/__pycache__/sprite.cpython-312.pyc", True),  # pygame's, for its package
    ("assets/pygame_bytecode/pygame/_sdl2/__pycache__/__init__.cpython-314.pyc", True),
    ("assets/pygame_bytecode/pygame/sprite.py", False),  # the runtime has pygame's source
    ("assets/pygame_bytecode/numpy/__pycache__/core.cpython-312.pyc", False),  # only pygame's
    ("assets/pygame_bytecode/pygame/__pycache__/notes.txt", False),
])
def test_bytecode_member_names(name, ok):
    assert (member_problem(name) is None) == ok, member_problem(name)


@pytest.mark.parametrize("name, ok", [
    ("assets/game/web/bridge.py", True),  # the game's own browser bridge, not the page template
    ("assets/assets/web/index.tmpl", False),
    ("assets/assets/web/sw.js", False),
    ("assets/game/arena/duplicate.py", False),  # the research arena never ships
    ("assets/game/ui/tools/x.py", False),
])
def test_folders_that_belong_and_folders_that_do_not(name, ok):
    assert (member_problem(name) is None) == ok, member_problem(name)


def _rewrite_archive(web_dir: Path, dest: Path, extra: dict[str, bytes]) -> Path:
    shutil.copytree(web_dir, dest)
    with tarfile.open(web_dir / f"{NAME}.tar.gz", "r:gz") as old, \
            tarfile.open(dest / f"{NAME}.tar.gz", "w:gz") as new:
        for member in old.getmembers():
            new.addfile(member, old.extractfile(member) if member.isfile() else None)
        for name, data in extra.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            new.addfile(info, io.BytesIO(data))
    (dest / f"{NAME}.apk").unlink()  # its listing would differ; not what is checked here
    return dest


def test_check_refuses_bytecode_without_source_or_checked_against_it(web_build, tmp_path):
    """A pyc must come with its source (a module removed since would still import from
    old bytecode) and be unchecked-hash (a timestamp pyc depends on the archive's times)."""
    timestamp_pyc = b"\xcb\x0d\x0d\x0a" + b"\0" * 12  # flags 0: checked against the source's mtime
    hashed_pyc = b"\xcb\x0d\x0d\x0a" + (1).to_bytes(4, "little") + b"\0" * 8
    web = _rewrite_archive(web_build[0], tmp_path / "web", {
        "assets/game/__pycache__/gone.cpython-312.pyc": hashed_pyc,
        "assets/game/engine/__pycache__/cards.cpython-399.pyc": timestamp_pyc,
        "assets/game/engine/__pycache__/deal.cpython-399.pyc": hashed_pyc,
    })
    problems = check(web).problems
    assert any("gone.cpython-312.pyc: bytecode without its source" in p for p in problems), problems
    assert any("cards.cpython-399.pyc: not an unchecked-hash" in p for p in problems), problems
    assert not any("deal.cpython-399" in p for p in problems), problems


def test_page_placeholders_substituted(web_build):
    web_dir, *_ = web_build
    html = (web_dir / "index.html").read_text(encoding="utf-8")
    assert "{{" not in html and "}}" not in html and "cookiecutter" not in html
    assert "{%" not in html
    assert f'archive : "{NAME}"' in html
    assert f'bundle = "{NAME}"' in html
    assert "<title>3-5-8</title>" in html
    assert re.search(r'<script src="[^"]+/pythons\.js" type=module id="site" data-python="python3\.\d+"', html)
    assert 'ume_block : 1' in html


def test_page_has_no_debug_console_and_fills_the_frame(web_build):
    web_dir, *_ = web_build
    html = (web_dir / "index.html").read_text(encoding="utf-8")
    assert 'data-os="snd,gui"' in html  # no vt/vtx: no xterm.js terminal is loaded
    for debug_id in ('id="pyconsole"', 'id="terminal"', 'id="system"', 'id="crt"', 'id="box"'):
        assert debug_id not in html
    assert "browserfs" not in html
    assert 'id="canvas"' in html and 'id="progress"' in html and 'id="status"' in html
    assert 'id="infobox"' in html and 'id="transfer"' in html
    assert "width: 100%; height: 100%" in html
    assert "#0f4d2e" in html and "#d4af37" in html  # felt green, gold


def test_template_uses_only_placeholders_pygbag_fills():
    known = {"cdn", "proxy", "xtermjs", "width", "height", "ume_block", "can_close", "archive",
             "autorun", "authors", "icon", "title", "directory", "spdx", "version", "PYBUILD",
             "COLUMNS", "LINES", "CONSOLE", "INI"}
    used = set(re.findall(r"\{\{cookiecutter\.(\w+)\}\}", TEMPLATE.read_text(encoding="utf-8")))
    assert used and used <= known, used - known
    assert "{%" not in TEMPLATE.read_text(encoding="utf-8")  # pygbag does no Jinja


def test_icon_is_a_png(web_build):
    web_dir, *_ = web_build
    data = (web_dir / "favicon.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    import pygame

    image = pygame.image.load(io.BytesIO(data), "favicon.png")
    assert image.get_size() == (64, 64)


def test_page_loader_block_is_valid_python(web_build):
    """pygbag runs the text of the pythons.js <script> tag (minus its first line) as Python."""
    web_dir, *_ = web_build
    html = (web_dir / "index.html").read_text(encoding="utf-8")
    m = re.search(r'<script src="[^"]*pythons\.js"[^>]*>(.*?)</script>', html, re.S)
    assert m, "no pythons.js script tag"
    code = m.group(1).split("\n", 1)[1]
    compile(code, "index.html:loader", "exec")
    assert "asyncio.run(custom_site())" in code
    assert f'"{NAME}"' in code


def test_icon_falls_back_when_the_art_is_missing(tmp_path):
    import pygame

    from tools.web.build import make_icon

    note = make_icon(tmp_path / "favicon.png", source=tmp_path / "no-icon.png")
    assert "fallback" in note
    assert pygame.image.load(str(tmp_path / "favicon.png")).get_size() == (64, 64)


def test_app_icons_are_full_size_and_maskable_is_full_bleed(web_build):
    import pygame

    web_dir, *_ = web_build
    for name, size in (("icon-192.png", 192), ("icon-512.png", 512), ("icon-maskable-192.png", 192),
                       ("icon-maskable-512.png", 512)):
        image = pygame.image.load(str(web_dir / name))
        assert image.get_size() == (size, size), name
    mask = pygame.image.load(str(web_dir / "icon-maskable-512.png"))
    for corner in ((0, 0), (511, 0), (0, 511), (511, 511)):  # launchers crop anywhere outside the safe circle
        assert mask.get_at(corner).a == 255
    # the cards (light) are inside the central circle: nothing light near the edges
    edge = [mask.get_at((x, y)) for x in range(0, 512, 16) for y in (2, 509)]
    assert all(max(c.r, c.g, c.b) < 160 for c in edge)
    assert max(mask.get_at((256, y)).r for y in range(200, 320)) > 200  # card faces in the middle


def test_app_icons_fall_back_when_the_card_art_cannot_draw(tmp_path, monkeypatch):
    import json

    import tools.assets.icon
    import tools.web.pwa_icons as pwa

    def broken(*args, **kwargs):
        raise RuntimeError("card art changed")

    monkeypatch.setattr(tools.assets.icon, "icon", broken)
    monkeypatch.setattr(pwa, "_card_fan", broken)
    written = pwa.write_app_files(tmp_path)
    assert set(written) == {f for f, _, _ in pwa.ICONS} | {"manifest.webmanifest"}
    from tools.web.check import manifest_problems, png_size

    assert manifest_problems(tmp_path) == []
    assert png_size(tmp_path / "icon-512.png") == (512, 512)
    assert json.loads((tmp_path / "manifest.webmanifest").read_text())["theme_color"] == "#0b3b23"


def test_check_refuses_pygames_bytecode_unchecked_or_with_its_source(web_build, tmp_path):
    """pygame's pycs are used only while the page's pygame has the source they were made
    from, so they must be checked-hash; and the page has pygame's source, so none ships."""
    unchecked_pyc = b"\xcb\x0d\x0d\x0a" + (1).to_bytes(4, "little") + b"\0" * 8
    checked_pyc = b"\xcb\x0d\x0d\x0a" + (3).to_bytes(4, "little") + b"\0" * 8
    web = _rewrite_archive(web_build[0], tmp_path / "web", {
        "assets/pygame_bytecode/pygame/__pycache__/midi.cpython-399.pyc": unchecked_pyc,
        "assets/pygame_bytecode/pygame/__pycache__/camera.cpython-399.pyc": checked_pyc,
        "assets/pygame_bytecode/pygame/camera.py": b"# a second copy of pygame's source\n",
        "assets/pygame_bytecode/pygame/__pycache__/mask.cpython-399.pyc": checked_pyc,
    })
    report = check(web)
    problems = report.problems
    assert any("midi.cpython-399.pyc: pygame's bytecode not a checked-hash" in p for p in problems), problems
    assert any("pygame_bytecode/pygame/camera.py: pygame's source shipped" in p for p in problems), problems
    assert not any("mask.cpython-399" in p for p in problems), problems  # checked-hash, no source: as it ships
    assert "pygame/mask.py" in report.pygame["cpython-399"]
