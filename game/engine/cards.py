"""Cards, suits and 52-bit card sets.

A card is one bit of a 52-bit integer: bit ``suit * 13 + (rank - 2)``.  Within a suit a
higher bit is a higher card, so ``mask.bit_length()`` of a one-suit mask finds its top card.
Everything fast (legal moves, trick winners, sampling, search) works on these integers;
``Card`` is the readable value type on top, interned so comparisons are cheap.
"""

from __future__ import annotations

from .errors import InvalidNotation

SUITS = "SHDC"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS = "♠♥♦♣"
RANKS = "23456789TJQKA"  # index 0..12 is rank 2..14
RANK_NAMES = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}

SUIT_BITS = 0x1FFF
SUIT_MASKS = tuple(SUIT_BITS << (13 * s) for s in range(4))
SUIT_OF = tuple(i // 13 for i in range(52))  # suit of each card index
FULL_DECK = (1 << 52) - 1


def shown(value, limit: int = 40) -> str:
    """A short repr for messages: never fails, never floods (a 5,000-digit number, 1 MB)."""
    try:
        text = repr(value)
    except Exception:  # e.g. an int too long to print
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


# Set bits of every 13-bit suit pattern, highest first: SUIT_BITS_DESC[v] turns a suit's
# bits into card numbers without scanning all 13 (the search's inner loops use it).  It is
# the one table the game itself uses: one table of 8192 entries is a few ms natively and
# far longer in the browser, and the title needs none (the game's start), so it
# is made on first use, or a part at a time by suit_table_steps() while the title waits
# (the App's warm-up).  SUIT_CARDS[s][v] and SUIT_INDICES[s][v] (cards and card indices of
# suit s) are made only if someone asks for them: eight more such tables would be a long
# task in the browser, and cards_of / indices_of need only SUIT_BITS_DESC.
LAZY_TABLES = ("SUIT_BITS_DESC", "SUIT_CARDS", "SUIT_INDICES")


def _desc_steps(items, out: list):
    """Extend `out` (starting as [()]) by doubling: the patterns with top bit k are items[k]
    before the table of the lower bits; yields after each bit."""
    for k in range(13):
        head = (items[k],)
        out += [head + rest for rest in out]
        yield


def suit_table_steps():
    """Generator: makes SUIT_BITS_DESC a part at a time (yielding after each of 13 bits),
    then binds it in this module; nothing to do once it exists."""
    if "SUIT_BITS_DESC" in globals():
        return
    part: list = [()]
    yield from _desc_steps(range(13), part)
    globals().setdefault("SUIT_BITS_DESC", tuple(part))  # unless made meanwhile by a direct use


def _suit_bits_desc() -> tuple:
    try:
        return SUIT_BITS_DESC  # made by suit_table_steps at first use
    except NameError:
        for _ in suit_table_steps():
            pass
        return SUIT_BITS_DESC  # noqa: F821


def __getattr__(name: str):
    """`cards.SUIT_CARDS` and `from .cards import SUIT_CARDS` make the tables when first
    asked for (PEP 562)."""
    if name == "SUIT_BITS_DESC":
        return _suit_bits_desc()
    if name in LAZY_TABLES:
        desc = _suit_bits_desc()
        by_suit = [tuple(tuple(s * 13 + i for i in bits) for bits in desc) for s in range(4)]
        globals().setdefault("SUIT_INDICES", tuple(by_suit))
        globals().setdefault("SUIT_CARDS", tuple(tuple(tuple(CARDS[i] for i in t) for t in table) for table in by_suit))
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def indices_of(mask: int) -> list[int]:
    """Bit indices of a mask, by suit S H D C, high to low within a suit."""
    try:
        desc = SUIT_BITS_DESC
    except NameError:
        desc = _suit_bits_desc()
    out = list(desc[mask & SUIT_BITS])
    for base in (13, 26, 39):
        bits = mask >> base & SUIT_BITS
        if bits:
            out += [base + i for i in desc[bits]]
    return out


def cards_of(mask: int) -> list[Card]:
    """Cards of a mask, in the same order as indices_of."""
    return [CARDS[i] for i in indices_of(mask)]


def popcount(mask: int) -> int:
    return bin(mask).count("1")


def highest_in_suit(mask: int, suit: int) -> int:
    """Index of the highest card of `suit` in mask, or -1."""
    bits = mask >> (13 * suit) & SUIT_BITS
    return suit * 13 + bits.bit_length() - 1 if bits else -1


def format_cards(cards) -> str:
    return " ".join(str(c) for c in cards)
