"""What importing the first game's engine and computer-player modules costs in the browser.

    python -m tools.web.imports BUILD [BUILD...] [--rounds 4] [--cpu-slowdown 10]

Each round opens a fresh Pyodide page per build (headless Chromium, CPU slowed as a cheap
phone's, the build's archive unpacked as pygbag does: tools/web/wasm.py), imports the
modules a new game waits for that need no pygame (the engine's and the computer players'
of warmup.TABLE_PARTS, then the text record's formats the score sheet loads), in the
warm-up's order, and times each import (the engine's suit tables made before, untimed, as
the warm-up makes them in a step of their own).  Builds alternate within a round, so a noisy
machine weighs on each alike.  It prints, per build, the median of each module over the
rounds and of the total: a change to what those modules do at import (the classes they
make, the patterns they compile) shows here at a tenth of the noise of a whole page run
(`tools.web.perf`), whose start the same imports are part of.  Build each with
`--bytecode 3.12,3.14`: without the runtime's bytecode every import compiles its source.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OWN = ("game.engine", "game.ai")  # what a page without pygame can import

CODE = """
import importlib, json, time
import dataclasses, enum, hashlib, json as _json, random  # the standard library's part, loaded in both
from game.engine import cards
for _ in cards.suit_table_steps():  # made by a step of its own before these imports (the warm-up's "card tables")
    pass
per = {}
for name in NAMES:
    began = time.perf_counter()
    importlib.import_module(name)
    per[name] = (time.perf_counter() - began) * 1000
json.dumps(per)
"""


def modules() -> list[str]:
    """The modules timed, in the order the warm-up imports them."""
    from game.ui.loop import warmup

    names = [m for m in (*warmup.TABLE_PARTS, *warmup.SCORE_PARTS) if m.startswith(OWN)]
    return list(dict.fromkeys(["game.engine.rules", *names]))  # the engine's package first, as the title loads it


def measure(builds: list[str], rounds: int, slowdown: float, names: list[str]) -> dict:
    """{build: [{module: ms}, ...one per round]}"""
    from .wasm import PyodidePage

    code = f"NAMES = {names!r}\n{CODE}"
    got: dict = {b: [] for b in builds}
    for round_ in range(rounds):
        for build in builds:
            with PyodidePage(build) as page:
                if slowdown > 1:
                    page.page.context.new_cdp_session(page.page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
                raw = page.run(code)
            if raw.startswith("ERROR"):
                raise SystemExit(f"web_imports: {build}: {raw}")
            got[build].append(json.loads(raw))
            print(f"  round {round_ + 1}, {build}: {sum(got[build][-1].values()):.0f} ms", file=sys.stderr, flush=True)
    return got


def report(got: dict, names: list[str]) -> str:
    builds = list(got)
    lines = ["module".ljust(34) + "".join(f"{Path(b).parent.parent.name or b:>14}" for b in builds)]
    for name in names:
        lines.append(name.ljust(34) + "".join(f"{statistics.median(r[name] for r in got[b]):14.1f}" for b in builds))
    lines.append("total (median of the rounds' sums)".ljust(34)
                 + "".join(f"{statistics.median(sum(r.values()) for r in got[b]):14.1f}" for b in builds))
    lines.append("each round's sum".ljust(34) + "  ".join(
        "/".join(f"{sum(r.values()):.0f}" for r in got[b]) for b in builds))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("builds", nargs="+", help="build/web folders (made with --bytecode 3.12,3.14)")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--cpu-slowdown", type=float, default=10.0, help="Chromium CPU throttling (10: a cheap phone)")
    args = ap.parse_args(argv)
    if args.rounds < 1 or args.cpu_slowdown < 1:
        ap.error("--rounds must be 1 or more and --cpu-slowdown 1 or more")
    for build in args.builds:
        if not list(Path(build).glob("*.tar.gz")):
            ap.error(f"{build} holds no NAME.tar.gz: build it with python -m tools.web.build --bytecode 3.12,3.14")
    from .wasm import ensure_env

    reason = ensure_env(install=False)
    if reason:
        print(f"web_imports: {reason}", file=sys.stderr)
        return 2
    names = modules()
    print(f"{len(names)} modules, {args.rounds} rounds, CPU slowed {args.cpu_slowdown:g}x; medians in ms", flush=True)
    print(report(measure(args.builds, args.rounds, args.cpu_slowdown, names), names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
