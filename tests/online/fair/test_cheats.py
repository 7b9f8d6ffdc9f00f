"""Each planted cheat is caught at once or at the audit, the cheater is named on every
device alike, the deal is scored by the house rule, and the match goes on to its end."""

from __future__ import annotations

import pytest

from game.ai.players import HeuristicPlayer
from game.engine import Card, RuleSet
from game.engine.cards import SUIT_MASKS, cards_of, highest_in_suit
from game.online.fair import group
from game.online.fair.breach import breached_points
from game.online.fair.device import FairDevice
from game.online.fair.local import LocalTable

from .test_noble_matches_sodium import TORSION

CHEATER = 1
RULES = RuleSet.preset("standard", deals=3)


class Cheater(FairDevice):
    """Honest until `cheat_now()`, then cheats once (`self.cheated` records where)."""

    cheated = None

    def cheat_now(self) -> bool:
        return self.cheated is None


def play(device_class, rules=RULES, seed=1, dealer=0, after_run=None):
    players = [HeuristicPlayer(seed * 3 + s) for s in range(3)]
    classes = [FairDevice, FairDevice, FairDevice]
    classes[CHEATER] = device_class
    table = LocalTable(rules, dealer, [p.choose for p in players], device_class=classes, seed=seed)
    table.run()
    if after_run:
        after_run(table)
    return table


def assert_caught(table, reason_part: str, immediate: bool, trick=None):
    cheater = table.devices[CHEATER]
    assert cheater.cheated is not None, "the cheat never happened"
    deal = cheater.cheated
    verdicts = [d.verdicts[deal] for d in table.devices]
    assert all(v is not None for v in verdicts), verdicts
    assert len({v.key() for v in verdicts}) == 1  # every device reaches the same verdict
    verdict = verdicts[0]
    assert verdict.seat == CHEATER, str(verdict)
    assert reason_part in verdict.reason, str(verdict)
    if trick is not None:
        assert verdict.trick == trick
    accused = [m for m in table.hub.log if m.kind == "breach" and m.deal == deal]
    if immediate is not None:  # None: either way, depending on how the deal went on
        assert bool(accused) == immediate, [m.body for m in accused]
    # the match is not corrupted: it ends, every device agrees, other deals are clean
    assert all(d.tracker.phase == "game_over" for d in table.devices)
    totals = {tuple(d.tracker.totals) for d in table.devices}
    assert len(totals) == 1
    for d in table.devices:
        assert [v is None for i, v in enumerate(d.verdicts) if i != deal] == [True] * (RULES.deals - 1)
    return verdict


# --- a card it does not hold --------------------------------------------------------------------

class PlaysACardItDoesNotHold(Cheater):
    def send(self, kind, **body):
        if kind == "play" and self.cheat_now() and self.tracker.trick:
            mine = {c.index for c, _ in self.d.mine.values()}
            led = self.tracker.trick[0][1].suit
            wanted = next(c for c in cards_of(SUIT_MASKS[led]) if c.index not in mine
                          and not self.tracker.played_mask & c.mask)
            body = dict(body, card=str(wanted), scalar=group.random_scalar())
            self.cheated = self.d.number
        super().send(kind, **body)

    def _played(self, s, move):
        if s == self.seat and self.cheated == self.d.number and self.d.mine[move.point][0] is not move.card:
            # its own tracker would object to the card named: it only drops the card it gave up, and waits
            # for what the others say
            self.tracker.hand.remove(self.d.mine.pop(move.point)[0])
            return
        super()._played(s, move)


def test_playing_a_card_it_does_not_hold_is_caught_at_once():
    assert_caught(play(PlaysACardItDoesNotHold), "not the card it holds", immediate=True)


class ForgesACardWhenReshuffling(Cheater):
    """As declarer, turns its lowest card into a high card it does not hold when it
    reshuffles before discarding (it can make card x scalar for any card); the plays check
    out against its slots, but the audit finds the hand changed in the reshuffle."""

    def _reshuffle(self):
        if self.cheat_now() and self.tracker.phase == "discard":
            d, t = self.d, self.tracker
            mine = [d.mine[p][0] if p in d.mine else d.foreign[p] for p in d.slots[self.seat]]
            victim = min(mine, key=lambda c: c.rank)
            target = next(Card.from_index(i) for i in range(51, -1, -1) if Card.from_index(i) not in mine)
            for p, (c, k) in list(d.mine.items()):
                if c is victim:
                    d.mine[p] = (target, k)
            for p, c in list(d.foreign.items()):
                if c is victim:
                    d.foreign[p] = target
            t.hand[t.hand.index(victim)] = target
            self.cheated = d.number
        return (yield from super()._reshuffle())


def test_a_card_forged_into_a_reshuffled_hand_is_found_by_the_audit():
    verdict = assert_caught(play(ForgesACardWhenReshuffling, seed=2), "changed the cards in its hand", immediate=None)
    assert verdict.trick is None


class ForgesTheCardItReceived(Cheater):
    """Re-makes the card passed to it in the exchange as a better card of its choice."""

    def _remake(self, point):
        if self.cheat_now():
            d, t = self.d, self.tracker
            real = d.foreign[point]
            held = {c for c, _ in d.mine.values()} | {real}
            better = next(Card.from_index(i) for i in range(51, -1, -1)
                          if Card.from_index(i) not in held and not t.played_mask & (1 << i))
            d.foreign[point] = better
            t.hand[t.hand.index(real)] = better
            t.pending_give = (t.pending_give[0], t.pending_give[1], better) if t.pending_give else None
            self.cheated = d.number
        return (yield from super()._remake(point))


def test_a_received_card_re_made_as_another_is_found_by_the_audit():
    for seed in range(6, 30):
        table = play(ForgesTheCardItReceived, seed=seed)
        if table.devices[CHEATER].cheated is not None:
            break
    else:
        pytest.fail("the cheater never received a card in 24 matches")
    assert_caught(table, "re-made", immediate=None)


# --- a wrong key ----------------------------------------------------------------------------------

class SendsAWrongKey(Cheater):
    def send(self, kind, **body):
        if kind == "keys" and body["what"] == "hands" and self.cheat_now():
            keys = dict(body["keys"])
            first = min(keys)
            keys[first] = group.random_scalar()
            body = dict(body, keys=keys)
            self.cheated = self.d.number
        super().send(kind, **body)


def test_a_wrong_key_is_caught_at_once_and_pinned_by_the_audit():
    assert_caught(play(SendsAWrongKey), "sent a key it did not reveal", immediate=True)


# --- a point off the subgroup ---------------------------------------------------------------------

class SendsATorsionPoint(Cheater):
    """Tags one card of its shuffled deck with a point of order 2, which would let it follow
    that card through the others' shuffles if they multiplied it."""

    def _send_in(self, d, kind, **body):
        if kind in ("shuffle", "lock") and self.cheat_now():
            deck = list(body["deck"])
            deck[7] = _sodium_add(deck[7], TORSION[4])
            body = dict(body, deck=deck)
            self.cheated = d.number  # (the next deal's deck, when it is shuffled ahead)
        super()._send_in(d, kind, **body)


def _sodium_add(p, q):
    import nacl.bindings
    return nacl.bindings.crypto_core_ed25519_add(p, q)


def test_a_point_off_the_subgroup_is_refused_at_once():
    verdict = assert_caught(play(SendsATorsionPoint), "", immediate=True)
    assert "shuffled" in verdict.reason or "outside the group" in verdict.reason


class BlindsWithASmallOrderPoint(Cheater):
    def send(self, kind, **body):
        if kind == "blind" and self.cheat_now():
            body = dict(body, point=TORSION[1])
            self.cheated = self.d.number
        super().send(kind, **body)


def test_a_small_order_point_in_the_exchange_is_refused_at_once():
    verdict = assert_caught(play(BlindsWithASmallOrderPoint, seed=3), "", immediate=True)
    assert "outside the group" in verdict.reason or "blinded" in verdict.reason


# --- revoking -------------------------------------------------------------------------------------

class Revokes(Cheater):
    """Does not follow suit once though it could, then plays on by the rules."""

    revoked_in = None

    def _duties(self):
        t = self.tracker
        if self.cheat_now() and t.phase == "play" and t.to_act == self.seat and t.trick and not self._in_flight() \
                and not self.d.dirty and self.d.transfer is None:
            led = t.trick[0][1].suit
            hand = t._mask()
            if hand & SUIT_MASKS[led] and hand & ~SUIT_MASKS[led]:
                card = cards_of(hand & ~SUIT_MASKS[led])[0]
                self.cheated, self.revoked_in = self.d.number, len(t.tricks)
                index = self._slot_of(card)
                point = self.d.slots[self.seat][index]
                self.send("play", slot=index, point=point, card=str(card), scalar=self.d.mine[point][1])
                return True
        return (yield from super()._duties())

    def _played(self, s, move):
        if s == self.seat and self.cheated is not None and self.revoked_in == len(self.tracker.tricks):
            self.tracker._legal_mask = lambda: -1  # its own tracker would refuse its own revoke
        try:
            super()._played(s, move)
        finally:
            self.tracker.__dict__.pop("_legal_mask", None)


def test_revoking_is_caught_and_named_with_its_trick():
    table = play(Revokes, seed=4)
    verdict = assert_caught(table, "follow", immediate=None)
    assert verdict.trick == table.devices[CHEATER].revoked_in


# --- a wrong card returned in the exchange --------------------------------------------------------

class ReturnsTheWrongCard(Cheater):
    """As receiver, gives back a card of the suit that is not its highest, when it can."""

    def send(self, kind, **body):
        t = self.tracker
        if kind == "return" and self.cheat_now():
            given = t.pending_give[2]
            real_mask = t._mask
            top = Card.from_index(highest_in_suit(real_mask(), given.suit))
            others = [c for c in cards_of(real_mask() & SUIT_MASKS[given.suit]) if c is not top and c.rank >= given.rank]
            if others:
                wrong = others[0]
                body = dict(body, slot=self._slot_of(wrong))
                self.cheated = self.d.number
                above = sum(c.mask for c in cards_of(real_mask() & SUIT_MASKS[given.suit]) if c.rank > wrong.rank)
                # its own tracker would refuse: let it see the wrong card as the highest until this return is
                # done (this pass alone: a later one, in this deal or another, is given back honestly)
                pending = t.pending_give
                t._mask = lambda: real_mask() & ~above if t.pending_give is pending else real_mask()
        super().send(kind, **body)


def test_giving_back_a_card_that_is_not_the_highest_is_found_by_the_audit():
    rules = RuleSet.preset("standard", deals=3)
    for seed in range(5, 40):
        table = play(ReturnsTheWrongCard, rules, seed=seed)
        if table.devices[CHEATER].cheated is not None:
            break
    else:
        pytest.fail("no exchange gave the cheater a chance in 35 matches")
    assert_caught(table, "not its highest", immediate=False)


# --- refusing to reveal -----------------------------------------------------------------------------

class RefusesToReveal(Cheater):
    def send(self, kind, **body):
        if kind == "reveal" and self.cheat_now():
            self.cheated = self.d.number
            return
        super().send(kind, **body)


def test_refusing_to_reveal_at_the_end_names_the_seat_and_the_match_goes_on():
    def time_out(table):  # the deadline passes on the device that keeps them (the host's, in a room)
        keeper = next(d for d in table.devices if d is not table.devices[CHEATER])
        for d in table.devices:
            d.timekeeper = keeper.seat
        keeper.name_overdue(CHEATER, "reveal")
        table.run()

    table = play(RefusesToReveal, after_run=time_out)
    assert_caught(table, "did not send its reveal in time", immediate=False)
    deal_points = breached_points(CHEATER, RULES.targets(0, None), None)
    assert sum(deal_points) == 0


def test_replayed_and_foreign_messages_are_refused_not_acted_on():
    table = play(FairDevice)
    d = table.devices[0]
    old = table.hub.log[5]
    before = list(d.tracker.totals)
    d.receive(old)
    d.receive(type(old)("another game", old.deal, old.sender, old.seq, old.kind, old.body))
    for _ in d.steps():
        pass
    assert [why for _, why in d.refused] == ["not of this game or deal", "not of this game or deal"]
    assert d.tracker.totals == before
