"""The JSON save format: format name and version, checksum, and the checks of each field.

A save is a match as data (``Match.to_dict()``: rules, seed, starting position, every
action) plus a summary and a checksum.  This module knows the format and nothing of
``Match``: it refuses a text or dict that is not a well-formed save, and ``Match.from_dict``
then replays the actions through the rules, so a damaged or edited save is refused instead
of producing a game that could not have happened.
"""

from __future__ import annotations

import json

from .errors import InvalidRules, SaveError
from .rules import RuleSet

FORMAT = "3-5-8 match"
VERSION = 1


def fields(data) -> tuple[RuleSet, int, dict | None, list[str]]:
    """(rules, seed, start, actions) of a match's dict, each checked for its type."""
    if not isinstance(data, dict):
        raise SaveError("not a match record")
    if data.get("format") != FORMAT:
        raise SaveError("not a 3-5-8 match record")
    if data.get("version") != VERSION:
        raise SaveError(f"unsupported save version {data.get('version')!r} (this game reads version {VERSION})")
    try:
        rules = RuleSet.from_dict(data.get("rules"))
    except (InvalidRules, TypeError) as exc:
        raise SaveError(f"the saved rules are invalid: {exc}") from None
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveError("the saved seed is missing or not a number")
    start = data.get("start")
    if start is not None and not isinstance(start, dict):
        raise SaveError("the saved starting position is malformed")
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveError("the saved actions are missing or malformed")
    return rules, seed, start, actions


def checksum(body: dict) -> str:
    """The seal of a saved body: SHA-256 of its canonical JSON (the game's save and the
    storage's both)."""
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return _sha256(canonical.encode()).hexdigest()


_sha256_made = []  # the SHA-256 constructor, once found


def _sha256(data: bytes):
    """SHA-256 from the interpreter's own module: hashlib's import looks for OpenSSL and
    makes every algorithm it knows (in the browser ~60-90 ms of a cheap phone's CPU, one
    task; this one module ~4 ms).  Found at the first seal, not at every one (a failed
    import is looked for again each time)."""
    if not _sha256_made:
        try:
            from _sha2 import sha256  # CPython 3.12 and later, the browser's runtimes among them
        except ImportError:
            from hashlib import sha256
        _sha256_made.append(sha256)
    return _sha256_made[0](data)


def encode(data: dict, summary: dict) -> str:
    """The save text of a match's dict, with its summary and a checksum over both."""
    body = {**data, "summary": summary}
    body["checksum"] = checksum(body)
    return json.dumps(body, indent=1)


def decode(text) -> tuple[dict, dict]:
    """(the match's dict, the summary it claims) from a save's text; SaveError when the text
    is not a save or its checksum does not match."""
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
    sealed = body.pop("checksum", None)
    if sealed != checksum(body):
        raise SaveError("the save file is damaged or was edited (checksum mismatch)")
    summary = body.pop("summary", None)
    return body, summary if isinstance(summary, dict) else {}


__all__ = ["FORMAT", "VERSION", "SaveError", "fields", "encode", "decode"]
