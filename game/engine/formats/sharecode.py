"""A finished game as a short URL-safe code, for links ending in ``#record=<code>``.

Why not the record text: a full 18-deal record is ~15 kB; a link should stay near 1 kB.
The code holds the headers as compact JSON and one byte per action (the phase fixes the
kind: a card index 0-51, or 52 + the contract's index in S H D C NT MT), zlib-compressed
and base64url-encoded without padding, after a version letter (docs/RECORD.md, "Share
codes").  Decoding replays every action through the rules, so a damaged or edited code is
refused with a `ShareError` (a ValueError) instead of showing a game that never happened;
its ``kind`` says which problem it is (for a message in the player's language).  Values of
the wrong type are refused, never turned into text; a name that breaks the name rule
(game/engine/names.py) is replaced, as the record reader does.

``find_code`` takes a code out of whatever people paste: a link with the sentence's full
stop after it, in brackets or quotes, wrapped over lines, with other parameters, as a query
or percent-encoded, with spaces inside.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib

from .. import save
from ..actions import _DECLARE, Action
from ..cards import CARDS
from ..errors import IllegalAction, InvalidNotation, SaveError
from ..match import Match
from ..names import UNKNOWN, clean_name
from ..phases import PHASE_KIND, Phase
from ..rules import ALL_CONTRACTS, RuleSet
from .record import GameRecord, known_deals, read_record, seedless_match, write_record

VERSION = "A"
MAX_CODE = 20_000  # characters; a 60-deal game codes to well under this
MAX_PAYLOAD = 200_000  # bytes after decompression
DEAL_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"  # a card index 0-51 as one letter


class ShareError(ValueError):
    """A share code that is damaged, truncated or not a game of this version.  ``kind``:
    empty, too_long, version, characters, damaged, header, setup, moves, details (the
    header's values), no_code (a link without one), not_record (neither a record nor a code)."""

    def __init__(self, message: str, kind: str = "damaged"):
        super().__init__(message)
        self.kind = kind


def _byte(action: Action) -> int:
    if action.kind == "declare":
        return 52 + ALL_CONTRACTS.index(action.contract)
    return action.card.index


def encode(record: GameRecord) -> str:
    """The share code of a record (any game, finished or not; a seedless record's code has
    no seed either, and carries its deals' cards)."""
    match = record.match
    head = {"p": match.rules.preset_name, "o": match.rules.to_dict(), "s": match.seed, "d": record.date,
            "n": list(record.names), "t": list(record.strengths), "h": record.hints, "u": record.undos}
    if record.seedless:
        head["s"] = None
        head["st"] = {k: v for k, v in match.start.items() if k not in ("hands", "kitty", "later")}
        head["k"] = [_deal_letters(d) for d in known_deals(match)]
    elif match.start is not None:
        head["st"] = match.start
    if record.extra:
        head["x"] = record.extra
    payload = json.dumps(head, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"
    payload += bytes(_byte(a) for a in match.history)
    packed = zlib.compress(payload, 9)
    return VERSION + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def decode(code) -> GameRecord:
    """The record behind a share code (a whole ``#record=...`` fragment is accepted too)."""
    if not isinstance(code, str):
        raise ShareError("a share code is text", "not_record")
    code = code.strip()
    if code.startswith("#"):
        code = code[1:]
    if code.startswith("record="):
        code = code[len("record="):]
    if not code:
        raise ShareError("the share code is empty", "empty")
    if len(code) > MAX_CODE:
        raise ShareError("the share code is too long to be a game", "too_long")
    if code[0] != VERSION:
        raise ShareError(f"this share code is not one this game reads (version {code[0]!r}, expected {VERSION!r})",
                         "version")
    body = code[1:]
    if not re.fullmatch(r"[A-Za-z0-9_-]*", body):
        raise ShareError("the share code has characters a code never has (damaged or cut short?)", "characters")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        if base64.urlsafe_b64encode(packed).decode().rstrip("=") != body:  # stray bits in the last character
            raise ShareError("the share code is damaged or cut short")
        inflater = zlib.decompressobj()
        payload = inflater.decompress(packed, MAX_PAYLOAD)
        if inflater.unconsumed_tail or not inflater.eof or inflater.unused_data:
            raise ShareError("the share code is damaged or cut short")
    except (binascii.Error, ValueError, zlib.error) as exc:
        if isinstance(exc, ShareError):
            raise
        raise ShareError("the share code is damaged or cut short") from None
    head_bytes, newline, moves = payload.partition(b"\n")
    if not newline:
        raise ShareError("the share code is damaged (no game header)", "header")
    try:
        head = json.loads(head_bytes.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ShareError("the share code is damaged (unreadable game header)", "header") from None
    if not isinstance(head, dict):
        raise ShareError("the share code is damaged (unreadable game header)", "header")
    return _rebuild(head, moves)


def _deal_letters(deal) -> str:
    return "".join(DEAL_LETTERS[c.index] for cards in (*deal.hands, deal.kitty) for c in cards)


def _dealt(letters) -> tuple:
    """(hands, kitty) of a deal written as 52 letters (hand 0, 1, 2, then the kitty)."""
    if not isinstance(letters, str) or len(letters) != 52 or not set(letters) <= set(DEAL_LETTERS):
        raise ValueError("a deal is 52 letters")
    cards = [CARDS[DEAL_LETTERS.index(x)] for x in letters]
    return (cards[:16], cards[16:32], cards[32:48]), cards[48:]


def _seedless(head: dict) -> bool:
    return head.get("s") is None and "k" in head


def _setup(head: dict) -> Match:
    """The match before its first move: from the seed, or (no seed) from the deals' cards."""
    if _seedless(head):
        start, deals = head.get("st"), head.get("k")
        if not isinstance(start, dict) or not isinstance(deals, list):
            raise TypeError("a code without a seed has a start and its deals")
        rules = RuleSet.from_dict(head.get("o"))
        return seedless_match(rules, [_dealt(d) for d in deals], start["dealer"], start["deal_number"], start["totals"],
                              start["used"], start["previous_points"])
    record = {"format": save.FORMAT, "version": save.VERSION, "rules": head.get("o"), "seed": head.get("s"),
              "start": head.get("st"), "actions": []}
    return Match.from_dict(record)


def _rebuild(head: dict, moves: bytes) -> GameRecord:
    try:
        match = _setup(head)
    except SaveError as exc:
        raise ShareError(f"the share code's game cannot be set up: {exc}", "setup") from None
    except (TypeError, ValueError, KeyError, OverflowError, RecursionError):  # values of the wrong type
        raise ShareError("the share code's game cannot be set up", "setup") from None
    for number, b in enumerate(moves, 1):
        phase = match.phase
        if phase == Phase.GAME_OVER:
            raise ShareError(f"the share code has moves after the end of the game (move {number})", "moves")
        try:
            if phase == Phase.DECLARE:
                if not 52 <= b < 52 + len(ALL_CONTRACTS):
                    raise IllegalAction("a contract was expected")
                action = _DECLARE[ALL_CONTRACTS[b - 52]]
            else:
                if b >= 52:
                    raise IllegalAction("a card was expected")
                action = Action(PHASE_KIND[phase], CARDS[b])
            match.apply(action)
        except (IllegalAction, InvalidNotation) as exc:
            raise ShareError(f"move {number} of the share code is not possible: {exc}", "moves") from None
    if head.get("p") != match.rules.preset_name:
        raise ShareError("the share code is damaged (its preset does not match its rules)", "details")
    try:
        names = _three(head.get("n"), "names")
        kept = tuple(clean_name(" ".join(n.split()), UNKNOWN) for n in names)  # the record reader's rule
        text = write_record(match, names=kept, strengths=_three(head.get("t"), "strengths"),
                            date=_typed(head.get("d", "?"), str, "the date"), hints=_count(head.get("h", 0), "hints"),
                            undos=_count(head.get("u", 0), "undos"), extra=_extra(head.get("x")),
                            seedless=_seedless(head))
        record = read_record(text)
    except (ValueError, TypeError) as exc:  # RecordError is a ValueError
        raise ShareError(f"the share code's game details are invalid: {exc}", "details") from None
    record.renamed = tuple(seat for seat in range(3) if kept[seat] != " ".join(names[seat].split()))
    return record


def _typed(value, kind, what: str):
    if type(value) is not kind:
        raise ValueError(f"{what} must be {kind.__name__}, not {type(value).__name__}")
    return value


def _count(value, what: str) -> int:
    return _typed(value, int, what)  # type() is int: a bool or a float is refused


def _three(value, what: str) -> tuple:
    if not isinstance(value, list) or len(value) != 3 or not all(isinstance(v, str) for v in value):
        raise ValueError(f"the {what} are not three texts")
    return tuple(value)


def _extra(value) -> dict | None:
    if value is None:
        return None
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise ValueError("extra headers are not name: text pairs")
    return value


# --- what people paste --------------------------------------------------------------------
_IN_LINK = re.compile(r"(?:^|[#?&;/!])record=([A-Za-z0-9_-]+)")
_BARE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{15,}")
_WRAPPERS = "<>\"'`“”„‟«»‹›‘’‚()[]{}.,;:!?。、*~"


def find_code(text) -> str | None:
    """The share code in pasted text, or None: a bare code, or any link or fragment with
    ``record=CODE`` in it, as people paste them (see the module's docstring)."""
    if not isinstance(text, str) or len(text) > 4 * MAX_CODE:
        return None
    lines = [line.lstrip("> \t") for line in text.splitlines()]  # a mail's "> " (and "> > ") quoting too
    joined = "".join("".join(lines).split())  # wrapped over lines, spaces inside: one word
    if "%" in joined:
        from urllib.parse import unquote  # only here: its import is slow in the browser

        joined = unquote(joined)
    joined = joined.replace("&amp;", "&")
    found = _IN_LINK.search(joined)
    if found:
        return found.group(1)
    bare = re.split(r"[&?#]", joined.lstrip(_WRAPPERS), maxsplit=1)[0].strip(_WRAPPERS)  # a code&lang=pl too
    return bare if _BARE.fullmatch(bare) else None


__all__ = ["encode", "decode", "find_code", "ShareError", "VERSION"]
