"""Build the browser version: build/web/ (index.html, NAME.tar.gz, NAME.apk, favicon.png,
the web app manifest and icons, sw.js; with --vendor-runtime also runtime/).

    python -m tools.web.build [--out build/web] [--zip] [--main PATH]
                              [--cdn URL | --vendor-runtime DIR] [--bytecode 3.12[,3.14]|none]

(`make web` runs this.) The build works offline and never touches the source tree:

1. A clean staging copy is made in STAGE/NAME (default build/stage/three-five-eight)
   holding exactly what the game needs at run time: main.py, game/ (no tests, caches or
   hidden files) and assets/ (no .wav, no web template, no hidden files). The modules the
   title's first frame needs are compiled there to bytecode for the page's Python (3.12;
   with --bytecode 3.12,3.14 also for the webcheck harness's 3.14) by a pinned
   interpreter the build fetches into its cache (build/cache) the first time; where it
   cannot be had the build says so and ships no bytecode for that version. See
   tools/web/bytecode.py and docs/WEB_BUILD.md.
2. pygbag packs that folder (--build) with this project's page template
   (assets/web/index.tmpl) and icon (assets/icon.png, or a generated one while the art is
   missing), so it never fetches either from its CDN. pygbag runs with the staging
   folder's parent as its working directory (where it reads pygbag.ini) and with `black`
   hidden from it (it would reformat the sources it packs).
3. Its two archives are written again (`pack_archives`) with the bytecode added (pygbag
   leaves out .pyc files) and everything that could differ between machines taken out:
   members sorted by name, fixed times and modes, no build time in the gzip header. The
   same sources and the same pinned interpreters give the same bytes anywhere, so the
   same build id. They are copied to OUT with the app files that make the page installable
   and playable offline: manifest.webmanifest and icons (tools/web/pwa_icons.py) and sw.js, the
   service worker (assets/web/sw.js with this build's id and file lists filled in); and the
   page's own scripts (PAGE_FILES: online play's p2p.js and its vendored library, the
   screen readers' access.js).
4. With --vendor-runtime DIR, pygbag's runtime files are copied from DIR (a copy of
   pygbag's CDN folder: 0.9.3/..., index-0.9.3-cp312.json, cp312/...) into OUT/runtime/ and
   the page loads them from there: no request leaves the site. Missing files stop the
   build with the list of what is missing.
5. OUT is checked (tools/web/check.py): archive contents, template placeholders, the
   size budgets (the sources and assets, and each bytecode version shipped, each on its
   own), every file the page and sw.js name is there.

NAME.tar.gz is what the page loads; NAME.apk is the same files as a zip, which the page
loads instead on itch.io (whose CDN unpacks .gz files on the way). --zip also writes
OUT.zip (e.g. build/web.zip) ready to upload to itch.io.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

from tools.web import bytecode as web_bytecode

ROOT = Path(__file__).resolve().parents[2]
NAME = "three-five-eight"
TITLE = "3-5-8"
TEMPLATE = ROOT / "assets" / "web" / "index.tmpl"
ICON = ROOT / "assets" / "icon.png"
ICON_SIZE = 64
PYGBAG_TIMEOUT_S = 300
SW_TEMPLATE = ROOT / "assets" / "web" / "sw.js"
# Files the page loads beside index.html (online play's WebRTC shim and the rendezvous
# library it loads on first use, with its licence; fair dealing's glue and the noble-curves
# bundle it imports, with its licence; the screen readers' mirror of the game), copied as
# they are and cached by sw.js.
PAGE_FILES = ("p2p.js", "vendor/trystero-nostr.js", "vendor/LICENSE-trystero.txt",
              "vendor/qrcode-generator.js", "vendor/LICENSE-qrcode-generator.txt",  # QR codes (game/ui/online/qr.py)
              "fair.js", "noble-ed25519.min.js", "noble-LICENSE.txt",
              "access.js")  # docs/ACCESSIBILITY.md

# pygbag 0.9.3's runtime, laid out as on its CDN. The loader (pythons.js) asks for the
# interpreter under CDN/VERSION/ and its package index and wheels under CDN/ (cpythonrc.py
# and aio/pep0723.py); the page maps the latter to the folder above its runtime.
RUNTIME_VERSION = "0.9.3"
PYDIGITS = "312"
DEFAULT_PACKAGES = "https://pygame-web.github.io/cdn/"
DEFAULT_CDN = f"{DEFAULT_PACKAGES}{RUNTIME_VERSION}/"
INDEX_JSON = f"index-{RUNTIME_VERSION}-cp{PYDIGITS}.json"
WHEEL_API = "wasm32_bi_emscripten"  # the interpreter's HOST_GNU_TYPE, as pep0723 spells it
DEFAULT_WHEEL = f"cp{PYDIGITS}/pygame_ce-2.5.7.dev1-cp{PYDIGITS}-cp{PYDIGITS}-{WHEEL_API}.whl"
INTERPRETER_FILES = ("pythons.js", "cpythonrc.py", "empty.ogg", f"cpython{PYDIGITS}/main.js",
                     f"cpython{PYDIGITS}/main.wasm", f"cpython{PYDIGITS}/main.data")
VENDOR_DIR = "runtime"

# What the staging copy leaves out (besides hidden files and folders, always left out).
SKIP_DIRS = {"__pycache__", "tests", "test", "build", "dist"}
# the page template (used by pygbag, not by the game) and the research arena (matches,
# tuning, the oracle: nothing the game imports)
SKIP_PATHS = {("assets", "web"), ("game", "arena"),
              ("game", "ui", "online", "loop_net.py")}  # in-memory links: the tests and the layout check only
SKIP_SUFFIXES = {".pyc", ".pyo", ".wav", ".mp3", ".aiff", ".flac", ".md", ".xcf", ".psd",
                 ".kra", ".blend", ".tmpl", ".orig", ".rej", ".swp"}

PYGBAG_INI = """\
; written by tools/web/build.py: the staging folder already holds only what the game
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
    return path.suffix.lower() not in SKIP_SUFFIXES and rel.parts not in SKIP_PATHS


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
    files += copy_tree(ROOT / "game", app_dir / "game", top=ROOT)  # top=ROOT: SKIP_PATHS by path
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


def _archive_members(built: Path) -> dict[str, bytes]:
    """The files pygbag packed, by archive name; its .tar.gz and .apk must agree."""
    with tarfile.open(built / f"{NAME}.tar.gz", "r:gz") as tar:
        packed = {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}
    with zipfile.ZipFile(built / f"{NAME}.apk") as zf:
        zipped = {i.filename: zf.read(i) for i in zf.infolist() if not i.is_dir()}
    if packed != zipped:
        raise SystemExit(f"build_web: pygbag's {NAME}.tar.gz and {NAME}.apk hold different files"
                         f" ({sorted(set(packed) ^ set(zipped))[:5]} ...)")
    return packed


def pack_archives(members: dict[str, bytes], tar_gz: Path, apk: Path) -> None:
    """Write the page's two archives from members (archive name → bytes) so that nothing
    but the members decides their bytes: sorted names, mode 644, time 0 (1980 in the zip,
    its earliest), owner 0, no name or time in the gzip header, compression level 9."""
    names = sorted(members)
    with open(tar_gz, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9,
                                                  mtime=0) as gz:
        with tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tar:
            for name in names:
                info = tarfile.TarInfo(name)
                info.size, info.mode, info.mtime = len(members[name]), 0o644, 0
                tar.addfile(info, io.BytesIO(members[name]))
    with zipfile.ZipFile(apk, "w") as zf:
        for name in names:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type, info.create_system, info.external_attr = zipfile.ZIP_DEFLATED, 3, 0o644 << 16
            zf.writestr(info, members[name], compresslevel=9)


def runtime_files(wheel: str = DEFAULT_WHEEL) -> list[str]:
    """Every runtime file the page requests, as paths in pygbag's CDN layout."""
    return [f"{RUNTIME_VERSION}/{f}" for f in INTERPRETER_FILES] + [INDEX_JSON, wheel]


def wheel_from_index(index: Path) -> str:
    """The pygame-ce wheel the runtime will ask for, as the package index names it."""
    try:
        entries = json.loads(index.read_text(encoding="utf-8"))
        pattern = entries["pygame"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise SystemExit(f"build_web: {index} is not pygbag's package index with a pygame entry ({exc})") from None
    return pattern.replace("<abi>", f"cp{PYDIGITS}").replace("<api>", WHEEL_API)


def vendor_plan(source: Path) -> list[str]:
    """The runtime files to copy from source (a copy of pygbag's CDN folder), in its layout.
    Stops with the list of what is missing, before anything is built."""
    source = source.resolve()
    if not source.is_dir():
        raise SystemExit(f"build_web: --vendor-runtime {source}: no such folder")
    index = source / INDEX_JSON
    wheel = wheel_from_index(index) if index.is_file() else DEFAULT_WHEEL
    wanted = runtime_files(wheel)
    missing = [f for f in wanted if not (source / f).is_file()]
    if missing:
        raise SystemExit(
            f"build_web: --vendor-runtime {source} lacks {len(missing)} of the {len(wanted)} files"
            f" the page will request:\n" + "\n".join(f"  missing: {f}" for f in missing)
            + f"\n(the folder is a copy of pygbag's CDN, {DEFAULT_PACKAGES}: {RUNTIME_VERSION}/..., "
            f"{INDEX_JSON}, cp{PYDIGITS}/...; see README, Web, Self-host the runtime)")
    return wanted


def vendor_runtime(source: Path, wanted: list[str], out: Path) -> list[str]:
    """Copy the planned runtime files to out/runtime/; returns their paths under out."""
    for f in wanted:
        target = out / VENDOR_DIR / f
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source / f, target)
    return [f"{VENDOR_DIR}/{f}" for f in wanted]


def write_service_worker(out: Path, app_files: list[str], runtime: list[str], bases: list[str]) -> str:
    """Write out/sw.js for this build; returns the build id (a hash of what it serves)."""
    digest = hashlib.sha256()
    for name in sorted(app_files):
        digest.update(name.encode() + b"\0" + (out / name).read_bytes())
    digest.update("\n".join(runtime + bases).encode())
    digest.update(SW_TEMPLATE.read_bytes())
    build_id = digest.hexdigest()[:16]
    text = SW_TEMPLATE.read_text(encoding="utf-8")
    for marker, value in (("@@BUILD@@", build_id), ("@@APP_FILES@@", json.dumps(app_files)),
                          ("@@RUNTIME_FILES@@", json.dumps(runtime)), ("@@RUNTIME_BASES@@", json.dumps(bases))):
        if marker not in text:
            raise SystemExit(f"build_web: {SW_TEMPLATE} lacks {marker}")
        text = text.replace(marker, value)
    (out / "sw.js").write_text(text, encoding="utf-8")
    return build_id


def run_pygbag(stage_root: Path, app_dir: Path, icon: Path, cdn: str) -> Path:
    """pygbag --build on app_dir; returns app_dir/build/web. Output goes to a log file."""
    (stage_root / "pygbag.ini").write_text(PYGBAG_INI, encoding="utf-8")
    # pygbag imports black if it can and then reformats every source in place.
    noblack = stage_root / "_noblack"
    noblack.mkdir(exist_ok=True)
    (noblack / "black.py").write_text('raise ImportError("black is hidden from pygbag by tools/web/build.py")\n')
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(noblack), env.get("PYTHONPATH")]))
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    cmd = [sys.executable, "-m", "pygbag", "--build", "--no_opt",
           "--title", TITLE, "--app_name", NAME,
           "--template", str(TEMPLATE), "--icon", str(icon), "--ume_block", "1", "--cdn", cdn, str(app_dir)]
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
          cdn: str | None = None, make_zip: bool = False, vendor: Path | None = None,
          bytecode: tuple[str, ...] = web_bytecode.DEFAULT_VERSIONS, cache: Path | None = None) -> Path:
    """Build the page into out (see the module's text); bytecode: the Python versions to
    compile the start for; cache: where the pinned interpreters are kept [build/cache]."""
    started = time.perf_counter()
    if cdn and vendor:
        raise SystemExit("build_web: --cdn and --vendor-runtime exclude each other")
    vendored = vendor_plan(vendor) if vendor else []
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
    pycs = web_bytecode.make(app_dir, bytecode, log, cache)
    icon = stage_root / "favicon.png"
    log(f"icon: {make_icon(icon)}")

    if cdn:
        cdn = cdn if cdn.endswith("/") else cdn + "/"
    page_cdn = f"{VENDOR_DIR}/{RUNTIME_VERSION}/" if vendor else (cdn or DEFAULT_CDN)
    built = run_pygbag(stage_root, app_dir, icon, page_cdn)
    members = _archive_members(built)
    members.update({"assets/" + p.relative_to(app_dir).as_posix(): p.read_bytes() for p in pycs})

    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    app_files = ["index.html", "favicon.png", f"{NAME}.tar.gz", f"{NAME}.apk"]
    for name in app_files[:2]:
        shutil.copy2(built / name, out / name)
    pack_archives(members, out / f"{NAME}.tar.gz", out / f"{NAME}.apk")
    for name in PAGE_FILES:
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(TEMPLATE.parent / name, out / name)
    app_files += list(PAGE_FILES)

    from tools.web.pwa_icons import write_app_files

    app_files += write_app_files(out)
    if vendor:
        runtime = vendor_runtime(vendor.resolve(), vendored, out)
        bases = [f"{VENDOR_DIR}/"]
        log(f"runtime: {len(runtime)} files from {vendor} in {out / VENDOR_DIR}"
            f" ({sum((out / f).stat().st_size for f in runtime) / 1e6:.1f} MB)")
    else:
        packages = page_cdn.rsplit("/", 2)[0] + "/"  # the folder above the versioned one
        runtime = [page_cdn + f for f in INTERPRETER_FILES] + [packages + INDEX_JSON, packages + DEFAULT_WHEEL]
        bases = [page_cdn, packages]
    log(f"service worker: build {write_service_worker(out, app_files, runtime, bases)},"
        f" {len(app_files)} page files and {len(runtime)} runtime files cached")
    if make_zip:
        zip_path = out.with_suffix(".zip")
        with zipfile.ZipFile(zip_path, "w", compression=zipfile.ZIP_STORED) as zf:
            for f in sorted(p for p in out.rglob("*") if p.is_file()):
                zf.write(f, f.relative_to(out).as_posix())
        log(f"wrote {zip_path} for itch.io")

    from tools.web.check import check, summary

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
    ap.add_argument("--cdn", default=None, help=f"pygbag runtime URL, a mirror of {DEFAULT_CDN} (its"
                    f" package index and wheels one folder up) [pygbag's CDN]")
    ap.add_argument("--vendor-runtime", type=Path, default=None, metavar="DIR",
                    help="copy pygbag's runtime from DIR (a copy of its CDN folder) into OUT/runtime/"
                         " and load it from there: the page then needs no other site")
    ap.add_argument("--zip", action="store_true", help="also write OUT.zip (itch.io upload)")
    ap.add_argument("--bytecode", default=",".join(web_bytecode.DEFAULT_VERSIONS), metavar="VERSIONS",
                    help="Python versions to ship the start's bytecode for, comma-separated, or none:"
                         " 3.12 is the page's, 3.14 the webcheck harness's"
                         f" [{','.join(web_bytecode.DEFAULT_VERSIONS)}]")
    ap.add_argument("--cache", type=Path, default=None, metavar="DIR",
                    help=f"where the pinned interpreters are fetched and kept [{web_bytecode.CACHE_ENV} or build/cache]")
    args = ap.parse_args(argv)
    versions = tuple(v.strip() for v in args.bytecode.split(",") if v.strip() not in ("", "none"))
    unknown = [v for v in versions if v not in web_bytecode.VERSIONS]
    if unknown:
        ap.error(f"--bytecode: {', '.join(unknown)} not among {', '.join(web_bytecode.VERSIONS)}")
    build(args.out, args.stage, args.main, args.cdn, args.zip, args.vendor_runtime, versions, args.cache)
    return 0


if __name__ == "__main__":
    sys.exit(main())
