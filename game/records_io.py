"""Game records in and out of the game (issue 9, item 7): the record of a session, record
files in the export folder, and reading whatever a player pastes, uploads or opens (a
record's text, a share code, or a whole ``...#record=CODE`` link).

Why a module of its own, without pygame: the scenes, the launch parameters (``--record
FILE``, ``record=CODE``, ``#record=...``) and the tests all read records the same way, and
every refusal is one ValueError whose message names the line (``RecordError``) or what is
wrong with a code (``ShareError``).  Nothing here changes a game in progress.
"""

from __future__ import annotations

import datetime
import os
import re

from .engine.formats.record import MAX_TEXT, GameRecord, RecordError, read_record
from .engine.formats.sharecode import ShareError, decode, encode

EXTENSION = ".358"
FOLDER = "records"
ENV_VAR = "THREE_FIVE_EIGHT_RECORDS"  # overrides the export folder (natively)
MAX_LISTED = 40

__all__ = ["EXTENSION", "RecordError", "ShareError", "export_file", "list_records", "read_input",
           "read_record_file", "record_file_name", "record_of", "records_dir", "share_fragment"]


def record_of(session, date: str | None = None) -> GameRecord:
    """The record of a game on the table: names, who was human, the computer players'
    strength, today's date, and the hints and undos the human used."""
    strengths = tuple("human" if seat in getattr(session, "human_seats", (session.human,)) else str(session.strength) for seat in range(3))
    names = tuple(" ".join(str(n).split())[:40] or "?" for n in session.names)
    hints = getattr(session, "hints_used", 0)
    undos = getattr(session, "undos_used", 0)
    return GameRecord(session.match, names=names, strengths=strengths,
                      date=date or datetime.date.today().isoformat(),
                      hints=hints if type(hints) is int and hints >= 0 else 0,
                      undos=undos if type(undos) is int and undos >= 0 else 0)


def share_fragment(record: GameRecord) -> str:
    """``#record=CODE``: the part of a link that opens the replay viewer."""
    return "#record=" + encode(record)


# --- files --------------------------------------------------------------------------------
def records_dir(storage=None) -> str:
    """Where exported records go natively: ``$THREE_FIVE_EIGHT_RECORDS``, else the
    ``records`` folder beside the save (the data folder; tests point it at a temp dir)."""
    env = os.environ.get(ENV_VAR)
    if env:
        return env
    directory = getattr(getattr(storage, "backend", None), "directory", None)
    if not directory:
        from .storage import default_dir

        directory = default_dir()
    return os.path.join(directory, FOLDER)


def record_file_name(record: GameRecord, when: datetime.datetime | None = None) -> str:
    """A name that says what the file is: ``3-5-8 2026-11-30 1915 standard seed 42.358``."""
    when = when or datetime.datetime.now()
    preset = record.match.rules.preset_name
    return f"3-5-8 {when:%Y-%m-%d %H%M} {preset} seed {record.match.seed}{EXTENSION}"


def export_file(record: GameRecord, folder: str, when: datetime.datetime | None = None) -> str:
    """Write the record into `folder` (created if needed) under a new name; its path.
    OSError when the folder cannot be written (the caller shows why)."""
    os.makedirs(folder, exist_ok=True)
    base = record_file_name(record, when)
    path = os.path.join(folder, base)
    stem = base[: -len(EXTENSION)]
    n = 2
    while os.path.exists(path):  # never overwrite an earlier export
        path = os.path.join(folder, f"{stem} ({n}){EXTENSION}")
        n += 1
    text = record.to_text()
    tmp = path + ".part"
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    os.replace(tmp, path)
    return path


def list_records(folder: str) -> list[str]:
    """Record files in `folder`, newest first (at most MAX_LISTED); [] if there is none."""
    try:
        entries = [e for e in os.scandir(folder) if e.is_file() and e.name.lower().endswith(EXTENSION)]
    except OSError:
        return []
    entries.sort(key=lambda e: (e.stat().st_mtime, e.name), reverse=True)
    return [e.path for e in entries[:MAX_LISTED]]


def read_record_file(path: str) -> GameRecord:
    """The record in a file (or a share code or link saved in one); RecordError if the
    file cannot be read or is not a record."""
    path = os.path.expanduser(str(path).strip().strip('"'))
    if not path:
        raise RecordError(0, "no file named")
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_TEXT * 2 + 1)
    except OSError as exc:
        raise RecordError(0, f"cannot open {path}: {exc.strerror or exc}") from None
    if len(data) > MAX_TEXT * 2:
        raise RecordError(0, "the file is too large to be a game record")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(0, "the file is not UTF-8 text") from None
    return read_input(text)


_CODE = re.compile(r"(?:^|#|[?&])record=([A-Za-z0-9_-]+)\s*$")


def read_input(text: str) -> GameRecord:
    """A record's text, a share code (``A...``) or a link with ``#record=CODE``, read and
    replayed through the rules.  RecordError / ShareError (both ValueErrors) if bad."""
    if not isinstance(text, str):
        raise RecordError(0, "a record is text")
    stripped = text.strip().lstrip("\ufeff")
    if not stripped:
        raise RecordError(0, "the record is empty")
    if stripped.startswith("["):
        return read_record(text)
    if "\n" not in stripped:
        found = _CODE.search(stripped)
        if found:
            return decode(found.group(1))
        if re.fullmatch(r"A[A-Za-z0-9_-]+", stripped):
            return decode(stripped)
    return read_record(text)  # says which line is wrong
