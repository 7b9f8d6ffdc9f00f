"""Cards in flight are drawn from pictures made on frames that drew nothing:
after the table has had its idle frames, a trick played and gathered makes no new card
picture in the frames that animate it."""

import pygame

from game.ui.autopilot import Autopilot
from game.ui.draw import gfx
from game.ui.table.sprites import flight_looks


def _flight_widths():
    return {gfx.dev_rect(pygame.Rect((0, 0), gfx.card_size(w))).w: shadow for w, shadow in flight_looks()}


def _all_made() -> bool:
    from game.engine.cards import FULL_DECK, cards_of

    return all(gfx.has_card_sprite(c, w, True, None, False, shadow) for w, shadow in _flight_widths().items() for c in cards_of(FULL_DECK))


def test_tricks_make_no_flight_picture_once_the_table_had_idle_frames(make_app, monkeypatch):
    app = make_app(settings={"speed": "normal"})
    gfx._composites.clear()
    app.games.start(seed=4)
    pilot = Autopilot(app, seed=4)
    for _ in range(8000):
        pilot.step()
        if app.scene_name == "play" and _all_made():
            break
    else:
        raise AssertionError("the flight pictures were never all made")
    widths = _flight_widths()
    made = []
    real = gfx.card_sprite

    def spy(card, width, face_up=True, highlight=None, dim=False, shadow=True):
        if not gfx.has_card_sprite(card, width, face_up, highlight, dim, shadow) and app.painter.last_draw != "skipped":
            made.append((card, width, face_up, highlight, dim, shadow))
        return real(card, width, face_up, highlight, dim, shadow)

    monkeypatch.setattr(gfx, "card_sprite", spy)
    tricks = len(app.scene.v.tricks)
    for _ in range(3000):
        pilot.step()
        if app.scene_name != "play" or len(app.scene.v.tricks) >= tricks + 2:
            break
    assert len(app.scene.v.tricks) >= tricks + 2 or app.scene_name != "play"
    flights = [m for m in made if m[1] in widths and m[2] and m[3] is None and not m[4] and m[5] == widths[m[1]]]
    assert not flights, flights


def test_picking_a_discard_needs_no_new_card_picture(make_app):
    """A discard picked is marked with a tick over its plain picture (no glow of its own):
    once the table had its idle frames, picking one makes no card picture in that frame."""
    from .helpers import advance_until, table_for

    app = make_app(settings={"speed": "normal"})
    match = advance_until(lambda m: m.phase == "discard" and m.to_act == 0)
    scene = table_for(app, match)
    for _ in range(400):
        app.step(events=[], dt=1 / 60)
    hand = scene.table.hand
    scene.click_card(next(c for c in hand.cards() if c is not None))
    assert all(gfx.has_card_sprite(card, gfx.card_rect(r).w, face, glow, dim) for card, r, face, glow, dim in hand.looks())
