// Fair dealing's glue in the page (docs/FAIR_DEALING.md): the vendored noble-curves bundle,
// and the group module whose text game/online/fair/page_group.py hands over (one source for
// node's tests and the page).  Python calls window.g358fair with one window.eval a call;
// every function answers a string at once, "error:REASON" when it cannot.
import * as noble from "./noble-ed25519.min.js";

let runner = null;
let loading = null;
let failure = "";

window.g358fair = {
  // "pending" while the module loads, then "ready"
  install(source) {
    if (runner) return "ready";
    if (failure) return "error:" + failure;
    if (!loading) {
      const url = "data:text/javascript;charset=utf-8," + encodeURIComponent(source);
      loading = import(url).then(
        (m) => { runner = m.makeRunner(m.makeGroup(noble)); },
        (e) => { failure = "load: " + String(e).slice(0, 200); });
    }
    return "pending";
  },
  submit(ops, budgetMs) { return runner ? runner.submit(ops, budgetMs) : "error:not_installed"; },
  step(id, budgetMs) { return runner ? runner.step(id, budgetMs) : "error:not_installed"; },
  drop(id) { return runner ? runner.drop(id) : "ok"; },
  stats() { return runner ? runner.stats() : "{}"; }, // work done so far (benchmarks)
};
