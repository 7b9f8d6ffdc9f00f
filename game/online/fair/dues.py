"""What each seat owes the deal in hand now, read from the public state alone.

Why: no device holds every hand, so a seat that stops sending (its keys, its turn of the
shuffle, its part of a pass, its card, its reveal) cannot be played for by anyone; the
table can only wait for it, and a wait needs a deadline.  The host keeps the deadlines
(fair_room/host.py), and when one passes it names the seat with an `overdue` message in the one
order.  Every device then checks that claim against this same reading of the transcript, so
an honest host and every honest guest agree on who was late and for what, and a host that
names a seat owing nothing is itself named.

Only public facts are read: the decks received, the keys each seat sent, the exchange's
pass under way, whose turn it is, the reveals.  The result maps a seat to what it owes,
one of DUTIES, with a mark that changes whenever that seat moves on (so a deadline starts
again only for a new duty, never because the seat left and came back, or sent something
else meanwhile).
"""

from __future__ import annotations

from ...engine.phases import Phase
from .tracker import DEALING

DECK, KEYS, PASS, TURN, REVEAL = "deck", "keys", "pass", "turn", "reveal"
DUTIES = (DECK, KEYS, PASS, TURN, REVEAL)
# an `overdue` claim the transcript does not bear out, from a device that is not the host's or
# naming a seat that owed nothing of the kind: worded alike on receipt and by the audit
LATE_UNFOUNDED = "named seat {suspect} late for {duty}, which the transcript does not bear out"


def owed(device) -> dict[int, tuple[str, tuple]]:
    """seat -> (duty, mark): what each seat owes now and where in the deal; {} when the deal
    waits for nobody (its verdict is in, or nothing is owed yet)."""
    d, t, rules = device.d, device.tracker, device.rules
    if d.verdict != "pending":
        return {}
    played_out = all((s, "hands") in d.key_msgs for s in range(3)) and t.phase in (DEALING, Phase.GAME_OVER)
    if d.stopped is not None or played_out:
        return {s: (REVEAL, ()) for s in range(3) if s not in d.reveals}
    if len(d.decks) < 5:
        return {d.order[len(d.decks) % 3]: (DECK, (len(d.decks),))}  # A, B, C, then A and B lock
    declarer = rules.declarer_of(d.dealer)
    keys = _keys_owed(d, t, rules, declarer)
    if keys:
        return keys
    x = d.transfer
    if x:
        return {_passing(x): (PASS, (x["step"], "blinded" in x, x["point"]))}
    if t.phase in (Phase.DECLARE, Phase.EXCHANGE, Phase.DISCARD, Phase.PLAY) and t.to_act is not None:
        return {t.to_act: (TURN, (t.actions,))}
    return {}


def _keys_owed(d, t, rules, declarer: int) -> dict:
    """Keys each seat owes: for the hands (every seat), the rest of the declarer's hand once
    it declared on part of it, the kitty once taken (the two others)."""
    wants = [(s, "hands") for s in range(3)]
    if rules.declare_on < 16 and not rules.exchange_first and t.contract is not None:
        wants += [(s, "rest") for s in range(3) if s != declarer]
    if t.kitty_taken and d.transfer is None:
        wants += [(s, "kitty") for s in range(3) if s != declarer]
    out: dict = {}
    for s, what in wants:
        if (s, what) not in d.key_msgs and s not in out:
            out[s] = (KEYS, (what,))
    return out


def _passing(x: dict) -> int:
    """The seat whose move a pass of the exchange waits for: the one opening it blinds it,
    the one holding it unblinds it, and a receiver that has opened it gives one back."""
    if x["step"] == "opened":
        return x["receiver"]
    opener = x["receiver"] if x["step"] == "give" else x["giver"]
    holder = x["giver"] if x["step"] == "give" else x["receiver"]
    return holder if "blinded" in x else opener


__all__ = ["LATE_UNFOUNDED", "DUTIES", "DECK", "KEYS", "PASS", "TURN", "REVEAL", "owed"]
