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


def _scalars() -> Batch:
    """Scalar arithmetic only: no point's operation."""
    b = Batch()
    key = (9).to_bytes(32, "little")
    b.times(b.inv(key), key)
    return b


def _stats(window) -> dict:
    return json.loads(window.eval("window.g358fair.stats()"))


def test_a_batch_with_a_points_operation_runs_in_the_worker_and_scalars_at_once():
    """In the page a point's operation costs the frames nothing, even a single one: at 4x CPU
    slowdown one signature made on the page's thread took 20-60 ms now and then.  It goes to
    the worker and is answered on a later call; scalar arithmetic is answered in the call."""
    window = NodeWindow(worker=True)
    try:
        page = PageGroup(window)
        run_now(page, Batch())  # installed
        for batch in (_muls(12), _muls(1), _verify_batch()):
            away_before = _stats(window)["away"].get("ops", 0)
            values, calls = _calls(page, batch)
            assert values == run_now(group.NativeGroup(), batch).values
            assert calls >= 2  # handed over, then its answer read on a later call
            assert _stats(window)["away"]["ops"] == away_before + len(batch.ops)
        values, calls = _calls(page, _scalars())
        assert values == run_now(group.NativeGroup(), _scalars()).values and calls == 1
        assert _stats(window)["ops"] == len(_scalars().ops)  # the only operations on the page's thread
    finally:
        window.close()


def test_a_single_operation_goes_to_the_worker_however_much_room_the_slice_has():
    """A frame with plenty of room left is no reason to run a point's operation on the page's
    thread: its time there cannot be foreseen (timed at full speed in the lobby)."""
    window = NodeWindow(worker=True)
    try:
        page = PageGroup(window)
        for _ in page.warm_steps():
            pass
        page.deadline = time.perf_counter() + 60.0
        values, calls = _calls(page, _muls(1))
        assert values == run_now(group.NativeGroup(), _muls(1)).values and calls >= 2
        assert _stats(window)["ops"] == 0
    finally:
        page.deadline = None
        window.close()


def test_a_page_whose_worker_fails_still_gets_every_answer():
    """A worker that cannot start (or dies) leaves its batches to the page's own runner."""
    window = NodeWindow()
    try:
        window.eval("window.Worker = class { constructor() { setTimeout(() => this.onerror({}), 0); }"
                    " postMessage() {} terminate() {} }, window.Blob = Blob, 'ok'")
        page = PageGroup(window)
        run_now(page, Batch())
        big = _muls(12)
        assert run_now(page, big).values == run_now(group.NativeGroup(), big).values
        stats = _stats(window)
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
        steps = page.run(_muls(12))
        done, _ = SliceKeeper().run(steps, 10_000.0, time.perf_counter, stop_on=AWAY)
        assert not done and page.calls - before == 1  # handed over, then the slice ended
        while not done:
            done, _ = SliceKeeper().run(steps, 10_000.0, time.perf_counter, stop_on=AWAY)
    finally:
        window.close()


def test_the_lobbys_warm_up_runs_every_kind_of_operation_in_the_worker():
    """The first deal's operations are not the engine's first compile of them: before Start
    every kind has run twice where the dealing runs it, with the right results, and none on
    the page's own thread."""
    from game.online.fair.ops import ARITY
    from game.online.fair.page_group import warm_batches

    window = NodeWindow(worker=True)
    try:
        page = PageGroup(window)
        for _ in page.warm_steps():
            pass
        stats = _stats(window)
        batches = warm_batches()
        assert stats["worker"] is True and stats["ops"] == 0
        assert stats["away"]["ops"] == 52 + 2 * sum(len(batch) for batch in batches)  # the card points, then the kinds
        kinds = {name for batch in batches for name, *_ in batch.ops}
        assert kinds == set(ARITY) - {"rand"}  # random scalars take no compiling worth a frame
        for batch in batches:
            assert run_now(page, batch).values == run_now(group.NativeGroup(), batch).values
            assert None not in run_now(page, batch).values
    finally:
        window.close()


def _verify_batch() -> Batch:
    seed, message = bytes(range(3, 35)), b"a signed message"
    b = Batch()
    b.verify(group.public_key(seed), message, group.sign(seed, message))
    return b
