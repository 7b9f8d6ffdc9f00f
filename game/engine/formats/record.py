"""Game records as text, in the spirit of chess PGN (the format is docs/RECORD.md).

Why text: a person can read a record, mail it, paste it into the game or edit it by hand
(a hand-built deal), and it outlives the JSON save format.  Reading replays every action
through the rules, so a record that could not have happened is refused with a
`RecordError` naming its line; nothing in a record is trusted that the rules can check
(deal headers, trick winners, deal points, result and totals are all checked).
"""

from __future__ import annotations

import re

from ..cards import format_cards, shown
from ..deal import shuffled_deal
from ..errors import InvalidNotation, InvalidRules, RecordError
from ..history import replayed
from ..match import Match
from ..names import LABEL_MAX, NAME_MAX, UNKNOWN, clean_name, is_label, is_name
from ..position import SEED_LIMIT, dealt_cards
from ..rules import RuleSet, parse_contract
from ..values import field, value_type
from .deal_lines import DEAL, DEALT_HAND, DEALT_KITTY, replay_lines
from .notation import MAX_DIGITS, NUMBER, SIGNED, Pattern, signed

GAME = "3-5-8"
FORMAT = "1"
MAX_TEXT = 1_000_000  # a record of 60 deals is about 60 kB; anything far larger is not one
MAX_LABEL = LABEL_MAX  # the date, a strength, a header of the record's own (names: NAME_MAX)
HEADER_NAME = Pattern(r"[A-Za-z][A-Za-z0-9]{0,30}")  # what the writer writes and the reader reads
NO_SEED = "?"  # the Seed header of a record without one (a game in progress)
SEEDLESS_SEED = 0  # what deals the deal after a seedless record's last one: nothing of the game's


@value_type
class GameRecord:
    """A match with what the text adds: names, strengths, date, hints and undos used."""

    match: Match
    names: tuple[str, str, str] = ("?", "?", "?")
    strengths: tuple[str, str, str] = ("?", "?", "?")
    date: str = "?"
    hints: int = 0
    undos: int = 0
    extra: dict = field(default_factory=dict)  # headers this version does not interpret, kept
    renamed: tuple = ()  # seats whose name broke the name rule and was replaced when read
    seedless: bool = False  # no seed: each deal's lines give its cards (a game in progress, game_so_far)

    def to_text(self) -> str:
        return write_record(self.match, names=self.names, strengths=self.strengths, date=self.date,
                            hints=self.hints, undos=self.undos, extra=self.extra, seedless=self.seedless)

    def __eq__(self, other) -> bool:
        if not isinstance(other, GameRecord):
            return NotImplemented
        return self.to_text() == other.to_text() and self.match.to_json() == other.match.to_json()


# --- writing ---------------------------------------------------------------------------
def _label(value, name: str, limit: int = MAX_LABEL) -> str:
    """One line of text the game can draw (game/engine/names.py), whitespace runs as one space."""
    if not isinstance(value, str):
        raise ValueError(f"{name} must be text, not {type(value).__name__}")
    text = " ".join(value.split())
    if not is_label(text, limit):
        raise ValueError(f"{name} must be 1 to {limit} printable characters, not {shown(value)}")
    return text


def _name(value) -> str:
    text = _label(value, "a name", NAME_MAX)
    if not is_name(text):
        raise ValueError(f"a name must be 1 to {NAME_MAX} printable characters, not {shown(value)}")
    return text


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _options(rules: RuleSet) -> str:
    return " ".join(f"{k}={_yes(getattr(rules, k))}" for k in RuleSet.OPTIONS)


def _yes(value) -> str:
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


def write_record(match, names=("?", "?", "?"), strengths=("?", "?", "?"), date: str = "?",
                 hints: int = 0, undos: int = 0, extra: dict | None = None, seedless: bool = False) -> str:
    """The text of a record: headers, then every deal with every action in engine notation.
    `seedless`: no seed, and each deal's dealt cards written as lines that are read back
    (the match must start from a position: game_so_far makes one)."""
    if not isinstance(names, (list, tuple)) or not isinstance(strengths, (list, tuple)):
        raise ValueError("a record names three seats (a list or tuple of names)")
    names, strengths = tuple(names), tuple(strengths)
    if len(names) != 3 or len(strengths) != 3:
        raise ValueError("a record names three seats")
    names = tuple(_name(n) for n in names)
    strengths = tuple(_label(s, "a strength") for s in strengths)
    for value, name in ((hints, "hints"), (undos, "undos")):
        if type(value) is not int or value < 0:
            raise ValueError(f"{name} must be a whole number from 0, not {shown(value)}")
    winner = match.winner()
    start = match.start
    if seedless and start is None:
        raise ValueError("a record without a seed starts from a position (game_so_far makes one)")
    headers = [("Game", GAME), ("Format", FORMAT), ("Preset", match.rules.preset_name),
               ("Options", _options(match.rules)), ("Seed", NO_SEED if seedless else str(match.seed)),
               ("Date", _label(date, "the date"))]
    headers += [(f"Name{s}", names[s]) for s in range(3)]
    headers += [(f"Strength{s}", strengths[s]) for s in range(3)]
    if start is not None:
        headers += [("StartDeal", str(start["deal_number"] + 1)), ("StartDealer", str(start["dealer"])),
                    ("StartTotals", signed(start["totals"])), ("StartPrevious", signed(start["previous_points"])),
                    ("StartUsed", " / ".join(" ".join(u) or "-" for u in start["used"]))]
        if not seedless:  # without a seed, each deal's own lines give its cards
            headers += [("StartHands", " / ".join(" ".join(h) for h in start["hands"])),
                        ("StartKitty", " ".join(start["kitty"]))]
    headers += [("Hints", str(hints)), ("Undos", str(undos)),
                ("Result", "*" if winner is None else str(winner)), ("Totals", signed(match.totals))]
    if extra is not None and not isinstance(extra, dict):
        raise ValueError("extra headers are a dict of name: text")
    for key, value in (extra or {}).items():
        if not isinstance(key, str) or not HEADER_NAME.fullmatch(key) or key in _KNOWN:
            raise ValueError(f"extra header {shown(key)} is not allowed (1 to 31 letters and digits)")
        headers.append((key, _label(value, key)))
    lines = [f"[{k} {_quote(v)}]" for k, v in headers]
    lines += _body(match, "" if seedless else "; ")
    return "\n".join(lines) + "\n"


def _body(match, dealt_prefix: str = "; ") -> list[str]:
    m = replayed(match, 0)
    lines: list[str] = []
    pending: list[str] = []  # the current line's pieces (same seat and kind, or one trick)

    def flush():
        if pending:
            lines.append(pending[0] + ", ".join(pending[1:]) if pending[0].startswith("trick") else " ".join(pending))
            pending.clear()

    deal_seen = -1
    for action in match.history:
        if m.deal_number != deal_seen:
            flush()
            deal_seen = m.deal_number
            lines += ["", *_deal_header(m, dealt_prefix)]
        seat = m.to_act
        if action.kind == "play":
            if not m.trick:
                flush()
                pending.append(f"trick {len(m.current.tricks) + 1}: ")
            pending.append(f"{seat} {action.card}")
        else:
            arg = action.contract if action.kind == "declare" else str(action.card)
            head = f"{seat} {action.kind}"
            if not pending or pending[0] != head or action.kind == "declare":
                flush()
                pending.append(head)
            pending.append(arg)
        deals_before = len(m.deals)
        m.apply(action)
        if action.kind == "play" and not m.trick:
            pending[-1] += f" -> {m.deals[-1].tricks[-1].winner if len(m.deals) > deals_before else m.current.tricks[-1].winner}"
            flush()
        if len(m.deals) > deals_before:
            flush()
            lines.append(f"points: {signed(m.deals[-1].points)}")
    flush()
    return lines


def _deal_header(m, dealt_prefix: str) -> list[str]:
    """The deal line, then the dealt cards: comments for a reader where the seed deals them,
    lines that are read back where there is no seed."""
    deal = m.current
    out = [f"deal {deal.number + 1}: dealer {deal.dealer}, declarer {deal.declarer}"]
    out += [f"{dealt_prefix}hand {s}: {format_cards(deal.hands[s])}" for s in range(3)]
    out.append(f"{dealt_prefix}kitty: {format_cards(deal.kitty)}")
    return out


# --- a game in progress ------------------------------------------------------------------
def game_so_far(match) -> Match:
    """The finished deals of `match` as a match of their own, each deal rebuilt from its
    dealt cards rather than from the seed: what a record of a game that is not over may
    hold.  The seed would give away the deal in progress and every deal to come, so it is
    left out, and so is the deal in progress (its cards are hidden at the table).  The new
    match deals what would come next from SEEDLESS_SEED, which says nothing of the game.
    Write it with ``seedless=True``."""
    done = match.deals
    start = match.start or {"deal_number": 0, "dealer": (done[0] if done else match.current).dealer,
                            "totals": (0, 0, 0), "used": ((), (), ()), "previous_points": (0, 0, 0)}
    so_far = seedless_match(match.rules, [(d.hands, d.kitty) for d in done], start["dealer"], start["deal_number"],
                            start["totals"], start["used"], start["previous_points"])
    for action in match.history:
        if len(so_far.deals) == len(done):
            break
        so_far.apply(action)
    return so_far


def seedless_match(rules, dealt, dealer, deal_number=0, totals=(0, 0, 0), used=((), (), ()),
                   previous_points=(0, 0, 0)) -> Match:
    """A match whose deals are `dealt` ((hands, kitty) each, from the starting deal on), and
    after them SEEDLESS_SEED's; with none given, the starting deal is SEEDLESS_SEED's too
    (a record of a game whose first deal is not over shows no cards)."""
    hands, kitty = dealt[0] if dealt else shuffled_deal(SEEDLESS_SEED, 0, 0)
    return Match.from_position(rules, hands, kitty, dealer, deal_number, totals, used, previous_points,
                               seed=SEEDLESS_SEED, later=list(dealt[1:]))


def known_deals(match) -> list:
    """The deals of `match` that have an action (the finished ones and the current one if
    it has begun): the deals whose cards a seedless record gives."""
    deal = match.current
    begun = deal.contract is not None or bool(deal.exchange)
    return [*match.deals, *([deal] if begun else [])]


# --- reading ---------------------------------------------------------------------------
_HEADER = Pattern(r'\[([A-Za-z][A-Za-z0-9]*) "((?:[^"\\]|\\["\\])*)"\]')
_KNOWN = {"Game", "Format", "Preset", "Options", "Seed", "Date", "Name0", "Name1", "Name2", "Strength0",
          "Strength1", "Strength2", "StartDeal", "StartDealer", "StartTotals", "StartPrevious", "StartUsed",
          "StartHands", "StartKitty", "Hints", "Undos", "Result", "Totals"}


def read_record(text) -> GameRecord:
    """Parse and replay a record; raises RecordError (a ValueError) naming the bad line."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(0, "the record is not UTF-8 text", "not_utf8") from None
    if not isinstance(text, str):
        raise RecordError(0, "a record is text", "not_text")
    if len(text) > MAX_TEXT:
        raise RecordError(0, f"the record is too long ({len(text)} characters) to be a game", "too_long")
    if not text.strip():
        raise RecordError(0, "the record is empty", "empty")
    lines = text.lstrip("\ufeff").splitlines()
    headers, where, body_start = {}, {}, len(lines)
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        if not line.startswith("["):
            body_start = number - 1
            break
        got = _HEADER.fullmatch(line)
        if not got:
            raise RecordError(number, 'a header line is [Name "value"]')
        key, value = got.group(1), re.sub(r"\\(.)", r"\1", got.group(2))
        if not HEADER_NAME.fullmatch(key):
            raise RecordError(number, f"a header's name is 1 to 31 letters and digits, not {shown(key)}")
        if key in headers:
            raise RecordError(number, f"header {key} appears twice")
        headers[key], where[key] = value, number
    record = _start(headers, where, lines, body_start)
    replay_lines(record.match, lines, body_start)
    _check_result(record.match, headers, where)
    return record


def _need(headers, where, key):
    if key not in headers:
        raise RecordError(min(where.values(), default=1), f"the headers lack [{key} \"...\"]")
    return headers[key], where[key]


def _start(headers, where, lines=(), body_start: int = 0) -> GameRecord:
    game, line = _need(headers, where, "Game")
    if game != GAME:
        raise RecordError(line, f"not a {GAME} record (Game is {shown(game)})")
    fmt, line = _need(headers, where, "Format")
    if fmt != FORMAT:
        raise RecordError(line, f"record format {shown(fmt)} is not one this game reads ({FORMAT})")
    preset, line = _need(headers, where, "Preset")
    if preset not in RuleSet.PRESETS:
        raise RecordError(line, f"unknown rule preset {shown(preset)}: standard, blato or classic")
    options = {}
    if "Options" in headers:
        line = where["Options"]
        for item in headers["Options"].split():
            key, eq, value = item.partition("=")
            if not eq or key not in RuleSet.OPTIONS or key in options:
                raise RecordError(line, f"bad option {shown(item)} (write name=value: {', '.join(RuleSet.OPTIONS)})")
            if re.fullmatch(NUMBER, value) and len(value) > MAX_DIGITS:
                raise RecordError(line, f"option {key} is far too large a number")
            options[key] = {"yes": True, "no": False}.get(value, int(value) if re.fullmatch(NUMBER, value) else value)
    try:
        rules = RuleSet.preset(preset, **options)
    except InvalidRules as exc:
        raise RecordError(line, f"the rules cannot be played: {exc}") from None
    seed_text, line = _need(headers, where, "Seed")
    seedless = seed_text == NO_SEED
    if not seedless and (not re.fullmatch(NUMBER, seed_text) or len(seed_text) > 20 or int(seed_text) >= SEED_LIMIT):
        raise RecordError(line, f"the seed must be a whole number from 0 to {SEED_LIMIT - 1} (or {NO_SEED}), "
                                f"not {shown(seed_text)}")
    try:
        if seedless:
            match = _seedless(rules, headers, where, lines, body_start)
        elif "StartHands" in headers:
            match = _position(rules, int(seed_text), headers, where)
        else:
            match = Match.new(rules, seed=int(seed_text))
    except (ValueError, InvalidNotation) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(where.get("StartHands", line), f"the starting position is invalid: {exc}") from None
    info = {}
    for key in ("Date", *(f"Strength{s}" for s in range(3))):
        value = headers.get(key, "?")
        try:
            info[key] = _label(value, key)
        except ValueError as exc:
            raise RecordError(where.get(key, 0), str(exc)) from None
    renamed = []
    for seat in range(3):  # a name that breaks the rule is replaced, not refused: the game is what counts
        value = " ".join(headers.get(f"Name{seat}", UNKNOWN).split())
        info[f"Name{seat}"] = clean_name(value, UNKNOWN)
        if info[f"Name{seat}"] != value:
            renamed.append(seat)
    counts = {}
    for key in ("Hints", "Undos"):
        value = headers.get(key, "0")
        if not re.fullmatch(NUMBER, value) or len(value) > 9:
            raise RecordError(where.get(key, 0), f"{key} must be a whole number, not {shown(value)}")
        counts[key] = int(value)
    extra = {k: v for k, v in headers.items() if k not in _KNOWN}
    for k, v in extra.items():
        try:
            _label(v, k)
        except ValueError as exc:
            raise RecordError(where[k], str(exc)) from None
    return GameRecord(match, tuple(info[f"Name{s}"] for s in range(3)), tuple(info[f"Strength{s}"] for s in range(3)),
                      info["Date"], counts["Hints"], counts["Undos"], extra, tuple(renamed), seedless)


def _seedless(rules, headers, where, lines, body_start):
    """A record without a seed: each deal's cards from its own lines (read ahead of the
    actions, which then replay through the rules like any record's)."""
    for key in ("StartHands", "StartKitty"):
        if key in headers:
            raise RecordError(where[key], f"a record without a seed gives each deal's cards after its deal line, not in {key}")
    dealt, first_dealer = [], None
    for number, deal_line, hands, kitty in _dealt_blocks(lines, body_start):
        missing = [f"hand {s}" for s in range(3) if hands[s] is None] + (["kitty"] if kitty is None else [])
        if missing:
            raise RecordError(number, f"a record without a seed lists each deal's cards after its deal line: {', '.join(missing)} missing")
        try:
            dealt.append(dealt_cards(hands, kitty))
        except ValueError as exc:
            raise RecordError(number, f"the cards of this deal are not a deal: {exc}") from None
        if first_dealer is None:
            first_dealer = int(deal_line.group(2))
    return _position(rules, SEEDLESS_SEED, headers, where, dealt, 0 if first_dealer is None else first_dealer)


def _dealt_blocks(lines, body_start):
    """(line number, deal line match, three hands, kitty) of each deal, the cards as written
    (None where a line is missing); a hand or kitty line outside a deal is refused."""
    blocks = []
    for number in range(body_start + 1, len(lines) + 1):
        line = " ".join(lines[number - 1].split())
        got = DEAL.fullmatch(line)
        if got:
            blocks.append([number, got, [None, None, None], None])
            continue
        hand, kitty = DEALT_HAND.fullmatch(line), DEALT_KITTY.fullmatch(line)
        if (hand or kitty) and not blocks:
            raise RecordError(number, "a deal's cards come after its deal line")
        if hand:
            blocks[-1][2][int(hand.group(1))] = hand.group(2)
        elif kitty:
            blocks[-1][3] = kitty.group(1)
    return blocks


def _position(rules, seed, headers, where, dealt=None, dealer=0):
    """The starting position of the headers (StartHands...), or with `dealt` (a seedless
    record's deals) a seedless match starting at StartDeal (default 1) with those deals."""

    def seats(key, parse, default):
        if key not in headers:
            return default
        parts = [p.strip() for p in headers[key].split("/")]
        if len(parts) != 3:
            raise RecordError(where[key], f"{key} lists three seats, separated by /")
        return [parse(p, where[key]) for p in parts]

    def signed(text, line):
        parts = text.split()
        if len(parts) != 3 or not all(SIGNED.fullmatch(p) and len(p) <= MAX_DIGITS + 1 for p in parts):
            raise RecordError(line, f"expected three signed numbers such as +1 -2 +1, not {shown(text)}")
        return tuple(int(p) for p in parts)

    def number(key, default):
        value = headers.get(key)
        if value is None:
            return default
        if not re.fullmatch(NUMBER, value) or len(value) > 3:
            raise RecordError(where[key], f"{key} must be a whole number, not {shown(value)}")
        return int(value)

    hands = seats("StartHands", lambda p, line: p.split(), None) if dealt is None else None
    used = seats("StartUsed", lambda p, line: () if p == "-" else tuple(parse_contract(c) for c in p.split()),
                 ((), (), ()))
    totals = signed(headers["StartTotals"], where["StartTotals"]) if "StartTotals" in headers else (0, 0, 0)
    previous = signed(headers["StartPrevious"], where["StartPrevious"]) if "StartPrevious" in headers else (0, 0, 0)
    deal = number("StartDeal", 1)
    if deal < 1:
        raise RecordError(where["StartDeal"], "StartDeal counts from 1")
    if dealt is not None:
        return seedless_match(rules, dealt, number("StartDealer", dealer), deal - 1, totals, used, previous)
    return Match.from_position(rules, hands, headers.get("StartKitty", "").split(), number("StartDealer", 0),
                               deal - 1, totals, used, previous, seed=seed)


def _check_result(match, headers, where) -> None:
    """Result and Totals are required: they catch a record cut short or edited."""
    result, line = _need(headers, where, "Result")
    winner = match.winner()
    want = "*" if winner is None else str(winner)
    if result != want:
        raise RecordError(line, f"the moves give result {want!r}, the header says {shown(result)}")
    totals, line = _need(headers, where, "Totals")
    if signed(match.totals) != totals:
        raise RecordError(line, f"the moves give totals {signed(match.totals)}, the header says {shown(totals)}")


__all__ = ["GameRecord", "RecordError", "read_record", "write_record", "game_so_far", "seedless_match", "known_deals",
           "HEADER_NAME", "NO_SEED"]
