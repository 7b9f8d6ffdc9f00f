"""Every character the name rule allows draws with some width in the shipped fonts: the
rule (pure Python, game/engine/names.py) stands for "drawable with the game's font", and
this test keeps it honest.  Every code point of every plane is tried (about 1.1 million
rule checks, then the allowed ones rendered; a few seconds)."""

import pygame

from game.engine.names import drawable
from game.ui.draw import fonts


def test_every_allowed_character_draws_with_width_in_both_fonts():
    pygame.font.init()
    regular, bold = fonts.font(22), fonts.font(22, bold=True)
    allowed = 0
    zero_width = []
    for code in range(0x110000):
        ch = chr(code)
        if not drawable(ch):
            continue
        allowed += 1
        if regular.size(ch)[0] <= 0 or bold.size(ch)[0] <= 0:
            zero_width.append(hex(code))
    assert allowed > 100_000  # the rule is not a narrow whitelist
    assert not zero_width, f"{len(zero_width)} allowed characters draw nothing: {zero_width[:20]}"
    for sample in ("Zoë", "Ана", "e\u0301", "李", "\ufffd", "🂡"):
        assert fonts.render(sample, 22).get_width() > 0


def test_the_characters_that_crashed_the_screens_are_refused():
    for ch in "\u200b\u200d\ufeff\ufe0f\u034f\u17b4\x00":
        assert not drawable(ch)
