"""The page's group (noble-curves, run under node) gives libsodium's bytes, and refuses the
same points: otherwise a browser and a native device could not deal together."""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import nacl.bindings as sodium
import pytest

from game.online.fair import group, page_group

ROOT = Path(__file__).resolve().parents[3]
BUNDLE = ROOT / "assets" / "web" / "noble-ed25519.min.js"
SCRIPT = Path(__file__).with_name("noble_vectors.mjs")

# the eight points of order dividing 8 (the identity included), as encoded
TORSION = [bytes.fromhex(h) for h in (
    "0100000000000000000000000000000000000000000000000000000000000000",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
    "0000000000000000000000000000000000000000000000000000000000000080",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
    "0000000000000000000000000000000000000000000000000000000000000000",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
)]


def scalar(n: int) -> bytes:
    return n.to_bytes(32, "little")


def node_answers(ask: dict, tmp_path_factory=None) -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the page's group cannot be run here")
    folder = tempfile.mkdtemp(prefix="noble-group-")
    ask = {"bundle": str(BUNDLE), "group": str(page_group.write_module(folder)), **ask}
    done = subprocess.run([node, str(SCRIPT)], input=json.dumps(ask), capture_output=True, text=True, timeout=120)
    shutil.rmtree(folder, ignore_errors=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def sodium_or_none(f):
    try:
        return f().hex()
    except (group.OffGroup, ValueError):
        return None


def test_card_points_multiplication_inversion_and_refusals_agree():
    fixed_scalars = [scalar(1), scalar(2), scalar(8), scalar(group.ORDER - 1), scalar(group.ORDER // 2),
                     bytes.fromhex("12" * 31 + "0a")]
    scalars = fixed_scalars + [group.random_scalar() for _ in range(24)]
    base = sodium.crypto_scalarmult_ed25519_base_noclamp(scalar(1))
    cards = [group.card_point(str(c)) for c in group.CARDS]
    points = [base, cards[0], cards[51]] + [sodium.crypto_scalarmult_ed25519_base_noclamp(group.random_scalar()) for _ in range(27)]
    tagged = [sodium.crypto_core_ed25519_add(points[i], t) for i, t in enumerate(TORSION[1:])]
    pairs = [[p.hex(), k.hex()] for p, k in zip(points, scalars)]
    # refused points: the torsion points, good points with a torsion part, off-curve bytes
    refused = TORSION + tagged + [bytes.fromhex("02" + "00" * 31), scalar(group.FIELD)]
    pairs += [[p.hex(), scalars[0].hex()] for p in refused]
    ask = {
        "cards": True,
        "multiply": pairs,
        "invert": [k.hex() for k in scalars],
        "times": [[a.hex(), b.hex()] for a, b in zip(scalars, reversed(scalars))],
        "check": [p.hex() for p in points + refused],
    }
    got = node_answers(ask)

    assert got["cards"] == [c.hex() for c in cards]
    want = [sodium_or_none(functools.partial(group.multiply, bytes.fromhex(p), bytes.fromhex(k))) for p, k in pairs]
    assert want[len(points):] == [None] * len(refused)  # libsodium refuses them all...
    assert got["multiply"] == want  # ...and so does the page
    assert got["multiplyPublic"] == want
    assert got["invert"] == [group.invert(k).hex() for k in scalars]
    assert got["times"] == [group.times(a, b).hex() for a, b in zip(scalars, reversed(scalars))]
    assert got["check"] == [sodium_or_none(lambda p=p: group.check_point(p)) for p in points + refused]
    for k in got["random"]:  # the page's keys are scalars libsodium takes
        assert group.check_scalar(bytes.fromhex(k))


def test_a_card_locked_by_three_keys_in_one_order_opens_in_another():
    card = group.card_point("QH")
    keys = [group.random_scalar() for _ in range(3)]
    locked = card
    for k in keys:
        locked = group.multiply(locked, k)
    opened = locked
    for k in reversed(keys):
        opened = group.multiply(opened, group.invert(k))
    assert opened == card
    assert group.multiply(card, group.product(keys)) == locked
    got = node_answers({"multiply": [[card.hex(), group.product(keys).hex()]], "invert": [], "times": [], "check": []})
    assert got["multiply"] == [locked.hex()]


def test_card_points_are_52_distinct_group_points():
    cards = [group.card_point(str(c)) for c in group.CARDS]
    assert len(set(cards)) == 52
    for c in cards:
        assert group.check_point(c) == c
    # pinned: a change of tag or construction would silently split native from browser
    assert cards[0].hex() == "a577a62046a84b347cb48f69d9d8cc1fce2ea61f37c761e96945ff595e6bc93a"


def test_bundle_is_the_documented_build():
    text = BUNDLE.read_text(encoding="utf-8")
    assert text.startswith("/*! @noble/curves 2.4.0 and @noble/hashes 2.4.0")
    assert (ROOT / "assets" / "web" / "noble-LICENSE.txt").read_text(encoding="utf-8").startswith("The MIT License")
    assert os.path.getsize(BUNDLE) < 40_000
