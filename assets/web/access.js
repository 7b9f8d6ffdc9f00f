// 3-5-8: the page's accessible mirror of the canvas game (docs/ACCESSIBILITY.md).
//
// A canvas is a picture to a screen reader. Beside it this script keeps a section of real
// HTML that says what the game shows: a status line, the hand as one tab stop of buttons,
// the trick on the table, the game's buttons and its history, and two live regions that
// speak the game's announcements. The game writes nothing here itself: game/web/access_page.py
// hands it the Access layer's snapshot (window.g358access.render) and collects what the
// player asked for (window.g358access.take), both by polling, once a frame.
//
// - Visually hidden by clipping (never display:none, which would hide it from screen readers
//   too); when the keyboard focus is inside, the section shows itself as a panel, so a
//   sighted keyboard player sees where the focus is.
// - The two live regions exist, empty, from the page's load: a region that appears with its
//   text is often not spoken. Each message is a new node (a repeated message is spoken again).
// - Keys pressed here stop here: SDL listens for keys on the document (pygbag sets
//   SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT), so a key that bubbled on would also reach the game.
// - No role="application": the screen reader keeps its own commands.
(function () {
    "use strict";
    if (window.g358access) return;

    const TEXT = {
        en: { region: "3-5-8: the game in words",
              start: "Play with a screen reader",
              starting: "Screen reader mode is starting\u2026",
              hand: "Your cards",
              table: "On the table",
              nothing: "No cards on the table",
              controls: "Game controls",
              history: "History",
              unavailable: "Not available now",
              help: "Left and Right arrows: card by card. Up and Down: the next suit. Home and End: the first and the last card. Enter or Space: play. Letters: A your cards, T table, L last trick, S scores, W whose turn, K contract, R repeat." },
        pl: { region: "3-5-8: gra w s\u0142owach",
              start: "Graj z czytnikiem ekranu",
              starting: "W\u0142\u0105czanie trybu czytnika ekranu\u2026",
              hand: "Twoje karty",
              table: "Na stole",
              nothing: "Na stole nie ma kart",
              controls: "Sterowanie gr\u0105",
              history: "Przebieg gry",
              unavailable: "Teraz niedost\u0119pne",
              help: "Strza\u0142ki w lewo i w prawo: karta po karcie. W g\u00f3r\u0119 i w d\u00f3\u0142: nast\u0119pny kolor. Home i End: pierwsza i ostatnia karta. Enter lub spacja: zagraj. Litery: A r\u0119ka, T st\u00f3\u0142, L ostatnia lewa, S wyniki, W czyj ruch, K kontrakt, R powt\u00f3rz." },
        ru: { region: "3-5-8: \u0438\u0433\u0440\u0430 \u0441\u043b\u043e\u0432\u0430\u043c\u0438",
              start: "\u0418\u0433\u0440\u0430\u0442\u044c \u0441 \u043f\u0440\u043e\u0433\u0440\u0430\u043c\u043c\u043e\u0439 \u0447\u0442\u0435\u043d\u0438\u044f \u044d\u043a\u0440\u0430\u043d\u0430",
              starting: "\u0412\u043a\u043b\u044e\u0447\u0430\u0435\u0442\u0441\u044f \u0440\u0435\u0436\u0438\u043c \u0447\u0442\u0435\u043d\u0438\u044f \u044d\u043a\u0440\u0430\u043d\u0430\u2026",
              hand: "\u0412\u0430\u0448\u0438 \u043a\u0430\u0440\u0442\u044b",
              table: "\u041d\u0430 \u0441\u0442\u043e\u043b\u0435",
              nothing: "\u041d\u0430 \u0441\u0442\u043e\u043b\u0435 \u043d\u0435\u0442 \u043a\u0430\u0440\u0442",
              controls: "\u0423\u043f\u0440\u0430\u0432\u043b\u0435\u043d\u0438\u0435 \u0438\u0433\u0440\u043e\u0439",
              history: "\u0425\u043e\u0434 \u0438\u0433\u0440\u044b",
              unavailable: "\u0421\u0435\u0439\u0447\u0430\u0441 \u043d\u0435\u0434\u043e\u0441\u0442\u0443\u043f\u043d\u043e",
              help: "\u0421\u0442\u0440\u0435\u043b\u043a\u0438 \u0432\u043b\u0435\u0432\u043e \u0438 \u0432\u043f\u0440\u0430\u0432\u043e: \u043f\u043e \u043e\u0434\u043d\u043e\u0439 \u043a\u0430\u0440\u0442\u0435. \u0412\u0432\u0435\u0440\u0445 \u0438 \u0432\u043d\u0438\u0437: \u0441\u043b\u0435\u0434\u0443\u044e\u0449\u0430\u044f \u043c\u0430\u0441\u0442\u044c. Home \u0438 End: \u043f\u0435\u0440\u0432\u0430\u044f \u0438 \u043f\u043e\u0441\u043b\u0435\u0434\u043d\u044f\u044f \u043a\u0430\u0440\u0442\u0430. Enter \u0438\u043b\u0438 \u043f\u0440\u043e\u0431\u0435\u043b: \u0441\u044b\u0433\u0440\u0430\u0442\u044c. \u0411\u0443\u043a\u0432\u044b: A \u0440\u0443\u043a\u0430, T \u0441\u0442\u043e\u043b, L \u043f\u043e\u0441\u043b\u0435\u0434\u043d\u044f\u044f \u0432\u0437\u044f\u0442\u043a\u0430, S \u0441\u0447\u0451\u0442, W \u0447\u0435\u0439 \u0445\u043e\u0434, K \u043a\u043e\u043d\u0442\u0440\u0430\u043a\u0442, R \u043f\u043e\u0432\u0442\u043e\u0440\u0438\u0442\u044c." },
        bg: { region: "3-5-8: \u0438\u0433\u0440\u0430\u0442\u0430 \u0441 \u0434\u0443\u043c\u0438",
              start: "\u0418\u0433\u0440\u0430\u0439 \u0441 \u0435\u043a\u0440\u0430\u043d\u0435\u043d \u0447\u0435\u0442\u0435\u0446",
              starting: "\u0420\u0435\u0436\u0438\u043c\u044a\u0442 \u0437\u0430 \u0435\u043a\u0440\u0430\u043d\u0435\u043d \u0447\u0435\u0442\u0435\u0446 \u0441\u0435 \u0432\u043a\u043b\u044e\u0447\u0432\u0430\u2026",
              hand: "\u0412\u0430\u0448\u0438\u0442\u0435 \u043a\u0430\u0440\u0442\u0438",
              table: "\u041d\u0430 \u043c\u0430\u0441\u0430\u0442\u0430",
              nothing: "\u041d\u044f\u043c\u0430 \u043a\u0430\u0440\u0442\u0438 \u043d\u0430 \u043c\u0430\u0441\u0430\u0442\u0430",
              controls: "\u0423\u043f\u0440\u0430\u0432\u043b\u0435\u043d\u0438\u0435 \u043d\u0430 \u0438\u0433\u0440\u0430\u0442\u0430",
              history: "\u0425\u043e\u0434 \u043d\u0430 \u0438\u0433\u0440\u0430\u0442\u0430",
              unavailable: "\u0412 \u043c\u043e\u043c\u0435\u043d\u0442\u0430 \u0435 \u043d\u0435\u0434\u043e\u0441\u0442\u044a\u043f\u043d\u043e",
              help: "\u0421\u0442\u0440\u0435\u043b\u043a\u0438 \u043d\u0430\u043b\u044f\u0432\u043e \u0438 \u043d\u0430\u0434\u044f\u0441\u043d\u043e: \u043a\u0430\u0440\u0442\u0430 \u043f\u043e \u043a\u0430\u0440\u0442\u0430. \u041d\u0430\u0433\u043e\u0440\u0435 \u0438 \u043d\u0430\u0434\u043e\u043b\u0443: \u0441\u043b\u0435\u0434\u0432\u0430\u0449\u0430\u0442\u0430 \u0431\u043e\u044f. Home \u0438 End: \u043f\u044a\u0440\u0432\u0430\u0442\u0430 \u0438 \u043f\u043e\u0441\u043b\u0435\u0434\u043d\u0430\u0442\u0430 \u043a\u0430\u0440\u0442\u0430. Enter \u0438\u043b\u0438 \u0438\u043d\u0442\u0435\u0440\u0432\u0430\u043b: \u0438\u0433\u0440\u0430\u0439. \u0411\u0443\u043a\u0432\u0438: A \u0440\u044a\u043a\u0430, T \u043c\u0430\u0441\u0430, L \u043f\u043e\u0441\u043b\u0435\u0434\u043d\u0430 \u0432\u0437\u044f\u0442\u043a\u0430, S \u0440\u0435\u0437\u0443\u043b\u0442\u0430\u0442, W \u0447\u0438\u0439 \u0435 \u0440\u0435\u0434\u044a\u0442, K \u0434\u043e\u0433\u043e\u0432\u043e\u0440, R \u043f\u043e\u0432\u0442\u043e\u0440\u0438." }
    };
    const READS = { a: "hand", t: "trick", l: "last_trick", s: "scores", w: "turn", k: "contract", r: "repeat" };  // the game's own read-out keys (README)
    const SELECTING = ["exchange", "kitty"];  // scenes where a card is chosen, not played: toggles
    const KEPT_MESSAGES = 3;   // nodes left in a live region (the older ones are not spoken again)
    const KEPT_LOG = 100;      // the history's entries, as the snapshot keeps them
    const BACKLOG = 5;         // at most this many old announcements spoken when the mirror starts
    const OWN_FOCUS_MS = 400;  // a focus change this soon after a click or Tab is the player's own

    const own = (obj, key) => Object.prototype.hasOwnProperty.call(obj, key);
    const text = (value) => (value === undefined || value === null ? "" : String(value));
    const list = (value) => (Array.isArray(value) ? value : []);
    const yes = (value) => /^(1|true|on|yes)$/i.test(text(value).trim());

    function startLanguage() {
        try {
            const want = (new URLSearchParams(location.search).get("lang") || navigator.language || "en")
                .toLowerCase().split(/[-_]/)[0];
            return own(TEXT, want) ? want : "en";
        } catch (e) {
            return "en";
        }
    }

    function askedByAddress() {
        try { return yes(new URLSearchParams(location.search).get("a11y")); } catch (e) { return false; }
    }

    // --- the section ---------------------------------------------------------------------
    const STYLE = `
.g358-sr, .g358-access:not(:focus-within) {
    position: absolute !important; width: 1px !important; height: 1px !important; margin: -1px !important;
    padding: 0 !important; border: 0 !important; overflow: hidden !important; white-space: nowrap !important;
    clip: rect(0 0 0 0) !important; clip-path: inset(50%) !important;
}
.g358-access {
    position: fixed; left: 0; right: 0; bottom: 0; z-index: 40; max-height: 60vh; overflow: auto;
    box-sizing: border-box; padding: 8px 12px 12px; background: #08301c; color: #f3ead3;
    border-top: 2px solid #d4af37; font: 16px/1.4 "DejaVu Sans", "Segoe UI", Roboto, Arial, sans-serif;
    user-select: text;
}
.g358-access h2 { font-size: 16px; margin: 8px 0 4px; color: #f0d46a; }
.g358-access p, .g358-access ul { margin: 4px 0; }
.g358-access button {
    min-height: 44px; min-width: 44px; margin: 2px; padding: 0 10px; font: inherit;
    color: #08301c; background: #f3ead3; border: 2px solid #d4af37; border-radius: 6px;
}
.g358-access button[aria-disabled="true"] { color: #4a4a4a; background: #c9c2b0; border-color: #8a8270; }
.g358-access button[aria-pressed="true"] { background: #f0d46a; border-color: #ffffff; }
.g358-access button:focus { outline: 3px solid #ffffff; outline-offset: 2px; }
.g358-access [role="log"] { max-height: 8em; overflow: auto; }
`;

    function element(tag, attrs, parent) {
        const node = document.createElement(tag);
        for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
        if (parent) parent.appendChild(node);
        return node;
    }

    const style = element("style", { id: "g358-access-style" });
    style.textContent = STYLE;
    (document.head || document.documentElement).appendChild(style);

    const root = element("section", { id: "g358-access", class: "g358-access" });
    const start = element("button", { id: "g358-access-start", type: "button" }, root);
    const status = element("p", { id: "g358-access-status", tabindex: "-1" }, root);
    const handTitle = element("h2", { id: "g358-access-hand-title" }, root);
    const hand = element("div", { id: "g358-access-hand", role: "toolbar",
                                  "aria-labelledby": "g358-access-hand-title",
                                  "aria-describedby": "g358-access-help" }, root);
    const help = element("p", { id: "g358-access-help" }, root);
    const reasons = element("div", { id: "g358-access-reasons", hidden: "" }, root);
    const tableTitle = element("h2", { id: "g358-access-trick-title" }, root);
    const trick = element("ul", { id: "g358-access-trick", "aria-labelledby": "g358-access-trick-title" }, root);
    const controlsTitle = element("h2", { id: "g358-access-controls-title" }, root);
    const controls = element("div", { id: "g358-access-controls", role: "group",
                                      "aria-labelledby": "g358-access-controls-title" }, root);
    const historyTitle = element("h2", { id: "g358-access-log-title" }, root);
    // aria-live off: the history is read on demand; what should be spoken comes through the
    // announcements (a live log would say every play twice)
    const log = element("div", { id: "g358-access-log", role: "log", "aria-live": "off",
                                 "aria-labelledby": "g358-access-log-title", tabindex: "0" }, root);
    const polite = element("div", { id: "g358-access-polite", class: "g358-sr", "aria-live": "polite",
                                    "aria-relevant": "additions", "aria-atomic": "false" }, root);
    const assertive = element("div", { id: "g358-access-assertive", class: "g358-sr", "aria-live": "assertive",
                                       "aria-relevant": "additions", "aria-atomic": "false" }, root);
    const MIRRORED = [status, handTitle, hand, help, tableTitle, trick, controlsTitle, controls, historyTitle, log];

    const state = {
        on: false,           // a snapshot came: the mirror shows the game
        asked: askedByAddress(),  // ?a11y=1, or the start button was pressed
        lang: "",
        actions: [],         // what the player asked for, until take()
        spoken: null,        // the newest announcement's seq spoken
        logged: null,        // the newest history entry's seq shown
        current: null,       // the hand's one tab stop (a card id)
        scene: "",
        lastFocus: null,     // the mirror's element that had the focus last
        ownFocusAt: 0        // when the player last clicked or pressed Tab
    };

    function setLanguage(lang) {
        lang = own(TEXT, lang) ? lang : (/^[a-z]{2,3}$/.test(lang) ? lang : "en");
        if (lang === state.lang) return;
        state.lang = lang;
        const T = TEXT[lang] || TEXT.en;
        root.lang = lang;
        if (state.on) document.documentElement.lang = lang;  // the page speaks the game's language
        root.setAttribute("aria-label", T.region);
        start.textContent = T.start;
        handTitle.textContent = T.hand;
        help.textContent = T.help;
        tableTitle.textContent = T.table;
        controlsTitle.textContent = T.controls;
        historyTitle.textContent = T.history;
        if (trick.dataset.empty === "1") trick.firstChild.textContent = T.nothing;
    }

    function words() {
        return TEXT[state.lang] || TEXT.en;
    }

    // --- speech ----------------------------------------------------------------------------
    function say(message, priority) {
        message = text(message).trim();
        if (!message) return;
        const region = priority === "assertive" ? assertive : polite;
        const node = document.createElement("p");
        node.textContent = message;
        region.appendChild(node);
        while (region.childNodes.length > KEPT_MESSAGES) region.removeChild(region.firstChild);
    }

    function speak(announcements) {
        let fresh = announcements.filter((a) => a && typeof a === "object" && Number.isFinite(Number(a.seq))
                                              && (state.spoken === null || Number(a.seq) > state.spoken));
        fresh.sort((a, b) => Number(a.seq) - Number(b.seq));
        if (state.spoken === null) fresh = fresh.slice(-BACKLOG);
        for (const a of fresh) {
            say(a.text, a.priority === "assertive" ? "assertive" : "polite");
            state.spoken = Number(a.seq);
        }
    }

    // --- the parts ---------------------------------------------------------------------------
    const safeId = (id) => id.replace(/[^A-Za-z0-9_-]/g, (c) => "_" + c.charCodeAt(0).toString(16));
    const suitOf = (id) => id.slice(-1);
    const cards = () => Array.from(hand.children);
    const inside = (container) => container.contains(document.activeElement);

    function button(container, id, kind) {
        for (const b of container.children) if (b.dataset.id === id) return b;
        const b = document.createElement("button");
        b.type = "button";
        b.dataset.id = id;
        b.dataset.kind = kind;
        return b;
    }

    function setDisabled(b, disabled) {
        if (disabled) b.setAttribute("aria-disabled", "true");
        else b.removeAttribute("aria-disabled");
    }

    // Put `wanted` into `container` in order, moving as few nodes as possible (a node moved
    // loses the focus); what is not wanted goes.
    function arrange(container, wanted) {
        const keep = new Set(wanted);
        for (const node of Array.from(container.children)) if (!keep.has(node)) node.remove();
        const focused = container.contains(document.activeElement) ? document.activeElement : null;
        wanted.forEach((node, i) => {
            if (container.children[i] !== node) container.insertBefore(node, container.children[i] || null);
        });
        if (focused && focused.isConnected && document.activeElement !== focused) focused.focus();
    }

    function renderHand(items, gameFocus) {
        const focused = inside(hand) ? document.activeElement : null;
        const focusedAt = focused ? cards().indexOf(focused) : -1;
        const selecting = SELECTING.includes(state.scene) || items.some((c) => c && c.selected === true);
        const seen = new Set();
        const wanted = [];
        const why = [];
        for (const card of items) {
            if (!card || typeof card !== "object") continue;
            const id = text(card.id);
            if (!id || seen.has(id)) continue;
            seen.add(id);
            const b = button(hand, id, "card");
            const label = text(card.label) || id;
            if (b.textContent !== label) b.textContent = label;
            setDisabled(b, card.disabled === true);
            const reason = text(card.reason);
            if (reason) {
                const span = document.createElement("span");
                span.id = "g358-access-why-" + safeId(id);
                span.textContent = reason;
                why.push(span);
                b.setAttribute("aria-describedby", span.id);
            } else {
                b.removeAttribute("aria-describedby");
            }
            if (selecting) b.setAttribute("aria-pressed", card.selected === true ? "true" : "false");
            else b.removeAttribute("aria-pressed");
            wanted.push(b);
        }
        reasons.replaceChildren(...why);
        arrange(hand, wanted);
        if (!seen.has(state.current)) {
            if (focusedAt >= 0 && wanted.length) {  // the focused card was played: its neighbour
                state.current = wanted[Math.min(focusedAt, wanted.length - 1)].dataset.id;
            } else if (seen.has(text(gameFocus))) {
                state.current = text(gameFocus);
            } else {
                const first = wanted.find((b) => b.getAttribute("aria-disabled") !== "true") || wanted[0];  // a legal card
                state.current = first ? first.dataset.id : null;
            }
        }
        const usable = (b) => b.getAttribute("aria-disabled") !== "true";
        const current = wanted.find((b) => b.dataset.id === state.current);
        if (current && !usable(current) && focusedAt < 0) {  // the player comes back to a card they may play
            const next = wanted.find((b) => b.dataset.id === text(gameFocus) && usable(b)) || wanted.find(usable);
            if (next) state.current = next.dataset.id;
        }
        for (const b of wanted) b.tabIndex = b.dataset.id === state.current ? 0 : -1;
        return focused !== null && !focused.isConnected;
    }

    function renderTrick(items) {
        const lines = items.map(text).filter(Boolean);
        const nodes = (lines.length ? lines : [words().nothing]).map((line) => {
            const li = document.createElement("li");
            li.textContent = line;
            return li;
        });
        const same = nodes.length === trick.children.length
            && nodes.every((li, i) => trick.children[i].textContent === li.textContent);
        if (!same) trick.replaceChildren(...nodes);
        trick.dataset.empty = lines.length ? "0" : "1";
    }

    function renderControls(items) {
        const focused = inside(controls) ? document.activeElement : null;
        const seen = new Set();
        const wanted = [];
        for (const item of items) {
            if (!item || typeof item !== "object") continue;
            const id = text(item.id);
            if (!id || seen.has(id)) continue;
            seen.add(id);
            const b = button(controls, id, "button");
            const label = text(item.label) || id;
            if (b.textContent !== label) b.textContent = label;
            setDisabled(b, item.disabled === true);
            wanted.push(b);
        }
        arrange(controls, wanted);
        return focused !== null && !focused.isConnected;
    }

    function renderLog(items) {
        const fresh = items.filter((e) => e && typeof e === "object" && Number.isFinite(Number(e.seq))
                                         && (state.logged === null || Number(e.seq) > state.logged));
        fresh.sort((a, b) => Number(a.seq) - Number(b.seq));
        for (const entry of fresh) {
            const p = document.createElement("p");
            p.textContent = text(entry.text);
            log.appendChild(p);
            state.logged = Number(entry.seq);
        }
        while (log.childNodes.length > KEPT_LOG) log.removeChild(log.firstChild);
    }

    // The hand and the table are there while a game shows: not on the title or a menu, and
    // no hand (nor its keys) on a deal's result.
    function showTableParts() {
        const holding = hand.children.length > 0;
        for (const part of [handTitle, hand, help]) part.hidden = !holding;
        for (const part of [tableTitle, trick]) part.hidden = !holding && trick.dataset.empty === "1";
    }

    // Where the focus goes when the element it was on is gone (a card played, a screen left).
    function refocus() {
        const card = cards().find((b) => b.dataset.id === state.current);
        const control = Array.from(controls.children).find((b) => b.getAttribute("aria-disabled") !== "true");
        (card || control || status).focus();
    }

    // The mode starts: the focus comes into the game unless the player has it elsewhere
    // (on the page itself, the canvas or the way in, it comes).
    function turnOn() {
        state.on = true;
        const at = document.activeElement;
        const hadFocus = !at || at === start || at === document.body || at.tagName === "CANVAS";
        start.hidden = true;
        for (const part of MIRRORED) part.hidden = false;
        document.documentElement.lang = state.lang;
        return hadFocus;
    }

    // --- the player's keys and clicks --------------------------------------------------------
    function queue(action) {
        state.actions.push(action);
    }

    function moveInHand(from, key) {
        const all = cards();
        const i = all.indexOf(from);
        if (i < 0 || !all.length) return null;
        if (key === "ArrowRight") return all[Math.min(i + 1, all.length - 1)];
        if (key === "ArrowLeft") return all[Math.max(i - 1, 0)];
        if (key === "Home") return all[0];
        if (key === "End") return all[all.length - 1];
        const suit = suitOf(from.dataset.id);
        if (key === "ArrowDown") {  // the first card of the next suit
            return all.slice(i + 1).find((b) => suitOf(b.dataset.id) !== suit) || from;
        }
        if (key === "ArrowUp") {  // the first card of the suit before
            const before = all.slice(0, i).filter((b) => suitOf(b.dataset.id) !== suit);
            if (!before.length) return from;
            const prevSuit = suitOf(before[before.length - 1].dataset.id);
            return before.find((b) => suitOf(b.dataset.id) === prevSuit);
        }
        return null;
    }

    hand.addEventListener("keydown", (ev) => {
        if (ev.altKey || ev.ctrlKey || ev.metaKey || !ev.target.dataset || ev.target.dataset.kind !== "card") return;
        const to = moveInHand(ev.target, ev.key);
        if (!to) return;
        ev.preventDefault();
        state.current = to.dataset.id;
        for (const b of cards()) b.tabIndex = b === to ? 0 : -1;
        to.focus();
    });

    // However a card got the focus (the keys, a screen reader's cursor, a click), it is the tab stop.
    hand.addEventListener("focusin", (ev) => {
        if (!ev.target.dataset || ev.target.dataset.kind !== "card") return;
        state.current = ev.target.dataset.id;
        for (const b of cards()) b.tabIndex = b === ev.target ? 0 : -1;
    });

    root.addEventListener("keydown", (ev) => {
        if (ev.altKey || ev.ctrlKey || ev.metaKey || !state.on) return;
        const key = text(ev.key);
        const what = key.length === 1 && own(READS, key.toLowerCase()) ? READS[key.toLowerCase()] : null;
        if (what) {
            ev.preventDefault();
            queue({ type: "read", what: what });
        }
    });

    // Every key stops at the mirror: the game hears none of them (and so acts on none twice).
    for (const kind of ["keydown", "keyup", "keypress"]) {
        root.addEventListener(kind, (ev) => ev.stopPropagation());
    }

    root.addEventListener("click", (ev) => {
        const b = ev.target.closest && ev.target.closest("button");
        if (!b || !root.contains(b)) return;
        if (window.MM) window.MM.UME = true;  // a press is the gesture pygbag's page waits for to start
        if (b === start) {
            state.asked = true;
            say(words().starting, "polite");
            return;
        }
        const id = b.dataset.id;
        if (!id) return;
        if (b.getAttribute("aria-disabled") === "true") {
            const why = b.getAttribute("aria-describedby");
            const reason = why ? text((document.getElementById(why) || {}).textContent) : "";
            say(reason || words().unavailable, "assertive");
            return;
        }
        if (b.dataset.kind === "card") {
            state.current = id;
            queue({ type: "card", id: id });
        } else {
            queue({ type: "button", id: id });
        }
    });

    // pygbag's page hands the focus to the canvas whenever the window gets it back (and on
    // the first frames): a screen reader player would lose their place. A focus the player
    // gave the canvas themselves (a click, Tab) stays.
    root.addEventListener("focusin", (ev) => { state.lastFocus = ev.target; });
    const own_move = () => { state.ownFocusAt = Date.now(); };
    window.addEventListener("pointerdown", own_move, true);
    window.addEventListener("keydown", (ev) => { if (ev.key === "Tab") own_move(); }, true);
    document.addEventListener("focusin", (ev) => {
        const back = state.lastFocus;
        if (!state.on || root.contains(ev.target) || !back || !back.isConnected || back.hidden) return;
        if (ev.target.tagName !== "CANVAS" || Date.now() - state.ownFocusAt < OWN_FOCUS_MS) return;
        setTimeout(() => { if (!root.contains(document.activeElement)) back.focus(); }, 0);
    });

    // --- what the game calls ----------------------------------------------------------------
    function render(snapshot) {
        if (!snapshot || typeof snapshot !== "object" || Array.isArray(snapshot)) return "refused";
        const startFocused = state.on ? false : turnOn();
        setLanguage(text(snapshot.lang) || state.lang || startLanguage());
        state.scene = text(snapshot.scene);
        if (status.textContent !== text(snapshot.status)) status.textContent = text(snapshot.status);
        const lostInHand = renderHand(list(snapshot.hand), snapshot.focus);
        renderTrick(list(snapshot.trick));
        const lostInControls = renderControls(list(snapshot.buttons));
        renderLog(list(snapshot.log));
        showTableParts();
        speak(list(snapshot.announce));
        if (startFocused || lostInHand || lostInControls) refocus();
        return "ok";
    }

    function take() {
        if (!state.actions.length) return "";
        const taken = JSON.stringify(state.actions);
        state.actions = [];
        return taken;
    }

    setLanguage(startLanguage());
    for (const part of MIRRORED) part.hidden = true;
    function mount() {
        if (!root.isConnected) document.body.insertBefore(root, document.body.firstChild);
    }
    if (document.body) mount();
    else document.addEventListener("DOMContentLoaded", mount);

    window.g358access = {
        render: render,
        take: take,
        wanted: () => state.asked,
        isOn: () => state.on,
        say: say
    };
})();
