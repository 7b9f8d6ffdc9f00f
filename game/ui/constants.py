"""Values the App and the scenes share (so neither imports the other for them)."""

LOGICAL = (1280, 720)  # the landscape reference design (game/ui/window/screen.py: the logical size follows the window)
MIN_SIZE = {"landscape": (640, 360), "portrait": (360, 640)}  # the native window, by its shape

SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}
# how long a finished trick stays on the table before it is collected, in seconds whatever
# the animation speed (None: until the player taps or presses a key)
TRICK_HOLDS = {"short": 0.35, "normal": 0.9, "long": 2.0, "tap": None}
# what a settings file written before a setting existed had (an older version's default):
# a player who comes back keeps the pace they knew, a first start takes the default
EARLIER_DEFAULTS = {"trick_hold": "normal"}
from ..strengths import OFFERED as STRENGTHS  # noqa: F401  (the strengths a person may choose: the App and the settings read them here)

DEFAULT_SETTINGS = {
    "language": None,  # None: detect from the system / browser at first start
    "speed": "normal",
    "sound": True,
    "card_style": "classic",
    "strength": "normal",
    "preset": "standard",
    "options": {},
    "names": None,
    "undo": True,  # the Undo button and key U
    "autoplay": True,  # a forced card is played by itself after a short pause
    "humans": [0],  # the seats people played last time (pass-and-play)
    "picture": "auto",  # the browser's render size: auto, sharp (1280x720), smooth
    "picture_auto": None,  # Auto's choice on this device (sharp, smooth): a later start opens at it, untimed
    "page_address": "",  # the web page native share links open; "": the build's (game/records/published.py)
    "trick_hold": "tap",  # how long a finished trick stays (TRICK_HOLDS): a new player's until a tap
    "learned": False,  # the guided deal was seen (played through or skipped)
    "tips": True,  # short tips the first time something happens in a game
    "tips_seen": [],  # the tips shown already (game/ui/coach/tips.py TIPS), each shown once
    "screen_reader": False,  # every move said to a screen reader (game/ui/access/); launch parameter a11y: this session
    "verbosity": "brief",  # what the screen reader hears: brief, or full (the trick before your turn, tricks after each)
    "reduced_motion": "auto",  # no flying cards or confetti: on, off, auto (the browser's prefers-reduced-motion)
}
VERBOSITIES = ("brief", "full")
CARD_STYLES = ("classic", "four_colour")  # the card art's styles (game/ui/art): the setting checked without loading the art
REDUCED_MOTION = ("auto", "on", "off")
