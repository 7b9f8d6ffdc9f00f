"""Nothing a guest receives names a card it may not know at that moment, and nothing
before the match is over lets it compute one (no other device's value, no seed).

What a seat may know of deal d after k actions is taken from the engine's own views
(replayed): every card any of its views of deal d showed so far (its hand, the kitty and
discards when it declared, cards passed to or by it, cards played), and every card of
deal d once that deal is over (as the offline score screen shows it).  Each message is
checked twice: the cards it carries in its structure, each tagged with its deal, must be
known; and every card written anywhere in its text must be one of those (so nothing
hides in another field).
"""

from __future__ import annotations

import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import CARDS, RuleSet
from game.online.protocol import decode, encode
from game.online.shuffle import match_seed

from .helpers import Room, views_by_at

CARD_TEXT = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][SHDC])(?![A-Za-z0-9])")
ALL = frozenset(CARDS)


def cards_in(view) -> set:
    cards = set(view.hand) | set(view.kitty or ()) | set(view.discards or ())
    cards |= {c for _, c in view.trick} | {c for t in view.tricks for c in t.cards}
    cards |= {c for step in view.exchange for c in (step.given, step.returned) if c is not None}
    return cards


class Knowledge:
    """known(d, k): the cards of deal d the seat may know after k actions."""

    def __init__(self, match, seat: int):
        self.views = views_by_at(match, seat)
        self.ends = {}  # deal -> the number of actions when it was over
        at = 0
        for deal in match.deals:
            at += 1 + 4 + 48 + len(deal.exchange)
            self.ends[deal.number] = at
        self.seen: dict[tuple[int, int], set] = {}
        running: dict[int, set] = {}
        for k in range(len(self.views)):
            v = self.views[k]
            running.setdefault(v.deal_number, set()).update(cards_in(v))
            for d, cards in running.items():
                self.seen[(d, k)] = set(cards)

    def known(self, deal: int, k: int) -> frozenset:
        if self.ends.get(deal, float("inf")) <= k:
            return ALL
        return frozenset(self.seen.get((deal, k), ()))


def structured_cards(msg, knowledge: Knowledge) -> list[tuple[int, object]]:
    """(deal, card) for every card the message carries in its fields."""
    body = msg.body
    out = []
    if msg.kind in ("update", "state"):
        view = body["view"]
        out += [(view.deal_number, c) for c in cards_in(view)]
    if msg.kind == "update":
        deal = knowledge.views[body["at"] - 1].deal_number  # the deal the action was taken in
        for ev in body["events"]:
            if ev.kind == "dealt":
                deal = ev.data
            if ev.card is not None:
                out.append((deal, ev.card))
            if ev.kind == "kitty" and ev.data is not None:
                out += [(deal, c) for c in ev.data]
    if msg.kind == "deal_over":
        d = body["deal"]
        out += [(d.number, c) for c in (*d.hands[0], *d.hands[1], *d.hands[2], *d.kitty)]
        out += [(d.number, a.card) for a in d.actions if a.card is not None]
    return out


def check_guest(guest, log: list[str], match, values, seed: int) -> int:
    """Scan everything `guest` received; returns how many cards were checked."""
    knowledge = Knowledge(match, guest.seat)
    secrets = [v.hex() for s, v in enumerate(values) if v is not None and s != guest.seat]
    secrets += [str(seed), f"{seed:x}"]
    checked, waiting_deals, audit_seen = 0, [], False
    for text in log:
        msg = decode(text, from_host=True)
        assert msg, msg
        if msg.kind == "audit":
            audit_seen = True
        if not audit_seen:
            for secret in secrets:
                assert secret not in text, f"a value or the seed before the end: {msg.kind}"
        written = {m for m in CARD_TEXT.findall(text)}
        carried = structured_cards(msg, knowledge)
        assert written <= {str(c) for _, c in carried}, (msg.kind, written)
        if msg.kind == "deal_over":
            waiting_deals.append(msg.body["deal"])
        elif msg.kind in ("update", "state"):
            k = msg.body["at"]
            for deal in waiting_deals:  # published just before this step: over by now
                assert knowledge.ends[deal.number] <= k
            waiting_deals = []
        else:
            assert not carried
            continue
        for deal, card in carried:
            if msg.kind == "deal_over":
                continue  # checked above: the deal is over, every card of it is shown
            assert card in knowledge.known(deal, k), f"{card} of deal {deal + 1} in {msg.kind} at {k}, seat {guest.seat}"
            checked += 1
    return checked


@settings(max_examples=6, deadline=None)
@given(preset=st.sampled_from(["standard", "blato", "classic"]), guests=st.sampled_from([1, 2]),
       seed=st.integers(0, 2**32))
def test_nothing_a_guest_receives_names_a_card_it_may_not_know(preset, guests, seed):
    room = Room(guests=guests, rules=RuleSet.preset(preset, deals=3), seed=seed, strength="heuristic")
    room.start()
    room.play_to_end()
    host = room.host
    seed_used = match_seed(host.nonce, host.values)
    for index, guest in enumerate(room.guests):
        guest_end = room.links[index].peer
        checked = check_guest(guest, guest_end.log, host.match, host.values, seed_used)
        assert checked > 100


def test_the_scan_finds_a_leak():
    """The check above is not blind: a host that sends a guest its neighbour's hand in a
    notice's place, or an event left unmasked, is caught."""
    room = Room(guests=2, rules=RuleSet.preset("standard", deals=3))
    room.start()
    room.play_to_end()
    host, guest = room.host, room.guests[0]
    log = list(room.links[0].peer.log)
    seed = match_seed(host.nonce, host.values)
    check_guest(guest, log, host.match, host.values, seed)  # honest: passes
    other = (guest.seat + 1) % 3
    # an update whose view is the other seat's hand, at the start of the match
    first_update = next(i for i, t in enumerate(log) if json.loads(t)["type"] == "update")
    forged = json.loads(log[first_update])
    neighbour = host.match.deals[0].hands[other]
    forged["body"]["events"].append({"kind": "played", "seat": other, "card": str(neighbour[-1]), "data": None})
    leaky = log[:first_update] + [json.dumps(forged)] + log[first_update + 1:]
    try:
        check_guest(guest, leaky, host.match, host.values, seed)
    except AssertionError:
        pass
    else:
        raise AssertionError("a card of another hand went unnoticed")
    # the other guest's value sent early
    told = encode("refused", 99, {"code": "stale", "seq": 0, "detail": host.values[host.seat].hex()})
    early = log[:3] + [told] + log[3:]
    try:
        check_guest(guest, early, host.match, host.values, seed)
    except AssertionError:
        pass
    else:
        raise AssertionError("a value sent before the end went unnoticed")
