"""Announcements: what just happened at the table, in words, from the engine's events.

An event may name a hidden card (the card a receiver gave back, a discard): it is named
only to the seat allowed to see it (``Seats.private``), as the table shows it face up only
there (game/ui/table/animator.py).  Each announcement has a priority as a screen reader's
live region takes it: "assertive" for what must be heard at once (your turn, a refusal),
"polite" for the rest.
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine import Phase
from ..engine.errors import Refusal
from ..i18n import t
from ..i18n.format import refusal
from .words import (
    Seats,
    card_name,
    cards_list,
    contract_words,
    hand_order,
    points_words,
    sentence,
    suit_name,
    trick_words,
    tricks_words,
    trumps_words,
)

POLITE, ASSERTIVE = "polite", "assertive"


class Announcement(NamedTuple):
    text: str
    priority: str = POLITE


def announcements(events, seats: Seats, view, verbosity: str = "brief", finished: dict | None = None) -> list[Announcement]:
    """The announcements of the events one action produced.  `view` is the shown seat's
    view after them; `finished` the public facts of the deal a "scored" event ended
    (game/ui/games/session.Session.history's row: taken, targets, points, number)."""
    out = []
    for ev in events:
        text = event_words(ev, seats, view, verbosity, finished)
        if text:
            out.append(Announcement(text))
    return out


def event_words(ev, seats: Seats, view, verbosity: str = "brief", finished: dict | None = None) -> str:
    """One event in words ("" for an event a listener need not hear on its own)."""
    said = _SAYERS.get(ev.kind)
    return said(ev, seats, view, verbosity, finished) if said else ""


def _played(ev, seats, view, verbosity, finished) -> str:
    if ev.seat == seats.you:
        return t("access.you_played", card=card_name(ev.card))
    return t("access.played", name=seats.names[ev.seat], card=card_name(ev.card))


def _trick(ev, seats, view, verbosity, finished) -> str:
    text = t("access.you_took") if ev.seat == seats.you else t("access.took", name=seats.names[ev.seat])
    if verbosity == "full" and view.phase == Phase.PLAY and len(view.tricks) == ev.data + 1:
        text += " " + tricks_words(view, seats)  # not after the deal's last trick: the view is the next deal's
    return text


def _declared(ev, seats, view, verbosity, finished) -> str:
    contract = contract_words(ev.data)
    text = t("access.you_declared", contract=contract) if ev.seat == seats.you else t("access.declared", name=seats.names[ev.seat], contract=contract)
    if verbosity == "full" and view.contract == ev.data and trumps_words(view):
        text += " " + trumps_words(view)
    return text


def _sees(seats, *seat_pair) -> bool:
    return seats.private is not None and seats.private in seat_pair


def _gave(ev, seats, view, verbosity, finished) -> str:
    giver, receiver = ev.seat, ev.data
    if giver == seats.you and _sees(seats, giver):
        return t("access.you_gave", card=card_name(ev.card), name=seats.names[receiver])
    if receiver == seats.you and _sees(seats, receiver):
        return t("access.gave_you", card=card_name(ev.card), name=seats.names[giver])
    return t("access.gave", giver=sentence(seats.who(giver)), receiver=seats.who(receiver))


def _returned(ev, seats, view, verbosity, finished) -> str:
    receiver, giver = ev.seat, ev.data  # the receiver of the pass gives a card back to its giver
    if receiver == seats.you and _sees(seats, receiver):
        return t("access.you_returned", card=card_name(ev.card), name=seats.names[giver])
    if giver == seats.you and _sees(seats, giver):
        return t("access.returned_you", card=card_name(ev.card), name=seats.names[receiver])
    return t("access.returned", receiver=sentence(seats.who(receiver)), giver=seats.who(giver))


def _lapsed(ev, seats, view, verbosity, finished) -> str:
    return t("access.lapsed", name=sentence(seats.who(ev.seat)))


def _kitty(ev, seats, view, verbosity, finished) -> str:
    if ev.seat == seats.you and _sees(seats, ev.seat):
        return t("access.kitty_yours", cards=cards_list(hand_order(ev.data, view.trump)))
    return t("access.kitty", name=sentence(seats.who(ev.seat)))


def _discarded(ev, seats, view, verbosity, finished) -> str:
    if ev.seat == seats.you and _sees(seats, ev.seat):
        return t("access.you_discarded", card=card_name(ev.card))
    return ""  # the kitty's announcement said the declarer puts four away: four more lines would say nothing


def _dealt(ev, seats, view, verbosity, finished) -> str:
    rules = view.rules
    declarer = rules.declarer_of(ev.seat)
    target = rules.targets(ev.seat, None)[declarer]
    text = t("access.dealt", deal=ev.data + 1, deals=rules.deals, dealer=seats.who(ev.seat))
    if declarer == seats.you:
        return f"{text} {t('access.dealt_you_declare', target=target)}"
    return f"{text} {t('access.dealt_declares', name=seats.names[declarer], target=target)}"


def _scored(ev, seats, view, verbosity, finished) -> str:
    points = ev.data
    parts = []
    if finished is not None:
        declarer = finished.get("declarer")
        made = declarer is not None and points[declarer] >= 0
        parts.append(t("access.deal_over", deal=finished.get("number", 0) + 1))
        if finished.get("contract") is None:  # ended before anyone declared (a seat named late online)
            parts.append(t("deal_end.no_contract") + ".")
        else:
            parts.append(t("access.made") if made else t("access.missed"))
        if verbosity == "full":
            taken, targets = finished.get("taken", (0, 0, 0)), finished.get("targets", (0, 0, 0))
            items = [t("access.tricks_item", name=seats.who(s), taken=taken[s], target=targets[s]) for s in range(3)]
            parts.append(t("access.tricks_line", list=", ".join(items)))
    parts.append(points_words("access.points_line", points, seats))
    if verbosity == "full":
        parts.append(points_words("access.score_line", view.totals, seats))
    return " ".join(parts)


def _game_over(ev, seats, view, verbosity, finished) -> str:
    winner = t("access.you_win") if ev.seat == seats.you else t("access.wins", name=seats.names[ev.seat])
    return f"{t('access.game_over')} {winner} {points_words('access.score_line', view.totals, seats)}"


_SAYERS = {
    "played": _played, "trick": _trick, "declared": _declared, "gave": _gave, "returned": _returned,
    "lapsed": _lapsed, "kitty": _kitty, "discarded": _discarded, "dealt": _dealt, "scored": _scored,
    "game_over": _game_over,
}


# --- the player's turn -----------------------------------------------------------------
def turn_words(view, seats: Seats, verbosity: str = "brief", chosen: int = 0) -> str:
    """What "your turn" says: what the decision is and what may be chosen (in "full" the
    cards on the table first).  `chosen`: the discards picked so far."""
    phase = view.phase
    if phase == Phase.PLAY:
        legal = [a.card for a in view.legal if a.card is not None]
        hand = hand_order(view.hand, view.trump)
        if not view.trick:
            text = t("access.your_lead")
        elif len(legal) == len(hand):
            text = f"{t('access.your_turn')} {t('access.any_card')}"
        else:
            text = f"{t('access.your_turn')} {t('access.may_play', cards=cards_list([c for c in hand if c in legal]))}"
        if verbosity == "full" and view.trick:
            text = f"{trick_words(view, seats)} {text}"
        return text
    if phase == Phase.DECLARE:
        contracts = ", ".join(contract_words(a.contract) for a in view.legal if a.contract is not None)
        return t("access.turn_declare", target=view.targets[view.seat], contracts=contracts)
    if phase == Phase.EXCHANGE:
        done = len(view.exchange)
        receiver = view.exchange_plan[done][1] if done < len(view.exchange_plan) else None
        name = seats.names[receiver] if receiver is not None else ""
        key = "access.turn_give_any" if view.trump < 0 else "access.turn_give"
        return t(key, name=name, suit=suit_name(view.trump) if view.trump >= 0 else "")
    if phase == Phase.DISCARD:
        return t("access.turn_discard", chosen=chosen, button=t("kitty.confirm"))
    return t("access.your_turn")


# --- refusals --------------------------------------------------------------------------
def refusal_words(exc, seats: Seats | None = None, **names) -> str:
    """Why an action was refused, as said: suits by name (a symbol is read out as "black
    heart suit", if at all); the sentences without suits are the table's own."""
    code = str(getattr(exc, "code", ""))
    fields = dict(getattr(exc, "fields", {}) or {})
    if code == Refusal.MUST_FOLLOW and isinstance(fields.get("suit"), int):
        return t("access.refusal.must_follow", suit=suit_name(fields["suit"]))
    if code == Refusal.MUST_TRUMP and isinstance(fields.get("suit"), int) and isinstance(fields.get("trump"), int):
        return t("access.refusal.must_trump", suit=suit_name(fields["suit"]), trump=suit_name(fields["trump"]))
    if code == Refusal.TRUMP_PASS and isinstance(fields.get("suit"), int):
        return t("access.refusal.trump_pass", suit=suit_name(fields["suit"]))
    return spoken(refusal(exc, **names))


def why_not(view, card) -> str:
    """Why `card` of the hand may not be played now, in words ("" when it may)."""
    if view.phase != Phase.PLAY or not view.trick or any(a.card == card for a in view.legal):
        return ""
    led = view.trick[0][1].suit
    if any(c.suit == led for c in view.hand):
        return t("access.refusal.must_follow", suit=suit_name(led))
    if view.trump >= 0:
        return t("access.refusal.must_trump", suit=suit_name(led), trump=suit_name(view.trump))
    return ""


def spoken(text: str) -> str:
    """A table's sentence made fit to be said.  The sentences left to it name suits only in
    contract labels ("♥ Hearts"), whose symbol goes; a symbol alone becomes the suit's name."""
    from ..engine.cards import SUIT_SYMBOLS

    for suit, symbol in enumerate(SUIT_SYMBOLS):
        text = text.replace(f"{symbol} ", "").replace(symbol, suit_name(suit))
    return text
