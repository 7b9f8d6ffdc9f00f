"""The one rule book of a fair deal's messages: what each message may carry, who may send
it and when, checked against the public state of the deal alone.

Why one book: a device that refuses a message on receipt stops the deal and accuses its
sender, and then the audit, from the transcript, decides who breached the deal; an
accusation it cannot bear out names the accuser (stopping a deal without cause is a
breach).  A check made on receipt that the audit did not make again would so let a
cheater get the seat that accused it named, at will.  So every device on receipt and the
audit's replay take each message through this same book, on the same public state rebuilt
from the same transcript: what one refuses, the other refuses, in the same words.

The public state of a deal is the public part of a DealState (its decks, every seat's
slots, the keys sent, the exchange's pass under way), the points the deal has shown, and,
once every seat sent its keys for the hands, the deal's turns as a tracker of no seat sees
them (`watcher`: who acts, the contract, the cards played, the suits a seat showed it
lacks).  The checks that need a secret stay where the secret is: a card opened with a
seat's own key (openings.py), a card passed opened by its receiver (blinded.py), what the
watching seat holds or knows (its own tracker); the audit makes each of them again with
the secrets revealed and the real rules (audit.py).

`verify` asks for the public checks that cost group operations (every point a message
brings is in the group; a played card opens its slot): a device makes them on receipt of
another seat's message, the audit in its full pass (its quick pass runs when no device
accused anyone, so none of them failed).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.cards import Card
from ...engine.phases import Phase
from .breach import Breach
from .deal_state import DealState
from .messages import Msg
from .ops import POINT_BYTES, Batch, OffGroup, check_scalar
from .prepare import KITTY, seat_positions
from .tracker import Tracker

WHATS = ("hands", "rest", "kitty")  # what keys open: every hand, the rest of the declarer's, the kitty


@dataclass(frozen=True)
class Move:
    """What a message did to the public state, for the checks made after the book's: the
    device's (with its secrets) and the audit's (with the revealed ones)."""

    point: bytes | None = None  # the slot it named: given, given back, re-made, discarded, played
    old: tuple = ()  # a reshuffled hand's slots before
    card: Card | None = None  # the card played
    transfer: dict | None = None  # the exchange's pass as it stood before an unblinding


class Rulebook:
    """The public rules of one deal's messages, over its public state `deal`."""

    def __init__(self, rules, deal: DealState):
        self.rules, self.deal = rules, deal
        self.declarer = rules.declarer_of(deal.dealer)
        self.watcher: Tracker | None = None  # the deal's turns, once every hand is opened
        self.seen: set[bytes] = set()  # every point the deal has shown (a new slot must be new)

    def take(self, msg: Msg, group, verify: bool):
        """Generator (yields while the group works, when `verify`): checks `msg` and, if it
        keeps the rules, applies it to the public state; returns its Move.  Raises Breach
        naming the sender, and changes nothing that the audit would not change alike."""
        s, kind, body = msg.sender, msg.kind, _body(msg)
        if kind in _PLAIN:
            move = getattr(self, _PLAIN[kind])(s, kind, body)
        elif kind in _PROVED:
            move = yield from getattr(self, _PROVED[kind])(s, body, group if verify else None)
        else:
            raise Breach(s, f"sent a message that is not one ({body.get('kind', kind)})")
        self._deal_kitty()
        return move

    def take_deck(self, msg: Msg) -> None:
        """A deck (`shuffle`, `lock`: the next deal's, shuffled ahead while this one is
        played), taken at once: it needs no work of the group."""
        self._deck(msg.sender, msg.kind, _body(msg))

    # --- the decks ----------------------------------------------------------------------------
    def _deck(self, s: int, kind: str, body: dict) -> Move:
        d = self.deal
        stage = len(d.decks)
        if stage >= 5 or s != (d.order + d.order[:2])[stage] or kind != ("shuffle" if stage < 2 else "lock"):
            raise Breach(s, f"sent a deck out of turn (stage {stage + 1})")
        deck = body.get("deck")
        if not _points(deck) or len(deck) != 52 or len(set(deck)) != 52:
            raise Breach(s, "sent a deck that is not 52 different points")
        d.decks.append(deck)
        self.seen.update(deck)
        if stage == 4:
            d.final = deck
            for seat in range(3):
                d.slots[seat] = [deck[j] for j in seat_positions(d.dealer, seat)]
        return Move()

    # --- the keys -------------------------------------------------------------------------------
    def keys_due(self, s: int, what: str) -> set[int]:
        """The deck positions whose keys seat `s` sends now for `what`; Breach if it sends none."""
        d, rules, t = self.deal, self.rules, self.watcher
        partial = rules.declare_on < 16 and not rules.exchange_first
        if what == "hands":
            out = set()
            for seat in range(3):
                if seat != s:
                    own = seat_positions(d.dealer, seat)
                    out |= set(own[: rules.declare_on] if seat == self.declarer and partial else own)
            return out
        if what == "rest" and partial and s != self.declarer and t is not None and t.contract is not None:
            return set(seat_positions(d.dealer, self.declarer)[rules.declare_on:])
        if what == "kitty" and s != self.declarer and t is not None and t.kitty_taken and d.transfer is None:
            return set(KITTY)
        raise Breach(s, f"sent keys ({what}) it was not asked for")

    def _keys(self, s: int, kind: str, body: dict) -> Move:
        d = self.deal
        what, keys = body.get("what"), body.get("keys")
        if d.final is None:
            raise Breach(s, "sent keys before the deck was locked")
        if what not in WHATS:
            raise Breach(s, "sent keys for nothing that is opened")
        if (s, what) in d.key_msgs:
            raise Breach(s, f"sent its keys ({what}) twice")
        if not isinstance(keys, dict) or set(keys) != self.keys_due(s, what):
            raise Breach(s, f"sent the wrong set of keys ({what})")
        if not all(_scalar(k) for k in keys.values()):
            raise Breach(s, f"sent a key that is no scalar ({what})")
        d.keys[s].update(keys)
        d.key_msgs.add((s, what))
        if what == "hands" and all((x, "hands") in d.key_msgs for x in range(3)):
            self._watch()
        return Move()

    def _watch(self) -> None:
        """Every seat sent its keys for the hands: the deal's turns begin."""
        d = self.deal
        totals, used, previous = d.start
        self.watcher = Tracker(None, self.rules, d.dealer, d.number, totals, used, previous)
        self.watcher.deal([])

    def _turns(self, s: int, what: str) -> Tracker:
        """The watcher, for an action of the game: none before every hand is opened, nor while
        a card passed in the exchange is being opened (its giver's and receiver's own
        trackers learn of the pass only then, and an honest seat waits for it)."""
        if self.watcher is None:
            raise Breach(s, f"{what} before every hand was opened")
        if self.deal.transfer is not None:
            raise Breach(s, f"{what} while a card passed was being opened")
        return self.watcher

    # --- the game's actions -----------------------------------------------------------------------
    def _declare(self, s: int, kind: str, body: dict) -> Move:
        contract = body.get("contract")
        if type(contract) is not str:
            raise Breach(s, "declared no contract")
        self._turns(s, "declared").declared(s, contract)
        return Move()

    def _lapse(self, s: int, kind: str, body: dict) -> Move:
        self._turns(s, "lapsed").lapsed(s)
        return Move()

    def _discard(self, s: int, kind: str, body: dict) -> Move:
        t = self._turns(s, "discarded")
        point = self._slot(s, body.get("slot"))
        t.discarded(s, None)
        self.deal.slots[s].remove(point)
        return Move(point=point)

    def _play(self, s: int, body: dict, group):
        d = self.deal
        t = self._turns(s, "played")
        point = self._slot(s, body.get("slot"))
        card = card_named(body.get("card"))
        if card is None:
            raise Breach(s, "played no card")
        if body.get("point") != point:
            raise Breach(s, "played a card naming the wrong slot")
        scalar = body.get("scalar")
        if not _scalar(scalar):
            raise Breach(s, f"played {card} with no scalar", len(t.tricks))
        if group is not None:
            batch = Batch()
            made = batch.mulpub(group.points[card.index], scalar)
            got = yield from group.run(batch)
            if got.values[made.index] != point:
                raise Breach(s, f"played {card}, which is not the card it holds", len(t.tricks))
        t.played(s, card)
        d.slots[s].remove(point)
        return Move(point=point, card=card)

    # --- the exchange ---------------------------------------------------------------------------
    def _give(self, s: int, kind: str, body: dict) -> Move:
        d = self.deal
        t = self._turns(s, "passed a card")
        if t.phase != Phase.EXCHANGE or t.to_act != s or not t.plan:
            raise Breach(s, "passed a card out of turn")
        receiver = t.plan[0][1]
        point = self._slot(s, body.get("slot"))
        t.gave(s, receiver, None)
        d.slots[s].remove(point)
        d.slots[receiver].append(point)
        d.transfer = {"giver": s, "receiver": receiver, "point": point, "step": "give"}
        return Move(point=point)

    def _return(self, s: int, kind: str, body: dict) -> Move:
        d = self.deal
        x = d.transfer
        if not x or x["step"] != "opened" or s != x["receiver"]:
            raise Breach(s, "gave back a card out of turn")
        point = self._slot(s, body.get("slot"))
        self.watcher.returned(s, x["giver"], None)
        d.slots[s].remove(point)
        d.slots[x["giver"]].append(point)
        x.update(point=point, step="return")
        return Move(point=point)

    def _blind(self, s: int, body: dict, group):
        x = self.deal.transfer
        opener = x and (x["receiver"] if x["step"] == "give" else x["giver"])
        if not x or x["step"] not in ("give", "return") or s != opener or "blinded" in x:
            raise Breach(s, "sent a blinded card out of turn")
        point = body.get("point")
        yield from self._in_group(s, [point], group)
        x["blinded"] = point
        return Move(point=point)

    def _unblind(self, s: int, body: dict, group):
        d = self.deal
        x = d.transfer
        holder = x and (x["giver"] if x["step"] == "give" else x["receiver"])
        if not x or "blinded" not in x or s != holder:
            raise Breach(s, "sent an unblinded card out of turn")
        point = body.get("point")
        yield from self._in_group(s, [point], group)
        if x["step"] == "give":  # the receiver, who now holds the card, gives one back
            d.transfer = {k: v for k, v in x.items() if k != "blinded"} | {"step": "opened"}
        else:
            d.transfer = None
        return Move(point=point, transfer=x)

    # --- new slots --------------------------------------------------------------------------------
    def _remake(self, s: int, body: dict, group):
        d = self.deal
        index, point = body.get("slot"), body.get("point")
        old = self._slot(s, index)
        if not _points([point]):
            raise Breach(s, "re-made a card into no point")
        if point in self.seen:
            raise Breach(s, "re-made a card into a point already used")
        yield from self._in_group(s, [point], group)
        d.slots[s][index] = point
        self.seen.add(point)
        return Move(point=old)

    def _reshuffle(self, s: int, body: dict, group):
        d = self.deal
        hand = body.get("hand")
        if not _points(hand) or len(hand) != len(d.slots[s]) or len(set(hand)) != len(hand):
            raise Breach(s, "reshuffled its hand into a different number of new cards")
        if self.seen & set(hand):
            raise Breach(s, "reshuffled its hand into points already used")
        yield from self._in_group(s, hand, group)
        old = tuple(d.slots[s])
        d.slots[s] = list(hand)
        self.seen.update(hand)
        return Move(old=old)

    # --- shared -------------------------------------------------------------------------------------
    def _slot(self, s: int, index) -> bytes:
        slots = self.deal.slots[s]
        if type(index) is not int or not 0 <= index < len(slots):
            raise Breach(s, "named a card it does not have")
        return slots[index]

    def _in_group(self, s: int, points: list, group):
        """Generator: Breach unless every point is one (and, when `group`, of the prime-order
        group: a point with a small-order part could tag a card and follow it)."""
        if not _points(points):
            raise Breach(s, "sent a point that is no point")
        if group is None:
            return
        batch = Batch()
        checks = [batch.check(p) for p in points]
        got = yield from group.run(batch)
        if not all(got.ok(c) for c in checks):
            raise Breach(s, "sent a point outside the group")

    def _deal_kitty(self) -> None:
        """The declarer took the kitty: its slots are the declarer's from now on."""
        d, t = self.deal, self.watcher
        if t is not None and t.kitty_taken and not d.kitty_dealt:
            d.kitty_dealt = True
            d.slots[self.declarer] += [d.final[j] for j in KITTY]


# kind -> the method that takes it: plain ones, and those with checks in the group
_PLAIN = {"shuffle": "_deck", "lock": "_deck", "keys": "_keys", "declare": "_declare", "lapse": "_lapse",
          "give": "_give", "return": "_return", "discard": "_discard"}
_PROVED = {"blind": "_blind", "unblind": "_unblind", "remake": "_remake", "reshuffle": "_reshuffle", "play": "_play"}


def _body(msg: Msg) -> dict:
    if not isinstance(msg.body, dict):
        raise Breach(msg.sender, f"sent a message that is not one ({msg.kind})")
    return msg.body


def _points(value) -> bool:
    return isinstance(value, list) and all(type(p) is bytes and len(p) == POINT_BYTES for p in value)


def _scalar(value) -> bool:
    try:
        check_scalar(value)
    except OffGroup:
        return False
    return True


def card_named(value) -> Card | None:
    if type(value) is not str:
        return None
    try:
        return Card.parse(value)
    except ValueError:
        return None


__all__ = ["Move", "Rulebook", "WHATS", "card_named"]
