"""Why the hint's choice is good, as a fact the player can check on the table.

The evaluator (evaluate.py) says *which* action is best and what it is worth; a player new
to the game also needs to hear *why*: "you hold five hearts with the ace", "Anna has no
hearts left and will trump", "Boris's king already wins the trick".  This module finds the
fact that explains the evaluator's choice, from the seat's View and what it implies
(knowledge.py: the cards still out, known voids), and returns it as a `Reason`: a code
and the facts its sentence needs.  No pygame and no wording here: the sentences are the
message tables' (game/i18n/why.py puts a Reason into words in the player's language).

Facts use a few names the wording knows: ``card``/``winner`` (a Card), ``cards`` (Cards),
``suit``/``led`` (a suit index), ``seat``/``winner_seat`` (a seat), ``contract``/``other``
(a contract), and plain counts.
"""

from __future__ import annotations

from game.engine.cards import SUIT_MASKS, Card, cards_of, popcount
from game.engine.fast import beats
from game.engine.rules import trump_of

from ..engine.values import field, value_type
from . import heuristic as H
from .knowledge import knowledge

HONOURS = 12  # queen and above: the cards a player counts when judging a hand


@value_type(frozen=True)
class Reason:
    """One explanation: its code (the message is ``why.<code>``) and the facts it names."""

    code: str
    facts: dict = field(default_factory=dict)
    extra: "Reason | None" = None  # a second sentence (a contract kept for a better hand)


def explain(view, evaluation) -> Reason:
    """The reason for the evaluation's best action, seen from `view` (the seat that decides)."""
    action = evaluation.best.action
    if evaluation.kind == "declare":
        return _declare(view, action.contract, evaluation.forced)
    if evaluation.forced:
        return Reason("forced", {"card": action.card})
    if evaluation.kind == "give":
        return _give(view, action.card)
    if evaluation.kind == "discard":
        return _discard(view, discard_set(view, action.card))
    reason = _play(view, action.card)
    equal = next((e for e in evaluation.estimates[1:] if e.score >= evaluation.best.score - 1e-9), None)
    if reason.code == "best" and equal is not None:
        return Reason("same", {"card": action.card, "also": equal.action.card})  # nothing to choose between them
    return reason


# --- small facts ---------------------------------------------------------------------
def _above(card: Card) -> int:
    """The cards of its suit higher than `card`, as a mask."""
    return SUIT_MASKS[card.suit] & ~((2 << card.index) - 1)


def _top(mask: int, n: int) -> tuple[Card, ...]:
    """Up to n highest cards of a one-suit mask, highest first."""
    return tuple(cards_of(mask)[:n])


def _mask(cards) -> int:
    return sum(c.mask for c in cards)


def _low_end(card: Card, hand: int, barrier: int) -> Card:
    """The lowest card of `hand` that plays exactly like `card`: no card of `barrier` (still
    out, or on the table) lies between them, so which of them goes makes no difference."""
    low = card.index
    for i in range(card.index - 1, 13 * card.suit - 1, -1):
        if barrier >> i & 1:
            break
        if hand >> i & 1:
            low = i
    return Card.from_index(low)


# --- the contract --------------------------------------------------------------------
def _declare(view, contract: str, forced: bool) -> Reason:
    seen = view.hand_mask
    n = popcount(seen)
    if forced:
        return Reason("declare_last", {"contract": contract})
    trump = trump_of(contract)
    if trump >= 0:
        suit = seen & SUIT_MASKS[trump]
        honours = tuple(c for c in cards_of(suit) if c.rank >= HONOURS)
        facts = {"contract": contract, "count": popcount(suit), "seen": n, "cards": honours}
        reason = Reason("declare_suit_honours" if honours else "declare_suit", facts)
    elif contract == "NT":
        high = tuple(c for c in cards_of(seen) if c.rank >= 13)
        suits = sum(1 for s in range(4) if seen & SUIT_MASKS[s] & _mask(high))
        reason = Reason("declare_nt" if high else "declare_nt_even", {"contract": contract, "cards": high, "count": suits})
    else:
        low = sum(1 for c in cards_of(seen) if c.rank <= 7)
        high = tuple(c for c in cards_of(seen) if c.rank == 14)
        code = "declare_mt_aces" if high else "declare_mt"
        reason = Reason(code, {"contract": contract, "count": low, "seen": n, "cards": high})
    options = [a.contract for a in view.legal]
    if view.rules.contracts_once and len(options) > 1:
        # the evaluator ranks what a contract brings over its usual score: a contract that
        # would score more now may be kept for a hand that suits it better
        raw = max(options, key=lambda c: (H.estimate(c, seen), c == contract))
        if raw != contract:
            return Reason(reason.code, reason.facts, Reason("declare_keep", {"other": raw}))
    return reason


# --- the exchange --------------------------------------------------------------------
def _give(view, card: Card) -> Reason:
    me = view.seat
    receiver = next(r for g, r in view.exchange_plan[len(view.exchange):] if g == me)
    know = knowledge(view)
    mine = view.hand_mask & SUIT_MASKS[card.suit]
    top = Card.from_index(mine.bit_length() - 1)
    where = know.holders.index(receiver) if receiver in know.holders else None
    allowed = know.allowed[where] if where is not None else know.unknown
    better = know.unknown & allowed & _above(top)
    facts = {"card": card, "seat": receiver, "suit": card.suit}
    if better:
        return Reason("give_low" if card == Card.from_index((mine & -mine).bit_length() - 1) else "give", {**facts, "cards": _top(better, 2)})
    return Reason("give_safe", facts)


# --- the discards --------------------------------------------------------------------
def discard_set(view, card: Card) -> tuple[Card, ...]:
    """`card` completed to a whole discard the way the evaluator valued it (rules of
    thumb on the rest), in hand order: what the hint's value is for."""
    need = 4 - len(view.discards or ())
    rest = 0
    if need > 1:
        rest = H.discard_set(view.hand_mask & ~card.mask, view.trump, view.minimum, knowledge(view).unknown, need - 1)
    return tuple(cards_of(rest | card.mask))


def _discard(view, cards: tuple[Card, ...]) -> Reason:
    hand, trump = view.hand_mask, view.trump
    chosen = _mask(cards)
    facts = {"cards": cards}
    if view.minimum:
        high = [c for c in cards if c.rank >= 11]
        return Reason("discard_mt" if high else "discard_mt_low", facts)
    voided = [s for s in range(4) if s != trump and hand & SUIT_MASKS[s] and not hand & SUIT_MASKS[s] & ~chosen]
    if trump >= 0 and voided and hand & SUIT_MASKS[trump] & ~chosen:
        return Reason("discard_void", {**facts, "suit": voided[0]})
    if trump < 0:
        return Reason("discard_nt", facts)
    return Reason("discard_short", facts)


# --- card play -----------------------------------------------------------------------
def _play(view, card: Card) -> Reason:
    know = knowledge(view)
    if not view.trick:
        return _lead(view, know, card)
    return _follow(view, know, card)


def _may_trump(know, seat: int, trump: int) -> bool:
    """`seat` may still hold a trump (some trump is out and it is not known to lack them)."""
    return trump >= 0 and bool(know.unknown & SUIT_MASKS[trump]) and not know.voids[seat] >> trump & 1


def _lead(view, know, card: Card) -> Reason:
    me, trump = view.seat, view.trump
    higher_out = know.unknown & _above(card)
    facts = {"card": card, "suit": card.suit}
    if view.minimum:
        return Reason("mt_lead_low" if higher_out else "mt_lead_sure", facts)
    mine = view.hand_mask & SUIT_MASKS[card.suit]
    if card.suit == trump:
        out = popcount(know.unknown & SUIT_MASKS[trump])
        if not out:
            return Reason("lead_master", facts)
        if popcount(mine) >= out or not higher_out:  # the trumps are yours to draw
            return Reason("lead_trump", {**facts, "count": out})
        return Reason("best", {"card": card})
    trumpers = [s for s in ((me + 1) % 3, (me + 2) % 3) if know.voids[s] >> card.suit & 1 and _may_trump(know, s, trump)]
    if trumpers:  # a high card would be trumped: a low one is all this suit is worth now
        return Reason("lead_low_void", {**facts, "seat": trumpers[0]}) if higher_out else Reason("best", {"card": card})
    if not higher_out:
        return Reason("lead_master", facts)
    if trump < 0 and popcount(mine) >= 4:
        return Reason("lead_long", {**facts, "count": popcount(mine)})
    low = _low_end(card, view.hand_mask, know.unknown)
    if low.index == (mine & -mine).bit_length() - 1 and mine & _above(card) & ~_run(card, view.hand_mask, know.unknown):
        return Reason("lead_low", facts)  # the lowest (or as good), with higher cards kept back
    return Reason("best", {"card": card})


def _run(card: Card, hand: int, barrier: int) -> int:
    """`card` and the cards of `hand` that play exactly like it, as a mask."""
    run = card.mask
    for step in (-1, 1):
        i = card.index + step
        while 13 * card.suit <= i < 13 * card.suit + 13 and not barrier >> i & 1:
            if hand >> i & 1:
                run |= 1 << i
            i += step
    return run


def _trick_winner(view) -> tuple[int, Card]:
    """The seat whose card wins the trick so far, and that card."""
    seat, best = view.trick[0]
    for s, c in view.trick[1:]:
        if beats(c.index, best.index, view.trump):
            seat, best = s, c
    return seat, best


def _follow(view, know, card: Card) -> Reason:
    me, trump = view.seat, view.trump
    led = view.trick[0][1].suit
    seat, best = _trick_winner(view)
    last = len(view.trick) == 2
    legal = _mask(a.card for a in view.legal)
    winners = sum(1 << i for i in range(52) if legal >> i & 1 and beats(i, best.index, trump))
    wins = bool(winners & card.mask)
    following = card.suit == led
    facts = {"card": card, "led": led, "winner": best, "winner_seat": seat}
    barrier = know.unknown | _mask(c for _, c in view.trick)
    if view.minimum:
        if wins:
            top = legal & SUIT_MASKS[card.suit]
            must = not legal & ~winners and card.index == top.bit_length() - 1
            return Reason("mt_must_win" if must else "best", facts)
        if not following:
            return Reason("mt_shed", facts)
        under = legal & ~winners
        top = Card.from_index(under.bit_length() - 1)
        return Reason("mt_duck_high" if card.mask & _run(top, under, barrier) else "mt_duck", facts)
    if wins:
        same = winners & SUIT_MASKS[card.suit]
        if _low_end(card, same, barrier).index != (same & -same).bit_length() - 1:  # more than enough: one nobody can beat
            no_trumps_out = trump < 0 or card.suit == trump or not know.unknown & SUIT_MASKS[trump]
            sure = not last and not know.unknown & _above(card) and no_trumps_out
            return Reason("win_sure" if sure else "best", facts)
        if not following:
            return Reason("trump_in", facts)
        return Reason("win_last" if last else "win_cheap", facts)
    if following:
        if not winners:
            return Reason("follow_low", facts)
        nxt = (me + 1) % 3
        if not last and know.voids[nxt] >> led & 1 and _may_trump(know, nxt, trump):
            return Reason("follow_low_void", {**facts, "seat": nxt})
        return Reason("follow_keep", facts)
    if card.suit == trump:
        return Reason("trump_under", facts)
    if trump >= 0 and view.hand_mask & SUIT_MASKS[trump]:
        return Reason("discard_keep_trumps", facts)
    return Reason("throw_low", facts)


__all__ = ["Reason", "explain", "discard_set", "HONOURS"]
