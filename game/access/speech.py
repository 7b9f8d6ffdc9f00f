"""Speech through the platform's screen reader (NVDA, JAWS, SAPI, VoiceOver, Orca), by the
optional library prismatoid (``pip install three-five-eight[a11y]``, imported as ``prism``).

Never required: without the library, or with no reader running, ``native_speech()`` gives
a backend that says nothing and costs nothing, and a reader that fails mid-game falls
silent rather than stop the game.  In the browser the page's hidden mirror speaks through
the browser's own screen reader (game/web/access_page.py), so nothing here runs there.
``RecordingSpeech`` keeps what was said, for tests.
"""

from __future__ import annotations

import sys


class Speech:
    """What the game asks of a voice: say a text (``interrupt``: cut off what is being said,
    for the focus moving), and stop."""

    name = "silent"

    def speak(self, text: str, interrupt: bool = False) -> None:
        pass

    def stop(self) -> None:
        pass


class RecordingSpeech(Speech):
    """Says nothing; keeps every text (tests, tools)."""

    name = "recording"

    def __init__(self):
        self.said: list[str] = []
        self.interrupted = 0

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.said.append(text)
        self.interrupted += bool(interrupt)


class ScreenReader(Speech):
    """A prismatoid backend; any error from it silences it for the rest of the session."""

    def __init__(self, backend):
        self.backend = backend
        self.name = str(getattr(backend, "name", "screen reader"))

    def speak(self, text: str, interrupt: bool = False) -> None:
        if self.backend is None or not text:
            return
        try:
            self.backend.speak(text, interrupt=interrupt)
        except Exception:
            self.backend = None

    def stop(self) -> None:
        if self.backend is None:
            return
        try:
            self.backend.stop()
        except Exception:
            self.backend = None


def native_speech() -> Speech:
    """The best voice this platform offers: the running screen reader through prismatoid,
    else silence (no library, no reader, the browser)."""
    if sys.platform == "emscripten":
        return Speech()
    try:
        import prism  # prismatoid's module
    except Exception:  # not installed, or its native part fails to load
        return Speech()
    try:
        backend = prism.Context().acquire_best()
        features = getattr(backend, "features", None)
        if features is not None and not getattr(features, "is_supported_at_runtime", True):
            return Speech()
        return ScreenReader(backend)
    except Exception:
        return Speech()
