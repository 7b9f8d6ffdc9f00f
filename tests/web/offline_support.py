"""Helpers for the offline-play tests: local servers that can be switched "off", and a
stand-in for pygbag's runtime that fetches what the real one fetches.

The stand-in (STUB_RUNTIME_JS, served as pythons.js) asks for the interpreter files under
the page's runtime folder (config.cdn), the package index and the pygame-ce wheel at
pygbag's fixed address (which the page maps to the folder above its runtime), and the
game archive, like pygbag's loader; then it shows the start prompt and, after the click,
gives the canvas its size as the game does (which reveals the canvas and lets the page
register its service worker).
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
from pathlib import Path

from tools.web.build import DEFAULT_WHEEL, INDEX_JSON, INTERPRETER_FILES, RUNTIME_VERSION

STUB_RUNTIME_JS = """
// stand-in for pygbag's pythons.js: fetches what the real loader fetches
window.MM = { UME: false };
window.window_resize = () => { window.resized = (window.resized || 0) + 1; };
(async () => {
    const get = async (url) => {
        const r = await fetch(url);
        if (!r.ok) throw new Error(url + ": HTTP " + r.status);
        return new Uint8Array(await r.arrayBuffer());
    };
    const cdn = new URL(config.cdn, location.href).href;
    const got = {};
    for (const f of FILES) got[f] = (await get(cdn + f)).length;
    // pygbag's package loader asks its fixed address (once with a doubled slash)
    const index = JSON.parse(new TextDecoder().decode(await get("https://pygame-web.github.io/cdn/" + INDEX)));
    const wheel = index.pygame.replaceAll("<abi>", "cp312").replace("<api>", "wasm32_bi_emscripten");
    got.wheel = (await get("https://pygame-web.github.io/cdn//" + wheel)).length;
    const archive = await get(config.archive + ".tar.gz");
    got.archive = archive.length;
    got.archive_head = Array.from(archive.slice(0, 16));
    window.stub_fetched = got;
    window.stub_runs = (window.stub_runs || 0) + 1;
    window.loader_say("ready");
    while (!window.MM.UME) await new Promise((r) => setTimeout(r, 50));
    const c = document.getElementById("canvas");
    c.width = 1280;
    c.height = 720;
    window.stub_loaded = true;
})().catch((e) => { window.stub_error = String(e); });
""".replace("FILES", json.dumps([f for f in INTERPRETER_FILES if f != "pythons.js"])).replace(
    "INDEX", json.dumps(INDEX_JSON))


def write_fake_runtime(folder: Path) -> dict[str, int]:
    """pygbag's CDN layout with the stand-in loader and small fake files; returns sizes."""
    files = {f"{RUNTIME_VERSION}/{f}": f"fake {f}\n".encode() * 50 for f in INTERPRETER_FILES}
    files[f"{RUNTIME_VERSION}/pythons.js"] = STUB_RUNTIME_JS.encode()
    index = {"-CDN-": "https://pygame-web.github.io/cdn/", "pygame": DEFAULT_WHEEL.replace("cp312-cp312", "<abi>-<abi>")
             .replace("wasm32_bi_emscripten", "<api>")}
    files[INDEX_JSON] = json.dumps(index).encode()
    files[DEFAULT_WHEEL] = b"PK fake wheel " * 300
    for rel, data in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_bytes(data)
    return {rel: len(data) for rel, data in files.items()}


class Server:
    """A static server on 127.0.0.1 (CORS open, like pygbag's CDN) that can be switched
    off: then it answers 503 and counts the requests that still reached it."""

    def __init__(self, root: Path):
        self.root = root
        self.off = False
        self.hits_while_off: list[str] = []
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def end_headers(self):
                self.send_header("Access-Control-Allow-Origin", "*")
                super().end_headers()

            def do_GET(self):
                if server.off:
                    server.hits_while_off.append(self.path)
                    self.send_error(503, "switched off by the test")
                    return
                super().do_GET()

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.httpd.server_port}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


CACHE_REPORT_JS = """async () => {
    const names = await caches.keys();
    const out = {};
    for (const name of names) {
        const cache = await caches.open(name);
        let bytes = 0;
        const urls = [];
        for (const request of await cache.keys()) {
            const response = await cache.match(request);
            bytes += (await response.arrayBuffer()).byteLength;
            urls.push(request.url);
        }
        out[name] = { bytes, urls };
    }
    return out;
}"""

ASK_BUILD_JS = """() => new Promise((resolve) => {
    const c = new MessageChannel();
    c.port1.onmessage = (ev) => resolve(ev.data);
    navigator.serviceWorker.controller.postMessage({ type: "build" }, [c.port2]);
})"""
