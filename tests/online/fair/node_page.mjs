// A stand-in for the page, for PageGroup's tests natively: loads assets/web/fair.js (and so
// the vendored bundle) as the page does, then evaluates each line of stdin (a JSON string:
// the script PageGroup hands to window.eval) and writes its answer as a JSON line.
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";

globalThis.window = globalThis;
await import(pathToFileURL(process.argv[2]).href);
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  let answer;
  try { answer = (0, eval)(JSON.parse(line)); } catch (e) { answer = "error:eval: " + e; }
  await new Promise((r) => setImmediate(r)); // let a pending import settle, as a frame would
  process.stdout.write(JSON.stringify(answer === undefined ? null : answer) + "\n");
}
