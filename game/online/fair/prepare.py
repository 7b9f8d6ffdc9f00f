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

from .backend import default_group
from .ops import Batch


def card_points_steps(group=None):
    """Generator making the 52 card points once per session and backend (one batch)."""
    yield from (group or default_group()).points_steps()


def card_points(group=None) -> list[bytes]:
    """The card points, made at once if they are not yet (natively; the page makes them
    on idle frames with `card_points_steps`)."""
    group = group or default_group()
    for _ in group.points_steps():
        pass
    return group.points


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


def prepare_steps(role: int, out: list, rng=None, group=None):
    """Generator: appends one DealSecrets for `role` to `out`; yields while the group works.
    `rng` shuffles (tests pass a seeded one for repeatable deals; keys always come from the
    OS, or in the page from crypto.getRandomValues)."""
    group = group or default_group()
    yield from group.points_steps()
    s = DealSecrets(role)
    s.permutation = list(range(52))
    (rng or secrets.SystemRandom()).shuffle(s.permutation)
    batch = Batch()
    keys = [batch.rand() for _ in range(52)]
    if role < 2:
        deck_key = batch.rand()
        inverse = batch.inv(deck_key)
        factors = [batch.times(inverse, k) for k in keys]
    if role == 0:
        first = [batch.mul(group.points[j], deck_key) for j in s.permutation]
    got = yield from group.run(batch)
    s.card_keys = [got[k] for k in keys]
    if role < 2:
        s.deck_key = got[deck_key]
        s.lock_factors = [got[f] for f in factors]
    if role == 0:
        s.first_deck = [got[p] for p in first]
    out.append(s)


def prepare(role: int, rng=None, group=None) -> DealSecrets:
    out: list[DealSecrets] = []
    for _ in prepare_steps(role, out, rng, group):
        pass
    return out[0]


__all__ = ["KITTY", "seat_positions", "DealSecrets", "card_points", "card_points_steps", "prepare", "prepare_steps",
           "shuffle_order"]
