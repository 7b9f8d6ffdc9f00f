"""Reduced motion: no card flies, no confetti falls; "auto" follows the browser's
prefers-reduced-motion; the browser's page is called only in screen-reader mode."""

import sys
import types

import pytest

import game.web
from tests.ui.helpers import advance_until, table_for


def flights_after_a_card(make_app, motion):
    app = make_app(settings={"reduced_motion": motion, "speed": "normal"})
    scene = table_for(app, advance_until(lambda m: m.phase == "play" and m.to_act == 0))
    card = next(iter(scene.table.legal_cards()))
    assert app.access.perform({"type": "card", "id": str(card)}) is None
    seen = 0
    for _ in range(40):
        app.step(dt=1 / 60)
        seen += len(scene.table.board.sprites)
    return seen


def test_no_card_flies_with_reduced_motion(make_app):
    assert flights_after_a_card(make_app, "off") > 0
    assert flights_after_a_card(make_app, "on") == 0


def test_no_confetti_with_reduced_motion(make_app):
    app = make_app(settings={"reduced_motion": "on"})
    scene = table_for(app, advance_until(lambda m: m.phase == "play"))
    table = scene.table
    table.board.celebration = (0, table.time, 2.8)
    table.time += 1.0
    assert table.celebration.piece_rects() == [] and table.celebration.frame() == 0
    app.settings["reduced_motion"] = "off"
    assert table.celebration.piece_rects() != []


class FakePage(types.ModuleType):
    """game/web/access_page.py as the page's helper writes it, recording the calls."""

    def __init__(self, wanted=False, motion=None, actions=()):
        super().__init__("game.web.access_page")
        self.published, self.actions, self._wanted, self._motion = [], list(actions), wanted, motion

    def publish(self, state):
        self.published.append(state)

    def take_actions(self):
        out, self.actions = self.actions, []
        return out

    def prefers_reduced_motion(self):
        return self._motion

    def wanted(self):
        return self._wanted


@pytest.fixture
def page(monkeypatch):
    def install(**kw):
        fake = FakePage(**kw)
        monkeypatch.setitem(sys.modules, "game.web.access_page", fake)
        monkeypatch.setattr(game.web, "access_page", fake, raising=False)
        return fake

    return install


def test_auto_follows_the_browsers_wish(make_app, page, monkeypatch):
    app = make_app()
    assert not app.access.reduced_motion(), "natively auto is off"
    page(motion=True)
    monkeypatch.setattr(app, "web", True)
    assert app.access.reduced_motion()


def test_the_page_is_called_only_in_screen_reader_mode(make_app, page, monkeypatch):
    app = make_app()
    fake = page(wanted=False, actions=[{"type": "read", "what": "turn"}])
    monkeypatch.setattr(app, "web", True)
    app.access.update(0.0)
    assert fake.published == [] and fake.actions, "off: nothing taken, nothing sent"
    app.access._wanted_in = 0
    fake._wanted = True
    app.access.update(0.0)
    assert fake.actions == [] and fake.published, "the page asked for its mirror"
    assert fake.published[-1]["announce"][-1]["text"] == "There are no cards on this screen."
