import itertools
import sys

import pytest

from game.online.fair_room.station import Station
from game.online.guest import Guest


@pytest.fixture(autouse=True)
def counted_work_clocks(monkeypatch):
    """Every device's work slices measured on a clock that counts its reads (0.1 ms each), as
    the hostile soak's are: a test cuts its devices' work into the same slices on a busy
    machine as on an idle one.  On real time a loaded machine's slices held fewer steps, and
    which deal a stalling seat was named in, or whose turn it was, moved with the load.  A
    test that needs another clock sets its own over this one."""
    ticks = itertools.count()
    clock = staticmethod(lambda: next(ticks) / 10000.0)
    monkeypatch.setattr(Station, "work_clock", clock)
    monkeypatch.setattr(Guest, "work_clock", clock)


def pytest_terminal_summary(terminalreporter):
    """The hostile-peer soak's counts (cases per attack, refused, the hostile seat named,
    how each case ended), when it ran (its module is loaded only then)."""
    hostile = sys.modules.get("tests.online.hostile")
    lines = hostile.report() if hostile is not None else []
    if lines:
        terminalreporter.section("hostile peer soak (one guest's crafted messages)")
        for line in lines:
            terminalreporter.write_line(line)
