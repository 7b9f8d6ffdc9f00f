"""Wording in the translations, once wrong: NT/MT badges stayed in English letters; role labels
were masculine for any player; Polish "Wł." / "Wył." differed by one letter."""

import pygame
import pytest

from game import i18n
from game.i18n import LANGUAGES

MASCULINE = {"Rozdający", "Rozgrywający", "Сдающий", "Разыгрывающий", "Раздаващ", "Обявяващ"}


def _distance(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


@pytest.fixture
def lang():
    yield i18n.set_language
    i18n.set_language("en")


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_contract_badges_are_translated(make_app, lang, code):
    from game.ui.draw import gfx

    make_app()
    lang("en")
    english = {c: pygame.image.tobytes(gfx.contract_icon(c, 34), "RGBA") for c in ("NT", "MT")}
    lang(code)
    for c in ("NT", "MT"):
        assert i18n.t(f"contract.badge.{c}") != c
        assert pygame.image.tobytes(gfx.contract_icon(c, 34), "RGBA") != english[c]


@pytest.mark.parametrize("code", LANGUAGES)
def test_role_labels_fit_anyone(lang, code):
    lang(code)
    for key in ("table.role.dealer", "table.role.declarer"):
        assert i18n.t(key) not in MASCULINE, f"{code}: {i18n.t(key)}"
    words = i18n.t("table.declarer", name="Anna").replace(":", " ").split()
    assert not set(words) & MASCULINE, f"{code}: {words}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_on_and_off_are_clearly_different_words(lang, code):
    lang(code)
    on, off = i18n.t("common.on"), i18n.t("common.off")
    assert not on.endswith(".") and not off.endswith("."), (on, off)
    assert _distance(on.lower(), off.lower()) >= 2, (on, off)
