"""The five decks of each deal, shuffled and locked in turn (docs/FAIR_DEALING.md section
2.1), and the work done ahead of a deal on idle steps: this seat's secrets for it, and the
next deal's decks while this one is played (they depend on no card, so the only work left
on a deal's path is opening its cards).

Whose deck is due when, and its shape, is the rule book's (rulebook.py), which takes every
deck, the next deal's too.

A mixin of FairDevice (device.py): it reads and writes the device's deal in hand `self.d`
(a DealState) and the next one, `self.ahead`, and asks the group for its work in batches
(ops.py).
"""

from __future__ import annotations

from .breach import Breach
from .deal_state import DealState
from .messages import Msg
from .ops import AWAY, Batch, OffGroup
from .prepare import DealSecrets, prepare_steps, shuffle_order


class Decks:
    # --- the deals and the work ahead ---------------------------------------------------------
    def _role(self, dealer: int) -> int:
        return shuffle_order(dealer).index(self.seat)

    def next_role(self) -> int | None:
        """This seat's role in the next deal, for preparing it ahead (None: the game ends)."""
        if self.d.number + 1 >= self.rules.deals:
            return None
        return self._role((self.d.dealer + 1) % 3)

    def _new_deal(self) -> DealState:
        t = self.tracker
        # a finished deal's rule book goes with it (its watcher saw that deal's cards played)
        self.books = {n: book for n, book in self.books.items() if n >= t.deal_number}
        ready = self.next_secrets
        self.next_secrets = None
        if ready is not None and (ready.role, ready.number) != (self._role(t.dealer), t.deal_number):
            ready = None  # prepared for another seat order: made again, in slices
        start = (tuple(t.totals), tuple(tuple(u) for u in t.used), t.previous_points)
        ahead, self.ahead = self.ahead, None
        if ahead is not None and ahead.number == t.deal_number:  # shuffled while the last deal was played
            ahead.start, ahead.first_action = start, t.actions
            ahead.secrets = ahead.secrets or ready
            return ahead
        state = DealState(t.deal_number, t.dealer, ready, start)
        state.first_action = t.actions
        return state

    def _ahead_deal(self) -> DealState | None:
        """The next deal, made when its first deck can be shuffled or arrives (None: the
        game ends with this deal)."""
        if self.ahead is None and self.next_role() is not None:
            d = self.d
            self.ahead = DealState(d.number + 1, (d.dealer + 1) % 3, None, None)
        ready = self.next_secrets
        if self.ahead is not None and self.ahead.secrets is None and ready is not None \
                and (ready.number, ready.role) == (self.ahead.number, self._role(self.ahead.dealer)):
            self.ahead.secrets = ready
        return self.ahead

    def _ahead_step(self):
        """One slice of the next deal's shuffle or lock while this deal is played: the decks
        do not depend on any card, so they are off the next deal's path.  False when there is
        none to do, AWAY while its batch is in the page's worker (as prepare_step)."""
        if self.replaying:
            return False  # its own decks come back in the transcript
        if self._ahead_job is None:
            a = self._ahead_deal()
            if a is None or a.secrets is None or a.blocked:
                return False
            stage = len(a.decks)
            if stage >= 5 or (a.order + a.order[:2])[stage] != self.seat or f"deck {stage}" in a.done:
                return False
            a.done.add(f"deck {stage}")
            self._ahead_job = (self._deck_work(a, stage), a, stage)
        job, a, stage = self._ahead_job
        try:
            if next(job) is AWAY:
                return AWAY
        except StopIteration:
            self._ahead_job = None
        except OffGroup:  # a deck not of the group: done again in the deal's own turn, which names its sender
            self._ahead_job = None
            a.done.discard(f"deck {stage}")
            a.blocked = True
        return True

    def prepare_step(self):
        """One slice of preparing this deal's secrets (if missing) or the next deal's, on an
        idle moment; False when there is nothing to prepare, AWAY while the batch it waits
        for is in the page's worker (whose answer comes between frames: the caller ends its
        slice rather than ask again, which had been 40-60 calls into the page in one frame)."""
        if self._preparing is None:
            d = self.d
            if d.secrets is None:
                role, number = self._role(d.dealer), d.number
            else:
                role, number = self.next_role(), d.number + 1
            if role is None or (d.secrets is not None and self.next_secrets is not None):
                return self._ahead_step()
            self._prepared: list[DealSecrets] = []
            self._preparing = prepare_steps(role, self._prepared, self.draws, number, self.group)
            self._preparing_for = d if d.secrets is None else None
        try:
            return AWAY if next(self._preparing) is AWAY else True
        except StopIteration:
            self._preparing = None
        ready = self._prepared[0]
        if self._preparing_for is self.d and self.d.secrets is None:
            self.d.secrets = ready
        elif self._preparing_for is None and ready.number == self.d.number + 1:  # (not a deal gone by meanwhile)
            self.next_secrets = ready
        return True

    def _secrets_now(self, d: DealState):
        """Generator: deal `d`'s secrets, made now if they are not yet (a device rebuilt after
        a reload takes its own earlier decks from the transcript, and needs its keys only
        when the cards are opened)."""
        if d.secrets is None:
            out: list[DealSecrets] = []
            yield from prepare_steps(self._role(d.dealer), out, self.draws, d.number, self.group)
            d.secrets = d.secrets or out[0]
        return d.secrets

    def _take_ahead(self, msg: Msg) -> None:
        """A deck of the next deal while this one is played: taken now if it is the one due,
        else kept with the deal's other messages (its own turn then judges it)."""
        a = self._ahead_deal()
        if a is None or a.blocked or msg.seq != a.seq_in[msg.sender]:
            self.later.append(msg)
            return
        if self._sent_before(a, msg):
            self._adopt(a, msg)  # sent by this device before a reload: taken as its own
        try:
            self._book(a).take_deck(msg)
        except Breach:
            a.blocked = True
            self.later.append(msg)
            return
        a.seq_in[msg.sender] += 1
        a.transcript.append(msg)

    # --- the decks in turn (each taken by the rule book, rulebook.py) ------------------------------
    def _deck_duty(self, stage: int):
        d = self.d
        sender = (d.order + d.order[:2])[stage]
        if sender != self.seat or not self._once(f"deck {stage}"):
            return False
        yield from self._deck_work(d, stage)
        return True

    def _deck_work(self, d: DealState, stage: int):
        s = d.secrets
        if stage == 0:
            out = s.first_deck
        else:
            source = d.decks[stage - 1]
            batch = Batch()
            if stage in (1, 2):
                refs = [batch.mul(source[j], s.deck_key if stage == 1 else s.card_keys[i])
                        for i, j in enumerate(s.permutation)]
            else:
                refs = [batch.mul(p, s.lock_factors[i]) for i, p in enumerate(source)]
            got = yield from self.group.run(batch)
            out = [got[r] for r in refs]
        self._send_in(d, "shuffle" if stage < 2 else "lock", deck=out)


__all__ = ["Decks"]
