"""The engine's values as JSON and back: cards, actions, rules, `View`, `Event`.

Why strict: a guest decodes what the host's device sends and the host what a guest's
device sends, and either may be faulty or hostile.  Every decoder checks the type and
range of every field and the exact set of keys, and raises `Bad` (a ValueError) with a
short reason; the protocol module turns that into a refusal, so nothing half-built ever
reaches the game and nothing raises into the frame loop.  Encoding then decoding gives
back an equal value (the tests check every view of whole seeded matches).

Below all of that, the JSON itself (`read_json`, `write_json`): what one device writes,
every device reads back as it was.  So the reader refuses what no writer here makes and
what could not be written again: objects and lists nested over `MAX_DEPTH` (found before
parsing: Python's parser and writer recurse, and a message nested ~1000 deep would be
read and then fail, deep in the relay, to be written), a lone surrogate (an escaped
"\\ud800" is no character: no link carries it as UTF-8), and a number no float holds
(NaN, Infinity, 1e999).  The writer refuses the same and escapes everything else to ASCII.
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate

from game.engine import ALL_CONTRACTS, Action, Card, Event, ExchangeStep, Phase, RuleSet, Trick, View
from game.engine.cards import shown
from game.engine.values import field_names

PHASES = tuple(str(p) for p in Phase)
MAX_DEALS = 60  # RuleSet allows 3..60 deals
MAX_TOTAL = 13 * MAX_DEALS  # a deal scores -13..13
MAX_PASSES = 40  # exchange passes in one deal (at most 13 + 13 by the rules)
MAX_LIST = 64  # any other list in a view or an event


class Bad(ValueError):
    """A value that is not what the protocol allows here; the message says what and where."""


# --- small checkers -----------------------------------------------------------------------
def whole(value, low: int, high: int, what: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise Bad(f"{what} must be a whole number from {low} to {high}, not {shown(value)}")
    return value


def seat(value, what: str = "seat") -> int:
    return whole(value, 0, 2, what)


def maybe(value, check, *args):
    return None if value is None else check(value, *args)


def flag(value, what: str) -> bool:
    if type(value) is not bool:
        raise Bad(f"{what} must be true or false, not {shown(value)}")
    return value


def items(value, most: int, what: str) -> list:
    if type(value) is not list or len(value) > most:
        raise Bad(f"{what} must be a list of at most {most} items, not {shown(value)}")
    return value


def three(value, check, what: str, *args) -> tuple:
    if type(value) is not list or len(value) != 3:
        raise Bad(f"{what} must list three seats, not {shown(value)}")
    return tuple(check(v, *args) for v in value)


def fields(value, keys: tuple, what: str) -> dict:
    """`value` is an object with exactly these keys (no more, no fewer)."""
    if type(value) is not dict:
        raise Bad(f"{what} must be an object, not {shown(value)}")
    if set(value) != set(keys):
        extra = sorted(set(value) - set(keys), key=str)
        missing = sorted(set(keys) - set(value))
        raise Bad(f"{what}: unknown field {shown(extra[0])}" if extra else f"{what}: missing field {missing[0]!r}")
    return value


def text(value, most: int, what: str) -> str:
    if type(value) is not str or len(value) > most:
        raise Bad(f"{what} must be text of at most {most} characters, not {shown(value)}")
    return value


# --- cards, actions, rules ----------------------------------------------------------------
def card(value, what: str = "card") -> Card:
    """Only the canonical text ("TH", never "10H" or "th"): one value, one spelling."""
    if type(value) is not str or len(value) != 2:
        raise Bad(f"{what} must be a card such as 'AS' or 'TH', not {shown(value)}")
    try:
        c = Card.parse(value)
    except ValueError:
        raise Bad(f"{what} must be a card such as 'AS' or 'TH', not {shown(value)}") from None
    if str(c) != value:
        raise Bad(f"{what} must be written {str(c)!r}, not {shown(value)}")
    return c


def cards(value, most: int, what: str = "cards") -> tuple[Card, ...]:
    out = tuple(card(v, what) for v in items(value, most, what))
    if len(set(out)) != len(out):
        raise Bad(f"{what} name a card twice")
    return out


def card_text(c: Card | None):
    return None if c is None else str(c)


def action(value, what: str = "action") -> Action:
    if type(value) is not str or len(value) > 12:
        raise Bad(f"{what} must be an action such as 'play AS', not {shown(value)}")
    try:
        a = Action.parse(value)
    except ValueError:
        raise Bad(f"{what} must be an action such as 'play AS' or 'declare NT', not {shown(value)}") from None
    if str(a) != value:
        raise Bad(f"{what} must be written {str(a)!r}, not {shown(value)}")
    return a


def contract(value, what: str = "contract") -> str:
    if value not in ALL_CONTRACTS or type(value) is not str:
        raise Bad(f"{what} must be one of {', '.join(ALL_CONTRACTS)}, not {shown(value)}")
    return value


RULE_FIELDS = ("preset_name",) + RuleSet.OPTIONS


def rules_to_json(rules: RuleSet) -> dict:
    return rules.to_dict()


def rules_from_json(value) -> RuleSet:
    data = fields(value, RULE_FIELDS, "rules")
    try:
        rules = RuleSet.from_dict(data)
    except (ValueError, TypeError, AttributeError) as exc:
        raise Bad(f"rules: {exc}") from None
    if rules.to_dict() != data:  # e.g. " Standard " read as "standard": one spelling only
        raise Bad("rules must be written exactly as the game writes them")
    return rules


# --- View ---------------------------------------------------------------------------------
VIEW_FIELDS = field_names(View)


def view_to_json(v: View) -> dict:
    return {
        "seat": v.seat, "rules": rules_to_json(v.rules), "phase": str(v.phase), "to_act": v.to_act,
        "deal_number": v.deal_number, "deals_total": v.deals_total, "dealer": v.dealer,
        "declarer": v.declarer, "contract": v.contract, "trump": v.trump,
        "hand": [str(c) for c in v.hand], "hand_mask": v.hand_mask, "hand_sizes": list(v.hand_sizes),
        "kitty": None if v.kitty is None else [str(c) for c in v.kitty],
        "discards": None if v.discards is None else [str(c) for c in v.discards],
        "trick": [[s, str(c)] for s, c in v.trick], "leader": v.leader,
        "tricks": [[t.leader, [str(c) for c in t.cards], t.winner] for t in v.tricks],
        "tricks_taken": list(v.tricks_taken), "targets": list(v.targets), "totals": list(v.totals),
        "previous_points": list(v.previous_points), "used": [list(u) for u in v.used],
        "exchange_plan": [[g, r] for g, r in v.exchange_plan],
        "exchange": [[s.giver, s.receiver, card_text(s.given), card_text(s.returned)] for s in v.exchange],
        "played_mask": v.played_mask, "legal": [str(a) for a in v.legal],
    }


def _trick(value) -> Trick:
    if type(value) is not list or len(value) != 3:
        raise Bad(f"a finished trick must be [leader, cards, winner], not {shown(value)}")
    leader, played, winner = value
    played = cards(played, 3, "a finished trick's cards")
    if len(played) != 3:
        raise Bad("a finished trick has three cards")
    return Trick(seat(leader, "a trick's leader"), played, seat(winner, "a trick's winner"))


def _played(value) -> tuple[int, Card]:
    if type(value) is not list or len(value) != 2:
        raise Bad(f"a card on the table must be [seat, card], not {shown(value)}")
    return seat(value[0], "the seat of a card on the table"), card(value[1], "a card on the table")


def _pass(value) -> tuple[int, int]:
    if type(value) is not list or len(value) != 2:
        raise Bad(f"a planned pass must be [giver, receiver], not {shown(value)}")
    return seat(value[0], "a giver"), seat(value[1], "a receiver")


def _step(value) -> ExchangeStep:
    if type(value) is not list or len(value) != 4:
        raise Bad(f"an exchange step must be [giver, receiver, given, returned], not {shown(value)}")
    g, r = _pass(value[:2])
    return ExchangeStep(g, r, maybe(value[2], card, "a card given"), maybe(value[3], card, "a card returned"))


def view_from_json(value) -> View:
    d = fields(value, VIEW_FIELDS, "view")
    rules = rules_from_json(d["rules"])
    phase = d["phase"]
    if phase not in PHASES or type(phase) is not str:
        raise Bad(f"phase must be one of {', '.join(PHASES)}, not {shown(phase)}")
    hand = cards(d["hand"], 20, "hand")
    hand_mask = whole(d["hand_mask"], 0, (1 << 52) - 1, "hand_mask")
    if hand_mask != sum(c.mask for c in hand):
        raise Bad("hand_mask does not match the hand")
    return View(
        seat=seat(d["seat"]), rules=rules, phase=Phase(phase), to_act=maybe(d["to_act"], seat, "to_act"),
        deal_number=whole(d["deal_number"], 0, rules.deals - 1, "deal_number"),
        deals_total=whole(d["deals_total"], rules.deals, rules.deals, "deals_total"),
        dealer=seat(d["dealer"], "dealer"), declarer=seat(d["declarer"], "declarer"),
        contract=maybe(d["contract"], contract), trump=whole(d["trump"], -1, 3, "trump"),
        hand=hand, hand_mask=hand_mask, hand_sizes=three(d["hand_sizes"], whole, "hand_sizes", 0, 20, "a hand size"),
        kitty=maybe(d["kitty"], cards, 4, "kitty"), discards=maybe(d["discards"], cards, 4, "discards"),
        trick=tuple(_played(p) for p in items(d["trick"], 3, "trick")), leader=seat(d["leader"], "leader"),
        tricks=tuple(_trick(t) for t in items(d["tricks"], 16, "tricks")),
        tricks_taken=three(d["tricks_taken"], whole, "tricks_taken", 0, 16, "tricks taken"),
        targets=three(d["targets"], whole, "targets", 0, 16, "a target"),
        totals=three(d["totals"], whole, "totals", -MAX_TOTAL, MAX_TOTAL, "a total"),
        previous_points=three(d["previous_points"], whole, "previous_points", -13, 13, "previous points"),
        used=three(d["used"], lambda u: tuple(contract(c, "a used contract") for c in items(u, MAX_DEALS, "used")), "used"),
        exchange_plan=tuple(_pass(p) for p in items(d["exchange_plan"], MAX_PASSES, "exchange_plan")),
        exchange=tuple(_step(s) for s in items(d["exchange"], MAX_PASSES, "exchange")),
        played_mask=whole(d["played_mask"], 0, (1 << 52) - 1, "played_mask"),
        legal=tuple(action(a, "a legal action") for a in items(d["legal"], 52, "legal")),
    )


# --- Event --------------------------------------------------------------------------------
# What each kind of event carries (engine/match.py, engine/exchange.py): whether it names
# a seat, whether it names a card (None where a seat may not see it), and its data.
EVENT_FIELDS = ("kind", "seat", "card", "data")


def _points(value, what: str = "points") -> tuple[int, int, int]:
    return three(value, whole, what, -13, 13, "a deal's points")


_EVENT_DATA = {
    # kind: (seat required, card: "no" / "yes" / "maybe", data decoder)
    "dealt": (True, "no", lambda d: whole(d, 0, MAX_DEALS - 1, "a deal number")),
    "declared": (True, "no", contract),
    "gave": (True, "maybe", lambda d: seat(d, "a receiver")),
    "returned": (True, "maybe", lambda d: seat(d, "a giver")),
    "lapsed": (True, "no", lambda d: whole(d, 1, MAX_PASSES, "lapsed passes")),
    "kitty": (True, "no", lambda d: maybe(d, _kitty)),
    "discarded": (True, "maybe", lambda d: _none(d)),
    "played": (True, "yes", lambda d: _none(d)),
    "trick": (True, "no", lambda d: whole(d, 0, 15, "a trick number")),
    "scored": (False, "no", _points),
    "game_over": (True, "no", lambda d: _tiebreak(d)),
}
EVENT_KINDS = tuple(_EVENT_DATA)
TIEBREAKS = ("total", "last_deal", "last_trick")


def _none(value):
    if value is not None:
        raise Bad(f"this event carries no data, not {shown(value)}")
    return None


def _kitty(value) -> tuple[Card, ...]:
    kitty = cards(value, 4, "the kitty")
    if len(kitty) != 4:
        raise Bad("the kitty has four cards")
    return kitty


def _tiebreak(value) -> str:
    if type(value) is not str or value not in TIEBREAKS:
        raise Bad(f"a tie-break must be one of {', '.join(TIEBREAKS)}, not {shown(value)}")
    return value


def event_to_json(ev: Event) -> dict:
    data = ev.data
    if ev.kind == "kitty" and data is not None:
        data = [str(c) for c in data]
    elif ev.kind == "scored":
        data = list(data)
    return {"kind": ev.kind, "seat": ev.seat, "card": card_text(ev.card), "data": data}


def event_from_json(value) -> Event:
    d = fields(value, EVENT_FIELDS, "event")
    kind = d["kind"]
    if type(kind) is not str or kind not in _EVENT_DATA:
        raise Bad(f"unknown event kind {shown(kind)}")
    needs_seat, card_rule, decode_data = _EVENT_DATA[kind]
    who = seat(d["seat"], f"the seat of a {kind} event") if needs_seat else _none(d["seat"])
    if card_rule == "no":
        what = _none(d["card"])
    elif card_rule == "yes":
        what = card(d["card"], f"the card of a {kind} event")
    else:
        what = maybe(d["card"], card, f"the card of a {kind} event")
    return Event(kind, who, what, decode_data(d["data"]))


# --- JSON as the wire carries it ------------------------------------------------------------
MAX_DEPTH = 32  # objects and lists one inside another: a message nests at most 9 (a breach's evidence)


class TooDeep(Bad):
    """JSON nested deeper than the protocol takes."""


_ESCAPE = re.compile(r"\\.", re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting(text: str) -> int:
    """How deep objects and lists nest in JSON `text`, found without parsing it, in linear
    time.  Exact for JSON; for text that is not JSON any number (the parser refuses it)."""
    outside = _ESCAPE.sub("", text).split('"')[::2]  # escapes gone, every other quote opens a string
    brackets = _NOT_BRACKET.sub("", "".join(outside))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _unicode(text: str) -> None:
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise Bad("a lone surrogate (such as \\ud800) is no character") from None


def _finite(value: float, written: str | None = None) -> float:
    if not math.isfinite(value):
        raise Bad(f"{shown(written or value)} is not a finite number")
    return value


def sound(value, most: int = MAX_DEPTH) -> None:
    """Raises Bad unless `value` is what `read_json` takes: objects and lists nested at
    most `most` deep (TooDeep), no lone surrogate in any text or key, no number that is not
    finite.  Why two ways: every message in and out is checked, and the walk in Python was a
    fifth of fair dealing's own work; json's encoder (C) writes the value once, and only a
    value it cannot pass quickly is walked, which says exactly what is wrong."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        if nesting(text) <= most and (text.isascii() or _has_utf8(text)):
            return
    except (TypeError, ValueError, RecursionError):  # a value json does not write, NaN, or nested past the stack
        pass
    walked_sound(value, most)


def _has_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def walked_sound(value, most: int = MAX_DEPTH) -> None:
    """`sound`, by walking the value with a list, not recursion: it never runs out of stack."""
    todo = [(value, 0)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, str):
            _unicode(value)
        elif isinstance(value, float):
            _finite(value)
        elif isinstance(value, (dict, list, tuple)):
            if depth >= most:
                raise TooDeep(f"nested over {most} deep")
            if isinstance(value, dict):
                for key in value:
                    if isinstance(key, str):
                        _unicode(key)
                value = value.values()
            todo.extend((item, depth + 1) for item in value)


def _pairs(pairs) -> dict:
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise Bad("a key is given twice")
    return dict(pairs)


def _number(text: str) -> float:
    return _finite(float(text), text)  # 1e999 is read as inf


def _constant(name: str):
    raise Bad(f"{name} is not a number")


def read_json(text: str):
    """JSON `text` as Python values, strictly: its nesting checked first (TooDeep), then
    no key twice, no NaN, Infinity or number out of a float's range, no lone surrogate
    (Bad).  ValueError (json's) when it is not JSON at all."""
    if nesting(text) > MAX_DEPTH:
        raise TooDeep(f"nested over {MAX_DEPTH} deep")
    value = json.loads(text, object_pairs_hook=_pairs, parse_float=_number, parse_constant=_constant)
    sound(value)
    return value


def write_json(value, sort_keys: bool = False) -> str:
    """`value` as compact JSON that `read_json` gives back as it was, ASCII only (no link
    re-encodes it on the way); Bad for what read_json would refuse (a mistake here: what
    was read strictly always passes)."""
    sound(value)
    return json.dumps(value, sort_keys=sort_keys, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
