"""Rule-of-thumb card play on 52-bit masks: the heuristic player's play and the search's playouts.

It sees only what a seat could know: its hand, the cards still out (`out`, the cards
neither in its hand nor played), the trick on the table and known voids.  In a trump or
no-trump deal every trick is worth +1 to whoever takes it, so it tries to win tricks
cheaply; in MT it ducks, sheds its dangerous high cards and leads where others must go over.
"""

from __future__ import annotations

from game.engine.cards import SUIT_BITS, SUIT_MASKS
from game.engine.cards import SUIT_BITS_DESC as _DESC  # shared tables, built once
from game.engine.cards import SUIT_OF as _SUIT_OF
from game.engine.cards import popcount as _count
from game.engine.fast import beats  # the rules live in the engine
from game.engine.fast import legal_mask as legal


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    return mask.bit_length() - 1


def suit_len(mask: int, s: int) -> int:
    return len(_DESC[mask >> (13 * s) & SUIT_BITS])


def masters(hand: int, out: int) -> int:
    """Cards of hand that beat every card of their suit still out."""
    m = 0
    for s in range(4):
        mine = hand >> (13 * s) & SUIT_BITS
        if not mine:
            continue
        theirs = out >> (13 * s) & SUIT_BITS
        top_theirs = theirs.bit_length()
        m |= (mine >> top_theirs << top_theirs) << (13 * s)
    return m


def winning_cards(cards: int, best: int, trump: int) -> int:
    """Cards of the mask that would beat the card `best`."""
    bs = _SUIT_OF[best]
    same = cards & SUIT_MASKS[bs]
    w = same >> (best + 1) << (best + 1)
    if trump >= 0 and bs != trump:
        w |= cards & SUIT_MASKS[trump]
    return w


def _weak_discard(cands: int, hand: int, out: int, trump: int) -> int:
    """Lowest card of the shortest non-trump suit that is not a master (keeps winners)."""
    keep = masters(hand, out)
    best, best_key = -1, None
    for s in range(4):
        sm = cands & SUIT_MASKS[s]
        if not sm:
            continue
        pool = sm & ~keep or sm
        c = lowest(pool)
        key = (s == trump, bool(sm & keep and not sm & ~keep), suit_len(hand, s), c % 13)
        if best_key is None or key < best_key:
            best, best_key = c, key
    return best


def choose_card(hand: int, out: int, trick, leader: int, seat: int, trump: int,
                must_trump: bool, minimize: bool, voids=None, cand: int = 0) -> int:
    """Card index to play.  trick: card indices on the table (in play order).

    voids[seat]: bitmask of suits that seat is known to lack (optional).  cand restricts
    the choice to a subset of the legal cards when non-zero.
    """
    n = len(trick)
    led = _SUIT_OF[trick[0]] if n else -1
    lg = legal(hand, led, trump, must_trump)
    if cand:
        lg &= cand
    if lg & (lg - 1) == 0:
        return highest(lg)
    if minimize:
        return _mt_card(hand, out, trick, lg, led)
    if n == 0:
        return _lead(hand, out, trump, seat, voids)
    best = trick[0]
    for c in trick[1:]:
        if beats(c, best, trump):
            best = c
    win = winning_cards(lg, best, trump)
    if win:
        if n == 2:
            return lowest_winner(win, trump)
        # second hand: win only with a card the third player cannot beat (as far as known)
        sure = win & masters(hand | (1 << best), out)
        nxt = (seat + 1) % 3
        if _SUIT_OF[best] == led and win & SUIT_MASKS[led]:
            sure &= SUIT_MASKS[led]
            third_void = voids is not None and voids[nxt] >> led & 1
            if trump >= 0 and led != trump and (third_void or not out & SUIT_MASKS[led]) and out & SUIT_MASKS[trump]:
                sure = 0  # third player may ruff
            if sure:
                return lowest(sure)
            return _weak_discard(lg & ~win, hand, out, trump) if lg & ~win else lowest(win)
        # ruffing (or over-ruffing): use the lowest trump that wins
        return lowest_winner(win, trump)
    return _weak_discard(lg, hand, out, trump)


def lowest_winner(win: int, trump: int) -> int:
    """Cheapest winning card: a non-trump if any, else the lowest trump."""
    if trump >= 0 and win & ~SUIT_MASKS[trump]:
        return lowest(win & ~SUIT_MASKS[trump])
    return lowest(win)


def _lead(hand: int, out: int, trump: int, seat: int, voids) -> int:
    m = masters(hand, out)
    trumps_out = out & SUIT_MASKS[trump] if trump >= 0 else 0
    if trump >= 0:
        my_trumps = hand & SUIT_MASKS[trump]
        # draw trumps with a master trump while others still hold trumps
        if trumps_out and m & my_trumps:
            return highest(m & my_trumps)
    # cash side-suit masters nobody can ruff
    for s in range(4):
        if s == trump:
            continue
        ms = m & SUIT_MASKS[s]
        if not ms:
            continue
        if trumps_out:
            if voids is not None and (voids[(seat + 1) % 3] >> s & 1 or voids[(seat + 2) % 3] >> s & 1):
                continue
            if not out & SUIT_MASKS[s]:
                continue
        return highest(ms)
    # else lead low from the longest side suit (establish it), keeping trumps
    best, key = -1, None
    for s in range(4):
        sm = hand & SUIT_MASKS[s]
        if not sm:
            continue
        k = (s != trump, suit_len(hand, s), -(lowest(sm) % 13))
        if key is None or k > key:
            best, key = lowest(sm), k
    return best


def _mt_card(hand: int, out: int, trick, lg: int, led: int) -> int:
    n = len(trick)
    if n == 0:
        # lead the card with most outstanding cards above it in its suit, low card first
        best, key = -1, None
        for s in range(4):
            sm = lg & SUIT_MASKS[s]
            if not sm:
                continue
            c = lowest(sm)
            above = out & SUIT_MASKS[s] & ~((1 << (c + 1)) - 1)
            below = out & SUIT_MASKS[s] & ((1 << c) - 1)
            k = (above != 0, -(below != 0), len(_DESC[above >> (13 * s) & SUIT_BITS]) - suit_len(hand, s))
            if key is None or k > key:
                best, key = c, k
        return best
    best = trick[0]
    for c in trick[1:]:
        if beats(c, best, -1):
            best = c
    if lg & SUIT_MASKS[led]:
        under = lg & ((1 << best) - 1)
        if under:
            return highest(under)  # duck with the highest card that still loses
        if n == 2:
            return highest(lg)  # the trick is mine anyway: shed the biggest
        return lowest(lg)  # hope the third player goes over
    # void: throw the most dangerous card (highest relative to what is out)
    bestc, key = -1, None
    for s in range(4):
        sm = lg & SUIT_MASKS[s]
        if not sm:
            continue
        c = highest(sm)
        below_out = len(_DESC[(out & SUIT_MASKS[s] & ((1 << c) - 1)) >> (13 * s) & SUIT_BITS])
        above_out = len(_DESC[(out & SUIT_MASKS[s] & ~((1 << (c + 1)) - 1)) >> (13 * s) & SUIT_BITS])
        k = (above_out == 0, below_out - above_out, c % 13)
        if key is None or k > key:
            bestc, key = c, k
    return bestc


def playout(hands, leader: int, trick, trump: int, must_trump: bool, minimize: bool, tricks_left_stop: int = 0):
    """Play heuristic cards from a position until `tricks_left_stop` tricks remain.

    Returns (hands, leader, taken) at the stop.  minimize: an MT deal (everyone ducks).
    `hands` is copied.  Each seat sees only its hand and the union of the others' (`out`).
    """
    hands = list(hands)
    taken = [0, 0, 0]
    trick = list(trick)
    while True:
        n = len(trick)
        if n == 3:
            b = 0
            for i in (1, 2):
                if beats(trick[i], trick[b], trump):
                    b = i
            leader = (leader + b) % 3
            taken[leader] += 1
            trick = []
            n = 0
        if n == 0:
            left = _count(hands[leader])
            if left <= tricks_left_stop:
                return hands, leader, taken
        seat = (leader + n) % 3
        out = 0
        for i in (0, 1, 2):
            if i != seat:
                out |= hands[i]
        c = choose_card(hands[seat], out, trick, leader, seat, trump, must_trump, minimize)
        hands[seat] ^= 1 << c
        trick.append(c)
