"""What one device knows of one deal: the public state (decks, slots, the keys others sent,
the transcript) and its own secrets, from the shuffle to the verdict.

Why a value of its own: a device holds two at once while a deal is played (the deal in
hand, and the next one whose decks are shuffled ahead, decks.py), and every part of the
protocol (device.py, decks.py, openings.py, blinded.py) reads and writes the one in hand.
"""

from __future__ import annotations

from ...engine.cards import Card
from .breach import Breach
from .messages import Msg
from .prepare import DealSecrets, shuffle_order


class DealState:
    """The state of one deal on one device: public (decks, slots, keys) and own secrets."""

    def __init__(self, number: int, dealer: int, secrets_: DealSecrets, start: tuple):
        self.number, self.dealer = number, dealer
        self.order = shuffle_order(dealer)
        self.secrets = secrets_
        self.start = start  # totals, used, previous points before the deal (for the audit)
        self.first_action = 0  # the match's actions taken before the deal (a seat handed over goes on from here)
        self.seq_out = 0
        self.seq_in = [0, 0, 0]
        self.transcript: list[Msg] = []
        self.decks: list[list[bytes]] = []
        self.final: list[bytes] | None = None
        self.keys: list[dict[int, bytes]] = [{}, {}, {}]  # per-card keys each seat broadcast
        self.key_msgs: set[tuple[int, str]] = set()  # (sender, what) received
        self.slots: list[list[bytes]] = [[], [], []]  # public: every seat's hand as points
        self.mine: dict[bytes, tuple[Card, bytes]] = {}  # own slot -> (card, scalar)
        self.foreign: dict[bytes, Card] = {}  # own slot received, opened, scalar unknown
        self.lent: dict[bytes, bytes] = {}  # slot passed away -> its scalar (to unblind)
        self.claims: dict[bytes, tuple[str, bytes]] = {}  # every own slot ever: (card, scalar)
        self.blinds: list[bytes] = []  # own blinding scalars, in order sent
        self.blind_of: dict[bytes, bytes] = {}  # slot being opened to me -> blinding scalar
        self.dirty = False  # received cards since the last reshuffle
        self.remake: bytes | None = None  # a slot received, opened, to be re-made with an own scalar
        self.transfer: dict | None = None  # the exchange pass in progress
        self.opened = set()  # what has been opened to me: "hand", "rest", "kitty"
        self.kitty_dealt = False
        self.done: set[str] = set()  # duties done (each sent once)
        self.stopped: Breach | None = None  # an accusation: play stops, the audit decides
        self.reveals: dict[int, dict] = {}
        self.verdict: Breach | None | str = "pending"
        self.blocked = False  # (the next deal, shuffled ahead) a message it could not take ahead
        self.replay = None  # the audit's Match of this deal (the deal in full, for the score sheet)


__all__ = ["DealState"]
