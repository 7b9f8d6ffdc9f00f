"""Other processes: a writer killed while saving (in a loop), two windows saving at once.

Each writer saves the game and the settings; reads of both run in a thread all the while:
none may be torn.  After every kill the save left is
whole and no older than the last one the writer confirmed; after two writers, neither
window's save was set aside as damaged and each window was told the other one saved.
The long versions are behind the ``slow`` marker (``python -m tools.faults.saves`` prints
the figures).
"""

import pytest

from tools.faults import saves as save_faults


def _kill_loop(tmp_path, saves, rounds):
    figures = save_faults.kill_loop(str(tmp_path / "data"), saves, rounds=rounds, seed=rounds)
    assert figures["writes"] > rounds and figures["reads"] > 0
    assert figures["torn"] == 0
    assert figures["lost"] == 0 and figures["loads_whole"]
    return figures


def _two_writers(tmp_path, saves, each):
    figures = save_faults.two_writers(str(tmp_path / "data"), saves, each=each)
    assert figures["writes"] == 2 * 2 * each and figures["failed"] == 0  # two windows, game and settings
    assert figures["torn"] == 0 and figures["lost"] == 0 and figures["loads_whole"]
    assert figures["told"] == [1, 1]  # each window was told, once, that the other one saved here
    return figures


def test_writer_killed_while_writing(tmp_path, saves):
    _kill_loop(tmp_path, saves, rounds=8)


def test_two_writers_at_once(tmp_path, saves):
    _two_writers(tmp_path, saves, each=80)


@pytest.mark.slow
def test_writer_killed_while_writing_long(tmp_path, saves):
    figures = _kill_loop(tmp_path, saves, rounds=150)
    assert figures["killed_mid_write"] > 0  # some kills really landed inside a write


@pytest.mark.slow
def test_two_writers_at_once_long(tmp_path, saves):
    _two_writers(tmp_path, saves, each=1000)
