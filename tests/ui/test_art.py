"""Card art: every card in both styles renders at several sizes, distinct, suits drawn."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.engine.cards import CARDS, Card
from game.ui import art
from game.ui.constants import CARD_STYLES


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def _bytes(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


@pytest.mark.parametrize("style", CARD_STYLES)
@pytest.mark.parametrize("width", [36, 72, 130])
def test_every_card_renders_distinct(style, width):
    ca = art.CardArt(style)
    size = art.card_size(width)
    seen = {}
    for card in CARDS:
        surf = ca.face(card, size)
        assert surf.get_size() == size
        assert surf.get_flags() & pygame.SRCALPHA
        data = _bytes(surf)
        assert data not in seen, f"{card} looks like {seen.get(data)}"
        seen[data] = card
    back = ca.back(size)
    assert back.get_size() == size
    assert _bytes(back) not in seen


def test_cache_and_int_size():
    ca = art.CardArt()
    c = Card.parse("QH")
    assert ca.face(c, 80) is ca.face(c, (80, 112))
    assert ca.face(c, (80, 112)).get_size() == (80, 112)


def test_styles_differ_only_where_expected():
    classic, four = art.CardArt("classic"), art.CardArt("four_colour")
    for text, same in (("AS", True), ("7H", True), ("7D", False), ("KC", False)):
        c = Card.parse(text)
        assert (_bytes(classic.face(c, 60)) == _bytes(four.face(c, 60))) is same, text


def test_suit_colours():
    assert art.suit_colour(1, "classic") == art.suit_colour(2, "classic")
    assert len({art.suit_colour(s, "four_colour") for s in range(4)}) == 4


def test_corners_are_transparent_and_centre_opaque():
    surf = art.CardArt().face(Card.parse("5C"), (90, 126))
    assert surf.get_at((0, 0)).a == 0
    assert surf.get_at((45, 63)).a == 255


def test_suits_drawn_without_fonts(monkeypatch):
    """Suit shapes never go through a font: break every font and draw them anyway."""

    def boom(*a, **k):
        raise AssertionError("font used for a suit")

    monkeypatch.setattr(pygame.font, "Font", boom)
    monkeypatch.setattr(art.fonts, "font", boom)
    target = pygame.Surface((200, 50), pygame.SRCALPHA)
    for suit in range(4):
        r = art.draw_suit(target, suit, pygame.Rect(suit * 50, 0, 40, 40), (200, 0, 0))
        assert r.w == 40
        icon = art.suit_surface(suit, 33, (10, 10, 10))
        assert icon.get_at((16, 16)).a > 200  # the middle of every suit shape is inked
    # pip cards' suits are drawn too (the rank uses a font: fonts were broken only after)
    for s in range(4):
        assert art.contract_icon("SHDC"[s], 24).get_size() == (24, 24)


def test_suit_shapes_differ():
    icons = [_bytes(art.suit_surface(s, 40, (0, 0, 0))) for s in range(4)]
    assert len(set(icons)) == 4


def test_helpers():
    screen = pygame.Surface((300, 300), pygame.SRCALPHA)
    rect = pygame.Rect(50, 50, 80, 112)
    art.draw_shadow(screen, rect)
    art.draw_highlight(screen, rect)
    art.draw_highlight(screen, rect, art.SELECT)
    art.draw_dim(screen, rect)
    m = art.glow_margin(rect.size)
    assert art.highlight(rect.size).get_size() == (80 + 2 * m, 112 + 2 * m)
    assert art.dim(rect.size).get_size() == rect.size
    for c in ("S", "H", "D", "C", "NT", "MT"):
        icon = art.contract_icon(c, 28)
        assert icon.get_height() == 28
    assert art.badge("NT", 20).get_width() >= 20
    assert art.contract_icon("NT", 28) is not art.contract_icon("MT", 28)


def test_prewarm_spreads_work():
    ca = art.CardArt("four_colour")
    rounds = 0
    while not ca.prewarm(77, budget_ms=0.5):
        rounds += 1
        assert rounds < 500
    assert all((c.suit, c.rank, 77, 108, "four_colour") in ca._faces for c in CARDS)
    assert ca.prewarm(77)


def test_style_aliases():
    assert art.CardArt("four_color").style == "four_colour"
    assert art.CardArt("nonsense").style == "classic"
