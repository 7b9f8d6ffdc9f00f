"""Faults injected into this process or the machine, for the save tests and figures.

``full_disk`` and ``read_only`` patch ``os.write`` / ``os.open`` / ``os.replace`` /
``os.mkdir`` so they fail as a full or read-only file system would, portably and even for
root (which ignores file permissions, so a chmod-ed folder is no test in CI).
``tiny_tmpfs`` mounts a real small tmpfs where this process may (root on Linux), which
``remount`` can make read-only: faults root cannot write through either.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import subprocess
import sys
import tempfile


@contextlib.contextmanager
def full_disk(room: int = 100):
    """os.write stores `room` more bytes in all (a short write first), then ENOSPC."""
    real_write = os.write
    left = [room]

    def write(fd, data):
        if left[0] <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        n = real_write(fd, bytes(data[: left[0]]))
        left[0] -= n
        return n

    os.write = write
    try:
        yield
    finally:
        os.write = real_write


@contextlib.contextmanager
def read_only(directory: str):
    """Creating, renaming or removing anything in `directory` fails with EROFS, as on a
    folder mounted read-only (which root cannot write either)."""
    real_open, real_replace, real_mkdir = os.open, os.replace, os.mkdir
    base = os.path.realpath(directory)

    def inside(path) -> bool:
        try:
            return os.path.realpath(os.fspath(path)).startswith(base)
        except TypeError:
            return False

    def refuse():
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    def guarded_open(path, flags, *args, **kw):
        if flags & (os.O_CREAT | os.O_WRONLY | os.O_RDWR) and inside(path):
            refuse()
        return real_open(path, flags, *args, **kw)

    def guarded_replace(src, dst, *args, **kw):
        if inside(src) or inside(dst):
            refuse()
        return real_replace(src, dst, *args, **kw)

    def guarded_mkdir(path, *args, **kw):
        if inside(path):
            refuse()
        return real_mkdir(path, *args, **kw)

    os.open, os.replace, os.mkdir = guarded_open, guarded_replace, guarded_mkdir
    try:
        yield
    finally:
        os.open, os.replace, os.mkdir = real_open, real_replace, real_mkdir


@contextlib.contextmanager
def tiny_tmpfs(size_kb: int = 64):
    """A real tmpfs of `size_kb` KiB mounted on a new folder, or None where this process
    may not mount (not root, no CAP_SYS_ADMIN, not Linux)."""
    path = tempfile.mkdtemp(prefix="358-tmpfs-")
    mounted = False
    try:
        if sys.platform.startswith("linux") and os.geteuid() == 0 and shutil.which("mount"):
            done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", path],
                                  capture_output=True, timeout=10)
            mounted = done.returncode == 0
        yield path if mounted else None
    finally:
        if mounted:
            subprocess.run(["mount", "-o", "remount,rw", path], capture_output=True, timeout=10)
            if subprocess.run(["umount", path], capture_output=True, timeout=10).returncode:
                subprocess.run(["umount", "-l", path], capture_output=True, timeout=10)
        shutil.rmtree(path, ignore_errors=True)


def remount(path: str, mode: str) -> bool:
    return subprocess.run(["mount", "-o", f"remount,{mode}", path], capture_output=True, timeout=10).returncode == 0
