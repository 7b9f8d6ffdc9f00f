"""A local Nostr relay standing in for the public ones (the PyPI package nostr-relay, in
the dev extra), for the checks and tests that connect real pages through rooms by link.

Why a process of its own: the relay is a server (gunicorn and its worker); it runs in a
session of its own so that it is stopped with all its workers, by its group."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

CONFIG = """\
DEBUG: false
storage:
  sqlalchemy.url: sqlite+aiosqlite:///{db}
  validators:
    - nostr_relay.validators.is_signed
gunicorn:
  bind: 127.0.0.1:{port}
  workers: 1
  loglevel: warning
  reload: false
purple:
  host: 127.0.0.1
  port: {port}
  workers: 1
  disable_compression: true
authentication:
  enabled: false
"""


class RelayMissing(RuntimeError):
    """nostr-relay is not installed."""


def relay_command() -> str | None:
    return shutil.which("nostr-relay", path=str(Path(sys.executable).parent)) or shutil.which("nostr-relay")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def local_relay(folder: Path, start_timeout_s: float = 60.0):
    """Start the relay with its database and log in `folder`; yields its ws:// address."""
    command = relay_command()
    if not command:
        raise RelayMissing("nostr-relay (the local stand-in for the public Nostr relays) is not installed:"
                           " it is in the dev extra")
    folder = Path(folder)
    port = free_port()
    config = folder / "relay.yaml"
    config.write_text(CONFIG.format(db=folder / "relay.sqlite3", port=port), encoding="utf-8")
    log = open(folder / "relay.log", "w", encoding="utf-8")
    proc = subprocess.Popen([command, "-c", str(config), "serve"], cwd=folder, stdout=log,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + start_timeout_s
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"nostr-relay stopped: {(folder / 'relay.log').read_text()[-2000:]}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
                break
            if time.monotonic() > deadline:
                raise RuntimeError(f"nostr-relay did not listen within {start_timeout_s} s")
            time.sleep(0.2)
        yield f"ws://127.0.0.1:{port}"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # a stand-in with nothing to keep: no graceful stop
        proc.wait()
        log.close()
