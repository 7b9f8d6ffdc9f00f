"""The table asks its steady objects (plates, hand, trick, bars...) for their keys only when
its inputs changed: while cards fly or a computer thinks they are not asked at all, and no
key of theirs ever changes while the inputs stay the same, whatever the player does
(taps anywhere, pointer moves, keys, the phone turned).  Every test runs with the check on
(tests/conftest.py): a key that changed unseen raises SteadyKeyMissed in the frame it did."""

import random

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ui.autopilot import Autopilot, post_click, post_key
from game.ui.table import steady
from game.ui.table.steady import SteadyKeyMissed
from tests.ui.helpers import advance_until, table_for

KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END, pygame.K_SPACE,
        pygame.K_RETURN, pygame.K_TAB, pygame.K_h, pygame.K_l, pygame.K_t, pygame.K_ESCAPE)
SHAPES = ((390, 844), (844, 390), (1280, 720))


def _asked(table) -> dict:
    """Count how often each steady object of the table is asked for its key."""
    counts = {}
    objects = (table.topbar, table.badge, *table.plates, table.opponents, table.piles, table.trick, table.hand, table.prompt)
    for i, obj in enumerate(objects):
        name = f"{type(obj).__name__} {i}"

        def counted(_key=obj.state_key, _name=name):
            counts[_name] = counts.get(_name, 0) + 1
            return _key()
        obj.state_key = counted
    return counts


def test_the_check_is_on_for_every_test():
    assert steady.CHECK


def test_cards_in_flight_do_not_ask_the_steady_objects(make_app, monkeypatch):
    monkeypatch.setattr(steady, "CHECK", False)  # the check asks them all every frame
    app = make_app(size=(390, 844), settings={"speed": "normal"})
    m = advance_until(lambda m: m.phase == "play" and m.to_act == 0 and not m.trick and len(m.hand(0)) > 3)
    scene = table_for(app, m)
    for _ in range(40):  # the computer players' first thoughts, the first frames
        app.step(events=[], dt=1 / 60)
    table = scene.table
    card = next(iter(table.legal_cards()))
    post_click(app, dict(scene.targets())[f"card:{card}"].center)
    app.step(dt=1 / 60)  # the card leaves the hand: the inputs changed
    assert table.board.sprites, "the card must be in flight"
    counts = _asked(table)
    flying = 0
    while table.board.sprites and flying < 60:
        app.step(dt=1 / 60)
        flying += 1
    assert 5 <= flying < steady.FULL_KEYS_EVERY, flying
    # asked in the frame the card lands, and in the one full asking the table makes anyway
    assert max(counts.values(), default=0) <= 2, counts


def test_a_key_that_reads_what_the_inputs_leave_out_is_caught(make_app, monkeypatch):
    """The check can fail: a plate whose key reads a counter of its own is named."""
    app = make_app(size=(390, 844), settings={"speed": "normal"})
    scene = table_for(app, advance_until(lambda m: m.phase == "play" and m.to_act == 1))
    plate = scene.table.plates[2]
    ticks = iter(range(10**6))
    monkeypatch.setattr(plate, "state_key", lambda: next(ticks))
    with pytest.raises(SteadyKeyMissed, match="Plate"):
        for _ in range(20):
            app.step(events=[], dt=1 / 60)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), shape=st.sampled_from(SHAPES), noise=st.floats(0.02, 0.3))
def test_no_steady_key_changes_unseen_whatever_the_player_does(make_app, seed, shape, noise):
    """A game played through the real scenes with taps anywhere, pointer moves and keys
    among the autopilot's moves, the window turned now and then: the check raises if a
    steady key changed with the inputs the same; the shortcut must have been taken."""
    app = make_app(size=shape, settings={"speed": "fast"})
    app.games.start(seed=seed % 1000)
    pilot = Autopilot(app, seed=seed)
    rng = random.Random(seed)
    asked, tables = set(), 0
    for _ in range(700):
        if rng.random() < noise:
            roll = rng.random()
            w, h = app.shape.size
            pos = (rng.randrange(w), rng.randrange(h))
            if roll < 0.4:
                wx, wy = app.to_window(pos)
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(wx, wy), rel=(0, 0), buttons=(0, 0, 0)))
            elif roll < 0.7:
                post_click(app, pos)
            elif roll < 0.97:
                post_key(rng.choice(KEYS))
            else:
                size = rng.choice(SHAPES)
                app.step(events=[pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], dt=1 / 60)
        pilot.decide()
        app.step(dt=1 / 60)
        keys = getattr(getattr(app.scene, "table", None), "steady", None)
        if keys is not None and keys.asked_at is not None:
            tables += 1
            asked.add((id(keys), keys.asked_at))  # the frames in which they were all asked
    assert tables > 100 and len(asked) < tables / 2, (len(asked), tables)
