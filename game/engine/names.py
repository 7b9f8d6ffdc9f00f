"""The one rule for a player's name, wherever it comes from: the new-game field, the
settings, a saved game, a record, a share code, pass-and-play.

Why a rule of its own: every screen draws names with the game's font, and a name that
draws nothing (a zero-width space, a joiner, a variation selector) or that the font cannot
encode (a lone surrogate) made pygame raise on every frame; controls and bidi overrides
garble a terminal or turn the text around.  So a name is 1 to NAME_MAX characters, each one
the font draws with some width: letters, marks, numbers, punctuation, symbols and the plain
space, but no control, format, surrogate, private-use, unassigned or noncharacter code
point, no line or paragraph separator, no other space, no code point Unicode says to draw as
nothing (Default_Ignorable_Code_Point), and no suit symbol (the UI draws ♠♥♦♣ in a text as
card icons).  tests/ui/test_names_font.py renders every allowed character with the
shipped fonts and checks its width.

Pure Python (the engine's records and share codes use it; no pygame).
"""

from __future__ import annotations

NAME_MAX = 24  # characters of a player's name
LABEL_MAX = 40  # characters of a record's other one-line texts: the date, a strength, a header of its own
UNKNOWN = "?"  # a record's word for a name it does not know

# Default_Ignorable_Code_Point (Unicode DerivedCoreProperties): drawn as nothing at all.
# Most are format characters (refused by category anyway); these ranges add the marks and
# fillers among them (U+034F, U+17B4, variation selectors, Hangul fillers...).
_IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
              (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
              (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
              (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
SUITS = "♠♥♦♣"


def _ignorable(code: int) -> bool:
    return any(low <= code <= high for low, high in _IGNORABLE)


def drawable(ch: str) -> bool:
    """May this one character be part of a name (or of any text a record shows)?"""
    if ch == " ":
        return True
    import unicodedata  # here, not at the start: the browser imports this module before the title

    category = unicodedata.category(ch)
    if category in _REFUSED_CATEGORIES or category == "Zs" or ch in SUITS:
        return False
    return not _ignorable(ord(ch))


def is_label(value, limit: int) -> bool:
    """Text of 1 to `limit` drawable characters, not only spaces."""
    return (isinstance(value, str) and 0 < len(value) <= limit and not value.isspace()
            and all(drawable(ch) for ch in value))


def is_name(value) -> bool:
    """A name every screen can draw: 1 to NAME_MAX drawable characters, not only spaces."""
    return is_label(value, NAME_MAX)


def clean(value, limit: int = NAME_MAX) -> str:
    """The nearest text that keeps the rule: whitespace runs become one space, characters
    that draw nothing are dropped, the rest is cut to `limit`; "" when nothing is left."""
    if not isinstance(value, str):
        return ""
    kept = "".join(ch for ch in " ".join(value.split()) if drawable(ch))
    return " ".join(kept.split())[:limit].rstrip()


def clean_name(value, fallback: str = UNKNOWN) -> str:
    """A name that breaks the rule, replaced: cleaned, or `fallback` if nothing is left."""
    if is_name(value):
        return value
    return clean(value, NAME_MAX) or fallback


def typed(text: str) -> str:
    """What a name field keeps of typed or pasted text: the drawable characters."""
    return "".join(ch for ch in text if drawable(ch))


def safe_text(text: str, limit: int = 300, one_line: bool = True) -> str:
    """Any text (an error that quotes a file name or a pasted value, a line to print) made
    safe to draw or to print: every character that breaks the rule becomes U+FFFD; with
    `one_line` whitespace runs become one space, else spaces are kept as they are."""
    if not isinstance(text, str):
        text = str(text)
    if one_line:
        text = " ".join(text.split())
    out = "".join(ch if drawable(ch) or ch in SUITS else "\ufffd" for ch in text)
    return out if len(out) <= limit else out[: limit - 1] + "…"


__all__ = ["NAME_MAX", "LABEL_MAX", "UNKNOWN", "SUITS", "drawable", "is_label", "is_name", "clean",
           "clean_name", "typed", "safe_text"]
