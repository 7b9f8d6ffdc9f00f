"""The analysis, statistics and score-graph scenes in the built web game (headless Chromium),
with screenshots and the frame times while the analysis runs.

    python -m tools.shots.web_analysis --wheel /tmp/pygame_ce_wasm.whl [--web build/web] [--out /tmp/shots]
                                 [--deals 6] [--size 1280x720]

Inside the page (webcheck "py" steps): a game of --deals deals is played to the end by
random legal moves and its game-over screen opened (the score graph); the game analysis is
started by a click on its button and runs in the game's own frame loop, each App.step
timed; then a deal with a known blunder (the human gives away a sure trick) is analysed
from the deal-result screen; then the statistics scene from the title, and its reset
question.  Prints the frame figures (count, median, p99, max in ms, and the longest
analysis slice); screenshots and report.json land in --out.  The wheel is pygame-ce built
for WebAssembly; keep it outside the repository.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from tools.shots.analysis import BLUNDER_ACTIONS, HANDS, KITTY
from tools.web.wasm import webcheck_run_py

ROOT = Path(__file__).resolve().parents[2]

SETUP = r'''
import random, time
import pygame
from game.engine import Match, RuleSet
from game.ui.games.session import Session

_FT, _LONG, _DRAW = [], [], [0.0]
_real_step, _real_draw = main.APP.step, main.APP.painter.draw
def _timed_draw(*args, **kwargs):
    start = time.perf_counter()
    try:
        return _real_draw(*args, **kwargs)
    finally:
        _DRAW[0] = (time.perf_counter() - start) * 1000.0
def _timed_step(*args, **kwargs):
    start, _DRAW[0] = time.perf_counter(), 0.0
    try:
        return _real_step(*args, **kwargs)
    finally:
        ms = (time.perf_counter() - start) * 1000.0
        _FT.append(ms)
        s = main.APP.scene
        if ms > 50 and s.name == "analysis":  # what the long frames were doing
            a = s.analysis
            _LONG.append((round(ms, 1), round(_DRAW[0], 1), a.evaluated if a else None, s.done, s.cards_ready()))
main.APP.step, main.APP.painter.draw = _timed_step, _timed_draw

def _click(name):
    app = main.APP
    rect = dict(app.scene.targets())[name]
    x, y = app.to_window(rect.center)
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=(int(x), int(y)), touch=False, **extra))
    return name

def _game_over(deals, seed=11):
    m = Match.new(RuleSet.preset("standard", deals=deals), seed=seed)
    rng = random.Random(seed)
    while m.phase != "game_over":
        m.apply(rng.choice(m.legal_actions()))
    main.APP.push_scene("game_over", Session(m, ["You", "Anna", "Boris"], "hard", storage=main.APP.storage))
    return m.totals

def _blunder_deal():
    hands, kitty, actions = _BLUNDER
    m = Match.from_position(RuleSet.preset("standard", deals=3), hands, kitty, dealer=0, seed=1)
    for action in actions:
        m.apply(action)
    main.APP.to_title()
    main.APP.push_scene("score", Session(m, ["You", "Anna", "Boris"], "hard", storage=main.APP.storage))
    return m.deal_number

def _start():
    _FT.clear(); _LONG.clear()
    return _click("analysis")

def _done():
    s = main.APP.scene
    return s.name == "analysis" and s.done and s.cards_ready()

def _frames():
    s = main.APP.scene
    ft = sorted(_FT)
    q = lambda p: round(ft[min(len(ft) - 1, round(p * (len(ft) - 1)))], 1)
    return {"frames": len(ft), "median_ms": q(0.5), "p99_ms": q(0.99), "max_ms": round(ft[-1], 1),
            "longest_analysis_slice_ms": round(s.longest_step_ms, 1), "budget_ms": s.budget_ms,
            "long_frames (ms, draw ms, evaluated, done, cards)": _LONG[:20],
            "decisions": s.analysis.total, "mistakes": [(m.deal_number + 1, m.trick, str(m.chosen), str(m.best),
                                                         round(m.cost, 2)) for m in s.rows()[:5]]}
"setup ready"
'''


def steps(deals: int) -> list[dict]:
    started = "getattr(main, 'APP', None) is not None and main.APP.frames > 5"
    analysing = "main.APP.scene_name == 'analysis' and main.APP.scene.analysis is not None and 0.3 < main.APP.scene.analysis.progress < 0.9"
    return [
        {"until": started, "timeout": 120},
        {"wait": 1.0},
        {"py": SETUP},
        {"py": f"_game_over({deals})"},
        {"wait": 1.5},
        {"shot": "web-game-over-graph"},
        {"py": "_start()"},
        {"until": analysing, "timeout": 600},
        {"shot": "web-analysis-game-running"},
        {"until": "_done()", "timeout": 900},
        {"wait": 1.0},
        {"shot": "web-analysis-game"},
        {"py": "_frames()"},
        {"py": f"_BLUNDER = {(HANDS, KITTY, BLUNDER_ACTIONS)!r}"},
        {"py": "_blunder_deal()"},
        {"wait": 1.0},
        {"py": "_start()"},
        {"until": "_done()", "timeout": 600},
        {"wait": 1.0},
        {"shot": "web-analysis-deal"},
        {"py": "_frames()"},
        {"py": "main.APP.to_title() or _click('stats')"},
        {"wait": 1.5},
        {"shot": "web-stats"},
        {"py": "_click('reset')"},
        {"wait": 1.0},
        {"shot": "web-stats-reset-ask"},
        {"py": "main.APP.scene_name, main.APP.scene.confirming, main.APP.scene.stats.played()"},
    ]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wheel", required=False)
    ap.add_argument("--web", default=str(ROOT / "build" / "web"))
    ap.add_argument("--out", default="/tmp/358-analysis-shots")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--deals", type=int, default=6)
    args = ap.parse_args(argv)
    if not args.wheel or not Path(args.wheel).is_file():
        sys.exit("web_analysis: --wheel PATH to the pygame-ce WebAssembly wheel is required")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    steps_file = out / "steps.json"
    steps_file.write_text(json.dumps(steps(args.deals), indent=1))
    cmd = [sys.executable, str(webcheck_run_py("web_analysis")), args.web, "--wheel", args.wheel, "--out", str(out),
           "--script", str(steps_file), "--size", args.size]
    return subprocess.run(cmd).returncode


if __name__ == "__main__":
    sys.exit(main())
