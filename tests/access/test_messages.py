"""Every word a listener hears exists in the four languages with the same fields."""

import string

from game.i18n import bg, en, pl, ru

TABLES = {"pl": pl.MESSAGES, "ru": ru.MESSAGES, "bg": bg.MESSAGES}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def access_keys(table: dict) -> set[str]:
    return {key for key in table if key.startswith("access.")}


def test_the_access_words_are_there():
    assert len(access_keys(en.MESSAGES)) > 100


def test_every_access_key_is_in_every_language_with_the_same_fields():
    reference = access_keys(en.MESSAGES)
    for lang, table in TABLES.items():
        assert access_keys(table) == reference, lang
        for key in reference:
            assert fields(table[key]) == fields(en.MESSAGES[key]), (lang, key)
            assert table[key].strip(), (lang, key)
