"""This seat's own messages as they come back in the transcript: those an earlier life of the
device sent, before a reload, are taken as its own, not made again.

Why: a guest whose page is reloaded mid-match rebuilds its device from its seed (draws.py)
and is sent the whole transcript again, its own messages included.  Each of them already
has its place in the one order every device keeps; sending it again (with a new number)
would be a second message, and doing its duty again a second shuffle, blind or reveal.  So
when an own message comes back that this device has not sent (its number is not below
the next one it would give), the device takes the state that sending it left: the duty
marked done, the secrets it drew (a blind, a re-made slot's scalar, a reshuffled hand's
scalars and order: drawn again by the same label, draws.py) and the next number to send.
The message is then handled as every device handles it.  Choices (a contract, a card
given, discarded or played) leave nothing but their number: the transcript holds them.

A mixin of FairDevice (device.py), like decks.py and blinded.py; the labels of what a
message draws are defined here for the duties and the replay alike.
"""

from __future__ import annotations

from .deal_state import DealState
from .messages import Msg


class OwnMessages:
    # --- what a message draws, by its label (deal, number) --------------------------------------
    def _blind_scalar(self, d: DealState, seq: int) -> bytes:
        return self.draws.scalar(d.number, seq, "blind")

    def _remake_scalar(self, d: DealState, seq: int) -> bytes:
        return self.draws.scalar(d.number, seq, "remake")

    def _reshuffle_plan(self, d: DealState, seq: int) -> list[tuple]:
        """(card, fresh scalar) of each slot of this hand, in the order the reshuffle sends them."""
        cards = [d.mine[p][0] if p in d.mine else d.foreign[p] for p in d.slots[self.seat]]
        scalars = [self.draws.scalar(d.number, seq, "reshuffle", i) for i in range(len(cards))]
        order = self.draws.permutation(len(cards), d.number, seq, "reshuffle order")
        return [(cards[i], scalars[i]) for i in order]

    # --- an earlier life's messages -----------------------------------------------------------
    def _sent_before(self, d: DealState, msg: Msg) -> bool:
        return msg.sender == self.seat and msg.seq >= d.seq_out

    def _adopt(self, d: DealState, msg: Msg) -> None:
        """The state sending `msg` left, for a message this device's earlier life sent."""
        kind, body, x = msg.kind, msg.body, d.transfer
        if kind in ("shuffle", "lock"):
            stage = len(d.decks)
            d.done.add(f"deck {stage}")
            job = self._ahead_job
            if job is not None and job[1] is d and job[2] == stage:
                self._ahead_job = None  # made again ahead before its copy came back: not sent twice
        elif kind == "keys":
            d.done.add(f"keys {body['what']}")
        elif kind in ("reveal", "breach"):
            d.done.add(kind)
        elif kind == "blind" and x:
            beta = self._blind_scalar(d, msg.seq)
            d.blind_of[x["point"]] = beta
            d.blinds.append(beta)
        elif kind == "unblind" and x:
            d.done.add(f"unblind {x['point'].hex()}")
        elif kind == "remake":
            card = d.foreign[d.slots[self.seat][body["slot"]]]
            scalar = self._remake_scalar(d, msg.seq)
            d.mine[body["point"]] = (card, scalar)
            d.claims[body["point"]] = (str(card), scalar)
        elif kind == "reshuffle":
            plan = self._reshuffle_plan(d, msg.seq)
            d.mine = {p: (card, k) for p, (card, k) in zip(body["hand"], plan)}
            for p, (card, k) in d.mine.items():
                d.claims[p] = (str(card), k)
        d.seq_out = msg.seq + 1


__all__ = ["OwnMessages"]
