"""Cards and the table read out in words: what a card is called, the hand by suit, the
trick, the last trick, the scores and targets, whose turn, the contract.

Everything reads one seat's ``View`` (never more than that seat may know) and says it in
the player's language, in short sentences: a screen reader reads each sentence as it
comes, and a player who listens cannot glance back at a long one.  "brief" says what a
player needs to act; "full" adds what a sighted player would see at a glance (the trick
before "your turn", each seat's tricks after a trick).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Phase
from ..engine.cards import SUITS
from ..i18n import t
from ..i18n.format import contract_name

VERBOSITY = ("brief", "full")
HAND_SUITS = (0, 1, 3, 2)  # spades, hearts, clubs, diamonds: the order of the hand's fan (table/layout.SUIT_ORDER)
READ_OUTS = ("hand", "trick", "last_trick", "scores", "turn", "contract")


@dataclass(frozen=True)
class Seats:
    """Who is who in the words: the three names, the seat called "you" (None when several
    people share the device: then everyone is named), and the seat whose own cards may be
    named (None while nobody holds the device)."""

    names: tuple[str, str, str]
    you: int | None = 0
    private: int | None = 0

    def who(self, seat: int) -> str:
        """A seat as a sentence names it in the middle: "you" or the name."""
        return t("access.you") if seat == self.you else self.names[seat]


def sentence(text: str) -> str:
    """A sentence starts with a capital letter (a name or "you" may open it)."""
    return text[:1].upper() + text[1:]


# --- cards -----------------------------------------------------------------------------
def suit_name(suit: int) -> str:
    """A suit as a group of cards: "hearts" (lower case: it sits inside sentences)."""
    return t(f"access.suit.{SUITS[suit]}")


def rank_name(rank: int) -> str:
    return t(f"access.rank.{rank}")


def card_name(card) -> str:
    """A card in words: "queen of spades" ("dama pik", "дама пик", "дама пика")."""
    return t("access.card", rank=rank_name(card.rank), suit=t(f"access.of.{SUITS[card.suit]}"))


def cards_list(cards) -> str:
    """Cards one after the other: "ace of hearts, seven of clubs"."""
    return ", ".join(card_name(c) for c in cards)


def hand_order(cards, trump: int = -1) -> list:
    """The hand as its fan shows it: trumps first, then the suits alternating in colour,
    high cards first (game/ui/table/hand.sort_cards)."""
    order = list(HAND_SUITS)
    if trump >= 0:
        order.remove(trump)
        order.insert(0, trump)
    rank = {s: i for i, s in enumerate(order)}
    return sorted(cards, key=lambda c: (rank[c.suit], -c.rank))


def by_suit(cards) -> list[tuple[int, list]]:
    """(suit, its cards) for each run of one suit, in the order given."""
    groups: list[tuple[int, list]] = []
    for c in cards:
        if groups and groups[-1][0] == c.suit:
            groups[-1][1].append(c)
        else:
            groups.append((c.suit, [c]))
    return groups


def suit_lines(cards) -> list[str]:
    """One sentence a suit: "Spades: ace, queen, seven." """
    return [sentence(t("access.suit_line", suit=suit_name(suit), ranks=", ".join(rank_name(c.rank) for c in group)))
            for suit, group in by_suit(cards)]


# --- the table -------------------------------------------------------------------------
def contract_words(contract: str) -> str:
    """A contract's name as said (no suit symbol)."""
    return contract_name(contract)


def trick_item(seats: Seats, seat: int, card) -> str:
    return t("access.trick_item", name=seats.who(seat), card=card_name(card))


def trick_words(view, seats: Seats) -> str:
    if not view.trick:
        if view.phase != Phase.PLAY:
            return t("access.trick_empty")
        leader = t("access.you_lead") if view.leader == seats.you else t("access.leads", name=view_name(seats, view.leader))
        return f"{t('access.trick_empty')} {leader}"
    return t("access.trick", cards="; ".join(trick_item(seats, s, c) for s, c in view.trick))


def view_name(seats: Seats, seat: int) -> str:
    return sentence(seats.who(seat))


def last_trick_words(view, seats: Seats) -> str:
    if not view.tricks:
        return t("access.no_last_trick")
    trick = view.tricks[-1]
    cards = "; ".join(trick_item(seats, trick.seat_of(i), c) for i, c in enumerate(trick.cards))
    taker = t("access.last_yours") if trick.winner == seats.you else t("access.last_won", name=seats.names[trick.winner])
    return f"{t('access.last_trick', cards=cards)} {taker}"


def tricks_words(view, seats: Seats) -> str:
    """Each seat's tricks against its target (at most, in minimum tricks)."""
    key = "access.tricks_item_min" if view.minimum else "access.tricks_item"
    items = [t(key, name=seats.who(s), taken=view.tricks_taken[s], target=view.targets[s]) for s in range(3)]
    return t("access.tricks_line", list=", ".join(items))


def signed(points: int) -> str:
    return f"{points:+d}".replace("-", "−") if points else "0"


def points_words(key: str, points, seats: Seats) -> str:
    items = [t("access.points_item", name=seats.who(s), points=signed(points[s])) for s in range(3)]
    return t(key, list=", ".join(items))


def scores_words(view, seats: Seats) -> str:
    parts = [t("access.deal_of", deal=view.deal_number + 1, deals=view.deals_total)]
    if view.contract is not None:
        parts.append(tricks_words(view, seats))
    parts.append(points_words("access.score_line", view.totals, seats))
    return " ".join(parts)


def turn_of(view, seats: Seats) -> str:
    if view.phase == Phase.GAME_OVER or view.to_act is None:
        return t("access.game_over_now")
    if view.to_act == seats.you:
        return t("access.your_turn")
    return t("access.turn_of", name=seats.names[view.to_act])


def contract_line(view, seats: Seats) -> str:
    if view.contract is None:
        declarer = t("access.you_declare") if view.declarer == seats.you else t("access.declares", name=seats.names[view.declarer])
        return f"{t('access.no_contract')} {declarer}"
    key = "access.contract_yours" if view.declarer == seats.you else "access.contract"
    return " ".join(filter(None, [t(key, contract=contract_words(view.contract), name=seats.names[view.declarer]), trumps_words(view)]))


def trumps_words(view) -> str:
    """What the contract means for the play: the trumps, or the minimum's aim ("" in no
    trumps, whose name says it)."""
    if view.contract == "NT":
        return ""
    if view.minimum:
        return t("access.minimum")
    if view.trump < 0:
        return t("access.no_trumps")
    return t("access.trumps", suit=suit_name(view.trump))


def hand_words(view, seats: Seats, verbosity: str = "brief") -> str:
    if not view.hand:
        return t("access.hand_empty") if seats.private is not None else t("access.hand_hidden")
    cards = hand_order(view.hand, view.trump)
    return " ".join([t("access.hand", count=len(cards)), *suit_lines(cards)])


def describe(view, seats: Seats, what: str, verbosity: str = "brief") -> str:
    """The read-out `what` (READ_OUTS) of `view` in words."""
    if what == "hand":
        return hand_words(view, seats, verbosity)
    if what == "trick":
        return trick_words(view, seats)
    if what == "last_trick":
        return last_trick_words(view, seats)
    if what == "scores":
        return scores_words(view, seats)
    if what == "turn":
        return turn_of(view, seats)
    if what == "contract":
        return contract_line(view, seats)
    raise ValueError(f"no read-out {what!r}: one of {', '.join(READ_OUTS)}")


def status_line(view, seats: Seats) -> str:
    """One line for the page's status: whose turn, the contract and trumps, each seat's
    tricks against its target, the score."""
    parts = [turn_of(view, seats), contract_line(view, seats)]
    if view.contract is not None:
        parts.append(tricks_words(view, seats))
    parts.append(points_words("access.score_line", view.totals, seats))
    return " ".join(parts)
