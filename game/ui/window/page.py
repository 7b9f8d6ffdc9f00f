"""The page around the canvas (browser only): its CSS size, the device pixel ratio and the
safe-area insets, polled by the App every ``POLL_FRAMES`` frames.

One script of the game's own, evaluated into whatever page runs it (pygbag's page from
assets/web/index.tmpl, the webcheck harness, an embedding page), answers ``g358_page()``
with one short string; it also makes the canvas fill a page that does not, and gives a page
without a viewport meta one (a phone lays such a page out 980 px wide).  Polled, because
pygbag's ``queue_event`` and ``jsprom`` are fragile and SDL tells a fixed-size window
nothing; measured again only after a resize or once a second.
"""

from __future__ import annotations

import sys

WEB = sys.platform == "emscripten"
POLL_FRAMES = 10  # a phone turned is laid out again within ~1/6 s
PROBE_ID = "g358-safe-area"  # an element padded with env(safe-area-inset-*) (the template has it)

# Returns "ok"; a second run keeps what is there.
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


class PageSize:
    """The canvas's CSS size, the device pixel ratio, the safe-area insets in whole CSS px
    (left, top, right, bottom).  (Not a dataclass: those compile code at import, a cost at
    the browser's start.)"""

    __slots__ = ("css", "dpr", "insets")

    def __init__(self, css, dpr=1.0, insets=(0, 0, 0, 0)):
        self.css, self.dpr, self.insets = (float(css[0]), float(css[1])), float(dpr), tuple(insets)

    def __eq__(self, other):
        return isinstance(other, PageSize) and (self.css, self.dpr, self.insets) == (other.css, other.dpr, other.insets)

    def __repr__(self):
        return f"PageSize({self.css}, {self.dpr}, {self.insets})"


def parse(text: str) -> PageSize | None:
    """``g358_page()``'s answer; None for anything unreadable or absurd."""
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
    """The page now; None natively or when it cannot be read (the App keeps what it had)."""
    global _installed
    if not WEB:
        return None
    try:
        if not _installed:
            _installed = _eval(SCRIPT) == "ok"
        return parse(_eval("window.g358_page ? window.g358_page() : ''"))
    except Exception:
        return None
