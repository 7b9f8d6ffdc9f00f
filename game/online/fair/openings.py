"""Opening each seat's cards to it (docs/FAIR_DEALING.md section 2.2): the two other seats
broadcast their keys for its deck positions, and it removes all three keys; a seat never
sends its own key for a card being opened to it.  What is opened when: every hand at once
(a declarer that declares on six cards, its first six), the rest of the declarer's hand
once it declared, the kitty when the declarer takes it.

Which keys a seat sends, when, and once, is the rule book's (rulebook.py), which takes
every `keys` message before this seat opens anything with it.  A card that does not open
here is found again by the audit, with the keys revealed: a shuffle, lock or key that is
not what its seat revealed.

A mixin of FairDevice (device.py): it reads and writes the device's deal in hand `self.d`
and its tracker, and asks the group for its work in batches (ops.py).
"""

from __future__ import annotations

from .breach import Breach
from .ops import Batch
from .prepare import KITTY, seat_positions


class Openings:
    def _open_own(self, what: str):
        """Once both others sent their keys for `what`, open this seat's cards of it."""
        d = self.d
        others = [x for x in range(3) if x != self.seat]
        if what in d.opened or not all((x, what) in d.key_msgs for x in others):
            return
        declarer = self.rules.declarer_of(d.dealer)
        own = seat_positions(d.dealer, self.seat)
        partial = self.rules.declare_on < 16 and not self.rules.exchange_first and self.seat == declarer
        if what == "hands":
            positions = own[: self.rules.declare_on] if partial else own
        elif what == "rest":
            positions = own[self.rules.declare_on:]
        else:
            positions = KITTY
        if not positions:
            return
        d.opened.add(what)
        own_keys = (yield from self._secrets_now(d)).card_keys
        batch = Batch()
        scalars, opened = [], []
        for j in positions:
            scalar = batch.product([own_keys[j]] + [d.keys[x][j] for x in others])
            scalars.append(scalar)
            opened.append(batch.mul(d.final[j], batch.inv(scalar)))
        got = yield from self.group.run(batch)
        cards = []
        for j, scalar, point in zip(positions, scalars, opened):
            card = self.card_at.get(got.values[point.index])
            if card is None:
                raise Breach(d.order[1], f"deck position {j} does not open to a card")
            d.mine[d.final[j]] = (card, got[scalar])
            d.claims[d.final[j]] = (str(card), got[scalar])
            cards.append(card)
        if what == "hands":
            self.tracker.deal(cards)
        elif what == "rest":
            self.tracker.rest_of_hand(cards)
            d.dirty = True
        else:
            self.tracker.kitty_opened(cards)
            d.dirty = True

    def _keys_for(self, what: str, d=None) -> dict[int, bytes]:
        """This seat's keys for `what` in deal `d` (the one in hand), the positions the rule
        book asks of it."""
        d = d or self.d
        keys = d.secrets.card_keys
        return {j: keys[j] for j in sorted(self._book(d).keys_due(self.seat, what))}

    def _keys_ahead(self) -> bool:
        """Once this deal is played out and revealed, this seat's keys to the next deal's hands
        (its decks shuffled ahead), sent before the audit ends: every device takes them once
        it begins that deal, and opens its hand at once, not a round of messages after its
        verdict.  Not before the deal is played out (a hand seen early could change how one
        plays for the exchange), nor after an accusation (the deal ends without an audit)."""
        d = self.d
        a = self._ahead_deal() if d.stopped is None else None
        if a is None or a.number != d.number + 1 or a.secrets is None or a.blocked or len(a.decks) < 5 \
                or "keys hands" in a.done:
            return False
        a.done.add("keys hands")
        self._send_in(a, "keys", what="hands", keys=self._keys_for("hands", a))
        return True


__all__ = ["Openings"]
