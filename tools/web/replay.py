"""The replay viewer in the built web game, in headless Chromium, opened from a share link.

    python -m tools.web.replay --wheel /tmp/pygame_ce_wasm.whl [--web build/web] [--out /tmp/shots]
                               [--seed 5] [--deals 18]

Plays a whole game natively (random legal moves, seeded), makes its ``#record=CODE`` share
link, and loads the build through ../shared/webcheck/run.py with that fragment on the page
address (run.py has no option for a fragment, so this wraps Playwright's ``Page.goto``).
Then, in the browser: the viewer opened from the link, stepped by action, trick and deal
(clicks on its buttons, posted like webcheck's); the share screen with the page link; the
record downloaded (the Blob + <a download> script); and the Replays scene's upload / paste
panel (a DOM overlay) filled with the link and opened.  Screenshots and report.json land
in --out; the exit status is run.py's (1 on a crash, a traceback or a failed step).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
from pathlib import Path

from game.engine import Phase
from tools.web.wasm import driver_source, webcheck_run_py

ROOT = Path(__file__).resolve().parents[2]
from tools.bench.replay_timing import TIMING  # the same measurement, run in the browser

FILL_PANEL = """
import platform
_doc = platform.window.document
_doc.getElementById("g358-import-text").value = %s
_doc.getElementById("g358-import-open").click()
'filled'
"""


def share_link(seed: int, deals: int) -> tuple[str, int, str]:
    """A whole game played natively, its #record= fragment and its text; (fragment, actions, text)."""
    sys.path.insert(0, str(ROOT))
    from game.engine import Match, RuleSet
    from game.engine.formats.record import GameRecord
    from game.records import library

    m = Match.new(RuleSet.preset("standard", deals=deals), seed=seed)
    rng = random.Random(seed)
    while m.phase != Phase.GAME_OVER:
        m.apply(rng.choice(m.legal_actions()))
    record = GameRecord(m, names=("Ann", "Bo", "Cy"), strengths=("human", "hard", "hard"), date="2026-11-30")
    return library.share_fragment(record), len(m.history), record.to_text()


def steps(fragment: str, text: str = "") -> list[dict]:
    scene = "main.APP.scene_name"
    return [
        {"until": "getattr(main, 'APP', None) is not None and main.APP.frames > 5", "timeout": 120},
        {"py": driver_source() + "\n'driver ready'"},
        {"until": f"{scene} == 'replay'", "timeout": 20},
        {"wait": 0.8},
        {"shot": "web-01-replay-from-link"},
        {"py": "main.APP.scene.cursor.position, main.APP.scene.cursor.end, main.APP.scene.record.names"},
        *[{"py": "main._web_press('next_action')"} for _ in range(4)],
        {"wait": 0.5},
        {"shot": "web-02-after-4-moves"},
        *[{"py": "main._web_press('next_trick')"} for _ in range(3)],
        {"wait": 0.5},
        {"shot": "web-03-after-3-tricks"},
        {"py": "main._web_press('next_deal')"},
        {"wait": 0.5},
        {"shot": "web-04-next-deal"},
        {"key": "end"},
        {"wait": 0.5},
        {"shot": "web-05-game-over"},
        {"py": "main.APP.scene.cursor.position == main.APP.scene.cursor.end, main.APP.scene.describe()"},
        {"py": "main._web_press('export')"},
        {"wait": 0.6},
        {"shot": "web-06-downloaded"},
        {"py": "main.APP.notices.text()"},
        {"py": "main._web_press('share')"},
        {"until": f"{scene} == 'share'", "timeout": 10},
        {"wait": 1.0},
        {"shot": "web-07-share-link"},
        {"py": "main.APP.scene.link[:120], len(main.APP.scene.link), main.APP.scene.copied"},
        {"py": "main._web_press('close')"},
        {"until": f"{scene} == 'replay'", "timeout": 10},
        {"py": "main._web_press('close')"},
        {"until": f"{scene} == 'title'", "timeout": 10},
        {"py": "main._web_press('replays')"},
        {"until": f"{scene} == 'replays'", "timeout": 10},
        {"py": "main._web_press('upload')"},
        {"wait": 0.8},
        {"shot": "web-08-import-panel"},
        {"py": FILL_PANEL % json.dumps("not a record\n[Game")},
        {"wait": 0.8},
        {"shot": "web-09-import-refused"},
        {"py": "main.APP.scene_name, main.APP.scene.error"},
        {"py": "main._web_press('upload')"},
        {"wait": 0.5},
        {"py": FILL_PANEL % json.dumps("https://example.org/game/" + fragment)},
        {"until": f"{scene} == 'replay'", "timeout": 10},
        {"wait": 0.5},
        {"shot": "web-10-replay-from-paste"},
        *([{"py": TIMING + "\n" + f"_replay_timing(main.APP, {json.dumps(text)})"}] if text else []),
    ]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wheel", required=True)
    ap.add_argument("--web", default=str(ROOT / "build" / "web"))
    ap.add_argument("--out", default="/tmp/358-replay-shots")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--deals", type=int, default=18)
    args = ap.parse_args(argv)
    fragment, actions, text = share_link(args.seed, args.deals)
    print(f"share link fragment: {len(fragment)} characters for {actions} actions")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    script = out / "replay-steps.json"
    script.write_text(json.dumps(steps(fragment, text), indent=1))

    from playwright.sync_api import Page

    goto = Page.goto

    def goto_with_fragment(self, url, **kw):  # the page opens as if from a shared link
        return goto(self, url + fragment, **kw)

    Page.goto = goto_with_fragment
    run_py = webcheck_run_py("web_replay")
    spec = importlib.util.spec_from_file_location("webcheck_run", run_py)
    run = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run)
    sys.argv = [str(run_py), args.web, "--wheel", args.wheel, "--out", str(out), "--script", str(script)]
    return run.main()


if __name__ == "__main__":
    sys.exit(main())
