// 3-5-8 service worker: makes the web page playable offline after one visit.
// Written into build/web/sw.js by tools/web/build.py, which fills the four constants below
// (a built sw.js has none of their markers left). No framework: one cache per build.
//
// - The cache is named after the build ("three-five-eight <scope> <build>"); a new build
//   is a new sw.js, which the browser installs beside the old one. The page tells the
//   player that a new version is ready and switches to it only when the game next starts
//   (message "take-update"), never under a running game. Activation deletes this game's
//   older caches (only ours: other games on the same site keep theirs).
// - Install stores the page, the game archive, manifest and icons, and the runtime files
//   the build knows about (pygbag's loader, interpreter, package index, pygame-ce wheel),
//   copying what an older cache of this game already holds instead of downloading it.
// - Once the game runs, the page sends the list of every file it fetched ("cache-fetched",
//   from the browser's resource timing): those from the runtime's folders are added.
// - Requests are answered from the cache first; a runtime or page file that is missing is
//   fetched and kept. localStorage (where saves live) is never touched.
"use strict";

const BUILD = "@@BUILD@@";
const APP_FILES = @@APP_FILES@@;          // relative to this file's folder
const RUNTIME_FILES = @@RUNTIME_FILES@@;  // absolute, or relative to this file's folder
const RUNTIME_BASES = @@RUNTIME_BASES@@;  // requests under these folders are cached

const SCOPE = self.registration.scope;
const PREFIX = `three-five-eight ${SCOPE} `;
const CACHE = PREFIX + BUILD;
const PAGE = new URL("index.html", SCOPE).href;
const BASES = RUNTIME_BASES.map((b) => new URL(b, SCOPE).href);
const ON_ITCH = self.location.host.includes(".itch.zone");  // itch.io gets the .apk, not the .tar.gz

// One key per file: no fragment, no query on the page, doubled slashes in paths made single
// (pygbag's package loader asks for ".../cdn//cp312/..." as well as ".../cdn/cp312/...").
function key(url, navigate) {
    const u = new URL(url, SCOPE);
    u.hash = "";
    if (navigate) return PAGE;
    u.pathname = u.pathname.replace(/\/{2,}/g, "/");
    return u.href;
}

function wanted(url) {
    const k = key(url);
    if (k === new URL("sw.js", SCOPE).href) return false;
    return k.startsWith(SCOPE) || BASES.some((b) => k.startsWith(b));
}

async function ourOlderCaches() {
    return (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
}

async function store(cache, url, mode) {
    const k = key(url);
    if (await cache.match(k)) return true;
    try {
        const response = await fetch(new Request(k, { cache: mode, credentials: "omit" }));
        if (!response.ok) return false;
        await cache.put(k, response);
        return true;
    } catch (e) {
        return false;
    }
}

self.addEventListener("install", (event) => {
    event.waitUntil((async () => {
        const cache = await caches.open(CACHE);
        const shell = APP_FILES.filter((f) => !f.endsWith(ON_ITCH ? ".tar.gz" : ".apk"));
        // the page and the game must come from this build, never from an older HTTP cache:
        // "reload" skips it outright ("no-cache" revalidates, and a server whose Last-Modified
        // has one-second steps answers 304 for a build published within the same second)
        await cache.addAll(shell.map((f) => new Request(new URL(f, SCOPE).href, { cache: "reload" })));
        // runtime files: keep what an older build of this game already stored
        const shellKeys = new Set(APP_FILES.map((f) => key(f)).concat([PAGE]));
        for (const name of await ourOlderCaches()) {
            const older = await caches.open(name);
            for (const request of await older.keys()) {
                if (shellKeys.has(request.url) || !wanted(request.url) || await cache.match(request.url)) continue;
                const response = await older.match(request);
                if (response) await cache.put(request.url, response);
            }
        }
        // the rest from the browser's HTTP cache where it is there (the page has just loaded them)
        await Promise.all(RUNTIME_FILES.map((f) => store(cache, f, "force-cache")));
    })());
});

self.addEventListener("activate", (event) => {
    event.waitUntil((async () => {
        for (const name of await ourOlderCaches()) await caches.delete(name);
        await self.clients.claim();
    })());
});

self.addEventListener("message", (event) => {
    const data = event.data || {};
    const reply = (what) => { if (event.ports && event.ports[0]) event.ports[0].postMessage(what); };
    if (data.type === "take-update") {
        // only when no other window of this game is open: another tab may be mid-game. A
        // page that is reloading may still count for a moment: look again a few times.
        event.waitUntil((async () => {
            let windows = [];
            for (let look = 0; look < 8; look++) {
                windows = (await self.clients.matchAll({ type: "window", includeUncontrolled: true }))
                    .filter((client) => client.url.startsWith(SCOPE));
                if (windows.length <= 1) break;
                await new Promise((resolve) => setTimeout(resolve, 250));
            }
            if (windows.length <= 1) {
                await self.skipWaiting();
                reply({ taken: true });
            } else {
                reply({ taken: false, windows: windows.length });
            }
        })());
    } else if (data.type === "cache-fetched" && Array.isArray(data.urls)) {
        event.waitUntil((async () => {
            const cache = await caches.open(CACHE);
            const urls = [...new Set(data.urls.filter((u) => typeof u === "string" && wanted(u)))];
            const results = await Promise.all(urls.map((u) => store(cache, u, "force-cache")));
            const entries = (await cache.keys()).length;
            reply({ build: BUILD, cache: CACHE, stored: results.filter(Boolean).length,
                    missed: urls.filter((u, i) => !results[i]), entries });
        })());
    } else if (data.type === "build") {
        reply({ build: BUILD, cache: CACHE });
    }
});

async function respond(request, navigate) {
    const k = key(request.url, navigate);
    const cache = await caches.open(CACHE);
    const hit = await cache.match(k);
    if (hit) return hit;
    const response = await fetch(request);  // offline and not stored: the browser's own error
    if (response.ok && (response.type === "basic" || response.type === "cors") && !request.headers.has("range"))
        await cache.put(k, response.clone());
    return response;
}

self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") return;
    const url = new URL(request.url);
    const navigate = request.mode === "navigate";
    if (navigate) {
        // the game's page (the folder or index.html, with any ?lang=...), nothing else
        const path = url.pathname.replace(/\/{2,}/g, "/");
        const scopePath = new URL(SCOPE).pathname;
        if (url.origin !== self.location.origin || (path !== scopePath && path !== scopePath + "index.html")) return;
    } else if (!wanted(request.url)) {
        return;
    }
    event.respondWith(respond(request, navigate));
});
