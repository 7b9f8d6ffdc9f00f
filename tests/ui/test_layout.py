"""The layouts' floors on the screens that broke them: what a scene draws is noted by the
drawing helpers (gfx.start_record) and checked by tools/layout_check.breaches, the same
rules the layout check applies everywhere."""

import pygame
import pytest

from game.ui.draw import gfx
from tests.ui.helpers import advance_until, finished_match, table_for
from tools.ui import layout_check

LONG = ("Maximiliana K.", "Александра Юр", "Bartholomew Xy")


def _drawn(app):
    return layout_check.render(app)


def _targets(items):
    return [(info.get("name"), r) for kind, r, info in items if kind == "target"]


@pytest.mark.parametrize("size", [(1280, 720), (390, 844), (844, 390)])
@pytest.mark.parametrize("lang", ["en", "pl", "ru", "bg"])
def test_game_over_buttons_do_not_overlap(make_app, size, lang):
    from game.ui.games.session import Session

    app = make_app(size=size, settings={"language": lang})
    session = Session(finished_match(), list(LONG), "random", storage=app.storage)
    app.push_scene("game_over", session)
    items = _drawn(app)
    targets = _targets(items)
    assert len(targets) == 7
    for i, (a, ra) in enumerate(targets):
        for b, rb in targets[i + 1:]:
            assert not ra.colliderect(rb), (a, b)
    assert layout_check.breaches(items, app.shape, app.window) == []


@pytest.mark.parametrize("size", [(1280, 720), (800, 450), (390, 844)])
def test_title_footer_stays_clear_of_the_buttons_with_a_saved_game(make_app, size):
    app = make_app(size=size)
    table_for(app, advance_until(lambda m: m.phase == "play" and m.to_act == 0))
    app.to_title()
    items = _drawn(app)
    assert "continue" in [n for n, _ in _targets(items)]
    texts = [(info["text"], r) for kind, r, info in items if kind == "text"]
    for text, r in texts:
        for name, target in _targets(items):
            assert not r.colliderect(target) or target.contains(r), (text, name)


def test_thinking_dots_sit_clear_of_the_trick_count(make_app):
    app = make_app(settings={"language": "en"})
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 1 and m.contract == "MT")
    scene = table_for(app, m, names=LONG)
    table = scene.table
    table.thinking_seat = 1
    table.time = 1.0  # three dots
    assert table.dots.dots() == 3
    surf = pygame.Surface(app.window.get_size())
    gfx.start_record()
    table.plates[1].draw_fresh(surf)
    table.dots.draw(surf)
    items = gfx.stop_record()
    texts = [(info["text"], r) for kind, r, info in items if kind == "text"]
    dots = next(r for text, r in texts if text == "•••")
    tricks = next(r for text, r in texts if "max" in text)
    assert not dots.colliderect(tricks)


@pytest.mark.parametrize("size", [(1280, 720), (390, 844), (640, 360)])
def test_long_names_are_shortened_with_an_ellipsis_never_shrunk_below_the_floor(make_app, size):
    app = make_app(size=size, settings={"language": "en"})
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0)
    scene = table_for(app, m, names=("Maximiliana K.", "Maximiliana Ko", "WWWWWWWWWWWWWW"))
    items = _drawn(app)
    plate = scene.table.plates[2].bounds()
    shown = [(info["text"], info["size"]) for kind, r, info in items if kind == "text" and plate.contains(r)]
    name = next(t for t in shown if t[0].startswith("WWW"))
    assert (name[0] == "W" * 14 or name[0].endswith("…")) and name[1] >= gfx.MIN_TEXT  # whole where the floor's size lets it
    assert layout_check.breaches(items, app.shape, app.window) == []


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "bg"])
@pytest.mark.parametrize("where", ["declare", "kitty", "play", "game_over"])
def test_no_text_under_the_floor_at_1280x720(make_app, lang, where):
    """The contract buttons' "Minimum tricks", the game-over toggle in Russian, the declare
    prompt, a long kitty prompt on its band and clear of the cards."""
    from game.ui.games.session import Session

    app = make_app(settings={"language": lang})
    if where == "declare":
        table_for(app, advance_until(lambda m: m.phase == "declare" and m.to_act == 0), names=LONG)
    elif where == "kitty":
        table_for(app, advance_until(lambda m: m.phase == "discard" and m.to_act == 0), names=LONG)
    elif where == "play":
        table_for(app, advance_until(lambda m: m.phase == "play" and m.to_act == 0), names=LONG)
    else:
        app.push_scene("game_over", Session(finished_match(), list(LONG), "random", storage=app.storage))
    items = _drawn(app)
    small = [(info["text"], info["size"]) for kind, r, info in items if kind == "text" and info["size"] < 12]
    assert small == []
    assert layout_check.breaches(items, app.shape, app.window) == []
