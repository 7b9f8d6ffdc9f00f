"""Numbers as a text record writes them: whole numbers without leading zeros, and signed
points (+1 -2 +1); the record's patterns, compiled when first used.  Shared by the
headers and the deal lines."""

from __future__ import annotations

import re


class Pattern:
    """A regular expression compiled when first used.  Why: every finished game is kept as
    a text record, so the formats are imported during play (a module a browser task, on
    frames that draw nothing), and compiling their patterns made those tasks longer on a
    cheap phone while a game that only writes a record never reads one."""

    __slots__ = ("text", "_compiled")

    def __init__(self, text: str):
        self.text, self._compiled = text, None

    def _pattern(self) -> re.Pattern:
        if self._compiled is None:
            self._compiled = re.compile(self.text)
        return self._compiled

    def fullmatch(self, text: str) -> re.Match | None:
        return self._pattern().fullmatch(text)

    def findall(self, text: str) -> list:
        return self._pattern().findall(text)


NUMBER = r"(?:0|[1-9][0-9]*)"
MAX_DIGITS = 6  # a deal, trick or option number; longer ones are refused before int() sees them
SIGNED = Pattern(r"[+-]" + NUMBER)


def signed(values) -> str:
    return " ".join(f"{v:+d}" for v in values)


__all__ = ["NUMBER", "MAX_DIGITS", "SIGNED", "Pattern", "signed"]
