"""The browser's present of changed rects (game/web/rects.py): the page's script run in node
against a stand-in canvas, and the presenter's choices against a stand-in window.

What a player would see wrong: a rect put at the wrong place, a row shifted by the
window's pitch, a see-through pixel (the window's fourth byte is not alpha), or a frame
not presented at all when the page cannot take the rects (then pygame must present it).
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pygame
import pytest

from game.web import rects
from game.web.rects import RectPresenter

W, H, PITCH, ADDR = 7, 5, 7 * 4 + 8, 16  # a padded row, as a surface's pitch may be
BEFORE = 9  # what the canvas held


def _heap() -> list[int]:
    return [(i * 7 + 3) & 255 for i in range(ADDR + PITCH * H)]


def _run_script(calls: list[list[int]], canvas=(W, H), sdl_ctx=True) -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the page's script cannot be run here")
    harness = f"""
globalThis.window = globalThis;
const W = {canvas[0]}, H = {canvas[1]};
const shown = new Uint8ClampedArray(W * H * 4).fill({BEFORE});
const ctx = {{
  createImageData: (w, h) => ({{width: w, height: h, data: new Uint8ClampedArray(w * h * 4)}}),
  putImageData: (img, dx, dy, x, y, w, h) => {{
    for (let r = y; r < y + h; r++) for (let c = x; c < x + w; c++) for (let k = 0; k < 4; k++)
      shown[((dy + r) * W + dx + c) * 4 + k] = img.data[(r * img.width + c) * 4 + k];
  }},
}};
const mod = {{SDL2: {str(sdl_ctx).lower()} ? {{ctx}} : {{}}, HEAPU8: Uint8Array.from({json.dumps(_heap())}),
             canvas: {{width: W, height: H}}}};
const made = eval({json.dumps(rects.SCRIPT)});
const found = window.g358_rects_module(mod);
const results = {json.dumps(calls)}.map(a => window.g358_rects(...a));
console.log(JSON.stringify({{made, found, results, shown: Array.from(shown)}}));
"""
    done = subprocess.run([node, "-e", harness], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _pixel(out: dict, x: int, y: int) -> list[int]:
    i = (y * W + x) * 4
    return out["shown"][i:i + 4]


def test_the_page_script_puts_exactly_the_rects_opaque():
    out = _run_script([[ADDR, PITCH, W, H, 2, 1, 3, 2], [ADDR, PITCH, W, H, 0, 4, 1, 1]])
    assert out["made"] == "ok" and out["found"] == "ok" and out["results"] == [1, 1]
    heap = _heap()
    inside = {(x, y) for x in range(2, 5) for y in range(1, 3)} | {(0, 4)}
    for y in range(H):
        for x in range(W):
            if (x, y) in inside:
                at = ADDR + y * PITCH + x * 4
                assert _pixel(out, x, y) == heap[at:at + 3] + [255], (x, y)
            else:
                assert _pixel(out, x, y) == [BEFORE] * 4, (x, y)  # untouched


@pytest.mark.parametrize("canvas, sdl_ctx", [((W + 1, H), True), ((W, H), False)])
def test_the_page_script_declines_a_canvas_it_cannot_match(canvas, sdl_ctx):
    """A canvas of another size (the page resized it first), or SDL not yet presenting:
    nothing is put, and 0 tells the presenter to leave the frame to pygame."""
    out = _run_script([[ADDR, PITCH, W, H, 1, 1, 2, 2]], canvas=canvas, sdl_ctx=sdl_ctx)
    assert out["results"] == [0]
    assert set(out["shown"]) == {BEFORE}


class _PageWindow:
    """window as the presenter sees it: g358_rects records the rects put."""

    def __init__(self, answer=1, fail=False):
        self.put, self.answer, self.fail = [], answer, fail

    def g358_rects(self, addr, pitch, w, h, x, y, rw, rh):
        if self.fail:
            raise RuntimeError("the page went away")
        self.put.append((x, y, rw, rh))
        return self.answer


def _window(masks=rects.RGBX):
    return pygame.Surface((40, 30), 0, 32, masks=(*masks, 0))


def test_the_presenter_clips_to_the_window_and_counts():
    page = _PageWindow()
    presenter = RectPresenter(page)
    assert presenter.present(_window(), [pygame.Rect(30, 20, 20, 20), pygame.Rect(-5, 0, 10, 5), pygame.Rect(50, 0, 5, 5)])
    assert page.put == [(30, 20, 10, 10), (0, 0, 5, 5)]  # the last one is off the window: nothing to put
    assert (presenter.presented, presenter.declined) == (1, 0)


def test_the_presenter_leaves_to_pygame_what_the_page_cannot_take():
    declined = RectPresenter(_PageWindow(answer=0))
    assert not declined.present(_window(), [pygame.Rect(0, 0, 4, 4)])
    other_format = RectPresenter(_PageWindow())
    assert not other_format.present(_window(masks=(0xFF0000, 0xFF00, 0xFF)), [pygame.Rect(0, 0, 4, 4)])
    assert other_format._js.put == []  # bytes in another order would show other colours
    assert (declined.declined, other_format.declined) == (1, 1)


def test_an_error_in_the_page_falls_back_to_pygame_for_good():
    page = _PageWindow(fail=True)
    presenter = RectPresenter(page)
    assert not presenter.present(_window(), [pygame.Rect(0, 0, 4, 4)])
    page.fail = False
    assert not presenter.present(_window(), [pygame.Rect(0, 0, 4, 4)]) and page.put == []


def test_natively_there_is_no_presenter():
    assert RectPresenter.create() is None
