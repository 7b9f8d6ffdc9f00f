"""Issue 13: at the table, frames that draw nothing load only what play needs, one module a
frame (in the browser an import is one task: compiling a larger module at 4x slower CPU
took 100-180 ms); the menus' modules wait for the menus."""

from game.ui import frame


def test_the_table_loads_what_play_needs_and_leaves_the_menus(make_app):
    app = make_app(settings={"speed": "normal"})
    app.step(events=[], dt=1 / 60)
    app.start_new_game(seed=3)  # before the title's warm-up
    # what is left to load depends on what earlier tests imported: the full list here
    app._warm_modules = ["game.ai", *frame.SCORE_PARTS, *sorted(frame.MENU_ONLY), "game.ui.scenes.pause",
                         "game.ui.scenes.score", "sound:click", "scene:score"]
    loaded = []
    for _ in range(400):
        before = list(app._warm_modules)
        app.step(events=[], dt=1 / 60)
        loaded += [s for s in before if s not in app._warm_modules]
    assert not any(s in frame.MENU_ONLY for s in loaded), loaded
    assert "game.ui.scenes.score" in loaded and "scene:score" in loaded
    parts = [loaded.index(p) for p in frame.SCORE_PARTS]
    assert max(parts) < loaded.index("game.ui.scenes.score"), "the score screen's parts come first, one a frame"
    assert sorted(app._warm_modules) == sorted(frame.MENU_ONLY)
    app.to_title()  # the menus load them
    for _ in range(30):
        app.step(events=[], dt=1 / 60)
    assert app._warm_modules == []
