"""Numbers as a text record writes them: whole numbers without leading zeros, and signed
points (+1 -2 +1).  Shared by the headers and the deal lines."""

from __future__ import annotations

import re

NUMBER = r"(?:0|[1-9][0-9]*)"
MAX_DIGITS = 6  # a deal, trick or option number; longer ones are refused before int() sees them
SIGNED = re.compile(r"[+-]" + NUMBER)


def signed(values) -> str:
    return " ".join(f"{v:+d}" for v in values)


__all__ = ["NUMBER", "MAX_DIGITS", "SIGNED", "signed"]
