"""Cards in flight are drawn from pictures made on frames that drew nothing:
after the table has had its idle frames, a trick played and gathered makes no new card
or plate picture in the frames that animate it."""

import pygame
import pytest

from game.ui import art
from game.ui.autopilot import Autopilot
from game.ui.draw import gfx
from game.ui.table import layout
from game.ui.table.baked import BakedOnBackground
from game.ui.table.sprites import flight_widths


def _device_width(width) -> int:
    return gfx.dev_rect(pygame.Rect((0, 0), gfx.card_size(width))).w


def _all_made() -> bool:
    from game.engine.cards import FULL_DECK, cards_of

    glowing = _device_width(layout.now().trick_w)
    return all(gfx.has_card_sprite(c, _device_width(w), True, None, False) for w in flight_widths() for c in cards_of(FULL_DECK)) \
        and all(gfx.has_card_sprite(c, glowing, True, art.GOLD, False) for c in cards_of(FULL_DECK))


@pytest.mark.parametrize("size", [(1280, 720), (390, 844), (844, 390)])
def test_tricks_make_no_card_or_plate_picture_in_the_frames_that_draw_them(make_app, monkeypatch, size):
    """Cards played, glowing as the trick's winner so far, gathered to a pile, and the
    winner's plate counting it: all drawn from pictures made on frames that drew nothing
    (a phone's, standing and lying, as well as a desktop's)."""
    app = make_app(size=size, settings={"speed": "normal"})
    gfx._composites.clear()
    app.games.start(seed=4)
    pilot = Autopilot(app, seed=4)
    for _ in range(8000):
        pilot.step()
        if app.scene_name == "play" and _all_made():
            break
    else:
        raise AssertionError("the pictures of the trick's cards were never all made")
    made = []
    real_sprite, real_bake = gfx.card_sprite, BakedOnBackground._picture

    def sprite(card, width, face_up=True, highlight=None, dim=False, shadow=True):
        if not gfx.has_card_sprite(card, width, face_up, highlight, dim, shadow):
            made.append(("card", card, width, face_up, highlight, dim, shadow))
        return real_sprite(card, width, face_up, highlight, dim, shadow)

    def bake(obj, size, key):
        if not obj.baked(size, key):
            made.append(("plate", key))
        return real_bake(obj, size, key)

    monkeypatch.setattr(gfx, "card_sprite", sprite)
    monkeypatch.setattr(BakedOnBackground, "_picture", bake)
    tricks = len(app.scene.v.tricks)
    in_drawn_frames = []
    for _ in range(3000):
        made.clear()
        pilot.step()
        if made and app.painter.last_draw != "skipped":
            in_drawn_frames.extend(made)
        if app.scene_name != "play" or len(app.scene.v.tricks) >= tricks + 3:
            break
    assert len(app.scene.v.tricks) >= tricks + 3
    assert not in_drawn_frames, in_drawn_frames


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
