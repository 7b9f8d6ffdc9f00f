"""What every test starts from: the game's messages in English (the language is one global
setting, and a test that switched it must not change what the next one reads), the
table's shortcut for its steady objects checked in every frame a test draws, and every
scratch folder (a tool's saves, a child interpreter's bytecode) made under pytest's own
temporary folder, which pytest clears, rather than left in the machine's."""

import os
import tempfile

import pytest

# Before any game module is imported: game/ui/table/steady.py reads it once.
os.environ["G358_CHECK_STEADY"] = "1"

from game import i18n


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True, scope="session")
def _scratch_under_pytest(tmp_path_factory):
    scratch = str(tmp_path_factory.mktemp("scratch"))
    before = os.environ.get("TMPDIR"), tempfile.tempdir
    os.environ["TMPDIR"], tempfile.tempdir = scratch, scratch  # children inherit it
    yield
    if before[0] is None:
        os.environ.pop("TMPDIR", None)
    else:
        os.environ["TMPDIR"] = before[0]
    tempfile.tempdir = before[1]
