"""The colours of the table, the panels and the text (read as gfx.GOLD, gfx.CREAM, ...)."""

FELT = (22, 92, 60)
FELT_DARK = (10, 52, 34)
FELT_LIGHT = (38, 122, 80)
GOLD = (236, 196, 92)
GOLD_DARK = (160, 120, 40)
CREAM = (246, 240, 224)
WHITE = (255, 255, 255)
INK = (28, 30, 36)
MUTED = (170, 190, 178)
DIM = (110, 130, 120)
RED = (214, 48, 56)
BRIGHT_RED = (255, 110, 110)
PANEL = (14, 40, 30)
PANEL_EDGE = (70, 140, 100)
BUTTON = (40, 110, 78)
BUTTON_HOVER = (58, 140, 100)
BUTTON_PRIMARY = (196, 150, 52)
BUTTON_PRIMARY_HOVER = (222, 178, 72)
BUTTON_DISABLED = (44, 64, 56)
FOCUS = (255, 226, 120)
SHADOW = (0, 0, 0, 90)

SUIT_TEXT = {
    "classic": ((None), (255, 96, 96), (255, 96, 96), (None)),
    "four_colour": ((None), (255, 96, 96), (96, 160, 255), (110, 210, 120)),
}
SUIT_ON_LIGHT = {
    "classic": ((20, 20, 24), (200, 30, 40), (200, 30, 40), (20, 20, 24)),
    "four_colour": ((20, 20, 24), (200, 30, 40), (20, 90, 200), (20, 130, 50)),
}

