"""The exchange, blinded: a card passed between two seats is opened to its receiver so that
the third seat, which may be the relaying host, learns nothing.

How (docs/FAIR_DEALING.md section 2.4): the giver names a slot, which moves to the
receiver; the receiver sends slot x b (b a blinding scalar of its own, `blind`); the giver
answers with that times the inverse of the slot's scalar (`unblind`); the receiver removes
b and looks the card up.  It then re-makes the slot as card point x a scalar of its own
(`remake`: it never learns the giver's), and gives back its highest card of that suit the
same way.  The third seat sees slot, slot x b and card x b: nothing it can open
(decisional Diffie-Hellman).

Who may pass, blind, unblind and give back what, and when, is the rule book's
(rulebook.py), which takes each of these messages first; here is only what a seat does with
its own secrets: its lent scalars, its blinds, the card opened to it.  A card passed that
does not open to its receiver is found again by the audit, with the blinds and scalars
revealed.

A mixin of FairDevice (device.py): it reads and writes the device's deal state `self.d`
and its tracker, and asks the group for its work in batches (ops.py).
"""

from __future__ import annotations

from ...engine.cards import Card, highest_in_suit
from .breach import Breach
from .ops import Batch


class BlindedExchange:
    # --- what the others (and this device) sent: taken by the rule book (rulebook.py) first ----
    def _gave(self, s: int, point: bytes) -> None:
        d, t = self.d, self.tracker
        receiver = d.transfer["receiver"]
        if s == self.seat:
            card, scalar = d.mine.pop(point)
            d.lent[point] = scalar
            t.gave(s, receiver, card)
        elif receiver != self.seat:
            t.gave(s, receiver, None)  # (its receiver's tracker is told once it opened the card)

    def _returned(self, s: int, point: bytes) -> None:
        d, t = self.d, self.tracker
        giver = d.transfer["giver"]
        if s == self.seat:
            card, scalar = d.mine.pop(point)
            d.lent[point] = scalar
            t.returned(s, giver, card)
        elif giver != self.seat:
            t.returned(s, giver, None)

    def _unblinded(self, s: int, move):
        """The card passed to this seat is opened: the blinded card, unblinded by its holder,
        without this seat's blind."""
        d, x = self.d, move.transfer
        opener = x["receiver"] if x["step"] == "give" else x["giver"]
        if opener != self.seat:
            return
        batch = Batch()
        opened = batch.mul(move.point, batch.inv(d.blind_of.pop(x["point"])))
        got = yield from self.group.run(batch)
        card = self.card_at.get(got[opened])
        if card is None:
            raise Breach(s, "the card passed does not open")
        d.foreign[x["point"]] = card
        d.remake = x["point"]  # its scalar is the other seat's: re-made before it is named
        d.dirty = True
        if x["step"] == "give":
            self.tracker.gave(x["giver"], self.seat, card)
        else:
            self.tracker.returned(x["receiver"], self.seat, card)

    def _remade(self, s: int, old: bytes) -> None:
        """A seat replaced one slot by a fresh point of the same card (checked at the audit)."""
        if s == self.seat:
            self.d.foreign.pop(old)
            self.d.remake = None

    # --- this seat's part ------------------------------------------------------------------
    def _transfer_duty(self, x: dict):
        d, me = self.d, self.seat
        opener = x["receiver"] if x["step"] in ("give", "opened") else x["giver"]
        holder = x["giver"] if x["step"] == "give" else x["receiver"]
        if x["step"] in ("give", "return") and "blinded" not in x and opener == me and x["point"] not in d.blind_of \
                and not self.tracker.hidden:  # a declarer opens a card passed to it once its whole hand is open
            beta = self._blind_scalar(d, d.seq_out)
            batch = Batch()
            blinded = batch.mul(x["point"], beta)
            got = yield from self.group.run(batch)
            d.blind_of[x["point"]] = beta
            d.blinds.append(beta)
            self.send("blind", point=got[blinded])
            return True
        if "blinded" in x and holder == me and self._once(f"unblind {x['point'].hex()}"):
            batch = Batch()
            unblinded = batch.mul(x["blinded"], batch.inv(d.lent[x["point"]]))
            got = yield from self.group.run(batch)
            self.send("unblind", point=got[unblinded])
            return True
        if x["step"] == "opened" and me == x["receiver"]:
            given = self.tracker.pending_give[2]
            top = Card.from_index(highest_in_suit(self.tracker._mask(), given.suit))
            self.send("return", slot=self._slot_of(top))
            return True
        return False

    def _remake(self, point: bytes):
        """Replace a received slot by card point x a scalar of this seat's own."""
        d = self.d
        card = d.foreign[point]
        scalar = self._remake_scalar(d, d.seq_out)
        batch = Batch()
        fresh = batch.mul(self.points[card.index], scalar)
        got = yield from self.group.run(batch)
        d.mine[got[fresh]] = (card, scalar)
        d.claims[got[fresh]] = (str(card), scalar)
        self.send("remake", slot=d.slots[self.seat].index(point), point=got[fresh])


__all__ = ["BlindedExchange"]
