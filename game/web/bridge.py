"""The browser side of game records: download, upload or paste, clipboard, the page link.

Why JavaScript strings and polling: pygbag (and webcheck's Pyodide) expose the page as
``platform.window``, but passing Python callbacks into JavaScript differs between the two
runtimes.  So every call here is one ``window.eval`` of a small self-contained script whose
arguments are JSON literals, and anything asynchronous (a chosen file, a paste, the
clipboard's answer) is left in a window variable that the frame loop polls with
``poll_import()`` / ``clipboard_state()``.  No threads, nothing blocks.

Natively (``sys.platform != "emscripten"``) every function is a no-op that says so:
``download`` returns False, ``poll_import`` None; the callers write files instead
(``game.records.library``).
"""

from __future__ import annotations

import json
import sys

WEB = sys.platform == "emscripten"
NATIVE_MESSAGE = "browser only: natively the game writes and reads record files"
MAX_UPLOAD = 1_500_000  # bytes; a record is at most 1,000,000 characters (docs/RECORD.md)

_DOWNLOAD = """(function (name, text) {
  var blob = new Blob([text], {type: "text/plain;charset=utf-8"});
  var a = document.createElement("a");
  a.href = URL.createObjectURL(blob); a.download = name; a.style.display = "none";
  document.body.appendChild(a); a.click();
  setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 2000);
  return "ok";
})(@ARGS@)"""

_CLIPBOARD = """(function (text) {
  window.g358_clip = "pending";
  try {
    navigator.clipboard.writeText(text).then(
      function () { window.g358_clip = "ok"; },
      function (e) { window.g358_clip = "refused"; });
  } catch (e) { window.g358_clip = "refused"; }
  return "pending";
})(@ARGS@)"""

# The import panel: a DOM overlay over the canvas with a text area (paste) and a file
# input (upload).  Key events are stopped at the panel so the game's keyboard handler does
# not swallow the typing; the result waits in window.g358_import as a JSON string.
_IMPORT_PANEL = """(function (labels, limit) {
  var old = document.getElementById("g358-import"); if (old) old.remove();
  window.g358_import = "";
  var box = document.createElement("div"); box.id = "g358-import";
  box.style.cssText = "position:fixed;left:50%;top:50%;transform:translate(-50%,-50%);" +
    "width:min(680px,92vw);background:#123a2a;color:#f4ecd0;border:2px solid #d8b657;" +
    "border-radius:12px;padding:16px;z-index:10000;font:15px sans-serif;box-sizing:border-box";
  var title = document.createElement("div"); title.textContent = labels.title;
  title.style.cssText = "font-weight:bold;font-size:18px;margin-bottom:8px";
  var area = document.createElement("textarea"); area.id = "g358-import-text";
  area.placeholder = labels.paste; area.style.cssText = "width:100%;height:38vh;box-sizing:border-box";
  var file = document.createElement("input"); file.type = "file"; file.id = "g358-import-file";
  file.accept = ".358,.txt,text/plain";
  var row = document.createElement("div"); row.style.cssText = "display:flex;gap:8px;margin-top:10px;align-items:center";
  var ok = document.createElement("button"); ok.textContent = labels.open; ok.id = "g358-import-open";
  var no = document.createElement("button"); no.textContent = labels.cancel; no.id = "g358-import-cancel";
  function done(result) { window.g358_import = JSON.stringify(result); box.remove(); }
  ok.onclick = function () { done({kind: "text", text: area.value}); };
  no.onclick = function () { done({kind: "cancel"}); };
  file.onchange = function () {
    var f = file.files && file.files[0]; if (!f) return;
    if (f.size > limit) { done({kind: "error", text: labels.too_big}); return; }
    var reader = new FileReader();
    reader.onload = function () { done({kind: "text", text: String(reader.result), name: f.name}); };
    reader.onerror = function () { done({kind: "error", text: labels.unreadable}); };
    reader.readAsText(f, "utf-8");
  };
  ["keydown", "keyup", "keypress", "paste", "copy", "cut"].forEach(function (kind) {
    box.addEventListener(kind, function (e) { e.stopPropagation(); });
  });
  row.appendChild(ok); row.appendChild(no); row.appendChild(file);
  box.appendChild(title); box.appendChild(area); box.appendChild(row);
  document.body.appendChild(box); area.focus();
  return "open";
})(@ARGS@)"""

# The storage bar: the browser refused the game its storage (embedded in a page of another
# site).  A link opens the game in a page of its own (where it keeps its saves); where the
# browser has the Storage Access API, a button asks for storage (the request needs the
# player's click, which a DOM button gives).  The answer waits in window.g358_storage_access
# ("granted": the bar goes; "denied": the button goes, the link stays; "unsupported";
# "closed") and, from Chromium, the handle whose localStorage is the page's own in
# window.g358_storage_handle.
_STORAGE_BAR = """(function (labels) {
  if (document.getElementById("g358-storage")) return "shown";
  var framed = true;
  try { framed = window.top !== window.self; } catch (e) { framed = true; }
  window.g358_storage_access = "";
  var bar = document.createElement("div"); bar.id = "g358-storage"; bar.setAttribute("role", "alert");
  bar.style.cssText = "position:fixed;left:0;right:0;top:0;z-index:10001;background:#5a1c20;color:#f4ecd0;" +
    "font:15px sans-serif;padding:6px 12px;display:flex;flex-wrap:wrap;gap:8px 14px;align-items:center;" +
    "box-sizing:border-box;border-bottom:2px solid #d8b657";
  var text = document.createElement("span"); text.textContent = labels.text; text.style.flex = "1 1 240px";
  bar.appendChild(text);
  var item = "min-height:44px;min-width:44px;font:15px sans-serif;padding:0 12px;";
  if (framed) {
    var a = document.createElement("a"); a.href = location.href; a.target = "_blank"; a.rel = "noopener";
    a.textContent = labels.open; a.id = "g358-storage-open";
    a.style.cssText = item + "color:#ffd97a;display:inline-flex;align-items:center";
    bar.appendChild(a);
  }
  function close(state) { window.g358_storage_access = state; bar.remove(); }
  if (document.requestStorageAccess) {
    var allow = document.createElement("button"); allow.textContent = labels.allow; allow.id = "g358-storage-allow";
    allow.style.cssText = item;
    var denied = function () { window.g358_storage_access = "denied"; allow.remove(); };  // the link stays
    allow.onclick = function () {
      var asked = null;
      try { asked = document.requestStorageAccess({localStorage: true}); } catch (e) { asked = null; }
      if (!asked || !asked.then) {
        try { asked = document.requestStorageAccess(); } catch (e) { denied(); return; }
      }
      asked.then(function (handle) { window.g358_storage_handle = handle || null; close("granted"); }, denied);
    };
    bar.appendChild(allow);
  } else {
    window.g358_storage_access = "unsupported";
  }
  var shut = document.createElement("button"); shut.textContent = labels.close; shut.id = "g358-storage-close";
  shut.style.cssText = item; shut.setAttribute("aria-label", labels.close);
  shut.onclick = function () { close(window.g358_storage_access || "closed"); };
  bar.appendChild(shut);
  ["keydown", "keyup", "keypress"].forEach(function (kind) {
    bar.addEventListener(kind, function (e) { e.stopPropagation(); });
  });
  document.body.appendChild(bar);
  return "shown";
})(@ARGS@)"""

_TAKE = """(function () { var r = window.g358_import || ""; window.g358_import = ""; return r; })()"""
_CLOSE = """(function () { var b = document.getElementById("g358-import"); if (b) b.remove(); return "ok"; })()"""


def _window():
    import platform

    return platform.window


def _call(template: str, *args) -> str:
    """The script calling `template`'s function with `args` as JSON literals."""
    return template.replace("@ARGS@", ", ".join(json.dumps(a) for a in args))


def _eval(script: str) -> str:
    """Run a script in the page; its result as a Python string ("" for none)."""
    result = _window().eval(script)
    return "" if result is None else str(result)


def download(filename: str, text: str) -> bool:
    """Offer `text` as a file download named `filename`; False natively or on failure."""
    if not WEB:
        return False
    try:
        return _eval(_call(_DOWNLOAD, filename, text)) == "ok"
    except Exception as exc:  # a page without Blob: the caller says so
        print(f"[3-5-8] download failed: {exc}", file=sys.stderr)
        return False


def copy_text(text: str) -> bool:
    """Ask the browser to copy `text` (the answer comes later: clipboard_state())."""
    if not WEB:
        return False
    try:
        return _eval(_call(_CLIPBOARD, text)) == "pending"
    except Exception:  # no clipboard API: the link stays on screen
        return False


def clipboard_state() -> str:
    """"ok", "refused", "pending", or "" (never asked, or natively)."""
    if not WEB:
        return ""
    try:
        return _eval("String(window.g358_clip || '')")
    except Exception:
        return ""


def own_address(href: str) -> str:
    """A page's address without its query and fragment: what a link to the page starts with.
    The query is the sender's own (``?lang=pl&seed=7``): a friend gets the game, not them."""
    return str(href).split("#", 1)[0].split("?", 1)[0]


def page_link(fragment: str) -> str:
    """This page's own address with `fragment` (``#record=...``); the fragment alone natively."""
    if not WEB:
        return fragment
    try:
        return own_address(_eval("String(location.href)")) + fragment
    except Exception:
        return fragment


def location_hash() -> str:
    """The page's ``location.hash`` ("" natively or when unreadable)."""
    if not WEB:
        return ""
    try:
        return str(_window().location.hash or "")
    except Exception:
        return ""


def open_import_panel(labels: dict) -> bool:
    """Show the paste / upload panel; labels: title, paste, open, cancel, too_big, unreadable."""
    if not WEB:
        return False
    try:
        return _eval(_call(_IMPORT_PANEL, labels, MAX_UPLOAD)) == "open"
    except Exception as exc:
        print(f"[3-5-8] import panel failed: {exc}", file=sys.stderr)
        return False


def poll_import():
    """None while nothing came; else (kind, text): ("text", record or link), ("cancel", ""),
    ("error", message)."""
    if not WEB:
        return None
    try:
        raw = _eval(_TAKE)
    except Exception:
        return None
    return parse_import_result(raw)


def parse_import_result(raw: str):
    """The panel's JSON answer as (kind, text); None for no answer, ("error", ...) if odd."""
    if not raw:
        return None
    try:
        data = json.loads(raw)
        kind, text = data.get("kind"), data.get("text", "")
    except (ValueError, AttributeError):
        return ("error", "unreadable answer from the page")
    if kind not in ("text", "cancel", "error") or not isinstance(text, str):
        return ("error", "unreadable answer from the page")
    return (kind, text)


def offer_storage_access(labels: dict) -> bool:
    """Show the page's storage bar (labels: text, open, allow, close): the link to the
    game's own page and, where the browser has it, the Storage Access API's button.  True
    when shown (the caller then watches storage_access_state())."""
    if not WEB:
        return False
    try:
        return _eval(_call(_STORAGE_BAR, labels)) == "shown"
    except Exception as exc:  # no DOM: the in-game notice still says it
        print(f"[3-5-8] storage bar failed: {exc}", file=sys.stderr)
        return False


def _js_text(value) -> str:
    text = "" if value is None else str(value)
    return "" if text in ("undefined", "null", "None", "jsnull") else text


def storage_access_state() -> str:
    """The page's answer to the storage request: "" (none yet), "granted", "denied",
    "unsupported" (no Storage Access API) or "closed" (the bar was closed)."""
    if not WEB:
        return ""
    try:
        return _js_text(getattr(_window(), "g358_storage_access", ""))
    except Exception:
        return ""


def granted_local_storage():
    """The localStorage the browser granted: the Storage Access handle's (Chromium), else
    the window's own; None when it is still refused."""
    window = _window()
    try:
        handle = getattr(window, "g358_storage_handle", None)
        store = getattr(handle, "localStorage", None) if _js_text(handle) else None
        if store is not None and _js_text(store):
            return store
    except Exception:  # a handle without localStorage: the window's own
        pass
    try:
        return window.localStorage
    except Exception:  # still refused
        return None


def close_import_panel() -> None:
    if WEB:
        try:
            _eval(_CLOSE)
        except Exception:
            pass
