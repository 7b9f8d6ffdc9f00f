"""The web page around the canvas: its size in CSS pixels, the device pixel ratio and the
safe-area insets, read by polling (browser only; natively ``read()`` is None).

Why a script of our own, installed by the game: the game runs in pygbag's page (our
template, assets/web/index.tmpl) and in pages it does not control (the webcheck harness,
a page that embeds the build).  One script, evaluated into whichever page it is, makes the
canvas fill the page (CSS), gives a page without a viewport meta one (a phone would lay it
out 980 CSS px wide), measures the insets from an element padded with
``env(safe-area-inset-*)`` and answers ``g358_page()`` with one short string.  Measuring is
done again only after the page said it changed (resize, orientationchange, the visual
viewport's resize) or once a second, so a poll costs one small ``eval``.

Why polling: pygbag's ways of calling Python from JavaScript (``queue_event``) and of
awaiting a promise (``jsprom``) are fragile; SDL sends nothing to a window that is not
RESIZABLE, and a RESIZABLE one would size the canvas at the device's full resolution.  So
the frame loop asks every ``POLL_FRAMES`` frames, as game/web_io.py does for its answers.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

WEB = sys.platform == "emscripten"
POLL_FRAMES = 10  # a poll every 10 frames: a phone turned is laid out again within ~1/6 s
PROBE_ID = "g358-safe-area"  # the element padded with env(safe-area-inset-*) (the template has it)

# Runs in the page; returns "ok".  Idempotent: a second run (or the template's own probe)
# keeps what is there.
SCRIPT = """(function () {
  if (window.g358_page) return "ok";
  var doc = document, head = doc.head || doc.documentElement;
  if (!doc.querySelector('meta[name="viewport"]')) {
    var meta = doc.createElement("meta");
    meta.name = "viewport";
    meta.content = "width=device-width, initial-scale=1, viewport-fit=cover";
    head.appendChild(meta);
  }
  var probe = doc.getElementById("@PROBE@");
  if (!probe) {
    probe = doc.createElement("div");
    probe.id = "@PROBE@";
    probe.setAttribute("aria-hidden", "true");
    probe.style.cssText = "position:fixed;left:0;top:0;width:0;height:0;visibility:hidden;" +
      "pointer-events:none;padding:env(safe-area-inset-top) env(safe-area-inset-right) " +
      "env(safe-area-inset-bottom) env(safe-area-inset-left)";
    (doc.body || doc.documentElement).appendChild(probe);
  }
  var canvas = doc.getElementById("canvas");
  if (canvas && getComputedStyle(canvas).position !== "fixed") {
    // a page that shows the canvas at its pixel size: make it fill the page
    canvas.style.cssText += ";position:fixed;left:0;top:0;right:0;bottom:0;margin:0;" +
      "width:100%;height:100%;display:block";
  }
  try { doc.documentElement.style.overscrollBehavior = "none"; } catch (e) { /* old browser */ }
  var seq = 1, measured = 0, when = 0, text = "";
  var changed = function () { seq += 1; };
  window.addEventListener("resize", changed);
  window.addEventListener("orientationchange", changed);
  if (window.visualViewport) window.visualViewport.addEventListener("resize", changed);
  var px = function (value) { return Math.round((parseFloat(value) || 0) * 100) / 100; };
  window.g358_page = function () {
    var now = Date.now();
    if (measured === seq && now - when < 1000) return text;
    measured = seq;
    when = now;
    var box = canvas ? canvas.getBoundingClientRect() : null;
    var w = box && box.width > 1 ? box.width : window.innerWidth;
    var h = box && box.height > 1 ? box.height : window.innerHeight;
    var pad = getComputedStyle(probe);
    text = [px(w), px(h), px(window.devicePixelRatio || 1), px(pad.paddingLeft), px(pad.paddingTop),
            px(pad.paddingRight), px(pad.paddingBottom)].join(" ");
    return text;
  };
  return "ok";
})()""".replace("@PROBE@", PROBE_ID)


@dataclass(frozen=True)
class PageSize:
    """What the page says: the canvas's CSS size, the device pixel ratio, and the safe-area
    insets in whole CSS px (left, top, right, bottom)."""

    css: tuple[float, float]
    dpr: float = 1.0
    insets: tuple[int, int, int, int] = (0, 0, 0, 0)


def parse(text: str) -> PageSize | None:
    """``g358_page()``'s answer as a PageSize; None for anything unreadable or absurd."""
    try:
        values = [float(x) for x in str(text).split()]
    except ValueError:
        return None
    if len(values) != 7 or any(v != v or v < 0 or v > 100000 for v in values):  # NaN, negative, huge
        return None
    w, h, dpr, *insets = values
    if w < 1 or h < 1:
        return None
    return PageSize((w, h), dpr if 0.25 <= dpr <= 16 else 1.0, tuple(int(round(i)) for i in insets))


def _eval(script: str) -> str:
    import platform

    result = platform.window.eval(script)
    return "" if result is None else str(result)


_installed = False


def read() -> PageSize | None:
    """The page as it is now; None natively or when the page cannot be read (then the App
    keeps what it had)."""
    global _installed
    if not WEB:
        return None
    try:
        if not _installed:
            _installed = _eval(SCRIPT) == "ok"
        return parse(_eval("window.g358_page ? window.g358_page() : ''"))
    except Exception:  # noqa: BLE001 - a page without these APIs: keep the last size
        return None
