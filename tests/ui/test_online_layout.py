"""The online screens keep the layout's floors on the smallest phones, upright and lying
(tools/ui/layout_check.py; the other sizes and languages: python -m tools.ui.layout_check)."""

from __future__ import annotations

import pytest

from tools.online.scenes import SCENES
from tools.ui import layout_check


@pytest.mark.parametrize("size", [(360, 640), (640, 360)])
def test_the_online_screens_have_no_breach_on_the_smallest_phones(size):
    assert layout_check.run(sizes=[size], langs=["ru"], scenes=SCENES) == {}
