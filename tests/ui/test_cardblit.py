"""Cards drawn at one device size wherever they lie, and blitted with their opaque middle
copied: the same pixels as one premultiplied blit of the whole picture."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine.cards import Card, parse_cards
from game.ui import art
from game.ui.draw import cardblit, gfx
from game.ui.table import layout
from game.ui.table.layout import CARD_W, PILE_W, SMALL_W
from game.ui.table.opponents import _column, warm_backs
from game.ui.table.sprites import flight_widths, warm_flights


def _bytes(surf) -> bytes:
    return pygame.image.tobytes(surf, "RGB")


def _within_one_level(a, b) -> bool:
    """Every channel of every pixel of a and b differs by one at most."""
    for x, y in ((a, b), (b, a)):
        over = x.copy()
        over.blit(y, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(x - y, 0)
        over.fill((1, 1, 1), special_flags=pygame.BLEND_RGB_SUB)
        if pygame.mask.from_threshold(over, (0, 0, 0), (1, 1, 1, 255)).count() != x.get_width() * x.get_height():
            return False
    return True


@pytest.fixture
def three_quarters(make_app):
    """An App, drawing at 0.75 (the browser's Smooth picture) for the test."""
    make_app()
    gfx.set_scale(0.75)
    yield
    gfx.set_scale(1.0)


def _until_done(warm) -> None:
    while not warm(50.0):
        pass



def _felts(size) -> tuple:
    """Two surfaces with the felt on: one drawn the fast way, one the plain way."""
    fast, slow = pygame.Surface(size), pygame.Surface(size)
    gfx.blit_felt(fast)
    gfx.blit_felt(slow)
    return fast, slow

def test_a_card_has_one_device_width_wherever_it_lies(three_quarters):
    """At 0.75 a 92-wide card's rounded edges used to make it 68, 69 or 70 pixels wide by
    its position; now it is 69 everywhere (one picture of each card, not three)."""
    widths = {gfx.card_rect(pygame.Rect(x, 100, CARD_W, 132)).w for x in range(0, 16)}
    assert widths == {gfx.px(CARD_W)}
    assert len({gfx.dev_rect(pygame.Rect(x, 100, CARD_W, 132)).w for x in range(0, 16)}) > 1  # what it fixes
    assert gfx.card_rect(pygame.Rect(13, 7, CARD_W, 132)).topleft == gfx.dev_rect(pygame.Rect(13, 7, CARD_W, 132)).topleft


def test_cards_warmed_ahead_are_not_made_again_when_drawn_anywhere(three_quarters):
    """The flight pictures made on idle frames are the ones a card drawn at any position
    uses: drawing them in flight or in the trick makes no new picture."""
    _until_done(warm_flights)
    made = len(gfx._composites)
    surf = pygame.Surface((960, 540))
    rng = random.Random(3)
    for card in parse_cards("AS 10H 7D QC"):
        for width in flight_widths():
            for _ in range(6):
                x, y = rng.uniform(0, 1100), rng.uniform(0, 560)
                cw, ch = gfx.card_size(width)
                gfx.draw_card(surf, card, pygame.Rect(int(x), int(y), cw, ch))
    assert len(gfx._composites) == made


def test_the_opponents_columns_are_made_ahead(three_quarters):
    from game.ui.table import opponents

    _until_done(warm_backs)
    made = dict(opponents._layers)
    small = layout.now().small_w  # the backs' width where they are drawn now
    for n in range(1, 17):
        assert _column(n) is made[("opp", n, small, gfx.card_style())]


def test_a_card_blitted_with_its_middle_copied_equals_one_premultiplied_blit(make_app, monkeypatch):
    """Faces, backs, glows, dimmed cards, with and without shadow, whole and by pieces, under
    a clip, at 1x and 0.75: the pixels are those of one premultiplied blit."""
    make_app()
    monkeypatch.setattr(cardblit, "OPAQUE_MIDDLE", True)
    rng = random.Random(7)
    for scale in (1.0, 0.75):
        gfx.set_scale(scale)
        size = (int(1280 * scale), int(720 * scale))
        fast, slow = _felts(size)
        copied = 0
        for i in range(40):
            card = None if i % 7 == 0 else Card.parse(rng.choice(["AS", "KH", "10D", "7C", "QS", "JD"]))
            look = rng.choice(((None, False), (None, True), (art.GOLD, False), (art.SELECT, False)))
            img, m = gfx.card_sprite(card, gfx.px(rng.choice((CARD_W, SMALL_W, PILE_W))), card is not None, *look, rng.random() < 0.7)
            pos = (rng.randrange(-40, size[0]), rng.randrange(-40, size[1]))
            area = None
            if rng.random() < 0.4:
                area = pygame.Rect(rng.randrange(0, img.get_width()), rng.randrange(0, img.get_height()), rng.randrange(1, 60), rng.randrange(1, 80))
            clip = pygame.Rect(rng.randrange(0, size[0] // 2), rng.randrange(0, size[1] // 2), size[0] // 2, size[1] // 2) if rng.random() < 0.3 else None
            for surf in (fast, slow):
                surf.set_clip(clip)
            cardblit.blit_sprite(fast, img, m, pos, area)
            a = img.get_rect() if area is None else area.clip(img.get_rect())
            slow.blit(img, (pos[0] + a.x, pos[1] + a.y), a, special_flags=pygame.BLEND_PREMULTIPLIED)
            copied += cardblit.sprite_core(img, m) is not None
            for surf in (fast, slow):
                surf.set_clip(None)
        assert _bytes(fast) == _bytes(slow)
        assert copied > 20  # most cards have an opaque middle: the copying path was taken
    gfx.set_scale(1.0)


def test_a_card_scaled_in_flight_blitted_with_its_middle_copied_equals_one_blit(make_app, monkeypatch):
    """A card growing or shrinking in flight: every in-between width, the middle copied
    and the rim blended, pixel for pixel one premultiplied blit of the scaled picture."""
    make_app()
    monkeypatch.setattr(cardblit, "OPAQUE_MIDDLE", True)
    gfx.set_scale(0.75)
    try:
        copied = 0
        for card in (Card.parse("QD"), None):
            img, m = gfx.card_sprite(card, gfx.px(CARD_W), card is not None)
            for width in range(SMALL_W - 30, CARD_W + 1, 3):
                k = width / CARD_W
                size = (max(1, int(img.get_width() * k)), max(1, int(img.get_height() * k)))
                middle = cardblit.scaled_middle(img, m, size)
                scaled = pygame.transform.scale(img, size)
                fast, slow = pygame.Surface((300, 300)), pygame.Surface((300, 300))
                for surf in (fast, slow):
                    gfx.blit_felt(surf)
                cardblit.blit_scaled(fast, scaled, (40, 50), middle)
                slow.blit(scaled, (40, 50), special_flags=pygame.BLEND_PREMULTIPLIED)
                assert _bytes(fast) == _bytes(slow), (card, width)
                copied += middle is not None
        assert copied > 10
    finally:
        gfx.set_scale(1.0)


@pytest.mark.parametrize("scale", [1.0, 1.25])
def test_a_row_of_backs_drawn_as_one_picture_equals_the_backs_drawn_one_by_one(make_app, monkeypatch, scale):
    """On a phone the opponents' backs lie in rows: one picture per count, its opaque
    middle copied, gives the pixels of the backs blended one by one over the table (to
    within one level on the anti-aliased rim: a premultiplied blend rounds differently)."""
    from game.ui.table import opponents

    make_app(size=(390, 844))
    monkeypatch.setattr(cardblit, "OPAQUE_MIDDLE", True)
    gfx.set_scale(scale)
    try:
        lay = layout.now()
        kind, place = lay.backs["left"]
        assert kind == "row"
        size = (gfx.px(390), gfx.px(844))
        copied = 0
        for n in range(1, 17):
            fast, slow = pygame.Surface(size), pygame.Surface(size)
            gfx.blit_felt(fast)
            gfx.blit_felt(slow)
            layer, pos, inset = opponents._row(n, place)
            cardblit.blit_sprite(fast, layer, 0, pos, inset=inset)
            for r in opponents._row_rects(n, n, place):
                gfx.blit(slow, gfx.card_back(gfx.px(r.w)), r.topleft)
            assert _within_one_level(fast, slow), f"{n} backs at {scale}"
            copied += cardblit.sprite_core(layer, 0) is not None
        assert copied == 16  # every row has an opaque middle: the copying path was taken
        opponents._layers.clear()
        cardblit._cores.clear()
        _until_done(warm_backs)  # and the rows are made ahead on idle frames, their opaque middles found
        rows = [opponents._layers.get(("row", n, tuple(place), gfx.scale(), gfx.card_style())) for n in range(1, 21)]  # a declarer's 20 too
        assert all(row is not None and opponents._row(n, place) is row for n, row in enumerate(rows, 1))
        assert all(cardblit.prepared(layer) for layer, _pos, _inset in rows)
    finally:
        gfx.set_scale(1.0)


@pytest.mark.parametrize("scale", [1.0, 0.75])
def test_a_panel_blitted_with_its_middle_copied_equals_one_premultiplied_blit(make_app, monkeypatch, scale):
    """Opaque panels (a coach's bubble, a button) have their middle copied; translucent
    ones are blended whole: either way the pixels of one premultiplied blit."""
    make_app()
    rng = random.Random(11)
    gfx.set_scale(scale)
    try:
        size = (int(1280 * scale), int(720 * scale))
        fast, slow = _felts(size)
        copied = 0
        for _ in range(24):
            rect = pygame.Rect(rng.randrange(-30, 1100), rng.randrange(-30, 600), rng.randrange(60, 460), rng.randrange(44, 320))
            look = {"alpha": rng.choice((235, 248, 255, 255)), "radius": rng.choice((8, 14)), "width": rng.choice((1, 2, 3)),
                    "edge": rng.choice((None, (255, 214, 102)))}
            monkeypatch.setattr(cardblit, "OPAQUE_MIDDLE", False)
            gfx.blit_panel(slow, rect, **look)
            monkeypatch.setattr(cardblit, "OPAQUE_MIDDLE", True)
            gfx.blit_panel(fast, rect, **look)
            img = gfx.cached_panel(gfx.dev_rect(rect).size if scale != 1.0 else rect.size,
                                   **{**look, "radius": gfx.px(look["radius"]), "width": max(1, gfx.px(look["width"]))})
            copied += cardblit.sprite_core(img, gfx.panel_margin()) is not None
        assert _bytes(fast) == _bytes(slow)
        assert copied >= 6  # the opaque ones took the copying path
    finally:
        gfx.set_scale(1.0)
