"""Build the browser version: build/web/ (index.html, NAME.tar.gz, NAME.apk, favicon.png).

    python -m tools.build_web [--out build/web] [--zip] [--main PATH] [--cdn URL]

(`make web` runs this.) The build works offline and never touches the source tree:

1. A clean staging copy is made in STAGE/NAME (default build/stage/three-five-eight)
   holding exactly what the game needs at run time: main.py, game/ (no tests, caches or
   hidden files) and assets/ (no .wav, no web template, no hidden files).
2. pygbag packs that folder (--build) with this project's page template
   (assets/web/index.tmpl) and icon (assets/icon.png, or a generated one while the art is
   missing), so it never fetches either from its CDN. pygbag runs with the staging
   folder's parent as its working directory (where it reads pygbag.ini) and with `black`
   hidden from it (it would reformat the sources it packs).
3. The outputs are copied to OUT and checked (tools/web_check.py): archive contents,
   template placeholders, the 300 KB archive target.

NAME.tar.gz is what the page loads; NAME.apk is the same files as a zip, which the page
loads instead on itch.io (whose CDN unpacks .gz files on the way). --zip also writes
OUT.zip (e.g. build/web.zip) ready to upload to itch.io.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "three-five-eight"
TITLE = "3-5-8"
TEMPLATE = ROOT / "assets" / "web" / "index.tmpl"
ICON = ROOT / "assets" / "icon.png"
ICON_SIZE = 64
PYGBAG_TIMEOUT_S = 300

# What the staging copy leaves out (besides hidden files and folders, always left out).
SKIP_DIRS = {"__pycache__", "tests", "test", "build", "dist"}
SKIP_PATHS = {("assets", "web")}  # the page template: used by pygbag, not by the game
SKIP_SUFFIXES = {".pyc", ".pyo", ".wav", ".mp3", ".aiff", ".flac", ".md", ".xcf", ".psd",
                 ".kra", ".blend", ".tmpl", ".orig", ".rej", ".swp"}

PYGBAG_INI = """\
; written by tools/build_web.py: the staging folder already holds only what the game
; needs; these lists are a second line of defence.
[DEPENDENCIES]
ignoreDirs = ["tests", "game/tests", "assets/web", "tools", "__pycache__"]
ignoreFiles = ["pygbag.ini", "conftest.py"]
"""


def log(msg: str) -> None:
    print(f"build_web: {msg}", flush=True)


def _wanted(path: Path, top: Path) -> bool:
    rel = path.relative_to(top)
    if any(part.startswith(".") for part in rel.parts):
        return False
    if path.is_dir():
        return path.name not in SKIP_DIRS and rel.parts not in SKIP_PATHS
    if any(part in SKIP_DIRS for part in rel.parts[:-1]):
        return False
    return path.suffix.lower() not in SKIP_SUFFIXES


def copy_tree(src: Path, dst: Path, top: Path | None = None) -> list[Path]:
    """Copy src to dst keeping only the files _wanted(); returns the copied files."""
    top = top or src
    copied = []
    for entry in sorted(src.iterdir()):
        if entry.is_symlink() or not _wanted(entry, top):
            continue
        target = dst / entry.name
        if entry.is_dir():
            copied += copy_tree(entry, target, top)
        elif entry.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(entry, target)
            copied.append(target)
    return copied


def stage(app_dir: Path, main_py: Path) -> list[Path]:
    """Fill app_dir with main.py, game/ and the runtime assets."""
    if app_dir.exists():
        shutil.rmtree(app_dir)
    app_dir.mkdir(parents=True)
    shutil.copy2(main_py, app_dir / "main.py")
    files = [app_dir / "main.py"]
    files += copy_tree(ROOT / "game", app_dir / "game")
    if (ROOT / "assets").is_dir():
        # top=ROOT so that assets/web (the page template) is skipped by name
        files += copy_tree(ROOT / "assets", app_dir / "assets", top=ROOT)
    return files


def make_icon(dest: Path, source: Path = ICON, size: int = ICON_SIZE) -> str:
    """Write a size x size PNG favicon to dest: assets/icon.png scaled, or a drawn fallback."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    if source.is_file():
        try:
            loaded = pygame.image.load(str(source))
            image = pygame.Surface(loaded.get_size(), pygame.SRCALPHA)  # any PNG → 32-bit
            image.blit(loaded, (0, 0))
            if image.get_size() != (size, size):
                image = pygame.transform.smoothscale(image, (size, size))
            pygame.image.save(image, str(dest))
            return f"{source.relative_to(ROOT)} scaled to {size}x{size}"
        except (pygame.error, ValueError) as exc:
            log(f"cannot use {source} ({exc}); drawing a fallback icon")
    pygame.image.save(fallback_icon(size), str(dest))
    return f"generated fallback ({source.name} not found)"


def fallback_icon(size: int = ICON_SIZE):
    """Three fanned cream cards with gold edges on felt green: 3, 5, 8."""
    import pygame

    pygame.font.init()
    s = size / 64
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(icon, (15, 77, 46), icon.get_rect(), border_radius=round(12 * s))
    pygame.draw.rect(icon, (212, 175, 55), icon.get_rect(), width=max(1, round(2 * s)),
                     border_radius=round(12 * s))
    font_path = ROOT / "assets" / "fonts" / "DejaVuSans-Bold-subset.ttf"
    font = pygame.font.Font(str(font_path) if font_path.is_file() else None, round(15 * s))
    for label, angle, dx, colour in (("3", 18, -13, (30, 30, 30)), ("5", 0, 0, (150, 30, 30)),
                                     ("8", -18, 13, (30, 30, 30))):
        card = pygame.Surface((round(24 * s), round(34 * s)), pygame.SRCALPHA)
        rect = card.get_rect()
        pygame.draw.rect(card, (243, 234, 211), rect, border_radius=round(4 * s))
        pygame.draw.rect(card, (212, 175, 55), rect, width=max(1, round(1.5 * s)),
                         border_radius=round(4 * s))
        text = font.render(label, True, colour)
        card.blit(text, text.get_rect(center=rect.center))
        turned = pygame.transform.rotozoom(card, angle, 1)
        icon.blit(turned, turned.get_rect(center=(size / 2 + dx * s, size / 2 + 2 * s)))
    return icon


def run_pygbag(stage_root: Path, app_dir: Path, icon: Path, cdn: str | None) -> Path:
    """pygbag --build on app_dir; returns app_dir/build/web. Output goes to a log file."""
    (stage_root / "pygbag.ini").write_text(PYGBAG_INI, encoding="utf-8")
    # pygbag imports black if it can and then reformats every source in place.
    noblack = stage_root / "_noblack"
    noblack.mkdir(exist_ok=True)
    (noblack / "black.py").write_text('raise ImportError("black is hidden from pygbag by tools/build_web.py")\n')
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(noblack), env.get("PYTHONPATH")]))
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    cmd = [sys.executable, "-m", "pygbag", "--build", "--no_opt",
           "--title", TITLE, "--app_name", NAME,
           "--template", str(TEMPLATE), "--icon", str(icon), "--ume_block", "1"]
    if cdn:
        cmd += ["--cdn", cdn if cdn.endswith("/") else cdn + "/"]
    cmd.append(str(app_dir))
    log_path = stage_root / "pygbag.log"
    with open(log_path, "w", encoding="utf-8") as out:
        try:
            result = subprocess.run(cmd, cwd=stage_root, env=env, stdout=out, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, timeout=PYGBAG_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise SystemExit(f"build_web: pygbag did not finish in {PYGBAG_TIMEOUT_S} s"
                             f" (trying the network?); see {log_path}") from None
    text = log_path.read_text(encoding="utf-8", errors="replace")
    built = app_dir / "build" / "web"
    if result.returncode != 0 or not (built / "index.html").is_file():
        tail = "\n".join(text.splitlines()[-25:])
        raise SystemExit(f"build_web: pygbag failed (exit {result.returncode}); {log_path}:\n{tail}")
    return built


def build(out: Path, stage_root: Path | None = None, main_py: Path | None = None,
          cdn: str | None = None, make_zip: bool = False) -> Path:
    started = time.perf_counter()
    out = out.resolve()
    stage_root = (stage_root or out.parent / "stage").resolve()
    main_py = (main_py or ROOT / "main.py").resolve()
    if not main_py.is_file():
        raise SystemExit(f"build_web: {main_py} not found (use --main PATH for another entry point)")
    if not TEMPLATE.is_file():
        raise SystemExit(f"build_web: page template {TEMPLATE} missing")
    if stage_root == ROOT or ROOT.is_relative_to(stage_root):
        raise SystemExit(f"build_web: refusing to stage in {stage_root}")

    stage_root.mkdir(parents=True, exist_ok=True)
    app_dir = stage_root / NAME
    files = stage(app_dir, main_py)
    log(f"staged {len(files)} files in {app_dir}")
    icon = stage_root / "favicon.png"
    log(f"icon: {make_icon(icon)}")

    built = run_pygbag(stage_root, app_dir, icon, cdn)

    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for name in ("index.html", "favicon.png", f"{NAME}.tar.gz", f"{NAME}.apk"):
        shutil.copy2(built / name, out / name)
    if make_zip:
        zip_path = out.with_suffix(".zip")
        with zipfile.ZipFile(zip_path, "w", compression=zipfile.ZIP_STORED) as zf:
            for f in sorted(out.iterdir()):
                zf.write(f, f.name)
        log(f"wrote {zip_path} for itch.io")

    from tools.web_check import check, summary

    report = check(out)
    print(summary(report))
    log(f"done in {time.perf_counter() - started:.1f} s")
    if not report.ok:
        raise SystemExit(1)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "web", help="output folder [build/web]")
    ap.add_argument("--stage", type=Path, default=None, help="staging folder [OUT/../stage]")
    ap.add_argument("--main", type=Path, default=None, help="entry point to pack as main.py [main.py]")
    ap.add_argument("--cdn", default=None, help="pygbag runtime URL (default: pygbag's own CDN)")
    ap.add_argument("--zip", action="store_true", help="also write OUT.zip (itch.io upload)")
    args = ap.parse_args(argv)
    build(args.out, args.stage, args.main, args.cdn, args.zip)
    return 0


if __name__ == "__main__":
    sys.exit(main())
