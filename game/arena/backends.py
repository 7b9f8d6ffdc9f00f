"""Where the arena's duplicate units run, and how a long run reports and survives stopping.

Backends: "local" (this process for one job, else a pool of forked processes) and "ray"
(one Ray task per unit: a local Ray instance by default, a cluster with `address` or the
RAY_ADDRESS variable; `pip install -e '.[cluster]'`).  A unit is a pure function of its
job (seeds included), so both backends give the same per-unit results.  Finished units go
to a JSON-lines log as they arrive; running the same command again skips the units already
in the log (resume).  A progress bar with the rate and an ETA goes to stderr.
"""

from __future__ import annotations

import json
import os
import sys
import time

BACKENDS = ("local", "ray")


def job_key(job) -> str:
    """A stable text key of a job tuple (the resume log's index)."""
    return json.dumps(job, sort_keys=True, separators=(",", ":"))


def normalized(unit: dict) -> dict:
    """The unit as it reads back from JSON (tuples become lists)."""
    return json.loads(json.dumps(unit))


class UnitLog:
    """Finished units, one JSON object a line; read back to resume an interrupted run."""

    def __init__(self, path: str | None):
        self.path = path
        self.done: dict[str, dict] = {}
        if path and os.path.exists(path):
            broken = False
            with open(path) as f:
                for line in f:
                    try:
                        rec = json.loads(line)
                        self.done[rec["key"]] = rec["unit"]
                    except (json.JSONDecodeError, KeyError, TypeError):
                        broken = True  # a line cut short when the run was stopped
            if broken:  # keep only whole records, so new lines start on a line of their own
                with open(path, "w") as f:
                    for key, unit in self.done.items():
                        f.write(json.dumps({"key": key, "unit": unit}) + "\n")

    def add(self, job, unit: dict) -> None:
        key = job_key(job)
        self.done[key] = normalized(unit)
        if self.path:
            with open(self.path, "a") as f:
                f.write(json.dumps({"key": key, "unit": unit}) + "\n")


class Progress:
    """`[#####.....] 120/400 30% 2.1 units/s ETA 2m13s` on stderr: in place on a terminal,
    otherwise a line at most every `every` seconds."""

    def __init__(self, total: int, already: int = 0, stream=None, every: float = 30.0, enabled: bool = True):
        self.total, self.done, self.start_done = total, already, already
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.every, self.enabled = every, enabled
        self.t0 = self.last = time.time()

    def line(self) -> str:
        frac = self.done / self.total if self.total else 1.0
        bar = "#" * int(30 * frac) + "." * (30 - int(30 * frac))
        dt = time.time() - self.t0
        new = self.done - self.start_done
        rate = new / dt if dt > 0 else 0.0
        eta = (self.total - self.done) / rate if rate > 0 else float("nan")
        return (f"[{bar}] {self.done}/{self.total} {100 * frac:.0f}% {rate:.2f} units/s "
                f"elapsed {clock(dt)} ETA {clock(eta)}")

    def step(self, n: int = 1) -> None:
        self.done += n
        if not self.enabled:
            return
        now = time.time()
        if self.tty:
            self.stream.write("\r" + self.line())
            if self.done >= self.total:
                self.stream.write("\n")
        elif now - self.last >= self.every or self.done >= self.total:
            self.stream.write(self.line() + "\n")
            self.last = now
        self.stream.flush()


def clock(seconds: float) -> str:
    if seconds != seconds:  # nan: no rate yet
        return "?"
    seconds = int(seconds)
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}h{m:02d}m" if h else f"{m}m{s:02d}s"


def run_units(fn, jobs: list, backend: str = "local", workers: int = 1, address: str | None = None):
    """Yield (job, fn(job)) as units finish, in any order."""
    if backend == "local":
        if workers <= 1:
            for job in jobs:
                yield job, fn(job)
            return
        import multiprocessing as mp
        with mp.get_context("fork").Pool(workers) as pool:
            for job, unit in pool.imap_unordered(_Tagged(fn), jobs, chunksize=1):
                yield job, unit
        return
    if backend == "ray":
        yield from _run_ray(fn, jobs, workers, address)
        return
    raise ValueError(f"unknown backend {backend!r}: one of {', '.join(BACKENDS)}")


class _Tagged:
    """fn(job) -> (job, unit), picklable for a process pool."""

    def __init__(self, fn):
        self.fn = fn

    def __call__(self, job):
        return job, self.fn(job)


def _run_ray(fn, jobs: list, workers: int, address: str | None):
    try:
        import ray
    except ImportError:
        raise SystemExit("the ray backend needs Ray: pip install -e '.[cluster]'") from None
    address = address or os.environ.get("RAY_ADDRESS") or None
    started = not ray.is_initialized()
    if started:
        if address:
            import game  # the workers of a remote cluster get this package shipped to them
            ray.init(address=address, runtime_env={"py_modules": [game]}, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)
    task = ray.remote(num_cpus=1)(fn)
    try:
        pending = {task.remote(job): job for job in jobs}
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                yield pending.pop(ref), ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def compare_logs(path_a: str, path_b: str) -> tuple[int, int, list[str]]:
    """(units in both, units whose results agree, keys that differ) of two unit logs."""
    a, b = UnitLog(path_a).done, UnitLog(path_b).done
    common = [k for k in a if k in b]
    differ = [k for k in common if a[k]["results"] != b[k]["results"]]
    return len(common), len(common) - len(differ), differ


def main(argv=None) -> int:
    """python -m game.arena.backends A.units.jsonl B.units.jsonl: do two runs agree unit by unit?"""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2:
        print("usage: python -m game.arena.backends A.units.jsonl B.units.jsonl", file=sys.stderr)
        return 2
    n, same, differ = compare_logs(*argv)
    print(f"{n} units in both logs, {same} with identical per-unit results, {len(differ)} different")
    for k in differ[:10]:
        print("  differs:", k)
    return 0 if n and not differ else 1


__all__ = ["BACKENDS", "UnitLog", "Progress", "run_units", "job_key", "normalized", "clock", "compare_logs"]


if __name__ == "__main__":
    raise SystemExit(main())
