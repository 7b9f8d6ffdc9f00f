"""The UI's side of the statistics (game/storage/stats.py): load them (a problem is told once
through the notices, in words that say what became of the stored ones), count a finished
game once, reset on request.

Why here and not in a scene: the game-over scene records, the statistics scene shows and
resets, and scenes never import each other.
"""

from __future__ import annotations

import datetime

from ..i18n import t
from ..storage.stats import STATS_KEY, Stats, StatsLoad, read_stats, reset_stats, save_stats


def _read(app) -> StatsLoad:
    """The stored statistics; damaged ones are set aside by read_stats, unreadable ones
    left where they are, and the player is told once per problem."""
    got = read_stats(app.storage)
    if got.state in ("ok", "none"):
        return got
    told = app.__dict__.setdefault("_stats_told", set())
    if (got.state, got.detail) not in told:
        told.add((got.state, got.detail))
        if got.state == "set_aside":
            text = t("stats.damaged")
        elif got.state == "kept":
            text = t("stats.damaged_kept")
        else:
            from .notices import reason_text

            text = t("stats.unreadable", reason=reason_text(got.detail, f"{STATS_KEY}.json"))
        app.notices.post(text, "error", 12.0, tag="stats")
    return got


def load(app) -> Stats:
    return _read(app).stats


def record_game(app, session) -> bool:
    """Count the session's finished game for each human seat; False when it was counted
    before (the same match and seat: Stats keeps the identities) or could not be (the
    stored statistics cannot be read: they are never overwritten)."""
    match = session.match
    if not match.is_over():
        return False
    got = _read(app)
    if not got.writable:
        return False
    stats = got.stats
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
