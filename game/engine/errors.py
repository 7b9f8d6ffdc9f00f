"""Every refusal the engine gives, in one place.

All are ``ValueError``s: a caller that only wants "bad input" catches that, and the engine
guarantees nothing changed.  ``IllegalAction`` also carries a ``code`` and the facts behind
it (``fields``), so a screen can say why in the player's language without working the rules
out again; ``str()`` stays a short English sentence for logs and the command line.
"""

from __future__ import annotations

from enum import StrEnum


class InvalidNotation(ValueError):
    """Text that is not a card, a contract or an action in this game's notation."""


class InvalidRules(ValueError):
    """An unknown preset or an option value (or combination) the game cannot be played with."""


class InvalidPosition(ValueError):
    """A seed, seat or starting position the rules could not have produced."""


class SaveError(ValueError):
    """A save that cannot be loaded; the game in memory is untouched."""


class RecordError(ValueError):
    """A record that cannot be read; ``line`` is its 1-based line number (0: the whole text).
    ``kind`` names a whole-text problem for a translated message (the UI's): empty,
    not_text, not_utf8, too_long; line problems have none."""

    def __init__(self, line: int, message: str, kind: str = "", detail: str = ""):
        self.line = line
        self.reason = message
        self.kind = kind
        self.detail = detail  # for a kind's message: the system's words (a file that cannot be opened)
        super().__init__(f"line {line}: {message}" if line else message)


class Refusal(StrEnum):
    """Why an action was refused.  The fields each kind carries are listed beside it; suits
    are suit indices (0..3, "SHDC"), cards are Card values, contracts are notation ("H", "NT")."""

    GAME_OVER = "game_over"  # -
    WRONG_PHASE = "wrong_phase"  # kind (the action's), phase
    NOT_HELD = "not_held"  # card
    MUST_FOLLOW = "must_follow"  # suit (the suit led)
    MUST_TRUMP = "must_trump"  # suit (led), trump
    NO_SUCH_CONTRACT = "no_such_contract"  # contract, preset
    CONTRACT_USED = "contract_used"  # contract
    TRUMP_PASS = "trump_pass"  # suit (the trump)
    BAD_NOTATION = "bad_notation"  # -
    NOT_YOUR_TURN = "not_your_turn"  # seat (who is to act): for callers that act for one seat


class IllegalAction(ValueError):
    """An action the rules do not allow now.  ``code`` is a ``Refusal``; ``fields`` holds
    what the sentence needs (listed in ``Refusal``)."""

    def __init__(self, message: str, code: Refusal = Refusal.BAD_NOTATION, **fields):
        super().__init__(message)
        self.code = Refusal(code)
        self.fields = fields

    def __reduce__(self):
        return (_rebuild_illegal, (str(self), self.code, self.fields))


def _rebuild_illegal(message: str, code: str, fields: dict) -> IllegalAction:
    return IllegalAction(message, code, **fields)


__all__ = ["InvalidNotation", "InvalidRules", "InvalidPosition", "SaveError", "RecordError", "IllegalAction",
           "Refusal"]
