"""The UI's side of the statistics (game/stats.py): load them (damaged ones are told once
through the notices), count a finished game once, reset on request.

Why here and not in a scene: the game-over scene records, the statistics scene shows and
resets, and scenes never import each other.
"""

from __future__ import annotations

import datetime

from ..i18n import t
from ..stats import Stats, load_stats, reset_stats, save_stats


def load(app) -> Stats:
    """The stored statistics; damaged ones are set aside by load_stats and the player is
    told (once per problem: the set-aside file is not read again)."""
    stats, problem = load_stats(app.storage)
    told = app.__dict__.setdefault("_stats_told", set())
    if problem and problem not in told:
        told.add(problem)
        app.notices.post(t("stats.damaged", reason=problem), "error", 12.0)
    return stats


def record_game(app, session) -> bool:
    """Count the session's finished game for each human seat; False when it was counted
    before (the same match and seat: Stats keeps the identities) or could not be."""
    match = session.match
    if not match.is_over():
        return False
    stats = load(app)
    added = False
    for seat in getattr(session, "human_seats", (session.human,)):  # pass-and-play: every person's game
        try:
            added |= stats.add_game(match, seat, session.strength,
                                    hints=int(getattr(session, "hints_used", 0) or 0),
                                    undos=int(getattr(session, "undos_used", 0) or 0),
                                    date=datetime.date.today().isoformat())
        except ValueError:
            return False
    if added and not save_stats(app.storage, stats):
        app.notices.post(t("stats.not_saved"), "error", 8.0)
    return added


def reset(app) -> Stats:
    """Forget the statistics; if the store refuses, the player is told and keeps them."""
    if reset_stats(app.storage):
        return Stats()
    app.notices.post(t("stats.not_saved"), "error", 8.0)
    return load(app)
