"""The application: one window, a scene stack, input routing (mouse, touch, keyboard) and
the per-frame ``step``.  Scenes lay out and take input in logical coordinates of the
window's own shape (game/ui/screen.py) and draw straight into the window at its resolution
through the scale-aware helpers in gfx, so text and cards are rendered at device
resolution, never resampled.  In the browser the window has the page's shape at the
picture's pixel budget (game/ui/picture.py) and the page's CSS scales it to the screen;
the page is polled every few frames, and a phone turned lays everything out again.

Usable without a real display (``SDL_VIDEODRIVER=dummy``) by tests and tools::

    app = App(size=(1280, 720), storage_dir=tmp, settings={"speed": "instant"})
    app.step()                      # one frame: events, update, draw, present
    app.scene_name                  # "title", "play", ...
"""

from __future__ import annotations

import os
import sys
import time

import pygame

from .. import i18n, perf  # perf: frame timings (off unless enabled)
from ..storage.store import Storage
from . import gfx, registry, scenes  # noqa: F401  (importing scenes registers them)
from .constants import DEFAULT_SETTINGS, LOGICAL, MIN_SIZE, SPEEDS, STRENGTHS  # noqa: F401
from .frame import MENU_PARTS, NEW_GAME_PARTS, SCORE_PARTS, TABLE_PARTS, FrameMixin, table_steps
from .games import GamesMixin
from .guide import Guide  # the coach's bubbles: the guided deal and the first-time tips
from .input import InputTranslator
from .notices import Notices
from .page import POLL_FRAMES
from .picture import Picture
from .settings_check import check_settings
from .window import WindowMixin

WEB = sys.platform == "emscripten"


def start_pygame() -> None:
    """What the title needs of pygame.init() (the start): the display and fonts.
    The rest (the mixer's audio device, ~120 ms with the CPU slowed 4x in the browser; the
    timer) is the warm-up's first step (frame.py); a sound played before it opens the
    mixer itself (Sounds)."""
    try:
        from .sound import Sounds

        Sounds.pre_init()  # low-latency mixer settings, before the mixer opens
    except Exception:
        pass
    pygame.display.init()
    pygame.font.init()


class App(GamesMixin, WindowMixin, FrameMixin):
    def __init__(self, size=None, storage_dir=None, settings=None, params=None, window=True, storage=None, scaled=None,
                 pixel_ratio=None, insets=None):
        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "1")  # smooth GPU scaling (SCALED mode)
        start_pygame()
        self.web = WEB
        self.storage = storage or Storage(storage_dir)
        stored = self.storage.load_settings()
        self.settings, reset_settings = check_settings(stored, DEFAULT_SETTINGS, SPEEDS, STRENGTHS)
        overrides = dict(settings or {})
        self.settings.update({k: v for k, v in overrides.items() if k in DEFAULT_SETTINGS})
        self.params = dict(params or {})
        if not self.settings.get("language"):
            self.settings["language"] = i18n.detect_language()
            self.save_settings()
        self.settings["language"] = i18n.set_language(self.settings["language"])
        self.notices = Notices(self.storage)  # banners over every scene
        self.guide = Guide(self)
        if reset_settings:  # say so once, and store the repaired settings
            self.notices.post(i18n.t("notice.settings_reset"), "info", 12.0)
            self.save_settings()
        if self.settings.get("speed") not in SPEEDS:
            self.settings["speed"] = "normal"
        if self.settings.get("strength") not in STRENGTHS:
            self.settings["strength"] = "normal"
        gfx.set_card_style(self.settings.get("card_style", "classic"))

        self.picture = Picture(self)  # the browser's render size (setting "picture")
        if pixel_ratio:  # tools drawing as the browser does: window pixels per CSS pixel
            self.pixel_ratio = float(pixel_ratio)
        if insets:  # tools: a phone's safe-area insets, CSS px (left, top, right, bottom)
            self.insets = tuple(insets)
        size = tuple(size or LOGICAL)
        if self.web:  # the page's shape at the Sharp budget (`size`: the page's CSS size when unreadable)
            size = self._page_window(size)
        self._open_window(size, scaled)
        self.picture.apply()  # in the browser Auto times the empty window's presents, then sets the budget
        try:
            pygame.key.set_repeat(350, 60)
        except Exception:
            pass

        self._sound = None
        self._init_sound()
        self.scenes: list = []
        self.running, self.frames = True, 0
        self.last_time = time.perf_counter()
        self.notice: str | None = None  # shown once by the title (damaged save etc.)
        self._warm = None  # card widths the table's layout uses (frame.py): rendered a little per menu frame
        # loaded after the title shows, one per menu frame: the computer players, then the
        # first frames of the screens that come next
        self._warm_modules = ["pygame", "card tables", *(f"compile:{m}" for m in NEW_GAME_PARTS), "scene:new_game", *table_steps(),
                              *table_steps([m for m in SCORE_PARTS if m not in TABLE_PARTS]),
                              *table_steps([*MENU_PARTS, *(m for m in registry.pending_modules() if m not in TABLE_PARTS and ".online." not in m)]),
                              *(f"sound:{name}" for name in ("click", "shuffle", "deal", "turn", "play", "trick")), "scene:score"]
        self._frame_key, self._frame_time = None, 0.0  # the last frame drawn (unchanged frames are skipped)
        self._shown = None  # what the window holds (frame.py): the table scene that drew it
        self.dirty_rects = None  # device rects of the canvas changed by the last draw()
        self.last_draw = "full"  # how the last frame was drawn: full, partial or skipped
        self.always_redraw = False  # benchmarks: draw every frame
        # in the browser a new screen's first frame is made over several frames,
        # at most this long each (ms from the frame's start); None: drawn in one frame
        self.prepare_budget_ms = 30.0 if WEB else None
        self._spare = None  # the surface such a first frame is drawn on
        self._step_start = time.perf_counter()
        self.fatal: str | None = None
        self.inputs = InputTranslator(self)
        self.online = None  # the online game (game/ui/online/connection.py), polled every frame
        self._start_from_params()
        self.push_scene("title")
        if self.web:  # an invitation to a friends' room in the page's address (#room=...)
            from .online.launch import open_launch_invite

            open_launch_invite(self)
        if isinstance(self.params.get("record"), dict):  # --record FILE, record=CODE, #record=...
            from .scenes.records import open_launch_record

            open_launch_record(self, self.params.pop("record"))

    # --- setup ----------------------------------------------------------------------
    def _init_sound(self) -> None:
        try:
            from .sound import Sounds

            self._sound = Sounds(enabled=bool(self.settings.get("sound", True)))
        except Exception:
            self._sound = None

    def _start_from_params(self) -> None:
        """Launch parameters (page query / command line, game.web.params) apply to this
        session only: lang -> UI language; rules / strength -> new-game defaults; seed ->
        the first new game.  They are not written into the stored settings."""
        p = self.params
        if p.get("lang"):
            i18n.set_language(p["lang"])

    def param_default(self, key: str, setting: str):
        value = self.params.get(key)
        return value if value is not None else self.settings.get(setting)

    # --- settings -------------------------------------------------------------------
    def save_settings(self) -> None:
        self.storage.save_settings(self.settings)

    def set_setting(self, key: str, value) -> None:
        self.settings[key] = value
        self.params.pop({"language": "lang", "strength": "strength"}.get(key, ""), None)
        if key == "language":
            self.settings[key] = i18n.set_language(value)
            for s in self.scenes:
                s.rebuild()
        elif key == "card_style":
            gfx.set_card_style(value)
        elif key == "sound" and self._sound is not None and hasattr(self._sound, "set_enabled"):
            try:
                self._sound.set_enabled(bool(value))
            except Exception:
                pass
        self.picture.changed()  # a new picture setting applies between games
        self.save_settings()

    @property
    def speed(self) -> float:
        return SPEEDS.get(self.settings.get("speed"), 1.0)

    def sound(self, name: str) -> None:
        if self._sound is None or not self.settings.get("sound", True):
            return
        try:
            self._sound.play(name)
        except Exception:
            pass

    # --- scenes ---------------------------------------------------------------------
    @property
    def scene(self):
        return self.scenes[-1] if self.scenes else None

    @property
    def scene_name(self) -> str:
        return self.scene.name if self.scene else ""

    def push_scene(self, name: str, *args) -> None:
        """Open the scene registered as `name` on top (scenes never import each other)."""
        self.push(registry.create(name, self, *args))

    def show_table(self, name: str, table) -> None:
        """Replace the top (table) scene by the phase scene `name` showing the same table."""
        self.replace(registry.create(name, self, table))

    def push(self, scene) -> None:
        self.scenes.append(scene)
        scene.enter()

    def pop(self):
        s = self.scenes.pop() if len(self.scenes) > 1 else None
        if self.scene is not None:
            self.scene.resume()
        return s

    def replace(self, scene) -> None:
        if self.scenes:
            self.scenes.pop()
        self.push(scene)

    def reset_to(self, scene) -> None:
        """Make `scene` the only scene above the title."""
        del self.scenes[1:]
        self.push(scene)

    def to_title(self) -> None:
        del self.scenes[1:]
        self.scene.resume()

    # --- input ----------------------------------------------------------------------
    def translate(self, ev):
        return self.inputs.translate(ev)

    def dispatch(self, inp) -> None:
        scene = self.scene
        if scene is None or self.notices.handle(inp) or self.guide.handle(inp):  # a click on a notice dismisses it
            return
        scene.handle(inp)

    # --- the frame ------------------------------------------------------------------
    def step(self, events=None, dt: float | None = None) -> bool:
        """One frame: route events, update the top scene, draw, present.  Returns running."""
        now = self._step_start = time.perf_counter()
        if dt is None:
            dt = min(0.1, max(0.0, now - self.last_time))
        self.last_time = now
        if events is None:
            events = pygame.event.get()
        for ev in events:
            if ev.type == pygame.QUIT:
                if not self.web:
                    self.running = False
                continue
            if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                shape = self.shape
                self._on_resize(ev)
                self._frame_key = self._shown = None  # the whole picture again
                if self.shape != shape:
                    self.relayout()  # a phone turned, a window resized: every scene lays out again
                continue
            if ev.type in (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
                self._frame_key = self._shown = None  # the window needs its picture again
            inp = self.translate(ev)
            if inp is not None:
                self.dispatch(inp)
        if self.online is not None:
            self.online.poll()  # the others never wait for this device's menus
        if self.scene is not None:
            # a screen whose first frame is still being made (in the browser, over several
            # frames) does not age: its animations (a new game's deal) start when it shows
            self.scene.update(0.0 if self._unprepared() else dt)
            self.notices.update(dt)
            self.guide.update(dt)
            if self.frames > 1 and self.last_draw != "preparing" and self.scene_name in ("title", "new_game", "settings", "rules"):
                if self.last_draw == "skipped":
                    self.picture.watch()  # Auto may still be timing presents
                if self._warm is None or self._warm or self._warm_modules:
                    self._prewarm()
            self.start_waiting_game()  # a game asked for before its modules were loaded (the browser)
        if self.web and self.frames % POLL_FRAMES == 0:
            self.poll_page()  # a phone turned, a window resized: the window follows the page
        self.picture.apply()  # the browser's render size: the page's shape; a new budget only between games
        if self.draw():
            self.present()
        elif self.last_draw == "skipped" and hasattr(self.scene, "idle"):
            self.scene.idle()  # a frame that drew nothing makes pictures ahead
        perf.frame_done(self, now)
        self.frames += 1
        return self.running

    frame = step

    def recover(self, exc) -> None:
        """After an unexpected error: back to the title (the game was saved after the last
        move, so Continue resumes it), with the message shown there."""
        self.notice = i18n.t("error.generic", message=f"{type(exc).__name__}: {exc}"[:160])
        try:
            self.to_title()
        except Exception:
            self.scenes = []
            self.push_scene("title")

    def autoplay(self, until: str = "game_over", max_frames: int = 100000, seed: int = 0) -> str:
        """Play on by posting clicks like a user until the scene named `until` (automation,
        e.g. the browser test); returns the scene name reached."""
        from .autopilot import Autopilot

        Autopilot(self, seed=seed).run(until=until, max_frames=max_frames)
        return self.scene_name

    def profile(self, frames: int = 60, top: int = 12, full: bool = False) -> str:
        """Time `frames` frames under cProfile (game.ui.automation.profile)."""
        from .automation import profile

        return profile(self, frames, top, full)

    async def run(self) -> None:
        import asyncio

        frame_time = 1 / 60
        while self.running:
            start = time.perf_counter()
            try:
                self.step()
            except Exception as exc:  # never lose a game to a bug: report, go to the title
                import traceback

                traceback.print_exc()
                self.recover(exc)
            if self.web:
                await asyncio.sleep(0)
            else:
                await asyncio.sleep(max(0.0, frame_time - (time.perf_counter() - start)))
