"""Files the game reads and writes natively, made safe against what a folder may hold.

Why: a folder the game writes to may hold things the game did not put there: a link planted
where it writes (the write would go to the link's target), a folder, a FIFO or a device
where a file belongs (reading a FIFO waits for a writer forever, /dev/zero never ends), a
file it may not read.  So:

- ``read_regular(path, limit)`` opens without following a link at the last step and without
  waiting (O_NOFOLLOW, O_NONBLOCK where the system has them), reads only a regular file
  (fstat), and at most `limit` bytes; ``NotAFile`` (an OSError) otherwise.
- ``check_replaceable(path)`` is asked before a file is replaced: a name held by anything
  but a regular file the game can read is left alone (``NotAFile`` or the OSError).
- ``write_new(folder, stem, ext, data)`` writes a new file under a free name, never over
  anything: its own temporary file (``mkstemp``), then a hard link to the free name (which
  fails if anything, even a dangling link, holds the name), or a rename where links are not
  possible.

Pure Python, no pygame; the browser build never calls these (localStorage and downloads).
"""

from __future__ import annotations

import errno
import os
import stat

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_BINARY = getattr(os, "O_BINARY", 0)


class NotAFile(OSError):
    """The name is held by a folder, a link, a FIFO, a device or a socket: not read, not
    replaced.  ``what`` says which, for the messages."""

    def __init__(self, path: str, what: str):
        super().__init__(errno.EINVAL, f"not a file: {os.path.basename(path)} is {what}")
        self.filename = path
        self.what = what


def kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISLNK(mode):
        return "a link"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _lstat_kind(path: str) -> str | None:
    """What holds `path` when it is not a regular file (None: a regular file or nothing)."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return None
    return None if stat.S_ISREG(mode) else kind_of(mode)


def read_regular(path: str, limit: int) -> bytes:
    """At most limit + 1 bytes of the regular file at `path` (the caller tells "too large"
    by the length).  FileNotFoundError when there is none; NotAFile for a link, folder,
    FIFO or device; other OSErrors as they come."""
    if not _NOFOLLOW:  # no O_NOFOLLOW (Windows): look first
        kind = _lstat_kind(path)
        if kind is not None:
            raise NotAFile(path, kind)
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC | _BINARY)
    except (FileNotFoundError, NotADirectoryError):
        raise
    except OSError:  # ELOOP for a link (O_NOFOLLOW), EISDIR, ENXIO for a socket...: say what is there
        kind = _lstat_kind(path)
        if kind is not None:
            raise NotAFile(path, kind) from None
        raise
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotAFile(path, kind_of(mode))
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def check_replaceable(path: str) -> None:
    """Raise unless `path` is free or a regular file the game can read: what cannot be read
    is never overwritten (it may be the only copy of something)."""
    kind = _lstat_kind(path)
    if kind is not None:
        raise NotAFile(path, kind)
    try:
        read_regular(path, 0)
    except FileNotFoundError:
        return


def write_new(folder: str, stem: str, ext: str, data: bytes) -> str:
    """Write `data` to a new file ``stem + ext`` in `folder` (``stem (2) + ext``... when the
    name is taken by anything at all); its path.  The folder is made if needed; a failure
    leaves nothing behind."""
    import tempfile

    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".358-", suffix=".tmp", dir=folder)
    try:
        try:
            write_all(fd, data)
            _usual_mode(fd)
            os.fsync(fd)
        finally:
            os.close(fd)
        n = 1
        while True:
            path = os.path.join(folder, f"{stem}{ext}" if n == 1 else f"{stem} ({n}){ext}")
            n += 1
            if os.path.lexists(path):
                continue
            try:
                os.link(tmp, path)  # fails if anything took the name meanwhile
            except FileExistsError:
                continue
            except OSError:  # no hard links here (some file systems): rename, having looked
                if os.path.lexists(path):
                    continue
                os.replace(tmp, path)
                return path
            os.unlink(tmp)
            return path
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _usual_mode(fd: int) -> None:
    """mkstemp makes a file only its owner may read; a record is for sharing: give it the
    mode a plain open() would (the umask's)."""
    if not hasattr(os, "fchmod"):
        return
    mask = os.umask(0)
    os.umask(mask)
    try:
        os.fchmod(fd, 0o666 & ~mask)
    except OSError:
        pass


def write_all(fd: int, data: bytes) -> None:
    """All of `data` to `fd` (os.write may write less than asked; a write of nothing is a full disk)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:
            raise OSError(errno.ENOSPC, "no space left on device")
        view = view[written:]


__all__ = ["NotAFile", "read_regular", "check_replaceable", "write_new", "kind_of"]
