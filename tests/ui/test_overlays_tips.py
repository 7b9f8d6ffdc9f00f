"""The coach's bubbles never fight the table: a tip stops the game's clock until it is
read (no pass, play or animation runs under it), keeps one place for its life, is as wide
as a phone, keeps its buttons' words whole, and goes when its phase ends; the tips due at
one moment come one after another; the hand keeps room for a card passing through it."""

import pygame
import pytest

from game.ui.autopilot import post_click
from game.ui.draw import gfx
from game.ui.window import screen
from tests.ui.helpers import advance_until, table_for

TIPS_ON = {"tips": True, "tips_seen": [], "speed": "normal"}


def _receiving_exchange(m) -> bool:
    """The exchange of a deal where the human receives, the others passing first."""
    return (m.phase == "exchange" and len(m.current.exchange) == 0 and m.to_act != 0
            and any(receiver == 0 for _giver, receiver in m.current.exchange_plan))


def _frames(app, n):
    for _ in range(n):
        app.step(dt=1 / 60)


def _tip_up(app, name, limit=240):
    for _ in range(limit):
        app.step(dt=1 / 60)
        if app.guide.tips.name == name and app.guide.bubble() is not None:
            return app.guide.bubble()
    raise AssertionError(f"the {name} tip never showed")


def _press(app, button):
    b = app.guide.bubble()
    post_click(app, next(x.rect for x in b.buttons if x.name == button).center)
    app.step(dt=1 / 60)


@pytest.mark.parametrize("size", [(390, 844), (360, 640)])
def test_the_exchange_waits_under_its_tip_and_the_tip_stays_put(make_app, size):
    app = make_app(size=size, settings=TIPS_ON)
    scene = table_for(app, advance_until(_receiving_exchange))
    match = scene.session.match
    b = _tip_up(app, "exchange")
    moves, place, hand = len(match.history), b.rect().copy(), list(scene.table.hand.cards())
    for _ in range(30):  # 3 s: at the normal speed the passes took ~1 s each
        _frames(app, 6)
        assert app.guide.bubble() is b and b.rect() == place
        assert len(match.history) == moves and not scene.table.timeline.busy
        assert scene.table.hand.cards() == hand
    _press(app, "ok")
    _frames(app, 240)
    assert len(match.history) > moves  # read: the exchange goes on


def test_a_tip_goes_when_its_phase_ends_and_the_tip_due_then_follows(make_app):
    """The exchange tip never stays into the kitty phase beside "Pick 4 cards to discard"."""
    app = make_app(size=(390, 844), settings={**TIPS_ON, "speed": "instant"})
    m = advance_until(lambda m: _receiving_exchange(m) and m.declarer == 0)
    scene = table_for(app, m)
    _tip_up(app, "exchange")
    while m.phase == "exchange":  # the exchange ends (another device, an undo): not through this table
        m.apply(m.legal_actions()[0])
    scene.table.sync()
    _frames(app, 10)
    assert m.phase == "discard" and app.guide.tips.name == "kitty"


def test_tips_due_at_one_moment_come_one_after_the_other(make_app):
    app = make_app(size=(390, 844), settings={**TIPS_ON, "speed": "instant"})
    table_for(app, advance_until(lambda m: m.phase == "discard" and m.to_act == 0 and m.contract == "MT"))
    _tip_up(app, "kitty")
    _press(app, "ok")
    b = _tip_up(app, "minimum", limit=5)
    assert app.scene.v.phase == "discard" and b is not None


def _giving_exchange(m) -> bool:
    """The exchange of a deal where the human gives, and passes first."""
    return m.phase == "exchange" and len(m.current.exchange) == 0 and m.to_act == 0


@pytest.mark.parametrize("size", [(390, 844), (360, 640)])
@pytest.mark.parametrize("gives", [False, True])
def test_the_hand_keeps_room_for_a_card_passing_through_it(make_app, size, gives):
    """16 -> 17 -> 16 cards (or 16 -> 15 -> 16): neither the rows nor the plate above them move."""
    app = make_app(size=size, settings={"tips": False, "speed": "normal"})
    scene = table_for(app, advance_until(_giving_exchange if gives else _receiving_exchange))
    if gives:
        post_click(app, dict(scene.targets())[f"card:{sorted(scene.legal_cards())[0]}"].center)
    table = scene.table
    plate = next(p for p in table.plates if p.seat == table.human)
    tops, plates, counts, firsts = set(), set(), set(), set()
    for _ in range(400):
        app.step(dt=1 / 60)
        if table.v.phase != "exchange":
            break
        counts.add(len(table.hand.cards()))
        tops.add(table.hand.top())
        plates.add(tuple(plate.bounds()))
        rects = [r for _c, r in table.hand.card_rects()]
        firsts.add(sum(1 for r in rects if r.top == min(q.top for q in rects)))  # the cards a row holds
    assert (15 if gives else 17) in counts, counts
    assert len(tops) == 1 and len(plates) == 1 and len(firsts) == 1, (tops, plates, firsts)


# --- a bubble on a phone ------------------------------------------------------------------
def _labels_whole(b) -> bool:
    return all(gfx.text_width(x.text(), 17, True) + 12 <= x.rect.w for x in b.buttons)


@pytest.mark.parametrize("size", [(390, 844), (360, 640)])
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_a_tip_on_a_phone_is_as_wide_as_the_screen_and_its_buttons_say_their_words(make_app, size, lang):
    app = make_app(size=size, settings={**TIPS_ON, "language": lang})
    scene = table_for(app, advance_until(_receiving_exchange))
    b = _tip_up(app, "exchange")
    r = b.rect()
    assert r.w == screen.safe().w - 16 and screen.safe().contains(r)
    assert _labels_whole(b), [(x.text(), x.rect.w) for x in b.buttons]
    assert all(r.contains(x.rect) for x in b.buttons)
    assert not r.colliderect(scene.table.exchange_panel.bounds())  # what it talks about shows
    visible = [vis for c, vis in scene.table.hand.visible_parts() if c is not None]
    assert sum(1 for vis in visible if not r.colliderect(vis)) >= len(visible) // 2  # most of the hand shows


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_lessons_exchange_step_on_a_small_phone_is_whole_width_beside_the_panels_text(make_app, lang):
    from tools.ui.learn_walk import jump

    app = make_app(size=(360, 640), settings={"language": lang, "speed": "fast"})
    _frames(app, 1)
    assert jump(app, "exchange")
    _frames(app, 3)
    b = app.guide.bubble()
    table = app.guide.lesson.table
    r = b.rect()
    assert r.w == screen.safe().w - 16 and _labels_whole(b)
    assert not r.colliderect(table.exchange_panel.bounds())
    assert not any(r.colliderect(m) for m in b.marks)  # the card to pass shows


def test_buttons_too_wide_for_one_row_go_one_under_the_other():
    from game.ui.coach.bubble import Bubble

    before = screen.current()
    screen.set_current(screen.shape_for(360, 640))
    try:
        b = Bubble("Title", "Some words.", [("a", "A rather long label here", False), ("b", "Another long label", True)], [])
        r = b.rect()
        first, second = b.buttons[0].rect, b.buttons[1].rect
        assert r.contains(first) and r.contains(second) and not first.colliderect(second)
        assert _labels_whole(b)
    finally:
        screen.set_current(before)
    assert isinstance(r, pygame.Rect)
