"""Play the built web game in headless Chromium up to the first trick, with screenshots.

    python -m tools.web.play --wheel /tmp/pygame_ce_wasm.whl [--web build/web] [--out /tmp/shots]
                             [--size 1280x720] [--picture smooth] [--steps-only FILE] [--webcheck DIR]

Writes a webcheck steps.json (clicks posted by tests/web/webcheck_driver.py, which only
acts when the human may) and runs the webcheck harness's run.py on the build (found by
tools.web.wasm.find_webcheck: --webcheck DIR, $WEBCHECK_DIR, then shared/webcheck beside the
repository or a folder above it): title, new-game
screen, the table after the deal, the first play, a trick on the table, the first trick
taken. Screenshots and report.json land in --out. `--picture sharp|smooth` sets the
browser's render size on the title before the game starts (the page still
shows the canvas at the viewport's size). The wheel is pygame-ce built for
WebAssembly (cp314) from the public pygame-web/cdn repository; keep it outside the
repository (never commit it).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from tools.web.wasm import driver_source

ROOT = Path(__file__).resolve().parents[2]


# Frame times at the table in the browser: 30 frames forcing a full redraw (the App skips
# unchanged frames and the scene caches its still layer) and 30 ordinary frames; ms.
FRAME_TIMES = """
import time
def _frames(full, n=30):
    app, out = main.APP, []
    for _ in range(n):
        if full:
            if hasattr(app.scene, "invalidate"):
                app.scene.invalidate()
            app.painter.key = None  # App skips unchanged frames: force this one
        t0 = time.perf_counter()
        app.step(events=[], dt=1 / 60)
        out.append((time.perf_counter() - t0) * 1000)
    out.sort()
    return {"median_ms": round(out[len(out) // 2], 1), "max_ms": round(out[-1], 1)}
{"full_redraw": _frames(True), "steady": _frames(False)}
"""

# What the page shows is the window: every pixel of the canvas against the window's bytes in
# WebAssembly memory (pygame presents whole frames, the rect presenter only what changed:
# either way the two must agree).  Fails the step if they differ, or if no frame's rects
# went by the page's canvas (then this compared nothing new).
CANVAS_IS_WINDOW = """
import platform, pyodide_js
_w = main.APP.window
platform.window.g358_heap = pyodide_js._module.HEAPU8
_bad = platform.window.eval('''(function (addr, pitch, w, h) {
  var c = document.getElementById("canvas");
  if (c.width !== w || c.height !== h) return "the canvas is " + c.width + "x" + c.height;
  var shown = c.getContext("2d").getImageData(0, 0, w, h).data, heap = window.g358_heap, bad = 0;
  for (var y = 0; y < h; y++) for (var x = 0; x < w; x++) {
    var s = addr + y * pitch + x * 4, t = (y * w + x) * 4;
    if (heap[s] !== shown[t] || heap[s + 1] !== shown[t + 1] || heap[s + 2] !== shown[t + 2] || shown[t + 3] !== 255) bad++;
  }
  return bad ? bad + " pixels differ" : "";
})(%d, %d, %d, %d)''' % (_w._pixels_address, _w.get_pitch(), *_w.get_size()))
_rects = main.APP.display.rects_presenter
assert not _bad, _bad
assert _rects is not None and _rects.presented > 0, "no frame's rects were presented by the page's canvas"
("the canvas is the window", _rects.presented, _rects.declined)
"""


def steps(picture: str | None = None) -> list[dict]:
    driver = driver_source()
    started = "getattr(main, 'APP', None) is not None and main.APP.frames > 5"
    chosen = [{"py": f"main.APP.set_setting('picture', {picture!r})"}, {"wait": 0.5}] if picture else []
    return [
        {"until": started, "timeout": 120},
        *chosen,
        {"wait": 1.0},
        {"shot": "01-title"},
        {"py": "main.APP.scene_name, main.APP.window.get_size(), main.APP.params"},
        {"py": driver + "\n'driver ready'"},
        {"until": "main._web_drive('new_game')", "timeout": 30},
        {"wait": 0.8},
        {"shot": "02-new-game"},
        {"until": "main._web_drive('table')", "timeout": 30},
        {"wait": 2.5},
        {"shot": "03-table"},
        {"py": "main.APP.scene_name, main.APP.scene.v.phase, main.APP.scene.v.to_act, main.APP.scene.v.contract"},
        {"until": "main._web_drive('play')", "timeout": 120},
        {"wait": 0.5},
        {"shot": "04-play"},
        {"until": "main._web_drive('trick_on_table')", "timeout": 60},
        {"shot": "05-trick-on-table"},
        {"until": "main._web_drive('trick1')", "timeout": 60},
        {"wait": 0.3},
        {"shot": "06-first-trick"},
        {"wait": 2.0},
        {"shot": "07-after-first-trick"},
        {"py": CANVAS_IS_WINDOW},
        {"py": "[str(t) for t in main.APP.scene.session.view().tricks], main.APP.scene.session.view().tricks_taken"},
        {"py": FRAME_TIMES},
    ]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wheel", required=False)
    ap.add_argument("--web", default=str(ROOT / "build" / "web"))
    ap.add_argument("--out", default="/tmp/358-shots")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--picture", choices=("auto", "sharp", "smooth"), help="the render size (setting)")
    ap.add_argument("--steps-only", help="write the steps JSON to this file and stop")
    ap.add_argument("--webcheck", help="the webcheck harness folder [$WEBCHECK_DIR or shared/webcheck]")
    args = ap.parse_args(argv)
    if args.steps_only:
        Path(args.steps_only).write_text(json.dumps(steps(args.picture), indent=1))
        return 0
    if not args.wheel or not Path(args.wheel).is_file():
        sys.exit("web_play: --wheel PATH to the pygame-ce WebAssembly wheel is required")
    from tools.web.wasm import HarnessNotFound, find_webcheck

    try:
        run_py = find_webcheck(explicit=args.webcheck) / "run.py"
    except HarnessNotFound as exc:
        print(f"web_play: {exc}", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    steps_file = out / "steps.json"
    steps_file.write_text(json.dumps(steps(args.picture), indent=1))
    cmd = [sys.executable, str(run_py), args.web, "--wheel", args.wheel, "--out", str(out),
           "--script", str(steps_file), "--size", args.size]
    return subprocess.run(cmd).returncode


if __name__ == "__main__":
    sys.exit(main())
