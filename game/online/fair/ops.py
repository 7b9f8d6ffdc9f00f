"""The one interface to the group (and to signatures) that fair dealing uses: work in batches.

Why batches: in the page the group lives in JavaScript (noble-curves) and Python reaches it
through one ``window.eval`` per call; one call per multiplication would cost more than the
multiplication.  So the protocol asks for its work a batch at a time (a deck's 52 locks, a
hand's openings, a message's signature), and an operation may take an earlier result of
the same batch (a `Ref`), so an opening (product of keys, inverse, multiplication) is one
batch.  A backend runs a batch as a generator that yields while it works and returns the
results: natively `group.NativeGroup` (PyNaCl, one operation per slice), in the page
`page_group.PageGroup` (the JS runner, a few milliseconds of work per frame).  Both give the
same bytes (tests/online/fair/test_noble_matches_sodium.py runs the page's runner under
node against PyNaCl).

An operation on a point outside the prime-order subgroup fails: its result is None, and so
is every result that refers to it; `Results[ref]` then raises OffGroup.  Scalars are 32
little-endian bytes, points 32 bytes (RFC 8032 encodings), signatures 64 bytes (Ed25519,
deterministic: libsodium and noble sign alike).
"""

from __future__ import annotations

from ...engine.cards import CARDS

ORDER = 2**252 + 27742317777372353535851937790883648493  # L, the prime order of the subgroup
POINT_BYTES = SCALAR_BYTES = 32
SIGNATURE_BYTES = 64

# name -> number of arguments; the heavy ones are a slice each natively
ARITY = {"card": 1, "rand": 0, "mul": 2, "mulpub": 2, "check": 1, "inv": 1, "times": 2,
         "public": 1, "sign": 2, "verify": 3}
HEAVY = frozenset({"card", "mul", "mulpub", "check", "public", "sign", "verify"})


class OffGroup(ValueError):
    """Bytes that are not a point of the prime-order subgroup, or a scalar out of range."""


def check_scalar(scalar) -> bytes:
    """A scalar as 32 little-endian bytes, 0 < s < L (a key of 0 would erase a card)."""
    if not isinstance(scalar, bytes) or len(scalar) != SCALAR_BYTES:
        raise OffGroup("a scalar is 32 bytes")
    if not 0 < int.from_bytes(scalar, "little") < ORDER:
        raise OffGroup("a scalar lies between 1 and the group order")
    return scalar


class Ref:
    """The result of an earlier operation of the same batch, as an argument."""

    __slots__ = ("index",)

    def __init__(self, index: int):
        self.index = index

    def __repr__(self) -> str:
        return f"Ref({self.index})"


class Batch:
    """Operations to run together; each method adds one and returns a Ref to its result.

    * ``mul`` multiplies by a secret scalar (constant time on both sides); ``mulpub`` by a
      public one (a played card's, the audit's: variable time in the page, faster).
    * ``check`` refuses a point outside the prime-order subgroup (and the identity).
    * ``sign``/``verify``/``public``: Ed25519 with a 32-byte seed as the secret key.
    """

    def __init__(self):
        self.ops: list[tuple] = []

    def __len__(self) -> int:
        return len(self.ops)

    def _add(self, name: str, *args) -> Ref:
        self.ops.append((name, *args))
        return Ref(len(self.ops) - 1)

    def card(self, label: str) -> Ref:
        return self._add("card", label)

    def rand(self) -> Ref:
        return self._add("rand")

    def mul(self, point, scalar) -> Ref:
        return self._add("mul", point, scalar)

    def mulpub(self, point, scalar) -> Ref:
        return self._add("mulpub", point, scalar)

    def check(self, point) -> Ref:
        return self._add("check", point)

    def inv(self, scalar) -> Ref:
        return self._add("inv", scalar)

    def times(self, a, b) -> Ref:
        return self._add("times", a, b)

    def product(self, scalars) -> Ref:
        scalars = list(scalars)
        result = scalars[0]
        for s in scalars[1:]:
            result = self.times(result, s)
        return result if isinstance(result, Ref) else self.times(result, _ONE)

    def public(self, seed) -> Ref:
        return self._add("public", seed)

    def sign(self, seed, message: bytes) -> Ref:
        return self._add("sign", seed, message)

    def verify(self, public, message: bytes, signature) -> Ref:
        return self._add("verify", public, message, signature)


_ONE = (1).to_bytes(32, "little")


class Results:
    """A batch's results: ``results[ref]`` is the value, or OffGroup when that operation
    failed (a point outside the group, or an argument that did)."""

    def __init__(self, values: list):
        self.values = values

    def __getitem__(self, ref: Ref):
        value = self.values[ref.index]
        if value is None:
            raise OffGroup("not a point of the prime-order group")
        return value

    def ok(self, ref: Ref) -> bool:
        return self.values[ref.index] is not None


# What a backend's run yields while its batch is worked on elsewhere (the page's worker):
# nothing this frame can do brings the answer, so the frame's slice may end (fair_room/station.py)
AWAY = "away"


def run_now(group, batch: Batch) -> Results:
    """A batch run to its end at once (tests and native tools; never in a browser frame)."""
    steps = group.run(batch)
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


class Backend:
    """What both backends share: the 52 card points, made once per backend in one batch."""

    points: list | None = None  # the card points in card-index order, once made
    card_at: dict | None = None  # point -> Card
    # time.perf_counter() by which the caller's slice of this frame ends (None: no slice): in
    # a slice the page's backend pauses once a batch is made, before handing it over
    deadline: float | None = None

    def run(self, batch: Batch):  # pragma: no cover - each backend has its own
        raise NotImplementedError

    def points_steps(self):
        """Generator: makes the card points unless they are made (on idle frames, once)."""
        if self.points is not None:
            return
        batch = Batch()
        refs = [batch.card(str(card)) for card in CARDS]
        results = yield from self.run(batch)
        if self.points is None:
            self.points = [results[r] for r in refs]
            self.card_at = {p: CARDS[i] for i, p in enumerate(self.points)}


__all__ = ["AWAY", "ORDER", "ARITY", "HEAVY", "OffGroup", "check_scalar", "Ref", "Batch", "Results", "run_now", "Backend"]
