"""The hint's panel never fights the table: opaque, its words no smaller than the table's,
never over the hand's cards or the buttons of the step (the contracts, Discard, the coach's
bar), and the outline of the contract it suggests stays clear of its words."""

import pygame
import pytest

from game.ui.draw import gfx
from game.ui.table import layout
from tests.ui.helpers import advance_until, table_for

PHONES = [(390, 844), (360, 640), (844, 390), (1280, 720)]


def _hint_shown(app):
    hint = app.scene.table.hint
    assert hint.request()
    for _ in range(3000):
        app.step(dt=1 / 60)
        if hint.current() is not None:
            app.step(dt=1 / 60)
            return hint
    raise AssertionError("the hint never finished")


def _at(make_app, size, pred):
    app = make_app(size=size, settings={"tips": False})
    table_for(app, advance_until(pred))
    return app


def _buttons(scene):
    return [w.rect for w in scene.widgets if w.visible]


@pytest.mark.parametrize("size", PHONES)
def test_the_declare_hint_leaves_every_contract_button_and_its_outline_clear(make_app, size):
    app = _at(make_app, size, lambda m: m.phase == "declare" and m.to_act == 0 and len(m.legal_actions()) > 1)
    hint = _hint_shown(app)
    bar = hint.bounds()
    assert bar.w > 0 and hint.contract() is not None
    for r in _buttons(app.scene):
        assert not bar.colliderect(r), (tuple(bar), tuple(r))
    outline = app.scene.table.declare_panel.button_rect(hint.contract()).inflate(10, 10)
    assert not bar.colliderect(outline)
    assert all(b.h >= 44 for b in _buttons(app.scene))


@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize("phase", ["discard", "play", "exchange"])
def test_the_hint_is_over_no_card_of_the_hand_and_no_button(make_app, size, phase):
    app = _at(make_app, size, lambda m: m.phase == phase and m.to_act == 0 and len(m.legal_actions()) > 1)
    hint = _hint_shown(app)
    bar = hint.bounds()
    for _card, r in app.scene.table.hand.card_rects():
        assert not bar.colliderect(r), (tuple(bar), tuple(r))
    for r in _buttons(app.scene):
        assert not bar.colliderect(r), (tuple(bar), tuple(r))
    assert layout.now().safe.contains(bar)


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_hint_is_opaque_and_no_smaller_than_the_tables_words(make_app, lang):
    """Drawn over a white screen and over a black one the panel looks the same (nothing
    under it shows through), and its words are at least the size of the table's own
    (the hint's size on the table's list)."""
    app = make_app(size=(390, 844), settings={"tips": False, "language": lang})
    table_for(app, advance_until(lambda m: m.phase == "discard" and m.to_act == 0))
    hint = _hint_shown(app)
    sizes = []
    blit_text = gfx.blit_text

    def spy(surface, text, size, *a, **k):
        sizes.append(size)
        return blit_text(surface, text, size, *a, **k)

    pictures = []
    for under in ((255, 255, 255), (0, 0, 0)):
        surf = pygame.Surface(app.window.get_size())
        surf.fill(under)
        gfx.blit_text = spy
        try:
            hint.draw(surf)
        finally:
            gfx.blit_text = blit_text
        pictures.append(surf.subsurface(gfx.dev_rect(hint.bounds().inflate(-8, -8))).copy())
    assert pygame.image.tobytes(pictures[0], "RGB") == pygame.image.tobytes(pictures[1], "RGB")
    assert sizes and min(sizes) >= layout.now().size("hint"), sizes
