// Computes, with the vendored noble-curves bundle, what test_noble_matches_sodium.py asks:
// reads {bundle, group, cards, multiply: [[point, scalar]], invert: [scalar],
// times: [[a, b]], check: [point]} (hex) on stdin, writes the answers as JSON on stdout.
import { pathToFileURL } from "node:url";

const hex = (b) => Buffer.from(b).toString("hex");
const bytes = (h) => new Uint8Array(Buffer.from(h, "hex"));
const attempt = (f) => { try { return f(); } catch { return null; } };

let input = "";
for await (const chunk of process.stdin) input += chunk;
const ask = JSON.parse(input);
const noble = await import(pathToFileURL(ask.bundle).href);
const { makeGroup, cardNames } = await import(pathToFileURL(ask.group).href);
const g = makeGroup(noble);
console.log(JSON.stringify({
  cards: ask.cards ? cardNames().map((n) => hex(g.cardPoint(n))) : [],
  multiply: ask.multiply.map(([p, k]) => attempt(() => hex(g.multiply(bytes(p), bytes(k))))),
  multiplyPublic: ask.multiply.map(([p, k]) => attempt(() => hex(g.multiplyPublic(bytes(p), bytes(k))))),
  invert: ask.invert.map((k) => hex(g.invert(bytes(k)))),
  times: ask.times.map(([a, b]) => hex(g.times(bytes(a), bytes(b)))),
  check: ask.check.map((p) => attempt(() => hex(g.check(bytes(p))))),
  random: Array.from({ length: 8 }, () => hex(g.randomScalar())),
}));
