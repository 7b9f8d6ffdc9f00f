"""The page's twin of group.py, as the text of an ES module: the same group operations on
the same bytes with noble-curves (assets/web/noble-ed25519.min.js) in place of libsodium.

Why text in a Python module: the web build packs only Python and data under game/, and the
page's glue is JS written out or evaluated from Python (game/web/bridge.py does the same).  The
module imports nothing: its caller passes the bundle's exports, so node (the tests) and the
page can each load the bundle their own way.  `write_module(folder)` puts it on disk.
"""

from __future__ import annotations

from pathlib import Path

FILE_NAME = "noble_group.mjs"

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
  };
}
"""


def write_module(folder) -> Path:
    """Writes the module as `folder`/noble_group.mjs and returns its path."""
    path = Path(folder) / FILE_NAME
    path.write_text(SOURCE, encoding="utf-8")
    return path


__all__ = ["FILE_NAME", "SOURCE", "write_module"]
