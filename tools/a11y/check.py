"""Screen-reader play in a real browser: one whole deal played by the keyboard alone, through
the page's mirror of the game (assets/web/access.js, docs/ACCESSIBILITY.md).

    python -m tools.a11y.check [--web build/web] [--no-build] [--wheel WHEEL] [--seed 7]
                               [--lang en] [--new-player] [--shots DIR] [--timeout 900]

Builds the page (`--no-build`: use the build in --web as it is), serves it on
127.0.0.1 and opens the game in headless Chromium as the webcheck harness runs it (Pyodide and
the pygame-ce WebAssembly wheel, `--wheel`, default $WEBCHECK_WHEEL; never commit a wheel),
with the built page's access.js and `?a11y=1`, under emulated reduced motion.  Then it plays
one deal as a screen reader's user would, by Playwright's focus and key presses on the
mirror's elements alone (no click on the canvas, no event posted to the game): the title's New
game, Start, the declaring, the exchange, the kitty and every card, each card reached from
the hand's one tab stop by the arrow keys and played with Enter.  What to do at each step is
read from the game (tools/a11y/game_driver.py); how it is done is the mirror's.

Before each of the human's decisions the hand's buttons are compared with the seat's view:
the cards (the buttons' ids), their names as Playwright's aria snapshot gives them (the Access
layer's words), and, in the play, the disabled ones are exactly the illegal ones.  axe-core's
WCAG 2.2 A and AA rules (tools/a11y/axe.py) run on the title, the table and the score screen.

By default the check plays as a returning player (tips off, a finished trick cleared on its
own); `--new-player` keeps a first start's tips and tricks left until taken, which the mirror
must then offer as buttons.

Prints one JSON line: deal_finished_by_keyboard, hand_matches_view, axe_violations (count),
announcements (messages added to the live regions), reduced_motion (the page reported the
media query and no card flew: the table's flight time was 0 at every decision), and details: decisions,
checks, mismatches, axe (rule ids by screen), seconds, error.  Exit status 1 when a step failed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from tools.a11y import axe
from tools.web.site import HarnessSite, python_value, run_python

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).resolve().parent / "game_driver.py"
ACCESS_LINE = '<script src="access.js" defer></script>'  # as assets/web/index.tmpl loads it
STEP_TIMEOUT_S = 60.0  # one step of the game (a computer's turn, a screen opening)
UNTAKEN_S = 10.0  # a press the game has not acted on by then is made again
RETRIES = 3  # presses made again in a row before the check gives up
MISMATCHES_KEPT = 5

# Counts every message the live regions are given (they keep only the last few nodes).
COUNT_MESSAGES = """() => {
  window.__a11y_spoken = window.__a11y_spoken || 0;
  for (const id of ["g358-access-polite", "g358-access-assertive"]) {
    new MutationObserver((records) => {
      for (const r of records) window.__a11y_spoken += r.addedNodes.length;
    }).observe(document.getElementById(id), {childList: true});
  }
  return true;
}"""


class Site(HarnessSite):
    """build/web served with the harness's page and the build's own access.js."""

    def __init__(self, web: Path, wheel: Path, webcheck: Path):
        super().__init__(web, wheel, webcheck, ACCESS_LINE, ("access.js",), ("access.js",), "a11y-check-")


class StepFailed(RuntimeError):
    """A step of the check could not be done; the message says which and why."""


def parse_aria_buttons(text: str) -> list[tuple[str, bool]]:
    """The buttons of a Playwright aria snapshot: (name, disabled) in order."""
    found = []
    for line in text.splitlines():
        m = re.match(r'\s*- button "((?:[^"\\]|\\.)*)"(.*)$', line)
        if m:
            found.append((json.loads(f'"{m.group(1)}"'), "[disabled]" in m.group(2)))
    return found


def hand_problem(facts: dict, ids: list[str], aria: list[tuple[str, bool]]) -> str | None:
    """What differs between the mirror's hand (button ids in order, their aria names and
    states) and the seat's view with the Access layer's words; None when they match."""
    if "hand" not in facts:
        return None
    if sorted(ids) != sorted(set(facts["hand"])) or len(ids) != len(set(ids)):
        return f"cards {ids} on the page, {sorted(set(facts['hand']))} in the view"
    words = {c["id"]: (c["label"], bool(c["disabled"])) for c in facts["mirror"]["hand"]}
    if [n for n, _ in aria] != [words.get(i, ("?", False))[0] for i in ids]:
        return f"names {[n for n, _ in aria]} on the page, {[words.get(i) for i in ids]} in the snapshot"
    if [d for _, d in aria] != [words.get(i, ("?", False))[1] for i in ids]:
        return f"disabled {[d for _, d in aria]} on the page, the snapshot's {[words.get(i) for i in ids]}"
    if facts.get("playing") and facts.get("my_turn"):
        illegal = [i not in facts["legal_cards"] for i in ids]
        if [d for _, d in aria] != illegal:
            return f"disabled {[d for _, d in aria]} on the page, illegal {illegal} in the view"
    return None


class Check:
    def __init__(self, page, seed: int, shots: Path | None):
        self.page = page
        self.seed = seed
        self.shots = shots
        self.console: list[str] = []
        self.errors_at_load = 0
        self.mismatched = False  # a hand differed from the view at some decision
        self.unmoved = 0  # presses in a row the game did not act on
        self.result = {"deal_finished_by_keyboard": False, "hand_matches_view": False, "axe_violations": None,
                       "announcements": 0, "reduced_motion": False, "decisions": 0, "checks": 0,
                       "mismatches": [], "axe": {}}

    # --- the page --------------------------------------------------------------------------
    def py(self, code: str) -> str:
        return run_python(self.page, code)

    def value(self, expression: str):
        return python_value(self.page, expression, StepFailed)

    def game_error(self) -> str | None:
        """The exception line of a traceback the game printed since it ran (None: none)."""
        from tools.online.pages import last_error

        lines = self.page.evaluate("window.errors || []")
        return last_error(lines, self.errors_at_load if len(lines) >= self.errors_at_load else 0)

    def wait(self, expression: str, what: str, timeout_s: float = STEP_TIMEOUT_S, starting: bool = False) -> None:
        """Until `expression` is true in the game; `starting`: an error evaluating it is not yet
        one (the game is still being imported)."""
        deadline = time.monotonic() + timeout_s
        while True:
            if self.page.evaluate("window.state") == "crashed":
                raise StepFailed(f"the game crashed: {self.page.evaluate('window.errors')[-5:]}")
            answer = self.py(f"str(bool({expression}))")
            if answer == "True":
                return
            if answer.startswith("ERROR") and not starting:
                raise StepFailed(f"{expression}: {answer[-1500:]}")
            error = self.game_error()
            if error:
                raise StepFailed(f"the game failed before {what}: {error}")
            if time.monotonic() > deadline:
                raise StepFailed(f"{what}: not within {timeout_s:.0f} s")
            time.sleep(0.2)

    def open(self, url: str, timeout_s: float) -> None:
        page = self.page
        page.on("console", lambda m: self.console.append(m.text))
        page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
        page.goto(url)
        page.wait_for_function("window.state !== 'loading'", timeout=timeout_s * 1000)
        self.wait("getattr(__import__('main'), 'APP', None) is not None and __import__('main').APP.frames > 3",
                  "the game's first frames", timeout_s, starting=True)
        self.errors_at_load = page.evaluate("(window.errors || []).length")
        if not self.value("hasattr(__import__('main').APP, 'access')"):
            raise StepFailed("the game has no app.access (the Access layer, game/ui/access/): nothing fills the mirror")
        page.evaluate(COUNT_MESSAGES)
        source = DRIVER.read_text(encoding="utf-8")
        done = self.py(f"{source}\nimport main as _m\n_m._a11y = _A11yCheck({self.seed})\n'ready'")
        if done != "ready":
            raise StepFailed(f"the check's driver did not install: {done[-1500:]}")

    # --- the mirror, by the keyboard ----------------------------------------------------------
    def mirror_on(self) -> None:
        try:
            self.page.wait_for_function("window.g358access && window.g358access.isOn()", timeout=30_000)
        except Exception as exc:
            raise StepFailed("the mirror never showed the game (?a11y=1: the Access layer should publish)") from exc

    def press_button(self, wid: str) -> None:
        button = self.page.locator(f'#g358-access-controls button[data-id="{wid}"]')
        button.wait_for(state="attached", timeout=10_000)
        button.focus()
        self.page.keyboard.press("Enter")

    def hand_ids(self) -> list[str]:
        return self.page.evaluate("Array.from(document.querySelectorAll('#g358-access-hand button'))"
                                  ".map((b) => b.dataset.id)")

    def focused_card(self) -> str | None:
        return self.page.evaluate("(() => { const a = document.activeElement;"
                                  " return a && a.closest('#g358-access-hand') ? a.dataset.id : null; })()")

    def play_card(self, cid: str) -> None:
        """From the hand's one tab stop to `cid` by the arrow keys, then Enter."""
        self.page.wait_for_function("(id) => Array.from(document.querySelectorAll('#g358-access-hand button'))"
                                    ".some((b) => b.dataset.id === id)", arg=cid, timeout=10_000)
        self.page.locator('#g358-access-hand button[tabindex="0"]').focus()
        for _ in range(60):
            ids, here = self.hand_ids(), self.focused_card()
            if here == cid:
                self.page.keyboard.press("Enter")
                return
            if here not in ids:
                raise StepFailed(f"the focus left the hand on the way to {cid}")
            self.page.keyboard.press("ArrowRight" if ids.index(cid) > ids.index(here) else "ArrowLeft")
        raise StepFailed(f"the arrow keys never reached {cid}")

    # --- the checks --------------------------------------------------------------------------
    def check_hand(self) -> None:
        """The hand on the page against the view, polled briefly: the mirror follows a frame later."""
        problem = None
        for _ in range(25):
            raw = self.py("main._a11y.facts()")
            if raw.startswith("ERROR"):
                raise StepFailed(f"reading the view: {raw[-1500:]}")
            facts = json.loads(raw)
            aria = parse_aria_buttons(self.page.locator("#g358-access-hand").aria_snapshot())
            problem = hand_problem(facts, self.hand_ids(), aria)
            if problem is None:
                break
            time.sleep(0.2)
        self.result["checks"] += 1
        if problem and len(self.result["mismatches"]) < MISMATCHES_KEPT:
            self.result["mismatches"].append(problem)
        self.mismatched = self.mismatched or problem is not None

    def run_axe(self, screen: str) -> None:
        if screen in self.result["axe"]:
            return
        found = axe.violations(self.page)
        self.result["axe"][screen] = [v["id"] for v in found]
        if found:
            print(f"a11y_check: axe on the {screen}: {axe.summary(found)}", file=sys.stderr)
        self.shot(screen)

    def shot(self, name: str) -> None:
        if self.shots is not None:
            self.page.screenshot(path=str(self.shots / f"a11y-{name}.png"))

    # --- the deal ----------------------------------------------------------------------------
    def token(self):
        return self.value("main._a11y.token()")

    def play_deal(self, timeout_s: float) -> None:
        self.mirror_on()
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            raw = self.py("main._a11y.decide()")
            if raw.startswith("ERROR"):
                raise StepFailed(f"reading the game: {raw[-1500:]}")
            move = json.loads(raw)
            scene = self.value("main.APP.scene_name")
            if "done" in move:
                self.run_axe("score")
                self.result["deal_finished_by_keyboard"] = True
                return
            if "missing" in move:
                raise StepFailed(f"the mirror offers no {move['missing']} on the {scene} (buttons: {move['offered']})")
            if "wait" in move:
                error = self.game_error()
                if error:
                    raise StepFailed(f"the game failed on the {scene}: {error}")
                time.sleep(0.2)
                continue
            if scene == "title":
                self.run_axe("title")
            before = self.token()
            if "card" in move:
                self.check_hand()
                if scene == "play":
                    self.run_axe("table")
                self.play_card(move["card"])
            else:
                self.press_button(move["press"])
            self.result["decisions"] += 1
            self.took(before, move)
        raise StepFailed(f"the deal did not end within {timeout_s:.0f} s")

    def took(self, before, move) -> None:
        """Wait for the game to move on from `before`; a press refused (cards still moving, a
        screen not ready) is decided and made again, a few times."""
        try:
            self.wait(f"main._a11y.token() != {before!r}", "the step", timeout_s=UNTAKEN_S)
            self.unmoved = 0
        except StepFailed as exc:
            if not str(exc).startswith("the step:"):
                raise
            self.unmoved += 1
            if self.unmoved > RETRIES:
                said = self.page.evaluate("Array.from(document.querySelectorAll('#g358-access-assertive p'))"
                                          ".map((p) => p.textContent)")
                raise StepFailed(f"the game did not take {move} from the mirror (said: {said})") from None

    def finish(self) -> None:
        self.result["announcements"] = self.page.evaluate("window.__a11y_spoken || 0")
        self.result["hand_matches_view"] = self.result["checks"] > 0 and not self.mismatched
        counts = [len(ids) for ids in self.result["axe"].values()]
        self.result["axe_violations"] = sum(counts) if counts else None
        motion = self.value("[__import__('game.web.access_page', fromlist=['x']).prefers_reduced_motion(),"
                            " main._a11y.flights]")
        self.result["reduced_motion"] = motion[0] is True and bool(motion[1]) and all(f == 0 for f in motion[1])
        self.result["flight_s"] = sorted(set(motion[1]))


def build_page(web: Path, reuse: bool) -> None:
    """Build the page into `web`, or (reuse) use the one there, saying so when the game's
    sources are newer than it."""
    from tools.online.check import newest_source

    archive = next(iter(sorted(web.glob("*.tar.gz"))), None)
    if reuse:
        if archive is None:
            sys.exit(f"a11y_check: {web} has no build: build it (make web) or drop --no-build")
        if archive.stat().st_mtime < newest_source():
            print(f"a11y_check: {web} is older than the game's sources: checking it as it is", file=sys.stderr)
        return
    done = subprocess.run([sys.executable, "-m", "tools.web.build", "--out", str(web)], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, "SDL_VIDEODRIVER": "dummy"}, stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        sys.exit(f"a11y_check: the build failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--web", default=str(ROOT / "build" / "web"))
    ap.add_argument("--no-build", action="store_true", help="use the build in --web as it is")
    ap.add_argument("--wheel", default=os.environ.get("WEBCHECK_WHEEL"), help="pygame-ce for WebAssembly (cp314)")
    ap.add_argument("--webcheck", default=None, help="the webcheck harness folder (found beside the repository)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--lang", default="en", choices=("en", "pl", "ru", "bg"))
    ap.add_argument("--new-player", action="store_true", help="keep a first start's tips and tricks held until taken")
    ap.add_argument("--size", default="1280x720", help="the page's size in CSS px, WxH")
    ap.add_argument("--shots", default=None, help="a folder for screenshots of the screens axe checked")
    ap.add_argument("--timeout", type=float, default=900.0, help="seconds for the whole deal")
    args = ap.parse_args(argv)

    from tools.web.wasm import ensure_env, find_webcheck

    if not args.wheel or not Path(args.wheel).is_file():
        sys.exit("a11y_check: --wheel (or $WEBCHECK_WHEEL): the pygame-ce WebAssembly wheel (shared/webcheck/README.md)")
    reason = ensure_env()
    if reason:
        sys.exit(f"a11y_check: {reason}")
    web = Path(args.web)
    build_page(web, args.no_build)
    shots = Path(args.shots) if args.shots else None
    if shots:
        shots.mkdir(parents=True, exist_ok=True)
    width, height = (int(v) for v in args.size.split("x"))

    from playwright.sync_api import sync_playwright

    from tools.web.wasm import CHROMIUM_ARGS

    site = Site(web, Path(args.wheel), find_webcheck(explicit=args.webcheck))
    started = time.perf_counter()
    status = 0
    check = None
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=CHROMIUM_ARGS)
            try:
                context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce",
                                              locale={"en": "en-US", "pl": "pl-PL", "ru": "ru-RU", "bg": "bg-BG"}[args.lang])
                check = Check(context.new_page(), args.seed, shots)
                try:
                    check.open(f"{site.url}?a11y=1&lang={args.lang}&seed={args.seed}", timeout_s=240)
                    if not args.new_player:
                        check.py("main.APP.settings.update(trick_hold='normal', tips=False)\n'ok'")  # this session only
                    check.play_deal(args.timeout)
                except StepFailed as exc:
                    check.result["error"] = str(exc)
                    status = 1
                finally:
                    try:
                        check.finish()
                    except Exception as exc:  # the page is gone: the figures so far stand
                        check.result.setdefault("error", f"finishing: {exc}")
                        status = 1
            finally:
                browser.close()
    finally:
        site.close()
    result = check.result if check else {"error": "no page"}
    result["seconds"] = round(time.perf_counter() - started, 1)
    if not (result.get("deal_finished_by_keyboard") and result.get("hand_matches_view")
            and result.get("axe_violations") == 0):
        status = 1
    print(json.dumps(result, ensure_ascii=False))
    return status


if __name__ == "__main__":
    sys.exit(main())
