"""The fair shuffle by commit-reveal: each device's random value, its commitment, the
match's seed, and the audit a guest makes when the match is over.

Why: the host's device deals and holds every hand (the engine needs them), but it must
not choose them.  Before anything is dealt, every device commits to a random value of its
own (a SHA-256 of the value under a domain tag, the match's nonce and its seat) and sees
everyone's commitments; then the guests reveal their values to the host alone.  The seed
is a hash of the three values, so no device chose it, and no guest can compute it (it
lacks the host's value and the other guest's), nor any hand.

One seed serves the whole match: the engine deals deal n from (seed, n) (game/engine/
deal.py), and a seed per deal would need the engine to take one.  So the values are
published when the match is over, not after each deal (publishing them earlier would
give every later deal away); meanwhile a guest checks each finished deal, as the host
publishes it, against every view it was sent (deals.py), and at the end checks that the
whole match is the one the values deal (`audit`).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from game.engine import Match, RuleSet

from .deals import FinishedDeal, run_through, view_digest

VALUE_BYTES = 32
NONCE_BYTES = 16
COMMIT_TAG = b"3-5-8 online: commitment v1\0"
SEED_TAG = b"3-5-8 online: seed v1\0"


def new_value(entropy=secrets.token_bytes) -> bytes:
    """A device's random value; `entropy(n)` gives n random bytes (a seeded one in tests)."""
    return entropy(VALUE_BYTES)


def new_nonce(entropy=secrets.token_bytes) -> bytes:
    return entropy(NONCE_BYTES)


def commitment(nonce: bytes, seat: int, value: bytes) -> str:
    """The hex SHA-256 a device sends before anyone reveals: it binds the value to this
    match (the nonce) and this seat, so an old or another seat's value cannot stand in."""
    return hashlib.sha256(COMMIT_TAG + nonce + bytes([seat]) + value).hexdigest()


def opens(commit: str | None, nonce: bytes, seat: int, value: bytes | None) -> bool:
    """True when `value` is the one `commit` was made to (both None: a seat with no value)."""
    if commit is None or value is None:
        return commit is None and value is None
    return hmac.compare_digest(commit, commitment(nonce, seat, value))


def match_seed(nonce: bytes, values) -> int:
    """The engine's seed (0 <= seed < 2**64) from the three seats' values (None for a
    seat without one: a computer seat, or a guest who never revealed)."""
    h = hashlib.sha256(SEED_TAG + nonce)
    for value in values:
        h.update(b"\0" if value is None else b"\1" + value)
    return int.from_bytes(h.digest()[:8], "big")


@dataclass(frozen=True)
class AuditResult:
    ok: bool
    reason: str  # "ok", "own_value", "commitment", "incomplete", "illegal" or "deal"
    deal: int | None = None  # the first deal that differs (0-based)
    missing: tuple[int, ...] = ()  # seats whose value was not used (they never revealed)

    def __bool__(self) -> bool:
        return self.ok


def audit(rules: RuleSet, nonce: bytes, seat: int, own_value: bytes | None, commitments, values,
          deals: dict[int, FinishedDeal], digests: dict[int, str]) -> AuditResult:
    """A guest's check of a finished match: its own value was used, every value opens its
    commitment, and the match those values deal, replayed with the published actions,
    gives exactly every view this guest was sent and every deal the host published."""
    return run_through(audit_steps(rules, nonce, seat, own_value, commitments, values, deals, digests))


def audit_steps(rules: RuleSet, nonce: bytes, seat: int, own_value: bytes | None, commitments, values,
                deals: dict[int, FinishedDeal], digests: dict[int, str]):
    """`audit` as a generator that yields after each action replayed (a guest runs it in
    slices: a whole match at once would be a long frame in a browser)."""
    if own_value is not None and values[seat] != own_value:
        return AuditResult(False, "own_value")
    for s in range(3):
        if not opens(commitments[s], nonce, s, values[s]) and not (values[s] is None and commitments[s] is not None):
            return AuditResult(False, "commitment")
    missing = tuple(s for s in range(3) if values[s] is None and commitments[s] is not None)
    if sorted(deals) != list(range(rules.deals)):
        return AuditResult(False, "incomplete", missing=missing)
    match = Match.new(rules, seed=match_seed(nonce, values))
    at = 0
    for number in range(rules.deals):
        published = deals[number]
        if published.first_at != at:
            return AuditResult(False, "deal", number, missing)
        for action in (None, *published.actions):
            if action is not None:
                try:
                    match.apply(action)
                except ValueError:
                    return AuditResult(False, "illegal", number, missing)
                at += 1
            seen = digests.get(at)
            if seen is not None and seen != view_digest(match.view(seat)):
                return AuditResult(False, "deal", number, missing)
            yield
        record = match.deals[number]
        if (record.dealer, record.hands, record.kitty) != (published.dealer, published.hands, published.kitty):
            return AuditResult(False, "deal", number, missing)
    return AuditResult(True, "ok", None, missing)
