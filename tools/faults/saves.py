"""Saves under faults: full disk, read-only or missing or blocked folder, a process killed
while writing, two windows writing at once.  Prints the figures (writes tried, reads torn,
saves lost; the last two must be 0)::

    python -m tools.faults.saves                 # about 15 s
    python -m tools.faults.saves --kills 200 --saves 1000

Each scenario checks after every step that the last good save is still there, whole, and
that the player was told (the storage's events, which the UI shows as notices).  Faults
are simulated portably by patching ``os.write`` / ``os.open`` (root ignores file
permissions, so a chmod-ed folder is no test under CI); where this process may mount, a
real 64 KiB tmpfs (filled up, then remounted read-only) is tried as well.
``tests/faults`` runs small versions of all of these in ``make test``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

from game.storage.store import GAME_KEY, Storage
from tools.faults.inject import full_disk, read_only, remount, tiny_tmpfs  # used by tests too

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# --- what is saved: real games ---------------------------------------------------------
def build_saves(count: int = 40, seed: int = 3) -> list[dict]:
    """`count` successive saves of one game (a save after each move), as Session makes them."""
    from game.ai import make_player
    from game.engine import Match
    from game.ui.games.session import Session

    match = Match.new(seed=seed)
    session = Session(match, ["Ann", "Bo", "Cy"], "random")
    bot = make_player("random", seed=seed)
    saves = []
    while len(saves) < count and not match.is_over():
        match.apply(bot.choose(match.view(match.to_act)))
        saves.append(session.to_save())
    return saves


def read_save(directory: str):
    """(fields, None) for a whole save; (None, why) for a torn or missing one."""
    path = os.path.join(directory, f"{GAME_KEY}.json")
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return None, "missing"
    except OSError as exc:
        return None, f"unreadable: {exc}"
    try:
        return Storage._open(text), None
    except ValueError as exc:
        return None, str(exc)


def read_settings(directory: str) -> bool:
    """True unless settings.json exists and is not a whole JSON object (torn)."""
    try:
        with open(os.path.join(directory, "settings.json"), encoding="utf-8") as f:
            return isinstance(json.loads(f.read()), dict)
    except FileNotFoundError:
        return True
    except ValueError:
        return False


def loads_whole(directory: str) -> bool:
    """What the next start does: load and validate everything (the match replayed)."""
    from game.ui.games.session import Session

    storage = Storage(directory)
    session, error = Session.load(storage)
    return session is not None and error is None and not storage.take_events()


def leftovers(directory: str) -> dict:
    try:
        names = os.listdir(directory)
    except OSError:
        names = []
    return {"temp": sum(n.endswith(".tmp") for n in names), "set_aside": sum(".damaged" in n for n in names)}


# --- in-process scenarios: the folder fails, then recovers ------------------------------
def _failing_then_recovering(directory: str, saves: list[dict], fault, reason: str, tries: int = 5) -> dict:
    """One good save, `tries` saves under `fault` (each must fail, leave the good save whole
    and no temporary file), then one save that must work again."""
    storage = Storage(directory)
    figures = {"writes": 1, "failed": 0, "reads": 0, "torn": 0, "lost": 0, "temp_left": 0,
               "told": False, "told_again": False, "reason": None}
    assert storage.save_game(saves[0]), storage.last_error
    good = open(os.path.join(directory, "game.json"), "rb").read()
    storage.take_events()
    with fault():
        for save in saves[1: tries + 1]:
            figures["writes"] += 1
            figures["failed"] += not storage.save_game(save)
    events = storage.take_events()
    figures["told"] = ("save_failed", reason) in events and sum(k == "save_failed" for k, _ in events) == 1
    figures["reason"] = storage.save_problem
    figures["reads"] += 1
    now, why = read_save(directory)
    figures["torn"] += why is not None and why != "missing"
    figures["lost"] += open(os.path.join(directory, "game.json"), "rb").read() != good
    figures["temp_left"] = leftovers(directory)["temp"]
    figures["writes"] += 1
    figures["recovered"] = storage.save_game(saves[tries + 1])
    figures["told_again"] = ("saved_again", "") in storage.take_events()
    figures["lost"] += not loads_whole(directory)
    return figures


def scenario_full_disk(directory: str, saves: list[dict]) -> dict:
    return _failing_then_recovering(directory, saves, full_disk, "full")


def scenario_read_only(directory: str, saves: list[dict]) -> dict:
    return _failing_then_recovering(directory, saves, lambda: read_only(directory), "read_only")


def scenario_real_tmpfs(saves: list[dict]) -> dict | None:
    """A real 64 KiB tmpfs: filled up by another file (ENOSPC), then remounted read-only
    (EROFS); None where mounting is not allowed."""
    with tiny_tmpfs(64) as path:
        if path is None:
            return None
        filler = os.path.join(path, "filler")

        @contextlib.contextmanager
        def fill():
            fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
            try:
                with contextlib.suppress(OSError):
                    while os.write(fd, b"\0" * 1024):
                        pass
            finally:
                os.close(fd)
            try:
                yield
            finally:
                os.remove(filler)

        @contextlib.contextmanager
        def frozen():
            if not remount(path, "ro"):
                raise RuntimeError("cannot remount read-only")
            try:
                yield
            finally:
                remount(path, "rw")

        big = [saves[-1]] * 8  # the largest save: it cannot fit in what the filler leaves
        full = _failing_then_recovering(os.path.join(path, "full"), [saves[0]] + big, fill, "full")
        ro = _failing_then_recovering(os.path.join(path, "ro"), saves, frozen, "read_only")
        return {"full": full, "read_only": ro}


def scenario_missing_folder(directory: str, saves: list[dict]) -> dict:
    """The folder is deleted while a game is on: the next save makes it again."""
    storage = Storage(directory)
    assert storage.save_game(saves[0])
    shutil.rmtree(directory)
    ok = storage.save_game(saves[1])
    return {"writes": 2, "saved": ok, "lost": int(not loads_whole(directory)),
            "events": storage.take_events()}


def scenario_blocked_folder(parent: str, saves: list[dict]) -> dict:
    """The folder's place is taken by a file (or its parent is a file): no false
    "damaged save" notice at start, and a save that fails is reported as such."""
    blocker = os.path.join(parent, "blocker")
    with open(blocker, "w") as f:
        f.write("not a folder")
    out = {}
    for name, directory in (("parent_is_file", os.path.join(blocker, "data")), ("folder_is_file", blocker)):
        from game.ui.games.session import Session

        storage = Storage(directory)
        loaded = Session.load(storage)
        start_events = storage.take_events()
        saved = storage.save_game(saves[0])
        out[name] = {"has_game": storage.has_game(), "loaded": loaded, "start_events": start_events,
                     "saved": saved, "events": storage.take_events(), "blocker_intact": open(blocker).read() == "not a folder"}
    return out


# --- other processes: killed while writing, two writers at once ------------------------
WRITER = """
import json, os, sys, time
sys.path.insert(0, {root!r})
from game.storage.store import Storage
directory, payloads, count, go = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
saves = json.load(open(payloads))
storage = Storage(directory)
print("ready", flush=True)
while go and not os.path.exists(go):  # start together with the other window
    time.sleep(0.001)
replaced = 0
for i in range(count):
    ok = storage.save_game(saves[i % len(saves)])
    ok = storage.save_settings({{"language": "pl", "count": i}}) and ok  # settings likewise
    kinds = [k for k, _ in storage.take_events()]
    replaced += kinds.count("save_replaced")
    print(("ok" if ok else "fail"), storage._generation, replaced, flush=True)
"""


def _writer(directory: str, payloads: str, count: int, go: str = "") -> subprocess.Popen:
    """A writer process; it prints "ready", waits for the file `go` (if given), then saves
    `count` times, printing "ok|fail generation replaced-notices" after each save."""
    proc = subprocess.Popen([sys.executable, "-c", WRITER.format(root=ROOT), directory, payloads, str(count), go],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    proc.stdout.readline()  # "ready"
    return proc


class Reader(threading.Thread):
    """Reads the save over and over while others write: every read must be whole."""

    def __init__(self, directory: str):
        super().__init__(daemon=True)
        self.directory, self.reads, self.torn, self.missing = directory, 0, 0, 0
        self.stop = threading.Event()
        self.seen_first = threading.Event()

    def run(self):
        while not self.stop.is_set():
            _, why = read_save(self.directory)
            self.reads += 2
            self.torn += not read_settings(self.directory)
            if why == "missing":
                self.missing += self.seen_first.is_set()
            elif why is not None:
                self.torn += 1
            else:
                self.seen_first.set()
            time.sleep(0.0005)


def kill_loop(directory: str, saves: list[dict], rounds: int = 10, seed: int = 1) -> dict:
    """`rounds` times: a writer process saves the game over and over and is killed
    (SIGKILL) at a random moment; the save left must be whole and no older than the
    last one the writer confirmed."""
    rng = random.Random(seed)
    os.makedirs(directory, exist_ok=True)
    payloads = os.path.join(os.path.dirname(os.path.abspath(directory)), "payloads.json")
    with open(payloads, "w") as f:
        json.dump(saves, f)
    figures = {"rounds": rounds, "writes": 0, "reads": 0, "torn": 0, "lost": 0, "killed_mid_write": 0}
    reader = Reader(directory)
    reader.start()
    try:
        for _ in range(rounds):
            proc = _writer(directory, payloads, 10**6)
            confirmed = 0
            for _ in range(rng.randrange(2, 12)):
                line = proc.stdout.readline().split()
                if not line:
                    break
                figures["writes"] += 2  # the game and the settings
                if line[0] == "ok":
                    confirmed = max(confirmed, int(line[1]))
            time.sleep(rng.random() * 0.004)
            proc.send_signal(signal.SIGKILL) if hasattr(signal, "SIGKILL") else proc.kill()
            rest, _ = proc.communicate()
            for line in rest.split("\n"):
                parts = line.split()
                if len(parts) >= 2 and parts[0] == "ok":
                    figures["writes"] += 2  # the game and the settings
                    confirmed = max(confirmed, int(parts[1]))
            figures["killed_mid_write"] += leftovers(directory)["temp"] > 0
            data, why = read_save(directory)
            if why is not None or data.get("generation", 0) < confirmed:
                figures["lost"] += 1
            for name in os.listdir(directory):  # tidy up (a later start sweeps them after two minutes)
                if name.endswith(".tmp"):
                    os.unlink(os.path.join(directory, name))
    finally:
        reader.stop.set()
        reader.join()
    figures["reads"], figures["torn"] = reader.reads, reader.torn
    figures["lost"] += reader.missing + leftovers(directory)["set_aside"]
    figures["loads_whole"] = loads_whole(directory)
    figures["lost"] += not figures["loads_whole"]
    return figures


def two_writers(directory: str, saves: list[dict], each: int = 150) -> dict:
    """Two windows (processes) save the same game folder at once, `each` saves apiece."""
    os.makedirs(directory, exist_ok=True)
    payloads = os.path.join(os.path.dirname(os.path.abspath(directory)), "payloads.json")
    with open(payloads, "w") as f:
        json.dump(saves, f)
    reader = Reader(directory)
    reader.start()
    try:
        go = os.path.join(os.path.dirname(os.path.abspath(directory)), "go")
        procs = [_writer(directory, payloads, each, go) for _ in range(2)]
        open(go, "w").close()
        outputs = [p.communicate(timeout=120)[0].split("\n") for p in procs]
    finally:
        reader.stop.set()
        reader.join()
    lines = [[line.split() for line in out if line.strip()] for out in outputs]
    figures = {
        "writes": 2 * sum(len(ls) for ls in lines),  # the game and the settings, each time
        "failed": sum(1 for ls in lines for parts in ls if parts[0] != "ok"),
        "reads": reader.reads, "torn": reader.torn,
        "lost": reader.missing + leftovers(directory)["set_aside"],
        "told": [int(ls[-1][2]) if ls else 0 for ls in lines],  # save_replaced notices per window
    }
    figures["loads_whole"] = loads_whole(directory)
    figures["lost"] += not figures["loads_whole"]
    return figures


# --- the command -----------------------------------------------------------------------
def run_all(kills: int = 30, saves_each: int = 300, work: str | None = None) -> dict:
    saves = build_saves()
    results = {}
    with tempfile.TemporaryDirectory(dir=work) as tmp:
        results["full disk (patched os.write)"] = scenario_full_disk(os.path.join(tmp, "full"), saves)
        results["read-only folder (patched)"] = scenario_read_only(os.path.join(tmp, "ro"), saves)
        real = scenario_real_tmpfs(saves)
        if real is not None:
            results["full disk (real 64 KiB tmpfs)"] = real["full"]
            results["read-only folder (tmpfs remounted ro)"] = real["read_only"]
        missing = scenario_missing_folder(os.path.join(tmp, "gone"), saves)
        results["folder deleted mid-game"] = {"writes": missing["writes"], "torn": 0, "lost": missing["lost"]}
        blocked = scenario_blocked_folder(tmp, saves)
        results["folder blocked by a file"] = {
            "writes": 2, "torn": 0, "lost": 0,
            "told": all(("save_failed", "blocked") in b["events"] for b in blocked.values()),
            "false_damaged": sum(bool(b["start_events"]) or b["has_game"] for b in blocked.values()),
        }
        results["writer killed while writing"] = kill_loop(os.path.join(tmp, "kill"), saves, kills)
        results["two writers at once"] = two_writers(os.path.join(tmp, "two"), saves, saves_each)
    return results


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kills", type=int, default=30, help="writer processes killed mid-save")
    ap.add_argument("--saves", type=int, default=300, help="saves per window in the two-writer run")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    results = run_all(args.kills, args.saves)
    bad = 0
    print(f"{'scenario':40} {'writes':>7} {'reads':>7} {'torn':>5} {'lost':>5}  notes")
    for name, f in results.items():
        notes = {k: v for k, v in f.items() if k not in ("writes", "reads", "torn", "lost")}
        print(f"{name:40} {f.get('writes', 0):>7} {f.get('reads', 0):>7} {f.get('torn', 0):>5} {f.get('lost', 0):>5}  {notes}")
        bad += f.get("torn", 0) + f.get("lost", 0)
    total = sum(f.get("writes", 0) for f in results.values())
    print(f"total: {total} writes tried, {sum(f.get('reads', 0) for f in results.values())} reads, "
          f"{sum(f.get('torn', 0) for f in results.values())} torn, "
          f"{sum(f.get('lost', 0) for f in results.values())} saves lost ({time.perf_counter() - start:.1f} s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
