"""The page's backend (PageGroup: Python calling the JS runner of page_group.SOURCE through
assets/web/fair.js, as in the browser) gives libsodium's bytes batch for batch, signatures
included, and devices on the two backends deal and audit whole matches together."""

from __future__ import annotations

import json
import time

import nacl.bindings as sodium
import pytest

from game.ai.players import HeuristicPlayer
from game.engine import RuleSet
from game.online.fair import group
from game.online.fair.device import FairDevice
from game.online.fair.local import LocalTable
from game.online.fair.ops import ORDER, Batch, run_now
from game.online.fair.page_group import PageGroup

from .page_window import NodeWindow
from .test_noble_matches_sodium import TORSION


@pytest.fixture(scope="module")
def page():
    window = NodeWindow()
    yield PageGroup(window)
    window.close()


def a_batch(points_of) -> tuple[Batch, list]:
    """Every kind of operation, good and bad inputs, results referred to within the batch."""
    b = Batch()
    seed = bytes(range(32))
    message = b"3-5-8" * 40
    card = b.card("QH")
    key = bytes.fromhex("12" * 31 + "0a")
    locked = b.mul(card, key)
    inverse = b.inv(key)
    refs = [card, locked, b.mul(locked, inverse), b.mulpub(locked, b.times(key, key)), inverse,
            b.product([key, key, key]), b.check(group.card_point("2C")), b.check(TORSION[1]),
            b.mul(TORSION[4], key), b.mul(b.check(TORSION[2]), key),  # a failure carried on
            b.check(sodium.crypto_core_ed25519_add(group.card_point("3D"), TORSION[1]))]
    public = b.public(seed)
    signature = b.sign(seed, message)
    refs += [public, signature, b.verify(public, message, signature), b.verify(public, message + b"!", signature)]
    good_sig = group.sign(seed, message)
    good_pub = group.public_key(seed)
    s_plus_l = (int.from_bytes(good_sig[32:], "little") + ORDER).to_bytes(32, "little")
    torsion_r = sodium.crypto_core_ed25519_add(good_sig[:32], TORSION[1]) + good_sig[32:]
    refs += [b.verify(good_pub, message, good_sig[:32] + s_plus_l),  # S not below L
             b.verify(good_pub, message, torsion_r),  # R with a small-order part
             b.verify(TORSION[1], message, TORSION[0] + bytes(32)),  # a small-order key
             b.verify(good_pub, message, bytes(64))]
    return b, refs


def test_a_batch_gives_libsodiums_bytes_in_the_page(page):
    batch, refs = a_batch(None)
    native = run_now(group.NativeGroup(), batch)
    paged = run_now(page, batch)
    assert paged.values == native.values
    assert [native.values[r.index] for r in refs[-6:]] == [True, False, False, False, False, False]
    assert native.values[refs[7].index] is None and native.values[refs[8].index] is None
    random_scalars = run_now(page, _rands(8))
    for k in random_scalars.values:
        assert group.check_scalar(k)


def _rands(n: int) -> Batch:
    b = Batch()
    for _ in range(n):
        b.rand()
    return b


def test_one_call_a_slice_for_many_operations(page):
    """The point of batches: many group operations per Python-to-JS call."""
    b = Batch()
    point = group.card_point("AS")
    for i in range(60):
        b.mul(point, (i + 2).to_bytes(32, "little"))
    run_now(page, Batch())  # the runner installed in the page (once per page)
    before, slice_ms = page.calls, page.slice_ms
    page.slice_ms = 60_000  # a slice long enough for the whole batch however loaded the machine is
    try:
        got = run_now(page, b)
    finally:
        page.slice_ms = slice_ms
    assert got.values == run_now(group.NativeGroup(), b).values
    assert page.calls - before <= 2  # the batch handed over whole, its results read back


def test_devices_on_the_two_backends_deal_a_match_together(page):
    rules = RuleSet.preset("standard", deals=3)
    players = [HeuristicPlayer(70 + s) for s in range(3)]

    class PageDevice(FairDevice):
        def __init__(self, *args, **kw):
            super().__init__(*args, **{**kw, "group": page})

    table = LocalTable(rules, 1, [p.choose for p in players], device_class=[FairDevice, PageDevice, FairDevice], seed=7)
    table.run()
    assert all(d.verdicts == [None] * 3 for d in table.devices)
    assert all(d.tracker.phase == "game_over" for d in table.devices)
    assert table.devices[0].tracker.totals == table.devices[1].tracker.totals


def _muls(n: int) -> Batch:
    b = Batch()
    point = group.card_point("KD")
    for i in range(n):
        b.mul(point, (i + 5).to_bytes(32, "little"))
    return b


def _calls(page, batch) -> tuple[list, int]:
    before = page.calls
    got = run_now(page, batch)
    return got.values, page.calls - before


def test_a_big_batch_runs_in_the_pages_worker_and_a_small_one_at_once():
    """In the page a deck's work costs the frames nothing: it goes to the worker and is
    answered on a later call; a message's signature is answered in the call that asks."""
    window = NodeWindow(worker=True)
    try:
        page = PageGroup(window)
        run_now(page, Batch())  # installed
        big, small = _muls(page.away_at + 8), _muls(1)
        values, calls = _calls(page, big)
        assert values == run_now(group.NativeGroup(), big).values
        assert calls >= 2  # handed over, then its answer read on a later call
        values, calls = _calls(page, small)
        assert values == run_now(group.NativeGroup(), small).values and calls == 1
        stats = json.loads(window.eval("window.g358fair.stats()"))
        assert stats["worker"] is True and stats["away"]["ops"] == len(big.ops) and stats["ops"] == len(small.ops)
    finally:
        window.close()


def test_a_page_whose_worker_fails_still_gets_every_answer():
    """A worker that cannot start (or dies) leaves its batches to the page's own runner."""
    window = NodeWindow()
    try:
        window.eval("window.Worker = class { constructor() { setTimeout(() => this.onerror({}), 0); }"
                    " postMessage() {} terminate() {} }, window.Blob = Blob, 'ok'")
        page = PageGroup(window)
        run_now(page, Batch())
        big = _muls(page.away_at + 8)
        assert run_now(page, big).values == run_now(group.NativeGroup(), big).values
        stats = json.loads(window.eval("window.g358fair.stats()"))
        assert stats["worker"] is False and stats["ops"] >= len(big.ops)
    finally:
        window.close()


def test_every_call_into_the_page_is_followed_by_a_pause(page):
    """A batch answered in the call that asks for it still pauses once after it: a frame's
    slice keeper (fair_room/station.py) gets to stop the work after each call into the page."""
    run_now(page, Batch())  # installed
    steps, pauses = page.run(_muls(1)), 0
    while True:
        try:
            next(steps)
            pauses += 1
        except StopIteration:
            break
    assert pauses == 1


def test_a_batch_in_the_worker_ends_the_frames_slice_while_it_waits():
    """Asking the worker again in the same frame cannot bring its answer (it comes between
    frames): while it works the backend yields AWAY, and the slice keeper ends the slice."""
    from game.ai.slicing import SliceKeeper
    from game.online.fair.ops import AWAY

    window = NodeWindow(worker=True)
    try:
        page = PageGroup(window)
        run_now(page, Batch())
        before = page.calls
        steps = page.run(_muls(page.away_at + 8))
        done, _ = SliceKeeper().run(steps, 10_000.0, time.perf_counter, stop_on=AWAY)
        assert not done and page.calls - before == 1  # handed over, then the slice ended
        while not done:
            done, _ = SliceKeeper().run(steps, 10_000.0, time.perf_counter, stop_on=AWAY)
    finally:
        window.close()


def test_the_lobbys_warm_up_runs_every_kind_of_operation_on_the_pages_own_thread():
    """The first deal's operations on the page's thread are not the engine's first compile of
    them: before Start every kind has run there twice, with the right results."""
    from game.online.fair.ops import ARITY
    from game.online.fair.page_group import warm_batches

    window = NodeWindow(worker=True)
    try:
        page = PageGroup(window)
        for _ in page.warm_steps():
            pass
        stats = json.loads(window.eval("window.g358fair.stats()"))
        batches = warm_batches()
        assert stats["worker"] is True and stats["away"]["ops"] == 52  # the card points: a big batch
        assert stats["ops"] >= 2 * sum(len(batch) for batch in batches)  # the rest on the page's thread
        kinds = {name for batch in batches for name, *_ in batch.ops}
        assert kinds == set(ARITY) - {"rand"}  # random scalars take no compiling worth a frame
        for batch in batches:
            assert run_now(page, batch).values == run_now(group.NativeGroup(), batch).values
            assert None not in run_now(page, batch).values
    finally:
        window.close()


def test_a_small_batch_that_would_not_fit_the_callers_slice_goes_to_the_worker():
    """A slow phone's frame with little room left: even one multiplication waits for the worker
    rather than run past the slice on the page's thread."""
    window = NodeWindow(worker=True)
    try:
        page = PageGroup(window)
        for _ in page.warm_steps():  # installed, every kind timed here
            pass
        run_now(page, _muls(page.away_at))  # and a point's multiplication timed in the worker
        small = _muls(1)
        away_before = json.loads(window.eval("window.g358fair.stats()"))["away"]["ops"]
        page.deadline = time.perf_counter() - 0.001  # none left
        values, calls = _calls(page, small)
        assert values == run_now(group.NativeGroup(), small).values and calls >= 2
        assert json.loads(window.eval("window.g358fair.stats()"))["away"]["ops"] == away_before + 1
    finally:
        page.deadline = None
        window.close()


def _verify_batch() -> Batch:
    seed, message = bytes(range(3, 35)), b"a signed message"
    b = Batch()
    b.verify(group.public_key(seed), message, group.sign(seed, message))
    return b


def _openings(n: int) -> Batch:
    """n played cards' openings: the page's smallest heavy operation."""
    b = Batch()
    for i in range(n):
        b.mulpub(group.card_point("9S"), (i + 11).to_bytes(32, "little"))
    return b


def test_a_kind_not_yet_timed_on_the_page_goes_to_the_worker():
    """The first run of a kind on the page's thread is the engine's compile of it (30-50 ms at
    full speed): where the lobby has not run it yet, a slice sends it to the worker."""
    window = NodeWindow(worker=True)
    try:
        page = PageGroup(window)
        run_now(page, Batch())  # installed, nothing timed
        page.deadline = time.perf_counter() + 60.0
        values, calls = _calls(page, _verify_batch())
        assert values == [True] and calls >= 2
    finally:
        page.deadline = None
        window.close()


# The page's clock made to count: every reading is `window.tick` ms after the one before, so an
# operation timed on the page takes `tick` ms whatever the machine's load.  And a worker that
# answers every batch with nothing, and says it timed every kind at `window.workerMs`.
COUNTED_PAGE = """(() => {
  let now = 0;
  window.tick = 0.01;
  performance.now = () => (now += window.tick);
  window.workerMs = 0.01;
  window.Worker = class {
    postMessage([id, ops]) {
      const n = JSON.parse(ops).length;
      const costs = {};
      for (const kind of ["card", "mul", "mulpub", "check", "inv", "times", "public", "sign", "verify"]) costs[kind] = window.workerMs;
      const stats = JSON.stringify({ ops: n, costs });
      setTimeout(() => this.onmessage({ data: [id, JSON.stringify({ id, results: Array(n).fill(null) }), stats] }), 0);
    }
    terminate() {}
  };
  window.Blob = Blob;
  return 'ok';
})()"""


def _counted_page(window) -> PageGroup:
    """A page on COUNTED_PAGE, its kinds timed on its thread and in its worker."""
    from game.online.fair.page_group import warm_batches

    window.eval(COUNTED_PAGE)
    page = PageGroup(window)
    run_now(page, Batch())  # installed
    for batch in warm_batches() * 2:  # every kind timed on the page's thread
        run_now(page, batch)
    run_now(page, _muls(page.away_at))  # a big batch: the worker's answer brings its figures
    return page


def _here(page, batch, room_ms: float = 60_000.0) -> bool:
    """Whether `batch` runs on the page's own thread in a slice with `room_ms` left."""
    page.deadline = time.perf_counter() + room_ms / 1000.0
    try:
        return _calls(page, batch)[1] == 1
    finally:
        page.deadline = None


def test_a_kind_found_slow_on_the_page_goes_to_the_worker_and_is_tried_there_again_later():
    """At 4x CPU slowdown one operation alone overran a frame: a kind that ran slow on the page's
    thread goes to the worker from then on, and is expected a little quicker each time, so one
    slow moment (a collection) does not keep it off the page's thread for good."""
    window = NodeWindow()
    try:
        page = _counted_page(window)
        assert _here(page, _openings(1))
        window.eval("(window.tick = 50, 'ok')")
        run_now(page, _openings(1))  # outside a slice: run here, and timed at 50 ms
        window.eval("(window.tick = 0.01, 'ok')")
        where = ["here" if _here(page, _openings(1)) else "away" for _ in range(150)]
        assert where[0] == "away", "found slow: sent to the worker"
        assert "here" in where, f"never tried here again: {where}"
        assert where.index("here") > 40, "expected a little quicker each time, not at once"
    finally:
        window.close()


def test_however_much_room_is_left_the_pages_thread_takes_only_small_batches():
    """A phone may be slower now than when the page timed the kinds (in the lobby), and one
    operation's time varies several-fold: only a batch expected to take at most 1 ms runs on the
    page's own thread, even in a frame with plenty of room; and only one expected to take a
    third of the room left."""
    window = NodeWindow()
    try:
        page = _counted_page(window)
        window.eval("(window.tick = 0.4, window.workerMs = 0.4, 'ok')")
        run_now(page, _openings(1))  # a played card's opening now timed at 0.4 ms
        page.away_at = 10**6  # only the time decides
        assert _here(page, _openings(2))
        assert not _here(page, _openings(4)), "1.6 ms: more than a little"
        assert not _here(page, _openings(2), room_ms=2.0), "0.8 ms: more than a third of 2"
    finally:
        window.close()


def test_what_the_worker_timed_counts_where_the_page_expected_less():
    """The page timed its kinds in the lobby; the worker, which runs most operations, times them
    all along: a kind the worker has not timed yet, or found slower than the page expects (a
    phone slower now), goes to the worker; one both found quick runs on the page at once."""
    window = NodeWindow()
    try:
        window.eval(COUNTED_PAGE)
        page = PageGroup(window)
        run_now(page, Batch())
        from game.online.fair.page_group import warm_batches

        for batch in warm_batches() * 2:
            run_now(page, batch)
        verdicts = []
        for worker_ms in (None, 0.01, 1000):
            if worker_ms is not None:
                window.eval(f"(window.workerMs = {worker_ms}, 'ok')")
                run_now(page, _muls(page.away_at + 2))  # a big batch: the worker's answer brings its figures
            verdicts.append("here" if _here(page, _openings(1)) else "away")
        assert verdicts == ["away", "here", "away"]
    finally:
        window.close()
