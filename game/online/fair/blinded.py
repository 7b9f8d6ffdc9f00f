"""The exchange, blinded: a card passed between two seats is opened to its receiver so that
the third seat, which may be the relaying host, learns nothing.

How (docs/FAIR_DEALING.md section 2.4): the giver names a slot, which moves to the
receiver; the receiver sends slot x b (b a blinding scalar of its own, `blind`); the giver
answers with that times the inverse of the slot's scalar (`unblind`); the receiver removes
b and looks the card up.  It then re-makes the slot as card point x a scalar of its own
(`remake`: it never learns the giver's), and gives back its highest card of that suit the
same way.  The third seat sees slot, slot x b and card x b: nothing it can open
(decisional Diffie-Hellman).

A mixin of FairDevice (device.py): it reads and writes the device's deal state `self.d`
and its tracker, and asks the group for its work in batches (ops.py).
"""

from __future__ import annotations

from ...engine.cards import Card, highest_in_suit
from ...engine.phases import Phase
from .breach import Breach
from .ops import Batch


class BlindedExchange:
    # --- what the others (and this device) sent -------------------------------------------
    def _give(self, s: int, index: int) -> None:
        d, t = self.d, self.tracker
        if t.phase != Phase.EXCHANGE or t.to_act != s or d.transfer or not t.plan:
            raise Breach(s, "passed a card out of turn")
        receiver = t.plan[0][1]
        point = self._slot(s, index)
        d.slots[s].remove(point)
        d.slots[receiver].append(point)
        d.transfer = {"giver": s, "receiver": receiver, "point": point, "step": "give"}
        if s == self.seat:
            card, scalar = d.mine.pop(point)
            d.lent[point] = scalar
            t.gave(s, receiver, card)
        elif receiver != self.seat:
            t.gave(s, receiver, None)

    def _return(self, s: int, index: int) -> None:
        d, t = self.d, self.tracker
        x = d.transfer
        if not x or x["step"] != "opened" or s != x["receiver"]:
            raise Breach(s, "gave back a card out of turn")
        point = self._slot(s, index)
        d.slots[s].remove(point)
        d.slots[x["giver"]].append(point)
        x.update(point=point, step="return")
        if s == self.seat:
            card, scalar = d.mine.pop(point)
            d.lent[point] = scalar
            t.returned(s, x["giver"], card)
        elif x["giver"] != self.seat:
            t.returned(s, x["giver"], None)

    def _blind(self, s: int, point: bytes):
        x = self.d.transfer
        opener = x and (x["receiver"] if x["step"] == "give" else x["giver"])
        if not x or x["step"] not in ("give", "return") or s != opener or "blinded" in x:
            raise Breach(s, "sent a blinded card out of turn")
        batch = Batch()
        checked = batch.check(point)
        got = yield from self.group.run(batch)
        x["blinded"] = got[checked]

    def _unblind(self, s: int, point: bytes):
        d = self.d
        x = d.transfer
        holder = x and (x["giver"] if x["step"] == "give" else x["receiver"])
        if not x or "blinded" not in x or s != holder:
            raise Breach(s, "sent an unblinded card out of turn")
        opener = x["receiver"] if x["step"] == "give" else x["giver"]
        batch = Batch()
        checked = batch.check(point)
        if opener == self.seat:
            beta = d.blind_of.pop(x["point"])
            opened = batch.mul(checked, batch.inv(beta))
        got = yield from self.group.run(batch)
        got[checked]  # OffGroup (the sender's breach) unless it is a point of the group
        if opener == self.seat:
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
        if x["step"] == "give":
            d.transfer = {**x, "step": "opened"}
            d.transfer.pop("blinded")
        else:
            d.transfer = None

    def _remade(self, s: int, index, point: bytes):
        """A seat replaced one slot by a fresh point of the same card (checked at the audit)."""
        d = self.d
        old = self._slot(s, index)
        if point in self._points_seen():
            raise Breach(s, "re-made a card into a point already used")
        batch = Batch()
        checked = batch.check(point)
        got = yield from self.group.run(batch)
        got[checked]  # OffGroup unless a point of the group
        d.slots[s][index] = point
        if s == self.seat:
            d.foreign.pop(old)
            d.remake = None

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
