"""First-time tips (game/ui/coach/tips.py): each shown once at its moment in a real game,
remembered in the settings, off-able, never in anyone's way; and the hint bar's reason in
words (game/ai/reasons.py through game/i18n/why.py)."""

import pytest

from game import i18n
from game.ai.reasons import explain
from game.engine import RuleSet
from game.i18n import t, why
from game.ui.autopilot import post_click
from game.ui.constants import DEFAULT_SETTINGS, SPEEDS, STRENGTHS
from game.ui.settings_check import check_settings
from tests.ui.helpers import advance_until, table_for

TIPS = {"on": {"tips": True, "tips_seen": []}}


def _must_trump(m) -> bool:
    if m.phase != "play" or m.to_act != 0 or not m.trick:
        return False
    v = m.view(0)
    return v.trump >= 0 and not any(c.suit == v.led_suit for c in v.hand) and any(c.suit == v.trump for c in v.hand)


MOMENTS = {
    "exchange": (lambda m: m.phase == "exchange" and m.to_act == 0, None),
    "kitty": (lambda m: m.phase == "discard" and m.to_act == 0, None),
    "minimum": (lambda m: m.contract == "MT" and m.phase == "play" and m.to_act == 0, None),
    "must_trump": (_must_trump, RuleSet.preset("blato")),
}


def at(name):
    pred, rules = MOMENTS[name]
    return advance_until(pred, rules=rules)


def settle(app, frames=3):
    for _ in range(frames):
        app.step(dt=1 / 60)


@pytest.mark.parametrize("name", list(MOMENTS))
def test_each_tip_shows_the_first_time_its_moment_comes_and_is_remembered(make_app, name):
    app = make_app(settings=TIPS["on"])
    table_for(app, at(name))
    settle(app)
    assert app.guide.tips.name == name
    b = app.guide.bubble()
    assert b is not None and b.text == t(f"tip.{name}") and not b.modal
    assert name in app.settings["tips_seen"] and name in app.storage.load_settings()["tips_seen"]


def test_a_tip_seen_is_not_shown_again_even_after_a_restart(make_app, tmp_path):
    app = make_app(settings=TIPS["on"])
    table_for(app, at("kitty"))
    settle(app)
    assert app.guide.tips.name == "kitty"
    post_click(app, next(x.rect for x in app.guide.bubble().buttons if x.name == "ok").center)
    settle(app)
    assert app.guide.bubble() is None
    table_for(app, at("kitty"))  # another game at the same moment
    settle(app)
    assert app.guide.tips.name is None
    again = make_app(storage_dir=tmp_path, settings={"tips": True})  # the stored settings say it was seen
    assert again.settings["tips_seen"] == ["kitty"]
    table_for(again, at("kitty"))
    settle(again)
    assert again.guide.tips.name is None


def test_no_more_tips_turns_every_tip_off(make_app):
    app = make_app(settings=TIPS["on"])
    table_for(app, at("kitty"))
    settle(app)
    post_click(app, next(x.rect for x in app.guide.bubble().buttons if x.name == "tips_off").center)
    settle(app)
    assert app.settings["tips"] is False and app.guide.bubble() is None
    table_for(app, at("exchange"))
    settle(app)
    assert app.guide.tips.name is None


def test_tips_turned_off_in_the_settings_never_show(make_app):
    app = make_app(settings={"tips": False, "tips_seen": []})
    table_for(app, at("exchange"))
    settle(app)
    assert app.guide.tips.name is None and app.guide.bubble() is None
    app.push_scene("settings")
    assert any(w.name == "set_tips" for w in app.scene.widgets)  # and the settings can turn them back on


def test_a_tip_stands_in_nobodys_way(make_app):
    app = make_app(settings=TIPS["on"])
    scene = table_for(app, at("kitty"))
    settle(app)
    b = app.guide.bubble()
    card, rect = next((c, r) for c, r in scene.table.hand.visible_parts() if c is not None and not r.colliderect(b.rect()))
    post_click(app, rect.center)  # the first click on the table picks the card, and the tip goes
    settle(app)
    assert card in scene.table.hand.selected
    assert app.guide.bubble() is None


def test_no_tips_during_the_guided_deal(make_app):
    from tools.ui.learn_walk import jump

    app = make_app(settings=TIPS["on"])
    settle(app, 1)
    assert jump(app, "exchange")
    settle(app, 10)
    assert app.guide.tips.name is None and app.settings["tips_seen"] == []


def test_damaged_tip_settings_are_reset_to_their_defaults():
    settings, reset = check_settings({"tips": "yes", "tips_seen": ["exchange", "nonsense"], "learned": 1},
                                     DEFAULT_SETTINGS, SPEEDS, STRENGTHS)
    assert sorted(reset) == ["learned", "tips", "tips_seen"]
    assert settings["tips"] is True and settings["tips_seen"] == [] and settings["learned"] is False
    kept, reset = check_settings({"tips": False, "tips_seen": ["kitty", "exchange"], "learned": True},
                                 DEFAULT_SETTINGS, SPEEDS, STRENGTHS)
    assert not reset and kept["tips_seen"] == ["kitty", "exchange"] and kept["learned"] is True


# --- the hint's reason in words --------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_hint_says_why_in_words(make_app, lang):
    app = make_app(settings={"tips": False, "language": lang})
    match = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and len(m.trick) == 2)
    scene = table_for(app, match)
    hint = scene.table.hint
    assert hint.request()
    for _ in range(3000):
        app.step(dt=1 / 60)
        if hint.current() is not None:
            break
    ev = hint.current()
    assert ev is not None and hint.why is not None
    said = why.sentence(explain(scene.v, ev), [scene.table.seat_name(s) for s in range(3)])
    line = hint.line(ev, 2000)
    assert line.startswith(t("hint.title") + " " + said)
    assert not said.startswith("why.") and "{" not in said
    i18n.set_language("en")


def test_under_a_tip_only_what_changed_is_drawn_again_and_the_frame_is_the_same(make_app):
    """A tip's bubble and veil stay on screen while the table changes under them: the App
    redraws the table only where it changed and the bubble only there (drawn whole each
    frame they cost a whole frame's blending), and the window equals a full redraw."""
    import pygame

    from tests.ui.test_compositor import _difference, _full_redraw

    app = make_app(size=(390, 844), settings=TIPS["on"])
    table_for(app, at("exchange"))
    settle(app, 6)
    assert app.guide.bubble() is not None
    cards = [r for _name, r in app.scene.table.hand.targets()]
    draws = []
    for r in cards[:4]:
        pos = app.to_window(r.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        app.step(dt=1 / 60)
        draws.append(app.painter.last_draw)
        ref = _full_redraw(app)
        app.guide.draw(ref)
        assert _difference(app.window, ref) is None, app.painter.last_draw
    assert "partial" in draws and app.guide.bubble() is not None


def test_a_tips_first_frame_is_made_over_frames_and_shows_only_when_whole(make_app):
    """In the browser a new bubble's text and panel are made a few a frame (a tip's first
    frame, made at once, was a task of ~250 ms with the CPU slowed 4x): the table keeps its
    last picture until the bubble is whole, the table's own layer is not drawn again, and
    the frame shown is the one a single whole drawing makes."""
    import pygame

    from game.ui.draw import gfx

    app = make_app(size=(390, 844), settings={**TIPS["on"], "tips": False})
    table_for(app, at("exchange"))
    settle(app, 6)
    before = pygame.image.tobytes(app.window, "RGB")
    gfx._text_cache.clear()
    gfx._panel_cache.clear()
    app.set_setting("tips", True)
    app.first_frames.prepare_budget_ms = 1e-6  # every pass makes one new picture, then stops
    layer = app.scene.table.compositor.still
    whole_drawings = []
    draw_all = layer.draw_all
    layer.draw_all = lambda *a: (whole_drawings.append(1), draw_all(*a))
    modes = []
    for _ in range(200):
        app.step(events=[], dt=1 / 60)
        modes.append(app.painter.last_draw)
        if app.guide.bubble() is not None and app.painter.last_draw != "preparing":
            break
    assert modes.count("preparing") >= 3 and modes[-1] == "full", modes
    first = modes.index("preparing")
    assert all(m == "preparing" for m in modes[first:-1])  # nothing half made is ever shown
    assert whole_drawings == []  # the table's layer under it was not drawn again
    shown = pygame.image.tobytes(app.window, "RGB")
    whole = pygame.Surface(app.window.get_size())
    app.painter.draw(whole)
    assert shown == pygame.image.tobytes(whole, "RGB") != before
