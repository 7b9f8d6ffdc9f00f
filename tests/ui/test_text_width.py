"""A line's width is measured from the font's metrics, without drawing it: wrapping and
shortening try many lines that are never drawn.  The measure must be the drawn width."""

from __future__ import annotations

import pytest

from game.i18n import LANGUAGES, bg, en, pl, ru
from game.ui.draw import gfx

TABLES = {"en": en, "pl": pl, "ru": ru, "bg": bg}


def _strings(module) -> list[str]:
    out = []
    for value in vars(module).values():
        if isinstance(value, dict):
            out += [v for v in value.values() if isinstance(v, str)]
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_translated_line_measures_as_wide_as_it_is_drawn(make_app, lang):
    make_app()
    lines = [line for s in _strings(TABLES[lang]) for line in s.split("\n")][:600]
    lines += ["A♠ K♥ 10♦ 7♣", "♠", "x♥y", "", " ", "Łódź ♣ Старшина", "…", "two\nlines"]
    assert len(lines) > 100
    for size in (12, 17):
        for bold in (False, True):
            gfx._width_cache.clear()
            measured = [gfx.text_width(s, size, bold) for s in lines]
            drawn = [gfx.text(s, size, gfx.CREAM, bold).get_width() for s in lines]
            assert measured == drawn


def test_measuring_draws_nothing(make_app):
    """Measuring a line leaves no picture of it (a wrapped tip used to draw every prefix)."""
    make_app()
    gfx._width_cache.clear()
    before = len(gfx._text_cache)
    gfx.wrap("A long first-time tip that wraps over several lines " * 4, 16, 200)
    assert len(gfx._text_cache) == before
