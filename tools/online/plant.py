"""Bad messages a guest's page plants on its link to the host, for `tools.online.check`:
one of each kind the host must refuse and log while the game goes on; and, dealt fairly
(`--fair --cheat`), a guest's device that plays a card it does not hold.

Why from the guest's own page, through its shim: that is where a cheating or broken guest
would send them.  The two that must be numbered in the guest's sequence (a forged seat,
an illegal card) go out by the guest's own numbering (`Peer.send`, then the shim), so its
later messages are not refused as replays; the other three are raw text handed to the
shim's `send` from JavaScript, as any script in that page could.
"""

from __future__ import annotations

import json

# kind planted -> the refusal code the host must count for it
PLANTED = {"forged_seat": "forged", "illegal_action": "illegal", "replayed_sequence": "replayed",
           "oversized": "too_big", "malformed": "malformed"}

# run in the guest's page when it is that guest's turn: the two numbered ones; the link's id
NUMBERED = """
from game.online.protocol import encode as _enc
_g = main.APP.online.guest
_hand = [str(c) for c in _g.view.hand]
_legal = [str(a) for a in _g.view.legal]
_deck = [r + s for r in "23456789TJQKA" for s in "CDHS"]
_illegal = next((f"play {c}" for c in _hand if f"play {c}" not in _legal), None) or next(
    f"play {c}" for c in _deck if c not in _hand)
_g.peer.send("action", {"at": _g.at, "seat": (_g.seat + 1) % 3, "action": _legal[0]})
_g.peer.send("action", {"at": _g.at, "seat": _g.seat, "action": _illegal})
main.APP.online.link.id
"""

MY_TURN = ("main.APP.online.guest.stage == 'play' and main.APP.online.guest.view.to_act == main.APP.online.guest.seat"
           " and main.APP.online.guest._pending is None")


def raw_messages() -> list[str]:
    """The three sent as raw text: an old sequence number, over the 1024-byte limit, not JSON."""
    replayed = json.dumps({"v": 1, "seq": 1, "type": "quick", "body": {"code": "thanks"}})
    oversized = json.dumps({"v": 1, "seq": 2**40, "type": "quick", "body": {"code": "thanks", "pad": "x" * 2000}})
    malformed = '{"v": 1, "seq": 3, "type": "quick", "body": {"code": '
    return [replayed, oversized, malformed]


def plant(guest_page) -> None:
    """Plant all five from `guest_page` (a GamePage whose person is to act now)."""
    link_id = guest_page.py(NUMBERED)
    if link_id.startswith("ERROR"):
        raise RuntimeError(f"planting failed: {link_id[-800:]}")
    for text in raw_messages():
        sent = guest_page.page.evaluate("([id, text]) => window.g358p2p.send(id, text)", [link_id, text])
        if sent != "1":
            raise RuntimeError(f"the shim did not send a planted message ({sent})")


def refused(before: dict, after: dict) -> dict:
    """The planted kinds the host refused with the right code, from its counters."""
    return {kind: after.get(code, 0) - before.get(code, 0) for kind, code in PLANTED.items()}


# run in a fairly dealing guest's page: its device's next card played after a lead names a
# card it does not hold (of the led suit where it can), with its slot and that slot's own
# scalar, as a modified page could send it.  Its own device only drops the card it gave up
# (its tracker would refuse the card named, as the others' checks must): it waits, as any
# cheater would, for what the others say.  `_oc_cheat` is then [deal, trick, card].
FAIR_CHEAT = """
from game.engine.cards import CARDS
_dev = main.APP.online.guest.fair.seat.device
main._oc_cheat = None
_real_send, _real_played = _dev.send, _dev._played

def _cheating_send(kind, **body):
    t = _dev.tracker
    if kind == "play" and main._oc_cheat is None and t.trick:
        mine = {c.index for c, _k in _dev.d.mine.values()}
        free = [c for c in CARDS if c.index not in mine and not t.played_mask & c.mask]
        led = [c for c in free if c.suit == t.trick[0][1].suit]
        wanted = (led or free)[0]
        body = dict(body, card=str(wanted))
        main._oc_cheat = [_dev.d.number, len(t.tricks), str(wanted)]
    _real_send(kind, **body)

def _cheating_played(s, move):
    held = _dev.d.mine.get(move.point, (None,))[0]
    if s == _dev.seat and held is not None and held is not move.card:
        _dev.tracker.hand.remove(_dev.d.mine.pop(move.point)[0])
        return
    _real_played(s, move)

_dev.send, _dev._played = _cheating_send, _cheating_played
_dev.seat
"""


def plant_fair_cheat(guest_page) -> int:
    """Make the fair device of `guest_page` (a guest dealing fairly) cheat once; its seat."""
    seat = guest_page.py(FAIR_CHEAT)
    if seat.startswith("ERROR"):
        raise RuntimeError(f"planting the fair cheat failed: {seat[-800:]}")
    return int(seat)
