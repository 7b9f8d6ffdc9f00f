"""Work done before a deal, in slices: it does not depend on the cards, so a frame loop
can run it on idle frames of the previous deal (like the computer players' thinking,
game/ai/slicing.py's SliceKeeper drives the generators here).

What: the 52 card points (once per session), and for each deal one seat's secrets: its
deck key and its inverse, its shuffle, its 52 per-card keys and the factors that turn the
deck key into them; and the seat that shuffles first, whose input is the plain card
points, shuffles its whole deck ahead (52 multiplications that are then off the deal's
path).  The keys and the shuffle are drawn from the seat's seed by the deal's number
(draws.py), so a device rebuilt after a reload makes the very same ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .backend import default_group
from .draws import Draws, new_seed
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
KEYS_A_STEP = 13  # the per-position keys drawn between two pauses


def seat_positions(dealer: int, seat: int) -> list[int]:
    """The deck positions dealt to `seat`, in dealt order (one at a time from the dealer's left)."""
    return [j for j in range(48) if (dealer + 1 + j) % 3 == seat]


@dataclass
class DealSecrets:
    """One seat's secrets for one deal (revealed at its end, for the audit)."""

    role: int  # 0, 1 or 2: place in shuffle_order
    number: int = 0  # the deal's
    deck_key: bytes | None = None  # roles 0 and 1 (role 2 locks card by card at once)
    permutation: list[int] = field(default_factory=list)  # output position i takes input permutation[i]
    card_keys: list[bytes] = field(default_factory=list)  # per deck position
    lock_factors: list[bytes] = field(default_factory=list)  # deck_key^-1 * card_keys[j]
    first_deck: list[bytes] | None = None  # role 0: its shuffle, made ahead


def prepare_steps(role: int, out: list, draws: Draws | None = None, number: int = 0, group=None):
    """Generator: appends deal `number`'s DealSecrets for `role` to `out`; yields while the
    group works.  `draws` is the seat's (draws.py; a fresh seed's when None)."""
    group = group or default_group()
    draws = draws or Draws(new_seed())
    yield from group.points_steps()
    s = DealSecrets(role, number)
    s.permutation = draws.permutation(52, number, "shuffle")
    for first in range(0, 52, KEYS_A_STEP):  # in the page a key drawn is a fraction of a ms, 52 a long step
        yield
        s.card_keys += [draws.scalar(number, "card key", j) for j in range(first, first + KEYS_A_STEP)]
    if role == 2:
        out.append(s)
        return
    s.deck_key = draws.scalar(number, "deck key")
    batch = Batch()
    inverse = batch.inv(s.deck_key)
    factors = [batch.times(inverse, k) for k in s.card_keys]
    if role == 0:
        first = [batch.mul(group.points[j], s.deck_key) for j in s.permutation]
    got = yield from group.run(batch)
    s.lock_factors = [got[f] for f in factors]
    if role == 0:
        s.first_deck = [got[p] for p in first]
    out.append(s)


def prepare(role: int, draws: Draws | None = None, number: int = 0, group=None) -> DealSecrets:
    out: list[DealSecrets] = []
    for _ in prepare_steps(role, out, draws, number, group):
        pass
    return out[0]


__all__ = ["KITTY", "seat_positions", "DealSecrets", "card_points", "card_points_steps", "prepare", "prepare_steps",
           "shuffle_order"]
