"""What this device keeps of an online game, beside the offline save (localStorage in the
browser, the settings folder natively):

- ``online_host``: the host's game (game/online/host/save.py) with its invitation, so the
  title's "Play with friends" can go on with it, in the same room, after the host left;
- ``online_guest``: a guest's name, room and token (with its part of the fair shuffle), so
  a guest who reloads the page, or joins again by codes, gets its seat back.

Nothing here raises: a store that refuses or a damaged entry is as good as none.
"""

from __future__ import annotations

import json

HOST_KEY = "online_host"
GUEST_KEY = "online_guest"
MAX_CHARS = 200_000


def _load(storage, key: str) -> dict | None:
    try:
        text = storage.backend.get(key)
        data = json.loads(text) if isinstance(text, str) and len(text) <= MAX_CHARS else None
    except Exception:  # unreadable or damaged: nothing kept
        return None
    return data if isinstance(data, dict) else None


def _save(storage, key: str, data: dict) -> bool:
    try:
        storage.backend.set(key, json.dumps(data, sort_keys=True))
        return True
    except Exception as exc:  # a full disk must not stop the game
        storage.last_error = str(exc)
        return False


def _clear(storage, key: str) -> None:
    try:
        storage.backend.remove(key)
    except Exception:
        pass


def load_host(storage) -> dict | None:
    data = _load(storage, HOST_KEY)
    return data if data is not None and isinstance(data.get("host"), dict) else None


def save_host(storage, host_save: dict, invite) -> bool:
    return _save(storage, HOST_KEY, {"host": host_save, "invite": {"room": invite.room, "key": invite.key} if invite else None})


def clear_host(storage) -> None:
    _clear(storage, HOST_KEY)


def saved_invite(data: dict):
    from ...online.links.invite import parse_invite

    invite = data.get("invite") if isinstance(data, dict) else None
    if not isinstance(invite, dict):
        return None
    return parse_invite(f"#room={invite.get('room')}&key={invite.get('key')}")


def load_guest(storage) -> dict:
    """{"name", "room", "keep"}: what a guest kept (an empty dict when nothing)."""
    data = _load(storage, GUEST_KEY) or {}
    name, room, keep = data.get("name"), data.get("room"), data.get("keep")
    return {"name": name if isinstance(name, str) else "", "room": room if isinstance(room, str) else None,
            "keep": keep if isinstance(keep, dict) else None}


def save_guest(storage, name: str, room: str | None, keep: dict | None) -> bool:
    return _save(storage, GUEST_KEY, {"name": name, "room": room, "keep": keep})
