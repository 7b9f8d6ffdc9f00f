"""Every secret a seat draws comes from its seed by label: the same seed gives the same bytes
whatever the order of the draws, a scalar is libsodium's reduction of the function's 64
bytes, shuffles are uniform; and a device rebuilt from the seed, fed the transcript so far
with its own messages in it, is where the device that left was, and sends nothing twice."""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

import nacl.bindings as sodium
import pytest

from game.ai.players import HeuristicPlayer
from game.engine import RuleSet
from game.online.fair.device import FairDevice
from game.online.fair.draws import Draws, reduce_wide
from game.online.fair.local import LocalTable
from game.online.fair.ops import ORDER

SEED = bytes(range(32))


def test_a_scalar_is_libsodiums_reduction_of_64_bytes():
    rng = random.Random(358)
    edges = [bytes(64), b"\xff" * 64, ORDER.to_bytes(64, "little"), (ORDER * 7 + 1).to_bytes(64, "little"),
             (ORDER - 1).to_bytes(64, "little"), (2**512 - ORDER).to_bytes(64, "little")]
    for wide in edges + [rng.randbytes(64) for _ in range(500)]:
        assert reduce_wide(wide) == sodium.crypto_core_ed25519_scalar_reduce(wide)
    draws = Draws(SEED)
    for i in range(200):
        s = draws.scalar(4, "card key", i)
        assert s == sodium.crypto_core_ed25519_scalar_reduce(draws.block(4, "card key", i, 0))
        assert 0 < int.from_bytes(s, "little") < ORDER


def test_the_same_seed_and_label_give_the_same_secret_in_any_order_and_nothing_else_does():
    a, b = Draws(SEED), Draws(SEED)
    labels = [(n, what, i) for n in range(3) for what in ("card key", "blind") for i in range(5)]
    first = {label: a.scalar(*label) for label in labels}
    again = {label: b.scalar(*label) for label in reversed(labels)}
    assert first == again
    assert len(set(first.values())) == len(labels)
    other = Draws(bytes(31) + b"\x01")
    assert all(other.scalar(*label) != first[label] for label in labels)
    assert a.permutation(52, 2, "shuffle") == b.permutation(52, 2, "shuffle") != a.permutation(52, 3, "shuffle")
    assert a.signing_key() == b.signing_key() != other.signing_key() and len(a.signing_key()) == 32
    assert a.block(1, "x") != a.block("1", "x")  # a label's parts keep their types
    for bad in (b"", bytes(31), bytes(33), "00" * 32):
        with pytest.raises(ValueError):
            Draws(bad)


def test_shuffles_are_permutations_drawn_evenly():
    draws = Draws(SEED)
    for n in (1, 2, 16, 52):
        assert sorted(draws.permutation(n, n, "p")) == list(range(n))
    counts = Counter(tuple(draws.permutation(3, i, "three")) for i in range(6000))
    assert set(counts) == set(permutations(range(3)))
    assert all(900 < c < 1100 for c in counts.values()), counts  # 1000 each; a bias of 10% fails
    firsts = Counter(draws.permutation(52, i, "first")[0] for i in range(5200))
    assert len(firsts) == 52 and max(firsts.values()) < 170  # 100 each


def seat_one_again(table: LocalTable) -> FairDevice:
    """Seat 1's device made anew from its seed (LocalTable's seed 8, as the table made it),
    fed every message delivered so far; its own come back in the transcript."""
    old = table.devices[1]
    sent = []
    fresh = FairDevice(1, old.rules, 0, sent.append, lambda view: None, "local", random.Random("8/1").randbytes(32))
    fresh.replaying = True
    for msg in table.hub.log[: len(table.hub.log) - len(table.hub.queue)]:
        fresh.receive(msg)
    for _ in fresh.steps(prepare=False):
        pass
    assert sent == []  # nothing sent twice
    return fresh


@pytest.mark.parametrize("moment", ["decks", "exchange", "play", "next deal"])
def test_a_device_rebuilt_from_its_seed_is_the_device_that_left(moment):
    rules = RuleSet.preset("standard", deals=3)
    players = [HeuristicPlayer(80 + s) for s in range(3)]
    table = LocalTable(rules, 0, [p.choose for p in players], seed=8)
    wanted = {
        "decks": lambda d: d.d.number == 0 and 2 <= len(d.d.decks) < 5,
        "exchange": lambda d: d.d.transfer is not None and d.d.transfer["step"] != "opened",
        "play": lambda d: d.tracker.phase == "play" and d.d.number == 1 and d.ahead is not None and d.ahead.decks,
        "next deal": lambda d: d.tracker.phase == "declare" and d.d.number >= 1,  # after an audit
    }[moment]
    while True:  # every device has taken all delivered; seat 1 has nothing on its way
        for dev in table.devices:
            for _ in dev.steps():
                pass
        if wanted(table.devices[1]) and not any(m.sender == 1 for m in table.hub.queue):
            break
        assert table.hub.deliver(), f"no moment {moment}"
    old = table.devices[1]
    fresh = seat_one_again(table)
    for name in ("number", "seq_out", "seq_in", "decks", "slots", "mine", "foreign", "lent", "claims", "blinds",
                 "blind_of", "done", "opened", "keys", "transfer", "reveals"):
        assert getattr(fresh.d, name) == getattr(old.d, name), name
    assert fresh.d.secrets is None or fresh.d.secrets == old.d.secrets
    assert fresh.tracker.view() == old.tracker.view() and fresh.verdicts == old.verdicts
    if old.ahead is not None and old.ahead.decks:
        assert (fresh.ahead.decks, fresh.ahead.seq_out, fresh.ahead.done) == (old.ahead.decks, old.ahead.seq_out,
                                                                                old.ahead.done)
    # and in the old one's place the match plays to its end, every audit passing
    fresh.chooser, fresh._send, fresh.replaying = old.chooser, table.hub.send, False
    table.hub.devices[1] = table.devices[1] = fresh
    table.run()
    assert all(d.verdicts == [None] * 3 for d in table.devices)
    assert not any(d.refused for d in table.devices)  # no message of its came twice
    assert all(d.tracker.phase == "game_over" for d in table.devices)
