"""Stored settings checked value by value: a damaged or out-of-range value is reset to
its default and named, so the App can say so once (and store the repaired settings, so the
next start is quiet).  Unknown keys are dropped silently: they may come from a newer game.
"""

from __future__ import annotations

from .. import i18n
from ..engine.rules import RuleSet
from .games.seats import check_human_seats, valid_names


def _rules_ok(settings: dict) -> bool:
    preset, options = settings.get("preset"), settings.get("options")
    if preset not in RuleSet.PRESETS or not isinstance(options, dict):
        return False
    if not all(key in RuleSet.OPTIONS for key in options):
        return False
    try:
        RuleSet.preset(preset, **options)
    except ValueError:
        return False
    return True


def check_settings(stored: dict, defaults: dict, speeds, strengths) -> tuple[dict, list[str]]:
    """(settings, names of the keys that were reset): the defaults overlaid with every
    stored value that is valid."""
    from .constants import CARD_STYLES, EARLIER_DEFAULTS, REDUCED_MOTION, TRICK_HOLDS, VERBOSITIES
    from .window.picture import BUDGET, PICTURES

    valid = {
        "language": lambda v: v is None or v in i18n.LANGUAGES,
        "speed": lambda v: v in speeds,
        "sound": lambda v: type(v) is bool,
        "card_style": lambda v: v in CARD_STYLES,
        "strength": lambda v: v in strengths,
        "names": lambda v: v is None or valid_names(v),
        "undo": lambda v: type(v) is bool,
        "autoplay": lambda v: type(v) is bool,
        "humans": lambda v: list(check_human_seats(v)) == v,  # sorted, no repeats
        "picture": lambda v: v in PICTURES,
        "picture_auto": lambda v: v is None or v in BUDGET,  # as Picture.kept() reads it
        "page_address": lambda v: v == "" or _page_address_ok(v),
        "trick_hold": lambda v: v in TRICK_HOLDS,
        "learned": lambda v: type(v) is bool,
        "tips": lambda v: type(v) is bool,
        "tips_seen": _tip_names,
        "screen_reader": lambda v: type(v) is bool,
        "verbosity": lambda v: v in VERBOSITIES,
        "reduced_motion": lambda v: v in REDUCED_MOTION,
    }
    settings = dict(defaults)
    if isinstance(stored, dict) and stored:  # not a first start: what an older version had, unless stored
        settings.update({k: v for k, v in EARLIER_DEFAULTS.items() if k in defaults})
    reset: list[str] = []
    for key, value in (stored if isinstance(stored, dict) else {}).items():
        if key not in defaults:
            continue
        check = valid.get(key)
        if check is not None and not _safe(check, value):
            reset.append(key)
            continue
        settings[key] = value
    if ("preset" in stored or "options" in stored) and not _rules_ok(settings):
        reset += [k for k in ("preset", "options") if k in stored]
        settings["preset"], settings["options"] = defaults["preset"], dict(defaults["options"])
    return settings, reset


def _page_address_ok(value) -> bool:
    """A web page's address as the settings keep it (its own normal form); the records'
    module only when one is stored (not at the browser's start)."""
    from ..records.library import page_address

    return isinstance(value, str) and page_address(value) == value


def _tip_names(value) -> bool:
    """A list of known tips, each once."""
    from .coach.tips import TIPS

    return isinstance(value, list) and all(v in TIPS for v in value) and len(set(value)) == len(value)


def _safe(check, value) -> bool:
    try:
        return bool(check(value))
    except Exception:  # unhashable values (a list where a word belongs) are not valid
        return False
