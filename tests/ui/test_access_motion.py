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
    app.painter.last_draw = "skipped"  # a frame that drew nothing: the snapshot goes at once
    app.access.update(0.0)
    assert fake.actions == [] and fake.published, "the page asked for its mirror"
    assert fake.published[-1]["announce"][-1]["text"] == "There are no cards on this screen."


def test_a_changed_snapshot_waits_for_a_frame_that_draws_nothing_but_not_long(make_app, page, monkeypatch):
    """Sent in a frame that also drew, a snapshot put that frame over its budget at 4x: it
    goes after a frame that drew nothing, or PUBLISH_WAIT frames later at the latest."""
    from game.ui.access.layer import PUBLISH_WAIT

    app = make_app(settings={"screen_reader": True})
    fake = page(wanted=False)
    monkeypatch.setattr(app, "web", True)
    app.painter.last_draw = "full"  # every frame draws (cards in flight)
    for frame in range(1, PUBLISH_WAIT):
        app.access.update(0.0)
        assert fake.published == [], f"sent in drawing frame {frame}"
    app.access.update(0.0)
    assert len(fake.published) == 1, "sent after PUBLISH_WAIT frames all the same"
    app.access.announce("Anna played the jack of hearts.")
    app.access.update(0.0)
    assert len(fake.published) == 1
    app.painter.last_draw = "skipped"
    app.access.update(0.0)
    assert len(fake.published) == 2 and fake.published[-1]["announce"][-1]["text"] == "Anna played the jack of hearts."
    assert [a["text"] for a in fake.published[-1]["announce"]] == ["Anna played the jack of hearts."], \
        "only what the page does not have yet: it keeps the rest"
