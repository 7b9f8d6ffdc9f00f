"""Cards, suits and 52-bit card sets.

A card is one bit of a 52-bit integer: bit ``suit * 13 + (rank - 2)``.  Within a suit a
higher bit is a higher card, so ``mask.bit_length()`` of a one-suit mask finds its top card.
Everything fast (legal moves, trick winners, sampling, search) works on these integers;
``Card`` is the readable value type on top, interned so comparisons are cheap.
"""

from __future__ import annotations

SUITS = "SHDC"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS = "♠♥♦♣"
RANKS = "23456789TJQKA"  # index 0..12 is rank 2..14
RANK_NAMES = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}

SUIT_BITS = 0x1FFF
SUIT_MASKS = tuple(SUIT_BITS << (13 * s) for s in range(4))
SUIT_OF = tuple(i // 13 for i in range(52))  # suit of each card index
FULL_DECK = (1 << 52) - 1


class InvalidNotation(ValueError):
    """Text that is not a card, a contract or an action in this game's notation."""


def shown(value, limit: int = 40) -> str:
    """A short repr for messages: never fails, never floods (a 5,000-digit number, 1 MB)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - e.g. an int too long to print
        text = f"<a {type(value).__name__} too long to print>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def plain(text: str, what: str) -> str:
    """`text` without surrounding ASCII spaces; notation is ASCII only, so look-alikes
    (long s, full-width letters, other spaces) are refused instead of being read as cards."""
    if not text.isascii():
        raise InvalidNotation(f"not {what}: {shown(text)} (use plain ASCII letters and digits, e.g. AS, 10H, NT)")
    return text.strip(" ")


class Card:
    """One playing card; ``Card.parse("TH")`` or ``Card.parse("10H")``; ``str()`` gives ``TH``."""

    __slots__ = ("index", "suit", "rank", "mask", "_text")
    _all: list["Card"] = []

    def __init__(self, index: int):  # use Card.parse / Card.from_index; instances are interned
        self.index = index
        self.suit = index // 13
        self.rank = index % 13 + 2
        self.mask = 1 << index
        self._text = RANKS[self.rank - 2] + SUITS[self.suit]

    @staticmethod
    def from_index(index: int) -> "Card":
        return CARDS[index]

    @staticmethod
    def of(rank: int, suit: int) -> "Card":
        return CARDS[suit * 13 + rank - 2]

    @staticmethod
    def parse(text: "str | Card") -> "Card":
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise InvalidNotation(f"not a card: {shown(text)}")
        card = _BY_TEXT.get(plain(text, "a card").upper())
        if card is None:
            raise InvalidNotation(f"not a card: {shown(text)} (write rank then suit, e.g. AS, TH, 10H, 2C)")
        return card

    @property
    def suit_letter(self) -> str:
        return SUITS[self.suit]

    @property
    def rank_label(self) -> str:
        """Rank as printed on a card face: 2..10, J, Q, K, A."""
        return RANK_NAMES.get(self.rank, str(self.rank))

    def pretty(self) -> str:
        return self.rank_label + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __lt__(self, other: "Card") -> bool:
        return self.index < other.index

    def __reduce__(self):
        return (Card.from_index, (self.index,))


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
_BY_TEXT: dict[str, Card] = {}
for _c in CARDS:
    _BY_TEXT[str(_c)] = _c
    if _c.rank == 10:
        _BY_TEXT["10" + SUITS[_c.suit]] = _c


def parse_suit(text: str) -> int:
    """'S', 'H', 'D', 'C' (any case) -> suit index."""
    key = plain(text, "a suit").upper() if isinstance(text, str) else ""
    if len(key) != 1 or key not in SUITS:
        raise InvalidNotation(f"not a suit: {shown(text)} (one of S, H, D, C)")
    return SUITS.index(key)


def parse_cards(cards) -> list[Card]:
    """A string of cards separated by ASCII spaces, or an iterable of cards/texts -> list of Card."""
    if isinstance(cards, str):
        cards = [c for c in plain(cards, "a list of cards").split(" ") if c]
    return [Card.parse(c) for c in cards]


def mask_of(cards) -> int:
    mask = 0
    for c in cards:
        mask |= Card.parse(c).mask
    return mask


def _desc_table(items) -> tuple:
    """For every 13-bit suit pattern v: the items of its set bits, highest bit first.  Built
    by doubling: the patterns with top bit k are items[k] before the table of the lower
    bits, one list comprehension per bit (the import is part of the game's start, issue
    13: about 5x faster than one entry at a time)."""
    out: list[tuple] = [()]
    for k in range(13):
        head = (items[k],)
        out += [head + rest for rest in out]
    return tuple(out)


# Set bits of every 13-bit suit pattern, highest first: turns a mask into cards without
# scanning all 52 bits.
SUIT_BITS_DESC: tuple[tuple[int, ...], ...] = _desc_table(range(13))
SUIT_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(_desc_table(CARDS[s * 13:s * 13 + 13]) for s in range(4))
SUIT_INDICES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(_desc_table(range(s * 13, s * 13 + 13)) for s in range(4))


def cards_of(mask: int) -> list[Card]:
    """Cards of a mask, by suit S H D C, high to low within a suit."""
    return [
        *SUIT_CARDS[0][mask & SUIT_BITS],
        *SUIT_CARDS[1][mask >> 13 & SUIT_BITS],
        *SUIT_CARDS[2][mask >> 26 & SUIT_BITS],
        *SUIT_CARDS[3][mask >> 39 & SUIT_BITS],
    ]


def indices_of(mask: int) -> list[int]:
    """Bit indices of a mask, in the same order as cards_of."""
    return [
        *SUIT_INDICES[0][mask & SUIT_BITS],
        *SUIT_INDICES[1][mask >> 13 & SUIT_BITS],
        *SUIT_INDICES[2][mask >> 26 & SUIT_BITS],
        *SUIT_INDICES[3][mask >> 39 & SUIT_BITS],
    ]


def popcount(mask: int) -> int:
    return bin(mask).count("1")


def highest_in_suit(mask: int, suit: int) -> int:
    """Index of the highest card of `suit` in mask, or -1."""
    bits = mask >> (13 * suit) & SUIT_BITS
    return suit * 13 + bits.bit_length() - 1 if bits else -1


def format_cards(cards) -> str:
    return " ".join(str(c) for c in cards)
