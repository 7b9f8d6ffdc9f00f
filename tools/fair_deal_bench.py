"""What fair dealing costs a device per deal: group operations counted, time natively, and
the same operations in headless Chromium at 1x and 4x CPU slowdown.

    python -m tools.fair_deal_bench [--runs 3] [--deals 6] [--no-browser]

Natively three devices play whole standard matches over the in-memory hub, choosing the
first legal action (so the time is the protocol's, not a player's); every group operation
is counted for the device that made it, on the deal's path or prepared ahead (on idle
frames of the previous deal).  The browser part times, with the vendored noble-curves
bundle, as many operations of each kind as the busiest device needed in its busiest deal,
one operation per slice as the device runs them, and reports the longest slice.  Prints
medians of the runs, with the machine's load.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COUNTED = ("multiply", "check_point", "invert", "card_point")
DEALING_PATH = {"multiply": 4 * 52 + 16, "check_point": 0, "invert": 16}


def load() -> str:
    return "load average %.2f %.2f %.2f" % os.getloadavg()


class Meter:
    """Counts group operations and time per (device, deal, ahead-or-on-path)."""

    def __init__(self, group):
        self.ops: dict = {}
        self.time: dict = {}
        self.where = None  # (seat, deal, "path"|"ahead")
        for name in COUNTED:
            setattr(group, name, self.counting(name, getattr(group, name)))

    def counting(self, name, real):
        @functools.wraps(real)
        def counted(*args):
            if self.where is not None:
                key = self.where + (name,)
                self.ops[key] = self.ops.get(key, 0) + 1
            return real(*args)
        return counted


def native(runs: int, deals: int) -> dict:
    from game.engine import RuleSet
    from game.online.fair import group, prepare
    from game.online.fair.device import FairDevice
    from game.online.fair.local import LocalTable

    start = time.perf_counter()
    prepare.card_points()
    card_points_ms = (time.perf_counter() - start) * 1000
    meter = Meter(group)
    realprepare_step = FairDevice.prepare_step

    def metered_prepare(self):  # idle-time work: counted apart from the deal's path
        before = meter.where
        meter.where = (self.seat, self.d.number + (0 if self.d.secrets is None else 1), "ahead")
        t0 = time.perf_counter()
        try:
            return realprepare_step(self)
        finally:
            key = meter.where
            meter.time[key] = meter.time.get(key, 0.0) + time.perf_counter() - t0
            meter.where = before

    FairDevice.prepare_step = metered_prepare
    per_run = []
    for run in range(runs):
        meter.ops.clear()
        meter.time.clear()
        table = LocalTable(RuleSet.preset("standard", deals=deals), run % 3, [lambda v: v.legal[0]] * 3)
        while True:
            for seat, d in enumerate(table.devices):
                steps = d.steps()
                while True:
                    meter.where = (seat, d.d.number, "path")
                    t0 = time.perf_counter()
                    try:
                        next(steps)
                    except StopIteration:
                        break
                    finally:
                        key = (seat, d.d.number if d.d.verdict == "pending" else d.d.number - 1, "path")
                        meter.time[key] = meter.time.get(key, 0.0) + time.perf_counter() - t0
                        meter.where = None
            if not table.hub.deliver():
                break
        assert all(v is None for d in table.devices for v in d.verdicts), "an honest match had a breach"
        per_run.append((dict(meter.ops), dict(meter.time)))
    FairDevice.prepare_step = realprepare_step
    return summarise(per_run, deals, card_points_ms)


def summarise(per_run, deals: int, card_points_ms: float) -> dict:
    cells = [(seat, deal) for seat in range(3) for deal in range(deals)]
    out = {"card_points_ms_once": round(card_points_ms, 1), "ops": {}, "ms": {}}
    for where in ("path", "ahead"):
        for name in COUNTED:
            counts = [ops.get((s, d, where, name), 0) for ops, _ in per_run for s, d in cells]
            out["ops"][f"{name}_{where}"] = {"median": statistics.median(counts), "max": max(counts)}
        times = [statistics.median(t.get((s, d, where), 0.0) for _, t in per_run) * 1000 for s, d in cells]
        out["ms"][where] = {"median": round(statistics.median(times), 1), "max": round(max(times), 1)}
    busiest = max(((ops, s, d) for ops, _ in per_run for s, d in cells),
                  key=lambda x: sum(x[0].get((x[1], x[2], "path", n), 0) for n in COUNTED))
    ops, s, d = busiest
    out["busiest_deal"] = {n: ops.get((s, d, "path", n), 0) for n in COUNTED}
    return out


# --- the browser ----------------------------------------------------------------------------------

PAGE = """<!doctype html><meta charset="utf-8"><title>fair dealing bench</title>
<script type="module">
import * as noble from "./noble-ed25519.min.js";
import { makeGroup, cardNames } from "./noble_group.mjs";
const g = makeGroup(noble);
window.bench = (counts) => {
  const points = [], scalars = [];
  for (let i = 0; i < 64; i++) { scalars.push(g.randomScalar()); }
  const cards = cardNames().slice(0, 8).map(g.cardPoint);
  for (let i = 0; i < 64; i++) points.push(g.multiply(cards[i % 8], scalars[i]));
  const slices = [];
  const timed = (f) => { const t = performance.now(); f(); slices.push(performance.now() - t); };
  const t0 = performance.now();
  for (let i = 0; i < counts.multiply; i++) timed(() => g.multiply(points[i % 64], scalars[(i * 7) % 64]));
  for (let i = 0; i < counts.check_point; i++) timed(() => g.check(points[i % 64]));
  for (let i = 0; i < counts.invert; i++) timed(() => g.invert(scalars[i % 64]));
  const total = performance.now() - t0;
  const once = performance.now();
  g.cardPoints();
  const cardPoints = performance.now() - once;
  slices.sort((a, b) => a - b);
  const at = (q) => slices[Math.min(slices.length - 1, Math.floor(q * slices.length))];
  return { total_ms: total, longest_slice_ms: slices[slices.length - 1], p95_slice_ms: at(0.95), p99_slice_ms: at(0.99),
           multiply_ms: slices.length ? total / slices.length : 0, card_points_ms_once: cardPoints };
};
window.ready = true;
</script>"""


def browser(counts: dict, runs: int) -> dict | str:
    from game.online.fair import page_group

    chromium = shutil.which("chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "skipped: playwright is not installed"
    if not chromium:
        return "skipped: no chromium on PATH"
    folder = Path(tempfile.mkdtemp(prefix="fair-bench-"))
    shutil.copy(ROOT / "assets" / "web" / "noble-ed25519.min.js", folder)
    page_group.write_module(folder)
    (folder / "index.html").write_text(PAGE, encoding="utf-8")
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    results = {}
    try:
        with sync_playwright() as pw:
            b = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
            for rate in (1, 4):
                page = b.new_page()
                cdp = page.context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                page.goto(f"http://127.0.0.1:{server.server_address[1]}/index.html")
                page.wait_for_function("window.ready === true")
                page.evaluate("bench", {"multiply": 5, "check_point": 2, "invert": 2})  # warm the JIT
                got = [page.evaluate("bench", counts) for _ in range(runs)]
                results[f"{rate}x"] = {k: round(statistics.median(r[k] for r in got), 2) for k in got[0]}
                page.close()
            b.close()
    finally:
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)
    return results


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript"}

    def log_message(self, *args):
        pass


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args(argv)
    report = {"load_before": load(), "native": native(max(3, args.runs), args.deals)}
    busiest = report["native"]["busiest_deal"]
    if not args.no_browser:
        report["browser_busiest_deal"] = browser(busiest, max(3, args.runs))
        # before anyone sees a card: four decks of 52 in turn (the first is made ahead), then
        # each seat opens its 16 cards: the wait a deal adds, whoever's device is slowest
        report["browser_dealing_path"] = browser(DEALING_PATH, max(3, args.runs))
    report["load_after"] = load()
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
