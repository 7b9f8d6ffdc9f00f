// 3-5-8 online play: WebRTC data channels between the players' own pages (no game server).
// Loaded by the page (index.html); driven from Python (game/online/links/page.py), which
// calls window.g358p2p.* through one window.eval per call and polls each link once a
// frame. Nothing here calls into Python: what arrives waits in a link's inbox until
// poll() takes it (pygbag's JS-to-Python event path breaks on strings holding "\r\n").
// Every function returns at once with a string; the work goes on in promises.
//
// Two ways to find each other:
// - By hand: offer() makes an offer code, answer(code) turns it into an answer code,
//   accept(id, code) finishes. A code is "o1." or "a1." and the session description
//   (SDP, all ICE candidates gathered first) deflated and in base64url.
// - Rooms by link: host(room, key) and join(room, key) meet through public Nostr relays
//   with Trystero (trystero-nostr.js, loaded on first use), which encrypts what it
//   relays with the key (AES-GCM); the key travels only in the link's fragment.
//   Star: each guest keeps the link to the host and turns away other guests.
//
// A link not open within its wait (15 s) closes with a reason the game puts in plain
// words: "ice_failed", "timeout", "rendezvous_unreachable", "no_host", ...
(function () {
    "use strict";
    if (window.g358p2p) return;

    const VERSION = 1;
    const OFFER = "o1.";
    const ANSWER = "a1.";
    const MAX_CODE = 2953;      // characters: what one QR code holds (version 40, level L, bytes)
    const MAX_SDP = 16384;      // bytes a code may inflate to
    const MAX_MESSAGE = 65536;  // bytes in one message (the protocol's own limit is the same)
    const GATHER_MS = 5000;     // ICE gathering for a code: what is found by then goes in it
    const WAIT_MS = 15000;      // a connection not made by then is reported
    const ANSWER_WAIT_MS = 180000;  // the answering side waits for a person to carry its code back
    const APP_ID = "three-five-eight/online/v1";
    const LIBRARY = "vendor/trystero-nostr.js";
    const CHANNEL = { negotiated: true, id: 0, ordered: true };
    const DEFAULT_ICE = [{ urls: "stun:stun.l.google.com:19302" }, { urls: "stun:stun.cloudflare.com:3478" }];

    const stats = { refused: 0 };  // peers turned away by role (a guest meeting a guest)
    const leaving = {};  // room id -> Trystero leaving it (a room joined again waits for that)
    const links = {};
    const rooms = {};
    let counter = 0;
    let library = null;
    const now = () => performance.now();
    const json = JSON.stringify;

    // ---- codes -------------------------------------------------------------------------
    function toB64url(bytes) {
        let s = "";
        for (let i = 0; i < bytes.length; i += 0x8000)
            s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
        return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    }

    function fromB64url(text) {
        const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
        const bytes = new Uint8Array(s.length);
        for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
        return bytes;
    }

    async function deflate(text) {
        const stream = new Blob([new TextEncoder().encode(text)]).stream()
            .pipeThrough(new CompressionStream("deflate-raw"));
        return new Uint8Array(await new Response(stream).arrayBuffer());
    }

    async function inflate(bytes) {
        const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
        const parts = [];
        let size = 0;
        for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            size += value.length;
            if (size > MAX_SDP) { reader.cancel().catch(() => {}); throw failure("bad_code"); }
            parts.push(value);
        }
        const all = new Uint8Array(size);
        let at = 0;
        for (const p of parts) { all.set(p, at); at += p.length; }
        return new TextDecoder("utf-8", { fatal: true }).decode(all);
    }

    function failure(reason) {
        const e = new Error(reason);
        e.reason = reason;
        return e;
    }

    async function pack(prefix, sdp) {
        return prefix + toB64url(await deflate(sdp));
    }

    // The session description in a code, or an Error whose .reason says what is wrong.
    async function unpack(code, prefix) {
        const text = String(code || "").replace(/\s+/g, "");
        if (text.length > MAX_CODE) throw failure("code_too_long");
        const other = prefix === OFFER ? ANSWER : OFFER;
        if (text.startsWith(other)) throw failure("wrong_code");
        if (!text.startsWith(prefix) || !/^[A-Za-z0-9_-]+$/.test(text.slice(prefix.length))) throw failure("bad_code");
        let sdp;
        try {
            sdp = await inflate(fromB64url(text.slice(prefix.length)));
        } catch (e) {
            throw failure(e.reason || "bad_code");
        }
        if (!sdp.startsWith("v=0") || sdp.indexOf("m=application") < 0) throw failure("bad_code");
        return sdp;
    }

    // ---- links ---------------------------------------------------------------------------
    function newLink(kind, waitMs) {
        const id = kind + (++counter);
        const link = {
            id, kind, state: "connecting", reason: "", code: "", inbox: [],
            started: now(), opened: 0, waitMs, timer: 0,
            sendText: () => false, shut: () => {},
        };
        links[id] = link;
        return link;
    }

    function arm(link, ms, why) {
        clearTimeout(link.timer);
        link.started = now();
        link.timer = setTimeout(() => {
            if (link.state === "connecting") end(link, typeof why === "function" ? why() : why);
        }, ms);
    }

    function opened(link) {
        if (link.state !== "connecting") return;
        clearTimeout(link.timer);
        link.state = "open";
        link.opened = now();
    }

    function end(link, reason) {
        if (link.state === "closed") return;
        clearTimeout(link.timer);
        link.state = "closed";
        if (!link.reason) link.reason = reason || "closed";
        try { link.shut(); } catch (e) { /* already gone */ }
    }

    function take(link, data) {
        if (link.state === "open" && typeof data === "string") link.inbox.push(data);
    }

    function iceServers(ice) {
        if (ice === undefined || ice === null || ice === "default") return DEFAULT_ICE;
        return Array.isArray(ice) ? ice : DEFAULT_ICE;
    }

    function gathered(pc) {
        return new Promise((resolve) => {
            if (pc.iceGatheringState === "complete") return resolve();
            const done = () => { if (pc.iceGatheringState === "complete") resolve(); };
            pc.addEventListener("icegatheringstatechange", done);
            setTimeout(resolve, GATHER_MS);
        });
    }

    function direct(link, ice) {
        if (!window.RTCPeerConnection) throw failure("no_webrtc");
        const pc = new RTCPeerConnection({ iceServers: iceServers(ice) });
        const dc = pc.createDataChannel("g358", CHANNEL);
        link.pc = pc;
        dc.onopen = () => opened(link);
        dc.onmessage = (ev) => take(link, ev.data);
        dc.onclose = () => end(link, "closed");
        pc.onconnectionstatechange = () => {
            const s = pc.connectionState;
            if (s === "failed") end(link, link.state === "open" ? "lost" : "ice_failed");
            else if (s === "closed") end(link, "closed");
        };
        link.sendText = (text) => {
            if (dc.readyState !== "open") return false;
            dc.send(text);
            return true;
        };
        link.shut = () => { try { dc.close(); } catch (e) { /* */ } pc.close(); };
        return pc;
    }

    function offer(ice, waitMs) {
        const link = newLink("o", waitMs || WAIT_MS);
        link.phase = "gathering";
        (async () => {
            const pc = direct(link, ice);
            await pc.setLocalDescription(await pc.createOffer());
            await gathered(pc);
            link.code = await pack(OFFER, pc.localDescription.sdp);
            link.phase = "waiting";  // for accept(): no clock until then (a person is busy)
        })().catch((e) => end(link, e.reason || "failed"));
        return link.id;
    }

    function answer(code, ice, waitMs) {
        const link = newLink("a", waitMs || ANSWER_WAIT_MS);
        link.phase = "reading";
        (async () => {
            const sdp = await unpack(code, OFFER);
            const pc = direct(link, ice);
            await pc.setRemoteDescription({ type: "offer", sdp });
            await pc.setLocalDescription(await pc.createAnswer());
            await gathered(pc);
            link.code = await pack(ANSWER, pc.localDescription.sdp);
            link.phase = "waiting";
            arm(link, link.waitMs, "timeout");  // the other side never used the answer
        })().catch((e) => end(link, e.reason || "failed"));
        return link.id;
    }

    // The offering side takes the answer code: connecting from now, for at most its wait.
    // "ok" (the code is read in the background: a bad one comes back through poll as
    // code_error, and the link waits for another), or "no_link" / "not_waiting".
    function accept(id, code) {
        const link = links[id];
        if (!link || link.kind !== "o" || !link.pc) return "no_link";
        if (link.state !== "connecting" || link.phase !== "waiting") return "not_waiting";
        link.phase = "connecting";
        arm(link, link.waitMs, () => (link.pc && link.pc.iceConnectionState === "failed" ? "ice_failed" : "timeout"));
        unpack(code, ANSWER)
            .then((sdp) => link.pc.setRemoteDescription({ type: "answer", sdp }))
            .catch((e) => {
                // a mistyped code: say so and let the person paste again
                link.phase = "waiting";
                clearTimeout(link.timer);
                link.codeError = e.reason || "bad_code";
            });
        return "ok";
    }

    // ---- rooms (Trystero over Nostr relays) -------------------------------------------------
    // Trystero hands out the same room while it is still leaving it: wait for that first.
    function leaveRoom(roomId, tr) {
        const done = Promise.resolve().then(() => tr.leave()).catch(() => {});
        leaving[roomId] = done;
        done.then(() => { if (leaving[roomId] === done) delete leaving[roomId]; });
    }

    function ready(roomId) {
        return Promise.all([loadLibrary(), leaving[roomId]]).then(([T]) => T);
    }

    function loadLibrary() {
        if (!library) {
            const url = new URL(window.g358p2p_library || LIBRARY, document.baseURI).href;
            library = import(url).catch((e) => { library = null; throw failure("no_rendezvous"); });
        }
        return library;
    }

    // Trystero keeps a pool of connections, each with an offer made in advance, and makes an
    // offer older than about a minute again before sending it: it rolls the old offer back,
    // restarts ICE and makes a new one. In Chromium, rolling back a connection's first offer
    // also takes away its data channel's part (m=application): the new offer has nothing in
    // it, the answer neither, and ICE never starts. So once a room has been open for a
    // minute, every offer its page sends fails (the other side waits for no_host), and which
    // side offers is fixed per pair of pages by Trystero's ids. Here that rollback is left
    // out (the new offer is made over the old one, which keeps the channel and restarts ICE
    // just the same), and a connection acts on "negotiationneeded" only before its first
    // local description: a room's links carry data only, and that event otherwise makes a
    // second offer at the same time as Trystero's own.
    let Renewable = null;
    function renewable() {
        if (Renewable || !window.RTCPeerConnection) return Renewable;
        Renewable = class extends window.RTCPeerConnection {
            constructor(config) {
                super(config);
                let handler = null;
                let described = false;
                const setLocal = this.setLocalDescription.bind(this);
                this.setLocalDescription = (d) => {
                    if (d && d.type === "rollback" && this.signalingState === "have-local-offer"
                        && !this.remoteDescription) return Promise.resolve();
                    described = true;
                    return setLocal(d);
                };
                const forward = (ev) => { if (!described && handler) return handler.call(this, ev); };
                Object.defineProperty(this, "onnegotiationneeded", {
                    configurable: true,
                    get: () => (handler ? forward : null),
                    set: (f) => { handler = typeof f === "function" ? f : null; },
                });
                this.addEventListener("negotiationneeded", forward);
            }
        };
        return Renewable;
    }

    function roomConfig(key, ice, relays) {
        const config = { appId: APP_ID, password: String(key), rtcConfig: { iceServers: iceServers(ice) } };
        const polyfill = renewable();
        if (polyfill) config.rtcPolyfill = polyfill;
        if (Array.isArray(relays) && relays.length) config.relayConfig = { urls: relays.map(String) };
        return config;
    }

    function relaysUp(T) {
        try {
            const sockets = T.getRelaySockets();
            return Object.keys(sockets).some((u) => sockets[u] && sockets[u].readyState === 1);
        } catch (e) {
            return false;
        }
    }

    // Trystero splits a long message into chunks and sends messages side by side: one at a
    // time per link keeps them in order (the protocol's numbering relies on it).
    function inOrder(action, peer) {
        let last = Promise.resolve();
        return (text) => {
            last = last.then(() => action.send(text, { target: peer })).catch(() => {});
            return true;
        };
    }

    // Each side says what it is; a guest takes only a host, a host only guests.
    function roles(mine, onPeer) {
        return async (peerId, send, receive) => {
            await send({ g358: "role", v: VERSION, role: mine });
            const { data } = await receive();
            const theirs = data && data.g358 === "role" && data.v === VERSION ? data.role : "";
            if (mine === "host" ? theirs !== "guest" : theirs !== "host") {
                stats.refused += 1;
                throw new Error(`refused: ${theirs || "unknown"}`);
            }
            if (onPeer && !onPeer(peerId)) {
                stats.refused += 1;
                throw new Error("refused: taken");
            }
        };
    }

    function host(roomId, key, ice, relays, waitMs) {
        const id = "r" + (++counter);
        const room = { id, state: "connecting", reason: "", fresh: [], peers: {}, started: now(), shut: () => {} };
        rooms[id] = room;
        ready(String(roomId)).then((T) => {
            if (room.state === "closed") return;
            const tr = T.joinRoom(roomConfig(key, ice, relays), String(roomId), {
                onPeerHandshake: roles("host"),
            });
            const action = tr.makeAction("m");
            tr.onPeerJoin = (peer) => {
                const link = newLink("h", WAIT_MS);
                link.peer = peer;
                link.sendText = inOrder(action, peer);
                link.shut = () => {
                    const pc = tr.getPeers()[peer];
                    if (pc) pc.close();
                };
                opened(link);
                const old = room.peers[peer];
                if (old) end(old, "replaced");
                room.peers[peer] = link;
                room.fresh.push(link.id);
            };
            action.onMessage = (data, from) => {
                const link = room.peers[from && from.peerId];
                if (link) take(link, data);
            };
            tr.onPeerLeave = (peer) => {
                const link = room.peers[peer];
                if (link) end(link, "closed");
                delete room.peers[peer];
            };
            room.shut = () => leaveRoom(String(roomId), tr);
            const watch = setInterval(() => {
                if (room.state === "closed") { clearInterval(watch); return; }
                const up = relaysUp(T);
                if (up) { room.state = "open"; room.reason = ""; }
                else if (now() - room.started > (waitMs || WAIT_MS)) room.reason = "rendezvous_unreachable";
            }, 250);
        }).catch((e) => {
            if (!e.reason) console.warn("3-5-8 online: the room failed:", e);
            room.state = "closed";
            room.reason = e.reason || "failed";
        });
        return id;
    }

    function join(roomId, key, ice, relays, waitMs) {
        const link = newLink("g", waitMs || WAIT_MS);
        let joinError = "";
        let lib = null;
        arm(link, link.waitMs, () => (
            joinError ? (/password/.test(joinError) ? "wrong_key" : "ice_failed")
                : lib && relaysUp(lib) ? "no_host" : "rendezvous_unreachable"));
        ready(String(roomId)).then((T) => {
            lib = T;
            if (link.state !== "connecting") return;
            const tr = T.joinRoom(roomConfig(key, ice, relays), String(roomId), {
                onPeerHandshake: roles("guest", () => !link.peer),
                onJoinError: (details) => {
                    const error = String(details && details.error || "");
                    if (!/refused/.test(error)) joinError = error || "failed";
                },
            });
            const action = tr.makeAction("m");
            link.shut = () => leaveRoom(String(roomId), tr);
            tr.onPeerJoin = (peer) => {
                if (link.peer || link.state !== "connecting") return;
                link.peer = peer;
                link.sendText = inOrder(action, peer);
                opened(link);
            };
            action.onMessage = (data, from) => { if (from && from.peerId === link.peer) take(link, data); };
            tr.onPeerLeave = (peer) => { if (peer === link.peer) end(link, "closed"); };
        }).catch((e) => {
            if (!e.reason) console.warn("3-5-8 online: joining the room failed:", e);
            end(link, e.reason || "failed");
        });
        return link.id;
    }

    // Whether a message has more UTF-8 bytes than a link sends, counted only when it could:
    // UTF-8 has at least one byte and at most three per UTF-16 unit, and counting every
    // message (a Blob made of it) cost a millisecond a send at 4x CPU slowdown.
    function tooLong(text) {
        if (text.length > MAX_MESSAGE) return true;
        if (text.length * 3 <= MAX_MESSAGE) return false;
        return new TextEncoder().encode(text).length > MAX_MESSAGE;
    }

    // ---- what Python calls ---------------------------------------------------------------
    function send(id, text) {
        const link = links[id];
        if (!link || link.state !== "open" || typeof text !== "string") return "0";
        if (tooLong(text)) return "0";
        try {
            return link.sendText(text) ? "1" : "0";
        } catch (e) {
            return "0";
        }
    }

    // Everything about a link since the last poll, as JSON: its state, the code to show,
    // the reason it closed, the seconds it took to open, and the messages that came.
    function poll(id) {
        const link = links[id];
        if (!link) return json({ state: "closed", reason: "no_link", inbox: [] });
        const inbox = link.inbox;
        link.inbox = [];
        const out = { state: link.state, reason: link.reason, code: link.code, phase: link.phase || "", inbox };
        if (link.codeError) { out.code_error = link.codeError; link.codeError = ""; }
        if (link.opened) out.connect_s = (link.opened - link.started) / 1000;
        if (link.state === "closed" && !inbox.length) delete links[id];
        return json(out);
    }

    function pollRoom(id) {
        const room = rooms[id];
        if (!room) return json({ state: "closed", reason: "no_room", links: [] });
        const fresh = room.fresh;
        room.fresh = [];
        return json({ state: room.state, reason: room.reason, links: fresh });
    }

    function close(id) {
        const link = links[id];
        if (link) end(link, "closed_here");
        return "ok";
    }

    function closeRoom(id) {
        const room = rooms[id];
        if (!room) return "ok";
        room.state = "closed";
        for (const peer of Object.keys(room.peers)) end(room.peers[peer], "closed_here");
        try { room.shut(); } catch (e) { /* */ }
        delete rooms[id];
        return "ok";
    }

    // Calls from Python never throw: a failure is a reason in the answer.
    function guarded(f) {
        return function () {
            try {
                return f.apply(null, arguments);
            } catch (e) {
                return "error:" + (e.reason || e.message || "failed");
            }
        };
    }

    window.g358p2p = {
        version: VERSION,
        limits: { code: MAX_CODE, sdp: MAX_SDP, message: MAX_MESSAGE, wait_ms: WAIT_MS, answer_wait_ms: ANSWER_WAIT_MS },
        stats: () => json(stats),
        supported: () => (window.RTCPeerConnection && window.CompressionStream ? "1" : "0"),
        offer: guarded(offer),
        answer: guarded(answer),
        accept: guarded(accept),
        host: guarded(host),
        join: guarded(join),
        send: guarded(send),
        poll: guarded(poll),
        pollRoom: guarded(pollRoom),
        close: guarded(close),
        closeRoom: guarded(closeRoom),
        // for tests and the by-hand screens: what a code holds ("" when it is not one)
        unpack: (code, kind) => unpack(code, kind === "answer" ? ANSWER : OFFER).catch((e) => "error:" + e.reason),
    };
})();
