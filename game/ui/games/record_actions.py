"""Export, share, replay and keep a game's record: the actions behind the buttons on the pause
menu, the game-over screen and the replay viewer, and the games Replays keeps (each game
that ends, each game opened).

Natively a record is written to a new, clearly named file in the records folder
(``game.records.library.records_dir``) and the path is safe_text; in the browser it is offered as a
download (``game.web.bridge``).  Every outcome is told in a notice; nothing here raises.
The pause menu's module imports this one, so the record modules are imported on the first
click, not before the title (in the browser every module is compiled at start)."""

from __future__ import annotations

from ...i18n import t
from ..widgets import Button


def refusal_text(exc) -> str:
    """Why a record, a share code or a link was not opened, in the player's language: the
    problem's kind where it has one (ShareError, RecordError of a whole text), else the line
    of the record (its detail stays in the record format's own English words)."""
    from ...engine.names import safe_text

    kind = getattr(exc, "kind", "")
    prefix = "record.error." if hasattr(exc, "line") else "share.error."
    if kind:
        key = prefix + kind
        text = t(key, reason=safe_text(getattr(exc, "detail", "") or "?", 120))
        if text != key:
            return text
    if getattr(exc, "line", 0):
        return t("record.error.line", line=exc.line, reason=safe_text(exc.reason, 240))
    return safe_text(str(exc), 300)


def session_record(session):
    """The record of the game on the table, or why it cannot be made (a str)."""
    from ...records import library

    if hasattr(session, "record"):  # online: made once the game is over (game/ui/online/sessions.py)
        return session.record()
    try:
        return library.record_of(session)
    except (ValueError, AttributeError) as exc:
        return str(exc) or type(exc).__name__


def nothing_yet(app, record) -> bool:
    """A game in progress whose first deal is not over has nothing to show yet (its record
    holds finished deals only): told, and True."""
    if getattr(record, "seedless", False) and not record.match.deals:
        app.notices.post(t("record.nothing_yet"), "info", 6.0, tag="record")
        return True
    return False


def so_far_note(record) -> str:
    """What a record of a game in progress leaves out, after the path ("" for a finished game)."""
    return " " + t("record.so_far", deals=len(record.match.deals)) if record.seedless else ""


def export_record(app, record) -> str | None:
    """Save or download `record`; the path (or file name) on success, else None.  The
    player reads the outcome in a notice."""
    from ...engine.names import safe_text
    from ...records import library
    from ...web import bridge

    if record is None or isinstance(record, str):
        app.notices.post(t("record.export_failed", reason=safe_text(record or "?")), "error")
        return None
    if nothing_yet(app, record):
        return None
    try:
        text = record.to_text()
    except ValueError as exc:
        app.notices.post(t("record.export_failed", reason=safe_text(str(exc))), "error")
        return None
    if app.web:
        name = library.record_file_name(record)
        if bridge.download(name, text):
            app.notices.post(t("record.downloaded", name=name) + so_far_note(record), "info", 10.0, tag="record")
            return name
        app.notices.post(t("record.export_failed", reason=bridge.NATIVE_MESSAGE), "error", tag="record")
        return None
    try:
        path = library.export_file(record, library.records_dir(app.storage))
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        app.notices.post(t("record.export_failed", reason=safe_text(reason)), "error", tag="record")
        return None
    app.notices.post(t("record.exported", path=safe_text(path, 400)) + so_far_note(record), "info", 14.0, tag="record")
    return path


def share_record(app, record) -> None:
    if record is None or isinstance(record, str):
        app.notices.post(t("record.export_failed", reason=record or "?"), "error")
        return
    if nothing_yet(app, record):
        return
    app.push_scene("share", record)


def replay_record(app, record) -> None:
    if record is None or isinstance(record, str):
        app.notices.post(t("record.export_failed", reason=record or "?"), "error")
        return
    app.push_scene("replay", record)


# --- games kept for Replays (game/storage/replays.py) ----------------------------------------
def kept_games(app) -> list:
    """The kept games, newest first; a problem with them is told once (in words that say
    what became of the stored ones)."""
    return _read_kept(app).games


def _read_kept(app):
    from ...storage.replays import read_kept

    got = read_kept(app.storage)
    if got.state in ("ok", "none"):
        return got
    app.notices.post_once(("replays", got.state, got.detail), lambda: _kept_problem(got), tag="replays")
    return got


def _kept_problem(got) -> str:
    if got.state == "unreadable":
        from ..notices import reason_text

        return t("replays.unreadable", reason=reason_text(got.detail, "replays.json"))
    return t({"set_aside": "replays.damaged", "kept": "replays.kept_damaged", "newer": "replays.newer"}[got.state])


def keep_game(app, record, origin: str) -> bool:
    """Keep `record` for Replays ("played": a game of this device that ended; "imported": a
    game opened from a code, a link or a file); False when it was kept before or cannot be."""
    from ...engine.formats.sharecode import encode
    from ...records.listing import of_record
    from ...storage.replays import Kept, save_kept, with_game

    if record is None or isinstance(record, str) or getattr(app, "storage", None) is None:
        return False
    try:
        kept = Kept(encode(record), origin, of_record(record))
    except (ValueError, AttributeError):  # a record no code can carry: it stays exportable
        return False
    got = _read_kept(app)
    games = with_game(got.games, kept) if got.writable else None
    if games is None:
        return False
    if not save_kept(app.storage, games):
        app.notices.post(t("replays.not_saved"), "error", 8.0, tag="replays")
        return False
    return True


def keep_finished(app, session) -> bool:
    """The game-over screen keeps the game that ended (a game of this device or an online
    one; not the lesson, which has no storage of its own)."""
    if getattr(session, "storage", None) is None and not getattr(session, "online", False):
        return False
    return keep_game(app, session_record(session), "played")


def pause_button(scene, rect) -> Button:
    """The pause menu's "Export record" (the game so far)."""
    return Button(rect, lambda: t("record.export"), lambda: export_record(scene.app, session_record(scene.table.session)),
                  name="export_record", size=20)


def game_over_buttons(scene, session) -> list:
    """Replay, Export and Share on the game-over screen (left and right of its own row)."""
    def record():
        return session_record(session)

    return [  # placed by the screen (its bottom bar)
        Button((0, 0, 136, 52), lambda: t("record.replay"), lambda: replay_record(scene.app, record()), name="replay", size=20),
        Button((0, 0, 136, 52), lambda: t("record.export_short"), lambda: export_record(scene.app, record()), name="export_record", size=18),
        Button((0, 0, 136, 52), lambda: t("record.share_short"), lambda: share_record(scene.app, record()), name="share", size=18),
    ]
