"""What every test starts from: the game's messages in English (the language is one global
setting, and a test that switched it must not change what the next one reads), and the
table's shortcut for its steady objects checked in every frame a test draws."""

import os

import pytest

# Before any game module is imported: game/ui/table/steady.py reads it once.
os.environ["G358_CHECK_STEADY"] = "1"

from game import i18n


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")
