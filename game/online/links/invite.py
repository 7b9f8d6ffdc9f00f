"""The invitation to a room: the page's own address with ``#room=ROOM&key=KEY``.

The fragment (after ``#``) never leaves the browser, so the static host that serves the
page never sees it.  ROOM names the room on the public rendezvous relays (it is hashed
into the topic the devices meet on; 96 random bits, so rooms do not collide); KEY
encrypts everything the devices tell each other through the relays (128 random bits, the
password of Trystero's AES-GCM encryption): a relay sees that someone meets someone, never
the addresses or anything of the game.  Both are base64url: ROOM 16 characters, KEY 22.

A guest's link to the host is the only thing the fragment opens; what the room is
called on screen and who sits where come from the host once connected.
"""

from __future__ import annotations

import base64
import re
import secrets
from dataclasses import dataclass

ROOM_BYTES = 12
KEY_BYTES = 16
_ROOM = re.compile(r"[A-Za-z0-9_-]{16}")
_KEY = re.compile(r"[A-Za-z0-9_-]{22}")


def _token(size: int) -> str:
    return base64.urlsafe_b64encode(secrets.token_bytes(size)).decode("ascii").rstrip("=")


@dataclass(frozen=True)
class Invite:
    room: str
    key: str

    @classmethod
    def new(cls) -> Invite:
        """A fresh room and key (the host's, when it makes the room)."""
        return cls(_token(ROOM_BYTES), _token(KEY_BYTES))

    @property
    def fragment(self) -> str:
        return f"#room={self.room}&key={self.key}"

    def link(self, page: str) -> str:
        """The invitation: `page` (the page's address; any fragment it has is replaced)."""
        return page.split("#", 1)[0] + self.fragment


def parse_invite(text: str) -> Invite | None:
    """The invitation in a link or a bare fragment; None when there is none or it is
    damaged (a link cut short in copying)."""
    fragment = (text or "").strip().split("#", 1)
    fragment = fragment[1] if len(fragment) == 2 else fragment[0]
    found = {}
    for part in fragment.split("&"):  # room and key are base64url: nothing to unquote
        key, _, value = part.partition("=")
        found.setdefault(key.strip().lower(), value.strip())
    room, key = found.get("room", ""), found.get("key", "")
    if _ROOM.fullmatch(room) and _KEY.fullmatch(key):
        return Invite(room, key)
    return None
