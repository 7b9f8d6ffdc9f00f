"""The host's game kept on its device (when the host leaves or the page closes) and taken
up again later: the match (the engine's own JSON save, replayed through the rules on
load), the room, the guests' tokens and the fair shuffle's values.

Why the values too: they are published when the match is over, so that every guest can
check the whole match (shuffle.audit); a host that came back without them could not.
Restoring checks everything (a damaged or edited save is refused with a reason, never
half-loaded), and the values must deal exactly the saved match.  Every guest is away
after a restore until it comes back with its token.  A room whose match has not begun
is not kept: there is nothing to go on with.

A match begun fairly that the host deals on after a late seat (after_late.py) is kept too,
from the deal the host took it up at: its `Match` starts there (its own seed, not the
values'), and `fair_deals` holds the score sheet's rows of the deals before (no device
holds their cards; the scores carried must be theirs).
"""

from __future__ import annotations

from dataclasses import replace

from game.engine import Match
from game.engine.deal import Deal

from .. import shuffle
from ..codec import MAX_DEALS, Bad, contract, fields, items, maybe, seat, three, whole
from ..lobby import GUEST, OVER, PLAY, Lobby
from ..peer import Person
from .referee import CarriedSeat

FORMAT = "3-5-8 online host"
VERSION = 1
KEYS = ("format", "version", "lobby", "match", "nonce", "values", "commitments", "tokens")
ROW = ("dealer", "declarer", "contract", "targets", "taken", "points")  # a fair deal's row on the score sheet


def save_host(host) -> dict | None:
    """The host's game as JSON-ready data; None before the match has begun."""
    if host.match is None:
        return None
    return {
        "format": FORMAT, "version": VERSION, "lobby": host.lobby.to_json(), "match": host.match.to_json(),
        "nonce": host.nonce.hex(), "values": [None if v is None else v.hex() for v in host.values],
        "commitments": list(host.commitments),
        "tokens": [host.people[s].token if s in host.people else None for s in range(3)],
        **({"fair_deals": [_row(host.referee.before[n]) for n in sorted(host.referee.before)]}
           if host.referee.carried is not None else {}),
    }


def _row(deal: Deal) -> dict:
    return {"dealer": deal.dealer, "declarer": deal.declarer, "contract": deal.contract,
            "targets": list(deal.targets), "taken": list(deal.tricks_taken), "points": list(deal.points)}


def _fair_deals(value, match: Match) -> dict:
    """The rows of the deals dealt fairly before the host took the match up, checked against
    where its Match starts: the deals before it, the totals and last points it carries."""
    rows = items(value, MAX_DEALS, "fair_deals")
    deals = {}
    for number, row in enumerate(rows):
        r = fields(row, ROW, "a fair deal")
        deals[number] = Deal(number, seat(r["dealer"], "dealer"), seat(r["declarer"], "declarer"), ((), (), ()), (),
                             contract=maybe(r["contract"], contract),
                             targets=three(r["targets"], whole, "targets", 0, 16, "a target"),
                             tricks_taken=list(three(r["taken"], whole, "taken", 0, 16, "tricks taken")),
                             points=three(r["points"], whole, "points", -13, 13, "a deal's points"))
    start = match.start
    if start is None or start["deal_number"] != len(deals) or not deals:
        raise Bad("the match does not start where the fair deals end")
    totals = [sum(d.points[s] for d in deals.values()) for s in range(3)]
    if start["totals"] != totals or start["previous_points"] != list(deals[len(deals) - 1].points):
        raise Bad("the fair deals do not score the totals the match starts with")
    return deals


def _hex(value, chars: int, what: str, none: bool = True):
    if value is None and none:
        return None
    if type(value) is not str or len(value) != chars or value.strip("0123456789abcdef"):
        raise Bad(f"{what} must be {chars} lowercase hex digits")
    return value


def _three(value, what: str) -> list:
    if type(value) is not list or len(value) != 3:
        raise Bad(f"{what} must list three seats")
    return value


def restore_host(cls, data, settings, clock, entropy):
    try:
        return _restore(cls, data, settings, clock, entropy), None
    except Bad as exc:
        return None, str(exc)
    except Exception as exc:  # a damaged save never crashes the game
        return None, f"unreadable save ({type(exc).__name__})"


def _restore(cls, data, settings, clock, entropy):

    carried = type(data) is dict and "fair_deals" in data  # (begun fairly, dealt by the host from a late seat on)
    d = fields(data, KEYS + ("fair_deals",) if carried else KEYS, "save")
    if d["format"] != FORMAT or d["version"] != VERSION or type(d["version"]) is not int:
        raise Bad(f"not a {FORMAT} save of version {VERSION}")
    lobby = Lobby.from_json(d["lobby"])
    tokens = [_hex(t, 32, "a token") for t in _three(d["tokens"], "tokens")]
    if any((tokens[s] is not None) != (lobby.seats[s].kind == GUEST) for s in range(3)):
        raise Bad("a guest's seat needs a token, and only a guest's")
    if type(d["match"]) is not str:
        raise Bad("the match is missing")
    try:
        match = Match.from_json(d["match"])
    except ValueError as exc:
        raise Bad(f"the match: {exc}") from None
    nonce = bytes.fromhex(_hex(d["nonce"], 32, "the nonce", none=False))
    values = [_hex(v, 64, "a value") for v in _three(d["values"], "values")]
    values = [None if v is None else bytes.fromhex(v) for v in values]
    commitments = [_hex(c, 64, "a commitment") for c in _three(d["commitments"], "commitments")]
    if any(values[s] is not None and not shuffle.opens(commitments[s], nonce, s, values[s]) for s in range(3)):
        raise Bad("a value does not open its commitment")
    before = _fair_deals(d["fair_deals"], match) if carried else None
    if values[lobby.host_seat] is None or match.rules != lobby.rules \
            or (before is None and match.seed != shuffle.match_seed(nonce, values)):
        raise Bad("the values do not deal this match")
    host = cls(lobby.seats[lobby.host_seat].name, settings=settings, clock=clock, entropy=entropy)
    now = clock()
    host.referee.match, host.referee.turn_since = match, now
    host.shuffle.nonce, host.shuffle.values, host.shuffle.commitments = nonce, values, commitments
    host.stage = OVER if match.is_over() else PLAY
    host.lobby = lobby
    for s in range(3):
        if tokens[s] is not None:
            host.people[s] = Person(tokens[s], None, now)
            host.lobby = host.lobby.seated(s, replace(lobby.seats[s], present=False, held=False))
    if before is not None:
        host.referee.before = before
        host.referee.carried = CarriedSeat(host)
    return host
