"""At the table, frames that draw nothing load only what play needs, one module a
frame (in the browser an import is one task: compiling a larger module at 4x slower CPU
took 100-180 ms); the menus' modules wait for the menus."""

from game.ui.loop import warmup


def test_the_table_loads_what_play_needs_and_leaves_the_menus(make_app):
    app = make_app(settings={"speed": "normal"})
    app.step(events=[], dt=1 / 60)
    app.games.start(seed=3)  # before the title's warm-up
    # what is left to load depends on what earlier tests imported: the full list here
    app.warmup.steps = ["game.ai", *warmup.SCORE_PARTS, *sorted(warmup.MENU_ONLY), "game.ui.scenes.pause",
                         "sound:click", "scene:score"]
    loaded = []
    for _ in range(400):
        before = list(app.warmup.steps)
        app.step(events=[], dt=1 / 60)
        loaded += [s for s in before if s not in app.warmup.steps]
    assert not any(s in warmup.MENU_ONLY for s in loaded), loaded
    assert "game.ui.scenes.score" in loaded and "scene:score" in loaded
    parts = [loaded.index(p) for p in warmup.SCORE_PARTS if p != "game.ui.scenes.score"]
    assert max(parts) < loaded.index("game.ui.scenes.score"), "the score screen's parts come first, one a frame"
    assert sorted(app.warmup.steps) == sorted(warmup.MENU_ONLY)
    app.to_title()  # the menus load them
    for _ in range(30):
        app.step(events=[], dt=1 / 60)
    assert app.warmup.steps == []


START_PROBE = r"""
import json, os, sys, tempfile
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["THREE_FIVE_EIGHT_DATA"] = tempfile.mkdtemp()
sys.path.insert(0, os.getcwd())
import importlib
from game.ui.loop import warmup
from game.ui.app import App
app = App(params={})
for _ in range(2):
    app.step(events=[], dt=1 / 60)
for name in warmup.TABLE_PARTS:
    importlib.import_module(name)
before = set(sys.modules)
app.games.start(seed=3)
app.step(events=[], dt=1 / 60)
print(json.dumps({"start": sorted(m for m in set(sys.modules) - before if m.startswith("game")), "scene": app.scene_name}))
"""


def _probe(code) -> dict:
    import json
    import os
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    with tempfile.TemporaryDirectory() as scratch:  # the probe's saves and bytecode go with it
        out = subprocess.run([sys.executable, "-c", code], cwd=root, env={**os.environ, "TMPDIR": scratch},
                             capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_game_starts_with_nothing_left_to_load_after_the_table_parts():
    """After warmup.TABLE_PARTS (the title's warm-up loads them one a frame), a game started
    in a fresh interpreter loads none of the game's modules."""
    probe = _probe(START_PROBE)
    assert probe["start"] == [], f"a game start still loads {probe['start']}: add them to warmup.TABLE_PARTS"
    assert probe["scene"] == "deal"


ONE_BY_ONE_PROBE = r"""
import json, os, sys, tempfile
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["THREE_FIVE_EIGHT_DATA"] = tempfile.mkdtemp()
sys.pycache_prefix = tempfile.mkdtemp()  # no bytecode anywhere: every import compiles, as in the browser
sys.dont_write_bytecode = True
sys.path.insert(0, os.getcwd())
import importlib, importlib._bootstrap_external as be
from game.ui.loop import preload, warmup
from game.ui.app import App
app = App(params={})
for _ in range(2):
    app.step(events=[], dt=1 / 60)
compiled_by_import = []
_source_to_code = be.SourceLoader.source_to_code
def source_to_code(self, data, path, *, _optimize=-1):
    compiled_by_import.append(path)
    return _source_to_code(self, data, path, _optimize=_optimize)
be.SourceLoader.source_to_code = source_to_code
ahead = [name for name in warmup.TABLE_PARTS if preload.compile_ahead(name)]
steps = []
for name in warmup.TABLE_PARTS:
    before = set(sys.modules)
    importlib.import_module(name)
    steps.append([name, sorted(m for m in set(sys.modules) - before if m.startswith("game"))])
print(json.dumps({"ahead": ahead, "steps": steps, "compiled_by_import": [p for p in compiled_by_import if "game" in p]}))
"""


def test_each_table_part_is_compiled_ahead_and_imported_alone():
    """In the browser one import is one task, as long as compiling and running what it
    loads: the warm-up compiles each module ahead, one a frame, and then each import only
    runs one module (the first of a package's runs the package's light __init__ too: the
    computer players' classes load with their own module)."""
    probe = _probe(ONE_BY_ONE_PROBE)
    assert probe["compiled_by_import"] == [], "imported without being compiled ahead"
    assert len(probe["ahead"]) == len(warmup.TABLE_PARTS)
    packages = set()
    for name, loaded in probe["steps"]:
        assert set(loaded) <= set(warmup.TABLE_PARTS), f"{name} loads {loaded}: add them to warmup.TABLE_PARTS"
        package = name.rpartition(".")[0]
        alone = [[name], []] + ([sorted([package, name])] if package not in packages else [])
        assert loaded in alone, f"{name} loads {loaded}: put them before it in warmup.TABLE_PARTS"
        packages.update(loaded)


WAIT_PROBE = r"""
import builtins, json, os, sys, tempfile
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["THREE_FIVE_EIGHT_DATA"] = tempfile.mkdtemp()
sys.pycache_prefix = tempfile.mkdtemp()  # no bytecode: every module compiled, as in the browser
sys.dont_write_bytecode = True
sys.path.insert(0, os.getcwd())
compiled = []
_compile = builtins.compile
def counting_compile(source, filename, *args, **kw):
    if isinstance(filename, str) and os.sep + "game" + os.sep in filename:
        compiled.append(filename)
    return _compile(source, filename, *args, **kw)
builtins.compile = counting_compile
import game.ui.app as app_module
app_module.WEB = True  # the browser, simulated
from game.ui.loop import warmup
from game.ui.app import App
app = App(params={}, settings={"language": "en", "speed": "normal", "sound": False})
for _ in range(2):
    app.step(events=[], dt=1 / 60)
app.push_scene("new_game")
app.step(events=[], dt=1 / 60)
app.games.start(seed=3)  # Start, before the warm-up has loaded the table
frames = []
while app.scene_name == "new_game" and len(frames) < 400:
    del compiled[:]
    app.step(events=[], dt=1 / 60)
    frames.append(list(compiled))
    if app.scene_name == "new_game":
        app.games.start(seed=3)  # Start pressed again and again meanwhile
print(json.dumps({"frames": frames, "scene": app.scene_name, "missing": [m for m in warmup.TABLE_PARTS if m not in sys.modules]}))
"""


def test_a_game_started_early_in_the_browser_waits_for_its_modules_compiled_one_a_frame():
    """Start clicked before the title's warm-up has loaded the table: the new-game screen
    stays while the modules are compiled and loaded, at most one compiled a frame (all at
    once was a task of 3-4 s at 4x in the browser), then the game opens."""
    probe = _probe(WAIT_PROBE)
    assert probe["scene"] == "deal" and probe["missing"] == []
    compiled = [path for frame in probe["frames"] for path in frame]
    assert len(compiled) == len(set(compiled)) >= len(warmup.TABLE_PARTS) - 2  # each once (a package or two came with the App)
    assert all(len(frame) <= 1 for frame in probe["frames"]), [x for x in probe["frames"] if len(x) > 1]


BATCH_PROBE = WAIT_PROBE.replace("sys.dont_write_bytecode = True\n", """sys.dont_write_bytecode = True
import importlib.util, py_compile
from game.ui.loop import preload, warmup
for name in warmup.TABLE_PARTS:  # the bytecode the web build ships, so no module is compiled in the page
    source = preload.source_of(name)
    if source is not None:
        py_compile.compile(source, cfile=importlib.util.cache_from_source(source))
""").replace("    frames.append(list(compiled))", "    frames.append([list(compiled), sum(m in sys.modules for m in warmup.TABLE_PARTS)])")


def test_a_game_waiting_for_modules_shipped_compiled_imports_several_a_frame():
    """With the bytecode shipped, the modules a waiting game needs are imported while the
    frame has the time a first frame has (one small import a frame left most of each frame
    to the page's own work: Start took 3-4 s to open the table at 10x), none compiled."""
    probe = _probe(BATCH_PROBE)
    assert probe["scene"] == "deal" and probe["missing"] == []
    assert all(compiled == [] for compiled, _loaded in probe["frames"])
    loaded = [n for _compiled, n in probe["frames"]]
    assert len(probe["frames"]) < len(warmup.TABLE_PARTS) // 2, loaded  # two or more a frame


def test_a_screen_made_ahead_unseen_keeps_no_picture_until_one_is_drawn(make_app, monkeypatch):
    """The title makes the next screens' pictures a few ms a frame with every blit clipped
    away (cheap passes), then draws the screen once for real, a band of the window a step
    (drawn whole it was 50-80 ms at 4x in the browser): a screen that keeps its prepared
    picture (the new-game screen) keeps only that real drawing, once every band is drawn."""
    import pygame

    from game.ui.loop import warmup
    from game.ui.loop.first_frames import LANDING_BANDS
    from game.ui.scenes.new_game import NewGameScene

    app = make_app()
    app.step(events=[], dt=1 / 60)
    monkeypatch.setattr(NewGameScene, "_first_frame", None)
    app.warmup.prepare_scene("new_game", unseen=True)
    assert NewGameScene._first_frame is None
    monkeypatch.setattr(warmup, "IDLE_PREPARE_MS", 0.001)  # out of time at once: one picture a pass
    app.warmup.steps = ["scene:new_game"]
    steps, bands = 0, []
    while app.warmup.steps and steps < 500:
        step = app.warmup.steps[0]
        app.warmup.step()
        steps += 1
        if step.startswith("scene:new_game:drawn:"):
            bands.append(step)
        if app.warmup.steps:  # kept only once every band of the drawing is made
            assert NewGameScene._first_frame is None
    assert app.warmup.steps == [] and NewGameScene._first_frame is not None
    assert bands == [f"scene:new_game:drawn:{band}" for band in range(LANDING_BANDS)]  # a band a step
    drawn = pygame.Surface(app.window.get_size())
    kept = NewGameScene._first_frame[1]
    monkeypatch.setattr(NewGameScene, "_first_frame", None)
    NewGameScene(app).draw(drawn)
    assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(drawn.convert(kept), "RGB")


WHOLE_WARMUP_PROBE = r"""
import builtins, json, os, sys, tempfile
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["THREE_FIVE_EIGHT_DATA"] = tempfile.mkdtemp()
sys.pycache_prefix = tempfile.mkdtemp()  # no bytecode: every module compiled, as in the browser
sys.dont_write_bytecode = True
sys.path.insert(0, os.getcwd())
compiled = []
_compile = builtins.compile
def counting_compile(source, filename, *args, **kw):
    if isinstance(filename, str) and os.sep + "game" + os.sep in filename:
        compiled.append(os.path.relpath(filename))
    return _compile(source, filename, *args, **kw)
builtins.compile = counting_compile
from game.ui.app import App
app = App(params={}, settings={"language": "en", "sound": False})
for _ in range(2):
    app.step(events=[], dt=1 / 60)
steps = []
while app.warmup.steps:
    step = app.warmup.steps[0]
    del compiled[:]
    app.warmup.step()
    steps.append([step, list(compiled)])
print(json.dumps(steps))
"""


def test_the_warm_up_compiles_at_most_one_module_a_step():
    """The whole warm-up, in a fresh interpreter without bytecode (as in the browser): a
    step compiles at most one of the game's modules, and an import compiles none (it runs
    what was compiled ahead)."""
    steps = _probe(WHOLE_WARMUP_PROBE)
    assert any(step.startswith("compile:") and compiled for step, compiled in steps)
    for step, compiled in steps:
        if step.startswith("compile:"):
            assert len(compiled) <= 1, (step, compiled)
        elif not step.startswith("scene:score"):  # the score screen: its own module, small
            assert compiled == [], f"{step} compiled {compiled}: compile them ahead (warmup.py)"


def test_the_warm_up_makes_no_first_frame_for_the_screen_already_shown(make_app, monkeypatch):
    """A player quick to press New game is already on that screen when the warm-up comes to
    drawing it: the step is dropped (the screen's own first frame is being made; the warm-up's
    drawing of it was a browser task of ~80 ms at 4x in that screen's first frames)."""
    app = make_app()
    app.step(events=[], dt=1 / 60)
    app.push_scene("new_game")
    app.warmup.steps = ["scene:new_game", "scene:new_game:drawn:1"]
    drawn = []
    monkeypatch.setattr(app.warmup, "prepare_scene", lambda *a, **k: drawn.append(a))
    app.warmup.step()
    app.warmup.step()
    assert app.warmup.steps == [] and drawn == []
    app.pop()
    app.warmup.steps = ["scene:new_game:drawn:1"]  # on the title again, a band left: from the first
    app.warmup.step()
    assert drawn == [("new_game",)] and app.warmup.steps == ["scene:new_game:drawn:1"]


def test_the_first_deals_hand_is_made_while_the_menus_show(make_app, monkeypatch):
    """Each card as it lands in the first deal's hand (face, shadow) is made on the menus'
    frames, a few ms a frame: the deal's first frame then makes none of them (they were over
    half the pictures between Start and the table on a phone)."""
    from game.ui.draw import gfx
    from game.ui.table.hand import HandFan

    app = make_app(size=(390, 844), settings={"speed": "normal"})
    app.warmup.steps = []  # (the modules: other tests)
    frames = 0
    while app.warmup.left:
        app.step(events=[], dt=1 / 60)
        frames += 1
        assert frames < 3000, "the warm-up never ends"
    made = []  # every card picture asked for from Start on
    monkeypatch.setattr(gfx, "card_sprite", lambda *a, _made=gfx.card_sprite, **k: made.append(a) or _made(*a, **k))
    app.games.start(seed=5)
    app.step(events=[], dt=1 / 60)
    slots, _landed = app.scene.table.hand.dealt_slots()
    width = HandFan.dealt_width(len(slots))
    assert all(gfx.has_card_sprite(c, width, True, None, False) for c in slots if c is not None)
    for _ in range(3):
        app.step(events=[], dt=1 / 60)
    assert made and not [a for a in made if a[0] in slots and a[1] == width], "a landing card made in the deal's frames"


def test_the_next_games_table_is_drawn_ahead_while_the_menus_show(make_app, monkeypatch):
    """The warm-up draws the next new game's table as its deal begins, off screen and
    silent, a few ms a frame: the deal's first frame then makes almost none of its words
    and panels (made after Start, they were most of Start → the table at 10x in the
    browser).  At the table the step is not taken: its game is open."""
    from game.ui.draw import gfx

    app = make_app(size=(390, 844), settings={"speed": "normal", "sound": True})
    played = []
    monkeypatch.setattr(app, "sound", lambda name, *a, **k: played.append(name))
    app.warmup.steps = ["scene:deal"]
    for _ in range(3000):
        app.step(events=[], dt=1 / 60)
        if not app.warmup.left:
            break
    assert app.scene_name == "title" and not played and not app.warmup.steps
    texts, panels = set(gfx._text_cache), set(gfx._panel_cache)
    app.games.start(seed=5)
    for _ in range(3):
        app.step(events=[], dt=1 / 60)
    assert app.scene_name == "deal" and app.scene.first_drawn
    new_texts = set(gfx._text_cache) - texts
    assert len(new_texts) <= 1 and not set(gfx._panel_cache) - panels, new_texts  # the dealer's own line may differ
    app.warmup.steps = ["scene:deal"]
    for _ in range(5):
        app.step(events=[], dt=1 / 60)
    assert app.warmup.steps == ["scene:deal"]


def test_the_first_deals_cards_come_before_the_warm_ups_later_steps(make_app):
    """The first deal's cards as they land are a step of their own right after the table's
    modules, before the next game's table and the score's and menus' modules: made with the
    faces, after every step, a reader of the new-game screen at 10x sideways still had 18-22
    of them to make after Start."""
    from game.engine.cards import CARDS
    from game.ui.draw import gfx
    from game.ui.table.hand import HandFan

    app = make_app(size=(844, 390))
    steps = app.warmup.steps
    dealt = steps.index("dealt cards")
    assert max(steps.index(m) for m in warmup.TABLE_PARTS) < dealt < steps.index("scene:deal")
    assert all(dealt < steps.index(m) for m in warmup.SCORE_PARTS if m not in warmup.TABLE_PARTS)
    app.warmup.steps = ["dealt cards", "sound:click"]
    for _ in range(500):
        app.warmup.step()
        if app.warmup.steps == ["sound:click"]:
            break
    assert app.warmup.steps == ["sound:click"] and not app.warmup.dealt
    width = HandFan.dealt_width(16)
    assert all(gfx.has_card_sprite(card, width, True, None, False) for card in CARDS)


def test_a_module_with_its_bytecode_costs_the_warm_up_no_frame_to_compile(make_app):
    """A compile step for a module that needs none (loaded, or its bytecode shipped, as the
    web build does for the first game's) is passed over within the same step: a frame spent
    on each was ~60 frames of a cheap phone's menus spent on nothing."""
    import game.ui.table.piles
    import game.ui.table.trick  # noqa: F401  (loaded: nothing to compile)

    app = make_app()
    app.warmup.steps = ["compile:game.ui.table.trick", "compile:game.ui.table.piles", "card tables", "sound:click"]
    assert app.warmup.step()  # one step: the card tables'
    assert not any(s.startswith("compile:") for s in app.warmup.steps) and "sound:click" in app.warmup.steps


def test_a_new_games_sounds_load_right_after_the_card_art(make_app):
    """A game started at once (its modules waited for) loaded the shuffle in its first
    update: 30 ms of an 81-111 ms frame in the browser at 10x.  The deal's two sounds are
    the warm-up's steps right after the card art, before the engine and the players, and a
    game that waits for its modules waits for them first; the rest of the game's sounds
    come later, each once."""
    app = make_app(settings={"sound": True})
    steps = app.warmup.steps
    art = max(steps.index(s) for s in warmup.table_steps(warmup.ART_PARTS) if s in steps)
    sounds = [steps.index(f"sound:{name}") for name in warmup.DEAL_SOUNDS]
    engine = min(i for i, s in enumerate(steps) if s.endswith("game.engine.actions"))
    assert art < min(sounds) and max(sounds) < engine
    assert len(steps) == len(set(steps)) and all(f"sound:{name}" in steps for name in ("turn", "play", "trick"))
    loaded = []
    app._sound.preload = lambda *names: loaded.extend(names)
    app.warmup.hurry(["game.engine.actions"])  # a game started at once waits for them too, first
    assert app.warmup.steps[:2] == [f"sound:{name}" for name in warmup.DEAL_SOUNDS]
    app.warmup.step()
    app.warmup.step()
    assert loaded == list(warmup.DEAL_SOUNDS)
    app.warmup.hurry(["game.engine.actions"])  # loaded: not again
    assert not any(s.startswith("sound:") for s in app.warmup.steps[:2])


def test_at_the_table_the_sounds_of_play_load_before_anything_else_left(make_app):
    """A game started at once reaches its first decision with play's sounds still among the
    warm-up's last steps: a frame that draws nothing at the table loads them first, one a
    frame, wherever they are, and then says none is left."""
    app = make_app(settings={"sound": True})
    loaded = []
    app._sound.preload = lambda *names: loaded.extend(names)
    app.warmup.steps = ["compile:game.ui.scoresheet", "game.ui.scoresheet", "sound:turn", "scene:score", "sound:trick"]
    assert app.warmup.play_sound() and loaded == ["turn"]
    assert app.warmup.play_sound() and loaded == ["turn", "trick"]
    assert not app.warmup.play_sound()
    assert app.warmup.steps == ["compile:game.ui.scoresheet", "game.ui.scoresheet", "scene:score"]
