"""Every message example in docs/ONLINE.md is one the other side takes."""

from __future__ import annotations

import json
import pathlib
import re

from game.online.protocol import FROM_GUEST, FROM_HOST, Message, decode

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "ONLINE.md"


def test_every_json_example_decodes_on_the_side_that_receives_it():
    blocks = re.findall(r"```json\n(.*?)\n```", DOC.read_text(), re.S)
    assert len(blocks) >= 20
    kinds = set()
    for block in blocks:
        kind = json.loads(block)["type"]
        kinds.add(kind)
        sides = [side for side, known in ((True, FROM_HOST), (False, FROM_GUEST)) if kind in known]
        results = [decode(block, from_host=side) for side in sides]
        assert any(isinstance(r, Message) for r in results), (block[:60], results)
    assert kinds == set(FROM_HOST) | set(FROM_GUEST)  # every kind has an example
