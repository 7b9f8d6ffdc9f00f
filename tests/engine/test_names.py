"""The one name rule (game/engine/names.py): what a name may hold, what replacing keeps."""

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.names import LABEL_MAX, NAME_MAX, clean, clean_name, drawable, is_label, is_name, safe_text, typed


@pytest.mark.parametrize("name", ["Ann", "Zoë", "Ана", "Bożena Ż.", "李小龍", "O'Neil", "Ω-7", "e\u0301", "?",
                                  "x" * NAME_MAX, "🂡 Ace"])
def test_names_people_write_are_names(name):
    assert is_name(name) and clean_name(name) == name


@pytest.mark.parametrize("name", ["", "   ", "x" * (NAME_MAX + 1), "a\x00", "a\tb", "a\x7f", "a\x9b", "a\u200b",
                                  "\u200d", "\ufeff", "\ufe0f", "\u034f", "\u17b4", "A\u202eB", "a\u2066", "a\ud800",
                                  "a\uffff", "a\ufdd0", "a\ue000", "a\U000f0000", "a\u2028b", "a\xa0b", "♠Ace",
                                  "\u3164", "a\U000e0001", None, 7, ["a"]])
def test_what_is_not_a_name(name):
    assert not is_name(name)


def test_replacing_keeps_what_can_be_drawn():
    assert clean_name("Ann\u200b") == "Ann"
    assert clean_name("A\u202eB\u202c") == "AB"
    assert clean_name("  Ann \t  Lee ") == "  Ann \t  Lee ".strip().replace(" \t  ", " ")
    assert clean_name("x" * 30) == "x" * NAME_MAX
    assert clean_name("\u200b\u200d") == "?" and clean_name("", "Player 2") == "Player 2"
    assert clean_name(["a"]) == "?" and clean_name("a\ud800b") == "ab"
    assert clean("x" * 50 + " y", LABEL_MAX) == "x" * LABEL_MAX


def test_typing_keeps_drawable_characters_and_shown_text_is_safe():
    assert typed("Zo\ufe0fë\u200b♠") == "Zoë"
    assert safe_text("a\x1b[2Jb\ud800\n c") == "a\ufffd[2Jb\ufffd c"
    assert len(safe_text("x" * 1000, 50)) == 50


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(codec=None), max_size=60))
def test_a_replaced_name_always_keeps_the_rule(text):
    name = clean_name(text)
    assert is_name(name) and name.encode("utf-8")
    assert is_label(clean(text, LABEL_MAX) or "?", LABEL_MAX)
    assert all(drawable(ch) for ch in typed(text))
    assert all(unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in name)
