"""Runs inside each game page of `tools.online_check` (its source is evaluated in the page's
interpreter once the game has started): presses the game's own buttons with pygame events,
as a person's clicks would arrive, lets an autopilot play this page's seat, and notes the
moments the check measures.

Why a frame hook: the page runs the game's one async loop; the hook is called by it at the
start of every frame (`APP.step` wrapped), so the autopilot decides and the landings are
seen exactly when the game's own frame runs, with no second loop and no waiting.

Everything the check reads is under `main._oc` (`OnlineCheckDriver`):
- `press(name)`: click the top scene's target of that name (False when it is not there);
- `type(field, text)`: click a text field, empty it, type;
- `pilot_on`: the autopilot plays this page's seat (off: this person waits);
- `clicks`: (card, ms since the epoch) for each card this page's person clicked;
- `landed`: (card, ms since the epoch) each time a card landed on this page's trick.
"""

import time

import pygame

from game.engine import Phase
from game.ui.autopilot import Autopilot, post_click


def _now_ms() -> float:
    return time.time() * 1000.0  # Date.now() in the page: the same clock on every page of the machine


class _Pilot(Autopilot):
    def __init__(self, app, driver, seed):
        super().__init__(app, seed=seed)
        self.driver = driver

    def click(self, name) -> bool:
        done = super().click(name)
        if done and str(name).startswith("card:") and self.app.scene_name != "lobby":
            view = getattr(self.app.scene, "v", None)
            if view is not None and view.phase == Phase.PLAY:
                self.driver.clicks.append((str(name).split(":", 1)[1], _now_ms()))
        return done


class OnlineCheckDriver:
    def __init__(self, app, seed: int = 0):
        self.app = app
        self.pilot = _Pilot(app, self, seed)
        self.pilot_on = False
        self.clicks: list[tuple[str, float]] = []
        self.landed: list[tuple[str, float]] = []
        self._on_board: set = set()
        self.frames = 0
        self._step = app.step
        app.step = self.step  # App.run calls self.step(): this frame hook runs first

    def step(self, *args, **kwargs):
        self.frames += 1
        if self.pilot_on and self.app.online is not None:
            try:
                self.pilot.decide()
            except Exception as exc:  # the pilot is the check's, never the game's problem
                print(f"[online_check] pilot: {type(exc).__name__}: {exc}")
        running = self._step(*args, **kwargs)
        board = getattr(getattr(self.app.scene, "table", None), "board", None)
        on_board = set(getattr(board, "trick", ()) or ())
        for _seat, card in on_board - self._on_board:
            self.landed.append((str(card), _now_ms()))
        self._on_board = on_board
        return running

    def frame(self, dt: float) -> bool:
        """One frame of a native App (the page's own loop calls `step` itself)."""
        return self.step(dt=dt)

    def targets(self) -> list[str]:
        return [n for n, _ in self.app.scene.targets()] if self.app.scene is not None else []

    def press(self, name: str) -> bool:
        for n, r in self.app.scene.targets():
            if n == name:
                post_click(self.app, r.center)
                return True
        return False

    def type(self, field: str, text: str) -> bool:
        if not self.press(field):
            return False
        for _ in range(30):
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(pygame.event.Event(kind, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        return True


def _install(seed: int = 0) -> str:
    import main

    if getattr(main, "_oc", None) is None:
        main._oc = OnlineCheckDriver(main.APP, seed)
    return "ready"


try:
    import main

    main._oc_install = _install
except ImportError:  # natively (tools/online_native.py) there is no page's main to hook
    pass
