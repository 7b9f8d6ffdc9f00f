"""Translations: every language has exactly English's keys, the same {fields}, and text
that our font can draw."""

from __future__ import annotations

import importlib
import string

import pytest

from game.i18n import LANGUAGES
from game.i18n.en import MESSAGES as EN

OTHERS = [code for code in LANGUAGES if code != "en"]


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _table(code: str) -> dict[str, str]:
    return importlib.import_module(f"game.i18n.{code}").MESSAGES


@pytest.mark.parametrize("code", OTHERS)
def test_same_keys_as_english(code):
    table = _table(code)
    missing = sorted(set(EN) - set(table))
    extra = sorted(set(table) - set(EN))
    assert not missing, f"{code} lacks {missing}"
    assert not extra, f"{code} has keys English does not: {extra}"


@pytest.mark.parametrize("code", OTHERS)
def test_same_placeholders(code):
    table = _table(code)
    for key, text in EN.items():
        if key in table:
            assert _fields(table[key]) == _fields(text), f"{code}:{key}"
            assert isinstance(table[key], str) and table[key].strip(), f"{code}:{key} empty"


@pytest.mark.parametrize("code", OTHERS)
def test_formats_with_dummy_fields(code):
    for _key, text in _table(code).items():
        fields = {name: "X" for name in _fields(text)}
        text.format(**fields)


def test_font_covers_every_character():
    """The shipped font subset has a glyph for every character in every language."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.ui.draw import fonts

    pygame.font.init()
    f = fonts.font(16)
    chars = set()
    for code in LANGUAGES:
        for text in _table(code).values():
            chars.update(text)
    chars -= {"\n"}
    missing = sorted(c for c in chars if f.metrics(c)[0] is None)
    assert not missing, f"font lacks {missing!r}"
