"""Screenshots of a failed save as the player sees it: the banner over the table, and the
pause screen saying why the game is not saved.  Headless (SDL dummy driver)::

    python -m tools.shots.save_notice [OUT_DIR] [--lang pl]

The disk is "full" by patching os.write (tools.faults.saves.full_disk).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from tools.faults.saves import full_disk


def shoot(out_dir: str, lang: str = "en") -> list[str]:
    from game.ui.app import App
    from game.ui.autopilot import Autopilot, post_key

    os.makedirs(out_dir, exist_ok=True)
    paths = []
    with tempfile.TemporaryDirectory() as data:
        app = App(size=(1280, 720), storage_dir=data, settings={"language": lang, "speed": "fast", "sound": False})
        app.games.start(seed=12)
        moves = len(app.scene.session.match.history)
        with full_disk(room=0):
            Autopilot(app, seed=4).run(stop=lambda a: len(getattr(a.scene, "session", a.scene).match.history) > moves
                                       if hasattr(a.scene, "session") else False, max_frames=5000)
            for _ in range(40):  # let the cards settle under the banner
                app.step(dt=1 / 60)
            path = os.path.join(out_dir, f"save-failed-{lang}.png")
            pygame.image.save(app.screenshot(), path)
            paths.append(path)
            post_key(pygame.K_ESCAPE)
            app.step(dt=1 / 60)
            app.notices.shown.clear()  # the pause screen's own line, without the banner
            app.step(dt=1 / 60)
            path = os.path.join(out_dir, f"save-failed-pause-{lang}.png")
            pygame.image.save(app.screenshot(), path)
            paths.append(path)
        pygame.quit()
    return paths


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", nargs="?", default=os.path.join("build", "shots"))
    ap.add_argument("--lang", default="en")
    args = ap.parse_args(argv)
    for path in shoot(args.out, args.lang):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
