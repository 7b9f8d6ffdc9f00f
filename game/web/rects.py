"""The browser's present of a few changed rects: only those pixels go to the canvas.

Why: in the browser ``pygame.display.update(rects)`` copies the whole window to the page
whatever rects it is given (SDL's Emscripten framebuffer ignores them), about 3 ms of
every drawn frame of a phone's page with the CPU slowed 4x, while a frame of play changes
a card's worth of pixels.  ``RectPresenter`` copies just the changed rects from the
window's pixels in WebAssembly memory into the canvas SDL draws on, through the context
SDL made, so a whole present by SDL and a present of rects by this give the same picture.

It needs what both runtimes have (pygbag exposes its Emscripten module as
``window.Module``, Pyodide as ``pyodide_js._module``): the module's heap, its canvas and
SDL's 2D context.  Where anything is missing (a canvas drawn by WebGL, a window of another
pixel format, a runtime without them) ``present`` says False and the caller uses pygame's
own update; after an error it never tries again.
"""

from __future__ import annotations

import sys

WEB = sys.platform == "emscripten"
RGBX = (0xFF, 0xFF00, 0xFF0000)  # the window's bytes in memory as the canvas wants them: R, G, B, (unused)

# Installed once.  g358_rects_module: the Emscripten module (Pyodide gives it; pygbag's is
# window.Module).  g358_rects(addr, pitch, w, h, x, y, rw, rh): copy one rect of the
# window's pixels at heap address `addr` into a full-size ImageData kept for the canvas,
# make it opaque (the window's fourth byte is unused), and put just that rect.  Returns 1,
# or 0 when it cannot (SDL has not presented yet, the canvas is another size): the caller
# then presents with pygame.
SCRIPT = """(function () {
  var mod = null, image = null;
  window.g358_rects_module = function (m) { mod = m || window.Module || null; return mod ? "ok" : "none"; };
  window.g358_rects = function (addr, pitch, w, h, x, y, rw, rh) {
    var sdl = mod && mod.SDL2, heap = mod && mod.HEAPU8, canvas = mod && mod.canvas;
    if (!sdl || !sdl.ctx || !heap || !canvas || canvas.width !== w || canvas.height !== h) return 0;
    if (!image || image.width !== w || image.height !== h) image = sdl.ctx.createImageData(w, h);
    var data = image.data, row = rw * 4;
    for (var r = 0; r < rh; r++) {
      var from = addr + (y + r) * pitch + x * 4, to = ((y + r) * w + x) * 4;
      data.set(heap.subarray(from, from + row), to);
      for (var a = to + 3, end = to + row; a < end; a += 4) data[a] = 255;
    }
    sdl.ctx.putImageData(image, 0, 0, x, y, rw, rh);
    return 1;
  };
  return "ok";
})()"""


class RectPresenter:
    """Presents changed window rects to the page's canvas (see the module's docstring)."""

    def __init__(self, window_js):
        self._js = window_js
        self.broken = False  # an error once: pygame's update from then on
        self.presented = 0  # frames whose rects this put on the canvas
        self.declined = 0  # ...and those it left to pygame's update

    @classmethod
    def create(cls) -> RectPresenter | None:
        """The presenter in a browser that has what it needs, else None (natively: always)."""
        if not WEB:
            return None
        try:
            import platform

            window_js = platform.window
            if window_js.eval(SCRIPT) != "ok" or window_js.g358_rects_module(_emscripten_module()) != "ok":
                return None
            return cls(window_js)
        except Exception:
            return None

    def present(self, window, rects) -> bool:
        """Copy `rects` of the window surface to the canvas; False: not done, use pygame's update."""
        if self._put(window, rects):
            self.presented += 1
            return True
        self.declined += 1
        return False

    def _put(self, window, rects) -> bool:
        if self.broken or window.get_bitsize() != 32 or window.get_masks()[:3] != RGBX:
            return False
        w, h = window.get_size()
        try:
            addr, pitch, put = window._pixels_address, window.get_pitch(), self._js.g358_rects
            for r in rects:
                r = r.clip((0, 0, w, h))
                if r.w > 0 and r.h > 0 and not put(addr, pitch, w, h, r.x, r.y, r.w, r.h):
                    return False  # the rects already put are put again by pygame: the same pixels
        except Exception:
            self.broken = True
            return False
        return True


def _emscripten_module():
    """Pyodide's Emscripten module; None under pygbag, whose page has it as window.Module."""
    try:
        import pyodide_js  # only in Pyodide

        return pyodide_js._module
    except Exception:
        return None
