"""Match records and JSON saves.

A save is the record (rules, seed, starting position, every action) plus a checksum and a
summary.  Loading replays every action through the rules, so a damaged or edited file is
rejected with a clear error instead of producing a game that could not have happened.
"""

from __future__ import annotations

import copy
import hashlib
import json

from .actions import IllegalAction
from .cards import InvalidNotation
from .rules import InvalidRules, RuleSet

FORMAT = "3-5-8 match"
VERSION = 1


class SaveError(ValueError):
    """A save file or record that cannot be loaded; the game in memory is untouched."""


def make_record(match) -> dict:
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "start": copy.deepcopy(match._start),
        "actions": [str(a) for a in match.history],
    }


def replay(record) -> "Match":
    from .match import Match

    if not isinstance(record, dict):
        raise SaveError("not a match record")
    if record.get("format") != FORMAT:
        raise SaveError("not a 3-5-8 match record")
    if record.get("version") != VERSION:
        raise SaveError(f"unsupported save version {record.get('version')!r} (this game reads version {VERSION})")
    try:
        rules = RuleSet.from_dict(record.get("rules"))
    except (InvalidRules, TypeError) as exc:
        raise SaveError(f"the saved rules are invalid: {exc}") from None
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveError("the saved seed is missing or not a number")
    start = record.get("start")
    actions = record.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveError("the saved actions are missing or malformed")
    try:
        if start is None:
            match = Match.new(rules, seed=seed)
        elif isinstance(start, dict):
            match = Match.from_position(
                rules, start["hands"], start["kitty"], start["dealer"], start["deal_number"],
                start["totals"], start["used"], start["previous_points"], seed=seed,
            )
        else:
            raise SaveError("the saved starting position is malformed")
    except (KeyError, TypeError, ValueError, OverflowError) as exc:
        if isinstance(exc, SaveError):
            raise
        raise SaveError(f"the saved starting position is invalid: {exc}") from None
    for number, text in enumerate(actions, 1):
        try:
            match.apply(text)
        except (IllegalAction, InvalidNotation) as exc:
            raise SaveError(f"action {number} ({text!r}) is not possible in this game: {exc}") from None
    return match


def _checksum(body: dict) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()


def dumps(match) -> str:
    body = make_record(match)
    body["summary"] = {"deal_number": match.deal_number, "phase": match.phase, "totals": list(match.totals)}
    body["checksum"] = _checksum(body)
    return json.dumps(body, indent=1)


def loads(text) -> "Match":
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("the save file is not text (damaged?)") from None
    if not isinstance(text, str) or not text.strip():
        raise SaveError("the save file is empty")
    try:
        body = json.loads(text)
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError; so is a 5,000-digit number
        raise SaveError("the save file is damaged or truncated (not valid JSON)") from None
    if not isinstance(body, dict):
        raise SaveError("the save file does not hold a match")
    checksum = body.pop("checksum", None)
    if checksum != _checksum(body):
        raise SaveError("the save file is damaged or was edited (checksum mismatch)")
    match = replay(body)
    summary = body.get("summary") or {}
    if summary != {"deal_number": match.deal_number, "phase": match.phase, "totals": list(match.totals)}:
        raise SaveError("the save file's summary does not match its moves")
    return match
