"""Screenshots of the record screens, natively and headless (SDL_VIDEODRIVER=dummy).

    python -m tools.shots.replay [--out /tmp/358-replay-native] [--lang en] [--seed 5]

A whole game is played natively (random legal moves, seeded) and shown through the real
scenes: the game-over screen with Replay / Export / Share, the replay viewer at its start,
mid-trick, after a trick is taken (with the kitty's discards), at a deal's end and at the
game's end, the share screen, the pause menu's Export, and the Replays scene listing the
exported file and refusing a mangled one with its line.  Prints each file written.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

from game.engine import Phase

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="/tmp/358-replay-native")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args(argv)

    import pygame

    from game.engine import Match, RuleSet
    from game.engine.formats.record import write_record
    from game.ui.app import App
    from game.ui.games.session import Session

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    data = tempfile.mkdtemp(prefix="358-replay-shots-")
    app = App(size=(1280, 720), storage_dir=data, settings={"language": args.lang, "speed": "instant", "sound": False})

    def shot(name):
        app.painter.key = None
        app.step(events=[], dt=1 / 60)
        path = out / f"{name}.png"
        pygame.image.save(app.window, str(path))
        print(path)

    m = Match.new(RuleSet.preset("standard"), seed=args.seed)
    rng = random.Random(args.seed)
    while m.phase != Phase.GAME_OVER:
        m.apply(rng.choice(m.legal_actions()))
    session = Session(m, ["Ann", "Bo", "Cy"], "hard", storage=app.storage)
    app.push_scene("game_over", session)
    shot("native-01-game-over-buttons")
    app.scene.widgets[[w.name for w in app.scene.widgets].index("replay")].activate()
    viewer = app.scene
    shot("native-02-replay-start")
    while not viewer.match.current.discards or len(viewer.match.trick) != 2:
        viewer.step("action", 1)
    shot("native-03-replay-mid-trick")
    viewer.step("action", 1)
    shot("native-04-replay-trick-taken")
    viewer.step("deal", 1)
    shot("native-05-replay-deal-over")
    viewer.goto(viewer.cursor.end)
    shot("native-06-replay-game-over")
    viewer.share()
    shot("native-07-share")
    app.pop()
    viewer.export()
    shot("native-08-exported")
    app.to_title()
    app.push_scene("replays")
    shot("native-09-replays-list")
    bad = Path(data) / "bad.358"
    lines = write_record(m).splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("trick 5:"))
    lines[i] = lines[i].replace("trick 5:", "trick 6:")
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    app.scene.path = str(bad)
    app.scene.open_file(str(bad))
    shot("native-10-replays-refused")
    app.to_title()
    shot("native-11-title-replays-button")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
