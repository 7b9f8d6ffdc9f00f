"""Screenshots of pass-and-play, natively (headless) and in the browser build:

    python -m tools.shots.pass_and_play --out /tmp/shots                       # native
    python -m tools.shots.pass_and_play --web build/web --wheel WHEEL --out DIR  # webcheck

Both click through the real scenes: the new-game screen with two seats played by people,
the "pass the device" cover, the first person's table, the cover for the second person and
their table (drawn from their seat), and the deal result naming everybody.  The browser run
uses ../shared/webcheck (headless Chromium, Pyodide, the pygame-ce WebAssembly wheel; keep
the wheel outside the repository).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
NAMES = ["Ann", "Bo", "Cy"]


# --- native ---------------------------------------------------------------------------
def native(out: Path, lang: str, seed: int) -> list[str]:
    import pygame

    from game.ui.app import App
    from game.ui.autopilot import Autopilot, post_click, post_key

    app = App(size=(1280, 720), storage_dir=tempfile.mkdtemp(prefix="358pp-"),
              settings={"language": lang, "speed": "fast", "strength": "random", "sound": False})
    pilot = Autopilot(app, seed=seed)
    written = []

    def shot(name):
        app.painter.key = None
        app.step(dt=1 / 60)
        path = out / f"{name}.png"
        pygame.image.save(app.window, str(path))
        written.append(str(path))

    def run(stop, frames=20000):
        if not pilot.run(until="game_over", max_frames=frames, stop=stop):
            raise SystemExit(f"pass_and_play_shots: stuck in {app.scene_name}")

    app.step(dt=1 / 60)
    app.push_scene("new_game")
    app.step(dt=1 / 60)
    app.scene.names = list(NAMES)
    app.scene.set_option("deals", 3)  # a short game
    for w in app.scene.widgets:
        if w.name == "seat_1":
            post_click(app, w.rect.center)
    app.step(dt=1 / 60)
    shot("01-new-game-two-people")
    pilot.click("start")
    run(lambda a: a.scene_name == "handover")
    first = app.scene.seat
    shot("02-handover-cover")
    post_key(pygame.K_RETURN)
    run(lambda a: getattr(a.scene, "table", None) is not None and a.scene.name != "handover" and a.scene.my_turn())
    shot("03-pass-and-play-table")
    run(lambda a: a.scene_name == "handover" and a.scene.seat != first)
    shot("04-handover-second-person")
    post_key(pygame.K_RETURN)
    run(lambda a: getattr(a.scene, "table", None) is not None and a.scene.name != "handover" and a.scene.my_turn())
    shot("05-second-person-table")
    run(lambda a: a.scene_name == "score")
    shot("06-deal-result-named")
    return written


# --- browser (webcheck) ---------------------------------------------------------------
DRIVE = '''
import pygame
def _pp_play(stop):
    """One random legal click through the real UI (covers accepted), True once stop()."""
    from game.ui.autopilot import Autopilot
    app = main.APP
    if stop(app):
        return True
    global _PP_PILOT
    try:
        _PP_PILOT
    except NameError:
        _PP_PILOT = Autopilot(app, seed=5)
    if app.scene_name != "handover":
        _PP_PILOT.decide()
    return False
def _pp_table(app):
    s = app.scene
    return getattr(s, "table", None) is not None and s.name != "handover" and s.my_turn()
'''


def web_steps() -> list[dict]:
    from tools.web.wasm import driver_source

    started = "getattr(main, 'APP', None) is not None and main.APP.frames > 5"
    return [
        {"until": started, "timeout": 120},
        {"wait": 1.0},
        {"py": driver_source() + DRIVE + "\n'driver ready'"},
        {"py": "main.APP.push_scene('new_game') or main.APP.scene_name"},
        {"wait": 0.5},
        {"py": f"setattr(main.APP.scene, 'names', {NAMES!r}) or main.APP.scene.set_option('deals', 3) or main._web_press('seat_1')"},
        {"wait": 0.8},
        {"shot": "web-01-new-game-two-people"},
        {"py": "main._web_press('start')"},
        {"until": "_pp_play(lambda a: a.scene_name == 'handover')", "timeout": 120},
        {"wait": 0.8},
        {"shot": "web-02-handover-cover"},
        {"py": "globals().__setitem__('_PP_FIRST', main.APP.scene.seat) or _PP_FIRST"},
        {"key": "return"},
        {"until": "_pp_play(_pp_table)", "timeout": 120},
        {"wait": 1.0},
        {"shot": "web-03-pass-and-play-table"},
        {"until": "_pp_play(lambda a: a.scene_name == 'handover' and a.scene.seat != _PP_FIRST)", "timeout": 240},
        {"wait": 0.8},
        {"shot": "web-04-handover-second-person"},
        {"key": "return"},
        {"until": "_pp_play(_pp_table)", "timeout": 120},
        {"wait": 1.0},
        {"shot": "web-05-second-person-table"},
        {"py": "main.APP.scene_name, main.APP.scene.table.human, main.APP.scene.session.human_seats, main.APP.scene.session.names"},
    ]


def web(build: str, wheel: str, out: Path) -> int:
    from tools.web.wasm import webcheck_run_py

    if not wheel or not Path(wheel).is_file():
        sys.exit("pass_and_play_shots: --wheel PATH to the pygame-ce WebAssembly wheel is required with --web")
    steps_file = out / "steps-pass-and-play.json"
    steps_file.write_text(json.dumps(web_steps(), indent=1))
    cmd = [sys.executable, str(webcheck_run_py("pass_and_play_shots")), build, "--wheel", wheel, "--out", str(out), "--script", str(steps_file)]
    return subprocess.run(cmd).returncode


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="build/shots-pass-and-play")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--web", help="the web build folder (build/web): run in the browser via webcheck")
    ap.add_argument("--wheel", help="the pygame-ce WebAssembly wheel (with --web)")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.web:
        return web(args.web, args.wheel, out)
    for path in native(out, args.lang, args.seed):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
