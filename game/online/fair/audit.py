"""The audit at the end of a fairly dealt deal: every device rebuilds the deal from the
transcript and the three seats' revealed secrets, checks every step, and replays every
action through the real rules (`Match.from_position`).  The first breach, in the order of
the transcript, names the seat (and the trick); every device reaches the same verdict,
since all hold the same transcript and reveals.

Every message is first taken through the rule book (rulebook.py), the very checks each
device made on receipt, on the same public state rebuilt from the transcript: so a message
a device refused, and accused its sender of, is refused here too and names that sender.
Then come the checks only the revealed secrets allow: each card dealt, re-made or
reshuffled against the keys and scalars revealed, each key and blind sent against the
revealed ones, and the real rules (could the seat have followed suit? did it give back its
highest card? may it lapse?).  An accuser is named only when all of that finds nothing.

Two passes, to keep an honest deal cheap: when nobody accused anybody, the quick pass takes
the plays as checked (every device checked each one at once), decrypts only the deck
positions never played as they were dealt and checks only the new cards of reshuffles
that were not played; if it finds anything wrong, or someone accused someone during the
deal, the full pass checks everything (every point of a message in the group, every shuffle
and lock against the revealed keys, every key sent, every blinded opening, every play) so
that the breach is pinned on the right seat.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass

from ...engine import Action, Card, IllegalAction, InvalidPosition, Match
from ...engine.cards import SUIT_NAMES
from .breach import Breach
from .deal_state import DealState
from .dues import LATE_UNFOUNDED
from .ops import Batch, OffGroup, check_scalar
from .prepare import KITTY, seat_positions, shuffle_order
from .rulebook import Rulebook, card_named

DECK_KINDS = ("shuffle", "lock")


@dataclass
class AuditInput:
    rules: object
    dealer: int
    number: int
    start: tuple  # totals, used, previous points before the deal
    points: list  # the 52 card points
    transcript: list
    reveals: dict  # seat -> revealed secrets
    group: object  # the backend (ops.py) that runs the checks
    replayed: Match | None = None  # out: the deal replayed through the rules (as far as it went)


def audit(inp: AuditInput):
    """Generator (yields between group operations); returns the first Breach, or None."""
    accusation = next((m for m in inp.transcript if m.kind == "breach"), None)
    quick = None
    if accusation is None:
        quick = yield from _checked(inp, full=False)
        if quick is None:
            return None
    verdict = yield from _checked(inp, full=True)
    if verdict is None and accusation is not None:
        return Breach(accusation.sender, "stopped the deal, but the audit found nothing wrong")
    return verdict or quick


def _checked(inp: AuditInput, full: bool):
    for seat in range(3):
        yield  # (a reveal's 52 keys and more, read: a step of its own in the browser, apart from
        # the step that took the last reveal in)
        problem = _malformed(inp.reveals.get(seat))
        if problem:
            return Breach(seat, f"revealed {problem}")
    replay = _Replay(inp, full)
    try:
        return (yield from replay.run())
    except Breach as breach:
        return breach
    finally:
        inp.replayed = replay.match


def _malformed(reveal) -> str | None:
    """What is wrong with the shape of a reveal, or None."""
    if not isinstance(reveal, dict):
        return "nothing"
    try:
        if sorted(reveal["permutation"]) != list(range(52)) or len(reveal["card_keys"]) != 52:
            return "a wrong shuffle or keys"
        for k in reveal["card_keys"] + list(reveal["blinds"]):
            check_scalar(k)
        if reveal["deck_key"] is not None:
            check_scalar(reveal["deck_key"])
        for _point, (card, scalar) in reveal["claims"].items():
            Card.parse(card)
            check_scalar(scalar)
    except (KeyError, TypeError, ValueError, OffGroup):
        return "malformed keys"
    return None


class _Replay:
    def __init__(self, inp: AuditInput, full: bool):
        self.inp, self.full = inp, full
        self.group = inp.group
        self.points = inp.points
        self.reveals = inp.reveals
        self.order = shuffle_order(inp.dealer)
        self.public = DealState(inp.number, inp.dealer, None, inp.start)  # as every device saw it
        self.book = Rulebook(inp.rules, self.public)
        self.played = {} if full else _played(inp.transcript)  # the quick pass's: point -> the card played
        self.cards: dict[bytes, Card] = {}  # every slot's point -> its card, as dealt, re-made or reshuffled
        self.match: Match | None = None
        self.lapses: deque[int] = deque()
        self.expected_return: Card | None = None
        self.beta: bytes | None = None  # the blind of the pass under way
        self.blind_count = [0, 0, 0]

    PAUSE_EVERY = 4  # messages replayed between pauses: the quick pass runs no group operation,
    # and a whole deal's replay in one go was ~50-100 ms of a browser frame at 4x CPU slowdown;
    # and a pause before each deck (52 points to take: four of them were a 45 ms step at 4x)

    def run(self):
        for number, msg in enumerate(self.inp.transcript):
            if msg.kind == "breach":
                break
            if number % self.PAUSE_EVERY == self.PAUSE_EVERY - 1 or msg.kind in DECK_KINDS:
                yield  # the frame's slice keeper may stop here (fair_room/station.py)
            if msg.kind != "reveal":
                try:
                    yield from self.step(msg)
                except (KeyError, IndexError, TypeError, ValueError) as exc:  # a blind it did not reveal, ...
                    raise Breach(msg.sender, f"sent a message that does not fit the deal ({type(exc).__name__})",
                                 self.trick_now()) from None
        return None

    def step(self, msg):
        s, body, kind = msg.sender, msg.body, msg.kind
        if kind == "overdue":
            # one the devices took ends the deal at once, without an audit: one the audit reads
            # was refused alike on every device, the seat it named owing nothing of the kind
            raise Breach(s, LATE_UNFOUNDED.format(suspect=body["suspect"], duty=body["duty"]))
        move = yield from self.book.take(msg, self.group, verify=self.full)
        if kind in ("shuffle", "lock"):
            yield from self.deck(s, body["deck"])
        elif kind == "keys":
            if self.full and any(k != self.reveals[s]["card_keys"][j] for j, k in body["keys"].items()):
                raise Breach(s, "sent a key it did not reveal as its own")
        elif kind == "declare":
            self.apply(s, Action.declare(body["contract"]))
        elif kind == "lapse":
            if not self.lapses or self.lapses[0] != s:
                raise Breach(s, "let its passes lapse while holding a card it could pass")
            self.lapses.popleft()
        elif kind == "give":
            events = self.apply(s, Action.give(self.cards[move.point]))
            self.expected_return = next(e for e in events if e.kind == "returned").card
        elif kind == "return":
            card, top = self.cards[move.point], self.expected_return
            if card is not top:
                raise Breach(s, f"gave back {card}, not its highest {SUIT_NAMES[top.suit]} ({top})")
            self.expected_return = None
        elif kind == "blind":
            self.beta = self.reveals[s]["blinds"][self.blind_count[s]]
            self.blind_count[s] += 1
            if self.full and (yield from self.times_scalar(self.public.transfer["point"], self.beta)) != move.point:
                raise Breach(s, "blinded a card with a key it did not reveal")
        elif kind == "unblind":
            card = self.cards[move.transfer["point"]]
            if self.full and (yield from self.times_scalar(self.points[card.index], self.beta)) != move.point:
                raise Breach(s, "opened a blinded card with a key that is not the card's")
        elif kind == "reshuffle":
            cards = yield from self.claimed(s, body["hand"])
            if Counter(c.index for c in cards) != Counter(self.cards[p].index for p in move.old):
                raise Breach(s, "changed the cards in its hand when it reshuffled them")
            self.cards.update(zip(body["hand"], cards))
        elif kind == "remake":
            card = self.cards[move.point]
            if (yield from self.claimed(s, [body["point"]]))[0] is not card:
                raise Breach(s, f"changed a card when it re-made it ({card})")
            self.cards[body["point"]] = card
        elif kind == "discard":
            self.apply(s, Action.discard(self.cards[move.point]))
        elif kind == "play":  # (its card opens its slot: the rule book checked it, in the full pass)
            card = self.cards[move.point]
            if move.card is not card:
                raise Breach(s, f"played {move.card}, which is not the card it holds", len(self.match.current.tricks))
            self.apply(s, Action.play(card))

    def trick_now(self) -> int | None:
        m = self.match
        return len(m.current.tricks) if m is not None and m.phase == "play" else None

    def apply(self, seat: int, action: Action) -> list:
        m = self.match
        if m is None or m.to_act != seat:
            raise Breach(seat, f"{action} out of turn")
        trick = len(m.current.tricks) if m.phase == "play" else None
        try:
            events = m.apply(action)
        except IllegalAction as exc:
            raise Breach(seat, f"{action}: {exc}", trick) from None
        for e in events:
            if e.kind == "lapsed":
                self.lapses.append(e.seat)
        return events

    def times_scalar(self, point: bytes, scalar: bytes):
        """point x scalar (the scalars are public now), or None when that is no group element."""
        batch = Batch()
        made = batch.mulpub(point, scalar)
        got = yield from self.group.run(batch)
        return got.values[made.index]

    def claimed(self, seat: int, points: list):
        """The cards of new slots a seat made, by the scalars it revealed for them."""
        cards: list = [None] * len(points)
        batch, asked = Batch(), []
        for i, point in enumerate(points):
            if not self.full and point in self.played:
                cards[i] = self.played[point]
                continue
            claim = self.reveals[seat]["claims"].get(point)
            if claim is None:
                raise Breach(seat, "revealed no key for a card it held")
            cards[i] = Card.parse(claim[0])
            asked.append((i, point, batch.mulpub(self.points[cards[i].index], claim[1])))
        got = (yield from self.group.run(batch)) if asked else None
        for i, point, made in asked:
            if got.values[made.index] != point:
                raise Breach(seat, f"revealed a key that does not open its card ({cards[i]})")
        return cards

    def deck(self, s: int, deck: list):
        stage = len(self.public.decks) - 1  # (the rule book took it)
        if self.full:
            yield from self.check_stage(stage, s, deck)
        if stage == 4:
            yield from self.deal(deck)

    def check_stage(self, stage: int, s: int, deck: list):
        r = self.reveals[s]
        source = self.points if stage == 0 else self.public.decks[stage - 1]
        batch = Batch()
        if stage < 3:
            key = r["card_keys"] if stage == 2 else [r["deck_key"]] * 52
            wants = [batch.mulpub(source[r["permutation"][i]], key[i]) for i in range(52)]
        else:
            inverse = batch.inv(r["deck_key"])
            wants = [batch.mulpub(source[i], batch.times(inverse, r["card_keys"][i])) for i in range(52)]
        got = yield from self.group.run(batch)
        for i, want in enumerate(wants):
            if got.values[want.index] != deck[i]:
                raise Breach(s, f"{'shuffled' if stage < 2 else 'locked'} the deck otherwise than its keys say")

    def deal(self, final: list):
        """The deal as dealt: each position opened with the three seats' revealed keys."""
        cards: list = [None] * 52
        batch, asked = Batch(), []
        for j, point in enumerate(final):
            if not self.full and point in self.played:
                cards[j] = self.played[point]
                continue
            keys = batch.product([self.reveals[s]["card_keys"][j] for s in range(3)])
            asked.append((j, batch.mulpub(point, batch.inv(keys))))
        got = (yield from self.group.run(batch)) if asked else None
        for j, opened in asked:
            card = self.inp_card(got.values[opened.index])
            if card is None:
                raise Breach(self.order[1], f"deck position {j} opens to no card")
            cards[j] = card
        if len(set(cards)) != 52:
            raise Breach(self.order[1], "the deck holds a card twice")
        yield  # (the deal rebuilt through the rules is a step of its own)
        dealer = self.inp.dealer
        hands = [[cards[j] for j in seat_positions(dealer, s)] for s in range(3)]
        totals, used, previous = self.inp.start
        try:
            self.match = Match.from_position(self.inp.rules, hands, [cards[j] for j in KITTY], dealer,
                                             self.inp.number, totals, used, previous)
        except InvalidPosition as exc:
            raise AssertionError(f"the audit cannot rebuild the deal: {exc}") from None
        self.cards = dict(zip(final, cards))

    def inp_card(self, point: bytes):
        if not hasattr(self, "_card_at"):
            self._card_at = {p: Card.from_index(i) for i, p in enumerate(self.points)}
        return self._card_at.get(point)


def _played(transcript) -> dict:
    """point -> card of every play in the transcript (as named: the quick pass's, which runs
    only when no device refused one)."""
    out = {}
    for m in transcript:
        card = card_named(m.body.get("card")) if m.kind == "play" and isinstance(m.body, dict) else None
        if card is not None and isinstance(m.body.get("point"), bytes):
            out[m.body["point"]] = card
    return out


__all__ = ["AuditInput", "audit"]
