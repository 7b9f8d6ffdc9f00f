"""The UI's side of the statistics (game/storage/stats.py): load them (a problem is told once
through the notices, in words that say what became of the stored ones), count each finished
deal as it ends and a finished game once, reset on request.

Why the statistics screen reads the saved game: the game Continue resumes is the game in
progress; its deals and hints so far are counted as it stands, and any other game not over
was left for a new one (its deals stay counted, as a game left unfinished).

Why here and not in a scene: the game-over scene records, the statistics scene shows and
resets, and scenes never import each other.
"""

from __future__ import annotations

import datetime

from ...i18n import t
from ...storage.stats import STATS_KEY, Stats, StatsLoad, open_id, read_stats, reset_stats, save_stats


def _read(app) -> StatsLoad:
    """The stored statistics; damaged ones are set aside by read_stats, unreadable ones
    left where they are, and the player is told once per problem."""
    got = read_stats(app.storage)
    if got.state in ("ok", "none"):
        return got
    app.notices.post_once(("stats", got.state, got.detail), lambda: _problem(got), tag="stats")
    return got


def _problem(got: StatsLoad) -> str:
    if got.state in ("set_aside", "kept", "newer"):
        return t({"set_aside": "stats.damaged", "kept": "stats.damaged_kept", "newer": "stats.newer"}[got.state])
    from ..notices import reason_text

    return t("stats.unreadable", reason=reason_text(got.detail, f"{STATS_KEY}.json"))


def load(app) -> Stats:
    return _read(app).stats


def load_with_game(app) -> Stats:
    """The statistics with the saved game counted as it stands (the statistics screen)."""
    got = _read(app)
    if not got.writable:
        return got.stats
    stats, changed, keep = got.stats, False, set()
    known, session = _saved_session(app)
    if session is not None:
        for seat in session.human_seats:
            changed |= _update(stats, session, seat)
            keep.add(open_id(session.match, seat))
    if known:  # a save that cannot be read now may be the game in progress: nothing is closed
        changed |= stats.close_unfinished(keep)
    if changed:
        _save(app, stats)
    return stats


def _saved_session(app) -> tuple[bool, object]:
    """(known, the game Continue would resume or None); known is False when the save cannot
    be read now (Continue tells the player why)."""
    from .saving import save_waiting
    from .session import Session

    save_waiting()  # the last move first
    try:
        data = app.storage.peek_game()
        session = None if data is None else Session.from_save(data)
    except Exception:
        return False, None
    return True, None if session is None or session.match.is_over() else session


def _update(stats: Stats, session, seat: int) -> bool:
    try:
        return stats.update_game(session.match, seat, str(session.strength), hints=_count(session, "hints_used"),
                                 undos=_count(session, "undos_used"), date=datetime.date.today().isoformat())
    except (ValueError, AttributeError, TypeError):  # a session this cannot count (no such numbers)
        return False


def _count(session, name: str) -> int:
    value = getattr(session, name, 0)
    return value if type(value) is int and value >= 0 else 0


def _save(app, stats: Stats) -> None:
    if not save_stats(app.storage, stats):
        app.notices.post(t("stats.not_saved"), "error", 8.0)


def record_deals(app, session) -> bool:
    """Count the game's finished deals as it stands (a deal has just ended), for each human
    seat.  Only a game of this device (with its save): the lesson and an online table are
    counted when they are over."""
    if getattr(session, "storage", None) is None or session.match.is_over():
        return False
    got = _read(app)
    if not got.writable:
        return False
    changed = False
    for seat in getattr(session, "human_seats", (session.human,)):
        changed |= _update(got.stats, session, seat)
    if changed:
        _save(app, got.stats)
    return changed


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
    if added:
        _save(app, stats)
    return added


def reset(app) -> Stats:
    """Forget the statistics; if the store refuses, the player is told and keeps them.  The
    game in progress is counted from now on only (its deals so far are forgotten too)."""
    fresh = load_with_game(app).reset()
    if save_stats(app.storage, fresh) if fresh.before else reset_stats(app.storage):
        return fresh
    app.notices.post(t("stats.not_saved"), "error", 8.0)
    return load(app)
