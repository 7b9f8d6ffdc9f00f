"""Undo: back to a seat's previous decision, undoing everything played after it.

Why by replay: the match's state is the rules applied to its action list, so the state
before any action is exactly the replay of the list cut just before it.  Nothing has to
be reversed by hand, and the result is the same match a save would restore.  A replay of
a whole 18-deal game costs a few milliseconds.
"""

from __future__ import annotations


def decisions(match, seat: int, skip_forced: bool = True) -> list[int]:
    """Indices into ``match.history`` of `seat`'s actions, oldest first; with skip_forced,
    only those where the seat had more than one legal action (a forced card was no decision)."""
    if seat not in (0, 1, 2):
        raise ValueError(f"no seat {seat!r}: seats are 0, 1 and 2")
    from .gamerecord import fresh_start
    m = fresh_start(match)
    out = []
    for i, action in enumerate(match.history):
        if m.to_act == seat and (not skip_forced or len(m.legal_actions()) > 1):
            out.append(i)
        m.apply(action)
    return out


def can_undo(match, seat: int, skip_forced: bool = True) -> bool:
    return bool(decisions(match, seat, skip_forced))


def truncated(match, length: int):
    """A new match: this one's first `length` actions replayed (the same rules, seed and start)."""
    from .match import Match
    if type(length) is not int or not 0 <= length <= len(match.history):
        raise ValueError(f"length must be 0..{len(match.history)}, not {length!r}")
    return Match.replay({**match.record(), "actions": [str(a) for a in match.history[:length]]})


def undo(match, seat: int, skip_forced: bool = True):
    """A new match at `seat`'s latest decision, before it was taken (the given match is
    unchanged).  Raises ValueError when the seat has no decision to take back."""
    points = decisions(match, seat, skip_forced)
    if not points:
        raise ValueError(f"seat {seat} has no decision to undo")
    return truncated(match, points[-1])


__all__ = ["undo", "can_undo", "decisions", "truncated"]
