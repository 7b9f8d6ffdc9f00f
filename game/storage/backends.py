"""Where saves live: files natively (written atomically), ``localStorage`` in the browser,
or memory.  Each backend stores whole texts under a key and knows nothing of their content.

A file write goes to a temporary file of its own in the same folder (unique per write, so
two windows never share one), is flushed and fsynced, then atomically replaces the old
file, and the folder is fsynced: a reader sees the old save or the new one, never a torn
one, and a crash or power loss at any moment leaves one of the two.  A write that fails
removes its temporary file and leaves the old save as it was.

Only regular files are read or replaced (game/files.py): a link, a folder, a FIFO or a
device where a save belongs is neither read (a FIFO would wait forever) nor replaced, and
neither is a file the game may not read: it may be the only copy of something.  Both are
``Unreadable`` with reason ``not_a_file`` or the system's.
"""

from __future__ import annotations

import errno
import os
import time

# game/files.py (check_replaceable, read_regular, NotAFile) is imported where it is used:
# in the browser (localStorage) it is never needed, and the start compiles what it imports

MAX_BYTES = 4 << 20  # a whole 60-deal game is about 100 KB; anything far larger is damage
STALE_TEMP_SECONDS = 120  # temporary files older than this were left by a killed process


class Unreadable(OSError):
    """A stored text exists (or may exist) but cannot be read now: the reason is the
    folder or the device, not damage in the save, so the save is left where it is."""

    def __init__(self, reason: str, detail: str = ""):
        super().__init__(detail or reason)
        self.reason = reason


def reason_of(exc: BaseException) -> str:
    """A short code for why storing failed: full, quota, read_only, denied, blocked,
    not_a_file (a folder, link, FIFO or device holds the file's name) or other."""
    if isinstance(exc, Unreadable):
        return exc.reason
    if type(exc).__name__ == "NotAFile":  # game/files.py's, not imported just to ask
        return "not_a_file"
    if "quota" in str(exc).lower():  # the browser's QuotaExceededError
        return "quota"
    code = getattr(exc, "errno", None)
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return "full"
    if code == errno.EROFS:
        return "read_only"
    if code in (errno.EACCES, errno.EPERM):
        return "denied"
    if code in (errno.ENOTDIR, errno.EEXIST, errno.ENOENT, errno.EISDIR):
        return "blocked"
    return "other"


class FileBackend:
    def __init__(self, directory: str):
        self.directory = directory
        self._swept = False

    def path(self, key: str) -> str:
        return os.path.join(self.directory, f"{key}.json")

    def get(self, key: str) -> str | None:
        from ..files import read_regular

        self._sweep()
        try:
            data = read_regular(self.path(key), MAX_BYTES)
        except (FileNotFoundError, NotADirectoryError):
            return None  # no save, or no folder (its parent may even be a file): nothing to load
        except OSError as exc:  # NotAFile too: a folder, link or FIFO is left where it is
            raise Unreadable(reason_of(exc), str(exc)) from None
        if len(data) > MAX_BYTES:
            raise ValueError(f"the stored {key} is larger than {MAX_BYTES} bytes")
        return data.decode("utf-8")  # UnicodeDecodeError is a ValueError: damage

    def set(self, key: str, text: str) -> None:
        import tempfile  # natively only (the browser stores in localStorage)

        from ..files import check_replaceable, write_all

        data = text.encode("utf-8")
        os.makedirs(self.directory, exist_ok=True)
        self._sweep()
        try:
            check_replaceable(self.path(key))  # never over what cannot be read
        except OSError as exc:
            raise Unreadable(reason_of(exc), str(exc)) from None
        fd, tmp = tempfile.mkstemp(prefix=f"{key}.json.", suffix=".tmp", dir=self.directory)
        try:
            try:
                write_all(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(tmp, self.path(key))
        except BaseException:
            _unlink_quietly(tmp)
            raise
        self._sync_folder()

    def _sync_folder(self) -> None:
        """Make the rename itself durable (POSIX); not possible, nor needed, on Windows."""
        if os.name == "nt":
            return
        try:
            fd = os.open(self.directory, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(fd)
        except OSError:
            pass  # some file systems refuse fsync on a folder; the rename has happened
        finally:
            os.close(fd)

    def _sweep(self) -> None:
        """Once per run: remove temporary files a killed process left behind."""
        if self._swept:
            return
        self._swept = True
        try:
            names = os.listdir(self.directory)
        except OSError:
            return
        now = time.time()
        for name in names:
            if name.endswith(".tmp") and ".json." in name:
                full = os.path.join(self.directory, name)
                try:
                    if now - os.path.getmtime(full) > STALE_TEMP_SECONDS:
                        os.unlink(full)
                except OSError:
                    pass

    def remove(self, key: str) -> None:
        """Remove a stored text; a link, FIFO or folder in its place is not the game's: left."""
        from ..files import check_replaceable

        try:
            check_replaceable(self.path(key))
            os.remove(self.path(key))
        except (FileNotFoundError, NotADirectoryError):
            pass

    def set_aside(self, key: str) -> str:
        """Rename a damaged save out of the way (kept for a person to look at)."""
        src = self.path(key)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        dst, n = f"{src}.damaged-{stamp}", 1
        while os.path.exists(dst):
            n += 1
            dst = f"{src}.damaged-{stamp}-{n}"
        os.replace(src, dst)
        return dst

    def describe(self) -> str:
        return self.directory


def _unlink_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


class LocalStorageBackend:
    PREFIX = "three-five-eight:"

    def __init__(self, storage=None):
        if storage is None:
            import platform as _platform  # pygbag's browser bridge

            storage = _platform.window.localStorage
        self.ls = storage

    @staticmethod
    def _missing(value) -> bool:
        # pygbag's proxy, Pyodide's JsNull/JsUndefined and plain JS strings all mean "absent"
        return value is None or type(value).__name__ in ("JsNull", "JsUndefined") or str(value) in ("null", "undefined", "jsnull", "None")

    def get(self, key: str) -> str | None:
        try:
            value = self.ls.getItem(self.PREFIX + key)
        except Exception as exc:  # storage blocked by the browser's privacy settings
            raise Unreadable("denied", str(exc)) from None
        if self._missing(value):
            return None
        text = str(value)
        if len(text) > MAX_BYTES:
            raise ValueError(f"the stored {key} is too large")
        return text

    def set(self, key: str, text: str) -> None:
        self.ls.setItem(self.PREFIX + key, text)  # one call: the browser stores it whole

    def probe(self) -> None:
        """Raise if the browser refuses this storage.  Only a read: a full storage (a write
        refused for its quota) is not a refused one, and saving says so itself."""
        self.ls.getItem(self.PREFIX + "settings")

    def remove(self, key: str) -> None:
        self.ls.removeItem(self.PREFIX + key)

    def set_aside(self, key: str) -> str:
        value = self.get(key)
        dst = f"{self.PREFIX}{key}.damaged"
        if value is not None:
            try:
                self.ls.setItem(dst, value)
            except Exception:
                pass
        self.remove(key)
        return f"localStorage {dst}"

    def describe(self) -> str:
        return "localStorage"


class MemoryBackend:
    """For tests and when nothing else works: lives as long as the process."""

    def __init__(self):
        self.data: dict[str, str] = {}

    def get(self, key):
        return self.data.get(key)

    def set(self, key, text):
        self.data[key] = text

    def remove(self, key):
        self.data.pop(key, None)

    def set_aside(self, key):
        if key in self.data:
            self.data[key + ".damaged"] = self.data.pop(key)
        return "memory"

    def describe(self):
        return "memory"
