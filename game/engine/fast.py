"""The fast path: trick play on 52-bit integers, for search playouts and benchmarks.

No objects, no validation: callers pass masks they know are consistent.  The public
``Match`` API uses the same primitives, so both agree on every rule by construction.
"""

from __future__ import annotations

import random

from .cards import SUIT_MASKS  # mask_indices: public here too
from .cards import SUIT_OF as _SUIT_OF
from .cards import indices_of as mask_indices


def legal_mask(hand: int, led_suit: int, trump: int, must_trump: bool) -> int:
    """Cards of `hand` that may be played; led_suit -1 means this card leads the trick."""
    if led_suit < 0:
        return hand
    follow = hand & SUIT_MASKS[led_suit]
    if follow:
        return follow
    if must_trump and trump >= 0:
        trumps = hand & SUIT_MASKS[trump]
        if trumps:
            return trumps
    return hand


def beats(card: int, best: int, trump: int) -> bool:
    """Does card index `card` beat the current best card index `best` of a trick?"""
    cs, bs = _SUIT_OF[card], _SUIT_OF[best]
    if cs == bs:
        return card > best
    return cs == trump


def trick_winner(leader: int, cards: list[int] | tuple[int, ...], trump: int) -> int:
    """Seat that wins a trick led by `leader` with card indices in play order."""
    best = 0
    for i in (1, 2):
        if beats(cards[i], cards[best], trump):
            best = i
    return (leader + best) % 3


def random_card(mask: int, rng: random.Random) -> int:
    """A uniformly random card index of a non-empty mask."""
    return rng.choice(mask_indices(mask))


def play_out(hands: list[int], leader: int, trump: int, must_trump: bool, rng: random.Random) -> list[int]:
    """Play the remaining tricks with uniformly random legal cards; returns tricks per seat.

    `hands` is modified in place.  The hands must hold equally many cards.
    """
    taken = [0, 0, 0]
    suit_masks = SUIT_MASKS
    choice = rng.choice
    while hands[leader]:
        seat = leader
        card = choice(mask_indices(hands[seat]))
        hands[seat] ^= 1 << card
        led = card // 13
        best, best_seat = card, seat
        for _ in (1, 2):
            seat = (seat + 1) % 3
            hand = hands[seat]
            legal = hand & suit_masks[led]
            if not legal:
                legal = hand
                if must_trump and trump >= 0 and hand & suit_masks[trump]:
                    legal = hand & suit_masks[trump]
            card = choice(mask_indices(legal))
            hands[seat] = hand ^ (1 << card)
            cs = card // 13
            if (cs == best // 13 and card > best) or (cs == trump and best // 13 != trump):
                best, best_seat = card, seat
        taken[best_seat] += 1
        leader = best_seat
    return taken


def score(taken, targets, minimum: bool) -> tuple[int, int, int]:
    """Points of one deal: tricks over target, or in MT under the limit."""
    if minimum:
        return (targets[0] - taken[0], targets[1] - taken[1], targets[2] - taken[2])
    return (taken[0] - targets[0], taken[1] - targets[1], taken[2] - targets[2])
