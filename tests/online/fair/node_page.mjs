// A stand-in for the page, for PageGroup's tests natively: loads assets/web/fair.js (and so
// the vendored bundle) as the page does, then evaluates each line of stdin (a JSON string:
// the script PageGroup hands to window.eval) and writes its answer as a JSON line.
// With "--worker", a web Worker stands in for the page's: a node worker thread that runs the
// module text the glue hands it (a blob URL, as in the page), with the page's `self`.
import { pathToFileURL } from "node:url";
import { createInterface } from "node:readline";
import { resolveObjectURL } from "node:buffer";
import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker as NodeWorker } from "node:worker_threads";

globalThis.window = globalThis;
if (process.argv.includes("--worker")) {
  const folder = mkdtempSync(join(tmpdir(), "fair-worker-"));
  process.on("exit", () => rmSync(folder, { recursive: true, force: true }));
  const prelude = join(folder, "prelude.mjs");
  writeFileSync(prelude, `import { parentPort } from "node:worker_threads";
globalThis.self = globalThis;
self.postMessage = (m) => parentPort.postMessage(m);
parentPort.on("message", (m) => self.onmessage({ data: m }));`);
  let made = 0;
  globalThis.Worker = class {
    constructor(url) {
      this.onmessage = null;
      this.onerror = null;
      this.waiting = [];
      resolveObjectURL(url).text().then((code) => {
        const file = join(folder, `worker${made++}.mjs`);
        writeFileSync(file, `import ${JSON.stringify(pathToFileURL(prelude).href)};\n${code}`);
        this.thread = new NodeWorker(file);
        this.thread.on("message", (data) => this.onmessage && this.onmessage({ data }));
        this.thread.on("error", (e) => this.onerror && this.onerror({ message: String(e) }));
        for (const m of this.waiting) this.thread.postMessage(m);
      });
    }
    postMessage(m) { if (this.thread) this.thread.postMessage(m); else this.waiting.push(m); }
    terminate() { if (this.thread) this.thread.terminate(); }
  };
}
await import(pathToFileURL(process.argv[2]).href);

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  let answer;
  try { answer = (0, eval)(JSON.parse(line)); } catch (e) { answer = "error:eval: " + e; }
  await new Promise((r) => setImmediate(r)); // let a pending import settle, as a frame would
  process.stdout.write(JSON.stringify(answer === undefined ? null : answer) + "\n");
}
process.exit(0); // a worker thread would keep node waiting
