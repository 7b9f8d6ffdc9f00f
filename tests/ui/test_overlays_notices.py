"""A notice over a game's table (a record exported, a save that failed) never hides Menu,
and covers the opponents' plates for a moment at most: a tap takes it away at once."""

import pytest

from game.i18n import t
from game.ui.autopilot import post_click
from game.ui.table import layout
from tests.ui.helpers import advance_until, table_for

SIZES = [(390, 844), (360, 640), (844, 390), (1280, 720)]
PATH = "/home/player/Documents/three-five-eight/records/game-2026-12-05-21-53.json"


def _playing(make_app, size, lang="en"):
    app = make_app(size=size, settings={"tips": False, "language": lang, "speed": "normal"})
    table_for(app, advance_until(lambda m: m.phase == "play" and m.to_act == 1))
    return app


def _opponents(app):
    table = app.scene.table
    return [p.bounds() for p in table.plates if p.seat != table.human]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", ["info", "error"])
def test_a_notice_over_the_table_leaves_menu_and_covers_the_plates_briefly(make_app, size, kind):
    app = _playing(make_app, size)
    app.notices.post(t("record.exported", path=PATH), kind, 14.0, tag="record")
    covering = 0.0
    for _ in range(8 * 60):
        app.step(dt=1 / 60)
        r = app.notices.rect()
        if r is None:
            break
        assert not r.colliderect(layout.now().menu)
        if any(r.colliderect(p) for p in _opponents(app)):
            covering += 1 / 60
    assert covering <= 3.0 + 1 / 30, covering


def test_menu_answers_while_a_notice_shows(make_app):
    app = _playing(make_app, (390, 844))
    app.notices.post(t("record.exported", path=PATH), "info", 14.0, tag="record")
    app.step(dt=1 / 60)
    post_click(app, app.scene.widget("menu").rect.center)
    app.step(dt=1 / 60)
    assert app.scene_name == "pause"


def test_a_tap_on_a_notice_takes_it_away(make_app):
    app = _playing(make_app, (390, 844), "pl")
    app.notices.post(t("record.exported", path=PATH), "info", 14.0, tag="record")
    app.step(dt=1 / 60)
    post_click(app, app.notices.rect().center)
    app.step(dt=1 / 60)
    assert app.notices.rect() is None and app.scene_name == "play"
