"""QR codes of an invitation or a code, for a phone at the same table to read off the screen.

Why two encoders and none of our own: in the page, the vendored `qrcode-generator`
(assets/web/vendor/qrcode-generator.js, MIT; docs/ONLINE.md says how to rebuild it) is
loaded on the first QR code and asked for the matrix through one ``window.eval`` (a
string of 0s and 1s), like every other call into the page; natively `segno` (pure Python,
in the ``online`` extra) makes it.  Both make standard QR codes (byte mode, the smallest
version for the text at the error correction level asked), so a phone reads either.

`matrix(text)` is None while the page's encoder is still loading (a later frame has it)
or where there is no encoder; `draw` then leaves the box empty.
"""

from __future__ import annotations

import json
import sys

import pygame

from ..draw import gfx

WEB = sys.platform == "emscripten"
QUIET = 4  # modules of white around the code (the standard's quiet zone)
SCRIPT = "vendor/qrcode-generator.js"

_LOAD = """(function (src) {
  if (window.qrcode) return "ready";
  if (!window.g358qrLoading) {
    window.g358qrLoading = true;
    var s = document.createElement("script"); s.src = src; s.async = true;
    s.onerror = function () { window.g358qrFailed = true; };
    document.head.appendChild(s);
  }
  return window.g358qrFailed ? "failed" : "loading";
})(@ARGS@)"""

_MATRIX = """(function (text, level) {
  try {
    var q = qrcode(0, level); q.addData(text, "Byte"); q.make();
    var n = q.getModuleCount(), out = [];
    for (var r = 0; r < n; r++) { var row = ""; for (var c = 0; c < n; c++) row += q.isDark(r, c) ? "1" : "0"; out.push(row); }
    return out.join(",");
  } catch (e) { return "error:" + e; }
})(@ARGS@)"""

_matrices: dict[tuple, tuple | None] = {}
_pictures: dict[tuple, pygame.Surface] = {}


def level_for(text: str) -> str:
    """Medium error correction where the code stays small (an invitation), low for the
    long codes carried by hand (a smaller code a phone reads more easily)."""
    return "M" if len(text) <= 300 else "L"


def _page_eval(script: str, *args) -> str:
    import platform

    result = platform.window.eval(script.replace("@ARGS@", ", ".join(json.dumps(a) for a in args)))
    return "" if result is None else str(result)


def page_matrix(text: str, level: str, evaluate=_page_eval) -> tuple | None:
    """The page's encoder's matrix (rows of bools); None while it loads or when it failed."""
    try:
        if evaluate(_LOAD, SCRIPT) != "ready":
            return None
        answer = evaluate(_MATRIX, text, level)
    except Exception:  # a page without the encoder: no QR code, the text is there
        return None
    rows = answer.split(",") if answer and not answer.startswith("error:") else []
    if not rows or any(len(r) != len(rows) or r.strip("01") for r in rows):
        return None
    return tuple(tuple(ch == "1" for ch in row) for row in rows)


def native_matrix(text: str, level: str) -> tuple | None:
    try:
        import segno
    except ImportError:  # the online extra is missing: no QR code, the text is there
        return None
    code = segno.make(text, error=level.lower(), mode="byte", micro=False, boost_error=False)
    return tuple(tuple(bool(v) for v in row) for row in code.matrix)


def matrix(text: str) -> tuple | None:
    if not text:
        return None
    level = level_for(text)
    key = (text, level)
    if key in _matrices:
        return _matrices[key]
    found = page_matrix(text, level) if WEB else native_matrix(text, level)
    if found is not None or not WEB:  # in the page: asked again next frame while it loads
        _matrices[key] = found
    return found


def picture(rows: tuple, side: int) -> pygame.Surface:
    """The code with its quiet zone, `side` device pixels or a little less (whole pixels
    per module: no module drawn wider than its neighbours)."""
    n = len(rows) + 2 * QUIET
    module = max(1, side // n)
    small = pygame.Surface((n, n))
    small.fill((255, 255, 255))
    dark = (16, 16, 16)
    for r, row in enumerate(rows):
        for c, on in enumerate(row):
            if on:
                small.set_at((c + QUIET, r + QUIET), dark)
    return pygame.transform.scale(small, (n * module, n * module))


def draw(surf, text: str, box: pygame.Rect) -> bool:
    """The QR code of `text` centred in `box` (logical); False when it is not ready."""
    rows = matrix(text)
    if rows is None:
        return False
    dev = gfx.dev_rect(box)
    side = min(dev.w, dev.h)
    key = (text, side)
    pic = _pictures.get(key)
    if pic is None:
        if len(_pictures) > 8:
            _pictures.clear()
        pic = _pictures[key] = picture(rows, side)
    surf.blit(pic, pic.get_rect(center=dev.center))
    return True
