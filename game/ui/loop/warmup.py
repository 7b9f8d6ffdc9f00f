"""What the App loads and makes ahead while the menus show (the warm-up), and how long a
frame may spend on it: in the browser an import is one task, so each of a game's modules
is compiled ahead and then imported one a frame, in an order where each finds what it
imports already loaded (tests/ui/test_table_warmup.py checks that order)."""

from __future__ import annotations

import importlib
import sys
import time

from ... import perf
from ...engine import cards
from .. import registry
from ..draw import gfx
from ..window import screen
from . import preload
from .first_frames import LANDING_BANDS, band_rect  # a screen's drawing kept by the warm-up is made a band a step

# The screens whose frames take a warm-up step: the menus, and an online game's screens
# where people wait for each other (a friend who came by an invitation never saw the title:
# without them its table imported every module it needs in the frame it opened, a task of
# 0.5-0.9 s in the browser, 1-3 s at 4x).  Those load only what play needs.
MENU_SCREENS = ("title", "new_game", "settings", "rules")
ONLINE_WAITING = ("join", "codes", "lobby")
FACES_MS = 3.0  # card pictures made ahead a menu frame (faces, the first deal's cards)
IDLE_PREPARE_MS = 8.0  # a screen's off-screen first frame at the table: made this long per idle frame
DEAL_SOUNDS = ("shuffle", "deal")  # what a new game plays in its first second
PLAY_SOUNDS = ("turn", "play", "trick")  # what it plays from the first decision on
# in the browser an import is one task (compiling the module at 4x: ~100-180 ms
# for the larger ones).  The score screen and its parts are loaded one a frame before it
# (with the text record's formats, which keep the finished game: a game waited for them at
# its start, ~0.1 s at 10x), their bytecode shipped (the screen's module compiled in the
# page was a task of ~130 ms at 10x in the declaring's idle frames); the menus' own modules
# are not loaded at the table at all (only while the menus show, or when opened), so play
# never pays for them.
SCORE_PARTS = ("game.ui.scoresheet", "game.ui.graph", "game.ui.draw.backdrop", "datetime", "game.storage.stats", "game.ui.games.stats_keeper",
               "game.ui.games.record_actions", "game.engine.formats", "game.engine.formats.notation",
               "game.engine.formats.deal_lines", "game.engine.formats.record", "game.ui.scenes.score")
# The card art, the first of what a game needs and loaded early by the warm-up: the title's fan of
# cards waits for it (the title's first frame shows without it: in the browser the art's
# modules and faces were ~0.3 s of a cheap phone's start).  Its package loads its modules
# on first use, so each is a step of its own (all six in one were ~116 ms at 10x).
ART_PARTS = ("game.ui.art", "game.ui.art.core", "game.ui.art.backs", "game.ui.art.court", "game.ui.art.faces", "game.ui.art.icons")
# What a game needs (the computer players, every table object, the first deal's scenes), each
# module after all those it imports.  While the title waits each is compiled ahead, one a
# frame (preload.py), then imported, one a frame: each browser task compiles or runs one
# module (a step that imported the whole table was one task of 3-4 s at 4x).
# tests/ui/test_table_warmup.py checks, in a fresh interpreter, that each import loads only
# itself (the first of the "game.ai" package's: the package too) and that a game started after them loads
# nothing.  In the browser a game asked for earlier waits for them (launcher.py), imported
# while its frame has time.
TABLE_PARTS = (*ART_PARTS, "game.engine.actions", "game.engine.phases", "game.engine.deal", "game.engine.fast", "game.engine.save",
               "game.engine.exchange", "game.engine.position", "game.engine.view", "game.engine.match",
               "game.engine.history", "game.ui.games.players", "game.ui.games.session",  # not before the title
               "game.ai.policy", "game.ai.heuristic", "game.ai.sampler", "game.ai.knowledge", "game.ai.slicing",
               "game.ai.players", "game.ai", "game.ai.baselines", "game.ai.solver", "game.ai.search", "game.ui.table",
               "game.ui.draw.anim", "game.ui.table.layout", "game.ui.table.base", "game.ui.table.once", "game.ui.table.dirty", "game.ui.table.sprites",
               "game.ui.table.background", "game.ui.table.baked", "game.ui.table.plates", "game.ui.table.verdict",
               "game.ui.table.animator", "game.ui.table.board", "game.ui.table.forced", "game.ui.table.compositor",
               "game.ui.draw.cardfan", "game.ui.table.hand", "game.ai.estimates", "game.ai.evaluate", "game.ai.reasons",
               "game.i18n.why", "game.ui.table.hintbar", "game.ui.table.kitty", "game.ui.scoresheet",
               "game.ui.table.trick", "game.ui.table.lookback", "game.ui.table.messages", "game.ui.table.opponents",
               "game.ui.table.overlay", "game.ui.table.panels", "game.ui.table.piles", "game.ui.table.topbar",
               "game.ui.table.celebration", "game.ui.access.keys", "game.ui.table.steady", "game.ui.table.table", "game.ui.coach.controls", "game.ui.coach.bubble", "game.ui.scenes.table_scene",
               "game.ui.scenes.deal", "game.engine.names", "game.ui.scenes.declare",
               "game.ui.scenes.exchange", "game.ui.scenes.kitty", "game.ui.scenes.play")

# What an online table needs besides TABLE_PARTS, loaded ahead while its screens wait for the
# others (imported in the frame the table opened, they made it a frame of ~70 ms at full speed)
ONLINE_PARTS = ("game.ui.online.sessions", "game.ui.online.match_face", "game.ui.online.after_late")  # the last: the choice after a late seat

# The new-game screen and the parts of the menus' frame it is the first to import: compiled
# ahead on the title, so opening it compiles nothing
NEW_GAME_PARTS = ("game.ui.menus.menu_page", "game.ui.menus.menu_rows", "game.ui.menus.new_game_page", "game.ui.scenes.new_game")

# What the warm-up loads for a first game, from the new-game screen to the score sheet: the
# web build ships their bytecode with the start's (tools/web/bytecode.py), since compiling
# one in the page was a task of 100-250 ms on a cheap phone, in the new-game screen's frames
# and in the first deal's.
FIRST_GAME_PARTS = (*NEW_GAME_PARTS, *TABLE_PARTS, *SCORE_PARTS)

# What the menus' own modules import that nothing before them does: compiled ahead too
MENU_PARTS = ("game.ai.analysis", "game.ui.menus.analysis_view", "game.ui.coach.review", "game.records", "game.engine.formats.sharecode",
              "game.records.library", "game.web", "game.web.bridge", "game.ui.table.replay_places", "game.ui.table.replay",
              "game.ui.menus.stats_tables")


def is_import(step: str | None) -> bool:
    """Is this warm-up step a module's import (not a compile, a screen, a sound, the card
    tables, the first deal's cards or pygame's init)?"""
    return step is not None and ":" not in step and step not in ("card tables", "dealt cards", "pygame")


def table_steps(modules=TABLE_PARTS) -> list:
    """The warm-up's steps for these modules: each compiled ahead, then each imported."""
    return [*(f"compile:{m}" for m in modules), *modules]


MENU_ONLY = frozenset([*(f"game.ui.scenes.{name}" for name in ("analysis", "records", "replay", "rules", "settings", "stats")),
                       *MENU_PARTS])
# their warm-up steps, left at the table; and the new-game screen's first frame, made while
# the title waits for someone who has not pressed Start yet (at the table it was a step of
# ~9 ms natively building the screen, ~0.1 s at 4x in the browser: it is made when shown),
# and the next game's first cards and its table as its deal begins (at the table its game
# is open already)
MENU_STEPS = MENU_ONLY | {f"compile:{m}" for m in MENU_ONLY} | {"scene:new_game", *(f"scene:new_game:drawn:{band}" for band in range(LANDING_BANDS)),
                                                               "dealt cards", "scene:deal"}


class WarmUp:
    """The App's warm-up (``app.warmup``): its steps left, in order, and the card widths whose
    faces are still to be made.  A step is a module name (imported), ``compile:MODULE``
    (compiled ahead: preload.py), ``scene:NAME`` and ``scene:NAME:drawn:BAND`` (a screen's
    first frame drawn off screen, its pictures first), ``sound:NAME``, ``card tables`` (the
    engine's suit tables), ``dealt cards`` (the first deal's cards as they land, before the
    later steps: the faces wait for every step) or ``pygame`` (what the start left out of
    pygame.init())."""

    def __init__(self, app):
        self.app = app
        # loaded after the title shows, one per menu frame: a button's click sound first (the
        # title's first tap played it, and loading it then was ~50 ms of that frame in the
        # browser with the CPU slowed 10x), the card art (the title's fan waits for it), the
        # deal's sounds (a game started at once loaded its shuffle in its first update: 36-50
        # ms of a 92-111 ms frame at 10x), then the computer players, then the first frames
        # of the screens that come next, then play's sounds (a game started sooner loads
        # them first at the table: play_sound)
        self.steps = list(dict.fromkeys([  # each step once: the earlier place kept
            *([] if app.web else ["pygame"]), "sound:click", *table_steps(ART_PARTS), *(f"sound:{n}" for n in DEAL_SOUNDS),
            "card tables", *(f"compile:{m}" for m in NEW_GAME_PARTS),
            "scene:new_game", *table_steps(), "dealt cards", "scene:deal", *(f"sound:{n}" for n in PLAY_SOUNDS),
            *table_steps([m for m in SCORE_PARTS if m not in TABLE_PARTS]),
            *table_steps([*MENU_PARTS, *(m for m in registry.pending_modules() if m not in TABLE_PARTS and ".online." not in m)]),
            "scene:score"]))
        self.faces = None  # card widths the table's layout uses, rendered a little per menu frame (None: not asked yet)
        self.dealt = None  # (width, cards) of the first deal's hand whose landing pictures are still to make
        self._tables = None  # the engine's suit tables still to make (card tables)
        self._banding = None  # (the screen, the window's size) whose landing drawing is made a band a step
        self._surface = None  # what screens are drawn on off screen

    def run(self, menus: bool = True, until: float | None = None) -> None:
        """While a menu shows, one step per frame: the modules first, then card faces a few
        ms per frame (no stall at the table).  Not `menus` (an online game's screens waiting
        for people): only what play needs.  `until` (a perf_counter time): more steps while
        the frame has time left, for a game that waits for them (its player waits too: one
        small import a frame was a frame's ~15 ms of work and ~40 ms of the page's own at
        10x, and Start took 3-4 s to open the table)."""
        while self.step(drawing=menus):
            if until is None or time.perf_counter() > until or not is_import(self.next_step(menus)):
                return  # (a compile or a screen's drawing is a frame's work on its own)
        self.make_faces()

    def next_step(self, drawing: bool = True) -> str | None:
        """The step step() takes next (None: none left)."""
        return next((s for s in self.steps if drawing or s not in MENU_STEPS), None)

    @property
    def left(self) -> bool:
        """Anything still to do (faces not asked for yet count)."""
        return self.faces is None or bool(self.faces) or bool(self.dealt) or bool(self.steps)

    def make_faces(self) -> None:
        """Render card pictures ahead, about 3 ms a frame: first each card as it lands in the
        first deal's hand (face, shadow, its opaque middle: made in the deal's first frames,
        they were over half the pictures between Start and the table), then the faces at
        the other widths the table's layout for this window's shape draws them (made again
        when the shape changes; a phone's hand and trick are narrower than a desktop's)."""
        try:
            self._ask_faces()
            if self.dealt:  # first: the hand's faces are made with them
                self._make_dealt()
            elif self.faces and gfx.card_art().prewarm(max(8, gfx.px(self.faces[0])), budget_ms=FACES_MS):
                self.faces.pop(0)
        except Exception:
            self.faces, self.dealt = [], None

    def _ask_faces(self) -> None:
        """The card widths of this window's table and the first deal's cards, once."""
        if self.faces is None:
            from ..table import layout
            from ..table.hand import HandFan

            lay = layout.now()
            self.faces = sorted({lay.hand_rows(16).w, lay.card_w, lay.trick_w, lay.small_w}, reverse=True)
            self.dealt = (HandFan.dealt_width(16), list(cards.CARDS))

    def _make_dealt(self) -> None:
        """The first deal's hand, card by card as it lands, FACES_MS a frame."""
        from ..table.hand import HandFan

        width, left = self.dealt
        end = time.perf_counter() + FACES_MS / 1000.0
        while left and time.perf_counter() < end:
            HandFan.warm_card(left.pop(), width)
        if not left:
            self.dealt = None

    def forget_faces(self) -> None:
        """A new window shape: the faces and the dealt cards are made again at its widths."""
        self.faces = self.dealt = None

    def first(self, modules) -> None:
        """These modules next (each compiled ahead, then imported), unless loaded: what a
        screen just opened will soon need (an online game's table)."""
        steps = [s for s in table_steps([m for m in modules if m not in sys.modules]) if s not in self.steps]
        self.steps[:0] = steps

    def hurry(self, modules) -> None:
        """A game waits for these modules: they come first, compiled only where needed, after
        the deal's sounds if still to load (played in the game's first update, loading one was
        30 ms of the table's first frame at 10x: loaded while the game waits instead)."""
        sounds = [step for step in (f"sound:{name}" for name in DEAL_SOUNDS) if step in self.steps]
        first = sounds + [s for s in table_steps(modules) if not s.startswith("compile:") or preload.compile_needed(s[8:])]
        self.steps[:] = first + [s for s in self.steps if s not in first]

    def play_sound(self) -> bool:
        """Load the next sound of play not loaded yet (the table asks before its pictures
        ahead: it is heard within seconds); False when none is left."""
        step = next((s for s in self.steps if s.startswith("sound:") and s[6:] in PLAY_SOUNDS), None)
        if step is None:
            return False
        self.steps.remove(step)
        self.steps.insert(0, step)
        return self.step(drawing=False)

    def again(self, step: str) -> None:
        """Do `step` next, even if it was done (a screen's first frame made at an old size)."""
        if step not in self.steps:
            self.steps.insert(0, step)

    def step(self, drawing: bool = True) -> bool:
        """One step: a module compiled ahead or imported, a sound, or a screen's first frame
        drawn off screen a few ms a frame (under a deadline, taken up again next time);
        False when none is left.  At the table (not `drawing`), frames that draw nothing go
        on with what the title had no time for, menus' modules left."""
        step = self.next_step(drawing)
        while step is not None and (step.startswith("compile:") and not preload.compile_needed(step[8:])
                                    or is_import(step) and step in sys.modules):
            self.steps.remove(step)  # its bytecode shipped, or it is loaded (a package's modules): no frame spent
            step = self.next_step(drawing)
        if step is None:
            return False
        self.steps.remove(step)
        began = time.perf_counter()
        try:
            if step.startswith("scene:"):  # a few ms a frame (in one go it was a task of up to 600 ms at 4x)
                self._scene(step)
            elif step == "card tables":  # the engine's suit tables, a few ms a frame
                self._tables = self._tables or cards.suit_table_steps()
                end = time.perf_counter() + IDLE_PREPARE_MS / 1000.0
                for _ in self._tables:
                    if time.perf_counter() >= end:
                        self.steps.insert(0, step)
                        break
            elif step == "dealt cards":  # the first deal's cards as they land, FACES_MS a step
                self._ask_faces()
                if self.dealt:
                    self._make_dealt()
                if self.dealt:
                    self.steps.insert(0, step)
            elif step.startswith("compile:"):  # its import later only runs it (preload.py)
                preload.compile_ahead(step[8:])
            elif step == "pygame":  # what App() left out of pygame.init(): mixer, timer
                import pygame

                pygame.init()
            elif step.startswith("sound:"):
                self.app.preload_sound(step[6:])
            else:
                importlib.import_module(step)
        except Exception:
            pass  # only a head start: the real frame will make what is missing
        perf.warm_step(step, (time.perf_counter() - began) * 1000.0)
        return True

    def _scene(self, step: str) -> None:
        """A screen's first frame drawn off screen: first its pictures (`scene:NAME`, a few
        ms a step, taken up again from the caches), then one drawing that lands, a band of
        the window a step (`scene:NAME:drawn:BAND`).  Not for the screen already shown: its
        own first frame is being made."""
        app = self.app
        name, drawn, band = step[6:].partition(":drawn:")
        if name == app.scene_name:
            return
        if drawn and int(band) > 0 and self._banding != (name, app.window.get_size()):  # another screen drew between the bands, or the window changed
            band = "0"
        gfx.set_deadline(time.perf_counter() + IDLE_PREPARE_MS / 1000.0, widths=True, parts=True)  # built too
        try:
            if not drawn:
                self.prepare_scene(name, unseen=True)
                following = f"scene:{name}:drawn:0" if getattr(registry.scene_class(name), "lands_ahead", True) else None
            else:
                band = int(band)
                self.prepare_scene(name, band=band)
                following = f"scene:{name}:drawn:{band + 1}" if band + 1 < LANDING_BANDS else None
            if following:
                self.steps.insert(0, following)
        except gfx.OutOfTime:
            self.steps.insert(0, step)  # goes on next time from the caches
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

        app = self.app
        surf = self._surface
        if surf is None or surf.get_size() != app.window.get_size():
            surf = self._surface = pygame.Surface(app.window.get_size())
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
                scene = registry.create(name, app)
            except TypeError:  # a screen made from more than the App (a game's score sheet)
                scene = None
            if scene is not None:
                scene.draw(surf)
                return
        last = band is None or band == LANDING_BANDS - 1
        self._banding = None if last else (name, surf.get_size())
        try:
            if hasattr(cls, "prepare"):
                cls.prepare(app, surf, keep=last)  # kept once every band is drawn
            else:
                registry.create(name, app).draw(surf)
        finally:
            surf.set_clip(None)
