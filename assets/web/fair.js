// Fair dealing's glue in the page (docs/FAIR_DEALING.md): the vendored noble-curves bundle,
// and the group module whose text game/online/fair/page_group.py hands over (one source for
// node's tests and the page).  Python calls window.g358fair with one window.eval a call;
// every function answers a string at once, "error:REASON" when it cannot.
//
// Two runners of the same module: one in a worker, for every batch with a point's operation
// in it (page_group.py says why): there they cost the page's frames nothing; and one on the
// page's own thread, for scalar arithmetic, answered in the same call.  Where a worker cannot
// start, the page's runner takes every batch, a slice a call, as it always could.
import * as noble from "./noble-ed25519.min.js";

const NOBLE_URL = new URL("./noble-ed25519.min.js", import.meta.url).href;
const AWAY_FIRST = 1_000_000_000; // the worker's job ids, apart from the page runner's

// The worker's loop: each message a batch, answered whole, with the runner's figures.
const WORKER_LOOP = `
const runner = makeRunner(makeGroup(noble));
self.onmessage = (e) => {
  const [id, ops] = e.data;
  const { results } = JSON.parse(runner.submit(ops, Infinity));
  self.postMessage([id, JSON.stringify({ id, results }), runner.stats()]);
};`;

let runner = null;
let loading = null;
let failure = "";
let worker = null;
let nextAway = AWAY_FIRST;
const away = new Map(); // id -> { ops, answer: the worker's text, or null while it works }
let awayStats = "{}";

function startWorker(source) {
  if (typeof Worker === "undefined" || typeof Blob === "undefined") return null;
  try {
    const code = `import * as noble from ${JSON.stringify(NOBLE_URL)};\n${source}\n${WORKER_LOOP}`;
    const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
    const started = new Worker(url, { type: "module" });
    started.onmessage = (e) => {
      const [id, answer, stats] = e.data;
      awayStats = stats;
      const job = away.get(id);
      if (job) job.answer = answer;
    };
    started.onerror = (e) => { e.preventDefault?.(); workerFailed(); };
    return started;
  } catch {
    return null;
  }
}

// The worker died or never loaded: its jobs are done here, whole, and later ones too.
function workerFailed() {
  if (worker) worker.terminate();
  worker = null;
  for (const [id, job] of away) {
    if (job.answer !== null) continue;
    const { results } = JSON.parse(runner.submit(job.ops, Infinity));
    job.answer = JSON.stringify({ id, results });
  }
}

window.g358fair = {
  // "pending" while the module loads, then "ready"
  install(source) {
    if (runner) return "ready";
    if (failure) return "error:" + failure;
    if (!loading) {
      const url = "data:text/javascript;charset=utf-8," + encodeURIComponent(source);
      loading = import(url).then(
        (m) => { runner = m.makeRunner(m.makeGroup(noble)); worker = startWorker(source); },
        (e) => { failure = "load: " + String(e).slice(0, 200); });
    }
    return "pending";
  },
  // `forWorker`: a batch for the worker (page_group.py decides), answered on a later call.
  submit(ops, budgetMs, forWorker) {
    if (!runner) return "error:not_installed";
    if (!forWorker || !worker) return runner.submit(ops, budgetMs);
    const id = nextAway++;
    away.set(id, { ops, answer: null });
    worker.postMessage([id, ops]);
    return JSON.stringify({ id });
  },
  step(id, budgetMs) {
    if (!runner) return "error:not_installed";
    const job = away.get(id);
    if (!job) return id >= AWAY_FIRST ? "error:no_job" : runner.step(id, budgetMs);
    if (job.answer === null) return JSON.stringify({ id });
    away.delete(id);
    return job.answer;
  },
  drop(id) {
    if (away.delete(id)) return "ok";
    return runner ? runner.drop(id) : "ok";
  },
  // work done so far (benchmarks): the page runner's, and the worker's under "away"
  stats() {
    if (!runner) return "{}";
    const here = JSON.parse(runner.stats());
    return JSON.stringify({ ...here, worker: worker !== null, away: JSON.parse(awayStats) });
  },
};
