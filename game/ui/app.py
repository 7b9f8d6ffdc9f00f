"""The application: one window, a scene stack, input routing (mouse, touch, keyboard) and
the per-frame ``step``.  Scenes lay out and take input in logical coordinates of the
window's own shape (game/ui/window/screen.py) and draw straight into the window at its resolution
through the scale-aware helpers in gfx, so text and cards are rendered at device
resolution, never resampled.  In the browser the window has the page's shape at the
picture's pixel budget (game/ui/window/picture.py) and the page's CSS scales it to the screen;
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
from . import scenes  # noqa: F401  (importing scenes registers them)
from .access.layer import Access
from .coach.guide import Guide  # the coach's bubbles: the guided deal and the first-time tips
from .constants import DEFAULT_SETTINGS, LOGICAL, SPEEDS, STRENGTHS
from .draw import gfx
from .games.launcher import Games
from .games.saving import save_waiting
from .loop import warmup
from .loop.first_frames import BUSY_FRAME_MS, FirstFrames
from .loop.input import InputTranslator
from .loop.painter import Painter
from .loop.stack import SceneStack
from .loop.warmup import WarmUp
from .notices import Notices
from .settings_check import check_settings
from .window import page
from .window.display import Display
from .window.picture import Picture

WEB = sys.platform == "emscripten"


def start_pygame(web: bool = False) -> None:
    """What the title needs of pygame.init() (the start): the display and fonts.  Natively
    the rest (the mixer's audio device, the timer) is the warm-up's first step (warmup.py);
    a sound played before it opens the mixer itself (Sounds).  In the browser the whole of
    it comes before the title: opening the audio device is one task of 120-200 ms with the
    CPU slowed 4x, which on the title's first frames was a pause a tap could fall in."""
    try:
        from .sound import Sounds

        Sounds.pre_init()  # low-latency mixer settings, before the mixer opens
    except Exception:
        pass
    if web:
        pygame.init()
        return
    pygame.display.init()
    pygame.font.init()


class App:
    """The game's one object that lives as long as the program: the settings, and the parts
    that make a frame, each an object of its own: the window (`display`, `picture`), the
    scenes (`stack`), the game being started (`games`), how a frame is drawn (`painter`,
    `first_frames`), what loads ahead (`warmup`), and the layers over every scene
    (`notices`, `guide`).  `step` runs one frame through them."""

    web = False

    def __init__(self, size=None, storage_dir=None, settings=None, params=None, window=True, storage=None, scaled=None,
                 pixel_ratio=None, insets=None):
        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "1")  # smooth GPU scaling (SCALED mode)
        start_pygame(WEB)
        self.web = WEB
        self.storage = storage or Storage(storage_dir)
        stored = self.storage.load_settings()
        self.settings, reset_settings = check_settings(stored, DEFAULT_SETTINGS, SPEEDS, STRENGTHS)
        overrides = dict(settings or {})
        self.settings.update({k: v for k, v in overrides.items() if k in DEFAULT_SETTINGS})
        self.params = dict(params or {})  # launch parameters (page query, command line): this session only
        self.settings_due = False  # settings to store on the next frame that draws nothing
        if not self.settings.get("language"):
            self.settings["language"] = i18n.detect_language()
            self.settings_due = True  # a first visit's language: kept, but not in the start (~60 ms at 10x)
        self.settings["language"] = i18n.set_language(self.settings["language"])
        if self.params.get("lang"):
            i18n.set_language(self.params["lang"])
        self.notices = Notices(self.storage, self)  # banners over every scene
        self.guide = Guide(self)
        self.access = Access(self)  # a player who listens: announcements, speech, the page's mirror
        if reset_settings:  # say so once, and store the repaired settings
            self.notices.post(i18n.t("notice.settings_reset"), "info", 12.0)
            self.save_settings()
        if self.settings.get("speed") not in SPEEDS:
            self.settings["speed"] = "normal"
        if self.settings.get("strength") not in STRENGTHS:
            self.settings["strength"] = "normal"
        gfx.set_card_style(self.settings.get("card_style", "classic"))

        self.stack = SceneStack(self)
        self.painter = Painter(self)
        self.first_frames = FirstFrames(self)  # a new screen's first frame made over frames (the browser)
        self.warmup = WarmUp(self)
        self.games = Games(self)
        self.picture = Picture(self)  # the browser's render size (setting "picture")
        self.display = Display(self.web, pixel_ratio, insets)
        size = tuple(size or LOGICAL)
        if self.web:  # the page's shape at the budget the picture opens at (`size`: the page's CSS size when unreadable)
            size = self.display.page_window(size, self.picture.opening())
        self.display.open(size, scaled)
        self.picture.apply()  # in the browser Auto times the empty window's presents, then sets the budget
        try:
            pygame.key.set_repeat(350, 60)
        except Exception:
            pass

        self._sound = None
        self._init_sound()
        self.running, self.frames = True, 0
        self.last_time = self.frame_start = time.perf_counter()
        self.notice: str | None = None  # shown once by the title (damaged save etc.)
        self.fatal: str | None = None
        self.inputs = InputTranslator(self)
        self.online = None  # the online game (game/ui/online/connection.py), polled every frame
        self.push_scene("title")
        if self.web:  # an invitation to a friends' room in the page's address (#room=...)
            from .online.launch import open_launch_invite

            open_launch_invite(self)
        if isinstance(self.params.get("record"), dict):  # --record FILE, record=CODE, #record=...
            from .scenes.records import open_launch_record

            open_launch_record(self, self.params.pop("record"))

    # --- settings and sound -----------------------------------------------------------------
    def _init_sound(self) -> None:
        try:
            from .sound import Sounds

            self._sound = Sounds(enabled=bool(self.settings.get("sound", True)))
        except Exception:
            self._sound = None

    def param_default(self, key: str, setting: str):
        """A launch parameter (lang, rules, strength, seed) for this session, else the setting."""
        value = self.params.get(key)
        return value if value is not None else self.settings.get(setting)

    def save_settings(self) -> None:
        self.settings_due = False
        self.storage.save_settings(self.settings)

    def set_setting(self, key: str, value) -> None:
        self.settings[key] = value
        self.params.pop({"language": "lang", "strength": "strength"}.get(key, ""), None)
        if key == "picture" and value == "auto":
            self.settings["picture_auto"] = None  # chosen again: the next start times the presents again
        if key == "language":
            self.settings[key] = i18n.set_language(value)
            self.stack.rebuild()
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

    def preload_sound(self, name: str) -> None:
        """Load a sound ahead (the warm-up), when sound is on."""
        if self._sound is not None and self.settings.get("sound", True):
            self._sound.preload(name)

    # --- what scenes ask of the App most: the stack's top and the window ----------------------
    @property
    def scenes(self) -> list:
        return self.stack.scenes

    @property
    def scene(self):
        return self.stack.top

    @property
    def scene_name(self) -> str:
        return self.stack.top_name

    def push_scene(self, name: str, *args) -> None:
        """Open the scene registered as `name` on top (scenes never import each other)."""
        self.stack.push_scene(name, *args)

    def pop(self):
        return self.stack.pop()

    def to_title(self) -> None:
        self.stack.to_title()

    @property
    def window(self):
        """The window's surface, drawn into at its own resolution."""
        return self.display.surface

    @property
    def shape(self):
        return self.display.shape

    def to_window(self, pos) -> tuple[int, int]:
        return self.display.to_window(pos)

    def screenshot(self):
        return self.display.screenshot()

    # --- the frame --------------------------------------------------------------------------
    def dispatch(self, inp) -> None:
        """An input goes to the notices first (a click dismisses one), then the coach's
        bubble, then the top scene."""
        scene = self.scene
        if scene is None or self.notices.handle(inp) or self.guide.handle(inp):
            return
        scene.handle(inp)

    def step(self, events=None, dt: float | None = None) -> bool:
        """One frame: route events, update the top scene, draw, present.  Returns running."""
        now = self.frame_start = time.perf_counter()
        self.first_frames.new_frame()
        if dt is None:
            dt = min(0.1, max(0.0, now - self.last_time))
        self.last_time = now
        self._events(pygame.event.get() if events is None else events)
        if self.online is not None:
            self.online.poll()  # the others never wait for this device's menus
        perf.part("input")
        if self.scene is not None:  # a game asked for before its modules were loaded (the browser):
            self.games.start_waiting()  # started in a frame of its own, not after the warm-up's last import
            self.first_frames.build_waiting(now)  # a screen asked for, built over frames (push_built)
        put_off = self.first_frames.put_off(now)  # this frame's input opened a new screen: drawn next frame
        if self.scene is not None and not put_off:
            # a screen whose first frame is still being made (in the browser, over several
            # frames) does not age: its animations (a new game's deal) start when it shows
            self.scene.update(0.0 if self.first_frames.pending() else dt)
            self.notices.update(dt)
            self.guide.update(dt)
            self.access.update(dt)
            self._warm_on_menus()
        if self.web and self.frames % page.POLL_FRAMES == 0 and self.display.poll_page():
            self.picture.page_changed()  # a phone turned, a window resized: the window follows the page
        self.picture.apply()  # the browser's render size: the page's shape; a new budget only between games
        perf.part("update")
        if put_off:
            self.painter.not_yet()
        elif self.painter.put_off(now):
            pass  # this frame's input and update took its time: drawn next frame
        else:
            drew = self.painter.draw()
            perf.part("draw")
            if drew:
                self.display.present(self.painter.take_rects(), self.picture)
                perf.part("present")
            elif self.painter.last_draw == "skipped" and hasattr(self.scene, "idle"):
                self.scene.idle()  # a frame that drew nothing makes pictures ahead
                perf.part("idle")
        save_waiting(idle=self.painter.last_draw == "skipped")  # in the browser a move is saved after its first frames
        if self.settings_due and self.painter.last_draw == "skipped":
            self.save_settings()
        perf.part("save")
        if self.online is not None:
            self.online.frame_end()  # fair dealing's work in what the frame has left
        perf.frame_done(self, now)
        self.frames += 1
        return self.running

    frame = step

    def _events(self, events) -> None:
        for ev in events:
            if ev.type == pygame.QUIT:
                if not self.web:
                    self.running = False
                continue
            if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                shape = self.shape
                self.display.resized(ev)
                self.painter.redraw()  # the whole picture again
                if self.shape != shape:
                    self.relayout()  # a phone turned, a window resized: every scene lays out again
                continue
            if ev.type in (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
                self.painter.redraw()  # the window needs its picture again
            inp = self.inputs.translate(ev)
            if inp is not None:
                self.dispatch(inp)

    def _warm_on_menus(self) -> None:
        """A warm-up step on a menu's frame (or an online game's screens waiting for people),
        not on a frame whose input already took its time (a game started)."""
        if self.frames <= 1 or self.painter.last_draw == "preparing" or self.scene_name not in (*warmup.MENU_SCREENS, *warmup.ONLINE_WAITING):
            return
        if self.online is not None and self.online.fair_short_of_room():
            return  # the match's fair dealing had no room last frame: this one is its (the warm-up can wait a frame)
        if self.painter.last_draw == "skipped":
            self.picture.watch()  # Auto may still be timing presents
        busy = (time.perf_counter() - self.frame_start) * 1000.0 > BUSY_FRAME_MS
        if busy or (not self.games.waiting and self.scene.warm_step()):
            return  # the screen's own picture first (a game waiting for the warm-up goes before it)
        if self.warmup.left:
            budget = self.first_frames.budget_ms if self.games.waiting else None  # a game waits: as much as a first frame
            until = None if budget is None else self.frame_start + budget / 1000.0
            self.warmup.run(menus=self.scene_name in warmup.MENU_SCREENS, until=until)

    def relayout(self) -> None:
        """A new window shape: every scene builds its widgets for it and draws whole next frame
        (and the card faces made ahead are made at the new shape's widths)."""
        self.painter.redraw()
        self.first_frames.forget()
        self.warmup.forget_faces()
        self.stack.relayout()

    def recover(self, exc) -> None:
        """After an unexpected error: back to the title (the game was saved after the last
        move, so Continue resumes it), with the message shown there."""
        self.notice = i18n.t("error.generic", message=f"{type(exc).__name__}: {exc}"[:160])
        try:
            self.to_title()
        except Exception:
            self.stack.restart()

    def autoplay(self, until: str = "game_over", max_frames: int = 100000, seed: int = 0) -> str:
        """Play on by posting clicks like a user until the scene named `until` (automation,
        e.g. the browser test); returns the scene name reached."""
        from .autopilot import Autopilot

        Autopilot(self, seed=seed).run(until=until, max_frames=max_frames)
        return self.scene_name

    def profile(self, frames: int = 60, top: int = 12, full: bool = False) -> str:
        """Time `frames` frames under cProfile (game.ui.loop.automation.profile)."""
        from .loop.automation import profile

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
