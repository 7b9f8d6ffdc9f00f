"""Values the App and the scenes share (so neither imports the other for them)."""

LOGICAL = (1280, 720)  # the design size: scenes lay out and take input in these coordinates
MIN_SIZE = (800, 450)

SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}
from ..strengths import OFFERED as STRENGTHS  # the strengths a person may choose
DEFAULT_SETTINGS = {
    "language": None,  # None: detect from the system / browser at first start
    "speed": "normal",
    "sound": True,
    "card_style": "classic",
    "strength": "normal",
    "preset": "standard",
    "options": {},
    "names": None,
    "undo": True,  # issue 9b: the Undo button and key U
    "autoplay": True,  # issue 9b: a forced card is played by itself after a short pause
    "humans": [0],  # issue 9e: the seats people played last time (pass-and-play)
    "picture": "auto",  # issue 13: the browser's render size: auto, sharp (1280x720), smooth
}
