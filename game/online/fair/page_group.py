"""The page's twin of group.py, and the backend (ops.py) that runs fair dealing's batches in it.

`SOURCE` is the text of an ES module: the same group operations on the same bytes with
noble-curves (assets/web/noble-ed25519.min.js) in place of libsodium, Ed25519 signatures,
and a runner that works through a batch a few milliseconds at a time.  Why text in a Python
module: the web build packs Python and data under game/, and one text serves node (the
tests write it out: `write_module`) and the page, where the glue assets/web/fair.js imports
it from the text `PageGroup` hands over, with the bundle it loaded.

`PageGroup` calls the glue the way links/page.py calls p2p.js: one ``window.eval`` of a
small script whose arguments are JSON literals, answered by a string at once.  Every batch
with a point's operation in it (a signature made or checked, a card opened, a deck) goes to
the same runner in a worker, where it costs the frames nothing, and is answered on a later
call.  Only scalar arithmetic runs on the page's own thread, for `slice_ms` each time Python
asks (`step`), and everything does where no worker can start.  Why not the small batches
too: at 4x CPU slowdown one signature made or checked on the page's thread took 20-60 ms now
and then, where the lobby had timed it at 1-3 ms, and it cannot be cut; the worker costs the
dealing a frame's wait for each such batch instead.  Python yields after every call, so a
frame's slice keeper stops the work at its budget.  Never platform.jsprom nor queue_event
(docs/ONLINE.md says why).
"""

from __future__ import annotations

import json
from pathlib import Path

from .ops import AWAY, HEAVY, Backend, Batch, Ref, Results

FILE_NAME = "noble_group.mjs"
AWAY_FIRST = 1_000_000_000  # the ids of the worker's jobs (assets/web/fair.js), apart from the page runner's

SOURCE = r"""// The page's twin of group.py: the same group operations on the same bytes, with
// noble-curves (assets/web/noble-ed25519.min.js) in place of libsodium.  The caller passes
// the bundle's exports, so node (the tests) and the page can each load it their own way.
// Points and scalars travel as 32-byte little-endian Uint8Arrays, exactly as libsodium's.

export const CARD_DST = new TextEncoder().encode("358-fair-deal-v1-card-point");
const SUITS = "SHDC";
const RANKS = "23456789TJQKA";

export function cardNames() {
  const names = [];
  for (const suit of SUITS) for (const rank of RANKS) names.push(rank + suit);
  return names;
}

export function makeGroup({ ed25519, sha512 }) {
  const Point = ed25519.Point;
  const Fn = Point.Fn;
  const L = Fn.ORDER;

  const toScalar = (bytes) => {
    if (!(bytes instanceof Uint8Array) || bytes.length !== 32) throw new Error("a scalar is 32 bytes");
    let value = 0n;
    for (let i = 31; i >= 0; i--) value = (value << 8n) | BigInt(bytes[i]);
    if (value <= 0n || value >= L) throw new Error("a scalar lies between 1 and the group order");
    return value;
  };
  const fromScalar = (value) => {
    const out = new Uint8Array(32);
    for (let i = 0; i < 32; i++) { out[i] = Number(value & 255n); value >>= 8n; }
    return out;
  };
  // A point of the prime-order subgroup, not the identity (libsodium's is_valid_point).
  const decode = (bytes) => {
    const point = Point.fromBytes(bytes);
    if (point.is0() || point.isSmallOrder() || !point.isTorsionFree()) throw new Error("not a point of the prime-order group");
    return point;
  };

  // RFC 9381 5.4.1.1 try-and-increment, as group.card_point.
  const cardPoint = (label) => {
    const name = new TextEncoder().encode(label);
    for (let counter = 0; counter < 256; counter++) {
      const input = new Uint8Array([CARD_DST.length, ...CARD_DST, ...name, counter]);
      const candidate = sha512(input).slice(0, 32);
      let point;
      try { point = Point.fromBytes(candidate); } catch { continue; }
      const eight = point.clearCofactor();
      if (!eight.is0()) return eight.toBytes();
    }
    throw new Error("no point for " + label);
  };

  // A point known to be of the prime-order subgroup (made here, or checked once) is
  // decoded once: checking it again on each use was a third of the page's work.
  const known = new Map();
  const remember = (point) => {
    const bytes = point.toBytes();
    if (known.size > 4096) known.clear();
    known.set(hexOf(bytes), point);
    return bytes;
  };
  const point = (bytes) => known.get(hexOf(bytes)) || (remember(decode(bytes)), known.get(hexOf(bytes)));
  // A signature is taken only when its key and R are points of the prime-order group:
  // then noble's cofactored check and libsodium's cofactorless one agree on every input.
  const verify = (pub, message, sig) => {
    if (!(sig instanceof Uint8Array) || sig.length !== 64) return false;
    try { point(pub); decode(sig.slice(0, 32)); } catch { return false; }
    try { return ed25519.verify(sig, message, pub, { zip215: false }); } catch { return false; }
  };

  return {
    L,
    cardPoint,
    cardPoints: () => cardNames().map(cardPoint),
    check: (bytes) => decode(bytes).toBytes(),
    multiply: (point, scalar) => decode(point).multiply(toScalar(scalar)).toBytes(),
    // for public scalars only (a played card's opening, the audit): variable time
    multiplyPublic: (point, scalar) => decode(point).multiplyUnsafe(toScalar(scalar)).toBytes(),
    invert: (scalar) => fromScalar(Fn.inv(toScalar(scalar))),
    times: (a, b) => fromScalar(Fn.mul(toScalar(a), toScalar(b))),
    randomScalar: () => {
      for (;;) {
        const wide = crypto.getRandomValues(new Uint8Array(64));
        let value = 0n;
        for (let i = 63; i >= 0; i--) value = (value << 8n) | BigInt(wide[i]);
        value %= L;
        if (value !== 0n) return fromScalar(value);
      }
    },
    publicKey: (seed) => ed25519.getPublicKey(seed),
    sign: (seed, message) => ed25519.sign(message, seed),
    verify,
    // the batch runner's versions: points decoded once (see `known`)
    cardKnown: (label) => remember(decode(cardPoint(label))),
    checkKnown: (bytes) => (point(bytes), bytes.slice()),
    multiplyKnown: (p, k) => remember(point(p).multiply(toScalar(k))),
    multiplyPublicKnown: (p, k) => remember(point(p).multiplyUnsafe(toScalar(k))),
  };
}

const hexOf = (bytes) => {
  let out = "";
  for (const b of bytes) out += (b < 16 ? "0" : "") + b.toString(16);
  return out;
};
const bytesOf = (hex) => {
  if (typeof hex !== "string" || hex.length % 2) throw new Error("not hex");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  return out;
};

// Runs batches of group operations (ops.py): [[name, ...args]], an argument a hex string,
// a card's name, or {r: i} for the result of operation i of the same batch.  Results:
// hex strings, true/false for verify, null for an operation that failed (or used one).
export function makeRunner(g) {
  const OPS = {
    card: (label) => g.cardKnown(label),
    rand: () => g.randomScalar(),
    mul: (p, k) => g.multiplyKnown(p, k),
    mulpub: (p, k) => g.multiplyPublicKnown(p, k),
    check: (p) => g.checkKnown(p),
    inv: (k) => g.invert(k),
    times: (a, b) => g.times(a, b),
    public: (seed) => g.publicKey(seed),
    sign: (seed, message) => g.sign(seed, message),
    verify: (pub, message, sig) => g.verify(pub, message, sig),
  };
  const jobs = new Map();
  let next = 1;
  let cost = 1; // ms an operation is expected to take: a slice ends before one that would pass its budget
  const stats = { ops: 0, busy: 0, longestSlice: 0, longestOp: 0, longestName: "", slow: [] }; // for benchmarks

  const work = (job, budget) => {
    const start = performance.now();
    let done = 0;
    while (job.i < job.ops.length) {
      const [name, ...args] = job.ops[job.i];
      if (done && performance.now() - start + cost > budget) break;
      const t = performance.now();
      let value = null;
      try {
        const real = args.map((a) => (a !== null && typeof a === "object" ? job.out[a.r] : a));
        if (!real.some((a) => a === null)) {
          const raw = name === "card" ? real : real.map(bytesOf);
          const result = OPS[name](...raw);
          value = typeof result === "boolean" ? result : hexOf(result);
        }
      } catch { value = null; }
      job.out.push(value);
      job.i++;
      done++;
      const spent = performance.now() - t;
      cost = 0.8 * cost + 0.2 * spent;
      stats.ops++;
      if (spent > stats.longestOp) { stats.longestOp = spent; stats.longestName = name; }
      if (spent > 20 && stats.slow.length < 40) stats.slow.push([Math.round(spent), name, stats.ops]);
    }
    const slice = performance.now() - start;
    stats.busy += slice;
    stats.longestSlice = Math.max(stats.longestSlice, slice);
    return job.i >= job.ops.length;
  };
  const answer = (id, job) => {
    if (job.i < job.ops.length) return JSON.stringify({ id });
    jobs.delete(id);
    return JSON.stringify({ id, results: job.out });
  };
  return {
    submit(text, budget) {
      const job = { ops: JSON.parse(text), out: [], i: 0 };
      const id = next++;
      jobs.set(id, job);
      work(job, budget);
      return answer(id, job);
    },
    step(id, budget) {
      const job = jobs.get(id);
      if (!job) return "error:no_job";
      work(job, budget);
      return answer(id, job);
    },
    drop(id) { jobs.delete(id); return "ok"; },
    pending: () => jobs.size,
    stats: () => JSON.stringify(stats),
  };
}
"""


def write_module(folder) -> Path:
    """Writes the module as `folder`/noble_group.mjs and returns its path."""
    path = Path(folder) / FILE_NAME
    path.write_text(SOURCE, encoding="utf-8")
    return path


def _arg(value):
    if isinstance(value, Ref):
        return {"r": value.index}
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).hex()
    return value  # a card's name


def warm_batches() -> list:
    """One of each operation, in a few small batches."""
    seed, scalar, message = bytes(range(1, 33)), (7).to_bytes(32, "little"), b"warm"
    points = Batch()
    card = points.card("AS")
    mine = points.mul(card, scalar)
    points.mulpub(mine, scalar)
    points.times(points.inv(scalar), scalar)
    signed = Batch()
    key = signed.public(seed)
    signed.verify(key, message, signed.sign(seed, message))
    checked = Batch()
    checked.check(checked.card("2C"))
    return [points, signed, checked]


class PageGroup(Backend):
    """The batch interface over the page's noble-curves, through assets/web/fair.js.
    `window` is the page (``platform.window``; tests pass an object whose ``eval`` runs the
    script in a real page).  `calls` counts the Python-to-JS calls made."""

    def __init__(self, window=None, slice_ms: float = 6.0):
        self._window = window
        self.slice_ms = slice_ms
        self.ready = False
        self.calls = 0

    @property
    def window(self):
        if self._window is None:
            import platform  # pygbag's (and webcheck's) bridge to the page

            self._window = platform.window
        return self._window

    def _call(self, script: str) -> str:
        self.calls += 1
        try:
            result = self.window.eval(f"(window.g358fair ? String({script}) : 'error:no_glue')")
        except Exception as exc:  # a closed page, a page without eval
            return f"error:failed: {exc}"
        return "" if result is None else str(result)

    def install_steps(self):
        """Generator: the glue imports this module's SOURCE (once per page)."""
        while not self.ready:
            answer = self._call(f"window.g358fair.install({json.dumps(SOURCE)})")
            if answer == "ready":
                self.ready = True
            elif answer.startswith("error:"):
                raise RuntimeError(f"the page's group is missing: {answer[6:]}")
            else:
                yield

    def warm_steps(self):
        """Generator, one call a step, for frames that wait (a lobby before Start): the module
        installed, the card points made, and each kind of operation run twice where the
        dealing will run it (the worker), so that its first use in a deal is not the engine's
        first compile of it (single operations of 20-35 ms at full speed)."""
        yield from self.install_steps()
        yield from self.points_steps()
        for _ in range(2):
            for batch in warm_batches():
                yield from self.run(batch)

    def run(self, batch):
        yield from self.install_steps()
        ops = json.dumps([[name, *(_arg(a) for a in args)] for name, *args in batch.ops], separators=(",", ":"))
        away = any(name in HEAVY for name, *_ in batch.ops)
        if self.deadline is not None:
            yield  # the batch is made: the caller's slice may end before it is handed over
        answer = self._call(f"window.g358fair.submit({json.dumps(ops)}, {self.slice_ms}, {'true' if away else 'false'})")
        while True:
            if answer.startswith("error:"):
                raise RuntimeError(f"the page's group failed: {answer[6:]}")
            got = json.loads(answer)
            if "results" in got:
                yield  # after every call: the frame's slice keeper decides whether another fits
                break
            # in the worker, its answer comes between frames: asking again this frame is waste
            yield AWAY if got["id"] >= AWAY_FIRST else None
            answer = self._call(f"window.g358fair.step({got['id']}, {self.slice_ms})")
        values = []
        for (_name, *_), value in zip(batch.ops, got["results"]):
            if value is None or isinstance(value, bool):
                values.append(value)
            else:
                values.append(bytes.fromhex(value))
        return Results(values)


__all__ = ["FILE_NAME", "SOURCE", "write_module", "PageGroup"]
