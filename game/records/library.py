"""Game records in and out of the game: the record of a session, record
files in the export folder, and reading whatever a player pastes, uploads or opens (a
record's text, a share code, or a whole ``...#record=CODE`` link).

Why a module of its own, without pygame: the scenes, the launch parameters (``--record
FILE``, ``record=CODE``, ``#record=...``) and the tests all read records the same way, and
every refusal is one ValueError whose message names the line (``RecordError``) or what is
wrong with a code (``ShareError``); both carry a ``kind`` for a message in the player's
language.  Nothing here changes a game in progress.

Files: an export is written to a temporary file of its own and linked to a free name, never
through a link planted in the folder (game/files.py); only regular files are read, so a
FIFO or a device given as a record is refused at once.  Names that are not UTF-8 in the
records folder are listed (safe_text with U+FFFD) and open like any other.
"""

from __future__ import annotations

import datetime
import os
import re

from ..engine.formats.record import MAX_TEXT, GameRecord, RecordError, game_so_far, read_record
from ..engine.formats.sharecode import ShareError, decode, encode, find_code
from ..engine.names import UNKNOWN, clean_name, safe_text
from ..files import NotAFile, read_regular, write_new

EXTENSION = ".358"
FOLDER = "records"
ENV_VAR = "THREE_FIVE_EIGHT_RECORDS"  # overrides the export folder (natively)
MAX_LISTED = 40

ADDRESS_MAX = 500  # characters of a web page's address

__all__ = ["EXTENSION", "RecordError", "ShareError", "export_file", "list_records", "page_address", "read_input",
           "read_record_file", "record_file_name", "record_of", "records_dir", "share_fragment", "share_link",
           "share_page", "stored_page_address"]


def record_of(session, date: str | None = None) -> GameRecord:
    """The record of a game on the table: names, who was human, the computer players'
    strength, today's date, and the hints and undos the human used.  A game that is not
    over gives its finished deals only, without the seed (game_so_far): its record must not
    let anyone work out a card hidden at the table, in pass-and-play the other people's."""
    strengths = tuple("human" if seat in getattr(session, "human_seats", (session.human,)) else str(session.strength) for seat in range(3))
    names = tuple(clean_name(n if isinstance(n, str) else "", UNKNOWN) for n in session.names)
    hints = getattr(session, "hints_used", 0)
    undos = getattr(session, "undos_used", 0)
    over = session.match.is_over()
    return GameRecord(session.match if over else game_so_far(session.match), names=names, strengths=strengths,
                      date=date or datetime.date.today().isoformat(),
                      hints=hints if type(hints) is int and hints >= 0 else 0,
                      undos=undos if type(undos) is int and undos >= 0 else 0, seedless=not over)


def share_fragment(record: GameRecord) -> str:
    """``#record=CODE``: the part of a link that opens the replay viewer."""
    return "#record=" + encode(record)


# --- share links ----------------------------------------------------------------------------
def page_address(text) -> str | None:
    """A web page's address as a share link starts with it, or None when `text` is none:
    ``http://`` or ``https://``, a host, no spaces or control characters.  Its query and
    fragment are dropped: a link carries the page and the game only, never the sender's
    ``?lang=...&seed=...``.  (urllib.parse is imported here, never at the browser's start.)"""
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not text or len(text) > ADDRESS_MAX or any(ch.isspace() or not ch.isprintable() for ch in text):
        return None
    from urllib.parse import urlsplit, urlunsplit

    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - a port that is not a number raises here
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname or "@" in parts.netloc:
        return None
    return urlunsplit((parts.scheme.lower(), parts.netloc, parts.path or "/", "", ""))


def share_page(setting=None) -> str | None:
    """The page a native share link opens: the player's "Web page address" setting, else the
    build's own (game/records/published.py), else None (no page is known)."""
    from . import published

    return page_address(setting) or page_address(published.PAGE_ADDRESS)


def share_link(record: GameRecord, page: str | None) -> str:
    """The link that opens `record` in the web version at `page` (a page_address): only the
    page's address and ``#record=CODE``.  With no page, the fragment alone: a code that the
    web version's Replays (or the page's address before it) opens."""
    return (page_address(page) or "") + share_fragment(record)


def stored_page_address(directory: str | None = None) -> str | None:
    """The "Web page address" in the game's stored settings (natively; the command line's
    share reads it), or None.  Read only: a damaged or unreadable settings file is left as
    it is and counts as no address."""
    import json

    from ..storage.backends import FileBackend
    from ..storage.store import SETTINGS_KEY, default_dir

    try:
        data = json.loads(read_regular(FileBackend(directory or default_dir()).path(SETTINGS_KEY), 1_000_000))
    except (OSError, ValueError):
        return None
    return page_address(data.get("page_address")) if isinstance(data, dict) else None


# --- files --------------------------------------------------------------------------------
def records_dir(storage=None) -> str:
    """Where exported records go natively: ``$THREE_FIVE_EIGHT_RECORDS``, else the
    ``records`` folder beside the save (the data folder; tests point it at a temp dir)."""
    env = os.environ.get(ENV_VAR)
    if env:
        return env
    directory = getattr(getattr(storage, "backend", None), "directory", None)
    if not directory:
        from ..storage.store import default_dir

        directory = default_dir()
    return os.path.join(directory, FOLDER)


def record_file_name(record: GameRecord, when: datetime.datetime | None = None) -> str:
    """A name that says what the file is: ``3-5-8 2026-11-30 1915 standard seed 42.358``, or
    for a game in progress (no seed) ``3-5-8 2026-11-30 1915 standard 2 deals.358``."""
    when = when or datetime.datetime.now()
    preset = record.match.rules.preset_name
    what = f"{len(record.match.deals)} deals" if record.seedless else f"seed {record.match.seed}"
    return f"3-5-8 {when:%Y-%m-%d %H%M} {preset} {what}{EXTENSION}"


def export_file(record: GameRecord, folder: str, when: datetime.datetime | None = None) -> str:
    """Write the record into `folder` (created if needed) under a new name; its path.
    Never over anything already there, a planted link included.  OSError when the folder
    cannot be written, ValueError when the record cannot be written (the caller shows why);
    either way nothing is left behind."""
    data = record.to_text().encode("utf-8")  # before any file is made
    base = record_file_name(record, when)
    return write_new(folder, base[: -len(EXTENSION)], EXTENSION, data)


def list_records(folder: str) -> list[str]:
    """Record files in `folder`, newest first (at most MAX_LISTED); [] if there is none.
    Links are not listed (they are not read)."""
    try:
        entries = [e for e in os.scandir(folder) if e.is_file(follow_symlinks=False) and e.name.lower().endswith(EXTENSION)]
        entries.sort(key=lambda e: (e.stat(follow_symlinks=False).st_mtime, e.name), reverse=True)
    except OSError:
        return []
    return [e.path for e in entries[:MAX_LISTED]]


def display_name(path: str) -> str:
    """A file's name as the screen can draw it (a name that is not UTF-8 shows U+FFFD)."""
    return safe_text(os.path.basename(path), 200)


def read_record_file(path: str) -> GameRecord:
    """The record in a file (or a share code or link saved in one); RecordError if the
    file cannot be read or is not a record.  Only a regular file is read."""
    path = os.path.expanduser(str(path).strip().strip('"'))
    if not path:
        raise RecordError(0, "no file named", "no_file")
    try:
        data = read_regular(path, MAX_TEXT * 2)
    except NotAFile as exc:
        raise RecordError(0, f"cannot open {safe_text(path, 120)}: not a file ({exc.what})", "not_a_file") from None
    except OSError as exc:
        why = str(exc.strerror or exc)
        raise RecordError(0, f"cannot open {safe_text(path, 120)}: {why}", "cannot_open", why) from None
    if len(data) > MAX_TEXT * 2:
        raise RecordError(0, "the file is too large to be a game record", "too_long")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(0, "the file is not UTF-8 text", "not_utf8") from None
    return read_input(text)


_HEADER_START = re.compile(r'\[[A-Za-z][A-Za-z0-9]* "')


def read_input(text: str) -> GameRecord:
    """A record's text, a share code (``A...``) or a link with ``record=CODE`` in it, as
    people paste them (sharecode.find_code), read and replayed through the rules.
    RecordError / ShareError (both ValueErrors, with a ``kind``) if bad."""
    if not isinstance(text, str):
        raise RecordError(0, "a record is text", "not_text")
    stripped = text.strip().lstrip("\ufeff").strip()
    if not stripped:
        raise RecordError(0, "the record is empty", "empty")
    if _HEADER_START.match(stripped) or stripped.startswith(";"):
        return read_record(text)
    code = find_code(stripped)
    if code is not None:
        return decode(code)
    if "record=" in stripped or "record%3" in stripped.lower():
        raise ShareError("the link holds no game: its record=... is empty or damaged", "no_code")
    if stripped.startswith("[") or "\n" in stripped:
        return read_record(text)  # says which line is wrong
    if "://" in stripped or stripped.startswith("#"):
        raise ShareError("this link holds no game (no #record=... in it)", "no_code")
    raise ShareError("this is neither a game record nor a share link or code", "not_record")
