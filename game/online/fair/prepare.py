"""Work done before a deal, in slices: it does not depend on the cards, so a frame loop
can run it on idle frames of the previous deal (like the computer players' thinking,
game/ai/slicing.py's SliceKeeper drives the generators here).

What: the 52 card points (once per session), and for each deal one seat's secrets: its
deck key and its inverse, its shuffle, its 52 per-card keys and the factors that turn the
deck key into them; and the seat that shuffles first, whose input is the plain card
points, shuffles its whole deck ahead (52 multiplications that are then off the deal's
path).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from . import group

_CARD_POINTS: list[bytes] = []


def card_points_steps():
    """Generator making the 52 card points once per session (one point per step)."""
    if len(_CARD_POINTS) == 52:
        return
    made: list[bytes] = []
    yield from group.card_points_steps(made)
    if len(_CARD_POINTS) != 52:
        _CARD_POINTS[:] = made


def card_points() -> list[bytes]:
    for _ in card_points_steps():
        pass
    return _CARD_POINTS


def shuffle_order(dealer: int) -> tuple[int, int, int]:
    """Who shuffles first, second and last (the last also locks card by card): from the
    dealer's left, as the cards are dealt."""
    return ((dealer + 1) % 3, (dealer + 2) % 3, dealer)


KITTY = [48, 49, 50, 51]  # deck positions of the kitty


def seat_positions(dealer: int, seat: int) -> list[int]:
    """The deck positions dealt to `seat`, in dealt order (one at a time from the dealer's left)."""
    return [j for j in range(48) if (dealer + 1 + j) % 3 == seat]


@dataclass
class DealSecrets:
    """One seat's secrets for one deal (revealed at its end, for the audit)."""

    role: int  # 0, 1 or 2: place in shuffle_order
    deck_key: bytes | None = None  # roles 0 and 1 (role 2 locks card by card at once)
    permutation: list[int] = field(default_factory=list)  # output position i takes input permutation[i]
    card_keys: list[bytes] = field(default_factory=list)  # per deck position
    lock_factors: list[bytes] = field(default_factory=list)  # deck_key^-1 * card_keys[j]
    first_deck: list[bytes] | None = None  # role 0: its shuffle, made ahead


def prepare_steps(role: int, out: list, rng=None):
    """Generator: appends one DealSecrets for `role` to `out`; yields between group operations.
    `rng` shuffles (tests pass a seeded one for repeatable deals; keys always come from the OS)."""
    yield from card_points_steps()
    s = DealSecrets(role)
    s.permutation = list(range(52))
    (rng or secrets.SystemRandom()).shuffle(s.permutation)
    s.card_keys = [group.random_scalar() for _ in range(52)]
    yield
    if role < 2:
        s.deck_key = group.random_scalar()
        inverse = group.invert(s.deck_key)
        s.lock_factors = [group.times(inverse, k) for k in s.card_keys]
        yield
    if role == 0:
        points = _CARD_POINTS
        deck = []
        for j in s.permutation:
            deck.append(group.multiply(points[j], s.deck_key))
            yield
        s.first_deck = deck
    out.append(s)


def prepare(role: int, rng=None) -> DealSecrets:
    out: list[DealSecrets] = []
    for _ in prepare_steps(role, out, rng):
        pass
    return out[0]


__all__ = ["KITTY", "seat_positions", "DealSecrets", "card_points", "card_points_steps", "prepare", "prepare_steps", "shuffle_order"]
