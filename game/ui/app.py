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

import gc
import os
import sys
import time

import pygame

from .. import i18n, perf, resources  # perf: frame timings (off unless enabled)
from ..engine import cards
from ..storage.store import Storage
from ..web.rects import RectPresenter
from . import registry, scenes  # noqa: F401  (importing scenes registers them)
from .coach.guide import Guide  # the coach's bubbles: the guided deal and the first-time tips
from .constants import DEFAULT_SETTINGS, LOGICAL, MIN_SIZE, SPEEDS, STRENGTHS
from .draw import gfx
from .flow import scene_for
from .games.session import Session, save_waiting, valid_names
from .loop import preload, warmup
from .loop.first_frames import BUSY_FRAME_MS, LANDING_BANDS, FirstFrames, band_rect
from .loop.input import InputTranslator
from .notices import Notices
from .settings_check import check_settings
from .window import page, screen
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


def min_size(w: int, h: int) -> tuple[int, int]:
    """The smallest native window of the shape asked: a tall window stays tall (the portrait
    layout), a wide one wide."""
    return MIN_SIZE["portrait" if h > w else "landscape"]


class App:
    """The game's one object that lives as long as the program: the window, the settings,
    the scene stack, the frame, and the game on screen.  One class, because each of its
    jobs reads the others' state (a frame needs the window's shape and the scenes, a new
    game the warm-up's progress); its sections below follow those jobs."""

    web = False
    pixel_ratio = 1.0  # window pixels per CSS pixel
    insets = (0, 0, 0, 0)  # the page's safe-area insets, CSS px (left, top, right, bottom)
    css_size = None  # the browser: the canvas's size on the page, CSS px (natively None)
    device_ratio = 1.0  # the browser: the device's pixels per CSS pixel (window.devicePixelRatio)
    _game_waiting = None  # a game asked for before its modules were loaded (the browser)
    _banding = None  # (the screen, the window's size) whose warm-up drawing is made a band a step

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
        self.params = dict(params or {})
        if not self.settings.get("language"):
            self.settings["language"] = i18n.detect_language()
            self.save_settings()
        self.settings["language"] = i18n.set_language(self.settings["language"])
        self.notices = Notices(self.storage, self)  # banners over every scene
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
        self.first_frames = FirstFrames(self)  # a new screen's first frame made over frames (the browser)
        self.rects_presenter = RectPresenter.create() if self.web else None  # the browser: changed rects only
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
        self._warm = None  # card widths the table's layout uses (see warm_faces): rendered a little per menu frame
        # loaded after the title shows, one per menu frame: the computer players, then the
        # first frames of the screens that come next
        # (a button's click sound first: the title's first tap played it, and loading it then
        # was ~50 ms of that frame in the browser with the CPU slowed 10x)
        self._warm_modules = [*([] if self.web else ["pygame"]), "sound:click", "card tables", *(f"compile:{m}" for m in warmup.NEW_GAME_PARTS), "scene:new_game", *warmup.table_steps(),
                              *warmup.table_steps([m for m in warmup.SCORE_PARTS if m not in warmup.TABLE_PARTS]),
                              *warmup.table_steps([*warmup.MENU_PARTS, *(m for m in registry.pending_modules() if m not in warmup.TABLE_PARTS and ".online." not in m)]),
                              *(f"sound:{name}" for name in ("shuffle", "deal", "turn", "play", "trick")), "scene:score"]
        self._frame_key, self._frame_time = None, 0.0  # the last frame drawn (unchanged frames are skipped)
        self._shown = None  # what the window holds: the table scene that drew it (see draw)
        self.dirty_rects = None  # device rects of the canvas changed by the last draw()
        self.last_draw = "full"  # how the last frame was drawn: full, partial or skipped
        self.always_redraw = False  # benchmarks: draw every frame
        # in the browser a new screen's first frame is made over several frames,
        # at most this long each (ms from the frame's start); None: drawn in one frame
        self.prepare_budget_ms = 30.0 if WEB else None
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

    def push_built(self, name: str) -> None:
        """Open the scene registered as `name` once built: in the browser over frames while
        the screen that asked stays (first_frames.py)."""
        self.first_frames.push_built(name)

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
        self.first_frames.new_frame()
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
        if self.scene is not None:  # a game asked for before its modules were loaded (the browser):
            self.start_waiting_game()  # started in a frame of its own, not after the warm-up's last import
            self.first_frames.build_waiting(now)  # a screen asked for, built over frames (push_built)
        put_off = self.first_frames.put_off(now)  # this frame's input opened a new screen: drawn next frame
        if self.scene is not None and not put_off:
            # a screen whose first frame is still being made (in the browser, over several
            # frames) does not age: its animations (a new game's deal) start when it shows
            self.scene.update(0.0 if self.first_frames.pending() else dt)
            self.notices.update(dt)
            self.guide.update(dt)
            if self.frames > 1 and self.last_draw != "preparing" and self.scene_name in (*warmup.MENU_SCREENS, *warmup.ONLINE_WAITING):
                if self.last_draw == "skipped":
                    self.picture.watch()  # Auto may still be timing presents
                busy = (time.perf_counter() - self._step_start) * 1000.0 > BUSY_FRAME_MS
                if not busy and (self._warm is None or self._warm or self._warm_modules):
                    # not on a frame whose input already took its time (a game started)
                    self._prewarm(menus=self.scene_name in warmup.MENU_SCREENS)
        if self.web and self.frames % page.POLL_FRAMES == 0:
            self.poll_page()  # a phone turned, a window resized: the window follows the page
        self.picture.apply()  # the browser's render size: the page's shape; a new budget only between games
        if put_off:
            self._not_yet()
        elif self.draw():
            self.present()
        elif self.last_draw == "skipped" and hasattr(self.scene, "idle"):
            self.scene.idle()  # a frame that drew nothing makes pictures ahead
        save_waiting(idle=self.last_draw == "skipped")  # in the browser a move is saved after its first frames
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

    # --- a game: started, resumed, put on screen -------------------------------------------

    def wait_for_table(self, then) -> bool:
        """In the browser a game asked for before the title's warm-up has loaded what it
        needs waits for it, one module a frame (each import is one task: all at once took
        3-4 s at 4x, and the new game's first frames were lost); `then` starts it.  True
        when it waits (natively never: imports are quick there)."""
        missing = [m for m in warmup.TABLE_PARTS if m not in sys.modules]
        if not self.web or not missing:
            return False
        asked_again = self._game_waiting is not None
        self._game_waiting = (self.scene, then)  # asked from this screen: left, the game is not started
        if not asked_again:  # what it needs first (Start pressed again changes nothing)
            steps = self._warm_modules
            first = [s for s in warmup.table_steps(missing) if not s.startswith("compile:") or preload.compile_needed(s[8:])]
            steps[:] = first + [s for s in steps if s not in first]
        return True

    @property
    def game_waiting(self) -> bool:
        """A game asked for is waiting for its modules (the browser, early after the start)."""
        return self._game_waiting is not None

    def start_waiting_game(self) -> None:
        """Each frame: start the game that waited once what it needs is loaded (not if the
        player has left the screen that asked for it)."""
        waiting = self._game_waiting
        if waiting is None:
            return
        if waiting[0] is not self.scene:
            self._game_waiting = None
        elif all(m in sys.modules for m in warmup.TABLE_PARTS):
            self._game_waiting = None
            waiting[1]()

    def open_game(self, session) -> None:
        """Show a game: its table in the scene for its phase, the only scene above the title."""
        from .table import Table  # loaded while the title waits

        table = Table(self, session)
        table.start()
        self.reset_to(registry.create(scene_for(table.v.phase, table.board.dealing), self, table))
        if self.web and not gc.get_freeze_count():
            # everything loaded so far (the modules, their tables, the caches) lives as long as
            # the page: the collector leaves it out from now on.  Scanning it all made one
            # collection in play a browser task of ~120 ms at 4x.
            gc.freeze()

    def start_new_game(self, seed=None, rules=None, names=None, strength=None, humans=None) -> None:
        if self.wait_for_table(lambda: self.start_new_game(seed, rules, names, strength, humans)):
            return
        if seed is None and isinstance(self.params.get("seed"), int):
            seed = self.params.pop("seed")  # an embedding page's seed: the first game only
        session = Session.new(
            rules=rules or self.current_rules(),
            seed=seed,
            names=names or self.player_names(),
            strength=strength or self.param_default("strength", "strength") or "normal",
            storage=self.storage,
            human_seats=humans,  # pass-and-play
        )
        session.save()
        self.open_game(session)

    def continue_game(self) -> bool:
        session, _error = Session.load(self.storage)  # a damaged save: the notices say so
        if session is None:
            return False
        if not self.wait_for_table(lambda: self.open_game(session)):
            self.open_game(session)
        return True

    def current_rules(self):
        from ..engine.rules import RuleSet

        try:
            return RuleSet.preset(self.settings.get("preset", "standard"), **(self.settings.get("options") or {}))
        except Exception:
            return RuleSet.preset(self.settings.get("preset", "standard") if self.settings.get("preset") in RuleSet.PRESETS else "standard")

    def player_names(self) -> list[str]:
        """The names of the last new game (kept in the settings, checked by the name rule
        when loaded), else the defaults."""
        names = self.settings.get("names")
        if valid_names(names):
            return [n.strip() for n in names]
        return [i18n.t("name.you"), i18n.t("name.left"), i18n.t("name.right")]

    # --- the window: its shape, its resolution, presenting --------------------------------
    # A logical canvas of the window's own shape (screen.py), drawn straight into the window
    # at the window's resolution, never letterboxed.  `pixel_ratio`: window pixels per CSS
    # pixel; natively 1, in the browser the page's CSS size (`css_size`, polled from the
    # page every few frames: page.py) times the ratio the picture's pixel budget allows
    # (picture.py; at most the device's own `device_ratio`).  `scale` = `render_scale`:
    # window pixels per logical pixel (the gfx helpers' scale); `offset` is always (0, 0).
    # In SDL's SCALED mode the window stays 1280x720 and SDL stretches it.

    def _page_window(self, css) -> tuple[int, int]:
        """The browser: read the page (its CSS size, pixel ratio, insets; `css` when it
        cannot be read: headless tests) and return the window to open, at the Sharp budget
        (Auto times its presents there; picture.apply() sets the budget next)."""
        from .window.picture import pixel_ratio

        got = page.read()
        if got is not None:
            css, self.device_ratio, self.insets = got.css, got.dpr, got.insets
        self.css_size = (float(css[0]), float(css[1]))
        self.pixel_ratio = pixel_ratio(self.css_size, self.device_ratio, "sharp")
        return (max(1, round(self.css_size[0] * self.pixel_ratio)), max(1, round(self.css_size[1] * self.pixel_ratio)))

    def poll_page(self) -> bool:
        """The browser, every ``page.POLL_FRAMES`` frames: has the page changed (a phone
        turned, a window resized or zoomed, the insets)?  Then the picture makes the window
        the new shape before the next frame is drawn; True if it changed."""
        got = page.read()
        if got is None:
            return False
        if (got.css, got.dpr, tuple(got.insets)) == (self.css_size, self.device_ratio, tuple(self.insets)):
            return False
        self.css_size, self.device_ratio, self.insets = got.css, got.dpr, tuple(got.insets)
        self.picture.page_changed()
        return True

    def _icon(self) -> None:
        """The window's icon: the shipped icon-32.png, or one drawn here when it is missing."""
        try:
            path = resources.asset_path("icon-32.png")  # "" when missing: drawn below
            if os.path.exists(path):
                pygame.display.set_icon(pygame.image.load(path))
                return
            icon = pygame.Surface((64, 64), pygame.SRCALPHA)
            pygame.draw.rect(icon, gfx.FELT, icon.get_rect(), border_radius=12)
            icon.blit(gfx.text("358", 26, gfx.GOLD, True), (8, 18))
            pygame.display.set_icon(icon)
        except Exception:
            pass

    def _open_window(self, size, scaled) -> None:
        pygame.display.set_caption("3-5-8")
        if not self.web:  # the page has its own icon (loading this one cost the start)
            self._icon()  # before set_mode: some platforms take the icon only then
        else:  # a blank one spares set_mode loading pygame's own (pkgdata: ~70 ms at 4x)
            pygame.display.set_icon(pygame.Surface((1, 1)))
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
        self.canvas = self.window
        self.scale, self.offset = 1.0, (0, 0)
        self.render_scale = 1.0  # window pixels per logical pixel
        self.direct = True  # drawn straight into the window
        self._laid_out = (0, 0)  # the window size last laid out
        self._layout_window()

    def _layout_window(self, defer: bool = False) -> None:
        """The logical shape of the window as it is now (its CSS size and insets)."""
        ww, wh = self.window.get_size()
        ratio = self.pixel_ratio if self.pixel_ratio > 0 else 1.0
        shape = screen.shape_for(ww / ratio, wh / ratio, self.insets)
        if self.scaled_mode:  # SDL stretches a fixed 1280x720 frame
            shape = screen.shape_for(*LOGICAL)
        screen.set_current(shape)
        self.canvas = self.window
        self.scale = self.render_scale = ww / shape.w if shape.w else 1.0
        self.offset = (0, 0)
        self.direct = True
        self._laid_out = (ww, wh)

    @property
    def shape(self):
        return screen.current()

    def to_logical(self, pos) -> tuple[int, int]:
        x, y = pos
        return (int(x / self.scale), int(y / self.scale))

    def to_window(self, pos) -> tuple[int, int]:
        x, y = pos
        return (int(x * self.scale), int(y * self.scale))

    def _on_resize(self, ev) -> None:
        if self.scaled_mode:
            return  # SDL scales the 1280x720 frame and maps the mouse itself
        if self.web:
            self._layout_window()
            return
        size = getattr(ev, "size", None) or (getattr(ev, "x", 0), getattr(ev, "y", 0))
        w, h = int(size[0] or 0), int(size[1] or 0)
        least = min_size(w, h)
        w, h = max(least[0], w), max(least[1], h)
        if self.window.get_size() != (w, h):
            try:
                self.window = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            except Exception:
                pass
        self._layout_window()

    def set_css_size(self, css_size, pixel_ratio: float, insets=(0, 0, 0, 0)) -> bool:
        """The browser's page: the canvas is `css_size` CSS pixels drawn at `pixel_ratio`
        window pixels each, with these safe-area insets; True when anything changed (the
        window is made again at the new size and every scene lays itself out again)."""
        want = (max(1, round(css_size[0] * pixel_ratio)), max(1, round(css_size[1] * pixel_ratio)))
        insets = tuple(int(round(i)) for i in insets)
        if want == tuple(self.window.get_size()) and abs(pixel_ratio - self.pixel_ratio) < 1e-6 and insets == self.insets:
            return False
        self.pixel_ratio, self.insets = float(pixel_ratio), insets
        if want != tuple(self.window.get_size()):
            self.window = pygame.display.set_mode(want, 0 if self.web else pygame.RESIZABLE)
        self._layout_window()
        self.relayout()
        return True

    def relayout(self) -> None:
        """A new shape: every scene builds its widgets for it and draws whole next frame (and
        the card faces made ahead are made at the new shape's widths)."""
        self._frame_key = self._shown = None
        self.first_frames.forget()
        self._warm = None
        for s in getattr(self, "scenes", ()):
            s.relayout()
            s.first_drawn = True  # drawn whole next frame: the window holds nothing now

    def present(self) -> None:
        rects, self.dirty_rects = getattr(self, "dirty_rects", None), None
        if rects is not None:
            self._present_rects(rects)
            return
        if self.window.get_size() != self._laid_out:
            self._layout_window()
        perf.presented()
        if self.web:
            start = self.picture.clock()
            pygame.display.flip()
            self.picture.observe((self.picture.clock() - start) * 1000.0)  # Auto checks its choice
            return
        pygame.display.flip()

    def _present_rects(self, rects) -> None:
        """Only these window rects changed: update just them (in the browser pygame would
        copy the whole window: the rect presenter copies only these)."""
        if not rects:
            return  # nothing on screen changed
        perf.presented()
        if self.rects_presenter is None or not self.rects_presenter.present(self.window, rects):
            pygame.display.update(rects)

    def screenshot(self):
        """The current frame, at window resolution, as a Surface."""
        return self.window.copy()

    # --- drawing a frame: the visible scenes from the last opaque one up, skipped when no --
    # frame key changed; a table alone on screen redraws and presents only what changed
    # (`dirty_rects`); a new screen's first frame made over several frames in the browser;
    # the warm-up while the menus show (warmup.py says what it loads)
    def _prewarm(self, menus: bool = True) -> None:
        """While a menu shows, load what the title did not need, one step per frame: the
        computer players' modules first, then card faces a few ms per frame (no stall at
        the table).  Not `menus` (an online game's screens waiting for people): only what
        play needs."""
        if self.warm_step(drawing=menus):
            return
        self.warm_faces()

    def warm_faces(self) -> None:
        """Render card faces ahead, about 3 ms a frame, at the widths the table's layout for
        this window's shape draws them (``_warm``: None until asked, made again when the
        shape changes; a phone's hand and trick are narrower than a desktop's)."""
        try:
            if self._warm is None:
                from .table import layout

                lay = layout.now()
                self._warm = sorted({lay.hand_rows(16).w, lay.card_w, lay.trick_w, lay.small_w}, reverse=True)
            if self._warm and gfx.card_art().prewarm(max(8, gfx.px(self._warm[0])), budget_ms=3):
                self._warm.pop(0)
        except Exception:
            self._warm = []

    def warm_first(self, modules) -> None:
        """These modules next in the warm-up (each compiled ahead, then imported), unless
        loaded: what a screen just opened will soon need (an online game's table)."""
        steps = [s for s in warmup.table_steps([m for m in modules if m not in sys.modules]) if s not in self._warm_modules]
        self._warm_modules[:0] = steps

    def warm_step(self, drawing: bool = True) -> bool:
        """One step of the warm-up: a module compiled ahead or imported, a sound, or a
        screen's first frame drawn off screen a few ms a frame (under a deadline, taken up
        again next time); False when none is left.  At the table (not `drawing`), frames
        that draw nothing go on with what the title had no time for, menus' modules left."""
        steps = self._warm_modules
        if not drawing:  # at the table: only what play needs
            steps = [s for s in steps if s not in warmup.MENU_STEPS]
        if not steps:
            return False
        step = steps[0]
        self._warm_modules.remove(step)
        try:
            if step.startswith("scene:"):  # a few ms a frame (in one go it was a task of up to 600 ms at 4x)
                self._warm_scene(step)
            elif step == "card tables":  # the engine's suit tables, a few ms a frame
                self._tables = getattr(self, "_tables", None) or cards.suit_table_steps()
                end = time.perf_counter() + warmup.IDLE_PREPARE_MS / 1000.0
                for _ in self._tables:
                    if time.perf_counter() >= end:
                        self._warm_modules.insert(0, step)
                        break
            elif step.startswith("compile:"):  # its import later only runs it (preload.py)
                preload.compile_ahead(step[8:])
            elif step == "pygame":  # what App() left out of pygame.init(): mixer, timer
                import pygame

                pygame.init()
            elif step.startswith("sound:"):
                if self._sound is not None and self.settings.get("sound", True):
                    self._sound.preload(step[6:])
            else:
                import importlib

                importlib.import_module(step)
        except Exception:
            pass  # only a head start: the real frame will make what is missing
        return True

    def _warm_scene(self, step: str) -> None:
        """A screen's first frame drawn off screen: first its pictures (`scene:NAME`, a few
        ms a step, taken up again from the caches), then one drawing that lands, a band of
        the window a step (`scene:NAME:drawn:BAND`).  Not for the screen already shown: its
        own first frame is being made."""
        name, drawn, band = step[6:].partition(":drawn:")
        if name == self.scene_name:
            return
        if drawn and int(band) > 0 and self._banding != (name, self.window.get_size()):  # another screen drew between the bands, or the window changed
            band = "0"
        gfx.set_deadline(time.perf_counter() + warmup.IDLE_PREPARE_MS / 1000.0, widths=True)  # built too
        try:
            if not drawn:
                self.prepare_scene(name, unseen=True)
                following = f"scene:{name}:drawn:0"
            else:
                band = int(band)
                self.prepare_scene(name, band=band)
                following = f"scene:{name}:drawn:{band + 1}" if band + 1 < LANDING_BANDS else None
            if following:
                self._warm_modules.insert(0, following)
        except gfx.OutOfTime:
            self._warm_modules.insert(0, step)  # goes on next time from the caches
        finally:
            gfx.set_deadline(None)

    def prepare_scene(self, name: str, unseen: bool = False, band: int | None = None) -> None:
        """Draw a scene once off screen so that its first real frame finds its text and
        panels already made (a scene class may define ``prepare(app, surf)`` when it needs
        more than the App to be built, e.g. a game's score sheet).  `unseen`: only the
        pictures are made, every blit clipped away (then a pass under a deadline spends its
        time on the pictures it makes, not on copying those made already: a pass of the
        new-game screen was ~60 ms at 4x); then one drawing that lands (a screen may keep it)."""
        import pygame

        from . import registry

        surf = getattr(self, "_prepare_surf", None)
        if surf is None or surf.get_size() != self.window.get_size():
            surf = self._prepare_surf = pygame.Surface(self.window.get_size())
        clip = None
        if unseen:
            clip = pygame.Rect(0, 0, 0, 0)
        elif band is not None:  # the drawing that lands, this band of it (the surface keeps the others)
            clip = band_rect(surf.get_size(), band)
        surf.set_clip(clip)
        gfx.set_scale(surf.get_width() / screen.current().w)
        cls = registry.scene_class(name)
        if unseen:  # a picture a screen keeps (prepare) must be a drawing that landed
            try:
                scene = registry.create(name, self)
            except TypeError:  # a screen made from more than the App (a game's score sheet)
                scene = None
            if scene is not None:
                scene.draw(surf)
                return
        last = band is None or band == LANDING_BANDS - 1
        self._banding = None if last else (name, surf.get_size())
        try:
            if hasattr(cls, "prepare"):
                cls.prepare(self, surf, keep=last)  # kept once every band is drawn
            else:
                registry.create(name, self).draw(surf)
        finally:
            surf.set_clip(None)

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
        return (tuple(keys), self.window.get_size(), self.scale, self.notices.frame_key(), self.guide.frame_key())  # + the notices

    def _partial_source(self, surf):
        """The scene that can redraw only what changed on `surf`: the one table scene shown
        (no overlay, no notice), on the surface it drew last, at the size presented as is,
        under the same coach's bubble (or none): the bubble is then drawn again only over
        what changed (a bubble and its veil drawn whole every frame cost a whole frame's
        blending: ~100 ms at 4x in the browser while a first-time tip shows)."""
        visible = self.visible_scenes()
        scene = visible[0] if len(visible) == 1 else None
        if scene is None or getattr(scene, "draw_dirty", None) is None or self.notices.frame_key() is not None:
            return None, None
        return scene, (scene.compositor, surf, surf.get_size(), self.guide.frame_key())

    def draw(self, surf=None) -> bool:
        """Draw the visible scenes; returns False (nothing drawn) when the frame would be
        identical to the last one (then present() is skipped too)."""
        self.dirty_rects = None
        explicit = surf is not None
        if not explicit and not self.always_redraw:
            key = self.frame_key()
            now = time.perf_counter()
            # natively an unchanged picture is drawn again twice a second all the same; in the
            # browser the canvas keeps it, and a menu drawn again is a task of ~100 ms at 4x
            if key is not None and key == self._frame_key and (self.web or now - self._frame_time < 0.5):
                self.last_draw = "skipped"
                return False
            self._frame_key, self._frame_time = key, now
        if self.window.get_size() != self._laid_out:
            self._layout_window()  # the window changed under us (a native resize not yet seen)
        surf = surf or self.window
        gfx.set_scale(surf.get_width() / screen.current().w)
        scene, token = (None, None) if explicit else self._partial_source(surf)
        shown, self._shown = self._shown, token
        if token is not None and not self.always_redraw and shown is not None and token[0] is shown[0] and token[1] is shown[1] \
                and token[2:] == shown[2:]:
            self.dirty_rects = scene.draw_dirty(surf)  # None: it drew the whole frame
            self.last_draw = "full" if self.dirty_rects is None else "partial"
            if token[3] is not None:
                self._redraw_guide(surf, self.dirty_rects)
            return True
        self.last_draw = "full"
        if not explicit and self.first_frames.pending():
            return self.first_frames.draw(surf, self._step_start) or self._not_yet()
        self._draw_scenes(surf)
        for s in self.visible_scenes():
            s.first_drawn = True
        self.guide.drawn()
        return True

    def _redraw_guide(self, surf, rects) -> None:
        """The coach's bubble (and its veil) drawn again over what the table redrew: clipped
        to those rects, so the pixels outside them keep the bubble as the last frame left it."""
        if rects is None:
            self.guide.draw(surf)
            return
        clip = surf.get_clip()
        try:
            for r in rects:
                surf.set_clip(r)
                self.guide.draw(surf)
        finally:
            surf.set_clip(clip)

    def _draw_scenes(self, surf) -> None:
        """The visible scenes from the last opaque one upwards, then the notices."""
        self.draw_stack(surf)
        self.draw_over(surf)

    def draw_stack(self, surf) -> None:
        start = len(self.scenes) - len(self.visible_scenes())
        for i in range(start, len(self.scenes)):
            if i > start:
                surf.blit(gfx.overlay(surf.get_size(), (0, 0, 0, 120)), (0, 0))
            self.scenes[i].draw(surf)

    def draw_over(self, surf) -> None:
        self.guide.draw(surf)  # the coach's bubble over the scene
        self.notices.draw(surf)  # over every scene

    def _not_yet(self) -> bool:
        """A first frame not finished this frame: nothing presented, the next frame draws again."""
        self._frame_key = self._shown = None
        self.last_draw = "preparing"
        return False
