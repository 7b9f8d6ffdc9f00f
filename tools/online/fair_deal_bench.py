"""What fair dealing costs per deal: the wait it adds and each device's work, natively and
in headless Chromium at 1x and 4x CPU slowdown.

    python -m tools.online.fair_deal_bench [--runs 3] [--deals 6] [--no-browser] [--ops]

The default measures online play itself: a host and two guests (game/online/host/,
guest.py) over in-memory links play whole standard matches with fair dealing, every seat
taking its first legal action at once (so the time is the protocol's, not a person's),
one frame at a time as the game's loop runs them (each device's work at most `fair_ms` a
frame).  Per deal: the wait from the last card of a deal to the new hands on every screen
(the audit, then the dealing), each device's work, and the longest frame of one device's
work.  In the browser the same Python runs in Pyodide (webcheck's, from
~/.cache/webcheck) with the game's own page backend (PageGroup through assets/web/fair.js:
the real Python-to-JS path), its frames paced by requestAnimationFrame; the three devices
share one page and one CPU, so the wait is an upper bound of three phones', and the longest
gap between animation frames holds all three devices' work.  Medians of the runs, with the
machine's load.

`--ops` is the fair core's count instead: three devices on the in-memory hub, every group
operation counted per device and deal (on the deal's path or prepared ahead), and the
same operations timed one by one with the noble bundle in Chromium.
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

ROOT = Path(__file__).resolve().parents[2]
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
    real_prepare = FairDevice.prepare_step

    def metered_prepare(self):  # idle-time work: counted apart from the deal's path
        before = meter.where
        meter.where = (self.seat, self.d.number + (0 if self.d.secrets is None else 1), "ahead")
        t0 = time.perf_counter()
        try:
            return real_prepare(self)
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
    FairDevice.prepare_step = real_prepare
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


# --- online play ------------------------------------------------------------------------------

def online_room(deals: int, clock, group=None):
    """A host and two guests over in-memory links, dealing fairly."""
    from game.engine import RuleSet
    from game.online.guest import Guest
    from game.online.host import Host, HostSettings
    from game.online.links.transport import memory_pair

    host = Host("Hana", settings=HostSettings(turn_timeout_s=None), clock=clock, strength="random",
                rules=RuleSet.preset("standard", deals=deals), group=group)
    guests = []
    for name in ("Gus", "Gia"):
        host_end, guest_end = memory_pair(clock)
        host.add_link(host_end)
        guests.append(Guest(guest_end, name, clock=clock, group=group))
    return host, guests


async def online_match(deals: int = 6, frame=None, group=None) -> dict:
    """Plays one match, a frame at a time; `frame` is awaited between frames (the page's
    animation frame in the browser).  Returns its figures (seconds and milliseconds)."""
    clock = time.perf_counter
    host, guests = online_room(deals, clock, group)
    stations = []
    frames_ms: list[float] = []
    waits, audits, dealings, work = [], [], [], []
    marks = {"played_out": None, "audited": None}
    busy_before = None

    def seats():
        return [host.mirror] + [g.fair.seat for g in guests]

    def devices():
        return [s.device for s in seats()]

    def people_act():
        for mirror, act in [(host.mirror, host.act)] + [(g.fair.seat if g.fair else None, g.act) for g in guests]:
            if mirror is None or mirror.view is None or mirror._chosen is not None:
                continue
            view = mirror.view
            if view.to_act == mirror.seat and view.legal and mirror.tracker.view() == view:
                act(view.legal[0])

    started = False
    deal = 0
    start = clock()
    for _ in range(2_000_000):
        t0 = time.perf_counter()
        for g in guests:
            g.poll()
        host.poll()
        if not started and all(g.stage == "lobby" for g in guests):
            host.start()
            started = True
        ready = host.fair is not None and host.fair.started and all(g.fair and g.fair.seat for g in guests)
        if ready:
            people_act()
        frames_ms.append((time.perf_counter() - t0) * 1000)
        if ready:
            if not stations:
                stations = [host.fair] + [g.fair for g in guests]
                marks["audited"] = start  # the first deal's wait counts from Start
                busy_before = [0.0] * 3
            trackers = [d.tracker for d in devices()]
            now = clock()
            if marks["played_out"] is None and all(t.deal_number > deal or t.phase in ("dealing", "game_over") for t in trackers) \
                    and deal > 0:
                marks["played_out"] = now
            if all(len(d.verdicts) >= deal for d in devices()) and marks["audited"] is None and marks["played_out"] is not None:
                marks["audited"] = now
                audits.append(now - marks["played_out"])
            if marks["audited"] is not None and all(t.deal_number == deal and t.phase not in ("dealing",) for t in trackers):
                dealings.append(now - marks["audited"])
                waits.append(now - (marks["played_out"] or start))
                busy = [s.busy_s for s in stations]
                work.append([b - a for a, b in zip(busy_before, busy)])
                busy_before = busy
                deal += 1
                marks = {"played_out": None, "audited": None}
            if host.stage == "over" and all(len(d.verdicts) == deals for d in devices()):
                break
        if frame is not None:
            await frame()
    assert all(v is None for d in devices() for v in d.verdicts), "an honest match had a breach"
    frames_ms.sort()
    return {
        "wait_s": waits, "audit_s": audits, "dealing_s": dealings,
        "device_work_s": work,
        "longest_device_frame_ms": max(s.longest_ms for s in stations),
        "page_frame_ms": {"p95": frames_ms[int(0.95 * (len(frames_ms) - 1))], "max": frames_ms[-1]},
        "frames": len(frames_ms), "match_s": clock() - start,
    }


def online_summary(runs: list[dict]) -> dict:
    """Medians over the runs: the first deal apart (its secrets are made after Start, not
    ahead), then every later deal."""
    later = [w for r in runs for w in r["wait_s"][1:]]
    return {
        "first_deal_wait_s": round(statistics.median(r["wait_s"][0] for r in runs), 2),
        "wait_per_deal_s": {"median": round(statistics.median(later), 2), "max": round(max(later), 2)},
        "audit_s": round(statistics.median(a for r in runs for a in r["audit_s"]), 2),
        "dealing_s": round(statistics.median(d for r in runs for d in r["dealing_s"][1:]), 2),
        "device_work_per_deal_s": round(statistics.median(w for r in runs for ws in r["device_work_s"][1:] for w in ws), 3),
        "longest_device_frame_ms": round(statistics.median(r["longest_device_frame_ms"] for r in runs), 1),
        "page_frame_ms_max": round(statistics.median(r["page_frame_ms"]["max"] for r in runs), 1),
        "match_s": round(statistics.median(r["match_s"] for r in runs), 1),
    }


def online_native(runs: int, deals: int) -> dict:
    import asyncio

    return online_summary([asyncio.run(online_match(deals)) for _ in range(runs)])


# --- online play in the browser: Pyodide, the game's page backend -----------------------------

PYODIDE_PAGE = """<!doctype html><meta charset="utf-8"><title>fair dealing in the page</title>
<script type="module" src="fair.js"></script>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
window.gaps = [];
window.recording = false;
let last = performance.now();
const tick = (t) => { if (window.recording) window.gaps.push(t - last); last = t; requestAnimationFrame(tick); };
requestAnimationFrame(tick);
try {
  const py = await loadPyodide({ indexURL: "./pyodide/" });
  const zip = await (await fetch("app.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/app" });
  await py.runPythonAsync(`
import sys, platform, asyncio, js
from pyodide.ffi import create_once_callable
sys.path.insert(0, "/app")
platform.window = js  # what pygbag offers as platform.window
_sleep = asyncio.sleep
async def _frame_sleep(delay, result=None):  # pygbag resumes sleep(0) at the next animation frame
    if delay > 0:
        return await _sleep(delay, result)
    done = asyncio.get_running_loop().create_future()
    js.requestAnimationFrame(create_once_callable(lambda _t: done.done() or done.set_result(result)))
    return await done
asyncio.sleep = _frame_sleep
`);
  window.py = py;
  window.state = "ready";
} catch (e) { window.state = "failed: " + e; }
</script>"""

RUN_IN_PAGE = """
import asyncio, json
import tools.online.fair_deal_bench as bench
json.dumps(await bench.online_match({deals}, frame=lambda: asyncio.sleep(0)))
"""


def browser_online(runs: int, deals: int) -> dict | str:
    """The online match in Pyodide through the game's PageGroup, at 1x and 4x."""
    import zipfile

    chromium = shutil.which("chromium")
    pyodide = Path(os.environ.get("WEBCHECK_CACHE", str(Path.home() / ".cache/webcheck"))) / "pyodide-314.0.7"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "skipped: playwright is not installed"
    if not chromium or not (pyodide / "pyodide.asm.mjs").exists():
        return "skipped: no chromium on PATH, or no Pyodide in ~/.cache/webcheck (its setup.sh)"
    folder = Path(tempfile.mkdtemp(prefix="fair-page-"))
    for name in ("fair.js", "noble-ed25519.min.js"):
        shutil.copy(ROOT / "assets" / "web" / name, folder)
    os.symlink(pyodide, folder / "pyodide")
    with zipfile.ZipFile(folder / "app.zip", "w") as z:
        for path in sorted((ROOT / "game").rglob("*.py")):
            if "arena" not in path.parts:
                z.write(path, path.relative_to(ROOT).as_posix())
        for name in ("tools/__init__.py", "tools/online/__init__.py", "tools/online/fair_deal_bench.py"):
            z.write(ROOT / name, name)
    (folder / "index.html").write_text(PYODIDE_PAGE, encoding="utf-8")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    results = {}
    try:
        with sync_playwright() as pw:
            b = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
            page = b.new_page()
            cdp = page.context.new_cdp_session(page)
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/index.html")
            page.wait_for_function("window.state !== undefined", timeout=300_000)
            state = page.evaluate("window.state")
            if state != "ready":
                return f"failed: {state}"
            for rate in (1, 4):
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                got, gaps = [], []
                for _ in range(runs):
                    page.evaluate("() => { window.gaps = []; window.recording = true; }")
                    text = page.evaluate("(code) => window.py.runPythonAsync(code)", RUN_IN_PAGE.format(deals=deals))
                    gaps.append(page.evaluate("() => { window.recording = false; return window.gaps.slice(); }"))
                    got.append(json.loads(text))
                summary = online_summary(got)
                every = sorted(g for run in gaps for g in run)
                summary["animation_frame_gap_ms"] = {"max": round(statistics.median(max(run) for run in gaps), 1),
                                                     "p99": round(every[int(0.99 * (len(every) - 1))], 1)}
                results[f"{rate}x"] = summary
            b.close()
    finally:
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)
    return results


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
    parser.add_argument("--ops", action="store_true", help="the fair core's operation counts instead")
    args = parser.parse_args(argv)
    runs = max(3, args.runs)
    report = {"load_before": load()}
    if args.ops:
        report["native"] = native(runs, args.deals)
        if not args.no_browser:
            busiest = report["native"]["busiest_deal"]
            report["browser_busiest_deal"] = browser(busiest, runs)
            # before anyone sees a card: four decks of 52 in turn (the first is made ahead), then
            # each seat opens its 16 cards: the wait a deal adds, whoever's device is slowest
            report["browser_dealing_path"] = browser(DEALING_PATH, runs)
    else:
        report["native_online"] = online_native(runs, args.deals)
        if not args.no_browser:
            report["browser_online"] = browser_online(runs, args.deals)
    report["load_after"] = load()
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
