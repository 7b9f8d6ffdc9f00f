"""Screenshots of the analysis, statistics and score-graph scenes, natively and headless,
with the frame times while the analyses run.

    SDL_VIDEODRIVER=dummy python -m tools.shots.analysis [--out /tmp/shots] [--size 1280x720] [--deals 6]

A game of --deals deals is played to the end by seeded random legal moves and its
game-over screen shown (score graph, then score sheet); the game analysis runs frame by
frame from its button; a deal with a known blunder (the human gives away a sure trick) is
analysed from the deal-result screen; then the statistics scene and its reset question.
Prints the frames, the median and longest frame and the longest analysis slice (ms, wall
clock: a busy machine inflates them).
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from pathlib import Path

from game.engine import Phase

HANDS = ["QH JH TH 9H 8H 7H 6H 5H 4H 3H AD QD JD TD 9D 8D", "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH 2D",
         "KD 7D 6D 5D 4D 3D AC KC QC JC TC 9C 8C 7C 6C 5C"]
KITTY = "2H 4C 3C 2C"
# seat 1 declares NT and runs its spades; then 2D, KD and the human's QD, holding AD QD JD
# with every higher diamond gone: a sure trick given away (also replayed in the browser
# by tools/shots/web_analysis.py)
BLUNDER_ACTIONS = (
    ["declare NT"] + [f"discard {card}" for card in KITTY.split()]
    + [f"play {card}" for trio in zip("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S".split(),
                                      "5C 6C 7C 8C 9C TC JC QC KC AC 3D 4D 5D".split(),
                                      "3H 4H 5H 6H 7H 8H 9H TH JH QH 8D 9D TD".split()) for card in trio]
    + [f"play {card}" for card in "2D KD QD 7D AD KH JD AH 6D".split()])


def blunder_deal():
    """Seat 0 holds AD QD JD with every higher diamond gone and plays QD: a trick given away."""
    from game.engine import Match, RuleSet

    m = Match.from_position(RuleSet.preset("standard", deals=3), HANDS, KITTY, dealer=0, seed=1)
    for action in BLUNDER_ACTIONS:
        m.apply(action)
    return m


def finished_game(deals: int, seed: int):
    from game.engine import Match, RuleSet

    m = Match.new(RuleSet.preset("standard", deals=deals), seed=seed)
    rng = random.Random(seed)
    while m.phase != Phase.GAME_OVER:
        m.apply(rng.choice(m.legal_actions()))
    return m


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="/tmp/358-analysis-shots")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--deals", type=int, default=6)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.ui.app import App
    from game.ui.games.session import Session

    size = tuple(int(v) for v in args.size.split("x"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    app = App(size=size, storage_dir=tempfile.mkdtemp(), settings={"language": "en", "speed": "instant", "sound": False})
    tag = f"{size[0]}x{size[1]}"

    def shot(name):
        app.painter.key = None
        app.step(events=[], dt=1 / 60)
        pygame.image.save(app.window, str(out / f"native-{name}-{tag}.png"))

    def click(name):
        rect = dict(app.scene.targets())[name]
        app.dispatch(app.inputs.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.to_window(rect.center), button=1)))

    def run_analysis(label):
        scene, frames = app.scene, []
        while not (scene.done and scene.cards_ready()):
            start = time.perf_counter()
            app.step(events=[], dt=1 / 60)
            frames.append((time.perf_counter() - start) * 1000.0)
        frames.sort()
        print(f"{label}: {scene.analysis.total} decisions, {len(scene.rows())} listed; {len(frames)} frames, "
              f"median {frames[len(frames) // 2]:.1f} ms, longest {frames[-1]:.1f} ms, "
              f"longest analysis slice {scene.longest_step_ms:.1f} ms (budget {scene.budget_ms} ms)")

    names = ["You", "Anna", "Boris"]
    app.push_scene("game_over", Session(finished_game(args.deals, args.seed), names, "hard", storage=app.storage))
    shot("game-over-graph")
    click("graph_toggle")
    shot("game-over-sheet")
    click("graph_toggle")
    click("analysis")
    app.step(events=[], dt=1 / 60)
    run_analysis("game analysis")
    shot("analysis-game")
    app.to_title()
    app.push_scene("score", Session(blunder_deal(), names, "hard", storage=app.storage))
    app.step(events=[], dt=1 / 60)
    click("analysis")
    app.step(events=[], dt=1 / 60)
    run_analysis("deal analysis")
    shot("analysis-deal")
    app.to_title()
    click("stats")
    shot("stats")
    click("reset")
    shot("stats-reset-ask")
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
