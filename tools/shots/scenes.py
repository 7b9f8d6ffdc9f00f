"""Write a PNG of every scene, for review:  python -m tools.shots.scenes [--out DIR]
[--size 1280x720] [--lang en] [--style classic|four_colour] [--seed N]

Runs headless (SDL_VIDEODRIVER=dummy is set if no display is given), plays through the
real UI with the autopilot, and saves title, new game, settings, rules, pause, deal,
declare, exchange, kitty, play, last trick, score and game over.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

from game.engine import Phase

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

import pygame

from game.ui.autopilot import Autopilot

WANTED = ("title", "new_game", "settings", "rules", "pause", "deal", "declare", "exchange", "kitty", "play", "last_trick", "score", "game_over")


def save(app, out, name, done):
    path = os.path.join(out, f"{name}.png")
    pygame.image.save(app.window, path)
    done[name] = path


def settle(app, frames=3, dt=1 / 60):
    for _ in range(frames):
        app.step(dt=dt)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="build/screenshots")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--style", default="classic")
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args(argv)
    w, h = (int(x) for x in args.size.lower().split("x"))
    os.makedirs(args.out, exist_ok=True)
    from game.ui.app import App

    data = tempfile.mkdtemp(prefix="358shots-")
    app = App(size=(w, h), storage_dir=data,
              settings={"language": args.lang, "speed": "normal", "strength": "random", "card_style": args.style, "sound": False})
    done: dict[str, str] = {}
    settle(app)
    save(app, args.out, "title", done)
    for name in ("new_game", "settings", "rules"):
        app.push_scene(name)
        settle(app)
        save(app, args.out, app.scene_name, done)
        app.pop()
    # the deal animation, caught in flight
    app.games.start(seed=args.seed)
    settle(app, 40)
    save(app, args.out, "deal", done)
    app.set_setting("speed", "instant")
    pilot = Autopilot(app, seed=args.seed)
    deadline = time.time() + 120

    def table_idle():
        s = app.scene
        return hasattr(s, "table") and not s.timeline.busy and s.v.to_act == s.human

    while time.time() < deadline and not all(k in done for k in WANTED):
        name = app.scene_name
        s = app.scene
        if name == "score" and "score" not in done:
            settle(app, 2)
            save(app, args.out, "score", done)
        elif name == "game_over":
            settle(app, 2)
            save(app, args.out, "game_over", done)
            break
        elif table_idle():
            phase = s.v.phase
            if phase == Phase.DECLARE and "declare" not in done:
                settle(app, 2)
                save(app, args.out, "declare", done)
            elif phase == Phase.EXCHANGE and "exchange" not in done:
                settle(app, 2)
                save(app, args.out, "exchange", done)
            elif phase == Phase.DISCARD and "kitty" not in done:
                for c in list(s.v.kitty or ())[:2]:
                    s.click_card(c)
                settle(app, 2)
                save(app, args.out, "kitty", done)
                s.table.hand.selected.clear()
                s.build()
            elif phase == Phase.PLAY and len(s.v.trick) == 2 and "play" not in done:
                s.table.hand.hover = next(iter(s.table.legal_cards()), None)
                settle(app, 1)
                save(app, args.out, "play", done)
            elif phase == Phase.PLAY and s.v.tricks and "last_trick" not in done and len(s.v.tricks) >= 3:
                s.table.last_trick.toggle()
                settle(app, 1)
                save(app, args.out, "last_trick", done)
                s.table.last_trick.visible = False
            elif phase == Phase.PLAY and "pause" not in done and len(s.v.tricks) >= 5:
                app.push_scene("pause", s.table)
                settle(app, 1)
                save(app, args.out, "pause", done)
                app.pop()
        pilot.step()
    for k in WANTED:
        print(f"{k:12s} {done.get(k, 'MISSING (not reached in this game)')}")
    return 0 if all(k in done for k in WANTED) else 1


if __name__ == "__main__":
    sys.exit(main())
