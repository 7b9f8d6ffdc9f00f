"""The host's side of the fair shuffle (game/online/shuffle.py): the nonce, every seat's
commitment and then its value, each checked as it comes, and the match's seed they give.

Why apart from the Host: the commit-reveal is a small protocol with a state of its own.
It says whether a step is complete (every present guest's commitment, then value, is in)
or awaited long enough; the Host decides when the room moves on.  A guest who does not
commit or reveal within `shuffle_wait_s` (gone, or stalling) is left without a value and
the match begins without it, so nothing a guest does can keep the match from starting.
"""

from __future__ import annotations

from .. import shuffle

COMMIT, REVEAL = "commit", "reveal"  # the shuffle's steps: the commitments, then the values


class Shuffle:
    def __init__(self, clock, entropy):
        self.clock = clock
        self.entropy = entropy  # n -> n random bytes (seeded in tests)
        self.nonce = b""
        self.values: list = [None, None, None]
        self.commitments: list = [None, None, None]
        self.step: str | None = None  # COMMIT, then REVEAL; None before the start and once dealt
        self.since = 0.0  # when the step began

    def begin(self, seat: int) -> None:
        """A new shuffle: a fresh nonce, and the host's own value and commitment for `seat`."""
        self.nonce = shuffle.new_nonce(self.entropy)
        self.values, self.commitments = [None] * 3, [None] * 3
        own = shuffle.new_value(self.entropy)
        self.values[seat], self.commitments[seat] = own, shuffle.commitment(self.nonce, seat, own)
        self.step, self.since = COMMIT, self.clock()

    def take_commitment(self, seat: int, value: str):
        """None when taken (or the same one again), else a refusal (code, detail)."""
        known = self.commitments[seat]
        if known is not None:
            return None if known == value else ("changed", "a commitment is made once")
        if self.step != COMMIT:
            return ("unexpected", "no commitment is asked for now")
        self.commitments[seat] = value
        return None

    def take_value(self, seat: int, value: bytes):
        """None when taken (or the same one again), else a refusal (code, detail)."""
        if self.values[seat] is not None:
            return None if self.values[seat] == value else ("changed", "a value is revealed once")
        if self.step != REVEAL or self.commitments[seat] is None:
            return ("unexpected", "no value is asked for now")
        if not shuffle.opens(self.commitments[seat], self.nonce, seat, value):
            return ("wrong_value", "the value does not open the commitment")
        self.values[seat] = value
        return None

    def complete(self, present) -> bool:
        """No guest of `present` (seats) still owes this step: its commitment, or the value
        of the commitment it made."""
        if self.step == COMMIT:
            return all(self.commitments[s] for s in present)
        if self.step == REVEAL:
            return all(self.values[s] is not None for s in present if self.commitments[s])
        return False

    def overdue(self, now: float, wait_s: float) -> bool:
        return self.step is not None and now - self.since >= wait_s

    def reveal(self) -> None:
        """On to the values (every commitment is in, or awaited long enough)."""
        self.step, self.since = REVEAL, self.clock()

    def finish(self) -> int:
        """The shuffle is over: the match's seed, from the values in (a missing one as none)."""
        self.step = None
        return shuffle.match_seed(self.nonce, self.values)

    def published(self) -> list:
        """The values as every guest is sent them when the match is over (for its audit)."""
        return [None if value is None else value.hex() for value in self.values]
