"""What every test starts from: the game's messages in English (the language is one global
setting, and a test that switched it must not change what the next one reads)."""

import pytest

from game import i18n


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")
