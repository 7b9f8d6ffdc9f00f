"""Measuring tools the App offers to automation (also in the browser build)."""

from __future__ import annotations

import time


def profile(app, frames: int = 60, top: int = 12, full: bool = False) -> str:
    """Time `frames` frames (no input) under cProfile; the top functions as text.
    For measuring where frame time goes, e.g. in the browser build."""
    import cProfile
    import io
    import pstats

    prof = cProfile.Profile()
    start = time.perf_counter()
    redraw = app.painter.always_redraw
    app.painter.always_redraw = full or redraw
    prof.enable()
    for _ in range(frames):
        if full and hasattr(app.scene, "invalidate"):
            app.scene.invalidate()
        app.step(events=[], dt=1 / 60)
    prof.disable()
    app.painter.always_redraw = redraw
    per = (time.perf_counter() - start) * 1000 / max(1, frames)
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(top)
    return f"{per:.2f} ms/frame (profiled)\n" + out.getvalue()
