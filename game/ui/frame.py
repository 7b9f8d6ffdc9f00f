"""Drawing a frame: the visible scenes from the last opaque one up, skipped when nothing
would change (the scenes' frame keys), and card faces rendered ahead while a menu shows.
When a table scene is the only thing shown and the surface still holds its last frame, only
what changed is redrawn and presented (``dirty_rects``, for ``pygame.display.update``).
Mixed into the App."""

from __future__ import annotations

import time

from ..engine import cards
from . import gfx, preload, screen

IDLE_PREPARE_MS = 8.0  # a screen's off-screen first frame at the table: made this long per idle frame
# in the browser an import is one task (compiling the module at 4x: ~100-180 ms
# for the larger ones).  The score screen's parts are loaded one a frame before it; the
# menus' own modules are not loaded at the table at all (only while the menus show, or
# when opened), so play never pays for them.
SCORE_PARTS = ("game.ui.scoresheet", "game.ui.graph", "game.ui.backdrop", "datetime", "game.storage.stats", "game.ui.stats_keeper",
               "game.ui.record_actions")
# What a game needs (the computer players, every table object, the first deal's scenes), each
# module after all those it imports.  While the title waits each is compiled ahead, one a
# frame (preload.py), then imported, one a frame: each browser task compiles or runs one
# module (a step that imported the whole table was one task of 3-4 s at 4x).
# tests/ui/test_table_warmup.py checks, in a fresh interpreter, that each import loads only
# itself (the "game.ai" package: its own five) and that a game started after them loads
# nothing.  In the browser a game asked for earlier waits for them (games.py), one a frame.
TABLE_PARTS = ("game.ai.policy", "game.ai.heuristic", "game.ai.sampler", "game.ai.knowledge", "game.ai.slicing",
               "game.ai.players", "game.ai", "game.ai.baselines", "game.ai.solver", "game.ai.search", "game.ui.table",
               "game.ui.anim", "game.ui.table.layout", "game.ui.table.base", "game.ui.table.sprites",
               "game.ui.table.background", "game.ui.table.baked", "game.ui.table.plates", "game.ui.table.verdict",
               "game.ui.table.animator", "game.ui.table.board", "game.ui.table.forced", "game.ui.table.compositor",
               "game.ui.cardfan", "game.ui.table.hand", "game.ai.evaluate", "game.ai.reasons", "game.i18n.format",
               "game.i18n.why", "game.ui.table.hintbar", "game.ui.table.kitty", "game.ui.scoresheet",
               "game.ui.table.lookback", "game.ui.table.messages", "game.ui.table.opponents", "game.ui.table.overlay",
               "game.ui.table.panels", "game.ui.table.piles", "game.ui.table.topbar", "game.ui.table.trick",
               "game.ui.table.celebration", "game.ui.table.table", "game.ui.coach", "game.ui.scenes.table_scene",
               "game.ui.scenes.deal", "game.engine.formats", "game.engine.names", "game.engine.formats.notation",
               "game.engine.formats.deal_lines", "game.engine.formats.record", "game.ui.scenes.declare",
               "game.ui.scenes.exchange", "game.ui.scenes.kitty", "game.ui.scenes.play")

# The new-game screen and the parts of the menus' frame it is the first to import: compiled
# ahead on the title, so opening it compiles nothing
NEW_GAME_PARTS = ("game.ui.menu_page", "game.ui.menu_rows", "game.ui.new_game_page", "game.ui.scenes.new_game")

# What the menus' own modules import that nothing before them does: compiled ahead too
MENU_PARTS = ("game.ai.analysis", "game.ui.analysis_view", "game.ui.review", "game.records", "game.engine.formats.sharecode",
              "game.records.library", "game.web", "game.web.bridge", "game.ui.table.replay_places", "game.ui.table.replay",
              "game.ui.stats_tables")


def table_steps(modules=TABLE_PARTS) -> list:
    """The warm-up's steps for these modules: each compiled ahead, then each imported."""
    return [*(f"compile:{m}" for m in modules), *modules]


MENU_ONLY = frozenset([*(f"game.ui.scenes.{name}" for name in ("analysis", "records", "replay", "rules", "settings", "stats")),
                       *MENU_PARTS])
MENU_STEPS = MENU_ONLY | {f"compile:{m}" for m in MENU_ONLY}  # their warm-up steps, left at the table


class FrameMixin:
    def _prewarm(self) -> None:
        """While a menu shows, load what the title did not need, one step per frame: the
        computer players' modules first, then card faces a few ms per frame (no stall at
        the table)."""
        if self.warm_step():
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

    def warm_step(self, drawing: bool = True) -> bool:
        """One step of the warm-up: a module compiled ahead or imported, a sound, or a
        screen's first frame drawn off screen a few ms a frame (under a deadline, taken up
        again next time); False when none is left.  At the table (not `drawing`), frames
        that draw nothing go on with what the title had no time for, menus' modules left."""
        steps = self._warm_modules
        if not drawing:  # at the table: only what play needs
            steps = [s for s in steps if s not in MENU_STEPS]
        if not steps:
            return False
        step = steps[0]
        self._warm_modules.remove(step)
        try:
            if step.startswith("scene:"):  # a few ms a frame (in one go it was a task of up to 600 ms at 4x)
                gfx.set_deadline(time.perf_counter() + IDLE_PREPARE_MS / 1000.0)
                unseen = not step.endswith(":drawn")  # first its pictures, then one real drawing
                try:
                    self.prepare_scene(step[6:].removesuffix(":drawn"), unseen)
                    if unseen:
                        self._warm_modules.insert(0, step + ":drawn")
                except gfx.OutOfTime:
                    self._warm_modules.insert(0, step)  # goes on next time from the caches
                finally:
                    gfx.set_deadline(None)
            elif step == "card tables":  # the engine's suit tables, a few ms a frame
                self._tables = getattr(self, "_tables", None) or cards.suit_table_steps()
                end = time.perf_counter() + IDLE_PREPARE_MS / 1000.0
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

    def prepare_scene(self, name: str, unseen: bool = False) -> None:
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
        surf.set_clip(pygame.Rect(0, 0, 0, 0) if unseen else None)
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
        if hasattr(cls, "prepare"):
            cls.prepare(self, surf)
        else:
            registry.create(name, self).draw(surf)

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
        (no overlay, no notice), on the surface it drew last, at the size presented as is."""
        visible = self.visible_scenes()
        scene = visible[0] if len(visible) == 1 else None
        if scene is None or getattr(scene, "draw_dirty", None) is None or self.notices.frame_key() is not None or self.guide.frame_key() is not None:
            return None, None
        return scene, (scene.compositor, surf, surf.get_size())

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
        shown, self._shown = getattr(self, "_shown", None), token
        if token is not None and not self.always_redraw and shown is not None and token[0] is shown[0] and token[1] is shown[1] and token[2] == shown[2]:
            self.dirty_rects = scene.draw_dirty(surf)  # None: it drew the whole frame
            self.last_draw = "full" if self.dirty_rects is None else "partial"
            return True
        self.last_draw = "full"
        if not explicit and self._unprepared():
            return self._draw_prepared(surf)
        self._draw_scenes(surf)
        for s in self.visible_scenes():
            s.first_drawn = True
        return True

    def _draw_scenes(self, surf) -> None:
        """The visible scenes from the last opaque one upwards, then the notices."""
        start = len(self.scenes) - len(self.visible_scenes())
        for i in range(start, len(self.scenes)):
            if i > start:
                surf.blit(gfx.overlay(surf.get_size(), (0, 0, 0, 120)), (0, 0))
            self.scenes[i].draw(surf)
        self.guide.draw(surf)  # the coach's bubble over the scene
        self.notices.draw(surf)  # over every scene

    # --- a screen's first frame made over several frames ---------------------
    def _unprepared(self) -> bool:
        """A visible scene has not been drawn whole yet (and budgeted first frames are on:
        in the browser, after the title's first frame)."""
        if not self.prepare_budget_ms or self.frames == 0:
            return False
        return any(not getattr(s, "first_drawn", False) for s in self.visible_scenes())

    def _draw_prepared(self, surf) -> bool:
        """Draw into a spare surface, making new text, panels and cards only for
        ``prepare_budget_ms`` from the frame's start; out of time, nothing is presented (the
        window keeps its last picture) and the next frame goes on from the caches.  The
        frame is shown whole once one pass finishes: no long browser task for a new
        screen's first frame, and never a half-drawn screen."""
        size = surf.get_size()
        spare = self._spare
        if spare is None or spare.get_size() != size:
            spare = self._spare = surf.copy()
        deadline = self._step_start + self.prepare_budget_ms / 1000.0
        for s in self.visible_scenes():  # what its first seconds draw (a deal's cards), made first
            ahead = getattr(s, "make_ahead", None)
            if ahead is not None and not ahead(deadline):
                self._frame_key = self._shown = None
                self.last_draw = "preparing"
                return False
        gfx.set_deadline(deadline)
        try:
            self._draw_scenes(spare)
        except gfx.OutOfTime:
            for s in self.visible_scenes():  # a table's layer may be half drawn: redraw it
                if hasattr(s, "invalidate"):
                    s.invalidate()
            self._frame_key = self._shown = None
            self.last_draw = "preparing"
            return False
        finally:
            gfx.set_deadline(None)
        for s in self.visible_scenes():
            s.first_drawn = True
        surf.blit(spare, (0, 0))
        return True
