"""The game's command line: ``three-five-eight`` (installed) and ``python -m game``.

    three-five-eight [lang=pl] [--rules blato] [--seed 7] [--strength hard]
    three-five-eight --smoke-frames 30     # headless check: run 30 frames, print a report

The options are main.py's (``game.web.params``: ``key=value``, ``--key value`` or
``G358_KEY`` variables; bad values are ignored with a message).  ``--smoke-frames N`` runs
the title and a new game for N frames with a throw-away save folder, loads every sound,
prints a JSON report of where the package, fonts, sounds and icon came from, and exits 1
if any of them fell back (missing) — the packaging tests and ``make dist-check`` use it.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
import time

USAGE = """usage: three-five-eight [lang=CODE] [--rules NAME] [--seed N] [--strength LEVEL]
                        [--record FILE | record=CODE]
                        [--smoke-frames N] [--version] [--help]

3-5-8 (Sergeant Major, Blato): the three-player trick-taking card game.

  lang=en|pl|ru|bg                      language of this session
  --rules standard|blato|classic        rules preset for a new game
  --seed N                              seed of the first new game (reproducible deal)
  --strength random|easy|normal|hard|expert  computer opponents
  --record FILE, record=CODE            open a game record (or share code) in the replay viewer
  --smoke-frames N                      headless check: run N frames, print where the
                                        assets came from (JSON), exit 1 if any is missing
Each option can also be written key=value or --key=value, or set as G358_LANG etc.
"""


def version() -> str:
    try:
        from importlib.metadata import version as dist_version

        return dist_version("three-five-eight")
    except Exception:  # a checkout that was never installed
        return "unknown"


def _smoke_frames(argv: list[str]) -> tuple[int | None, list[str]]:
    """Take ``--smoke-frames N`` (or ``=N``) out of argv; raise ValueError when N is bad."""
    rest, frames, i = [], None, 0
    while i < len(argv):
        item = argv[i]
        if item == "--smoke-frames" or item.startswith("--smoke-frames="):
            if "=" in item:
                value = item.split("=", 1)[1]
            elif i + 1 < len(argv):
                i += 1
                value = argv[i]
            else:
                value = ""
            if not value.isdigit() or not 1 <= int(value) <= 100_000:
                raise ValueError(f"--smoke-frames needs a number of frames (1-100000), not {value!r}")
            frames = int(value)
        else:
            rest.append(item)
        i += 1
    return frames, rest


async def play(params: dict) -> None:
    """The game in a window until the player quits."""
    import pygame

    from game import perf
    from game.ui.app import App

    perf.enable_from_launch()  # G358_PERF=1 (or a .json path) records frame timings
    app = App(params=params)
    await app.run()
    pygame.quit()


async def smoke(params: dict, frames: int) -> dict:
    """Run the title, then a new game, for ``frames`` frames; report where the assets came from."""
    import pygame

    import game
    from game import i18n, resources
    from game.ui.app import App
    from game.ui.sound import NAMES, Sounds

    with tempfile.TemporaryDirectory(prefix="358-smoke-") as data:
        app = App(params=params, storage_dir=data, settings={"speed": "instant"})
        language = i18n.language()  # lang= applied (a new game keeps it)
        for frame in range(frames):  # paced like App.run: 60 frames a second
            start = time.perf_counter()
            if frame == frames // 2:
                app.games.start()
            app.step()
            await asyncio.sleep(max(0.0, 1 / 60 - (time.perf_counter() - start)))
        sounds = Sounds(enabled=True)
        sounds.preload()
        loaded = resources.loaded()
        report = {
            "version": version(),
            "frames": app.frames,
            "scene": app.scene_name,
            "language": language,
            "fatal": app.fatal,
            "package": str(game.__path__[0]),
            "assets": {"origin": resources.origin(), "dir": str(resources.root())},
            "fonts": {k.split(":", 1)[1]: v for k, v in loaded.items() if k.startswith("font:")},
            "sounds": {name: loaded.get(f"sound:{name}") for name in NAMES},
            "video": pygame.display.get_driver(),  # "x11", "wayland", ... or "dummy" headless
            "mixer": sounds.available,
            "icon": resources.asset_path("icon-32.png") or None,
        }
        pygame.quit()
    return report


def smoke_ok(report: dict) -> bool:
    """Every font, sound and the icon loaded from a real file, and no fatal error."""
    files = [*report["fonts"].values(), *report["sounds"].values(), report["icon"]]
    return (report["fatal"] is None and report["assets"]["origin"] != "missing"
            and len(report["fonts"]) == 2 and all(files))


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``three-five-eight`` command; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep stdout for the game's own lines
    if any(a in ("-h", "--help") for a in argv):
        print(USAGE, end="")
        return 0
    if "--version" in argv:
        print(f"three-five-eight {version()}")
        return 0
    try:
        frames, argv = _smoke_frames(argv)
    except ValueError as exc:
        print(f"three-five-eight: {exc}", file=sys.stderr)
        return 2
    from game.web.params import read_launch_params, read_launch_record

    params = read_launch_params(argv)
    record = read_launch_record(argv)  # --record FILE or record=CODE opens the replay viewer
    if record:
        params["record"] = record
    try:
        if frames is None:
            asyncio.run(play(params))
            return 0
        report = asyncio.run(smoke(params, frames))
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # SDL's errors (no display...): one clear line
        import pygame

        if not isinstance(exc, pygame.error):  # anything else is a bug worth its traceback
            raise
        print(f"three-five-eight: cannot start the game: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 0 if smoke_ok(report) else 1


if __name__ == "__main__":
    sys.exit(main())
