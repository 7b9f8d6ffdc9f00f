"""Rules of thumb for every decision, on masks: contract, exchange pass, discards, card play.

Pure functions of a view (through `knowledge`), shared by the heuristic player and by the
search player's simulations, which call the mask-level helpers directly.
"""

from __future__ import annotations

from game.engine.cards import SUIT_MASKS, popcount
from game.engine.rules import trump_of

from .policy import choose_card, lowest, masters, suit_len

# Per-card contribution to an estimate of the declarer's points, by contract kind.
# Additive, so the mean over a random hand (the baseline a later, forced declaration of
# the same type can expect) is exact: n/52 * sum of all card values.
_HONOR_SIDE = {14: 0.9, 13: 0.45, 12: 0.15}
_HONOR_NT = {14: 1.0, 13: 0.6, 12: 0.3, 11: 0.1}


def card_value(contract: str, index: int) -> float:
    suit, rank = index // 13, index % 13 + 2
    if contract == "MT":
        return {14: -1.0, 13: -0.7, 12: -0.45, 11: -0.25, 10: -0.1}.get(rank, 0.35 if rank <= 6 else 0.15)
    if contract == "NT":
        return _HONOR_NT.get(rank, 0.0)
    trump = trump_of(contract)
    if suit == trump:
        return 0.8 + {14: 0.6, 13: 0.4, 12: 0.25, 11: 0.1}.get(rank, 0.0)
    return _HONOR_SIDE.get(rank, 0.0)


_MEAN = {c: sum(card_value(c, i) for i in range(52)) / 52 for c in ("S", "H", "D", "C", "NT", "MT")}


def estimate(contract: str, hand: int) -> float:
    est = 0.0
    m = hand
    while m:
        low = m & -m
        est += card_value(contract, low.bit_length() - 1)
        m ^= low
    if contract == "NT":
        # a long suit runs in no-trumps
        est += 0.25 * sum(max(0, suit_len(hand, s) - 3) for s in range(4))
    return est


def choose_contract(hand: int, options, contracts_once: bool) -> str:
    """Best contract for the visible cards; with each type owed once, compare each type's
    estimate with what it can expect later on a random hand (its option value)."""
    n = popcount(hand)
    best, key = None, None
    for c in options:
        v = estimate(c, hand)
        if contracts_once and len(options) > 1:
            v -= n * _MEAN[c]
        if key is None or v > key:
            best, key = c, v
    return best


def choose_pass(hand: int, unknown: int, receiver_allowed: int, trump: int) -> int:
    """Card to pass: the lowest card of the suit where the receiver most likely holds a
    high card above mine (they must return their highest card of that suit)."""
    best, key = -1, None
    for s in range(4):
        if s == trump:
            continue
        mine = hand & SUIT_MASKS[s]
        if not mine:
            continue
        top = mine.bit_length() - 1
        above = unknown & receiver_allowed & SUIT_MASKS[s] & ~((1 << (top + 1)) - 1)
        gain = 0.0
        for i in range(12, -1, -1):
            if above >> (13 * s + i) & 1:
                gain += (i + 2) * 0.1 + 0.3
        x = lowest(mine)
        k = (gain, -(x % 13), -suit_len(hand, s))
        if key is None or k > key:
            best, key = x, k
    if best < 0:  # only trumps (the engine would have lapsed the pass) or classic
        best = lowest(hand)
    return best


def discard_keep_value(hand: int, card: int, trump: int, minimize: bool, out: int, left: int) -> float:
    """How much a card is worth keeping; the declarer discards the lowest."""
    s, r = card // 13, card % 13 + 2
    n = suit_len(hand, s)
    if minimize:
        v = (14 - r) * 2.0
        if r <= 6:
            v += n
        if n <= left and not (hand >> (13 * s)) & 0x1F:
            v -= 4  # voiding a suit with no safe low cards helps shed later
        return v
    is_master = bool(masters(hand, out) >> card & 1)
    if s == trump:
        return 100 + r
    v = r + (20 if is_master else 0)
    if trump >= 0:
        if n <= left and not is_master:
            v -= 12 - n  # a void lets us ruff
    else:
        v += 2 * n
    return v


def choose_discard(hand: int, trump: int, minimize: bool, out: int, left: int = 4) -> int:
    best, key = -1, None
    m = hand
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        v = discard_keep_value(hand, c, trump, minimize, out, left)
        if key is None or v < key:
            best, key = c, v
    return best


def discard_set(hand: int, trump: int, minimize: bool, out: int, n: int = 4) -> int:
    """The heuristic's whole discard, as a mask."""
    chosen = 0
    for left in range(n, 0, -1):
        c = choose_discard(hand & ~chosen, trump, minimize, out, left)
        chosen |= 1 << c
    return chosen


def voided_discards(hand: int, trump: int, minimize: bool, out: int) -> list[int]:
    """Alternative discard sets that void one short side suit, filled up heuristically."""
    sets = []
    for s in range(4):
        if s == trump:
            continue
        sm = hand & SUIT_MASKS[s]
        k = popcount(sm)
        if 0 < k <= 4:
            rest = hand & ~sm
            fill = discard_set(rest, trump, minimize, out, 4 - k) if k < 4 else 0
            sets.append(sm | fill)
    return sets


def play_card(view, know) -> int:
    trick = [c.index for _, c in view.trick]
    return choose_card(view.hand_mask, know.unknown, trick, view.leader, view.seat, view.trump,
                       view.rules.must_trump, view.contract == "MT", know.voids)
