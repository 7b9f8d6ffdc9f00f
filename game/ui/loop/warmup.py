"""What the App loads and makes ahead while the menus show (the warm-up), and how long a
frame may spend on it: in the browser an import is one task, so each of a game's modules
is compiled ahead and then imported one a frame, in an order where each finds what it
imports already loaded (tests/ui/test_table_warmup.py checks that order)."""

from __future__ import annotations

from .first_frames import LANDING_BANDS  # a screen's drawing kept by the warm-up is made a band a step

# The screens whose frames take a warm-up step: the menus, and an online game's screens
# where people wait for each other (a friend who came by an invitation never saw the title:
# without them its table imported every module it needs in the frame it opened, a task of
# 0.5-0.9 s in the browser, 1-3 s at 4x).  Those load only what play needs.
MENU_SCREENS = ("title", "new_game", "settings", "rules")
ONLINE_WAITING = ("join", "codes", "lobby")
IDLE_PREPARE_MS = 8.0  # a screen's off-screen first frame at the table: made this long per idle frame
# in the browser an import is one task (compiling the module at 4x: ~100-180 ms
# for the larger ones).  The score screen's parts are loaded one a frame before it; the
# menus' own modules are not loaded at the table at all (only while the menus show, or
# when opened), so play never pays for them.
SCORE_PARTS = ("game.ui.scoresheet", "game.ui.graph", "game.ui.draw.backdrop", "datetime", "game.storage.stats", "game.ui.games.stats_keeper",
               "game.ui.games.record_actions")
# What a game needs (the computer players, every table object, the first deal's scenes), each
# module after all those it imports.  While the title waits each is compiled ahead, one a
# frame (preload.py), then imported, one a frame: each browser task compiles or runs one
# module (a step that imported the whole table was one task of 3-4 s at 4x).
# tests/ui/test_table_warmup.py checks, in a fresh interpreter, that each import loads only
# itself (the "game.ai" package: its own five) and that a game started after them loads
# nothing.  In the browser a game asked for earlier waits for them (games.py), one a frame.
TABLE_PARTS = ("game.ai.policy", "game.ai.heuristic", "game.ai.sampler", "game.ai.knowledge", "game.ai.slicing",
               "game.ai.players", "game.ai", "game.ai.baselines", "game.ai.solver", "game.ai.search", "game.ui.table",
               "game.ui.draw.anim", "game.ui.table.layout", "game.ui.table.base", "game.ui.table.sprites",
               "game.ui.table.background", "game.ui.table.baked", "game.ui.table.plates", "game.ui.table.verdict",
               "game.ui.table.animator", "game.ui.table.board", "game.ui.table.forced", "game.ui.table.compositor",
               "game.ui.draw.cardfan", "game.ui.table.hand", "game.ai.estimates", "game.ai.evaluate", "game.ai.reasons",
               "game.i18n.why", "game.ui.table.hintbar", "game.ui.table.kitty", "game.ui.scoresheet",
               "game.ui.table.trick", "game.ui.table.lookback", "game.ui.table.messages", "game.ui.table.opponents",
               "game.ui.table.overlay", "game.ui.table.panels", "game.ui.table.piles", "game.ui.table.topbar",
               "game.ui.table.celebration", "game.ui.table.table", "game.ui.coach.controls", "game.ui.coach.bubble", "game.ui.scenes.table_scene",
               "game.ui.scenes.deal", "game.engine.formats", "game.engine.names", "game.engine.formats.notation",
               "game.engine.formats.deal_lines", "game.engine.formats.record", "game.ui.scenes.declare",
               "game.ui.scenes.exchange", "game.ui.scenes.kitty", "game.ui.scenes.play")

# What an online table needs besides TABLE_PARTS, loaded ahead while its screens wait for the
# others (imported in the frame the table opened, they made it a frame of ~70 ms at full speed)
ONLINE_PARTS = ("game.ui.online.sessions", "game.ui.online.match_face")

# The new-game screen and the parts of the menus' frame it is the first to import: compiled
# ahead on the title, so opening it compiles nothing
NEW_GAME_PARTS = ("game.ui.menus.menu_page", "game.ui.menus.menu_rows", "game.ui.menus.new_game_page", "game.ui.scenes.new_game")

# What the menus' own modules import that nothing before them does: compiled ahead too
MENU_PARTS = ("game.ai.analysis", "game.ui.menus.analysis_view", "game.ui.coach.review", "game.records", "game.engine.formats.sharecode",
              "game.records.library", "game.web", "game.web.bridge", "game.ui.table.replay_places", "game.ui.table.replay",
              "game.ui.menus.stats_tables")


def table_steps(modules=TABLE_PARTS) -> list:
    """The warm-up's steps for these modules: each compiled ahead, then each imported."""
    return [*(f"compile:{m}" for m in modules), *modules]


MENU_ONLY = frozenset([*(f"game.ui.scenes.{name}" for name in ("analysis", "records", "replay", "rules", "settings", "stats")),
                       *MENU_PARTS])
# their warm-up steps, left at the table; and the new-game screen's first frame, made while
# the title waits for someone who has not pressed Start yet (at the table it was a step of
# ~9 ms natively building the screen, ~0.1 s at 4x in the browser: it is made when shown)
MENU_STEPS = MENU_ONLY | {f"compile:{m}" for m in MENU_ONLY} | {"scene:new_game", *(f"scene:new_game:drawn:{band}" for band in range(LANDING_BANDS))}
