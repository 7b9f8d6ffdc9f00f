"""Check a built web folder (build/web): what the archive holds, the page, the sizes.

    python -m tools.web.check [build/web] [--sources-kb 300] [--list]

Used by tools/web/build.py after every build and by tests/web/. Exit status 1 when a
check fails. Pure standard library.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import re
import struct
import sys
import tarfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from game.web.pygame_bytecode import SHIPPED

# Size budgets, each for one part of the archive measured on its own: the part's members
# alone in a tar gzipped at level 9, the way the archive is written. A part's size then
# does not depend on which other parts the archive holds (gzip finds the 3.14 pyc of a
# module cheap right after its 3.12 one, so in one stream the parts overlap), and the
# archive's target is the sum of the budgets of the parts it holds.
# main.py, game/ and assets/: everything but the bytecode.  The game the page carries has
# grown past its first 300 KB with online play (the protocol, the links, fair dealing),
# layouts for every screen, the handling of hostile input and the guided deal's texts in
# four languages (about 505 KB gzipped); then a screen reader's words and commands and the
# choice after a seat is named late online, in four languages (630 KB by 6 Dec 2026).
# 700 KB keeps the first load well under the runtime's own several MB while leaving about a
# tenth for what comes next; shipping the sources without their comments is the next lever.
SOURCES_KB = 700
# The bytecode (tools/web/bytecode.py) per Python version: the modules the title's first
# frame imports and those the warm-up loads for the first game (143 on 6 Dec 2026, ~656 KB
# for 3.12), ~2.4x their source once gzipped. Worth it: it saves compiling ~760 KB of
# source in the page at every start (~0.5 s of the start with the CPU slowed 4x; for the
# first game's modules one task of 100-250 ms each on a cheap phone, CPU slowed 10x),
# against ~560 KB more to download once and keep offline (the runtime is several MB).
BYTECODE_KB = {"cpython-312": 700, "cpython-314": 760}
# pygame's own modules that the start loads, as checked-hash pycs without their source
# (tools/web/bytecode.py): 13 modules, 175 KB of source compiled at every start (1.3 s of
# it with the CPU slowed 10x) against 73 KB (3.12) to download once; room for a few more.
PYGAME_BYTECODE_KB = {"cpython-312": 90, "cpython-314": 95}
PYGAME_PART = "pygame "  # + a cache tag: the part pygame's bytecode counts against
SOURCES = "sources and assets"
# Bytecode is __pycache__/MODULE.cpython-3NN.pyc next to MODULE.py, as CPython looks for it.
PYC = re.compile(r"^(?P<module>[A-Za-z_][A-Za-z0-9_]*)\.(?P<tag>cpython-3\d+)\.pyc$")
UNCHECKED_HASH_FLAGS = 0b01  # PEP 552: hash-based, the source never checked
CHECKED_HASH_FLAGS = 0b11  # PEP 552: hash-based, used only while the source has that hash
# What may be in the archive besides main.py and game/ (paths under assets/ in the tar).
RUNTIME_ASSET_SUFFIXES = {".png", ".jpg", ".jpeg", ".ogg", ".ttf", ".otf", ".json", ".txt"}
FORBIDDEN_SUFFIXES = {".wav", ".mp3", ".aiff", ".flac", ".md", ".tmpl", ".xcf", ".psd"}
PLACEHOLDER = re.compile(r"\{\{|\}\}|\{%|%\}|cookiecutter")
SW_LISTS = ("BUILD", "APP_FILES", "RUNTIME_FILES", "RUNTIME_BASES")
MANIFEST = "manifest.webmanifest"


@dataclass
class Report:
    web_dir: Path
    name: str = ""
    members: list[str] = field(default_factory=list)
    sizes: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    bytecode: dict[str, list[str]] = field(default_factory=dict)  # cache tag → sources with a pyc
    pygame: dict[str, list[str]] = field(default_factory=dict)  # cache tag → pygame's modules with a pyc
    parts: dict[str, int] = field(default_factory=dict)  # SOURCES or a cache tag → bytes on its own
    budgets: dict[str, int] = field(default_factory=dict)  # the same keys → KB
    max_kb: int = SOURCES_KB  # the archive's target: the sum of budgets

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def archive_bytes(self) -> int:
        return self.sizes.get(f"{self.name}.tar.gz", 0)

    sw: dict = field(default_factory=dict)
    offline_bytes: int = 0  # what sw.js stores from this host (the .apk only on itch.io)

    @property
    def first_load_bytes(self) -> int:
        """What the browser takes from our host on first load: page, icon, tar.gz."""
        return sum(self.sizes.get(f, 0) for f in ("index.html", "favicon.png", f"{self.name}.tar.gz"))


def service_worker_lists(web_dir: Path) -> dict:
    """The constants tools/web/build.py wrote into sw.js: BUILD, APP_FILES, RUNTIME_FILES,
    RUNTIME_BASES (ValueError when one is missing or not JSON)."""
    text = (Path(web_dir) / "sw.js").read_text(encoding="utf-8")
    found = {}
    for name in SW_LISTS:
        m = re.search(rf"^const {name} = (.+?);", text, re.M)
        if not m:
            raise ValueError(f"sw.js has no {name}")
        found[name] = json.loads(m.group(1))
    if "@@" in text:
        raise ValueError("sw.js has unfilled @@ markers")
    return found


def png_size(path: Path) -> tuple[int, int] | None:
    data = path.read_bytes()[:24]
    if len(data) < 24 or data[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", data[16:24])


def manifest_problems(web_dir: Path) -> list[str]:
    """What keeps the web app manifest from making the page installable."""
    path = web_dir / MANIFEST
    if not path.is_file():
        return [f"missing {MANIFEST}"]
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as exc:
        return [f"{MANIFEST} is not JSON: {exc}"]
    problems = [f"{MANIFEST} lacks {k}" for k in ("name", "short_name", "start_url", "display", "icons")
                if not data.get(k)]
    if data.get("display") not in ("fullscreen", "standalone", "minimal-ui", None):
        problems.append(f"{MANIFEST}: display {data.get('display')!r} is not installable")
    sizes = {}
    for icon in data.get("icons", []):
        src = web_dir / icon.get("src", "")
        real = png_size(src) if src.is_file() else None
        if real is None:
            problems.append(f"{MANIFEST}: icon {icon.get('src')} missing or not a PNG")
            continue
        if f"{real[0]}x{real[1]}" != icon.get("sizes"):
            problems.append(f"{MANIFEST}: icon {icon['src']} is {real[0]}x{real[1]}, not {icon.get('sizes')}")
        for purpose in icon.get("purpose", "any").split():
            sizes.setdefault(purpose, set()).add(real)
    for purpose in ("any", "maskable"):
        if not {(192, 192), (512, 512)} <= sizes.get(purpose, set()):
            problems.append(f"{MANIFEST}: needs 192 and 512 px icons for purpose {purpose}")
    return problems


def archive_name(web_dir: Path) -> str:
    found = sorted(p.name[: -len(".tar.gz")] for p in web_dir.glob("*.tar.gz"))
    if len(found) != 1:
        raise FileNotFoundError(f"expected one NAME.tar.gz in {web_dir}, found {found}")
    return found[0]


def member_problem(path: str) -> str | None:
    """Why an archive member should not be there (None: it belongs)."""
    parts = PurePosixPath(path).parts
    if not parts or parts[0] != "assets":
        return "outside assets/"
    rel = parts[1:]
    if not rel:
        return None
    if any(p.startswith(".") for p in rel):
        return "hidden file or folder"
    if any(p in ("tests", "test", "build", "tools") for p in rel[:-1]) or rel[:2] == ("assets", "web"):
        return "tests, tools or web template folder"
    if rel[:2] == ("game", "arena"):
        return "the research arena (never imported by the game)"
    suffix = PurePosixPath(path).suffix.lower()
    if rel[0] == SHIPPED:
        if rel[1:2] != ("pygame",) or rel[-2:-1] != ("__pycache__",) or not PYC.match(rel[-1]):
            return f"not bytecode of pygame's ({SHIPPED}/pygame/.../__pycache__/MODULE.cpython-3NN.pyc)"
        return None
    if "__pycache__" in rel[:-1] or suffix in (".pyc", ".pyo"):
        if rel[-2:-1] != ("__pycache__",) or not PYC.match(rel[-1]):
            return "bytecode not named __pycache__/MODULE.cpython-3NN.pyc"
        return None  # check() pairs it with its source
    if suffix in FORBIDDEN_SUFFIXES:
        return f"{suffix} file"
    if rel == ("main.py",):
        return None
    if rel[0] == "game":
        if suffix == ".py" or suffix in RUNTIME_ASSET_SUFFIXES:
            return None
        return f"unexpected file type {suffix or '(none)'} inside game/"
    if rel[0] == "assets":
        if suffix in RUNTIME_ASSET_SUFFIXES:
            return None
        return f"unexpected asset type {suffix or '(none)'}"
    if rel[0] == "pygbag.ini":
        return "pygbag.ini"
    return "not main.py, game/ or assets/"


def is_pygames(name: str) -> bool:
    """Whether an archive member is shipped for pygame's package, not the game's."""
    return PurePosixPath(name).parts[1:2] == (SHIPPED,)


def part_of(name: str) -> str:
    """The budget an archive member counts against: its cache tag (PYGAME_PART + the tag
    for pygame's), or SOURCES."""
    path = PurePosixPath(name)
    found = PYC.match(path.name) if path.parent.name == "__pycache__" else None
    if not found:
        return SOURCES
    return PYGAME_PART + found["tag"] if is_pygames(name) else found["tag"]


def part_budget(part: str, sources_kb: int = SOURCES_KB) -> int | None:
    """A part's budget in KB (None: no budget for that version)."""
    if part == SOURCES:
        return sources_kb
    if part.startswith(PYGAME_PART):
        return PYGAME_BYTECODE_KB.get(part[len(PYGAME_PART):])
    return BYTECODE_KB.get(part)


def part_sizes(tar_path: Path) -> dict[str, int]:
    """Each part's members (archive order) alone in a tar gzipped at level 9: its size."""
    parts: dict[str, list[tuple[tarfile.TarInfo, bytes]]] = {}
    with tarfile.open(tar_path, "r:gz") as tar:
        for member in tar.getmembers():
            if member.isfile():
                parts.setdefault(part_of(member.name), []).append((member, tar.extractfile(member).read()))
    sizes = {}
    for part, members in parts.items():
        raw = io.BytesIO()
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as gz, \
                tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tar:
            for member, data in members:
                tar.addfile(member, io.BytesIO(data))
        sizes[part] = len(raw.getvalue())
    return sizes


def check(web_dir: Path | str, sources_kb: int = SOURCES_KB) -> Report:
    """Check web_dir; sources_kb: the budget of the sources and assets."""
    web_dir = Path(web_dir)
    report = Report(web_dir)
    try:
        report.name = archive_name(web_dir)
    except FileNotFoundError as exc:
        report.problems.append(str(exc))
        return report
    for f in sorted(web_dir.iterdir()):
        if f.is_file():
            report.sizes[f.name] = f.stat().st_size

    for required in ("index.html", "favicon.png", f"{report.name}.tar.gz", f"{report.name}.apk"):
        if required not in report.sizes:
            report.problems.append(f"missing {required}")

    tar_path = web_dir / f"{report.name}.tar.gz"
    with tarfile.open(tar_path, "r:gz") as tar:
        names = [m.name for m in tar.getmembers() if m.isfile()]
    report.members = sorted(names)
    for name in names:
        why = member_problem(name)
        if why:
            report.problems.append(f"archive member {name}: {why}")
    pycs, pygame_pycs = {}, {}
    with tarfile.open(tar_path, "r:gz") as tar:
        for name in names:
            path = PurePosixPath(name)
            found = PYC.match(path.name) if path.parent.name == "__pycache__" else None
            if not found:
                continue
            source = (path.parent.parent / f"{found['module']}.py").as_posix()
            header = tar.extractfile(name).read(16)
            flags = struct.unpack("<I", header[4:8])[0] if len(header) == 16 else None
            if is_pygames(name):
                # pygame's: the runtime's own source is the one checked, so none ships
                if source in names:
                    report.problems.append(f"archive member {source}: pygame's source shipped with its bytecode")
                if flags != CHECKED_HASH_FLAGS:
                    report.problems.append(f"archive member {name}: pygame's bytecode not a checked-hash pyc"
                                           f" (PEP 552)")
                module = PurePosixPath(source).relative_to(f"assets/{SHIPPED}").as_posix()
                pygame_pycs.setdefault(found["tag"], []).append(module)
                continue
            if source not in names:
                report.problems.append(f"archive member {name}: bytecode without its source {source}")
            elif flags != UNCHECKED_HASH_FLAGS:
                report.problems.append(f"archive member {name}: not an unchecked-hash pyc (PEP 552)")
            pycs.setdefault(found["tag"], []).append(source)
    report.bytecode = {tag: sorted(sources) for tag, sources in sorted(pycs.items())}
    report.pygame = {tag: sorted(modules) for tag, modules in sorted(pygame_pycs.items())}
    if "assets/main.py" not in names:
        report.problems.append("archive lacks assets/main.py")
    if "assets/game/__init__.py" not in names:
        report.problems.append("archive lacks the game package (assets/game/__init__.py)")

    apk = web_dir / f"{report.name}.apk"
    if apk.is_file():
        with zipfile.ZipFile(apk) as zf:
            zipped = sorted(i.filename for i in zf.infolist() if not i.is_dir())
        if zipped != report.members:
            report.problems.append(".apk (zip for itch.io) and .tar.gz hold different files")

    page = web_dir / "index.html"
    if page.is_file():
        html = page.read_text(encoding="utf-8")
        for lineno, line in enumerate(html.splitlines(), 1):
            if PLACEHOLDER.search(line):
                report.problems.append(f"index.html:{lineno}: unsubstituted placeholder: {line.strip()[:80]}")
        if f'"{report.name}"' not in html:
            report.problems.append("index.html does not name the archive")
        if "pythons.js" not in html:
            report.problems.append("index.html does not load the pygbag runtime (pythons.js)")

    problems = manifest_problems(web_dir)
    report.problems += problems
    try:
        report.sw = service_worker_lists(web_dir)
    except (OSError, ValueError) as exc:
        report.problems.append(f"sw.js: {exc}")
    if report.sw:
        local = [f for f in report.sw["APP_FILES"] + report.sw["RUNTIME_FILES"] if "://" not in f]
        absent = [f for f in local if not (web_dir / f).is_file()]
        if absent:
            report.problems.append(f"sw.js and the page request {len(absent)} files this folder lacks: "
                                   + ", ".join(absent))
        report.offline_bytes = sum((web_dir / f).stat().st_size for f in local
                                   if f not in absent and not f.endswith(".apk"))
        if page.is_file() and 'rel="manifest"' not in html:
            report.problems.append("index.html does not link the manifest")

    report.parts = dict(sorted(part_sizes(tar_path).items(), key=lambda kv: (kv[0] != SOURCES, kv[0])))
    for part, size in report.parts.items():
        budget = part_budget(part, sources_kb)
        if budget is None:
            report.problems.append(f"bytecode {part}: no size budget for this version"
                                   f" (tools.web.check.BYTECODE_KB, PYGAME_BYTECODE_KB)")
            continue
        report.budgets[part] = budget
        if size > budget * 1024:
            report.problems.append(f"{'' if part == SOURCES else 'bytecode '}{part}: {size} B on their own,"
                                   f" over the {budget} KB budget")
    report.max_kb = sum(report.budgets.values())
    if report.archive_bytes > report.max_kb * 1024:
        report.problems.append(f"archive {report.archive_bytes} B is over the {report.max_kb} KB target"
                               f" (the budgets of its parts: {', '.join(f'{p} {b} KB' for p, b in report.budgets.items())})")
    return report


def summary(report: Report) -> str:
    lines = [f"{report.web_dir}:"]
    for name, size in report.sizes.items():
        lines.append(f"  {name:<28} {size:>9,d} B")
    lines.append(f"  archive: {len(report.members)} files, {report.archive_bytes / 1024:.1f} KB"
                 f" (target < {report.max_kb} KB)")
    for part, size in report.parts.items():
        if part == SOURCES:
            what = f"{part}:"
        elif part.startswith(PYGAME_PART):
            what = f"bytecode {part}: {len(report.pygame.get(part[len(PYGAME_PART):], []))} modules,"
        else:
            what = f"bytecode {part}: {len(report.bytecode.get(part, []))} modules,"
        budget = report.budgets.get(part)
        lines.append(f"    {what} {size / 1024:.1f} KB on their own"
                     + (f" (budget {budget} KB)" if budget is not None else " (no budget)"))
    if SOURCES in report.parts and not report.bytecode:
        lines.append("    no bytecode: the runtime compiles the source at each start")
    lines.append(f"  first load from this host (page + icon + archive): {report.first_load_bytes / 1024:.1f} KB")
    if report.sw:
        remote = [f for f in report.sw["RUNTIME_FILES"] if "://" in f]
        lines.append(f"  offline cache (sw.js, build {report.sw['BUILD']}): {report.offline_bytes / 1024:.1f} KB from"
                     f" this folder" + (f" + {len(remote)} runtime files from {report.sw['RUNTIME_BASES'][-1]}"
                                        if remote else " (runtime included: no other site)"))
    for problem in report.problems:
        lines.append(f"  PROBLEM: {problem}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("web_dir", nargs="?", default="build/web")
    ap.add_argument("--sources-kb", "--max-kb", type=int, default=SOURCES_KB,
                    help=f"budget of the sources and assets, gzipped on their own [{SOURCES_KB}]")
    ap.add_argument("--list", action="store_true", help="list the archive's files")
    args = ap.parse_args(argv)
    report = check(args.web_dir, args.sources_kb)
    print(summary(report))
    if args.list:
        print("\n".join(f"    {m}" for m in report.members))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
