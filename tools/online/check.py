"""Online play end to end in real browsers: the built page, three devices, a local relay.

    python -m tools.online.check [--web build/web] [--no-build] [--wheel WHEEL] [--deals 1]
                                 [--cpu-slowdown N] [--shots DIR --lang pl] [--native | --fair [--cheat]]

Builds the page (`--no-build`: use a build/web that is newer than the game's sources), serves
it on 127.0.0.1, starts a local Nostr relay standing in for the public ones, and opens
headless Chromium pages, each a device of its own (a browser context: its own storage)
running the real built game on Pyodide (tools/online/pages.py):

1. Rooms by link: the host makes a room through its screens (the cards dealt by the host,
   chosen in its lobby: `--fair` checks fair dealing), a friend opens the invitation
   link (`#room=...&key=...`) and joins; one whole deal is played with two people and a
   computer seat, each person's seat played by clicks (the autopilot).  Mid-deal the
   friend's page is reloaded: it joins again with the token it kept and gets its seat back.
   Then it plants five bad messages through its shim (tools/online/plant.py); the host must
   refuse each and the deal goes on to its end.
2. Codes by hand: the host leaves, a third device joins a new game by offer and answer
   codes, and the two play until the first trick is taken.

`--native`: instead, the native window (aiortc, the `online` extra) hosts by codes and two
browser pages join it by codes; the three play a whole match of the shortest rules the
game allows (the standard preset: 3 deals).

`--fair`: the host's page chooses Fair dealing in its lobby, two friends' pages join by
the link, and the three people play a whole match of the shortest rules, every page's
audit passing every deal; it prints the seconds each deal's dealing took (defined in
tools/online/check_fair.py), each page's longest frame while the fair work ran, and whether
every audit passed.  `--cheat` with it: a friend's device plays a card it does not hold,
and every page must name that seat.

Prints one JSON line: deals_finished, rejoin_ok, messages_refused (planted and refused),
planted, invite_link_length, connect_s (seconds from joining to an open link: the room's,
the rejoin's, the codes'), click_to_card_ms (median ms from a person's click on a card to
that card landing on the other devices' tables; with its count), and the pages' load times.
Exit status 1 when a step failed (the JSON then has "error").
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools.online.check_steps import AT_TABLE, choose_in_lobby, click_to_card, every_click, median, pilot_at_table

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("game", "main.py", "assets", "tools/web/build.py")
DRIVER = ROOT / "tools" / "online" / "page_driver.py"

HOST_HISTORY = "len(main.APP.online.host.match.history)"


def newest_source(root: Path = ROOT) -> float:
    newest = 0.0
    for name in SOURCES:
        path = root / name
        files = [path] if path.is_file() else path.rglob("*")
        newest = max([newest, *(f.stat().st_mtime for f in files if f.is_file() and "__pycache__" not in f.parts)])
    return newest


def build_page(web: Path, reuse: bool) -> None:
    """Build build/web, or check that the one there is newer than the sources."""
    archive = next(iter(sorted(web.glob("*.tar.gz"))), None)
    if reuse:
        if archive is None or archive.stat().st_mtime < newest_source():
            sys.exit(f"online_check: {web} is missing or older than the sources: build it (make web) or drop --no-build")
        return
    done = subprocess.run([sys.executable, "-m", "tools.web.build", "--out", str(web)], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, "SDL_VIDEODRIVER": "dummy"}, stdin=subprocess.DEVNULL)
    if done.returncode != 0:
        sys.exit(f"online_check: the build failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")


class Check:
    def __init__(self, args, site, browser, shots: Path | None):
        from tools.online import plant
        from tools.online.pages import GamePage

        self.args = args
        self.site = site
        self.shots = shots
        locale = {"en": "en-US", "pl": "pl-PL", "bg": "bg-BG", "ru": "ru-RU"}[args.lang]

        def device(name, throttled: bool = True):
            return GamePage(browser, name, locale=locale, cpu_slowdown=args.cpu_slowdown if throttled else 1.0)

        self.device = device
        self.result: dict = {"deals_finished": 0, "rejoin_ok": False, "messages_refused": 0,
                             "planted": len(plant.PLANTED),
                             "invite_link_length": None, "connect_s": {}, "click_to_card_ms": None,
                             "load_s": {}}
        self.samples: list[float] = []
        self.pages: list = []

    def shot(self, page, name: str) -> None:
        if self.shots is not None:
            page.shot(self.shots / f"online-{self.args.lang}-{name}.jpg")

    def open(self, page, url: str, seed: int):
        page.open(url, DRIVER.read_text(encoding="utf-8"), seed)
        self.result["load_s"][page.name] = round(page.load_s, 1)
        return page

    # --- the steps ---------------------------------------------------------------------------
    def make_room(self, host) -> str:
        host.wait("main.APP.scene_name == 'title'", 60, "the title")
        assert host.value("main._oc.press('friends')")
        host.wait("main.APP.scene_name == 'friends'", 30, "the friends' screen")
        host.value("main._oc.type('name', 'Hana')")
        host.wait("'make_room' in main._oc.targets()", 30, "Make a room")
        host.value("main._oc.press('make_room')")
        host.wait("main.APP.scene_name == 'lobby' and main.APP.online.room.state == 'open'", 60, "the room open")
        time.sleep(0.5)  # the QR code is drawn a frame or two after the page's encoder answers
        self.shot(host, "invite")
        return host.value("main.APP.online.invite_link()")

    def join_by_link(self, guest, invite: str, name: str, seed: int) -> float:
        self.open(guest, invite, seed)
        guest.wait("main.APP.scene_name in ('join', 'lobby') or " + AT_TABLE, 60, "the join screen")
        if guest.value("'join' in main._oc.targets()"):
            guest.value(f"main._oc.type('name', {name!r})")
            guest.value("main._oc.press('join')")
        self.wait_seat(guest, 90, "a seat")
        return round(guest.value("main.APP.online.link.connect_s"), 2)

    def wait_seat(self, guest, timeout_s: float, what: str) -> None:
        """Until the host gives this device a seat.  A link that did not open in its 15 s
        (a loaded machine) is tried again with the join screen's Try again, as a person
        would; the tries are counted in `join_retries`."""
        seated = "main.APP.online is not None and main.APP.online.guest is not None and main.APP.online.guest.seat is not None"
        failed = "main.APP.scene_name == 'join' and 'retry' in main._oc.targets()"
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                guest.wait(f"({seated}) or ({failed})", max(1.0, deadline - time.monotonic()), what)
            except TimeoutError:
                raise TimeoutError(f"{guest.name}: {what} not within {timeout_s:.0f} s") from None
            if guest.value(seated):
                return
            self.result["join_retries"] = self.result.get("join_retries", 0) + 1
            self.result.setdefault("join_failures", []).append(guest.value("main.APP.online.link_problem()"))
            guest.value("main._oc.press('retry')")
            time.sleep(1.0)

    def play_link_deal(self, host, guest) -> None:
        host.value("main._oc.press('start')")
        for page in (host, guest):
            page.wait(AT_TABLE, 90, "the table")
        for page in (host, guest):
            page.value("setattr(main._oc, 'pilot_on', True)")
        host.wait(f"{HOST_HISTORY} >= 12", 240, "a dozen actions of the deal")
        # the friend's page is reloaded mid-deal: the game starts again and joins with its token
        seat = guest.value("main.APP.online.seat")
        self.samples += click_to_card(guest, [host])
        guest.page.reload()
        guest.page.wait_for_function("window.state !== 'loading'", timeout=240_000)
        guest.wait("getattr(__import__('main'), 'APP', None) is not None and __import__('main').APP.frames > 3", 240,
                   "the reloaded game")
        guest.py(DRIVER.read_text(encoding="utf-8") + "\nmain._oc_install(12)")
        self.wait_seat(guest, 120, "the seat back")
        self.result["connect_s"]["rejoin"] = round(guest.value("main.APP.online.link.connect_s"), 2)
        guest.wait(AT_TABLE, 90, "the table again")
        self.result["rejoin_ok"] = self.rejoined(host, guest, seat)
        self.plant_bad_messages(host, guest)
        if self.shots is not None:
            host.wait("len(main.APP.scene.table.board.trick) >= 2", 120, "cards on the table")
            self.shot(host, "table")
        guest.value("setattr(main._oc, 'pilot_on', True)")
        want = self.args.deals
        host.wait(f"len(main.APP.online.host.match.deals) >= {want}", 120 + 150 * want, f"{want} deal(s) finished")
        guest.wait(f"len(main.APP.online.guest.deals) >= {want} and not main.APP.online.guest.problems", 60,
                   "the friend's check of the deal")
        self.result["deals_finished"] = min(host.value("len(main.APP.online.host.match.deals)"),
                                            guest.value("len(main.APP.online.guest.deals)"))
        self.samples += click_to_card(guest, [host])

    def rejoined(self, host, guest, seat: int) -> bool:
        """The same seat, present again in the host's room, and its hand the host's for it."""
        if guest.value("main.APP.online.seat") != seat:
            return False
        host.wait(f"main.APP.online.lobby.seats[{seat}].present", 30, "the friend present again")
        for _ in range(40):
            at_host = host.value(HOST_HISTORY)
            mine = guest.value("[main.APP.online.guest.at, sorted(str(c) for c in main.APP.online.guest.view.hand)]")
            theirs = host.value(f"sorted(str(c) for c in main.APP.online.host.match.view({seat}).hand)")
            if mine[0] == at_host:
                return mine[1] == theirs
            time.sleep(0.25)
        return False

    def plant_bad_messages(self, host, guest) -> None:
        from tools.online import plant

        guest.value("setattr(main._oc, 'pilot_on', False)")
        guest.wait(plant.MY_TURN, 240, "the friend's turn")
        before = host.value("dict(main.APP.online.host.refused)")
        plant.plant(guest)
        want = set(plant.PLANTED.values())
        host.wait(f"set(main.APP.online.host.refused) >= {want!r}", 30, "the planted messages refused")
        time.sleep(0.5)
        got = plant.refused(before, host.value("dict(main.APP.online.host.refused)"))
        self.result["refused_by_kind"] = got
        self.result["messages_refused"] = sum(1 for n in got.values() if n >= 1)

    def by_codes(self, host, guest) -> None:
        """The host leaves its game; a new one by codes with a third device."""
        host.value("setattr(main._oc, 'pilot_on', False)")
        host.value("main.APP.to_title()")
        host.wait("main.APP.scene_name == 'title' and main.APP.online is None", 30, "the title")
        host.value("main._oc.press('friends')")
        host.wait("'host_codes' in main._oc.targets()", 30, "Invite by codes")
        host.value("main._oc.press('host_codes')")
        host.wait("main.APP.scene_name == 'codes' and main.APP.scene.my_code()", 60, "the offer code")
        offer = host.value("main.APP.scene.my_code()")
        guest.wait("main.APP.scene_name == 'title'", 60, "the title")
        guest.value("main._oc.press('friends')")
        guest.wait("'join_codes' in main._oc.targets()", 30, "Join by codes")
        guest.value("main._oc.type('name', 'Gia')")
        guest.value("main._oc.press('join_codes')")
        guest.wait("main.APP.scene_name == 'codes'", 30, "the codes screen")
        guest.value(f"main.APP.scene.take_code({offer!r})")
        guest.wait("main.APP.scene.my_code()", 60, "the answer code")
        answer = guest.value("main.APP.scene.my_code()")
        host.value(f"main.APP.scene.take_code({answer!r})")
        for page in (host, guest):
            page.wait("main.APP.scene_name == 'lobby'", 60, "the lobby by codes")
        self.result["connect_s"]["codes"] = round(guest.value("main.APP.online.link.connect_s"), 2)
        choose_in_lobby(host, "host", None)
        host.value("main._oc.press('start')")
        pilot_at_table((host, guest), 90)
        host.wait("len(main.APP.online.host.match.view(0).tricks) >= 1", 240, "the first trick by codes")
        guest.wait("len(main.APP.scene.v.tricks) >= 1", 60, "the first trick on the friend's table")
        self.samples += click_to_card(guest, [host])

    def click_samples(self, pages) -> None:
        """click_to_card_ms and click_samples of a run whose every device is a page."""
        self.samples += every_click(pages)
        self.result["click_to_card_ms"] = median(self.samples)
        self.result["click_samples"] = len(self.samples)

    def diagnose(self, pages) -> dict:
        """Where each device was when a step failed: its screen, its game's stage, its link,
        its room, its console's last lines and the game's last error (the newest traceback's
        exception line)."""
        out = {}
        for page in pages:
            try:
                out[page.name] = page.value(
                    "[main.APP.scene_name, main._oc.targets(), main.APP.online and main.APP.online.stage,"
                    " main.APP.online and main.APP.online.problem,"
                    " main.APP.online and main.APP.online.link and [main.APP.online.link.state, main.APP.online.link.reason],"
                    " main.APP.online and main.APP.online.lobby and [[s.kind, s.present, s.held] for s in main.APP.online.lobby.seats]]")
                out[page.name].append(page.value("main.APP.online and main.APP.online.room and"
                                                 " [main.APP.online.room.state, main.APP.online.room.reason]"))
                out[page.name].append(page.console[-8:])
                out[page.name].append(page.last_error())
            except Exception as exc:  # a page that is gone says so
                out[page.name] = f"{type(exc).__name__}: {exc}"[:300]
        return out

    def run(self) -> None:
        host = self.open(self.device("host"), self.site.url, 1)
        self.pages = [host]
        invite = self.make_room(host)
        self.result["invite_link_length"] = len(invite)
        choose_in_lobby(host, "host", None)  # this run checks the host-dealt room: --fair checks the other
        friend = self.device("friend")
        self.pages.append(friend)
        self.result["connect_s"]["room"] = self.join_by_link(friend, invite, "Gus", 2)
        host.wait("main.APP.online.lobby.seats[1].present", 30, "the friend in the host's lobby")
        self.shot(friend, "lobby")
        self.result["seats"] = host.value("[s.kind for s in main.APP.online.lobby.seats]")
        third = self.open(self.device("third"), self.site.url, 3)  # loads while the deal is played
        self.pages.append(third)
        self.play_link_deal(host, friend)
        self.by_codes(host, third)
        self.result["click_to_card_ms"] = median(self.samples)
        self.result["click_samples"] = len(self.samples)
        self.note_errors((host, friend, third))

    def note_errors(self, pages) -> None:
        errors = [e for p in pages for e in p.errors()]
        if errors:
            self.result["page_errors"] = errors[:5]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--web", default=str(ROOT / "build" / "web"))
    ap.add_argument("--no-build", action="store_true", help="use --web as it is (it must be newer than the sources)")
    ap.add_argument("--wheel", default=os.environ.get("WEBCHECK_WHEEL", ""),
                    help="the pygame-ce WebAssembly wheel, never committed [$WEBCHECK_WHEEL]")
    ap.add_argument("--webcheck", help="the webcheck harness folder [$WEBCHECK_DIR or shared/webcheck]")
    ap.add_argument("--deals", type=int, default=1, help="deals to finish by link [1]")
    ap.add_argument("--cpu-slowdown", type=float, default=1.0, help="Chromium CPU throttling for every page")
    ap.add_argument("--shots", help="save JPEG screenshots here (online-LANG-*.jpg)")
    ap.add_argument("--lang", default="en", choices=("en", "pl", "bg", "ru"), help="the devices' language [en]")
    ap.add_argument("--native", action="store_true", help="the native window hosts two pages by codes, a whole match")
    ap.add_argument("--fair", action="store_true", help="three pages by link play a whole match dealt fairly")
    ap.add_argument("--cheat", action="store_true", help="with --fair: a friend's device cheats; every page names it")
    ap.add_argument("--profile", action="store_true",
                    help="with --fair: print each page's cProfile of its fair work (slower: never for the figures)")
    args = ap.parse_args(argv)
    if args.cheat and not args.fair:
        ap.error("--cheat goes with --fair")

    from tools.web.wasm import HarnessNotFound, find_webcheck, missing

    gaps = missing()
    if not args.wheel or not Path(args.wheel).is_file():
        gaps.append(f"the pygame-ce WebAssembly wheel (--wheel or WEBCHECK_WHEEL: {args.wheel or 'not given'})")
    try:
        webcheck = find_webcheck(explicit=args.webcheck)
    except HarnessNotFound as exc:
        gaps.append(str(exc))
    if gaps:
        print(json.dumps({"error": "missing: " + "; ".join(gaps)}))
        return 2
    web = Path(args.web)
    t0 = time.perf_counter()
    build_page(web, args.no_build)
    shots = Path(args.shots) if args.shots else None
    if shots:
        shots.mkdir(parents=True, exist_ok=True)

    from playwright.sync_api import sync_playwright

    from tools.online.local_relay import local_relay
    from tools.online.pages import Site, launch

    status = 0
    with tempfile.TemporaryDirectory(prefix="online-check-relay-") as folder, local_relay(Path(folder)) as relay:
        site = Site(web, Path(args.wheel), webcheck, [relay])
        try:
            with sync_playwright() as pw:
                browser = launch(pw)
                check = Check(args, site, browser, shots)
                try:
                    if args.native:
                        from tools.online.check_native import run_native

                        run_native(check)
                    elif args.fair:
                        from tools.online.check_fair import run_fair

                        run_fair(check)
                    else:
                        check.run()
                except Exception as exc:  # reported in the JSON line, with what was measured
                    check.result["error"] = f"{type(exc).__name__}: {exc}"[:1500]
                    check.result["diagnosis"] = check.diagnose(check.pages)
                    kept = Path(tempfile.gettempdir()) / f"online-check-relay-{os.getpid()}.log"
                    shutil.copy(Path(folder) / "relay.log", kept)
                    check.result["diagnosis"]["relay_log"] = str(kept)
                    status = 1
                finally:
                    browser.close()
        finally:
            site.close()
    check.result["wall_s"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(check.result))
    return status


if __name__ == "__main__":
    sys.exit(main())
