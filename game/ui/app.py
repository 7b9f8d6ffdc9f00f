"""The application: one window, a scene stack, input routing (mouse, touch, keyboard) and
the per-frame ``step``.  Scenes lay out and take input in logical 1280×720 coordinates;
natively they draw on a canvas of the window's real pixel size (letterboxed, scale =
min(w/1280, h/720)) through the scale-aware helpers in gfx, so text and cards are rendered
at device resolution, never resampled.  In the browser the canvas stays 1280×720 and the
page (CSS) scales it.

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

from .. import i18n
from ..storage import Storage
from . import gfx
from .scene import Input

LOGICAL = (1280, 720)
MIN_SIZE = (800, 450)
WEB = sys.platform == "emscripten"
RESIZE_SETTLE = 0.15  # s: while a window is being resized the old frame is stretched

SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}
STRENGTHS = ("random", "easy", "normal", "hard")
DEFAULT_SETTINGS = {
    "language": None,  # None: detect from the system / browser at first start
    "speed": "normal",
    "sound": True,
    "card_style": "classic",
    "strength": "normal",
    "preset": "standard",
    "options": {},
    "names": None,
}


class App:
    def __init__(self, size=None, storage_dir=None, settings=None, params=None, window=True, storage=None, scaled=None):
        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "1")  # smooth GPU scaling (SCALED mode)
        try:
            from .sound import Sounds

            Sounds.pre_init()  # low-latency mixer settings, before pygame.init()
        except Exception:
            pass
        pygame.init()
        self.web = WEB
        self.storage = storage or Storage(storage_dir)
        stored = self.storage.load_settings()
        self.settings = {**DEFAULT_SETTINGS, **{k: v for k, v in stored.items() if k in DEFAULT_SETTINGS}}
        overrides = dict(settings or {})
        self.settings.update({k: v for k, v in overrides.items() if k in DEFAULT_SETTINGS})
        self.params = dict(params or {})
        if not self.settings.get("language"):
            self.settings["language"] = i18n.detect_language()
            self.save_settings()
        self.settings["language"] = i18n.set_language(self.settings["language"])
        if self.settings.get("speed") not in SPEEDS:
            self.settings["speed"] = "normal"
        if self.settings.get("strength") not in STRENGTHS:
            self.settings["strength"] = "normal"
        gfx.set_card_style(self.settings.get("card_style", "classic"))

        size = tuple(size or LOGICAL)
        pygame.display.set_caption("3-5-8")
        self._icon()  # before set_mode: some platforms take the icon only then
        # scaled=True: SDL's renderer stretches a 1280x720 frame (cheap but soft at other
        # sizes).  The default renders at the window's own resolution instead.
        scaled = bool(scaled) and not self.web
        self.scaled_mode = False
        self.window = None
        if scaled:
            try:
                self.window = pygame.display.set_mode(LOGICAL, pygame.SCALED | pygame.RESIZABLE)
                self.scaled_mode = True
            except Exception:
                self.window = None
        if self.window is None:
            self.window = pygame.display.set_mode(size, 0 if self.web else pygame.RESIZABLE)
        self.canvas = pygame.Surface(LOGICAL).convert()
        self.scale, self.offset = 1.0, (0, 0)
        self.render_scale = 1.0  # device pixels per logical pixel of the canvas
        self._settle_at = 0.0  # a resize in progress: re-render at the new size after this time
        self._laid_out = (0, 0)  # the window size last laid out
        self._layout_window()
        try:
            pygame.key.set_repeat(350, 60)
        except Exception:
            pass

        self._sound = None
        self._init_sound()
        self.scenes: list = []
        self.running = True
        self.frames = 0
        self.last_time = time.perf_counter()
        self.notice: str | None = None  # shown once by the title (damaged save etc.)
        self._warm = [92, 84, 64]  # card widths the table uses: rendered a little per menu frame
        self._last_click = None
        self._frame_key = None  # key of the last frame drawn (frames that would not change are skipped)
        self._frame_time = 0.0
        self.always_redraw = False  # benchmarks: draw every frame
        self.fatal: str | None = None
        from .scenes.menu import TitleScene

        self._start_from_params()
        self.push(TitleScene(self))

    # --- setup ----------------------------------------------------------------------
    def _icon(self) -> None:
        try:
            path = os.path.join(gfx.ROOT, "assets", "icon-32.png")
            if os.path.exists(path):
                pygame.display.set_icon(pygame.image.load(path))
                return
            icon = pygame.Surface((64, 64), pygame.SRCALPHA)
            pygame.draw.rect(icon, gfx.FELT, icon.get_rect(), border_radius=12)
            icon.blit(gfx.text("358", 26, gfx.GOLD, True), (8, 18))
            pygame.display.set_icon(icon)
        except Exception:
            pass

    def _init_sound(self) -> None:
        try:
            from .sound import Sounds

            self._sound = Sounds(enabled=bool(self.settings.get("sound", True)))
        except Exception:
            self._sound = None

    def _start_from_params(self) -> None:
        """Launch parameters (page query / command line, game.web_params) apply to this
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

    def start_new_game(self, seed=None, rules=None, names=None, strength=None) -> None:
        from .scenes.table import TableScene
        from .session import Session

        if seed is None and isinstance(self.params.get("seed"), int):
            seed = self.params.pop("seed")  # an embedding page's seed: the first game only
        session = Session.new(
            rules=rules or self.current_rules(),
            seed=seed,
            names=names or self.player_names(),
            strength=strength or self.param_default("strength", "strength") or "normal",
            storage=self.storage,
        )
        session.save()
        self.reset_to(TableScene(self, session))

    def continue_game(self) -> bool:
        from .scenes.table import TableScene
        from .session import Session

        session, error = Session.load(self.storage)
        if session is None:
            if error:
                self.notice = error
            return False
        self.reset_to(TableScene(self, session))
        return True

    def current_rules(self):
        from ..engine.rules import RuleSet

        try:
            return RuleSet.preset(self.settings.get("preset", "standard"), **(self.settings.get("options") or {}))
        except Exception:
            return RuleSet.preset(self.settings.get("preset", "standard") if self.settings.get("preset") in RuleSet.PRESETS else "standard")

    def player_names(self) -> list[str]:
        names = self.settings.get("names")
        if isinstance(names, list) and len(names) == 3 and all(isinstance(n, str) and n.strip() for n in names):
            return [n.strip()[:14] for n in names]
        return [i18n.t("name.you"), i18n.t("name.left"), i18n.t("name.right")]

    # --- window ---------------------------------------------------------------------
    def _layout_window(self, defer: bool = False) -> None:
        ww, wh = self.window.get_size()
        s = min(ww / LOGICAL[0], wh / LOGICAL[1]) if ww and wh else 1.0
        self.scale = s if s > 0 else 1.0
        w, h = int(LOGICAL[0] * self.scale), int(LOGICAL[1] * self.scale)
        self.offset = ((ww - w) // 2, (wh - h) // 2)
        self.direct = (ww, wh) == LOGICAL
        # natively the canvas has the letterboxed window area's real pixel size; in the
        # browser (and in SDL's SCALED mode) it stays logical and is scaled on present
        hires = not self.web and not self.scaled_mode and not self.direct and w > 0 and h > 0
        want = (w, h) if hires else LOGICAL
        canvas = getattr(self, "canvas", None)
        if canvas is not None and canvas.get_size() != want:
            # every new size re-renders the card art and text: while the window is being
            # dragged the last frame is stretched, and re-rendered once the size settles
            now = time.perf_counter()
            if defer and (ww, wh) != self._laid_out:  # a new size (not a repeated event)
                self._settle_at = now + RESIZE_SETTLE
            if now >= self._settle_at:
                self._settle_at = 0.0
                self.canvas = pygame.Surface(want).convert()
        self.render_scale = self.canvas.get_width() / LOGICAL[0] if canvas is not None and not self.direct else 1.0
        self._laid_out = (ww, wh)

    def to_logical(self, pos) -> tuple[int, int]:
        x, y = pos
        return (int((x - self.offset[0]) / self.scale), int((y - self.offset[1]) / self.scale))

    def to_window(self, pos) -> tuple[int, int]:
        x, y = pos
        return (int(x * self.scale + self.offset[0]), int(y * self.scale + self.offset[1]))

    # --- input ----------------------------------------------------------------------
    def _twin_click(self, source: str, pos) -> bool:
        """True if this click repeats a click just made by the other source (touch screens
        send a finger event and an emulated mouse press for one tap)."""
        now = time.perf_counter()
        last = self._last_click
        self._last_click = (source, now, pos)
        if last and last[0] != source and now - last[1] < 0.35 and abs(last[2][0] - pos[0]) + abs(last[2][1] - pos[1]) < 40:
            self._last_click = None
            return True
        return False

    def translate(self, ev) -> Input | None:
        t = ev.type
        if t == pygame.MOUSEBUTTONDOWN:
            if getattr(ev, "touch", False):
                return None  # the FINGERDOWN twin handles it
            if ev.button == 1:
                pos = self.to_logical(ev.pos)
                return None if self._twin_click("mouse", pos) else Input("click", pos)
            if ev.button == 3:
                return Input("alt", self.to_logical(ev.pos))
            if ev.button in (4, 5):
                return Input("wheel", self.to_logical(ev.pos), key=1 if ev.button == 4 else -1)
            return None
        if t == pygame.MOUSEMOTION:
            if getattr(ev, "touch", False):
                return None
            return Input("move", self.to_logical(ev.pos))
        if t == pygame.FINGERDOWN:
            ww, wh = self.window.get_size()
            pos = self.to_logical((ev.x * ww, ev.y * wh))
            return None if self._twin_click("finger", pos) else Input("click", pos)
        if t == pygame.MOUSEWHEEL:
            return Input("wheel", None, key=ev.y)
        if t == pygame.KEYDOWN:
            return Input("key", None, key=ev.key, mod=getattr(ev, "mod", 0))
        if t == pygame.TEXTINPUT:
            return Input("text", None, text=ev.text)
        return None

    def dispatch(self, inp: Input) -> None:
        scene = self.scene
        if scene is None:
            return
        scene.handle(inp)

    # --- the frame ------------------------------------------------------------------
    def step(self, events=None, dt: float | None = None) -> bool:
        """One frame: route events, update the top scene, draw, present.  Returns running."""
        now = time.perf_counter()
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
                self._on_resize(ev)
                self._frame_key = None
                continue
            if ev.type in (pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED):
                self._frame_key = None  # the window needs its picture again
            inp = self.translate(ev)
            if inp is not None:
                self.dispatch(inp)
        if self._settle_at and now >= self._settle_at:
            self._layout_window()  # the resize has settled: render at the new size
            self._frame_key = None
        if self.scene is not None:
            self.scene.update(dt)
            if self._warm and self.scene_name in ("title", "new_game", "settings", "rules"):
                self._prewarm()
        if self.draw():
            self.present()
        self.frames += 1
        return self.running

    frame = step

    def _prewarm(self) -> None:
        """Render card faces a few ms per frame while a menu shows (no stall at the table)."""
        try:
            if gfx.card_art().prewarm(max(8, round(self._warm[0] * self.render_scale)), budget_ms=3):
                self._warm.pop(0)
        except Exception:
            self._warm = []

    def _on_resize(self, ev) -> None:
        if self.scaled_mode:
            return  # SDL scales the 1280x720 frame and maps the mouse itself
        if self.web:
            self._layout_window()
            return
        size = getattr(ev, "size", None) or (getattr(ev, "x", 0), getattr(ev, "y", 0))
        w, h = max(MIN_SIZE[0], int(size[0] or 0)), max(MIN_SIZE[1], int(size[1] or 0))
        if self.window.get_size() != (w, h):
            try:
                self.window = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            except Exception:
                pass
        self._layout_window(defer=True)

    def visible_scenes(self) -> list:
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        return self.scenes[start:]

    def frame_key(self):
        keys = []
        for s in self.visible_scenes():
            k = s.frame_key()
            if k is None:
                return None
            keys.append(k)
        return (tuple(keys), self.window.get_size(), self.scale)

    def draw(self, surf=None) -> bool:
        """Draw the visible scenes; returns False (nothing drawn) when the frame would be
        identical to the last one (then present() is skipped too)."""
        if surf is None and not self.always_redraw:
            key = self.frame_key()
            now = time.perf_counter()
            if key is not None and key == self._frame_key and now - self._frame_time < 0.5:
                return False
            self._frame_key, self._frame_time = key, now
        surf = surf or (self.window if self.direct else self.canvas)
        if surf is self.window and self.window.get_size() != LOGICAL:
            surf = self.canvas
        gfx.set_scale(surf.get_width() / LOGICAL[0])
        # draw from the last opaque scene upwards
        start = len(self.scenes) - len(self.visible_scenes())
        for i in range(start, len(self.scenes)):
            if i > start:
                surf.blit(gfx.overlay(surf.get_size(), (0, 0, 0, 120)), (0, 0))
            self.scenes[i].draw(surf)
        return True

    def present(self) -> None:
        if self.window.get_size() != LOGICAL or not self.direct:
            self._layout_window()
            if not self.direct:
                self.window.fill((0, 0, 0))
                w, h = int(LOGICAL[0] * self.scale), int(LOGICAL[1] * self.scale)
                if (w, h) == self.canvas.get_size():
                    self.window.blit(self.canvas, self.offset)
                elif w > 0 and h > 0:
                    self.window.blit(pygame.transform.smoothscale(self.canvas, (w, h)), self.offset)
        pygame.display.flip()

    def recover(self, exc) -> None:
        """After an unexpected error: back to the title (the game was saved after the last
        move, so Continue resumes it), with the message shown there."""
        self.notice = i18n.t("error.generic", message=f"{type(exc).__name__}: {exc}"[:160])
        try:
            self.to_title()
        except Exception:
            from .scenes.menu import TitleScene

            self.scenes = []
            self.push(TitleScene(self))

    def autoplay(self, until: str = "game_over", max_frames: int = 100000, seed: int = 0) -> str:
        """Play on by posting clicks like a user until the scene named `until` (automation,
        e.g. the browser test); returns the scene name reached."""
        from .autopilot import Autopilot

        Autopilot(self, seed=seed).run(until=until, max_frames=max_frames)
        return self.scene_name

    def profile(self, frames: int = 60, top: int = 12, full: bool = False) -> str:
        """Time `frames` frames (no input) under cProfile; the top functions as text.
        For measuring where frame time goes, e.g. in the browser build."""
        import cProfile
        import io
        import pstats

        prof = cProfile.Profile()
        start = time.perf_counter()
        redraw = self.always_redraw
        self.always_redraw = full or redraw
        prof.enable()
        for _ in range(frames):
            if full and hasattr(self.scene, "invalidate"):
                self.scene.invalidate()
            self.step(events=[], dt=1 / 60)
        prof.disable()
        self.always_redraw = redraw
        per = (time.perf_counter() - start) * 1000 / max(1, frames)
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(top)
        return f"{per:.2f} ms/frame (profiled)\n" + out.getvalue()

    def screenshot(self):
        """The current frame (the letterboxed area, at device resolution) as a Surface."""
        return self.window.copy() if self.direct else self.canvas.copy()

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
